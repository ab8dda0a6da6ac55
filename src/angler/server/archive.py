"""Finished rooms, rebuilt from the store on request: the list, a room's record and replay, and
the final state a socket that comes back after the end is shown. A finished game never changes,
so the last few replays asked for are kept in memory.

Every method here is blocking (the store): call it from a worker thread.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Iterable
from typing import Any

from angler.core.errors import AnglerError
from angler.core.records import Record
from angler.server.api import FinishedRoom
from angler.server.journal import MemoryJournal, StoredAction, done_now
from angler.server.replays import ALL, replay_steps
from angler.server.rooms import Room
from angler.server.store import RoomFinishedError, Store
from angler.server.unfinished import UnfinishedError

REPLAYS_KEPT = 16  # finished games' replays kept in memory (a replay is read step by step)


class ReplaySeatError(AnglerError):
    code = "seat"


class FinishedJournal:
    """The journal of a finished room rebuilt to be shown: it stores nothing, refusing all."""

    def __init__(self, room_id: str) -> None:
        self.room_id = room_id

    def append(self, action: object) -> None:
        raise RoomFinishedError(f"room {self.room_id!r} is finished: it takes no more moves")

    def append_soon(self, action: StoredAction) -> asyncio.Future[None]:
        return done_now(lambda: self.append(action))

    def in_doubt(self) -> bool:
        return False

    def settle(self) -> None:
        """Nothing is ever stored here."""


class FinishedRooms:
    """The store's finished rooms (a room's record is refused while it runs)."""

    def __init__(
        self, store: Store, names_of: Callable[[Iterable[str]], dict[str, str]] | None = None
    ) -> None:
        self.store = store
        self.names_of = names_of  # accounts' names by id (``Accounts.names``)
        # The last few replays asked for, by room and viewer (a refusal, such as a game still
        # running, is not kept).
        self._replays = functools.lru_cache(maxsize=REPLAYS_KEPT)(self._replay)

    def finished(self) -> list[FinishedRoom]:
        return [
            FinishedRoom(
                room=room_id,
                game=header.game,
                players=len(header.seats),
                seats=list(header.seats),
                result=result,
            )
            for room_id, header, result in self.store.finished_rooms()
        ]

    def final(self, room_id: str) -> Room:
        """A finished room as it ended, rebuilt from the store with its seats' tokens: a socket
        that comes back after the end is shown the final state (its moves are refused: the
        game is over; nothing is written)."""
        room = Room.rebuild(
            self.store.header(room_id),
            self.store.actions(room_id),
            FinishedJournal(room_id),
            self.store.seat_tokens(room_id),
        )
        room.ended = (self.store.result(room_id) or {}).get("ended")
        room.owners = self.store.seat_accounts(room_id)  # its accounts' seats: a rematch's too
        if room.owners and self.names_of is not None:
            names = self.names_of(room.owners.values())
            room.names = {seat: names.get(owner, "") for seat, owner in room.owners.items()}
        return room

    def record(self, room_id: str) -> dict[str, Any]:
        """A finished room's record (docs/records.md), rebuilt from the store; refused while
        the game runs (it would show what no seat's view allows)."""
        record: dict[str, Any] = self._finished_record(room_id).to_json()
        return record

    def finished_record(self, room_id: str) -> Record:
        """A finished room's record (a review's: ``reviews.py``); UnfinishedError while live."""
        return self._finished_record(room_id)

    def _finished_record(self, room_id: str) -> Record:
        # The store says, not this node's memory: a room is stored finished, and listed so, a
        # moment before it leaves memory, and a client that saw it listed may ask at once.
        if not self.store.finished(room_id):  # UnknownRoomError for no such room
            raise UnfinishedError("the record is available once the game is over")
        room = Room.rebuild(
            self.store.header(room_id), self.store.actions(room_id), MemoryJournal()
        )
        return room.record()

    def replay(self, room_id: str, seat: str | None) -> dict[str, Any]:
        """A finished room step by step (``replays.py``); refused while the game runs."""
        players = len(self.store.header(room_id).seats)  # UnknownRoomError for no such room
        chosen: int | str | None = None
        if seat == ALL:
            chosen = ALL
        elif seat is not None:
            if not seat.isdigit() or int(seat) >= players:
                raise ReplaySeatError(f"seat must be 0 to {players - 1}, or all, not {seat[:20]!r}")
            chosen = int(seat)
        return self._replays(room_id, chosen)

    def _replay(self, room_id: str, seat: int | str | None) -> dict[str, Any]:
        steps = replay_steps(self._finished_record(room_id), seat)  # UnfinishedError: not kept
        result = self.store.result(room_id) or {}
        if result.get("ended") is not None:  # the game stopped before its end: the replay says how
            steps["ended"] = result["ended"]
        if result.get("resigned") and steps["steps"]:  # a resigned seat cannot win
            steps["steps"][-1]["winners"] = result.get("winners", [])
        return steps
