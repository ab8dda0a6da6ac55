"""The live rooms and their sockets: room id to ``Room`` in memory, and who watches each.

On start the hub rebuilds every live room from the store by replay. A room that finishes is
marked finished in the store (with its result) and leaves memory; its record is then rebuilt from
the store on request. Rooms are threads-and-locks objects whose journal writes hold the room's
lock, so every call into a room or the store runs in a worker thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import Future
from typing import Any, ClassVar

import msgspec
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from angler.core.errors import AnglerError
from angler.core.numbers import decimal
from angler.core.records import Record
from angler.play.seats import HUMAN
from angler.server import wire
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
from angler.server.bots import DEFAULT_CAP, PACE_MS, BotDriver, check_bots, shutdown_pool
from angler.server.journal import MemoryJournal, RoomHeader, StoredAction, done_now
from angler.server.limits import SLOW_CODE, Limits
from angler.server.payloads import Payload, board_patch
from angler.server.replays import ALL, replay_steps
from angler.server.rooms import (
    OPEN,
    PUBLIC_SEAT,
    HeaderError,
    IllegalMoveError,
    Room,
    SeatError,
    Staged,
    carry_out,
    game_of,
    make_header,
)
from angler.server.searches import BotCap
from angler.server.seating import (
    ABANDONED,
    SERVER_SETTINGS,
    new_invitations,
    seating_settings,
)
from angler.server.store import (
    RoomElsewhereError,
    RoomFinishedError,
    RoomJournal,
    Store,
    StoreUnavailableError,
)

log = logging.getLogger(__name__)
MAX_PACE_MS = 10_000  # the slowest pace a table may choose
REPLAYS_KEPT = 16  # finished games' replays kept in memory (a replay is read step by step)
Listener = Callable[[str], Awaitable[None]]
CLOSE_SECONDS = 2.0  # a close waits this long for a reader that does not read, then is dropped


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
        self.wants_view = False  # its hello asked for the view as JSON in every state
        self.board: Payload | None = None  # the board it holds: later states patch it

    @property
    def queued(self) -> int:
        return len(self._queue)

    @property
    def closing(self) -> bool:
        return self.close_code is not None or self._gone

    def offer(self, message: Payload) -> None:
        """Queue ``message`` for the socket, at once (never waits)."""
        self.offer_text(encode(message))

    def offer_message(self, message: wire.ServerMessage) -> None:
        """Queue a declared message (``wire.py``)."""
        self.offer_text(wire.encode(message).decode())

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


def encode(message: Payload | wire.ServerMessage) -> str:
    """A message as the JSON text a socket is sent (a text frame: browsers read text)."""
    return wire.encode(message).decode()


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
        self._abandon: dict[str, asyncio.Task[None]] = {}  # rooms every person has left
        self._notes: set[asyncio.Task[None]] = set()  # notes being written (kept from the GC)
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
        try:  # listing, waits: one line
            seating = seating_settings(header.settings, header.seats)
        except AnglerError as exc:
            raise HeaderError(str(exc)) from None
        codes, kept = new_invitations(header.seats)
        decided: dict[str, Any] = {"listed": seating["listed"]}  # as decided now, for good
        if kept:
            decided["invites"] = kept
        header = dataclasses.replace(header, settings={**header.settings, **decided})
        room_id = self.store.create_room(header)
        room = Room(header, RoomJournal(self.store, room_id))
        seats = []
        for seat, kind in enumerate(room.kinds):
            info = SeatInfo(seat=seat, kind=kind)
            if kind == HUMAN:
                info.token = room.claim(seat, self._persist(room_id), creating=True)
            elif kind in (OPEN, PUBLIC_SEAT):
                info.invite = invite_path(room_id, seat)
                info.code = codes.get(seat)
            seats.append(info)
        self.rooms[room_id] = room
        return RoomCreated(room=room_id, seats=seats)

    def claim(self, room_id: str, seat: int, code: object = None) -> SeatClaimed:
        room = self.room(room_id)
        if 0 <= seat < room.players and room.kinds[seat] == HUMAN:
            raise SeatError(f"Player {seat + 1}'s seat is the creator's: it is never claimed")
        token = room.claim(seat, self._persist(room_id), code)
        room.note("claimed", seat)  # the table's log says the friend came
        return SeatClaimed(seat=seat, token=token)

    def reseat(self, room_id: str) -> Callable[[RoomHeader], None]:
        """Stores a room's new seating (a seat given to a bot, a resignation) before it counts."""
        return lambda header: self.store.set_seating(room_id, header.seats, header.settings)

    def _persist(self, room_id: str) -> Callable[[int, str], None]:
        return lambda seat, digest: self.store.set_seat_token(room_id, seat, digest)

    def lobby(self) -> list[LobbyRoom]:
        """Listed live rooms with public seats not yet claimed."""
        listed = []
        for room_id, room in list(self.rooms.items()):
            free = _open_seats(room)
            if free and not room.over and _listed(room):
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
            if not room.over and _listed(room)
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
            open_seats=[] if room is None else room.unclaimed(),
            invitations=[] if room is None else _invitations(room),
            over=self.store.finished(room_id) if room is None else room.over,
            options=dict(header.options),
            listed=bool(header.settings.get("listed", True)),
            pace_ms=int(header.settings.get("pace_ms", PACE_MS)),
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
        steps = replay_steps(self._finished_record(room_id), seat)  # UnfinishedError: not kept
        result = self.store.result(room_id) or {}
        if result.get("ended") is not None:  # the game stopped before its end: the replay says how
            steps["ended"] = result["ended"]
        if result.get("resigned") and steps["steps"]:  # a resigned seat cannot win
            steps["steps"][-1]["winners"] = result.get("winners", [])
        return steps

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
        return room

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
        arrived = connection.seat is not None and not _seated(watching, connection.seat)
        watching.add(connection)
        if arrived and connection.seat is not None:
            self.seat_present(room_id, connection.seat, True)
            self._stop_abandon(room_id)
            self.soon(room_id)  # everyone sees the seat here

    def part(self, room_id: str, connection: Connection) -> None:
        watching = self.sockets.get(room_id, set())
        watching.discard(connection)
        if connection.seat is not None and not _seated(watching, connection.seat):
            self.seat_present(room_id, connection.seat, False)
            self._watch_abandon(room_id)
            self.soon(room_id)  # everyone sees the seat away
        if not watching and room_id not in self.rooms:  # a finished room's last socket left
            self.sockets.pop(room_id, None)
            self._broadcast_locks.pop(room_id, None)

    def turn(self, room_id: str) -> asyncio.Lock:
        """The room's turn: one change (and one fan-out, one welcome) at a time, in order."""
        return self._broadcast_locks.setdefault(room_id, asyncio.Lock())

    async def act(
        self,
        room_id: str,
        room: Room,
        stage: Callable[[], Staged],
        mover: Connection | None = None,
        move_id: str | None = None,
    ) -> None:
        """Carry out a move, an undo or a bot's move in the room's turn: staged and counted on
        the event loop (the rules take microseconds), stored by the store's writer meanwhile
        (``rooms.carry_out``), then every socket told, before the turn passes: each accepted
        action gets its own state. The state sent to ``mover`` carries ``move_id``. Refusals
        raise as ``Room.move`` raises, and nothing is sent. All in a task of its own: a mover
        who goes away cannot stop it between the store and the telling."""

        async def turn() -> None:
            async with self.turn(room_id):
                await carry_out(room, stage)
                await self._fan_out(room_id, room, mover, move_id)
            await self.on_change(room_id)

        await asyncio.shield(asyncio.ensure_future(turn()))

    async def welcome(self, room_id: str, connection: Connection, room: Room) -> None:
        """A socket named its seat (or none): it joins the room's sockets and is sent the whole
        state, in turn with the broadcasts, so that every later state it is sent can carry only
        the log entries after those it holds."""
        async with self.turn(room_id):
            self.join(room_id, connection)
            payload = room.payload(connection.seat, with_view=connection.wants_view)
            connection.board = payload["board"]
            timers, seats = self.timers(room_id), self.presence(room_id, room)
            connection.offer_message(
                wire.state_message(
                    payload, timers=timers, seats=seats, protocol=wire.PROTOCOL_VERSION
                )
            )
            connection.told = len(payload["log"])
            if len(room.notes) > len(payload.get("notes", ())):
                # A note written while the state was built (this very arrival's "is back"),
                # told to the room before this socket could be: it is told now.
                notes = room.notes_for(connection.seat)
                seats = self.presence(room_id, room)
                connection.offer({"type": "presence", "seats": seats, "notes": notes})

    async def changed(self, room_id: str, room: Room) -> None:
        """After a change that is not an action (a seat given to a bot, a resignation, a
        pace): each socket gets its own payload, then the hook runs."""
        async with self.turn(room_id):  # payloads go out in version order
            await self._fan_out(room_id, room)
        await self.on_change(room_id)

    async def _fan_out(
        self,
        room_id: str,
        room: Room,
        mover: Connection | None = None,
        move_id: str | None = None,
    ) -> None:
        """Each socket gets its own payload (the mover's carries its move's id); a finished
        room is first stored as finished and leaves memory. In the room's turn."""
        if room.over and self.rooms.get(room_id) is room:  # stored before anyone is told
            result = room.result()
            try:
                await run_in_threadpool(self.store.finish, room_id, result or {})
                del self.rooms[room_id]
            except StoreUnavailableError:  # its last move is stored: the next start finishes it
                pass
        connections = [c for c in self.sockets.get(room_id, ()) if c.told is not None]
        wanted = {(c.seat, c.told or 0, c.wants_view) for c in connections}
        payloads = _payloads(room, wanted)  # on the loop: microseconds to a millisecond
        timers = self.timers(room_id)
        seats = self.presence(room_id, room)
        # One text for each payload and board held: sockets of a seat that joined together
        # hold the same board, and share it.
        texts: dict[tuple[tuple[int | None, int, bool], int], tuple[wire.State, str]] = {}
        for c in connections:  # queued at once: a slow reader holds no one up
            key = (c.seat, c.told or 0, c.wants_view)
            payload = payloads[key]
            made = texts.get((key, id(c.board)))
            if made is None:
                message = wire.state_message(patching(payload, c.board), timers=timers, seats=seats)
                made = texts[(key, id(c.board))] = (message, encode(message))
            if c is mover and move_id is not None:  # its own move's state says so
                c.offer_text(encode(msgspec.structs.replace(made[0], id=move_id)))
            else:
                c.offer_text(made[1])
            c.told = payload["since"] + len(payload["log"])
            c.board = payload["board"]
        if room.over:  # only now: this may run in the bots' own task, which stopping ends
            self._retire_bots(room_id)
            self._stop_abandon(room_id)

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
            driver = self.drivers[room_id] = BotDriver(
                room, notify, cap=self.bot_cap, act=functools.partial(self.act, room_id, room)
            )
        except AnglerError as exc:  # settings stored by an older server: its people play on
            log.error("room %s has no bots, its settings are refused: %s", room_id, exc)
            return
        driver.on_seat_change = functools.partial(self.seat_changed, room_id)
        self.away_from_the_start(room_id)
        self._watch_abandon(room_id)  # nobody is here yet: a room nobody comes to ends too
        await driver.wake()

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
        for task in self._abandon.values():
            task.cancel()
        self._abandon.clear()
        await asyncio.gather(*(driver.close() for driver in drivers))
        await run_in_threadpool(shutdown_pool)

    # ----- people: presence, the seating they change, rooms everyone left (on the event loop) -----
    def presence(self, room_id: str, room: Room) -> list[dict[str, Any]]:
        """Each seat's person as the table shows them: ``here``, ``away`` (with the seconds
        until a bot takes over), played by a ``bot``, ``resigned``, or ``waiting`` to be taken
        (with the seconds until the creator is offered to give it to a bot)."""
        driver = self.drivers.get(room_id)
        here = {c.seat for c in self.sockets.get(room_id, ()) if c.seat is not None}
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
                wait = seating_settings(_own(settings), room.kinds)["claim_wait"]
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

    def _watch_abandon(self, room_id: str) -> None:
        """Every person who took a seat has left: the room ends as abandoned after its wait,
        unless one of them comes back first."""
        room = self.rooms.get(room_id)
        if room is None or room.over or room_id in self._abandon or not self._all_left(room_id):
            return
        wait = seating_settings(_own(room.header.settings), room.kinds)["abandon"]

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
        here = {c.seat for c in self.sockets.get(room_id, ()) if c.seat is not None}
        people = {
            seat
            for seat in range(room.players)
            if room.is_person(seat) and room.tokens.claimed(seat) and seat not in room.resigned
        }
        return bool(people) and not here & people

    def _stop_abandon(self, room_id: str) -> None:
        task = self._abandon.pop(room_id, None)
        if task is not None:
            task.cancel()

    async def end_room(self, room_id: str, how: str) -> None:
        """End a live room unfinished (abandoned): stored as such, and everyone told."""
        room = self.rooms.get(room_id)
        if room is None:
            return
        try:
            async with self.turn(room_id):
                await run_in_threadpool(room.end, how, self.reseat(room_id))
        except AnglerError:
            return  # it ended meanwhile
        log.info("room %s ended: %s", room_id, how)
        await self.changed(room_id, room)

    def takeover(self, room_id: str) -> str:
        """The bot level that plays for people in this room (the ``takeover`` setting)."""
        driver = self.drivers.get(room_id)
        return driver.takeover_kind if driver is not None else "normal"

    def set_pace(self, room_id: str, room: Room, token: str, pace_ms: object) -> None:
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

    async def fill(self, room_id: str, room: Room, token: str, seat: object, bot: object) -> None:
        """The creator gives a seat nobody took to a bot, within the server's cap."""
        given = token, seat, bot, self.reseat(room_id), self.bot_cap.problem
        await run_in_threadpool(room.fill, *given)
        driver = self.drivers.get(room_id)
        if driver is not None and isinstance(seat, int):
            driver.seat_filled(seat)  # on the event loop: it may start the driver's task

    def seat_changed(self, room_id: str, change: str, seat: int) -> None:
        """The bots took a person's seat over, or handed it back: the log says so. The note
        takes the room's lock, which a move's database write may hold: in a worker thread."""
        room = self.rooms.get(room_id)
        if room is None:
            return

        async def note() -> None:
            async with self.turn(room_id):
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
        here = {c.seat for c in self.sockets.get(room_id, ()) if c.seat is not None}
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


