"""Every conformance test runs on every registered game at every player count it allows, and for
each option set the game lists in ``Game.variants`` (at the counts it allows:
``Game.configurations``); and on the toy game of ``tests/toy_game.py``,
which writes only the hooks every game must provide, to show the contract is that small.

A game registered later (a new folder under ``angler.games`` or an installed plug-in) is picked up
by ``all_games()`` here and gets every check without anyone editing this suite.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.toy_game import ToyGame

from angler.core import Game, all_games, make_game, registry

GAMES: list[type[Game[Any, Any]]] = [*all_games(), ToyGame]


def _label(options: dict[str, object]) -> str:
    return "".join(f"-{key}={value}" for key, value in sorted(options.items()))


CASES = [
    pytest.param((cls.name, players, options), id=f"{cls.name}-{players}p{_label(options)}")
    for cls in GAMES
    for players, options in cls.configurations()
]
NAMES = [pytest.param(cls.name, id=cls.name) for cls in GAMES]


def known(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game is known by name (records name their game) during its own cases only, so
    that nothing else (``angler games``, error messages listing the games) ever shows it."""
    if name == ToyGame.name:
        monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
        registry.register(ToyGame)


@pytest.fixture(params=CASES)
def game(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Game[Any, Any]:
    """One game configured for one of its player counts and option variants."""
    name, players, options = request.param
    known(name, monkeypatch)
    return make_game(name, players, **options)


@pytest.fixture(params=NAMES)
def game_name(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The name of one game."""
    name: str = request.param
    known(name, monkeypatch)
    return name
