"""``python -m angler.tools.profile``: a move's server time in parts that add up, on a real
store."""

from __future__ import annotations

from angler.tools.profile import PARTS, profile


def test_every_part_of_a_move_is_timed_over_a_real_game() -> None:
    figures = profile("fishing", 4, moves=12, seed=3, db=None)
    assert figures.pop("moves") == 12
    assert list(figures) == list(PARTS)
    assert all(micros >= 0 for micros in figures.values())
    assert figures["payloads"] > 0 and figures["move (rules, clone, version)"] > 0
