"""``tools/interop_bench.py``: PettingZoo's throughput beside the engine's, measured in one run (the
figures exist and agree with each other; no timing assertions)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from angler.core.errors import AnglerError
from angler.tools.interop_bench import pettingzoo_steps_per_s


@pytest.mark.parametrize("name", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_the_figures_are_positive_and_their_ratio_is_theirs(name: str) -> None:
    figures = pettingzoo_steps_per_s(name, seconds=0.2, seed=3)
    assert figures["game"] == name
    assert figures["pettingzoo_steps_per_s"] > 0 and figures["engine_decisions_per_s"] > 0
    expected = figures["pettingzoo_steps_per_s"] / figures["engine_decisions_per_s"]
    assert figures["ratio"] == pytest.approx(expected, rel=0.01)


def test_players_are_passed_on() -> None:
    assert pettingzoo_steps_per_s("fishing", players=3, seconds=0.1)["players"] == 3


@pytest.mark.parametrize("seconds", [0.0, -1.0])
def test_a_time_that_is_no_time_is_refused(seconds: float) -> None:
    with pytest.raises(AnglerError, match="seconds must be more than 0"):
        pettingzoo_steps_per_s("fishing", seconds=seconds)
