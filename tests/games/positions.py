"""Positions for set-up tests, any game: one reached in seeded random play (or its end), and the
same position written down and laid out again."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from angler.core.game import Game
from angler.core.state import State
from angler.testing import choose, play_random, policy

S = TypeVar("S", bound=State[Any])


def reach(game: Game[S, Any], predicate: Callable[[S], bool], seeds: int = 60) -> S:
    """The first position of a seeded random game where ``predicate`` holds."""
    for seed in range(seeds):
        state = game.new_state(seed)
        rng = policy(seed, "reach")
        while not state.is_terminal():
            if predicate(state):
                return state
            seat, action = choose(state, rng)
            state.apply_action(action, seat)
    raise AssertionError("no seeded game reached the position")


def finish(game: Game[S, Any], predicate: Callable[[S], bool] = bool, seeds: int = 60) -> S:
    """The final position of the first seeded random game whose end ``predicate`` holds for."""
    for seed in range(seeds):
        state = game.new_state(seed)
        play_random(state, policy(seed, "finish"))
        if predicate(state):
            return state
    raise AssertionError("no seeded game ended so")


def laid_out_again(state: S) -> S:
    """``state`` written down, passed through JSON and laid out from the same seed."""
    game: Game[S, Any] = state.game
    setup = json.loads(json.dumps(game.setup_of(state)))
    return game.state_from_setup(setup, state.chance.seed)


def assert_same_position(state: State[Any], twin: State[Any]) -> None:
    """Every seat sees the same (the log aside: a set-up carries no history) and may do the same."""
    for seat in range(state.game.players):
        assert replace(twin.view(seat), events=()) == replace(state.view(seat), events=())
        assert twin.legal_actions(seat) == state.legal_actions(seat)


def assert_same_end(state: State[Any], twin: State[Any]) -> None:
    """Both games are over, every seat sees the same and may do nothing, and the scores and
    winners agree."""
    assert state.is_terminal() and twin.is_terminal()
    assert_same_position(state, twin)
    assert not any(twin.legal_actions(seat) for seat in range(twin.game.players))
    assert twin.scores() == state.scores() and twin.winners() == state.winners()
