"""The live rooms and their sockets: room id to ``Room`` in memory, and who watches each.

On start the hub rebuilds every live room from the store by replay. A room that finishes is
marked finished in the store (with its result) and leaves memory; its record is then rebuilt from
the store on request. Rooms are threads-and-locks objects whose journal writes hold the room's
lock, so every call into a room or the store runs in a worker thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, ClassVar

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from angler.core.errors import AnglerError
from angler.core.records import Record
from angler.play.seats import HUMAN
from angler.server.api import (
    CreateRoom,
    FinishedRoom,
    LiveRoom,
    LobbyRoom,
    RoomCreated,
    RoomInfo,
    SeatClaimed,
    SeatInfo,
)
from angler.server.bots import DEFAULT_CAP, BotDriver, check_bots, shutdown_pool
from angler.server.journal import MemoryJournal
from angler.server.limits import SLOW_CODE, Limits
from angler.server.payloads import Payload
from angler.server.replays import ALL, replay_steps
from angler.server.rooms import OPEN, Room, game_of, make_header
from angler.server.searches import BotCap
from angler.server.store import (
    RoomElsewhereError,
    RoomFinishedError,
    RoomJournal,
    Store,
    StoreUnavailableError,
)

REPLAYS_KEPT = 16  # finished games' replays kept in memory (a replay is read step by step)
Listener = Callable[[str], Awaitable[None]]
CLOSE_SECONDS = 2.0  # a close waits this long for a reader that does not read, then is dropped
log = logging.getLogger(__name__)


class UnfinishedError(AnglerError):
    """A record asked for before the game is over: a seat may see only its own view. (An HTTP
    refusal, not a room's: the room's refusals are the protocol page's table.)"""

    code: ClassVar[str] = "unfinished"


class Connection:
    """One socket: a seat's (``seat`` 0, 1…) or a spectator's (``seat`` None, also before its
    ``hello``).

    Messages go out as JSON text through a queue of at most ``limit`` messages and
    ``limit_chars`` characters (one message is always let in), drained by a writer task of the
    socket's own, so a broadcast never waits for a slow reader. A reader that falls that far
    behind is dropped: what it was owed is forgotten, and the socket is closed with ``SLOW_CODE``
    (it may come back and be sent the latest state). ``queued``, ``queued_chars`` and ``peak``
    show how long the queue is and was at most."""

    def __init__(
        self,
        websocket: WebSocket,
        seat: int | None = None,
        limit: int = Limits.send_queue,
        on_overflow: Callable[[], None] | None = None,
        limit_chars: int = Limits.send_queue_chars,
    ) -> None:
        self.websocket = websocket
        self.seat = seat
        self.limit = limit
        self.limit_chars = limit_chars
        self.queued_chars = 0
        self.on_overflow = on_overflow  # the socket's reader stops waiting for messages
        self.peak = 0  # the most messages that ever waited
        self.close_code: int | None = None  # set once the socket is to be closed
        self._reason = ""
        self._queue: deque[str] = deque()
        self._ready = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None
        self._gone = False  # the socket went: nothing more can be sent
        # The log entries this socket was sent (None: no state yet): the next state sends only
        # the entries after these (``payloads.py``). Set under the room's broadcast lock.
        self.told: int | None = None

    @property
    def queued(self) -> int:
        return len(self._queue)

    @property
    def closing(self) -> bool:
        return self.close_code is not None or self._gone

    def offer(self, message: Payload) -> None:
        """Queue ``message`` for the socket, at once (never waits)."""
        self.offer_text(encode(message))

    def offer_text(self, text: str) -> None:
        """Queue a message already made JSON text (a broadcast encodes once per seat)."""
        if self.closing:
            return
        queue = self._queue
        if queue and (
            len(queue) >= self.limit or self.queued_chars + len(text) > self.limit_chars
        ):  # the reader fell too far behind: it is dropped
            queue.clear()
            self.queued_chars = 0
            self.close(SLOW_CODE, "too slow: reconnect for the latest state")
            if self.on_overflow is not None:
                self.on_overflow()
            return
        queue.append(text)
        self.queued_chars += len(text)
        if len(queue) > self.peak:
            self.peak = len(queue)
        self._wake()

    async def send(self, message: Payload) -> None:
        """``offer``, for callers that await a send."""
        self.offer(message)

    def close(self, code: int, reason: str = "") -> None:
        """Close the socket once what is queued has gone out."""
        if self.closing:
            return
        self.close_code, self._reason = code, reason
        self._wake()

    async def finish(self) -> None:
        """The conversation is over: a close asked for goes out (after what is queued, waiting
        at most ``CLOSE_SECONDS`` for a reader that does not read), then the writer stops."""
        writer = self._writer
        if writer is None:
            return
        if self.close_code is not None and not self._gone:
            await asyncio.wait([writer], timeout=CLOSE_SECONDS)
        self._gone = True
        writer.cancel()
        await asyncio.wait([writer])

    def _wake(self) -> None:
        self._ready.set()
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        queue = self._queue
        # The socket may close meanwhile: it is leaving, and nothing more is owed to it.
        try:
            while True:
                while queue:
                    text = queue.popleft()
                    self.queued_chars -= len(text)
                    await self.websocket.send_text(text)
                if self.close_code is not None:
                    await self.websocket.close(code=self.close_code, reason=self._reason)
                    return
                self._ready.clear()
                await self._ready.wait()
        except (RuntimeError, OSError, WebSocketDisconnect):
            pass
        finally:
            self._gone = True
            queue.clear()
            self.queued_chars = 0


# Non-ASCII text escaped (\u2013): CPython's encoder is a third faster on that path than when
# it writes UTF-8 text as it is, and a state is encoded for every seat after every move. No
# circular check: a payload is a tree of plain values.
_ENCODER = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def encode(message: Payload) -> str:
    """A message as the JSON text a socket is sent."""
    return _ENCODER.encode(message)


def invite_path(room: str, seat: int) -> str:
    return f"/rooms/{room}/seats/{seat}"


class Hub:
    """The server's live rooms, their sockets, and the hook called after every change."""

    def __init__(self, store: Store, bot_cap: BotCap = DEFAULT_CAP) -> None:
        self.store = store
        self.bot_cap = bot_cap  # the most one bot decision searches (searches.py)
        self.unplayable: dict[str, str] = {}  # stored live rooms that did not rebuild: why
        self.rooms: dict[str, Room] = {}
        self.sockets: dict[str, set[Connection]] = {}
        self.listeners: list[Listener] = []  # called after every change
        self.drivers: dict[str, BotDriver] = {}  # each live room's bots (bots.py)
        self._broadcast_locks: dict[str, asyncio.Lock] = {}
        # A finished game never changes: the last few replays asked for are kept, by room and
        # viewer (a refusal, such as a game still running, is not kept).
        self._replays = functools.lru_cache(maxsize=REPLAYS_KEPT)(self._replay)

    # ----- rooms (blocking: call from a worker thread) -----
    def load(self) -> None:
        """Rebuild every live room of the store by replaying its actions. A room that does not
        rebuild (stored by an older server, or before a bug was fixed) is logged and skipped, in
        one line: the server serves the others."""
        for room_id in self.store.live_rooms():
            try:
                room = Room.rebuild(
                    self.store.header(room_id),
                    self.store.actions(room_id),
                    RoomJournal(self.store, room_id),
                    self.store.seat_tokens(room_id),
                )
            except StoreUnavailableError:
                raise  # the database went away: no room is served wrongly by starting
            except Exception as exc:
                self.unplayable[room_id] = _first_line(exc)
                log.error("room %s cannot be rebuilt, skipped: %s", room_id, _first_line(exc))
                continue
            if room.over:  # its last move was stored, but the server stopped before finishing it
                self.store.finish(room_id, room.result() or {})
            else:
                self.rooms[room_id] = room

    def room(self, room_id: str) -> Room:
        """The live room ``room_id``; UnknownRoomError if none, RoomFinishedError if over."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        if self.store.finished(room_id):  # UnknownRoomError for a room that never was
            raise RoomFinishedError(f"room {room_id!r} is finished: its record is at its /record")
        if room_id in self.unplayable:
            raise UnplayableRoomError(f"room {room_id!r} cannot be played on this server")
        # Live in the store, not here: another server process on this database holds it, and a
        # copy here would take moves the other never sees.
        raise RoomElsewhereError(
            f"room {room_id!r} is played on another server process on this database; "
            "run one server per database (docs/scaling.md)"
        )

    def create(self, request: CreateRoom) -> RoomCreated:
        header = make_header(
            request.game,
            request.options,
            request.seats,
            cards=request.cards,
            settings=request.settings,
        )
        # Its bots and settings (pace, timers, each bot's budget) checked before it is stored.
        check_bots(header, game_of(header), self.bot_cap)
        room_id = self.store.create_room(header)
        room = Room(header, RoomJournal(self.store, room_id))
        seats = []
        for seat, kind in enumerate(room.kinds):
            info = SeatInfo(seat=seat, kind=kind)
            if kind == HUMAN:
                info.token = room.claim(seat, self._persist(room_id))
            elif kind == OPEN:
                info.invite = invite_path(room_id, seat)
            seats.append(info)
        self.rooms[room_id] = room
        return RoomCreated(room=room_id, seats=seats)

    def claim(self, room_id: str, seat: int) -> SeatClaimed:
        room = self.room(room_id)
        return SeatClaimed(seat=seat, token=room.claim(seat, self._persist(room_id)))

    def _persist(self, room_id: str) -> Callable[[int, str], None]:
        return lambda seat, digest: self.store.set_seat_token(room_id, seat, digest)

    def lobby(self) -> list[LobbyRoom]:
        """Live rooms with open seats not yet claimed."""
        listed = []
        for room_id, room in list(self.rooms.items()):
            free = _open_seats(room)
            if free and not room.over:
                listed.append(
                    LobbyRoom(
                        room=room_id,
                        game=room.game.name,
                        players=room.players,
                        seats=list(room.kinds),
                        open_seats=free,
                        version=room.version,
                    )
                )
        return listed

    def live(self) -> list[LiveRoom]:
        """Every live room: to watch, or to join where a seat is open."""
        return [
            LiveRoom(
                room=room_id,
                game=room.game.name,
                players=room.players,
                seats=list(room.kinds),
                open_seats=_open_seats(room),
                to_act=list(room.state.current_players()),
                version=room.version,
            )
            for room_id, room in list(self.rooms.items())
            if not room.over
        ]

    def info(self, room_id: str) -> RoomInfo:
        """What a room is (live or finished), for anyone holding its link."""
        header = self.store.header(room_id)  # UnknownRoomError for a room that never was
        room = self.rooms.get(room_id)
        game = game_of(header)
        return RoomInfo(
            room=room_id,
            game=header.game,
            title=game.title,
            players=game.players,
            seats=list(header.seats),
            open_seats=[] if room is None else _open_seats(room),
            over=self.store.finished(room_id) if room is None else room.over,
            options=dict(header.options),
        )

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
        return replay_steps(self._finished_record(room_id), seat)  # UnfinishedError: not kept

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
        return Room.rebuild(
            self.store.header(room_id),
            self.store.actions(room_id),
            FinishedJournal(room_id),
            self.store.seat_tokens(room_id),
        )

    def record(self, room_id: str) -> dict[str, Any]:
        """A finished room's record (docs/records.md), rebuilt from the store; refused while
        the game runs (it would show what no seat's view allows)."""
        record: dict[str, Any] = self._finished_record(room_id).to_json()
        return record

    def _finished_record(self, room_id: str) -> Record:
        if room_id in self.rooms or room_id in self.store.live_rooms():
            self.store.header(room_id)
            raise UnfinishedError("the record is available once the game is over")
        room = Room.rebuild(
            self.store.header(room_id), self.store.actions(room_id), MemoryJournal()
        )
        return room.record()

    # ----- sockets and changes (on the event loop) -----
    def join(self, room_id: str, connection: Connection) -> None:
        watching = self.sockets.setdefault(room_id, set())
        if connection.seat is not None and not _seated(watching, connection.seat):
            self.seat_present(room_id, connection.seat, True)
        watching.add(connection)

    def part(self, room_id: str, connection: Connection) -> None:
        watching = self.sockets.get(room_id, set())
        watching.discard(connection)
        if connection.seat is not None and not _seated(watching, connection.seat):
            self.seat_present(room_id, connection.seat, False)
        if not watching and room_id not in self.rooms:  # a finished room's last socket left
            self.sockets.pop(room_id, None)
            self._broadcast_locks.pop(room_id, None)

    def _broadcast_lock(self, room_id: str) -> asyncio.Lock:
        return self._broadcast_locks.setdefault(room_id, asyncio.Lock())

    async def welcome(self, room_id: str, connection: Connection, room: Room) -> None:
        """A socket named its seat (or none): it joins the room's sockets and is sent the whole
        state, in turn with the broadcasts, so that every later state it is sent can carry only
        the log entries after those it holds."""
        async with self._broadcast_lock(room_id):
            self.join(room_id, connection)
            payload = await run_in_threadpool(room.payload, connection.seat)
            connection.offer({"type": "state", **payload, "timers": self.timers(room_id)})
            connection.told = len(payload["log"])

    async def changed(self, room_id: str, room: Room) -> None:
        """After an accepted action: each socket gets its own payload, a finished room is
        stored as finished and leaves memory, then the hook runs."""
        async with self._broadcast_lock(room_id):  # payloads go out in version order
            if room.over and self.rooms.get(room_id) is room:  # stored before anyone is told
                result = await run_in_threadpool(room.result)
                try:
                    await run_in_threadpool(self.store.finish, room_id, result or {})
                    del self.rooms[room_id]
                except StoreUnavailableError:  # its last move is stored: the next start finishes it
                    pass
            connections = [c for c in self.sockets.get(room_id, ()) if c.told is not None]
            wanted = {(c.seat, c.told or 0) for c in connections}
            payloads = await run_in_threadpool(_payloads, room, wanted)
            timers = self.timers(room_id)
            texts = {
                key: encode({"type": "state", **payload, "timers": timers})
                for key, payload in payloads.items()
            }
            for c in connections:  # queued at once: a slow reader holds no one up
                key = (c.seat, c.told or 0)
                c.offer_text(texts[key])
                c.told = payloads[key]["since"] + len(payloads[key]["log"])
            if room.over:  # only now: this may run in the bots' own task, which stopping ends
                self._retire_bots(room_id)
        await self.on_change(room_id)

    async def on_change(self, room_id: str) -> None:
        """After every accepted change: the room's bots look for a move, then the listeners."""
        driver = self.drivers.get(room_id)
        if driver is not None:
            await driver.wake()
        for listener in list(self.listeners):
            await listener(room_id)

    # ----- bots (on the event loop) -----
    async def start_bots(self, room_id: str) -> None:
        """Give a live room its bot driver (made once) and let it look for a move: on start for
        every rebuilt room, and for each new one."""
        room = self.rooms.get(room_id)
        if room is None or room_id in self.drivers:
            return

        async def notify() -> None:
            await self.changed(room_id, room)

        try:
            self.drivers[room_id] = BotDriver(room, notify, cap=self.bot_cap)
        except AnglerError as exc:  # settings stored by an older server: its people play on
            log.error("room %s has no bots, its settings are refused: %s", room_id, exc)
            return
        await self.drivers[room_id].wake()

    def timers(self, room_id: str) -> dict[str, float]:
        """The room's turn clock for every payload: seconds left by seat (as JSON keys) for each
        person whose turn timer runs; empty when the room has none."""
        driver = self.drivers.get(room_id)
        if driver is None:
            return {}
        driver.observe()  # this version's timers, before anyone is told of it
        return {str(seat): left for seat, left in driver.clock().items()}

    def _retire_bots(self, room_id: str) -> None:
        """A finished room's bots stop (in a task of their own: this may run inside theirs)."""
        driver = self.drivers.pop(room_id, None)
        if driver is not None:
            asyncio.get_running_loop().create_task(driver.close())

    async def stop_bots(self) -> None:
        """The server stops: every driver, then the shared pool of search bots."""
        drivers = list(self.drivers.values())
        self.drivers.clear()
        await asyncio.gather(*(driver.close() for driver in drivers))
        await run_in_threadpool(shutdown_pool)

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


def _open_seats(room: Room) -> list[int]:
    taken = room.tokens.claimed
    return [seat for seat, kind in enumerate(room.kinds) if kind == OPEN and not taken(seat)]


class FinishedJournal:
    """The journal of a finished room rebuilt to be shown: it stores nothing, refusing all."""

    def __init__(self, room_id: str) -> None:
        self.room_id = room_id

    def append(self, action: object) -> None:
        raise RoomFinishedError(f"room {self.room_id!r} is finished: it takes no more moves")


class ReplaySeatError(AnglerError):
    code = "seat"


class UnplayableRoomError(AnglerError):
    """A live room of the store that did not rebuild at start (the server's log says why)."""

    code = "unplayable"
    status = 409


def _first_line(exc: BaseException) -> str:
    """An exception in one line: an AnglerError says it all; another also names its type."""
    lines = str(exc).strip().splitlines()
    line = lines[0] if lines else ""
    return line if isinstance(exc, AnglerError) and line else f"{type(exc).__name__}: {line}"


def _seated(connections: set[Connection], seat: int) -> bool:
    return any(connection.seat == seat for connection in connections)


def _payloads(
    room: Room, wanted: Iterable[tuple[int | None, int]]
) -> dict[tuple[int | None, int], Payload]:
    """A payload for each (seat, log entries held) wanted: one each, however many sockets."""
    return {(seat, since): room.payload(seat, since) for seat, since in wanted}
