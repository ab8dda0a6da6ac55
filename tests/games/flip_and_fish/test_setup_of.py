"""Any Flip & Fish position can be written down: face-up water cards, bitten fish, used
equipment, the discard piles, the shop's display and tangled lines are laid out, and
``setup_of`` and ``state_from_setup`` are inverses for every step of a turn and for a finished
game (phase ``over``: its winner, or closing time)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from tests.games import positions
from tests.games.positions import assert_same_end, assert_same_position, laid_out_again

from angler.core import AnglerError, make_game
from angler.core.game import Game
from angler.core.records import parse_record, replay
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.games.flip_and_fish.rules import (
    AIM,
    BOOST,
    LIMIT,
    SNAGGED,
    FlipAndFishState,
)

GAME = FlipAndFishGame(3)
WATER = ["Char#1", "Perch#2", "Squirrelfish#1", "Bluegill#2", "Wrasse"]


def reach(predicate: Callable[[FlipAndFishState], bool], players: int = 3) -> FlipAndFishState:
    """The first position of a seeded random game where ``predicate`` holds."""
    game: Game[FlipAndFishState, Any] = make_game("flip-and-fish", players)
    return positions.reach(game, predicate, seeds=60)


def lay_out(setup: dict[str, Any]) -> FlipAndFishState:
    return GAME.state_from_setup(setup, 1)


def test_the_water_s_face_up_and_bitten_fish_are_laid_out() -> None:
    state = lay_out({"water": WATER, "face_up": [1, 3], "bitten": [3], "peeked": [[2], [], []]})
    seen_by_1 = state.view(1).water
    assert seen_by_1[0] >= 0 and seen_by_1[2] >= 0 and seen_by_1[1] == -1
    assert state.view(0).water[1] >= 0  # seat 0's Flashlight saw slot 2
    assert state.view(1).bitten == (False, False, True, False, False)


def test_used_equipment_discards_and_the_shop_s_display_are_laid_out() -> None:
    state = lay_out(
        {
            "water": WATER,
            "gear": [["Spear", "Flashlight#1"], [], []],
            "used": ["Spear"],
            "fish_discard": ["Minnow"],
            "shop_discard": ["Berley#1"],
            "shop_open": True,
            "shop_row": ["Clover", "LuckyHat"],
        }
    )
    view = state.view(1)
    names = GAME.cards.names
    assert [(names([card])[0], up) for card, up in view.gear[0]] == [
        ("Spear", False),
        ("Flashlight#1", True),
    ]
    assert names(view.fish_discard) == ["Minnow"] and names(view.shop_discard) == ["Berley#1"]
    assert names(view.shop_row) == ["Clover", "LuckyHat"]


def test_used_equipment_must_be_flip_equipment_someone_holds() -> None:
    with pytest.raises(AnglerError, match="no flip equipment in play"):
        lay_out({"water": WATER, "used": ["Spear"]})


def test_tangled_lines_are_laid_out_for_this_turn_and_the_next() -> None:
    tangled = lay_out({"water": WATER, "caught": [[], ["Minnow"], []], "turn": 1, "no_fishing": 1})
    kinds = {code & 15 for code in tangled.legal_actions(1)}
    assert act.FISH not in kinds
    pending = lay_out({"water": WATER, "no_fishing_next": True})
    assert pending.view(2).no_fishing_next
    assert GAME.setup_of(pending)["no_fishing_next"] is True


@pytest.mark.parametrize(
    "phase", [AIM, BOOST, SNAGGED, LIMIT], ids=["aim", "boost", "snagged", "limit"]
)
def test_a_step_of_the_turn_is_laid_out_again_and_plays_on_the_same(phase: int) -> None:
    state = reach(lambda s: s.phase == phase)
    twin = laid_out_again(state)
    assert_same_position(state, twin)
    for _ in range(6):  # casts draw from chance: the set-up's counter makes them agree
        if state.is_terminal():
            return
        seat = state.current_player()
        action = state.legal_actions(seat)[0]
        state.apply_action(action, seat)
        twin.apply_action(action, seat)
        assert_same_position(state, twin)


def test_a_boost_needs_the_cast_that_bit() -> None:
    with pytest.raises(AnglerError, match="needs the cast's 'landing'"):
        lay_out({"water": WATER, "phase": "boost", "bite_slot": 1})


# docs/records.md's example: seat 0 catches the Wahoo, its third trophy, baited with Skipjack.
WON = """{"format": "angler-record/1", "game": "flip-and-fish",
 "options": {"players": 2, "cards": null, "layout": "cross", "rounds": 100, "skill": "fair"},
 "seed": 5,
 "setup": {"water": ["Wahoo", "Carp#1", "Herring#1", "Minnow", "Perch#1"],
           "caught": [["BlueMarlin", "Swordfish", "Skipjack"], ["Zander"]],
           "deck": ["Roach#1"], "turn": 0},
 "actions": [
  {"player": 0, "action": "fish"},
  {"player": 0, "action": "cast -110 0", "outcomes": [[-3000, 2500, 1, 5]]},
  {"player": 1, "action": "fish with Zander"},
  {"player": 1, "action": "cast 110 0", "outcomes": [[1300, -200, 0, 3]]},
  {"player": 1, "action": "cast 110 0", "outcomes": [[1180, 250, 1, 4]]},
  {"player": 1, "action": "done"},
  {"player": 0, "action": "fish with Skipjack"},
  {"player": 0, "action": "cast 0 0", "outcomes": [[0, 50, 1, 8]]},
  {"player": 0, "action": "done", "chance": [["Zander", "Skipjack"]]}]}"""


def test_a_won_game_writes_down_its_winner_and_its_last_turn() -> None:
    state = replay(parse_record(WON))
    setup = state.game.setup_of(state)
    assert (setup["phase"], setup["winner"], setup["turn"]) == ("over", 0, 0)
    assert "Wahoo" in setup["caught"][0] and setup["bait"] == []  # the bait was spent
    twin = laid_out_again(state)
    assert_same_end(state, twin)
    assert twin.view(1).winner == 0 and twin.winners() == [0]


def test_a_game_ended_at_closing_time_is_laid_out_again_without_a_winner() -> None:
    game: Game[FlipAndFishState, Any] = make_game("flip-and-fish", 2, rounds=3)
    state = positions.finish(game, lambda s: s.winner < 0)
    setup = game.setup_of(state)
    assert (setup["phase"], setup["winner"], setup["turns"]) == ("over", None, 6)
    assert_same_end(state, laid_out_again(state))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"winner": 0}, "setup 'winner' needs phase 'over' (the game has ended)"),
        ({"phase": "over", "winner": 1}, "setup 'winner': seat 1 has not caught the 2 trophies"),
        ({"phase": "over", "winner": 3}, "setup: 'winner' must be a seat from 0 to 2, not 3"),
    ],
)
def test_a_finished_game_s_setup_is_refused_on_one_line_naming_the_key(
    change: dict[str, Any], message: str
) -> None:
    with pytest.raises(AnglerError, match=re.escape(message)):
        lay_out({"water": WATER, "caught": [["BlueMarlin", "Swordfish"], [], []], **change})
