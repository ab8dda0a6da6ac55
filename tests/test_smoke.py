"""The package imports, registers Fishing and plays a seeded game to the end."""

import random

from angler.core import make_game
from angler.games.fishing.rules import FishingState


def test_fishing_random_game_reaches_the_end() -> None:
    state = make_game("fishing", 4).new_state(seed=3)
    assert isinstance(state, FishingState)
    rng = random.Random(3)
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    assert state.round == 8 or state.overfished
    assert len(state.scores()) == 4
