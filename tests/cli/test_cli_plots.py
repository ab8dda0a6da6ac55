"""Plots need matplotlib, an optional extra: without it a plot fails in one line saying how to
install it, before any game is played or cast simulated, and nothing is written."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.cli import tournament
from angler.games.flip_and_fish import charts

if TYPE_CHECKING:
    from tests.conftest import Angler

INSTALL = "pip install 'angler[plots]'"


@pytest.fixture
def no_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    """``import matplotlib`` fails, as where the extra is not installed."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)


def no_work(*args: object, **kwargs: object) -> None:
    raise AssertionError("worked before finding matplotlib missing")


@pytest.mark.usefixtures("no_matplotlib")
def test_tournament_plot_without_matplotlib_says_how_to_install_it(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tournament, "run_tournament", no_work)
    out, plot = tmp_path / "t.json", tmp_path / "t.png"
    args = ["tournament", "fishing", "-p", "3", "-a", "random,random,random", "-n", "2"]
    run = angler([*args, "--out", out, "--plot", plot])
    run.assert_user_error("--plot needs matplotlib", INSTALL)
    assert run.stdout == ""
    assert not out.exists() and not plot.exists()


@pytest.mark.usefixtures("no_matplotlib")
def test_bite_chart_without_matplotlib_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(charts, "bite_curve", no_work)
    assert charts.main([str(tmp_path / "chart.png")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: the bite-chance chart needs matplotlib")
    assert INSTALL in error and error.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
