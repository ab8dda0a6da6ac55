"""Games register themselves with :func:`register`; nothing here lists them.

Discovery imports every module under ``angler.games`` and every ``angler.games`` entry point, so a
new game is a new folder (or an installed plug-in) and no central list is edited.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from importlib.metadata import entry_points
from typing import Any, TypeVar

from angler.core.errors import UnknownGameError
from angler.core.game import Game

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
        import angler.games as package

        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{module.name}")
        for entry in entry_points(group="angler.games"):
            entry.load()
        _discovered = True


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
