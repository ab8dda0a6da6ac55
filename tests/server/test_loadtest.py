"""``angler loadtest``: whole games through a real server over real sockets, with no errors; its
report; its own server gone afterwards; bad arguments refused in one line; a stop that closes
everything."""

from __future__ import annotations

import socket
import tempfile
import threading
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.server.serving import serving

from angler.server.loadtest import LoadPlan, LoadStopped, Tally, percentile_ms, run_loadtest

if TYPE_CHECKING:
    from tests.conftest import Angler

FIELDS = {"moves_per_s", "p50_ms", "p99_ms", "games_finished", "errors", "server_rss_mb"}
SMALL_GAME = ["--game", "flip-and-fish", "--players", "2", "-o", "rounds=3"]  # ~14 moves


@pytest.fixture
def private_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Temporary folders made during the test go here, so the test sees what is left."""
    folder = tmp_path / "temp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def closed_port() -> int:
    """A loopback port nothing listens on (it was free a moment ago)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def server_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "loadtest-server"]


def test_a_short_run_finishes_games_with_no_errors_and_reports_every_field(
    angler: Angler, private_temp: Path
) -> None:
    run = angler(["loadtest", *SMALL_GAME, "--matches", "2", "--seconds", "2", "--json"])
    assert run.status == 0, run.stderr
    report = run.json()
    assert set(report) >= FIELDS
    assert report["errors"] == 0, report["first_errors"]
    assert report["games_finished"] >= 2  # each match finished a game at least
    assert report["moves"] > 0 and report["moves_per_s"] > 0
    assert 0 < report["p50_ms"] <= report["p99_ms"]
    assert report["server_rss_mb"] > 0 and report["started_server"] is True
    assert report["url"].startswith("http://127.0.0.1:")
    # The server it started is gone, and so is its database's folder.
    assert not server_threads()
    assert list(private_temp.iterdir()) == []


def test_a_given_server_is_used_and_its_memory_is_not_claimed(tmp_path: Path) -> None:
    # Crazy Fishing's secret casts are simultaneous choices: still no refusal.
    with serving(f"sqlite:///{tmp_path / 'given.sqlite3'}") as served:
        plan = LoadPlan(game="crazy-fishing", players=2, matches=1, seconds=1.0, url=served.http)
        report = run_loadtest(plan)
        hub = served.app.state.hub  # the rooms were made on the given server (live or finished)
        assert hub.rooms or hub.store.finished_rooms()
        # A room the server refuses is an error of the refusal's kind, and the run goes on.
        refused = run_loadtest(replace(plan, seconds=0.5, options={"cards": "mine.json"}))
    assert refused.moves == 0 and refused.errors >= 1
    assert refused.error_kinds == {"header": refused.errors}
    assert "uploaded as JSON" in refused.first_errors["header"]
    assert report.errors == 0, report.first_errors
    assert report.moves > 0 and not report.started_server
    assert report.server_rss_mb is None and report.server_peak_rss_mb is None
    assert "another process" in report.rss_note


def test_a_stop_closes_the_clients_and_the_server_it_started(private_temp: Path) -> None:
    def tick(elapsed: float, tally: Tally) -> None:
        if tally.moves >= 20:
            raise KeyboardInterrupt  # as Ctrl-C would, in the middle of the run

    plan = LoadPlan(game="crazy-fishing", players=2, matches=2, seconds=30.0)
    with pytest.raises(LoadStopped) as stopped:
        run_loadtest(plan, tick)
    assert stopped.value.status == 130
    assert stopped.value.tally.moves >= 20 and stopped.value.seconds < 30
    assert str(stopped.value).startswith("interrupted after ")
    assert not server_threads()
    assert list(private_temp.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--matches", "0"], "--matches"),
        (["--seconds", "nan"], "--seconds"),
        (["--seconds", "0"], "--seconds"),
        (["--think-ms", "-5"], "--think-ms"),
        (["--game", "chess"], "unknown game 'chess'"),
        (["--players", "9"], "not 9"),
        (["-o", "depth=3"], "no option 'depth'"),
        (["-o", "cards=mine.json"], "card set"),
        (["--url", "ftp://example.org"], "http://"),
        (["--url", "http://127.0.0.1:PORT"], "cannot reach the server"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(
    angler: Angler, args: list[str], fragment: str
) -> None:
    args = [arg.replace("PORT", str(closed_port())) for arg in args]
    run = angler(["loadtest", "--seconds", "1", *args])
    run.assert_user_error(fragment)
    assert run.stdout == ""


def test_percentiles_are_nearest_rank_in_milliseconds() -> None:
    latencies = [n / 1000 for n in range(1, 101)]  # 1 ms … 100 ms
    assert percentile_ms(latencies, 0.50) == 50.0
    assert percentile_ms(latencies, 0.99) == 99.0
    assert percentile_ms([0.004], 0.99) == 4.0
    assert percentile_ms([], 0.5) is None
