"""``angler analyse``: one HTML file, its input checked before any game, Ctrl-C keeps the rest."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.cli import analyse
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.sim import analyse as analysis_module

if TYPE_CHECKING:
    from tests.conftest import Angler


def test_analyse_writes_one_html_report(angler: Angler, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    run = angler(["analyse", "fishing", "-p", "3", "-n", "2", "-j", "1", "--out", out])
    assert run.status == 0, run.stderr
    page = out.read_text()
    command = (
        f"angler analyse fishing --players 3 --games 2 --agents heuristic --seed 1 --out {out}"
    )
    assert f"<pre>{command}</pre>" in page
    assert "3 players (n = 2 games)" in page and 'role="img" aria-labelledby=' in page


def test_analyse_compares_two_card_files(angler: Angler, tmp_path: Path) -> None:
    cards = json.loads(Path(CrazyFishingGame(2).cards.source).read_text())
    cards["rods"][0]["speed"] = 3  # one rod changed
    changed = tmp_path / "faster-rod.json"
    changed.write_text(json.dumps(cards))
    out = tmp_path / "ab.html"
    args = ["analyse", "crazy-fishing", "-p", "2", "-n", "2", "-j", "1", "--compare", changed]
    run = angler([*args, "--out", out])
    assert run.status == 0, run.stderr
    page = out.read_text()
    assert f"card file B: <b>{changed}</b>" in page
    assert "card file A: <b>the game&#x27;s own card file</b>" in page
    assert "B − A" in page and "significant" in page
    assert "<th>effect of one more copy A</th>" in page
    assert "<th>effect of one more copy B</th>" in page


def test_analyse_without_statsmodels_says_which_extra_to_install(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("played before finding statsmodels missing")

    monkeypatch.setitem(sys.modules, "statsmodels", None)  # as where the extra is not installed
    monkeypatch.setattr(analyse, "run_analysis", no_games)
    out = tmp_path / "r.html"
    run = angler(["analyse", "fishing", "-p", "3", "-n", "2", "--out", out])
    run.assert_user_error("angler analyse needs statsmodels", "pip install 'angler[analysis]'")
    assert not out.exists()


def test_ctrl_c_writes_the_report_of_the_games_that_finished(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _ctrl_c_at_game(monkeypatch, 2)
    out = tmp_path / "stopped.html"
    run = angler(["analyse", "fishing", "-p", "3", "-n", "4", "-j", "1", "--out", out])
    assert run.status == 130
    assert (
        run.stderr.strip() == f"interrupted: 1 of 4 games finished; the report of those is in {out}"
    )
    assert "interrupted after 1 of 4 games" in out.read_text()


def test_analyse_checks_its_input_before_playing(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("played before checking its input")

    monkeypatch.setattr(analyse, "run_analysis", no_games)
    good = ["--out", tmp_path / "r.html"]
    angler(["analyse", "chess", *good]).assert_user_error("chess")
    angler(["analyse", "fishing", "--cards", tmp_path / "none.json", *good]).assert_user_error(
        "cannot read card file"
    )
    angler(["analyse", "fishing", "--compare", tmp_path / "none.json", *good]).assert_user_error(
        "cannot read card file"
    )
    angler(["analyse", "fishing", "--out", tmp_path / "no" / "r.html"]).assert_user_error(
        "does not exist"
    )
    angler(["analyse", "fishing", "--out", tmp_path / "r.txt"]).assert_user_error(".html")
    angler(["analyse", "fishing", "-n", "0", *good]).assert_user_error("--games")
    angler(["analyse", "fishing", "-p", "9", *good]).assert_user_error("3–5 players, not 9")
    angler(["analyse", "fishing", "-a", "nobody", *good]).assert_user_error("nobody")
    assert not (tmp_path / "r.html").exists()


def test_a_sweep_writes_one_report_with_its_command_and_the_values_in_order(
    angler: Angler, tmp_path: Path
) -> None:
    out = tmp_path / "sweep.html"
    sweep = "sea.scatter_mm_per_sqrt_card=60,10"  # the designer's order, not sorted
    args = ["analyse", "crazy-fishing", "-p", "2", "-n", "3", "-j", "1", "--sweep", sweep]
    run = angler([*args, "--out", out])
    assert run.status == 0, run.stderr
    page = out.read_text()
    command = (
        f"angler analyse crazy-fishing --players 2 --sweep {sweep} --games 3 --agents heuristic "
        f"--seed 1 --out {out}"
    )
    assert page.index(f"<pre>{command}</pre>") < page.index("<h2>")
    assert "<th>60</th><th>10</th>" in page
    assert "rounds (at the end): 60: " in run.stdout


def test_compare_options_names_the_option_changed(angler: Angler, tmp_path: Path) -> None:
    out = tmp_path / "oos.html"
    args = ["analyse", "crazy-fishing", "-p", "2", "-n", "2", "-j", "1"]
    run = angler([*args, "--compare-options", "out_of_series=all", "--out", out])
    assert run.status == 0, run.stderr
    assert "option out_of_series: none → all" in run.stdout
    page = out.read_text()
    top = page[page.index('<div class="answer">') : page.index("<h2>Who wins")]
    assert "<li>option out_of_series: none → all</li>" in top
    assert "--compare-options out_of_series=all" in page


def test_an_agent_per_seat_is_named_in_the_report_and_sets_the_player_count(
    angler: Angler, tmp_path: Path
) -> None:
    out = tmp_path / "seats.html"
    run = angler(
        ["analyse", "fishing", "-a", "random,heuristic,random", "-n", "2", "-j", "1", "--out", out]
    )
    assert run.status == 0, run.stderr
    page = out.read_text()
    assert "3 players: seat 1: random, seat 2: heuristic, seat 3: random" in page
    assert "<td>seat 2 (heuristic)</td>" in page
    assert "4 players" not in page  # three agents, one per seat: three players


def test_bad_sweeps_and_comparisons_are_one_line_errors(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("played before checking its input")

    monkeypatch.setattr(analyse, "run_analysis", no_games)
    good = ["--out", tmp_path / "r.html"]
    for sweep, says in [
        ("G1.value", "--sweep needs PATH=V1,V2,…"),
        ("G1.value=3", "at least 2 values"),
        ("G1.value=1,x", "G1.value: it is a number, not 'x'"),
        ("G1.wings=1,2", "cards.G1 has no field 'wings'"),
        ("nowhere.x=1,2", "no key or card 'nowhere'"),
    ]:
        angler(["analyse", "fishing", "--sweep", sweep, *good]).assert_user_error(says)
    angler(
        ["analyse", "crazy-fishing", "--sweep", "out_of_series=none,shark", *good]
    ).assert_user_error("--sweep out_of_series=shark")
    angler(
        ["analyse", "fishing", "--sweep", "G1.value=1,2", "--compare", tmp_path / "b.json", *good]
    ).assert_user_error("leave out --compare")
    angler(
        ["analyse", "crazy-fishing", "--compare-options", "tides=high", *good]
    ).assert_user_error("no option 'tides'")
    angler(["analyse", "fishing", "--compare-options", "cards=b.json", *good]).assert_user_error(
        "--compare"
    )
    angler(["analyse", "fishing", "--compare-options", "cards", *good]).assert_user_error(
        "--compare-options needs key=value"
    )
    angler(["analyse", "fishing", "-a", "random,random", *good]).assert_user_error(
        "2 agents, one per seat, but fishing is for 3–5 players"
    )
    angler(["analyse", "fishing", "-a", "random,random", "-p", "3", *good]).assert_user_error(
        "--agents at 3 players: give 1 agent or 3"
    )
    assert not (tmp_path / "r.html").exists()


def test_ctrl_c_in_a_sweep_still_writes_its_report(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _ctrl_c_at_game(monkeypatch, 4)
    out = tmp_path / "stopped.html"
    args = ["analyse", "fishing", "-p", "3", "-n", "3", "-j", "1", "--sweep", "G1.value=1,30"]
    run = angler([*args, "--out", out])
    assert run.status == 130
    page = out.read_text()
    assert "interrupted after 3 of 6 games" in page
    assert "3 players (n = 1 game at each value)" in page  # seed 2 finished at one value only


def test_records_written_by_simulate_make_the_report_of_their_simulation(
    angler: Angler, tmp_path: Path
) -> None:
    records = tmp_path / "records"
    simulated = ["fishing", "-p", "3", "-n", "3", "-s", "4", "-a", "heuristic"]
    assert angler(["simulate", *simulated, "--records", records]).status == 0
    real, played = tmp_path / "real.html", tmp_path / "played.html"
    run = angler(["analyse", "fishing", "--records", records, "--out", real])
    assert run.status == 0, run.stderr
    assert "records in" in run.stderr and "3 games read, 3 used, 0 skipped" in run.stderr
    assert angler(["analyse", *simulated, "-j", "1", "--out", played]).status == 0
    page = real.read_text()
    assert f"<pre>angler analyse fishing --records {records} --out {real}</pre>" in page
    assert "3 games read, 3 used, 0 skipped" in page
    assert "3 players: heuristic in every seat" in page

    def figures(html: str) -> str:  # everything under the settings: every table and figure
        return html.split("</ul>", 1)[1]

    assert figures(page) == figures(played.read_text())


def test_records_compared_with_bots_on_the_same_deals(angler: Angler, tmp_path: Path) -> None:
    records = tmp_path / "records"
    assert angler(["simulate", "fishing", "-p", "3", "-n", "2", "--records", records]).status == 0
    out = tmp_path / "ab.html"
    args = ["analyse", "fishing", "--records", records, "--compare-bots", "-a", "heuristic"]
    run = angler([*args, "-j", "1", "--out", out])
    assert run.status == 0, run.stderr
    assert "What changed from A to B (read from the records' seats" in run.stdout
    assert "who plays: the records' players (3 players: random in every seat)" in run.stdout
    page = out.read_text()
    assert "B&#x27;s bots playing the same deals" in page
    assert "A (records): random in every seat / B: heuristic in every seat" in page
    assert "--compare-bots --agents heuristic" in page


def test_bad_records_are_one_line_errors(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("played before checking its input")

    monkeypatch.setattr(analyse, "run_analysis", no_games)
    out = ["--out", tmp_path / "r.html"]
    missing = tmp_path / "nowhere"
    angler(["analyse", "fishing", "--records", missing, *out]).assert_user_error(
        f"--records {missing}: no such folder"
    )
    (tmp_path / "file.json").write_text("{}")
    angler(["analyse", "fishing", "--records", tmp_path / "file.json", *out]).assert_user_error(
        "not a folder"
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    angler(["analyse", "fishing", "--records", empty, *out]).assert_user_error(
        "no usable record (0 games read", "no record file in it"
    )
    junk = tmp_path / "junk"
    junk.mkdir()
    (junk / "a.json").write_text("[1, 2]")
    angler(["analyse", "fishing", "--records", junk, *out]).assert_user_error(
        "no usable record (1 game read, 0 used, 1 skipped: not a readable record: 1 (a.json))"
    )
    no_file = f"sqlite:///{tmp_path / 'none.db'}"
    angler(["analyse", "fishing", "--records", no_file, *out]).assert_user_error(
        "no such database file"
    )
    assert not (tmp_path / "none.db").exists()  # not created by looking
    refused = "postgresql+psycopg://someone:secret@127.0.0.1:1/angler"
    run = angler(["analyse", "fishing", "--records", refused, *out])
    run.assert_user_error("cannot open the database")
    assert "secret" not in run.stderr
    angler(["analyse", "fishing", "--records", "nodb://x", *out]).assert_user_error(
        "cannot open the database"
    )
    angler(["analyse", "fishing", "--compare-bots", *out]).assert_user_error("give --records")
    angler(
        ["analyse", "fishing", "--records", empty, "--sweep", "G1.value=1,2", *out]
    ).assert_user_error("leave out --records")
    angler(["analyse", "fishing", "--records", empty, "-n", "5", *out]).assert_user_error(
        "--games and --seed"
    )
    assert not (tmp_path / "r.html").exists()


def _ctrl_c_at_game(monkeypatch: pytest.MonkeyPatch, number: int) -> None:
    """Ctrl-C pressed as the ``number``-th game starts (games on this process: ``-j 1``)."""
    played = analysis_module.play_task
    calls: list[int] = []

    def interrupted(*args: object) -> analysis_module.Outcome:
        calls.append(1)
        if len(calls) == number:
            raise KeyboardInterrupt
        return played(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(analysis_module, "play_task", interrupted)
