"""``angler balance``: the Markdown report on standard output or in a file, checked first."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.cli import balance

if TYPE_CHECKING:
    from tests.conftest import Angler


def test_balance_prints_a_markdown_report(angler: Angler) -> None:
    run = angler(["balance", "crazy-fishing", "-p", "2", "-n", "2", "--seed", "3"])
    assert run.status == 0, run.stderr
    assert run.stdout.startswith("# Crazy Fishing: balance")
    assert "| 2 | " in run.stdout and "| fish type | caught | got away |" in run.stdout


def test_balance_writes_its_report_to_out(angler: Angler, tmp_path: Path) -> None:
    out = tmp_path / "balance.md"
    run = angler(["balance", "fishing", "-p", "3", "-n", "1", "--out", out])
    assert run.status == 0, run.stderr
    assert run.stdout == "" and out.read_text().startswith("# Fishing: balance")


def test_balance_checks_its_out_file_and_options_before_playing(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("played before checking its input")

    monkeypatch.setattr(balance, "run_balance", no_games)
    run = angler(["balance", "fishing", "--out", tmp_path / "no" / "report.md"])
    run.assert_user_error("does not exist")
    angler(["balance", "fishing", "-o", "depth=3"]).assert_user_error("no option 'depth'")
    angler(["balance", "fishing", "-p", "9"]).assert_user_error("3–5 players, not 9")
