"""``angler loadtest``: whole games through a real server over real sockets, with no errors; its
report (the server's CPU, memory and database writes too); its own server process gone
afterwards; the warm-up not measured; a soak's memory series; bad arguments refused in one line;
a stop that closes everything."""

from __future__ import annotations

import os
import socket
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from tests.server.serving import SCRIPTED, serving

from angler.cli import loadtest as cli_loadtest
from angler.tools.loadtest import (
    LoadPlan,
    LoadReport,
    LoadStopped,
    Tally,
    _growth,
    percentile_ms,
    run_loadtest,
)

if TYPE_CHECKING:
    from tests.conftest import Angler

FIELDS = {
    "moves_per_s",
    "p50_ms",
    "p99_ms",
    "bytes_per_state",
    "games_started",
    "games_finished",
    "errors",
    "server_cpu_us_per_move",
    "server_cpu_pct",
    "driver_cpu_pct",
    "server_rss_mb",
    "server_idle_rss_mb",
    "memory_per_match_kb",
    "db_writes_per_s",
    "rss_series",
    "rss_growth",
}
SMALL_GAME = ["--game", "flip-and-fish", "--players", "2", "-o", "rounds=3"]  # ~14 moves
SHORT = ["--warmup", "0.5", "--seconds", "1.5"]


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


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def server_children() -> list[int]:
    """This process's children that are a load test's server (``/proc``)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError):
            continue
        if int(stat[1]) == os.getpid() and b"angler.cli.serve_child" in command:
            found.append(int(entry.name))
    return found


def test_a_short_run_finishes_games_with_no_errors_and_reports_every_field(
    angler: Angler, private_temp: Path
) -> None:
    run = angler(["loadtest", *SMALL_GAME, "--matches", "2", *SHORT, "--json"])
    assert run.status == 0, run.stderr
    report = run.json()
    assert set(report) >= FIELDS
    assert report["errors"] == 0, report["first_errors"]
    assert report["games_finished"] >= 2  # each match finished a game at least
    assert report["games_started"] >= report["games_finished"] - 2  # some began in warm-up
    assert report["moves"] > 0 and report["moves_per_s"] > 0
    assert 0 < report["p50_ms"] <= report["p99_ms"]
    assert 0 < report["bytes_per_state"] < 20_000  # a state after the first: a patch, no view
    assert report["started_server"] is True and report["url"].startswith("http://127.0.0.1:")
    # What the server spent: its own process, apart from this one.
    assert report["server_cpu_us_per_move"] > 0 and report["server_cpu_pct"] > 0
    assert report["driver_cpu_pct"] > 0
    assert report["server_rss_mb"] >= report["server_idle_rss_mb"] > 0
    # Both matches may be between two games when the window closes: then no room is live.
    assert type(report["live_rooms"]) is int and 0 <= report["live_rooms"] <= 2
    if report["live_rooms"]:
        assert isinstance(report["memory_per_match_kb"], float)
    # Each move is committed, in a transaction it shares with the other match's move when they
    # arrive together (group commit); a move on its way at either end of the window may be
    # counted by one side only.
    assert report["store_writes"] >= report["moves"] / 2 - 2 * 2
    assert report["db_writes_per_s"] > 0
    assert report["rss_series"] is None and report["rss_growth"] is None
    assert report["bots"] is None and report["bot_lag_p99_ms"] is None
    # The server it started is gone, and so is its database's folder.
    assert not alive(report["server_pid"]) and not server_children()
    assert list(private_temp.iterdir()) == []


def test_the_warm_up_is_played_but_not_measured(private_temp: Path) -> None:
    seen: list[tuple[float, bool, int]] = []

    def tick(elapsed: float, tally: Tally) -> None:
        seen.append((elapsed, tally.measuring, tally.moves + tally.games_finished))

    plan = LoadPlan("crazy-fishing", 2, matches=2, seconds=1.0, warmup=1.0)
    report = run_loadtest(plan, tick)
    warming = [counted for elapsed, measuring, counted in seen if not measuring]
    assert warming and set(warming) == {0}  # nothing counted while warming up
    assert all(elapsed >= 1.0 for elapsed, measuring, _ in seen if measuring)
    assert report.moves > 0 and report.errors == 0
    # The measured window alone (its two readings may fall a hair inside the second).
    assert 0.9 <= report.seconds < plan.warmup + plan.seconds


def test_a_soak_samples_the_server_s_memory_all_along(angler: Angler, private_temp: Path) -> None:
    args = [*SMALL_GAME, "-m", "2", *SHORT, "--rss-every", "0.5", "--json"]
    report = angler(["loadtest", *args]).json()
    times = [at for at, _ in report["rss_series"]]
    assert len(times) >= 4 and times == sorted(times) and times[0] < 0.5 <= times[1]
    assert all(rss > 0 for _, rss in report["rss_series"])
    after = [rss for at, rss in report["rss_series"] if at >= 0.5]
    assert report["rss_growth"] == round(after[-1] / after[0], 3)


def test_memory_growth_is_the_last_sample_over_the_first_after_the_warm_up() -> None:
    series = [(0.0, 50.0), (1.0, 80.0), (2.0, 84.0), (3.0, 88.0)]
    assert _growth(series, warmup=1.0) == 1.1
    assert _growth(series, warmup=2.5) is None  # one sample after the warm-up: no growth
    assert _growth([], warmup=0.0) is None


def test_a_given_server_is_used_and_its_memory_is_not_claimed(tmp_path: Path) -> None:
    # Crazy Fishing's secret casts are simultaneous choices: still no refusal.
    # A machine playing flat out, as the load test's own server allows: no rate limits.
    with serving(f"sqlite:///{tmp_path / 'given.sqlite3'}", SCRIPTED) as served:
        plan = LoadPlan(
            game="crazy-fishing", players=2, matches=2, seconds=2.0, warmup=0.2, url=served.http
        )
        report = run_loadtest(plan)
        hub = served.app.state.hub  # the rooms were made on the given server (live or finished)
        assert hub.rooms or hub.store.finished_rooms()
        # A room the server refuses is an error of the refusal's kind, and the run goes on.
        refused = run_loadtest(replace(plan, seconds=0.5, options={"cards": "mine.json"}))
    assert refused.moves == 0 and refused.errors >= 1
    assert refused.error_kinds == {"header": refused.errors}
    assert "uploaded as JSON" in refused.first_errors["header"]
    assert report.errors == 0, report.first_errors
    assert report.moves > 0 and not report.started_server and report.server_pid is None
    assert report.server_rss_mb is None and report.server_peak_rss_mb is None
    assert report.server_cpu_us_per_move is None and report.memory_per_match_kb is None
    assert "another process" in report.rss_note
    # /health is public: the database's writes are counted on any server.
    assert report.db_writes_per_s is not None and report.db_writes_per_s > 0


def test_a_stop_closes_the_clients_and_the_server_it_started(private_temp: Path) -> None:
    servers: list[int] = []

    def tick(elapsed: float, tally: Tally) -> None:
        servers[:] = server_children()
        if tally.moves >= 20:
            raise KeyboardInterrupt  # as Ctrl-C would, in the middle of the run

    plan = LoadPlan(game="crazy-fishing", players=2, matches=2, seconds=30.0, warmup=0)
    with pytest.raises(LoadStopped) as stopped:
        run_loadtest(plan, tick)
    assert stopped.value.status == 130
    assert stopped.value.tally.moves >= 20 and stopped.value.seconds < 30
    assert str(stopped.value).startswith("interrupted after ")
    assert len(servers) == 1 and not alive(servers[0])
    assert list(private_temp.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--matches", "0"], "--matches"),
        (["--seconds", "nan"], "--seconds"),
        (["--seconds", "0"], "--seconds"),
        (["--think-ms", "-5"], "--think-ms"),
        (["--warmup", "-1"], "--warmup"),
        (["--warmup", "nan"], "--warmup"),
        (["--rss-every", "0"], "--rss-every"),
        (["--rss-every", "nan"], "--rss-every"),
        (["--rss-every", "1", "--url", "http://127.0.0.1:PORT"], "not with --url"),
        (["--bots", "chess"], "--bots 'chess' is not one of"),
        (["--bots", "human"], "not human"),
        (["--pace-ms", "100"], "give --bots"),
        (["--bots", "easy", "--think-ms", "5"], "--think-ms"),
        (["--bots", "easy", "--pace-ms", "-1"], "--pace-ms"),
        (["--bots", "easy", "-p", "4", "--yardstick", "ws.py"], "not with --bots"),
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


def test_the_table_shows_the_server_s_figures_the_soak_and_the_bots(
    angler: Angler, monkeypatch: pytest.MonkeyPatch
) -> None:
    figures: dict[str, Any] = {name: None for name in LoadReport.__dataclass_fields__}
    figures |= {
        "game": "fishing",
        "players": 4,
        "matches": 3,
        "think_ms": 0,
        "url": "http://127.0.0.1:1",
        "started_server": True,
        "warmup": 3.0,
        "seconds": 10.0,
        "moves": 40,
        "moves_per_s": 4.0,
        "games_started": 1,
        "games_finished": 0,
        "errors": 0,
        "error_kinds": {},
        "first_errors": {},
        "driver_cpu_pct": 1.5,
        "live_rooms": 3,
        "memory_per_match_kb": 123.4,
        "db_writes_per_s": 4.1,
        "rss_series": [(0.0, 90.0), (5.0, 97.5)],
        "rss_growth": 1.083,
        "bots": "easy",
        "bot_seats": 12,
        "pace_ms": 800,
        "bot_lag_p50_ms": 5.5,
        "bot_lag_p99_ms": 20.25,
        "rss_note": "note",
    }
    report = LoadReport(**figures)
    monkeypatch.setattr(cli_loadtest, "run_loadtest", lambda plan, tick: report)
    run = angler(["loadtest", "-g", "fishing", "-p", "4", "-m", "3", "--bots", "easy"])
    assert run.status == 0, run.stderr
    rows = {" ".join(line.strip("│ ").split()) for line in run.stdout.splitlines()}
    for row in [
        "bots │ 12 seats of easy, pace 800 ms",
        "bot_lag_p99_ms │ 20.2",  # one decimal
        "live_rooms │ 3",
        "memory_per_match_kb │ 123.4",
        "rss_series_mb │ 90 97.5",
        "rss_growth │ 1.083",
        "server_cpu_pct │ —",  # not known
    ]:
        assert row in rows, (row, run.stdout)


def test_database_writes_per_second_are_timed_by_when_health_answered() -> None:
    # A saturated server answers /health late: the window's clock (``at``) starts at 0, but
    # the first count was read at 9 s, so 100 writes over 1 s is 100/s, not 100/10 s.
    from angler.tools.loadtest import Reading, Tally, _report, _Run

    start = Reading(0.0, 0.0, None, None, writes=1_000, live_rooms=1, writes_at=9.0)
    end = Reading(10.0, 1.0, None, None, writes=1_100, live_rooms=1, writes_at=10.0)
    plan = LoadPlan(game="fishing", players=4, matches=1, seconds=10.0, url="http://x")
    report = _report(plan, "http://x", _Run(None, start=start, end=end), Tally())
    assert report.store_writes == 100
    assert report.db_writes_per_s == 100.0
    assert report.seconds == 10.0