def _own(settings: dict[str, Any]) -> dict[str, Any]:
    """A room's settings less those the server wrote itself (for ``seating_settings``)."""
    return {key: value for key, value in settings.items() if key not in SERVER_SETTINGS}


def _invitations(room: Room) -> list[int]:
    return [seat for seat in room.unclaimed() if room.kinds[seat] == OPEN]


def _open_seats(room: Room) -> list[int]:
    """The seats a stranger may take from the lobby: public ones nobody has taken."""
    return [seat for seat in room.unclaimed() if room.kinds[seat] == PUBLIC_SEAT]


def _listed(room: Room) -> bool:
    return bool(room.header.settings.get("listed", True))  # rooms made before: all listed


class FinishedJournal:
    """The journal of a finished room rebuilt to be shown: it stores nothing, refusing all."""

    def __init__(self, room_id: str) -> None:
        self.room_id = room_id

    def append(self, action: object) -> None:
        raise RoomFinishedError(f"room {self.room_id!r} is finished: it takes no more moves")

    def append_soon(self, action: StoredAction) -> Future[None]:
        return done_now(lambda: self.append(action))

    def in_doubt(self) -> bool:
        return False

    def settle(self) -> None:
        """Nothing is ever stored here."""


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
    room: Room, wanted: Iterable[tuple[int | None, int, bool]]
) -> dict[tuple[int | None, int, bool], Payload]:
    """A payload for each (seat, log entries held, with the view) wanted: one each, however
    many sockets."""
    return {key: room.payload(*key) for key in wanted}


def patching(payload: Payload, held: Payload | None) -> Payload:
    """The payload with its board as a patch of the board the socket holds (none: whole)."""
    if held is None:
        return payload
    changed, dropped = board_patch(held, payload["board"])
    patched = {key: value for key, value in payload.items() if key != "board"}
    patched["board_patch"] = changed
    if dropped:
        patched["board_dropped"] = dropped
    return patched
