"""The package imports, registers Fishing and plays a seeded game to the end."""

import random

from angler.core import get_game
from angler.games.fishing.game import FishingGame


def test_fishing_random_game_reaches_the_end() -> None:
    assert get_game("fishing") is FishingGame  # the name reaches the game's own class
    state = FishingGame(4).new_state(seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    assert state.round == 8 or state.overfished
    assert len(state.scores()) == 4
