"""The server's application (FastAPI): rooms over HTTP, and one WebSocket per seat or spectator.

``create_app(store)`` builds the app around an open :class:`~angler.server.store.Store`, so tests
and ``angler serve`` share one construction. On start (the lifespan) every live room of the store
is rebuilt by replay (``hub.py``). FastAPI serves the OpenAPI document of every route at
``/openapi.json`` (and a browsable page at ``/docs``). The protocol is docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.routing import Match

from angler import __version__
from angler.core import all_games
from angler.core.errors import AnglerError
from angler.server import wire
from angler.server.api import (
    ClaimSeat,
    CreateRoom,
    ErrorBody,
    FinishedRoom,
    LiveRoom,
    LobbyRoom,
    RoomCreated,
    RoomInfo,
    SeatClaimed,
)
from angler.server.bodies import BodyLimit
from angler.server.health import StoreProbe
from angler.server.hub import Connection, Hub, UnfinishedError
from angler.server.limits import (
    FLOOD_CODE,
    UNAVAILABLE_CODE,
    Limits,
    RoomCreations,
    SocketRate,
)
from angler.server.payloads import Payload
from angler.server.rooms import HeaderError, InviteError, Room, SeatError, TokenError
from angler.server.searches import BotCap
from angler.server.store import (
    RoomFinishedError,
    SeatTakenError,
    Store,
    StoreUnavailableError,
    UnknownRoomError,
)
from angler.server.web import add_web_table

log = logging.getLogger(__name__)
MESSAGE_LIMIT = wire.MESSAGE_LIMIT
HELLO_SECONDS = 30.0  # a socket that names no seat (or none) by then is closed

WRITER_SWITCH_S = 0.0005  # the GIL switch interval while serving (the default: 0.005)


class Health(BaseModel):
    """What ``GET /health`` answers: the server is up, and what it serves."""

    status: str
    version: str
    games: list[str]
    live_rooms: int
    store_writes: int = Field(
        description="write transactions committed by this process since it started (rooms, "
        "moves, seats, finishes): the load test's database writes per second"
    )


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody},
    403: {"model": ErrorBody},
    404: {"model": ErrorBody},
    409: {"model": ErrorBody},
    422: {"model": ErrorBody},
}


def refusal(exc: AnglerError) -> tuple[int, ErrorBody]:
    """The HTTP status and body of a refusal: one line, and its kind."""
    if isinstance(exc, UnknownRoomError):
        return 404, ErrorBody(error="room", message=str(exc))
    if isinstance(exc, RoomFinishedError):
        return 409, ErrorBody(error="finished", message=str(exc))
    if isinstance(exc, SeatTakenError | SeatError):
        return 409, ErrorBody(error="seat", message=str(exc))
    if isinstance(exc, UnfinishedError | InviteError):
        return 403, ErrorBody(error=exc.code, message=str(exc))
    if isinstance(exc, HeaderError):
        return 422, ErrorBody(error=exc.code, message=str(exc))
    status = getattr(exc, "status", 400)  # a refusal may name its own (404: no such file)
    return status, ErrorBody(error=getattr(exc, "code", "refused"), message=str(exc))


def _one_line(exc: RequestValidationError) -> str:
    first = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    return f"{where or 'request'}: {first.get('msg', 'invalid request')}".lower()


def _bearer(given: str | None) -> str | None:
    """The seat token of an HTTP request, from ``Authorization: Bearer TOKEN`` (never the URL:
    access logs print URLs); None for a spectator."""
    if given is None:
        return None
    scheme, _, token = given.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise TokenError("give the seat token as 'Authorization: Bearer TOKEN'")
    return token.strip()


def _allowed(request: Request) -> str:
    """The methods some route answers at the request's path (a path's GET and POST are two
    routes, and Starlette's 405 names only the first's); empty under a mount (its own 405 says)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        if route.matches(request.scope)[0] != Match.NONE:
            methods |= getattr(route, "methods", None) or set()
    return ", ".join(sorted(methods))


def _declare_refusals(document: dict[str, Any]) -> None:
    """Every refusal's body is an ``ErrorBody`` as JSON, whatever the route answers when it
    succeeds (an HTML page) and for a malformed request too (FastAPI would document its own
    validation error, which ``invalid`` below turns into an ``ErrorBody``)."""
    refusal_content = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
    for operations in document.get("paths", {}).values():
        for operation in operations.values():
            for status, response in operation.get("responses", {}).items():
                if status.startswith("4"):
                    response["content"] = refusal_content
    schemas = document.get("components", {}).get("schemas", {})
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)


