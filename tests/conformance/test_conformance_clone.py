"""A clone equals its original and then lives its own life; the same actions end the same."""

from __future__ import annotations

from typing import Any

import pytest

from angler.core import Game
from angler.core.fields import declared_fields, undeclared
from angler.testing import apply_all, check_clone_independence, play_random, policy, snapshot


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_clone_is_independent_of_its_original(game: Game[Any, Any], seed: int) -> None:
    check_clone_independence(game, seed, points=4)


def test_a_clone_taken_before_a_round_end_reshuffles_like_its_original(
    game: Game[Any, Any],
) -> None:
    """Chance is copied, not shared: both sides of a clone draw the same shuffles later."""
    state = game.new_state(11)
    play_random(state, policy(11, "clone-chance"), steps=40)
    twin = state.clone()
    rest = play_random(state, policy(11, "clone-chance-rest"))
    apply_all(twin, rest, "twin")
    assert snapshot(twin) == snapshot(state)
    assert twin.scores() == state.scores()


def test_a_clone_of_a_finished_game_is_finished_with_the_same_scores(game: Game[Any, Any]) -> None:
    state = game.new_state(5)
    play_random(state, policy(5, "clone-end"))
    twin = state.clone()
    assert twin.is_terminal()
    assert twin.scores() == state.scores()
    assert twin.history == state.history
    assert snapshot(twin) == snapshot(state)


def test_every_field_of_a_game_state_has_a_copy_policy(game: Game[Any, Any]) -> None:
    """Clone is written from the declared fields, so a field without a policy would be lost."""
    cls = type(game.new_state(0))
    assert undeclared(cls) == []
    assert {"game", "chance", "history", "events"} <= set(
        declared_fields(cls)
    )  # the core's, inherited
