"""Same seed, same game; the global random generators (and numpy's) play no part."""

from __future__ import annotations

import importlib
import importlib.util
import random
from typing import Any

import pytest

from angler.core import Game
from angler.testing import (
    check_global_random_untouched,
    check_same_seed_same_game,
    check_seeds_differ,
    play_random,
    policy,
    snapshot,
)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_same_seed_gives_the_same_game(game: Game[Any, Any], seed: int) -> None:
    check_same_seed_same_game(game, seed)


@pytest.mark.parametrize("seed", [0, 1])
def test_the_global_random_generators_change_nothing(game: Game[Any, Any], seed: int) -> None:
    check_global_random_untouched(game, seed)


def test_different_seeds_deal_different_games(game: Game[Any, Any]) -> None:
    check_seeds_differ(game, range(5))


def test_seeding_the_global_random_module_differently_gives_the_same_game(
    game: Game[Any, Any],
) -> None:
    finals = []
    for global_seed in (1, 2):
        random.seed(global_seed)
        state = game.new_state(8)
        play_random(state, policy(8, "global-seed"))
        finals.append(snapshot(state))
    assert finals[0] == finals[1]


@pytest.mark.skipif(importlib.util.find_spec("numpy") is None, reason="numpy is not installed")
def test_numpys_global_generator_changes_nothing(game: Game[Any, Any]) -> None:
    numpy = importlib.import_module("numpy")

    finals = []
    for numpy_seed in (1, 2):
        numpy.random.seed(numpy_seed)
        state = game.new_state(9)
        rng = policy(9, "numpy")
        while not state.is_terminal():
            numpy.random.random()
            play_random(state, rng, steps=1)
        finals.append(snapshot(state))
    assert finals[0] == finals[1]
