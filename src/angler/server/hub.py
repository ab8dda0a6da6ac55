"""The hub: the server's live rooms, their sockets and bots, and its finished rooms, each kept
by a part of its own, composed here.

- ``registry`` (``registry.py``): the live rooms in memory, rebuilt from the store on start,
  made, claimed and listed;
- ``archive`` (``archive.py``): finished rooms, rebuilt from the store on request (records,
  replays, the final state);
- ``presence`` (``presence.py``): each room's sockets and people, and rooms everyone left;
- ``bots`` (``room_bots.py``): each live room's bot driver;
- ``fanout`` (``fanout.py``): moves carried out and states sent, in the room's turn
  (``turns.py``).

A room that finishes is marked finished in the store (with its result) and leaves memory. Rooms
are threads-and-locks objects whose journal writes hold the room's lock, so every call into a
room or the store runs in a worker thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
import functools
import logging

from starlette.concurrency import run_in_threadpool

from angler.core.errors import AnglerError
from angler.server.accounts import DELETED_NAME, Accounts
from angler.server.archive import FinishedRooms
from angler.server.bots import DEFAULT_CAP, BotDriver
from angler.server.chat import RoomChat
from angler.server.collector import Collections
from angler.server.connection import Connection
from angler.server.fanout import FanOut, Listener
from angler.server.limits import MOVED_CODE
from angler.server.presence import Presence
from angler.server.quick_play import PRIOR_MU, WaitsForPeople, level_near
from angler.server.ratings import Ratings
from angler.server.registry import RoomRegistry
from angler.server.rematch import Rematches
from angler.server.room_bots import RoomBots
from angler.server.rooms import Room
from angler.server.searches import BotCap
from angler.server.store import RoomMovedError, Store
from angler.server.sweep import Sweep
from angler.server.turns import Turns

log = logging.getLogger(__name__)


class Hub:
    """The server's rooms: its parts, and what takes more than one of them (a room's bots
    started, a room ended, the server stopping)."""

    def __init__(
        self, store: Store, bot_cap: BotCap = DEFAULT_CAP, accounts: Accounts | None = None
    ) -> None:
        self.store = store
        self.bot_cap = bot_cap  # the most one bot decision searches (searches.py)
        self.accounts = accounts or Accounts(store)
        self.ratings = Ratings(store)
        self.chat = RoomChat(store)
        self.registry = RoomRegistry(store, bot_cap, self.accounts.names, self.ratings)
        self.archive = FinishedRooms(store, self.accounts.names)
        self.turns = Turns()
        self.bots = RoomBots(self.registry.reseat, bot_cap)
        self.presence = Presence(self.registry.rooms, self.bots.drivers, self.turns, self.end_room)
        self.collections = Collections()  # run while serving (``create_app(freeze_gc=True)``)
        self.fanout = FanOut(store, self.registry.rooms, self.turns, self.presence, self.bots)
        self.fanout.on_moved = self.let_go
        self.fanout.finishing = self.registry.finishing
        self.rematches = Rematches(store, self.registry)
        self.waits = WaitsForPeople(self.registry.rooms, self.fill_waiting)  # quick play's
        self.moved_away = 0  # rooms let go since the start: another node took each over
        self.sweep = Sweep(self)  # a cluster's node: rooms whose node died (``sweep.py``)
        self._sweeping: asyncio.Task[None] | None = None

    # What tests and tools look at.
    @property
    def rooms(self) -> dict[str, Room]:
        return self.registry.rooms

    @property
    def unplayable(self) -> dict[str, str]:
        return self.registry.unplayable

    @property
    def sockets(self) -> dict[str, set[Connection]]:
        return self.presence.sockets

    @property
    def drivers(self) -> dict[str, BotDriver]:
        return self.bots.drivers

    @property
    def listeners(self) -> list[Listener]:
        return self.fanout.listeners

    @property
    def _broadcast_locks(self) -> dict[str, asyncio.Lock]:
        return self.turns.locks

    async def start(self) -> None:
        """On start: every live room of the store rebuilt, and its bots started. A node of a
        cluster takes a room over when the balancer sends it there instead, and starts its
        watch over rooms whose node died (``sweep.py``)."""
        if not self.store.in_cluster:
            await run_in_threadpool(self.registry.load)
        else:
            await self.sweep.start()
            self._sweeping = asyncio.create_task(self.sweep.run())
        for room_id in list(self.rooms):
            await self.start_bots(room_id)

    async def start_bots(self, room_id: str) -> None:
        """Give a live room its bot driver (made once) and let it look for a move: on start for
        every rebuilt room, and for each new one."""
        room = self.rooms.get(room_id)
        if room is None or room_id in self.drivers:
            return

        async def notify() -> None:
            await self.fanout.changed(room_id, room)

        try:
            driver = self.drivers[room_id] = BotDriver(
                room,
                notify,
                cap=self.bot_cap,
                act=functools.partial(self.fanout.act, room_id, room),
            )
        except AnglerError as exc:  # settings stored by an older server: its people play on
            log.error("room %s has no bots, its settings are refused: %s", room_id, exc)
            return
        driver.on_seat_change = functools.partial(self.presence.seat_changed, room_id)
        self.presence.away_from_the_start(room_id)
        self.presence.watch_abandon(room_id)  # nobody is here yet: a room nobody comes to ends
        self.waits.arm(room_id)  # a quick-play table's free seats go to bots after its wait
        await driver.wake()

    async def live_room(self, room_id: str) -> Room:
        """The live room, taken over first if another node held it (``registry.room``), with
        its bots started. A room held here that another node took over meanwhile (nothing was
        written here since, so nothing was refused) is let go first: it is behind."""
        held = self.rooms.get(room_id)
        if held is not None and not await run_in_threadpool(self.store.holds, room_id):
            # Only this copy: a socket arriving at once may have let it go and taken the room
            # over again while this one read the store (two sockets of one room, say).
            await self.let_go(room_id, held)
        room = await run_in_threadpool(self.registry.room, room_id)
        await self.start_bots(room_id)
        return room

    async def let_go(self, room_id: str, room: Room | None = None) -> None:
        """Another node took the room over (the store's fence refused a write here): it leaves
        memory, its bots stop, and its sockets are closed with ``MOVED_CODE``, so that they come
        back through the balancer to the node that holds it now. With ``room``: only if that
        copy is still the one held here (``RoomRegistry.let_go``)."""
        if self.registry.let_go(room_id, room) is None:
            return
        self.moved_away += 1
        log.info("room %s moved to another node: let go", room_id)
        self.bots.retire(room_id)
        self.presence.stop_abandon(room_id)
        for connection in list(self.presence.sockets.get(room_id, ())):
            connection.close(MOVED_CODE, "the room moved to another server: reconnect")

    def account_deleted(self, account: str) -> None:
        """A deleted account's name leaves the tables of this node's live rooms, and each
        room's sockets are told (the other nodes of a cluster learn it in their sweep)."""
        self.registry.forget_account(account, DELETED_NAME)
        for room_id, room in list(self.rooms.items()):
            if account in room.owners.values():
                self.presence.soon(room_id)

    async def end_room(self, room_id: str, how: str) -> None:
        """End a live room unfinished (abandoned): stored as such, and everyone told."""
        room = self.rooms.get(room_id)
        if room is None:
            return
        try:
            async with self.turns.turn(room_id):
                await run_in_threadpool(room.end, how, self.registry.reseat(room_id))
        except AnglerError:
            return  # it ended meanwhile
        log.info("room %s ended: %s", room_id, how)
        await self.fanout.changed(room_id, room)

    async def fill_waiting(self, room_id: str, room: Room) -> None:
        """A room's wait for people ran out (``quick_play.py``): its free public seats go to
        bots near the seated people's rating, and everyone is told."""

        def level() -> str:
            mus = [
                room.ratings[seat][0] if seat in room.ratings else PRIOR_MU
                for seat in range(room.players)
                if room.is_person(seat) and room.tokens.claimed(seat)
            ]
            return level_near(room.game.name, mus)

        try:
            async with self.turns.turn(room_id):
                given = await run_in_threadpool(
                    room.fill_waiting, level, self.registry.reseat(room_id), self.bot_cap.problem
                )
        except RoomMovedError:  # another node holds it now: its wait starts there
            await self.let_go(room_id, room)
            return
        driver = self.drivers.get(room_id)
        if driver is not None:
            for seat in given:
                driver.seat_filled(seat)
        if given:
            log.info("room %s: seats %s went to bots after its wait", room_id, given)
            await self.fanout.changed(room_id, room)

    async def stop(self) -> None:
        """The server stops: no room ends as abandoned meanwhile, and no seat goes to a bot;
        every driver stops, then the shared pool of search bots."""
        if self._sweeping is not None:
            self._sweeping.cancel()
        self.presence.cancel_abandons()
        self.waits.cancel_all()
        await self.bots.stop()
