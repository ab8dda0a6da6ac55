"""The people at each live room's table: which sockets watch it (and which seats they hold),
what the table shows of each seat (here, away, played by a bot, resigned, waiting), the notes
about people, and the wait after which a room everyone left ends as abandoned.

All on the event loop. A bot taking a seat over is the driver's (``bots.py``): this module tells
it when a person's seat gains its first socket or loses its last.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from angler.server.bots import BotDriver
from angler.server.connection import Connection
from angler.server.rooms import OPEN, Room
from angler.server.seating import ABANDONED, chosen_settings, seating_settings
from angler.server.turns import Turns

EndRoom = Callable[[str, str], Awaitable[None]]  # ends a live room unfinished, saying how


class Presence:
    """The live ``rooms``' sockets and people; ``drivers`` are their bots (read only here),
    ``turns`` their turns, and ``end_room`` ends a room everyone left."""

    def __init__(
        self,
        rooms: Mapping[str, Room],
        drivers: Mapping[str, BotDriver],
        turns: Turns,
        end_room: EndRoom,
    ) -> None:
        self.rooms = rooms
        self.drivers = drivers
        self.turns = turns
        self.end_room = end_room
        self.sockets: dict[str, set[Connection]] = {}
        self._abandon: dict[str, asyncio.Task[None]] = {}  # rooms every person has left
        self._notes: set[asyncio.Task[None]] = set()  # notes being written (kept from the GC)

    # ----- sockets -----
    def join(self, room_id: str, connection: Connection) -> None:
        watching = self.sockets.setdefault(room_id, set())
        arrived = connection.seat is not None and not _seated(watching, connection.seat)
        watching.add(connection)
        if arrived and connection.seat is not None:
            self.seat_present(room_id, connection.seat, True)
            self.stop_abandon(room_id)
            self.soon(room_id)  # everyone sees the seat here

    def part(self, room_id: str, connection: Connection) -> None:
        watching = self.sockets.get(room_id, set())
        watching.discard(connection)
        if connection.seat is not None and not _seated(watching, connection.seat):
            self.seat_present(room_id, connection.seat, False)
            self.watch_abandon(room_id)
            self.soon(room_id)  # everyone sees the seat away
        if not watching and room_id not in self.rooms:  # a finished room's last socket left
            self.sockets.pop(room_id, None)
            self.turns.forget(room_id)

    def here(self, room_id: str) -> set[int]:
        """The seats with a socket in the room."""
        return {c.seat for c in self.sockets.get(room_id, ()) if c.seat is not None}

    # ----- what the table shows -----
    def presence(self, room_id: str, room: Room) -> list[dict[str, Any]]:
        """Each seat's person as the table shows them: ``here``, ``away`` (with the seconds
        until a bot takes over), played by a ``bot``, ``resigned``, or ``waiting`` to be taken
        (with the seconds until the creator is offered to give it to a bot)."""
        driver = self.drivers.get(room_id)
        here = self.here(room_id)
        settings = room.header.settings
        waited = time.monotonic() - room.opened
        takeover = driver.takeover_kind if driver is not None else "normal"
        seats: list[dict[str, Any]] = []
        for seat, kind in enumerate(room.kinds):
            entry: dict[str, Any] = {"seat": seat}
            if not room.is_person(seat):
                entry.update(kind="bot", state="bot", bot=kind)
            elif seat in room.resigned:
                entry.update(kind="person", state="resigned", bot=takeover)
            elif not room.tokens.claimed(seat):
                wait = seating_settings(chosen_settings(settings), room.kinds)["claim_wait"]
                entry.update(
                    kind="invitation" if kind == OPEN else "public",
                    state="waiting",
                    offer_in_s=round(max(0.0, wait - waited), 1),
                )
            elif seat in here:
                entry.update(kind="person", state="here")
            elif driver is not None and driver.taken_over(seat):
                entry.update(kind="person", state="bot", bot=takeover)
            else:
                entry.update(kind="person", state="away")
                left = driver.grace_left(seat) if driver is not None else None
                if left is not None:
                    entry["takeover_in_s"] = left
            if entry["kind"] == "person":  # the table shows who: an account's name, or a guest
                entry["name"] = room.names.get(seat) or f"Guest {seat + 1}"
                rating = room.ratings.get(seat)
                if rating is not None:  # an account's, in this game: mu ± sigma
                    entry["rating"] = {"mu": round(rating[0], 1), "sigma": round(rating[1], 1)}
            seats.append(entry)
        return seats

    def soon(self, room_id: str) -> None:
        """Tell the room's sockets of a change that is not a move: who is here, and the notes
        about people, in a ``presence`` message (a state would claim a new version)."""
        room = self.rooms.get(room_id)
        if room is None:
            return
        seats = self.presence(room_id, room)
        for connection in list(self.sockets.get(room_id, ())):
            if connection.told is not None:  # it has its state: this goes on from there
                notes = room.notes_for(connection.seat)
                connection.offer({"type": "presence", "seats": seats, "notes": notes})

    # ----- rooms everyone left -----
    def watch_abandon(self, room_id: str) -> None:
        """Every person who took a seat has left: the room ends as abandoned after its wait,
        unless one of them comes back first."""
        room = self.rooms.get(room_id)
        if room is None or room.over or room_id in self._abandon or not self._all_left(room_id):
            return
        wait = seating_settings(chosen_settings(room.header.settings), room.kinds)["abandon"]

        async def abandon() -> None:
            await asyncio.sleep(wait)
            self._abandon.pop(room_id, None)
            # Again: someone may have come back as the wait ran out.
            if self.rooms.get(room_id) is room and not room.over and self._all_left(room_id):
                await self.end_room(room_id, ABANDONED)

        self._abandon[room_id] = asyncio.get_running_loop().create_task(abandon())

    def _all_left(self, room_id: str) -> bool:
        """Whether the room has people who took a seat (and play on) and none is here."""
        room = self.rooms.get(room_id)
        if room is None:
            return False
        here = self.here(room_id)
        people = {
            seat
            for seat in range(room.players)
            if room.is_person(seat) and room.tokens.claimed(seat) and seat not in room.resigned
        }
        return bool(people) and not here & people

    def stop_abandon(self, room_id: str) -> None:
        task = self._abandon.pop(room_id, None)
        if task is not None:
            task.cancel()

    # ----- the bots' part in it -----
    def seat_changed(self, room_id: str, change: str, seat: int) -> None:
        """The bots took a person's seat over, or handed it back: the log says so. The note
        takes the room's lock, which a move's database write may hold: in a worker thread."""
        room = self.rooms.get(room_id)
        if room is None:
            return

        async def note() -> None:
            async with self.turns.turn(room_id):
                room.note(change, seat)
            self.soon(room_id)

        task = asyncio.get_running_loop().create_task(note())
        self._notes.add(task)
        task.add_done_callback(self._notes.discard)

    def away_from_the_start(self, room_id: str) -> None:
        """People who took a seat but have no socket here (a new room, a claim over HTTP, a
        restart): their grace runs as if they had just left, so the others are not held up."""
        room, driver = self.rooms.get(room_id), self.drivers.get(room_id)
        if room is None or driver is None:
            return
        here = self.here(room_id)
        for seat in range(room.players):
            if room.is_person(seat) and room.tokens.claimed(seat) and seat not in here:
                driver.seat_left(seat)

    def seat_present(self, room_id: str, seat: int, present: bool) -> None:
        """A person's seat gained its first socket (``present``) or lost its last: a bot holds
        it after the room's grace period, and hands it back on return."""
        driver = self.drivers.get(room_id)
        if driver is None:
            return
        if present:
            driver.seat_returned(seat)
        else:
            driver.seat_left(seat)

    def cancel_abandons(self) -> None:
        """The server stops: no room ends as abandoned meanwhile."""
        for task in self._abandon.values():
            task.cancel()
        self._abandon.clear()


def _seated(connections: set[Connection], seat: int) -> bool:
    return any(connection.seat == seat for connection in connections)
