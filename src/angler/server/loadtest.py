"""The load generator behind ``angler loadtest``: whole games played through a real server.

Each of M matches creates a room over HTTP with every seat ``human`` (so every move crosses the
network), opens one WebSocket per seat, and each seat's client plays a random action of those its
own payload offers, after a think time. A finished game is followed by a new room, until the run's
time is up; then the clients close (games in progress are abandoned). Without a URL the server is
started here: uvicorn in a thread on a free loopback port, on an SQLite file in a temporary folder
that is deleted afterwards.

Latency is the time from sending a move to receiving the state that results from it. A move made
at version ``v`` while ``k`` seats decide (``to_act``: one, or several in a simultaneous choice)
has been applied once a state arrives at version ``v + k`` or later (each of those ``k`` seats
acts once before the decision can move on), or at a later version in which the seat no longer
decides (another seat's choice never ends this seat's own).
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import signal
import socket
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from array import array
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from angler.core.errors import AnglerError
from angler.server.payloads import sendable
from angler.sim.stopping import Stopped, Terminated, signal_of

if TYPE_CHECKING:  # the client library loads only when a run starts
    from websockets.asyncio.client import ClientConnection

LOOPBACK = "127.0.0.1"
HTTP_SECONDS = 10.0  # an HTTP request (a new room) that takes longer is an error
SILENCE_SECONDS = 10.0  # a seat hearing nothing this long (beyond its think time) is an error
START_SECONDS = 20.0  # the server this run starts must listen by then
TICK_SECONDS = 0.25  # how often the progress line is told
RETRY_SECONDS = 0.2  # the pause after an error before a match starts a new game
CLOSE_SECONDS = 2.0  # a closing handshake that takes longer is cut short
# No proxy, even if the environment names one: the run measures the server, not a proxy.
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class LoadTestError(AnglerError):
    """A run that cannot start: the server cannot be reached or started (one line)."""


@dataclass(frozen=True)
class LoadPlan:
    """What to run: ``matches`` concurrent games of ``game`` for ``seconds``; ``url`` is the
    server's base address, or None to start one."""

    game: str
    players: int
    matches: int
    seconds: float
    think_ms: int = 0
    options: dict[str, str] = field(default_factory=dict)
    url: str | None = None
    deflate: bool = False  # permessage-deflate, as browsers offer it (about half the moves/s)


@dataclass
class Tally:
    """The run's counts so far (kept on the clients' event loop)."""

    moves: int = 0
    games_finished: int = 0
    latencies: array[float] = field(default_factory=lambda: array("d"))  # seconds, per move
    errors: Counter[str] = field(default_factory=Counter)  # by kind: a refusal's, socket…
    first_errors: dict[str, str] = field(default_factory=dict)  # each kind's first message

    def error(self, kind: str, message: str) -> None:
        self.errors[kind] += 1
        self.first_errors.setdefault(kind, message)

    def error_count(self) -> int:
        return sum(self.errors.values())


@dataclass(frozen=True)
class LoadReport:
    """A finished run's figures (``as_json()`` for ``--json``)."""

    game: str
    players: int
    matches: int
    think_ms: int
    url: str
    started_server: bool
    seconds: float
    moves: int
    moves_per_s: float
    p50_ms: float | None
    p99_ms: float | None
    games_finished: int
    errors: int
    error_kinds: dict[str, int]
    first_errors: dict[str, str]
    server_rss_mb: float | None
    server_peak_rss_mb: float | None
    rss_note: str

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "matches": self.matches,
            "think_ms": self.think_ms,
            "url": self.url,
            "started_server": self.started_server,
            "seconds": self.seconds,
            "moves": self.moves,
            "moves_per_s": self.moves_per_s,
            "p50_ms": self.p50_ms,
            "p99_ms": self.p99_ms,
            "games_finished": self.games_finished,
            "errors": self.errors,
            "error_kinds": self.error_kinds,
            "first_errors": self.first_errors,
            "server_rss_mb": self.server_rss_mb,
            "server_peak_rss_mb": self.server_peak_rss_mb,
            "rss_note": self.rss_note,
        }


