"""Positions for set-up tests, any game: one reached in seeded random play, and the same position
written down and laid out again."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from angler.core.game import Game
from angler.core.state import State
from angler.testing import choose, policy

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
