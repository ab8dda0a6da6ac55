"""Moves and states in the room's turn: a move, an undo or a bot's move carried out, then every
socket of the room sent its own state (its board as a patch of the one it holds), before the
turn passes; a socket's first state (its welcome) takes its turn too. A room that finishes is
stored as finished and leaves memory before anyone is told.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import msgspec
from starlette.concurrency import run_in_threadpool

from angler.server import wire
from angler.server.connection import Connection, encode
from angler.server.payloads import Payload
from angler.server.presence import Presence
from angler.server.ratings import Finishing
from angler.server.room_bots import RoomBots
from angler.server.rooms import Room, Staged, carry_out
from angler.server.store import RoomMovedError, Store, StoreUnavailableError
from angler.server.turns import Turns

Listener = Callable[[str], Awaitable[None]]
HeldBoard = dict[str, object]  # a board's top-level fields: plain values, or their JSON


class FanOut:
    """What the live ``rooms`` send their sockets (``presence``) after each change; the bots and
    then the ``listeners`` are told after every change."""

    def __init__(
        self,
        store: Store,
        rooms: dict[str, Room],
        turns: Turns,
        presence: Presence,
        bots: RoomBots,
    ) -> None:
        self.store = store
        self.rooms = rooms
        self.turns = turns
        self.presence = presence
        self.bots = bots
        self.listeners: list[Listener] = []  # called after every change
        # A finished room's result and what its finishing writes besides (``registry``).
        self.finishing: Callable[[str, Room], tuple[dict[str, Any], Finishing | None]] = _no_more
        # Another node took the room over (the store's fence refused a write): the hub lets it go.
        self.on_moved: Callable[[str, Room], Awaitable[None]] = _nothing_to_do

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
            async with self.turns.turn(room_id):
                try:
                    await carry_out(room, stage)
                except RoomMovedError as exc:  # the mover is told before its socket closes
                    if mover is not None:
                        mover.offer_message(wire.error_for(exc.code, str(exc), move_id))
                    await self.on_moved(room_id, room)
                    raise
                await self._fan_out(room_id, room, mover, move_id)
            await self.on_change(room_id)

        await asyncio.shield(asyncio.ensure_future(turn()))

    async def welcome(self, room_id: str, connection: Connection, room: Room) -> None:
        """A socket named its seat (or none): it joins the room's sockets and is sent the whole
        state, in turn with the broadcasts, so that every later state it is sent can carry only
        the log entries after those it holds."""
        async with self.turns.turn(room_id):
            self.presence.join(room_id, connection)
            payload = room.payload(connection.seat, with_view=connection.wants_view)
            connection.board = held_board(payload["board"])
            timers, seats = self.bots.timers(room_id), self.presence.presence(room_id, room)
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
                seats = self.presence.presence(room_id, room)
                connection.offer({"type": "presence", "seats": seats, "notes": notes})

    async def changed(self, room_id: str, room: Room) -> None:
        """After a change that is not an action (a seat given to a bot, a resignation, a
        pace): each socket gets its own payload, then the hook runs."""
        async with self.turns.turn(room_id):  # payloads go out in version order
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
            try:
                await run_in_threadpool(self._finish, room_id, room)
                del self.rooms[room_id]
                self.store.let_go(room_id)
            except StoreUnavailableError:  # its last move is stored: the next start finishes it
                pass
            except RoomMovedError:  # its new node finishes it, from the same stored moves
                await self.on_moved(room_id, room)
                return
        connections = [c for c in self.presence.sockets.get(room_id, ()) if c.told is not None]
        wanted = {(c.seat, c.told or 0, c.wants_view) for c in connections}
        payloads = _payloads(room, wanted)  # on the loop: microseconds to a millisecond
        timers = self.bots.timers(room_id)
        seats = self.presence.presence(room_id, room)
        # One text for each payload and board held: sockets of a seat that joined together
        # hold the same board, and share it.
        Made = tuple[wire.State, str, HeldBoard]
        texts: dict[tuple[tuple[int | None, int, bool], int], Made] = {}
        held_now: dict[tuple[int | None, int, bool], HeldBoard] = {}
        for c in connections:  # queued at once: a slow reader holds no one up
            key = (c.seat, c.told or 0, c.wants_view)
            payload = payloads[key]
            made = texts.get((key, id(c.board)))
            if made is None:
                patched, board = patching(payload, c.board)
                # Every socket of this key holds the same board after this move: one dict, so
                # that they share their texts again at the next (keyed by the board held).
                board = held_now.setdefault(key, board)
                message = wire.state_of(patched, timers=timers, seats=seats)
                made = texts[(key, id(c.board))] = (message, encode(message), board)
            if c is mover and move_id is not None:  # its own move's state says so
                c.offer_text(encode(msgspec.structs.replace(made[0], id=move_id)))
            else:
                c.offer_text(made[1])
            c.told = payload["since"] + len(payload["log"])
            c.board = made[2]
        if room.over:  # only now: this may run in the bots' own task, which stopping ends
            self.bots.retire(room_id)
            self.presence.stop_abandon(room_id)

    def _finish(self, room_id: str, room: Room) -> None:
        """The room stored as finished, with its result and its people's new ratings (in one
        transaction: ``RoomRegistry.finishing``)."""
        self.store.finish(room_id, *self.finishing(room_id, room))

    async def on_change(self, room_id: str) -> None:
        """After every accepted change: the room's bots look for a move, then the listeners."""
        driver = self.bots.drivers.get(room_id)
        if driver is not None:
            await driver.wake()
        for listener in list(self.listeners):
            await listener(room_id)