class LoadStopped(Stopped):
    """A load run stopped by Ctrl-C (or SIGTERM) after ``seconds``, with what it had counted."""

    def __init__(self, tally: Tally, seconds: float, signum: int) -> None:
        super().__init__(tally, seconds, signum=signum)
        self.tally = tally
        self.seconds = seconds

    def __str__(self) -> str:
        games = self.tally.games_finished
        return (
            f"{self.how} after {self.seconds:.1f} s: {self.tally.moves} moves, "
            f"{games} game{'s' * (games != 1)} finished, {self.tally.error_count()} errors"
        )


Tick = Callable[[float, Tally], None]


def run_loadtest(plan: LoadPlan, on_tick: Tick | None = None) -> LoadReport:
    """Run ``plan`` and report; ``on_tick(elapsed seconds, tally)`` is called as it goes.
    LoadTestError if the server cannot be reached or started; LoadStopped on Ctrl-C."""
    tally = Tally()
    started = time.perf_counter()
    try:
        with _server(plan.url) as base:
            _check_health(base, plan.game)
            elapsed = asyncio.run(_drive(plan, base, tally, on_tick))
            rss, peak = process_rss_mb() if plan.url is None else (None, None)
    except KeyboardInterrupt as stop:
        raise LoadStopped(tally, time.perf_counter() - started, signal_of(stop)) from None
    if plan.url is None:
        note = "this process: the server started here and its clients"
    else:
        note = "not measured: the server runs in another process (--url)"
    return LoadReport(
        game=plan.game,
        players=plan.players,
        matches=plan.matches,
        think_ms=plan.think_ms,
        url=base,
        started_server=plan.url is None,
        seconds=round(elapsed, 2),
        moves=tally.moves,
        moves_per_s=round(tally.moves / elapsed, 1) if elapsed > 0 else 0.0,
        p50_ms=percentile_ms(tally.latencies, 0.50),
        p99_ms=percentile_ms(tally.latencies, 0.99),
        games_finished=tally.games_finished,
        errors=tally.error_count(),
        error_kinds=dict(sorted(tally.errors.items())),
        first_errors=dict(sorted(tally.first_errors.items())),
        server_rss_mb=rss,
        server_peak_rss_mb=peak,
        rss_note=note,
    )


def percentile_ms(latencies: Sequence[float], share: float) -> float | None:
    """The nearest-rank percentile of ``latencies`` (seconds) in milliseconds; None if empty."""
    if not latencies:
        return None
    ordered = sorted(latencies)
    rank = max(1, math.ceil(share * len(ordered)))
    return round(ordered[rank - 1] * 1000, 2)


def process_rss_mb() -> tuple[float | None, float | None]:
    """This process's resident memory now and at its peak, in MB (``/proc/self/status``; where
    there is none, the peak from ``resource``)."""
    try:
        fields = dict(
            line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines()
        )
        now, peak = (int(fields[key].split()[0]) / 1024 for key in ("VmRSS", "VmHWM"))
        return round(now, 1), round(peak, 1)
    except (OSError, KeyError, ValueError):
        pass
    try:
        import resource
        import sys
    except ImportError:  # no such module on Windows
        return None, None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB; bytes on macOS
    return None, round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


# ----- the server -----


