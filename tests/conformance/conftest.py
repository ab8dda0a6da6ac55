"""Every conformance test runs on every registered game at every player count it allows, and for
each option set the game lists in ``Game.variants``.

A game registered later (a new folder under ``angler.games`` or an installed plug-in) is picked up
by ``all_games()`` here and gets every check without anyone editing this suite.
"""

from __future__ import annotations

from typing import Any

import pytest

from angler.core import Game, all_games, make_game


def _label(options: dict[str, object]) -> str:
    return "".join(f"-{key}={value}" for key, value in sorted(options.items()))


CASES = [
    pytest.param((cls.name, players, options), id=f"{cls.name}-{players}p{_label(options)}")
    for cls in all_games()
    for options in cls.variants
    for players in range(cls.min_players, cls.max_players + 1)
]
NAMES = [pytest.param(cls.name, id=cls.name) for cls in all_games()]


@pytest.fixture(params=CASES)
def game(request: pytest.FixtureRequest) -> Game[Any, Any]:
    """One registered game configured for one of its player counts and option variants."""
    name, players, options = request.param
    return make_game(name, players, **options)


@pytest.fixture(params=NAMES)
def game_name(request: pytest.FixtureRequest) -> str:
    """The name of one registered game."""
    name: str = request.param
    return name
