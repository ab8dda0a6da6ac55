"""Any Fishing position can be written down: ``setup_of`` and ``state_from_setup`` are inverses
for a trick under way (its lead, a call, a 0 choosing its catch, a pass being chosen), the former
trick's leader used for tie-breaks, what the players know, and a finished game (how its last
trick ended, after round 8 or overfishing)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from tests.games import positions
from tests.games.positions import assert_same_end, assert_same_position, laid_out_again

from angler.core import AnglerError, make_game
from angler.core.game import Game
from angler.games.fishing.game import FishingGame
from angler.games.fishing.rules import CHOOSE_CALL, CHOOSE_CATCH, CHOOSE_PASS, FishingState

GAME = FishingGame(3)


def reach(predicate: Callable[[FishingState], bool], players: int = 3) -> FishingState:
    """The first position of a seeded random game where ``predicate`` holds."""
    game: Game[FishingState, Any] = make_game("fishing", players)
    return positions.reach(game, predicate, seeds=40)


def lay_out(setup: dict[str, Any]) -> FishingState:
    return GAME.state_from_setup(setup, 1)


def test_a_trick_under_way_is_laid_out_from_its_leader_on() -> None:
    state = lay_out({"leader": 2, "trick": ["Y2"], "hands": [["Y7", "G3"], ["Y10", "B5"], ["R9"]]})
    assert state.trick_seats == [2] and state.current_players() == (0,)
    assert [GAME.action_to_string(code) for code in state.legal_actions(0)] == ["play Y7"]
    assert GAME.setup_of(state)["trick"] == ["Y2"]


def test_a_hand_that_played_to_the_trick_holds_one_card_fewer() -> None:
    with pytest.raises(AnglerError, match="same, non-zero number of cards"):
        lay_out({"trick": ["Y2"], "hands": [["Y7", "G3"], ["Y10", "B5"], ["R9", "B3"]]})


def test_a_call_is_made_before_the_trick_s_first_card() -> None:
    hands = [["Y7", "G3"], ["Y10", "B5"], ["Y2", "R9"]]
    due = lay_out({"caller": 1, "hands": hands})
    assert due.phase == CHOOSE_CALL and due.current_players() == (1,)
    assert_same_position(due, laid_out_again(due))
    called = lay_out({"caller": 1, "call": "blue", "hands": hands})
    assert called.view(0).call_suit == 0 and called.current_players() == (0,)
    with pytest.raises(AnglerError, match="before the trick's first card"):
        lay_out({"caller": 1, "trick": ["Y7"], "hands": [["G3"], ["Y10", "B5"], ["Y2", "R9"]]})


@pytest.mark.parametrize("phase", [CHOOSE_CATCH, CHOOSE_PASS], ids=["catch", "pass"])
def test_a_decision_inside_a_trick_is_laid_out_again_and_plays_on_the_same(phase: int) -> None:
    state = reach(lambda s: s.phase == phase and (phase != CHOOSE_PASS or s.pass_choice[0] >= 0))
    twin = laid_out_again(state)
    assert_same_position(state, twin)
    for _ in range(6):
        seat = state.current_players()[-1]
        action = state.legal_actions(seat)[-1]
        state.apply_action(action, seat)
        twin.apply_action(action, seat)
        assert_same_position(state, twin)


def test_the_former_trick_s_leader_is_written_down_for_tie_breaks() -> None:
    state = reach(lambda s: s.former_leader != s.leader and not s.trick)
    setup = GAME.setup_of(state)
    assert setup["former_leader"] == state.former_leader != setup["leader"]
    assert laid_out_again(state).tie_break(0) == state.tie_break(0)


def test_what_the_players_know_is_written_down() -> None:
    state = reach(lambda s: s.round >= 2 and any(s.known_pass))
    twin = laid_out_again(state)
    assert twin.may_hold == state.may_hold and twin.known_pass == state.known_pass
    assert twin.seen_mask == state.seen_mask
    assert twin.stock_layers == state.stock_layers and twin.ocean_masks == state.ocean_masks


def test_the_chance_counter_lets_a_position_draw_the_same_luck_next() -> None:
    """The round's end reshuffles the fishers: with the counter, the twin reshuffles alike."""
    state = reach(lambda s: s.round == 1 and sum(map(len, s.hands)) == 1)
    twin = laid_out_again(state)
    seat = state.current_player()
    action = state.legal_actions(seat)[0]
    state.apply_action(action, seat)
    twin.apply_action(action, seat)
    assert twin.stock == state.stock and twin.hands == state.hands