def base_url(url: str) -> str:
    """``url`` checked as a server's http(s) address, without a trailing slash."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise LoadTestError(f"--url is the server's http:// or https:// address, not {url!r}")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def socket_url(base: str) -> str:
    """The WebSocket address matching an http(s) base address."""
    return "ws" + base.removeprefix("http")


@contextmanager
def _server(url: str | None) -> Iterator[str]:
    if url is not None:
        yield base_url(url)
        return
    with serving_locally() as base:
        yield base


@contextmanager
def serving_locally() -> Iterator[str]:
    """Serve a fresh store on a free loopback port (uvicorn in a thread) until the block ends;
    the database's folder is deleted afterwards."""
    import uvicorn  # the server's dependencies load only when a server is started

    from angler.server.app import create_app
    from angler.server.limits import Limits
    from angler.server.store import Store

    with tempfile.TemporaryDirectory(prefix="angler-loadtest-") as folder:
        store = Store(f"sqlite:///{Path(folder) / 'loadtest.sqlite3'}")
        listener = socket.socket()
        try:
            # Sockets accepted on a listener handed to uvicorn inherit its options: without
            # this, Nagle's algorithm can hold a small frame back ~40 ms.
            listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            listener.bind((LOOPBACK, 0))
            port = listener.getsockname()[1]
            # Its clients are machines playing flat out: the limits meant for people (rooms a
            # minute, messages a second) are off; the send queue stays.
            app = create_app(store, Limits(messages_per_s=0, rooms_per_minute=0))
            config = uvicorn.Config(
                app, log_level="warning", lifespan="on", timeout_graceful_shutdown=2
            )
            server = uvicorn.Server(config)
            thread = threading.Thread(
                target=server.run, kwargs={"sockets": [listener]}, name="loadtest-server"
            )
            thread.daemon = True  # a server left behind must never keep the process alive
            thread.start()
            try:
                deadline = time.monotonic() + START_SECONDS
                while not server.started:
                    if not thread.is_alive() or time.monotonic() > deadline:
                        raise LoadTestError("the server for the load test did not start")
                    time.sleep(0.01)
                yield f"http://{LOOPBACK}:{port}"
            finally:
                server.should_exit = True
                thread.join(START_SECONDS)
        finally:
            listener.close()
            store.close()