def _payloads(
    room: Room, wanted: Iterable[tuple[int | None, int, bool]]
) -> dict[tuple[int | None, int, bool], Payload]:
    """A payload for each (seat, log entries held, with the view) wanted: one each, however
    many sockets."""
    return {key: room.payload(*key) for key in wanted}


def held_board(board: Payload) -> HeldBoard:
    """A board as a socket is said to hold it: each top-level field as it is when that is a
    plain value (a number, a text, true, false or null), else as its JSON.

    Not the board's own lists and dictionaries: a thousand sockets' boards, held between moves,
    would be hundreds of thousands of objects for the garbage collector to walk (its pauses were
    the slowest moves under load). Bytes compare in one call, and go out again as they are
    (``msgspec.Raw``)."""
    encode = _FIELD_ENCODER.encode
    return {key: value if type(value) in _PLAIN else encode(value) for key, value in board.items()}


def patching(payload: Payload, held: HeldBoard | None) -> tuple[Payload, HeldBoard]:
    """The payload with its board as a patch of the board the socket holds (``held``; none:
    the board whole), and the board as the socket holds it afterwards (``held_board``). The
    fields that changed go as they are. One pass: this runs for every field of every seat's
    board after every move."""
    board: Payload = payload["board"]
    if held is None:
        return payload, held_board(board)
    encode = _FIELD_ENCODER.encode
    now: HeldBoard = {}
    patch: Payload = {}
    old = held.get
    for key, value in board.items():
        if value.__class__ in _PLAIN:
            now[key] = value
            was = old(key, _ABSENT)
            # Equal and of one type: 1 and true are equal in Python, not to a client.
            if was is not value and (was.__class__ is not value.__class__ or was != value):
                patch[key] = value
        else:
            now[key] = text = encode(value)
            if old(key) != text:
                patch[key] = msgspec.Raw(text)
    patched = {key: value for key, value in payload.items() if key != "board"}
    patched["board_patch"] = patch
    dropped = [key for key in held if key not in now]
    if dropped:
        patched["board_dropped"] = dropped
    return patched, now


_PLAIN = frozenset({int, str, bool, float, type(None)})
_ABSENT = object()
_FIELD_ENCODER = msgspec.json.Encoder()


def _no_more(_: str, room: Room) -> tuple[dict[str, Any], Finishing | None]:
    """A fan-out on its own (in tests): the result, and nothing more to write."""
    return room.result() or {}, None


async def _nothing_to_do(_: str, __: Room) -> None:
    """No hub to tell (a fan-out on its own, in tests)."""