def create_app(store: Store, limits: Limits | None = None, *, freeze_gc: bool = False) -> FastAPI:
    """The application serving ``store``'s rooms, keeping ``limits`` (the defaults if None:
    ``limits.py``). ``freeze_gc``: once started, what start-up made (modules, games, rooms
    replayed) leaves the garbage collector's sight, so its full collections, which pause every
    room, walk only what play makes (``angler serve`` sets it: it owns its process)."""
    limits = limits or Limits()
    hub = Hub(store, BotCap(limits.max_bot_seconds))
    creations = RoomCreations(limits.rooms_per_minute)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await run_in_threadpool(hub.load)
        for room_id in list(hub.rooms):
            await hub.start_bots(room_id)
        if freeze_gc:
            gc.collect()
            gc.freeze()
            # The store's writer thread gives up the GIL at every database call; at the default
            # 5 ms switch interval it then waits that long for the busy event loop to give it
            # back, and a commit of a few appends took tens of milliseconds under load.
            sys.setswitchinterval(WRITER_SWITCH_S)
        yield
        await hub.stop_bots()

    app = FastAPI(
        title="angler",
        version=__version__,
        summary="Three fishing card games online: rooms, seats and their views.",
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.hub = hub
    app.add_middleware(BodyLimit)  # a card set is kilobytes: a body of megabytes is refused
    app.state.limits = limits
    document = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            _declare_refusals(document())
        return document()

    app.openapi = openapi  # type: ignore[method-assign]  # FastAPI's way to amend the document

    @app.exception_handler(AnglerError)
    async def angler_error(_: Request, exc: AnglerError) -> JSONResponse:
        status, body = refusal(exc)
        return JSONResponse(body.model_dump(), status_code=status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        body = ErrorBody(error="request", message=_one_line(exc))
        return JSONResponse(body.model_dump(), status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        body = ErrorBody(error="http", message=str(exc.detail).lower())
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # HTTP requires a 405 to name the allowed methods
            headers["Allow"] = _allowed(request) or headers.get("Allow", "")
        return JSONResponse(body.model_dump(), status_code=exc.status_code, headers=headers)

    probe = StoreProbe(store)

    @app.get(
        "/health",
        response_model=Health,
        responses={503: {"model": Health, "description": "the store does not answer"}},
        summary="Whether the server is up and its store answers",
    )
    async def health() -> Health | JSONResponse:
        up = await probe.answers()
        body = Health(
            status="ok" if up else "store unavailable",
            version=__version__,
            games=[game.name for game in all_games()],
            live_rooms=len(hub.rooms),
            store_writes=store.writes,
        )
        return body if up else JSONResponse(body.model_dump(), status_code=503)

    @app.post(
        "/rooms",
        response_model=RoomCreated,
        status_code=201,
        responses={**ERRORS, 429: {"model": ErrorBody}},
        summary="Create a room: tokens for its human seats, invitations for its open ones",
    )
    async def create_room(request: CreateRoom, http: Request) -> RoomCreated | JSONResponse:
        address = http.client.host if http.client else "unknown"
        wait = creations.take(address)
        if wait:
            message = (
                f"at most {limits.rooms_per_minute} new rooms a minute from one address: "
                f"try again in {wait} s"
            )
            body = ErrorBody(error="rate", message=message)
            return JSONResponse(
                body.model_dump(), status_code=429, headers={"Retry-After": str(wait)}
            )
        created = await run_in_threadpool(hub.create, request)
        await hub.start_bots(created.room)  # a room of bots (or bots first) starts playing
        return created

    @app.post(
        "/rooms/{room}/seats/{seat}",
        response_model=SeatClaimed,
        responses=ERRORS,
        summary="Claim a seat: an invitation with its code (the body's `invite`), a public seat "
        "with none; its token",
    )
    async def claim_seat(room: str, seat: int, body: ClaimSeat | None = None) -> SeatClaimed:
        claimed = await run_in_threadpool(hub.claim, room, seat, body.invite if body else None)
        hub.away_from_the_start(room)  # until the friend's socket says hello
        hub.soon(room)  # the table shows the friend arrived
        return claimed

    @app.get("/rooms", response_model=list[LobbyRoom], summary="The lobby: rooms with open seats")
    async def lobby() -> list[LobbyRoom]:
        return await run_in_threadpool(hub.lobby)

    @app.get("/rooms/finished", response_model=list[FinishedRoom], summary="Finished rooms")
    async def finished() -> list[FinishedRoom]:
        return await run_in_threadpool(hub.finished)

    @app.get(
        "/rooms/{room}/record",
        responses={403: {"model": ErrorBody}, 404: {"model": ErrorBody}},
        summary="A finished room's record (docs/records.md)",
    )
    async def record(room: str) -> dict[str, Any]:
        return await run_in_threadpool(hub.record, room)

    @app.get(
        "/rooms/{room}/view",
        responses=ERRORS,
        summary="What a seat sees now (its token as `Authorization: Bearer TOKEN`), or, with no "
        "token, what a spectator sees: the same payload its socket is sent",
    )
    async def view(
        room: str,
        authorization: Annotated[
            str | None, Header(description="`Bearer TOKEN`: a seat's token (none: a spectator)")
        ] = None,
    ) -> dict[str, Any]:
        token = _bearer(authorization)

        def payload() -> dict[str, Any]:
            live = hub.room(room)
            seat = None if token is None else live.seat_of(token)
            return {"type": "state", **live.payload(seat)}

        return await run_in_threadpool(payload)

    @app.get("/rooms/live", response_model=list[LiveRoom], summary="Live rooms, to watch or join")
    async def live() -> list[LiveRoom]:
        return await run_in_threadpool(hub.live)

    @app.get("/rooms/{room}", response_model=RoomInfo, responses=ERRORS, summary="What a room is")
    async def room_info(room: str) -> RoomInfo:
        return await run_in_threadpool(hub.info, room)

    @app.get(
        "/rooms/{room}/replay",
        responses={400: {"model": ErrorBody}, 403: {"model": ErrorBody}, 404: {"model": ErrorBody}},
        summary="A finished game step by step, as one seat saw it (seat=0, 1…), as a spectator "
        "did (no seat) or with everything shown (seat=all: every hand and face-down card)",
    )
    async def replay(room: str, seat: str | None = None) -> dict[str, Any]:
        return await run_in_threadpool(hub.replay, room, seat)

    @app.websocket("/rooms/{room}/ws")
    async def room_socket(websocket: WebSocket, room: str) -> None:
        await websocket.accept()
        await RoomSocket(hub, websocket, room, limits).run()

    add_web_table(app)
    return app


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
        self.token: str | None = None
        self.joined = False  # said hello: the hub counts it among the room's sockets
        self.rate = SocketRate(limits)
        self.limits = limits
        # Every message goes through the connection's queue, from the first one on.
        self.connection = Connection(
            websocket, None, limits.send_queue, self._stop_waiting, limits.send_queue_chars
        )
        self._waiting: asyncio.Timeout | None = None

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
                self.hub.part(self.room_id, self.connection)
            await self.connection.finish()

    async def _converse(self) -> None:
        try:
            try:
                room = await run_in_threadpool(self.hub.room, self.room_id)
            except RoomFinishedError:  # back after the end: the final state, read-only
                room = await run_in_threadpool(self.hub.final, self.room_id)
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
                await self.hello(room, message.token, message.view)
                return
            if not self.joined:
                await self.refuse("hello", 'first a "hello" (with a seat token, or none)')
                return
            if isinstance(message, wire.Move):
                move = functools.partial(
                    room.stage_move, self._acting(), message.action, message.version
                )
                await self.hub.act(self.room_id, room, move, self.connection, move_id)
                return
            if isinstance(message, wire.Undo):
                undo = functools.partial(room.stage_undo, self._acting(), message.version)
                await self.hub.act(self.room_id, room, undo, self.connection, move_id)
                return
            async with self.hub.turn(self.room_id):  # a stored seating change: in turn
                await self.people(room, message)
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
        await self.hub.changed(self.room_id, room)

    async def people(self, room: Room, message: wire.ClientMessage) -> None:
        """A person's change to the seating: the creator gives a free seat to a bot, cancels
        the room or sets the bots' pace; anyone seated resigns. RoomError: refused."""
        hub, room_id, token = self.hub, self.room_id, self._acting()
        if isinstance(message, wire.Seat):
            await hub.fill(room_id, room, token, message.seat, message.bot)
        elif isinstance(message, wire.Resign):
            await run_in_threadpool(room.resign, token, hub.takeover(room_id), hub.reseat(room_id))
        elif isinstance(message, wire.Cancel):
            await run_in_threadpool(room.cancel, token, hub.reseat(room_id))
        elif isinstance(message, wire.Pace):
            await run_in_threadpool(hub.set_pace, room_id, room, token, message.pace_ms)

    def _acting(self) -> str:
        if self.token is None:
            raise TokenError("a spectator cannot act: connect with a seat token to play")
        return self.token

    async def hello(self, room: Room, token: object, view: bool = False) -> None:
        if self.joined:
            await self.refuse("hello", "this socket has named its seat already")
            return
        seat = None
        if token is not None:
            seat = room.seat_of(token)  # TokenError: the socket may try again
            self.token = token if isinstance(token, str) else None
        self.connection.seat = seat
        self.connection.wants_view = view
        self.joined = True
        await self.hub.welcome(self.room_id, self.connection, room)
