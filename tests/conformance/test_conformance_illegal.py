"""An illegal action raises IllegalActionError, one line naming a rule, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from angler.core import Game, IllegalActionError
from angler.testing import check_illegal_actions, play_random, policy, snapshot


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_illegal_actions_raise_and_change_nothing(game: Game[Any, Any], seed: int) -> None:
    check_illegal_actions(game, seed, points=8)


def test_a_seat_that_does_not_decide_now_cannot_act(game: Game[Any, Any]) -> None:
    state = game.new_state(2)
    rng = policy(2, "not-your-turn")
    tried = 0
    while not state.is_terminal():
        current = state.current_players()
        idle = [seat for seat in range(game.players) if seat not in current]
        if idle:
            code = state.legal_actions(current[0])[0]
            before = snapshot(state)
            with pytest.raises(IllegalActionError) as caught:
                state.apply_action(code, idle[0])
            assert caught.value.rule and caught.value.rule in str(caught.value)
            assert "\n" not in str(caught.value)
            assert snapshot(state) == before
            tried += 1
        play_random(state, rng, steps=1)
    assert tried > 0


def test_nothing_is_legal_once_the_game_is_over(game: Game[Any, Any]) -> None:
    state = game.new_state(6)
    codes: set[int] = set()
    rng = policy(6, "over")
    while not state.is_terminal():
        codes.update(state.legal_actions(state.current_players()[0]))
        play_random(state, rng, steps=1)
    before = snapshot(state)
    for code in sorted(codes)[:5]:
        with pytest.raises(IllegalActionError):
            state.apply_action(code, 0)
    assert snapshot(state) == before
