"""Crazy Fishing set-ups (the explicit positions in records): any JSON value is laid out or
refused in one line."""

from __future__ import annotations

from typing import Any

import pytest

from angler.core import AnglerError, make_game

GAME = make_game("crazy-fishing", 2)
HANDS = [["R2#1", "B2#1"], ["R3#1", "B3#1"]]
SEA = ["F1#1", "F2#1"]


@pytest.mark.parametrize(
    "positions",
    [
        [[True, 0], [40, 10]],
        [[0.5, 0], [40, 10]],
        [[10**40, 0], [40, 10]],
        [[0, 0], [40]],
        [[0, 0]],
        {"0": [0, 0]},
    ],
)
def test_sea_positions_are_whole_mm_within_reach(positions: Any) -> None:
    with pytest.raises(AnglerError) as raised:
        GAME.state_from_setup({"hands": HANDS, "sea": SEA, "positions": positions}, 1)
    message = str(raised.value)
    assert message.startswith(
        ("setup 'positions' must be one [x, y] pair of whole mm", "setup: 'positions")
    )
    assert "\n" not in message


def test_sea_positions_of_whole_mm_are_laid_out() -> None:
    setup = {"hands": HANDS, "sea": SEA, "positions": [[0, 0], [-40, 10]]}
    state: Any = GAME.state_from_setup(setup, 1)
    assert state.sea.xs == (0, -40) and state.sea.ys == (0, 10)


@pytest.mark.parametrize(
    ("text", "given"),
    [("peek x", "the text 'x'"), ("fish 100000", "the whole number 100000"), ("fish -1", "-1")],
)
def test_a_typed_sea_spot_that_is_no_spot_number_says_so(text: str, given: str) -> None:
    with pytest.raises(AnglerError) as raised:
        GAME.action_from_string(text)
    message = str(raised.value)
    assert message.startswith("a sea spot must be a whole number from 0 to 99999, not ")
    assert message.endswith(given)


def test_crazy_fishing_action_texts_are_checked() -> None:
    for text in ("peek ²", "fish ²", "cast R3#1 R3#1 B4#1", "split"):
        with pytest.raises(AnglerError):
            GAME.action_from_string(text)


def test_a_crazy_fishing_setup_keeps_cards_in_their_zones() -> None:
    with pytest.raises(AnglerError, match="is not a fish"):
        GAME.state_from_setup({"hands": HANDS, "sea": ["R5#1", "F4#1"]}, 1)
    with pytest.raises(AnglerError, match="cannot be in a hand"):
        GAME.state_from_setup({"hands": [["F4#1", "B4#1"], ["R4#1", "B3#1"]]}, 1)
