"""The room's WebSocket, ``/rooms/{room}/ws``: one per seat or spectator. A ``hello`` names the
seat (a token) or none; then moves, undos, seating changes and a leave (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import functools
import logging

import msgspec
from fastapi import APIRouter, WebSocket
from starlette.concurrency import run_in_threadpool

from angler.core.errors import AnglerError
from angler.server import wire
from angler.server.chat import EVERY_S, SPECTATORS, TABLE, ChatError, ChatRate, clean
from angler.server.connection import Connection
from angler.server.hub import Hub
from angler.server.limits import FLOOD_CODE, UNAVAILABLE_CODE, Limits, SocketRate
from angler.server.payloads import Payload
from angler.server.refusals import refusal
from angler.server.rematch import RematchError
from angler.server.rooms import Room, TokenError
from angler.server.routes_accounts import SESSION_COOKIE, same_origin
from angler.server.store import RoomFinishedError, RoomMovedError, StoreUnavailableError
from angler.server.tokens import AccountPass

log = logging.getLogger(__name__)
HELLO_SECONDS = 30.0  # a socket that names no seat (or none) by then is closed

router = APIRouter()


@router.websocket("/rooms/{room}/ws")
async def room_socket(websocket: WebSocket, room: str) -> None:
    await websocket.accept()
    state = websocket.app.state
    await RoomSocket(state.hub, websocket, room, state.limits).run()


class RoomSocket:
    """One socket's conversation: a ``hello`` naming the seat (a token) or none (a spectator),
    then moves, undos and a leave. Refusals go to this socket only; the socket stays open,
    unless it floods (``limits.py``)."""

    def __init__(
        self, hub: Hub, websocket: WebSocket, room_id: str, limits: Limits | None = None
    ) -> None:
        limits = limits or Limits()
        self.hub = hub
        self.websocket = websocket
        self.room_id = room_id
        self.token: str | AccountPass | None = None
        self.joined = False  # said hello: the hub counts it among the room's sockets
        self.rate = SocketRate(limits)
        self.limits = limits
        # Every message goes through the connection's queue, from the first one on.
        self.connection = Connection(
            websocket, None, limits.send_queue, self._stop_waiting, limits.send_queue_chars
        )
        self._waiting: asyncio.Timeout | None = None
        self.chat_rate = ChatRate()
        self.account_id: str | None = None  # a spectator signed in: its chat lines' name
        self.account_name: str | None = None

    async def refuse(self, kind: str, message: str) -> None:
        await self.send({"type": "error", "error": kind, "message": message})

    async def send(self, message: Payload) -> None:
        self.connection.offer(message)

    def _stop_waiting(self) -> None:
        """The connection is closing (its reader fell behind): stop waiting for a message."""
        if self._waiting is not None:
            self._waiting.reschedule(asyncio.get_running_loop().time())

    async def run(self) -> None:
        try:
            await self._converse()
        finally:
            if self.joined:
                self.hub.presence.part(self.room_id, self.connection)
            await self.connection.finish()

    async def _converse(self) -> None:
        try:
            try:
                room = await self.hub.live_room(self.room_id)
            except RoomFinishedError:  # back after the end: the final state, read-only
                room = await run_in_threadpool(self.hub.archive.final, self.room_id)
        except AnglerError as exc:
            _, body = refusal(exc)
            await self.refuse(body.error, body.message)
            away = isinstance(exc, StoreUnavailableError)  # the room may well be there: retry
            self.connection.close(UNAVAILABLE_CODE if away else 4404)
            return
        while True:
            try:
                message = await self.receive(None if self.joined else HELLO_SECONDS)
            except TimeoutError:
                if not self.connection.closing:
                    await self.refuse("hello", "no hello was sent: closing")
                    self.connection.close(4408)
                return
            if message is None:
                return
            if isinstance(message, wire.Leave):
                self.connection.close(1000)
                return
            await self.handle(room, message)

    async def receive(self, timeout: float | None) -> wire.ClientMessage | None:
        """The next well-formed message within the rate (refusing the others); None once the
        socket closed or is closing."""
        while not self.connection.closing:
            try:
                async with asyncio.timeout(timeout) as self._waiting:
                    raw = await self.websocket.receive()
            finally:
                self._waiting = None
            if raw["type"] == "websocket.disconnect":
                return None
            if not self.rate.allow():
                await self.over_rate()
                continue
            try:
                return wire.decode(raw.get("text") or raw.get("bytes") or b"")
            except wire.ProtocolError as exc:
                self.connection.offer_message(wire.refusal_of(exc))
        return None

    async def over_rate(self) -> None:
        """A message over the socket's rate: refused unread; a socket that keeps on is closed."""
        per_s = f"{self.limits.messages_per_s:g}"
        if self.rate.flooded():
            await self.refuse("rate", f"more than {per_s} messages a second, again: closing")
            self.connection.close(FLOOD_CODE)
        else:
            await self.refuse("rate", f"more than {per_s} messages a second: slow down")

    async def handle(self, room: Room, message: wire.ClientMessage) -> None:
        move_id = wire.move_id_of(message)
        try:
            if isinstance(message, wire.Hello):
                token = await self._account_pass(room) if message.account else message.token
                await self.hello(room, token, message.view)
                return
            if not self.joined:
                await self.refuse("hello", 'first a "hello" (with a seat token, or none)')
                return
            if isinstance(message, wire.Rematch):
                await self.rematch(room, message.decline)
                return
            if isinstance(message, wire.Chat):
                await self.chat(room, message.text)
                return
            if isinstance(message, wire.Move):
                move = functools.partial(
                    room.stage_move, self._acting(), message.action, message.version
                )
                await self.hub.fanout.act(self.room_id, room, move, self.connection, move_id)
                return
            if isinstance(message, wire.Undo):
                undo = functools.partial(room.stage_undo, self._acting(), message.version)
                await self.hub.fanout.act(self.room_id, room, undo, self.connection, move_id)
                return
            async with self.hub.turns.turn(self.room_id):  # a stored seating change: in turn
                await self.people(room, message)
        except (
            RoomMovedError
        ) as exc:  # told (a move: by the fan-out), then closed by the letting go
            if not self.connection.closing:
                self.connection.offer_message(wire.error_for(exc.code, str(exc), move_id))
            await self.hub.let_go(self.room_id, room)
            return
        except AnglerError as exc:
            code = getattr(exc, "code", "refused")
            self.connection.offer_message(wire.error_for(code, str(exc), move_id))
            return
        except Exception:  # a defect: said in one line, logged whole, and the socket lives on
            log.exception("room %s: a %r message failed", self.room_id, type(message).__name__)
            self.connection.offer_message(
                wire.error_for("internal", "the server failed on this request; it is logged")
            )
            return
        await self.hub.fanout.changed(self.room_id, room)

    async def people(self, room: Room, message: wire.ClientMessage) -> None:
        """A person's change to the seating: the creator gives a free seat to a bot, cancels
        the room or sets the bots' pace; anyone seated resigns. RoomError: refused."""
        hub, room_id, token = self.hub, self.room_id, self._acting()
        if isinstance(message, wire.Seat):
            await hub.bots.fill(room_id, room, token, message.seat, message.bot)
        elif isinstance(message, wire.Resign):
            await run_in_threadpool(
                room.resign, token, hub.bots.takeover(room_id), hub.registry.reseat(room_id)
            )
        elif isinstance(message, wire.Cancel):
            await run_in_threadpool(room.cancel, token, hub.registry.reseat(room_id))
        elif isinstance(message, wire.Pace):
            await run_in_threadpool(hub.bots.set_pace, room_id, room, token, message.pace_ms)

    def _acting(self) -> str | AccountPass:
        if self.token is None:
            raise TokenError("a spectator cannot act: connect with a seat token to play")
        return self.token

    async def _account_pass(self, room: Room) -> AccountPass:
        """The pass of the account this socket's session cookie is signed in to, for the seat
        it claimed here. A page of another site opening a socket here carries the cookie too
        (sockets know no SameSite from an older browser, nor CORS), so its ``Origin`` must be
        this site's. TokenError: no such account, or no seat of it here."""
        headers = self.websocket.headers
        if not same_origin(headers.get("origin"), headers.get("host")):
            raise TokenError("a socket from another site cannot act for your account")
        cookie = self.websocket.cookies.get(SESSION_COOKIE)
        account = await run_in_threadpool(self.hub.accounts.account_of, cookie)
        if account is None:
            raise TokenError("not signed in: sign in, or send the seat's token")
        if room.seat_of_account(account.id) is None:
            raise TokenError("your account has no seat in this room")
        return AccountPass(account.id)

    async def hello(self, room: Room, token: object, view: bool = False) -> None:
        if self.joined:
            await self.refuse("hello", "this socket has named its seat already")
            return
        seat = None
        if token is not None:
            seat = room.seat_of(token)  # TokenError: the socket may try again
            self.token = token if isinstance(token, str | AccountPass) else None
        self.connection.seat = seat
        self.connection.wants_view = view
        self.joined = True
        await self.hub.fanout.welcome(self.room_id, self.connection, room)
        channel = TABLE if seat is not None else SPECTATORS
        lines = await run_in_threadpool(self.hub.chat.lines, self.room_id, (channel,))
        sent = self.connection.chat_ids
        lines = [line for line in lines if line.id not in sent]  # not those sent meanwhile
        if lines:
            sent.update(line.id for line in lines)
            self.connection.offer_message(wire.ChatLines(lines))

    async def chat(self, room: Room, text: str) -> None:
        """A line from this socket: to the seated people from a seat, to the spectators from a
        spectator; stored first, then sent to each socket of its audience. ChatError: refused."""
        text = clean(text)  # a refused line costs no allowance
        if not self.chat_rate.take():
            raise ChatError(f"at most one line of chat every {EVERY_S:g} s: wait a moment")
        seat = self.connection.seat
        if seat is not None:
            channel, account = TABLE, room.owners.get(seat)
            name = room.names.get(seat) or f"Guest {seat + 1}"
        else:
            if self.account_id is None:  # a signed-in spectator writes under their name
                await self._spectator_account()
            channel, account = SPECTATORS, self.account_id or None
            name = self.account_name or "Spectator"
        line = await run_in_threadpool(
            self.hub.chat.add, self.room_id, channel, seat, account, name, text
        )
        told = wire.ChatLines([line])
        for connection in list(self.hub.presence.sockets.get(self.room_id, ())):
            if (
                connection.told is not None
                and (connection.seat is not None) == (seat is not None)
                and line.id not in connection.chat_ids
            ):
                connection.chat_ids.add(line.id)
                connection.offer_message(told)

    async def rematch(self, room: Room, decline: bool) -> None:
        """This seat asks for a rematch (or accepts it), or declines: every seated socket of
        the room is told the offer; this one, when it took a seat, its token there too."""
        seat = self.connection.seat
        if seat is None:
            raise RematchError("a spectator has no seat to play again")
        account = None
        if room.owners.get(seat) is not None:  # the seat is an account's: the rematch's too
            cookie = self.websocket.cookies.get(SESSION_COOKIE)
            signed = await run_in_threadpool(self.hub.accounts.account_of, cookie)
            account = signed if signed is not None and signed.id == room.owners[seat] else None
        again = await run_in_threadpool(self.hub.rematches.rematch_of, self.room_id)
        if again is not None and not decline:
            # The rematch's own sockets go where the balancer sends its path, so another node
            # may hold it: taken over here to give the seat (a stale copy here let go first).
            await self.hub.live_room(again)
        offer, token = await run_in_threadpool(
            self.hub.rematches.answer, self.room_id, room, seat, account, decline
        )
        await self.hub.start_bots(offer.room)
        for connection in list(self.hub.presence.sockets.get(self.room_id, ())):
            if connection.seat is not None and connection is not self.connection:
                connection.offer_message(offer)
        mine = offer if token is None else msgspec.structs.replace(offer, seat=seat, token=token)
        self.connection.offer_message(mine)

    async def _spectator_account(self) -> None:
        headers = self.websocket.headers
        cookie = self.websocket.cookies.get(SESSION_COOKIE)
        if cookie is None or not same_origin(headers.get("origin"), headers.get("host")):
            self.account_id = ""
            return
        account = await run_in_threadpool(self.hub.accounts.account_of, cookie)
        self.account_id = account.id if account is not None else ""
        self.account_name = account.name if account is not None else None
