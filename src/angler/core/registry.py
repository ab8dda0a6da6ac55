"""The games by name, found through their entry points (``plugins.GAMES``); nothing here lists them.

Each entry point names a game class (``name = "module:GameClass"`` in
``pyproject.toml``), so a new game is a package declaring one, built in or installed apart
(``core/plugins.py``); no central list is edited and nothing in ``core`` imports a game.
"""

from __future__ import annotations

import threading
from typing import Any, TypeVar

from angler.core.errors import UnknownGameError
from angler.core.game import Game
from angler.core.plugins import GAMES, load_plugins

_GAMES: dict[str, type[Game[Any, Any]]] = {}
_discovered = False

G = TypeVar("G", bound=type[Game[Any, Any]])


def register(cls: G) -> G:
    """Class decorator: make a game available by its ``name``."""
    if cls.name in _GAMES and _GAMES[cls.name] is not cls:
        raise ValueError(f"two games are named {cls.name!r}")
    _GAMES[cls.name] = cls
    return cls


_discovering = threading.RLock()


def _discover() -> None:
    # Under a lock, and marked done only once every game is imported: the server asks from
    # several threads at once, and none may see a half-filled registry.
    global _discovered
    if _discovered:
        return
    with _discovering:
        if _discovered:
            return
        for entry_name, cls in load_plugins(GAMES):
            _register_entry(entry_name, cls)
        _discovered = True


def _register_entry(entry_name: str, cls: Any) -> None:
    # The entry point's name is the game's: a mismatch would list a game under a name that
    # then is refused.
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"the {GAMES} entry point {entry_name!r} names no Game class")
    if cls.name != entry_name:
        raise ValueError(f"the {GAMES} entry point {entry_name!r} names game {cls.name!r}")
    register(cls)


def all_games() -> list[type[Game[Any, Any]]]:
    _discover()
    return [_GAMES[name] for name in sorted(_GAMES)]


def get_game(name: str) -> type[Game[Any, Any]]:
    _discover()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGameError(f"unknown game {name!r} (games: {known})") from None


def make_game(name: str, /, players: int | None = None, **options: Any) -> Game[Any, Any]:
    """The game ``name`` configured for ``players`` with ``options``; validates both. (``name``
    is positional-only, so an option of any name, even ``name``, reaches the game's check.)"""
    return get_game(name)(players, **options)
