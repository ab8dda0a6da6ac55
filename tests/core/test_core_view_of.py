"""``view_of``: a view made without the frozen dataclass's ``__init__`` (the server makes one per
seat per move) is the view that ``__init__`` makes, and refuses a missing or extra field."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from angler.core import Game, all_games, make_game
from angler.core.events import PUBLIC
from angler.core.view import View, view_of


@pytest.mark.parametrize("game_class", all_games(), ids=lambda g: g.name)
def test_every_games_views_are_what_the_dataclass_makes(game_class: type[Game[Any, Any]]) -> None:
    game = make_game(game_class.name)
    state = game.new_state(3)
    rng = random.Random(3)
    for _ in range(60):
        for seat in [PUBLIC, *range(game.players)]:
            view = state.view(seat)
            made = type(view)(**{f.name: getattr(view, f.name) for f in dataclasses.fields(view)})
            assert view == made and repr(view) == repr(made) and hash(view) == hash(made)
            assert vars(view) == vars(made)
        if state.is_terminal():
            break
        seat = rng.choice(state.current_players())
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)


def test_a_view_made_with_a_field_missing_or_unknown_is_refused() -> None:
    values: dict[str, Any] = {"game": "toy", "player": 0, "players": 2, "events": ()}
    assert view_of(View, dict(values)) == View(**values)
    with pytest.raises(TypeError, match="fields are"):
        view_of(View, {"game": "toy", "player": 0, "players": 2})
    with pytest.raises(TypeError, match="fields are"):
        view_of(View, {**values, "hand": ()})
