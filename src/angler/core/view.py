"""A player's view: the one thing any interface, log, export or bot is allowed to read."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class View:
    """Base of every game's view. ``events`` holds the log entries this player may see."""

    game: str
    player: int
    players: int
    events: tuple[tuple[Any, ...], ...]

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary of every field."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    return value