def http_json(method: str, url: str, body: Any = None) -> tuple[int, Any]:
    """One HTTP request with a JSON body and answer: (status, decoded answer)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, method=method, headers={"content-type": "application/json"}
    )
    try:
        with _DIRECT.open(request, timeout=HTTP_SECONDS) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        with refused:
            try:
                return refused.code, json.loads(refused.read())
            except ValueError:
                return refused.code, None


def _check_health(base: str, game: str) -> None:
    """The server answers ``/health`` and serves ``game``, or one line says why not."""
    try:
        status, body = http_json("GET", base + "/health")
    except ValueError:
        raise LoadTestError(f"{base}/health did not answer JSON: is it angler's server?") from None
    except OSError as exc:
        reason = getattr(exc, "reason", None) or exc
        raise LoadTestError(f"cannot reach the server at {base}: {reason}") from None
    if status != 200 or not isinstance(body, dict) or body.get("status") != "ok":
        raise LoadTestError(f"{base}/health did not answer ok (HTTP {status})")
    if game not in body.get("games", []):
        raise LoadTestError(f"the server at {base} does not serve {game!r}")


# ----- the clients -----


class _Failed(Exception):
    """A game abandoned after an error of ``kind`` (a refusal's kind, socket, timeout…)."""

    def __init__(self, kind: str, message: str = "") -> None:
        super().__init__(kind, message)
        self.kind = kind
        self.message = " ".join(message.split())[:200]  # one line, as the report shows it


async def _drive(plan: LoadPlan, base: str, tally: Tally, on_tick: Tick | None) -> float:
    """Play ``plan.matches`` matches until ``plan.seconds`` have passed; the seconds run.
    Ctrl-C (asyncio.run's own handling) or SIGTERM cancels it, and the clients close."""
    start = time.perf_counter()
    matches = [
        asyncio.create_task(_match(plan, base, tally, random.Random(number)))
        for number in range(plan.matches)
    ]
    try:
        with _sigterm_cancels() as terminated:
            while (elapsed := time.perf_counter() - start) < plan.seconds:
                if on_tick is not None:
                    on_tick(elapsed, tally)
                await asyncio.sleep(min(TICK_SECONDS, plan.seconds - elapsed))
            elapsed = time.perf_counter() - start
    except asyncio.CancelledError:
        if terminated:
            raise Terminated() from None
        raise
    finally:
        for task in matches:
            task.cancel()
        ended = await asyncio.gather(*matches, return_exceptions=True)
    for outcome in ended:  # a match ended by a bug of this module, not by the server
        if isinstance(outcome, Exception):
            raise outcome
    return elapsed


@contextmanager
def _sigterm_cancels() -> Iterator[list[int]]:
    """While active, SIGTERM cancels the running task (yielding ``[SIGTERM]`` once it came):
    a handler raising in the main thread would land in whichever client task ran."""
    loop, task = asyncio.get_running_loop(), asyncio.current_task()
    came: list[int] = []

    def cancel() -> None:
        came.append(signal.SIGTERM)
        if task is not None:
            task.cancel()

    previous = signal.getsignal(signal.SIGTERM)
    try:
        loop.add_signal_handler(signal.SIGTERM, cancel)
    except (NotImplementedError, RuntimeError, ValueError):  # Windows, or not the main thread
        yield came
        return
    try:
        yield came
    finally:
        loop.remove_signal_handler(signal.SIGTERM)
        if previous is not None:  # None: a handler not set from Python, which stays unknown
            signal.signal(signal.SIGTERM, previous)


async def _match(plan: LoadPlan, base: str, tally: Tally, rng: random.Random) -> None:
    """One match: a game after another until cancelled; an error abandons that game."""
    while True:
        try:
            await _game(plan, base, tally, rng)
            tally.games_finished += 1
        except _Failed as failed:
            tally.error(failed.kind, failed.message)
            await asyncio.sleep(RETRY_SECONDS)


async def _game(plan: LoadPlan, base: str, tally: Tally, rng: random.Random) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import WebSocketException

    request = {"game": plan.game, "options": plan.options, "seats": ["human"] * plan.players}
    try:
        status, room = await asyncio.to_thread(http_json, "POST", base + "/rooms", request)
    except (OSError, ValueError) as exc:
        raise _Failed("http", f"creating a room: {exc}") from None
    if status != 201 or not isinstance(room, dict):
        refusal = room if isinstance(room, dict) else {}
        kind = str(refusal.get("error") or f"http {status}")
        raise _Failed(kind, f"creating a room: {refusal.get('message', f'HTTP {status}')}")
    address = f"{socket_url(base)}/rooms/{room['room']}/ws"
    silence = SILENCE_SECONDS + plan.think_ms / 1000
    try:
        async with AsyncExitStack() as sockets, asyncio.TaskGroup() as seats:
            for seat in room["seats"]:
                connection = await sockets.enter_async_context(
                    connect(
                        address,
                        proxy=None,
                        close_timeout=CLOSE_SECONDS,
                        compression="deflate" if plan.deflate else None,
                    )
                )
                seats.create_task(
                    _seat(connection, seat["token"], plan.think_ms, silence, tally, rng)
                )
    except ExceptionGroup as group:  # the seats' first error stands for the game's
        raise _failure(group, WebSocketException) from None


def _failure(group: ExceptionGroup[Exception], socket_error: type[Exception]) -> _Failed:
    first = group.exceptions[0]
    while isinstance(first, ExceptionGroup):
        first = first.exceptions[0]
    if isinstance(first, _Failed):
        return first
    if isinstance(first, TimeoutError):
        return _Failed("timeout", f"a socket heard nothing for {SILENCE_SECONDS:g} s (and a think)")
    if isinstance(first, OSError | socket_error):
        return _Failed("socket", str(first))
    raise first  # a bug here, not the server's: let it show


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
    latest = await _state(connection, silence)
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
        latest = await _state(connection, silence)
        if pending is not None and _applied(pending, latest):
            tally.moves += 1
            tally.latencies.append(time.perf_counter() - pending[0])
            pending = None


def _applied(pending: tuple[float, int, int], state: dict[str, Any]) -> bool:
    """Whether ``state`` shows the pending move applied (see the module's docstring)."""
    _, sent, by = pending
    version: int = state["version"]
    return version >= by or (version > sent and state["seat"] not in state["to_act"])


async def _state(connection: ClientConnection, silence: float) -> dict[str, Any]:
    """The next message, which must be a ``state``: a refusal is an error of its kind."""
    async with asyncio.timeout(silence):
        raw = await connection.recv()
    try:
        message = json.loads(raw)
    except ValueError:
        raise _Failed("message", "not JSON") from None
    if not isinstance(message, dict):
        raise _Failed("message", "not an object")
    if message.get("type") == "error":
        raise _Failed(str(message.get("error")), str(message.get("message")))
    if message.get("type") != "state":
        raise _Failed("message", f"unexpected {str(message.get('type'))[:40]!r}")
    return message
