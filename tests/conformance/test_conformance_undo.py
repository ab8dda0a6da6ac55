"""Undo fairness read from a move's events agrees with re-dealing what its maker could not see
and replaying the move, on random positions of every game (``check_undo_fairness``)."""

from __future__ import annotations

from typing import Any

import pytest

from angler.core import Game
from angler.core.fairness import fair_to_undo
from angler.testing import UndoTally, check_undo_fairness, fair_by_redeal, play_random, policy

SEEDS = [0, 1, 2]
KNOWN_ALREADY = 0.05
"""Of the moves compared, the share the events may call final where four re-deals saw nothing
shown: a fish its maker had looked at with a Fish Finder, a pile's last card (known by counting),
or a two-card deck the re-deals happened to stack alike. A missing ``reveals`` would be far more."""


def test_the_events_never_let_an_undo_through_that_the_re_deals_refuse(
    game: Game[Any, Any],
) -> None:
    tally = UndoTally()
    for seed in SEEDS:
        check_undo_fairness(game, seed, tally)  # raises where the events are more permissive
    assert tally.moves > 0
    # In a small variant what is known by counting is a large share of the moves: Fishing's
    # mini has hands of 2 (a hand's last card); Crazy Fishing's has 3 fish, one of them the
    # only fish of its back (its flip shows nothing), the other two alike until one is flipped.
    # Calling such a move final is strict, never unfair: the check above is what guards fairness.
    short = (game.encoding.max_game_length() or 99) < 20 if game.encoding else False
    share = 6 * KNOWN_ALREADY if short else KNOWN_ALREADY
    assert len(tally.known_already) <= share * tally.moves, tally.known_already[:5]


def test_some_moves_may_be_taken_back_and_some_may_not(game: Game[Any, Any]) -> None:
    """The check compares both outcomes: each game has moves of both kinds."""
    if game.chance_deals() is not None:
        pytest.skip(  # Fishing's mini: tricks and catches are public, so is the second round
            "all chance is in the deal and no move shows its maker a hidden card"
        )
    state = game.new_state(4)
    rng = policy(4, "undo-both")
    seen: set[tuple[bool, bool]] = set()
    while not state.is_terminal() and len(seen) < 2:
        before = state.clone()
        ((seat, action),) = play_random(state, rng, steps=1)
        seen.add((fair_to_undo(before, state, seat), fair_by_redeal(before, state, seat, action)))
    assert seen >= {(True, True), (False, False)}


@pytest.mark.parametrize("seed", [0, 1])
def test_a_move_that_draws_chance_is_final_whatever_its_events(
    game: Game[Any, Any], seed: int
) -> None:
    state = game.new_state(seed)
    rng = policy(seed, "undo-chance")
    while not state.is_terminal():
        before = state.clone()
        ((seat, _),) = play_random(state, rng, steps=1)
        if state.chance.counter != before.chance.counter:
            assert not fair_to_undo(before, state, seat)
            return
    pytest.skip("no chance event after the deal")  # pragma: no cover