def play_the_last_trick(setup: dict[str, Any]) -> FishingState:
    """The round-8 position ``setup`` played out with each seat's first legal card."""
    state = lay_out({"round": 8, **setup})
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(state.legal_actions(seat)[0], seat)
    return state


def test_a_finished_game_writes_down_how_its_last_trick_ended() -> None:
    state = play_the_last_trick({"hands": [["Y7"], ["Y10"], ["R9"]], "scores": [40, 41, 42]})
    setup = GAME.setup_of(state)
    assert setup["over"] is True and setup["hands"] == [[], [], []]
    assert setup["last_trick"] == {"winner": 1, "winning_card": "Y10", "led": "yellow"}
    twin = laid_out_again(state)
    assert_same_end(state, twin)
    assert twin.turn == state.turn == 2  # the seat before the leader played the last card
    assert twin.winners() == [1] and twin.scores() == [40, 44, 42]  # a point per card caught


def test_a_finished_game_whose_call_nobody_followed_keeps_the_call() -> None:
    state = play_the_last_trick({"caller": 1, "call": "blue", "hands": [["Y7"], ["Y10"], ["R9"]]})
    setup = GAME.setup_of(state)
    assert (setup["caller"], setup["call"]) == (1, "blue")
    assert setup["last_trick"] == {"winner": 1, "winning_card": None, "led": "blue"}
    assert_same_end(state, laid_out_again(state))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_end_of_a_random_game_is_laid_out_again(players: int) -> None:
    game: Game[FishingState, Any] = make_game("fishing", players)
    state = positions.finish(game)
    assert_same_end(state, laid_out_again(state))


def test_an_overfished_game_is_laid_out_again_in_the_last_round_played() -> None:
    game: Game[FishingState, Any] = make_game("fishing", 5)
    state = positions.finish(game, lambda s: s.overfished)
    setup = state.game.setup_of(state)
    assert setup["overfished"] and setup["over"] and setup["round"] < 8
    twin = laid_out_again(state)
    assert_same_end(state, twin)
    assert twin.overfished and twin.round == state.round


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hands": [["Y7"], ["Y10"], ["R9"]]}, "a finished game ('over') has empty 'hands'"),
        ({"fishers": [["Y7"], [], []]}, "a finished game ('over') has empty 'hands'"),
        ({"round": 5}, "a game ends ('over') after round 8, or earlier 'overfished'"),
        ({"caller": 1}, "the last trick's 'caller' and the colour called ('call') go together"),
        ({"caller": 1, "call": "blue", "last_trick": {"led": "red"}}, "is the 'call'"),
        ({"last_trick": {"winner": 3}}, "'last_trick.winner' must be a seat from 0 to 2, not 3"),
        ({"last_trick": {"led": "buoy"}}, "setup: 'last_trick.led' must be one of blue, purple"),
        (
            {"over": False, "hands": [["B4"], ["B5"], ["R9"]], "last_trick": {}},
            "setup 'last_trick' needs 'over'",
        ),
        (
            {"over": False, "hands": [["B4"], ["B5"], ["R9"]], "overfished": True},
            "setup 'overfished' needs 'over'",
        ),
    ],
)
def test_a_finished_game_s_setup_is_refused_on_one_line_naming_the_key(
    change: dict[str, Any], message: str
) -> None:
    setup = {"round": 8, "over": True, "hands": [[], [], []], "stockrooms": [["Y7"], [], []]}
    with pytest.raises(AnglerError, match=re.escape(message)):
        lay_out({**setup, **change})


def test_the_finished_game_of_docs_records_is_laid_out_as_over() -> None:
    state = lay_out(
        {
            "round": 8,
            "over": True,
            "leader": 0,
            "scores": [40, 44, 42],
            "hands": [[], [], []],
            "stockrooms": [[], ["Y10", "Y7", "R9"], []],
            "last_trick": {"winner": 1, "winning_card": "Y10", "led": "yellow"},
        }
    )
    assert state.is_terminal() and state.winners() == [1]
    assert_same_end(state, laid_out_again(state))


def test_a_finished_game_may_leave_its_last_trick_out() -> None:
    state = lay_out({"round": 8, "over": True, "hands": [[], [], []], "scores": [3, 9, 9]})
    assert state.is_terminal() and state.current_players() == ()
    assert state.winners() == [1, 2] and state.winner == -1
