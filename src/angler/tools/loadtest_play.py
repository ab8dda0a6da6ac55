"""The load test's clients: matches of people's seats, each a random player on a WebSocket.

Each match creates a room over HTTP with every seat ``human`` (so every move crosses the
network), opens one WebSocket per seat, and each seat's client plays a random action of those its
own payload offers, after a think time. A finished game is followed by a new room, until the
run's time is up; then the clients close (games in progress are abandoned).

The clients read of a ``state`` only ``version``, ``to_act``, ``legal``, ``over`` and ``seat``:
never ``log`` or ``view.events``, which may carry only what is new since the socket's last state.

Latency is the time from sending a move to receiving the state that results from it. A move made
at version ``v`` while ``k`` seats decide (``to_act``: one, or several in a simultaneous choice)
has been applied once a state arrives at version ``v + k`` or later (each of those ``k`` seats
acts once before the decision can move on), or at a later version in which the seat no longer
decides (another seat's choice never ends this seat's own).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from array import array
from collections import Counter
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from angler.server.payloads import sendable
from angler.tools.loadtest_http import http_json, socket_url

if TYPE_CHECKING:  # the client library loads only when a run starts
    from websockets.asyncio.client import ClientConnection

SILENCE_SECONDS = 10.0  # a seat hearing nothing this long (beyond its think time) is an error
RETRY_SECONDS = 0.2  # the pause after an error before a match starts a new game
CLOSE_SECONDS = 2.0  # a closing handshake that takes longer is cut short


@dataclass
class Tally:
    """The run's counts so far (kept on the clients' event loop). Moves, latencies, lags and
    games count only while ``measuring`` (after the warm-up); errors count all along."""

    measuring: bool = False
    moves: int = 0
    games_started: int = 0
    games_finished: int = 0
    latencies: array[float] = field(default_factory=lambda: array("d"))  # seconds, per move
    lags: array[float] = field(default_factory=lambda: array("d"))  # seconds, per bot move
    errors: Counter[str] = field(default_factory=Counter)  # by kind: a refusal's, socket…
    state_bytes: int = 0  # what the seats' sockets received in states after their first
    states: int = 0
    first_errors: dict[str, str] = field(default_factory=dict)  # each kind's first message

    def error(self, kind: str, message: str) -> None:
        self.errors[kind] += 1
        self.first_errors.setdefault(kind, message)

    def error_count(self) -> int:
        return sum(self.errors.values())

    def started(self) -> None:
        self.games_started += self.measuring

    def finished(self) -> None:
        self.games_finished += self.measuring


class Failed(Exception):
    """A game abandoned after an error of ``kind`` (a refusal's kind, socket, timeout…)."""

    def __init__(self, kind: str, message: str = "") -> None:
        super().__init__(kind, message)
        self.kind = kind
        self.message = " ".join(message.split())[:200]  # one line, as the report shows it


@dataclass(frozen=True)
class Table:
    """What every match of a run plays: the room to ask for and how its clients behave."""

    base: str
    game: str
    players: int
    options: dict[str, str]
    think_ms: int = 0
    deflate: bool = False


async def create_room(table: Table, seats: list[str], settings: dict[str, Any]) -> dict[str, Any]:
    """A new room over HTTP (its id and seats); Failed if the server refuses it."""
    request: dict[str, Any] = {"game": table.game, "options": table.options, "seats": seats}
    if settings:
        request["settings"] = settings
    try:
        status, room = await asyncio.to_thread(http_json, "POST", table.base + "/rooms", request)
    except (OSError, ValueError) as exc:
        raise Failed("http", f"creating a room: {exc}") from None
    if status != 201 or not isinstance(room, dict):
        refusal = room if isinstance(room, dict) else {}
        kind = str(refusal.get("error") or f"http {status}")
        raise Failed(kind, f"creating a room: {refusal.get('message', f'HTTP {status}')}")
    return room


def connecting(table: Table, room: dict[str, Any]) -> Any:
    """A WebSocket connection to ``room`` (an async context manager), straight, no proxy."""
    from websockets.asyncio.client import connect

    return connect(
        f"{socket_url(table.base)}/rooms/{room['room']}/ws",
        proxy=None,
        close_timeout=CLOSE_SECONDS,
        compression="deflate" if table.deflate else None,
    )


async def people_match(table: Table, tally: Tally, rng: random.Random) -> None:
    """One match of people's seats: a game after another until cancelled; an error abandons
    that game."""
    while True:
        try:
            await _game(table, tally, rng)
            tally.finished()
        except Failed as failed:
            tally.error(failed.kind, failed.message)
            await asyncio.sleep(RETRY_SECONDS)


async def _game(table: Table, tally: Tally, rng: random.Random) -> None:
    from websockets.exceptions import WebSocketException

    room = await create_room(table, ["human"] * table.players, {})
    tally.started()
    silence = SILENCE_SECONDS + table.think_ms / 1000
    try:
        async with AsyncExitStack() as sockets, asyncio.TaskGroup() as seats:
            for seat in room["seats"]:
                connection = await sockets.enter_async_context(connecting(table, room))
                seats.create_task(
                    _seat(connection, seat["token"], table.think_ms, silence, tally, rng)
                )
    except ExceptionGroup as group:  # the seats' first error stands for the game's
        raise failure(group, WebSocketException, silence) from None


def failure(
    group: ExceptionGroup[Exception], socket_error: type[Exception], silence: float
) -> Failed:
    """The error that abandons a game, from the first of its tasks' errors (a bug of this
    module, not the server's, is raised to show)."""
    first = group.exceptions[0]
    while isinstance(first, ExceptionGroup):
        first = first.exceptions[0]
    if isinstance(first, Failed):
        return first
    if isinstance(first, TimeoutError):
        return Failed("timeout", f"a socket heard nothing for {silence:g} s")
    if isinstance(first, OSError | socket_error):
        return Failed("socket", str(first))
    raise first


async def _seat(
    connection: ClientConnection,
    token: str,
    think_ms: int,
    silence: float,
    tally: Tally,
    rng: random.Random,
) -> None:
    """One seat's client: hello, then a random offered action whenever the seat decides and
    has no move on its way, until the game is over."""
    await connection.send(json.dumps({"type": "hello", "token": token}))
    latest = await receive_state(connection, silence)  # whole, with the card catalogue
    pending: tuple[float, int, int] | None = None  # sent at, its version, applied by version
    while not latest["over"]:
        if pending is None and latest["legal"]:
            if think_ms:
                await asyncio.sleep(think_ms / 1000)
            choice = rng.choice(latest["legal"])
            version = latest["version"]
            pending = (time.perf_counter(), version, version + len(latest["to_act"]))
            move = {"type": "move", "action": sendable(choice), "version": version}
            await connection.send(json.dumps(move))
        latest = await receive_state(connection, silence, tally)
        if pending is not None and applied(pending, latest):
            if tally.measuring:
                tally.moves += 1
                tally.latencies.append(time.perf_counter() - pending[0])
            pending = None


def applied(pending: tuple[float, int, int], state: dict[str, Any]) -> bool:
    """Whether ``state`` shows the pending move applied (see the module's docstring)."""
    _, sent, by = pending
    version: int = state["version"]
    return version >= by or (version > sent and state["seat"] not in state["to_act"])


async def receive_state(
    connection: ClientConnection, silence: float, tally: Tally | None = None
) -> dict[str, Any]:
    """The next message, which must be a ``state``: a refusal is an error of its kind. Who is
    at the table (``presence``) is no concern of the load. With ``tally``, its size counts
    among the states' bytes (while measuring)."""
    async with asyncio.timeout(silence):
        raw = await connection.recv()
        while '"type":"presence"' in raw[:24]:
            raw = await connection.recv()
    if tally is not None and tally.measuring:
        tally.state_bytes += len(raw.encode() if isinstance(raw, str) else raw)
        tally.states += 1
    try:
        message = json.loads(raw)
    except ValueError:
        raise Failed("message", "not JSON") from None
    if not isinstance(message, dict):
        raise Failed("message", "not an object")
    if message.get("type") == "error":
        raise Failed(str(message.get("error")), str(message.get("message")))
    if message.get("type") != "state":
        raise Failed("message", f"unexpected {str(message.get('type'))[:40]!r}")
    return message
