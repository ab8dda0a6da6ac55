"""Fishing's view (``games/fishing/view.py``): ``build_view`` fills the frozen view's fields
itself, faster than the dataclass's ``__init__``; it must give every field, and nothing else."""

from __future__ import annotations

import dataclasses
import random

import pytest

from angler.core.events import PUBLIC
from angler.games.fishing.game import FishingGame
from angler.games.fishing.view import FishingView, build_view

FIELDS = {field.name for field in dataclasses.fields(FishingView)}


@pytest.mark.parametrize("players", [3, 5])
def test_a_built_view_holds_every_field_as_the_dataclass_would(players: int) -> None:
    state = FishingGame(players).new_state(7)
    rng = random.Random(players)
    for _ in range(60):
        for seat in [*range(players), PUBLIC]:
            view = build_view(state, seat)
            assert set(vars(view)) == FIELDS
            twin = FishingView(**vars(view))  # through the dataclass's own __init__
            assert twin == view
            assert hash(twin) == hash(view)
            assert repr(twin) == repr(view)
            with pytest.raises(dataclasses.FrozenInstanceError):
                view.round = 0  # type: ignore[misc]
        seat = rng.choice(state.current_players())
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
