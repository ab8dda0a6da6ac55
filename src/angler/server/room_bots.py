"""Each live room's bot driver (``bots.py``) as the server keeps them: the turn clock every state
carries, the creator's pace and seats given to bots, and the drivers' end (a finished room's, or
all of them when the server stops)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from starlette.concurrency import run_in_threadpool

from angler.core.errors import AnglerError
from angler.core.numbers import decimal
from angler.server.bots import DEFAULT_CAP, BotDriver, shutdown_pool
from angler.server.journal import RoomHeader
from angler.server.rooms import IllegalMoveError, Room
from angler.server.searches import BotCap

MAX_PACE_MS = 10_000  # the slowest pace a table may choose

Reseat = Callable[[str], Callable[[RoomHeader], None]]  # stores a room's new seating


class RoomBots:
    """The live rooms' drivers by room id (made by ``Hub.start_bots``); ``reseat`` stores a
    room's new seating before it counts (``RoomRegistry.reseat``)."""

    def __init__(self, reseat: Reseat, bot_cap: BotCap = DEFAULT_CAP) -> None:
        self.drivers: dict[str, BotDriver] = {}
        self.reseat = reseat
        self.bot_cap = bot_cap

    def timers(self, room_id: str) -> dict[str, float]:
        """The room's turn clock for every payload: seconds left by seat (as JSON keys) for each
        person whose turn timer runs; empty when the room has none."""
        driver = self.drivers.get(room_id)
        if driver is None:
            return {}
        driver.observe()  # this version's timers, before anyone is told of it
        return {str(seat): left for seat, left in driver.clock().items()}

    def takeover(self, room_id: str) -> str:
        """The bot level that plays for people in this room (the ``takeover`` setting)."""
        driver = self.drivers.get(room_id)
        return driver.takeover_kind if driver is not None else "normal"

    def set_pace(self, room_id: str, room: Room, token: object, pace_ms: object) -> None:
        """The creator sets how long bots wait before each move, stored with the room's
        settings (blocking: a worker thread)."""
        room.seat_of(token)  # TokenError first: a stranger learns nothing of the value's checks
        try:
            pace = int(decimal(pace_ms, "pace_ms", 0, MAX_PACE_MS))
        except AnglerError as exc:
            raise IllegalMoveError(str(exc)) from None
        room.set_pace(token, pace, self.reseat(room_id))
        driver = self.drivers.get(room_id)
        if driver is not None:
            driver.set_pace(pace / 1000)

    async def fill(
        self, room_id: str, room: Room, token: object, seat: object, bot: object
    ) -> None:
        """The creator gives a seat nobody took to a bot, within the server's cap."""
        given = token, seat, bot, self.reseat(room_id), self.bot_cap.problem
        await run_in_threadpool(room.fill, *given)
        driver = self.drivers.get(room_id)
        if driver is not None and isinstance(seat, int):
            driver.seat_filled(seat)  # on the event loop: it may start the driver's task

    def retire(self, room_id: str) -> None:
        """A finished room's bots stop (in a task of their own: this may run inside theirs)."""
        driver = self.drivers.pop(room_id, None)
        if driver is not None:
            asyncio.get_running_loop().create_task(driver.close())

    async def stop(self) -> None:
        """The server stops: every driver, then the shared pool of search bots."""
        drivers = list(self.drivers.values())
        self.drivers.clear()
        await asyncio.gather(*(driver.close() for driver in drivers))
        await run_in_threadpool(shutdown_pool)
