"""Any Crazy Fishing position can be written down: ``setup_of`` and ``state_from_setup`` are
inverses for a secret cast, a catch under way (a Turbulent Bait to time, a Fish Finder's peeks,
the Super-Fast Reel's split), the collect, a sea whose fish were taken from some spots, and a
finished game (phase ``over``, the last round as it left it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tests.games import positions
from tests.games.positions import assert_same_end, assert_same_position, laid_out_again

from angler.core import AnglerError, make_game
from angler.core.game import Game
from angler.games.crazy_fishing.rules import (
    CAST,
    CHOOSE,
    COLLECT,
    PEEK,
    SPLIT,
    TURBULENT,
    CrazyFishingState,
)

ALL_OOS = {"out_of_series": "all", "oos_rods": True}


def reach(predicate: Callable[[CrazyFishingState], bool], players: int = 3) -> CrazyFishingState:
    """The first position of a seeded random game where ``predicate`` holds."""
    game: Game[CrazyFishingState, Any] = make_game("crazy-fishing", players, **ALL_OOS)
    return positions.reach(game, predicate, seeds=60)


def play_on_both(state: CrazyFishingState, twin: CrazyFishingState, moves: int = 8) -> None:
    """The same actions keep the two equal (chance included: the set-up keeps the counter)."""
    for _ in range(moves):
        if state.is_terminal():
            return
        seat = state.current_players()[0]
        action = state.legal_actions(seat)[-1]
        state.apply_action(action, seat)
        twin.apply_action(action, seat)
        assert_same_position(state, twin)


def test_a_secret_cast_is_laid_out_again_and_stays_secret() -> None:
    state = reach(lambda s: s.phase == CAST and 0 < sum(map(bool, s.cast)) < s.n)
    twin = laid_out_again(state)
    caster = next(seat for seat, mask in enumerate(state.cast) if mask)
    other = next(seat for seat in range(state.n) if seat != caster)
    assert twin.view(caster).my_cast == state.cast[caster]
    assert twin.view(other).casts == (0,) * state.n
    assert_same_position(state, twin)
    play_on_both(state, twin)


@pytest.mark.parametrize(
    "phase",
    [TURBULENT, PEEK, CHOOSE, SPLIT, COLLECT],
    ids=["turbulent", "peek", "choose", "split", "collect"],
)
def test_a_step_of_the_round_is_laid_out_again_and_plays_on_the_same(phase: int) -> None:
    state = reach(lambda s: s.phase == phase)
    twin = laid_out_again(state)
    assert_same_position(state, twin)
    play_on_both(state, twin)


def test_spots_whose_fish_was_taken_keep_their_numbers() -> None:
    state = reach(lambda s: s.phase == CHOOSE and -1 in s.sea_card)
    setup = state.game.setup_of(state)
    assert None in setup["sea"] and len(setup["positions"]) == len(state.sea_card)
    assert laid_out_again(state).sea_card == state.sea_card


def test_a_round_s_catches_come_after_its_casts() -> None:
    game = make_game("crazy-fishing", 2)
    hands = [["R2#1", "B2#1"], ["R3#1", "B3#1"]]
    with pytest.raises(AnglerError, match="after its casts"):
        game.state_from_setup(
            {"hands": hands, "caught_this_round": [{"seat": 0, "fish": "F1#1"}]}, 1
        )


def test_a_cast_a_seat_could_not_make_is_refused() -> None:
    game = make_game("crazy-fishing", 2)
    hands = [["R2#1", "B2#1"], ["R3#1", "B3#1"]]
    with pytest.raises(AnglerError, match="not one it may make"):
        game.state_from_setup({"hands": hands, "casts": [["R2#1", "R3#1"], None]}, 1)


# docs/records.md's example: both cast, seat 1 catches the F3, both draw back, the game ends.
EXAMPLE_SETUP = {
    "hands": [
        ["R2#1", "R4#1", "R5#1", "B3#1", "B4#1", "B2#1"],
        ["R1#1", "R3#1", "R6#1", "B5#1", "B1#1", "B2#2"],
    ],
    "sea": ["F3#1", "F6#1", "Boot#1"],
    "positions": [[-60, 0], [60, 0], [0, 90]],
    "piles": [["F5#1", "F7#1"], ["Monster8"]],
}
EXAMPLE_ACTIONS = [
    (0, "cast R2#1 B4#1"),
    (1, "cast R3#1 B5#1"),
    (1, "fish 0"),
    (0, "fish 1"),
    (1, "draw rod"),
    (1, "draw bait"),
    (0, "draw rod"),
    (0, "draw bait"),
]


def test_a_game_ended_after_its_collect_is_laid_out_as_its_last_round_left_it() -> None:
    game = make_game("crazy-fishing", 2)
    state = game.state_from_setup(EXAMPLE_SETUP, 11)
    for seat, text in EXAMPLE_ACTIONS:
        state.apply(text, seat)
    setup = game.setup_of(state)
    assert (setup["phase"], setup["round"], setup["order"]) == ("over", 1, [1, 0])
    assert setup["caught_this_round"] == [{"seat": 1, "fish": "F3#1"}]
    twin = laid_out_again(state)
    assert_same_end(state, twin)
    assert twin.scores() == [12, 11] and twin.winners() == [0]


def test_a_game_ended_as_nobody_can_cast_is_laid_out_again() -> None:
    game = make_game("crazy-fishing", 2)
    state = game.state_from_setup({"hands": [["B2#1"], ["B3#1"]], "rod_deck": []}, 1)
    assert state.is_terminal()  # no rod in any hand: nobody can ever cast
    setup = game.setup_of(state)
    assert (setup["phase"], setup["casts"]) == ("over", [[], []])
    assert_same_end(state, laid_out_again(state))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_end_of_a_random_game_is_laid_out_again(players: int) -> None:
    game: Game[CrazyFishingState, Any] = make_game("crazy-fishing", players, **ALL_OOS)
    state = positions.finish(game)
    assert game.setup_of(state)["phase"] == "over"
    assert_same_end(state, laid_out_again(state))
