"""The room's turn: one asyncio lock per live room, so its changes (a move, a seating change, a
note) and the states they send (fan-out, a socket's welcome) run one at a time, in order."""

from __future__ import annotations

import asyncio


class Turns:
    """Each room's lock, made on first use and forgotten once a finished room's last socket left."""

    def __init__(self) -> None:
        self.locks: dict[str, asyncio.Lock] = {}

    def turn(self, room_id: str) -> asyncio.Lock:
        """The room's turn: one change (and one fan-out, one welcome) at a time, in order."""
        return self.locks.setdefault(room_id, asyncio.Lock())

    def forget(self, room_id: str) -> None:
        self.locks.pop(room_id, None)
