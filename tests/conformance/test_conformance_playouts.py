"""Seeded random games reach the end, and the state protocol holds at every step.

At each step: somebody decides until the game is over; every deciding seat has legal actions, no
other seat has any; legal actions are distinct ints; each round-trips through its text and the
codec. 1000 games per player count run in all: 50 always, the rest marked slow (set
``ANGLER_CONFORMANCE_GAMES`` to run more or fewer). The slow ones check every step in the first
``STEP_CHECKED_PER_CHUNK`` games of each chunk (100 games per player count in all with the quick
ones) and the others at their end: every game still plays to its end through the public API,
each action checked legal, for a quarter of the cost.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from angler.core import Game
from angler.testing import check_random_playouts, check_step, play_random, policy

QUICK_GAMES = 50
TOTAL_GAMES = max(QUICK_GAMES, int(os.environ.get("ANGLER_CONFORMANCE_GAMES", "1000")))
SLOW_CHUNKS = 5  # spread over the test workers
SLOW_GAMES_PER_CHUNK = -(-(TOTAL_GAMES - QUICK_GAMES) // SLOW_CHUNKS)
STEP_CHECKED_PER_CHUNK = 10


def test_random_playouts_reach_the_end_keeping_the_protocol(game: Game[Any, Any]) -> None:
    steps = check_random_playouts(game, range(QUICK_GAMES))
    assert steps >= QUICK_GAMES  # every game took at least one action


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(SLOW_CHUNKS))
def test_a_thousand_random_playouts_per_player_count(game: Game[Any, Any], chunk: int) -> None:
    first = 1000 + chunk * SLOW_GAMES_PER_CHUNK
    seeds = range(first, first + SLOW_GAMES_PER_CHUNK)
    steps = check_random_playouts(game, seeds, step_checked=STEP_CHECKED_PER_CHUNK)
    assert steps >= SLOW_GAMES_PER_CHUNK


def test_a_finished_game_offers_nobody_anything(game: Game[Any, Any]) -> None:
    state = game.new_state(7)
    play_random(state, policy(7, "finished"))
    assert state.is_terminal()
    assert state.current_players() == ()
    assert all(state.legal_actions(seat) == [] for seat in range(game.players))
    check_step(state, "finished game")
