"""Fishing set-ups (the explicit positions in records): any JSON value is laid out or refused
in one line."""

from __future__ import annotations

from typing import Any

import pytest

from angler.core import AnglerError, make_game

GAME = make_game("fishing", 3)
HANDS = [["B4", "P4"], ["R4", "Y4"], ["B5", "P5"]]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"scores": [True, 0, 0]}, "setup: 'scores[0]' must be a whole number"),
        ({"scores": [0.5, 0, 0]}, "setup: 'scores[0]' must be a whole number"),
        ({"scores": [10**40, 0, 0]}, "setup: 'scores[0]' must be a whole number from -9999"),
        ({"scores": [0, 0]}, "setup: 'scores' must hold one entry per seat (3)"),
        ({"leader": True}, "setup: 'leader' must be a whole number"),
        ({"leader": 3}, "setup: 'leader' must be a seat from 0 to 2, not 3"),
        ({"round": 1.0}, "setup: 'round' must be a whole number from 1 to 8"),
        ({"hands": [["B4", "P4"], ["R4", ["Y4"]], ["B5", "P5"]]}, "setup: 'hands[1][1]' must be"),
        ({"ocean": "G1"}, "setup: 'ocean' must be a list"),
        ({"stockrooms": {}}, "setup: 'stockrooms' must be a list"),
        ({"trick": ["G7"]}, "setup hands must all hold the same, non-zero number"),
        ({"memory": {"seen": "B4"}}, "setup: 'memory.seen' must be a list"),
        ({"bogus": 1}, "setup: unknown field 'bogus'"),
    ],
)
def test_a_setup_value_of_the_wrong_type_is_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(AnglerError) as raised:
        GAME.state_from_setup({"hands": HANDS, **change}, 1)
    assert str(raised.value).startswith(message) and "\n" not in str(raised.value)


def test_a_setup_with_whole_scores_is_laid_out() -> None:
    state = GAME.state_from_setup({"hands": HANDS, "scores": [3, -2, 0]}, 1)
    assert state.scores()[:3] == [3, -2, 0]
