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
    played = analysis_module.play_task
    calls: list[int] = []

    def interrupted_at_the_second(*args: object) -> analysis_module.Outcome:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return played(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(analysis_module, "play_task", interrupted_at_the_second)
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
