"""Helpers for the fault tests (test_faults.py): a real ``angler serve`` process to SIGKILL,
games played over its sockets that remember everything they were told, a TCP proxy that cuts
a PostgreSQL connection, and the clients of the cross-process race."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect as async_connect
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from angler.server.payloads import patched_board, sendable

GAME = "flip-and-fish"  # two players, two rounds: about ten moves, with dice the store keeps
OPTIONS = {"rounds": "2"}
START_SECONDS = 30.0  # the server process must answer /health by then
SILENCE_SECONDS = 15.0  # a socket hearing nothing this long is a failure, not a wait
RECONNECT_PAUSE = 0.05
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def http_json(base: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, method=method, headers={"content-type": "application/json"}
    )
    try:
        with _DIRECT.open(request, timeout=SILENCE_SECONDS) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def board_key(board: Any) -> str:
    """A board as comparable text (a payload's and a replay step's come through JSON alike)."""
    return json.dumps(board, sort_keys=True)


# ----- the server as a process of its own -----
class ServerProcess:
    """``python -m angler serve`` on ``db_url`` and a fixed port: started, SIGKILLed, started
    again on the same port and database."""

    def __init__(self, db_url: str, log: Path) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.http = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "angler", "serve", "--port", str(self.port)]
        # The games are all created from this one address: no per-address room limit (and
        # scripted clients move flat out: no message rate either).
        command += ["--rooms-per-minute", "0", "--messages-per-s", "0"]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [*command, "--db", self.db_url], stdout=out, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + START_SECONDS
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if http_json(self.http, "GET", "/health")[0] == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {self.log.read_text()[-2000:]}")
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing the server could still do."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def create_room(base: str) -> dict[str, Any]:
    status, room = http_json(
        base, "POST", "/rooms", {"game": GAME, "options": OPTIONS, "seats": ["human", "human"]}
    )
    assert status == 201, room
    return dict(room)


# ----- a seat that remembers what it was told -----
@dataclass
class SeatLog:
    """What one seat's client saw: the board at every version it was sent, and its moves the
    server acknowledged (made at ``sent``, seen applied at ``acked``)."""

    room: str
    seat: int
    token: str
    boards: dict[int, str] = field(default_factory=dict)
    board: dict[str, Any] = field(default_factory=dict)  # the whole board, patches applied
    acks: list[tuple[int, str, int]] = field(default_factory=list)
    latest: int = -1
    reconnects: int = 0
    problems: list[str] = field(default_factory=list)
    over: bool = False


def _applied(sent: int, by: int, state: dict[str, Any]) -> bool:
    """Whether ``state`` shows a move made at ``sent`` applied (as in angler.tools.loadtest)."""
    version: int = state["version"]
    return version >= by or (version > sent and state["seat"] not in state["to_act"])


async def play_seat(ws: str, log: SeatLog, rng: random.Random, up: asyncio.Event) -> None:
    """Play random offered moves to the end of the game; when the server goes away, wait for
    ``up`` and reconnect, and check the room has every version this seat was told of."""
    address = f"{ws}/rooms/{log.room}/ws"
    while not log.over:
        await up.wait()
        try:
            async with async_connect(address, proxy=None, open_timeout=SILENCE_SECONDS) as conn:
                await _play_connected(conn, log, rng)
        except TimeoutError:  # an OSError too, but a live server's silence is a fault
            log.problems.append(f"room {log.room} seat {log.seat}: silent at {log.latest}")
            return
        except (OSError, WebSocketException):
            log.reconnects += 1
            await asyncio.sleep(RECONNECT_PAUSE)


async def _play_connected(conn: Any, log: SeatLog, rng: random.Random) -> None:
    await conn.send(json.dumps({"type": "hello", "token": log.token}))
    state = await _next_state(conn, log)
    if state["version"] < log.latest:
        log.problems.append(
            f"room {log.room} seat {log.seat}: back at version {state['version']}, "
            f"but version {log.latest} was acknowledged"
        )
        log.over = True
        return
    pending: tuple[int, str, int] | None = None  # made at, its text, applied by version
    while not state["over"]:
        if pending is None and state["legal"]:
            choice = rng.choice(state["legal"])
            version = state["version"]
            pending = (version, choice["text"], version + len(state["to_act"]))
            move = {"type": "move", "action": sendable(choice), "version": version}
            await conn.send(json.dumps(move))
        state = await _next_state(conn, log)
        if pending is not None and _applied(pending[0], pending[2], state):
            log.acks.append((pending[0], pending[1], state["version"]))
            pending = None
    log.over = True


async def _next_state(conn: Any, log: SeatLog) -> dict[str, Any]:
    async with asyncio.timeout(SILENCE_SECONDS):
        message: dict[str, Any] = json.loads(await conn.recv())
        while message.get("type") == "presence":  # who is at the table: not this test's concern
            message = json.loads(await conn.recv())
    if message.get("type") != "state":
        raise AssertionError(f"room {log.room} seat {log.seat} was sent {message}")
    version = message["version"]
    # A socket's first state (after each reconnect too) has the whole board; later ones patch it.
    log.board = message["board"] if "board" in message else patched_board(log.board, message)
    log.boards[version] = board_key(log.board)
    log.latest = max(log.latest, version)
    return message


def check_history(log: SeatLog, steps: list[dict[str, Any]]) -> list[str]:
    """What a finished room's replay as the log's seat saw it contradicts in ``log``: a board
    the seat was shown that is not the one at that version, or an acknowledged move missing."""
    problems = []
    where = f"room {log.room} seat {log.seat}"
    for version, board in sorted(log.boards.items()):
        if version >= len(steps):
            problems.append(f"{where}: version {version} seen, the game has {len(steps) - 1}")
        elif board_key(steps[version]["boards"][0]) != board:
            problems.append(f"{where}: the board at version {version} is not the one it was shown")
    for sent, text, acked in log.acks:
        taken = [step["action"] for step in steps[sent + 1 : acked + 1]]
        if {"seat": log.seat, "text": text} not in taken:
            problems.append(f"{where}: its move {text!r} (at version {sent}) is not in the game")
    return problems


# ----- a TCP proxy whose connections can be cut -----
class Proxy:
    """Forwards 127.0.0.1:port to ``target``. ``cut()`` closes every connection and refuses new
    ones (as if the database went away); ``restore()`` listens again on the same port."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._listener: socket.socket | None = None
        self.restore()

    def restore(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        with self._lock:
            listener, self._listener = self._listener, None
            doomed, self._open = self._open, set()
        if listener is not None:
            listener.close()
        for sock in doomed:
            _shut(sock)

    close = cut

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self._lock:
                if self._listener is not listener:
                    _shut(client)
                    _shut(server)
                    return
                self._open |= {client, server}
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=_pump, args=(source, sink), daemon=True).start()


def _pump(source: socket.socket, sink: socket.socket) -> None:
    try:
        while data := source.recv(65536):
            sink.sendall(data)
    except OSError:
        pass
    _shut(sink)
    _shut(source)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()


# ----- the cross-process race: one child process's sockets -----
SENTINEL = {"type": "sentinel"}  # refused ("type"): its answer comes after the move's, if any


def race_child(
    ws: str,
    http: str,
    room: str,
    tokens: list[str],
    child: int,
    sockets: int,
    rounds: int,
    barrier: Any,
    results: Any,
) -> None:
    """In a process of its own: each round, ``sockets`` sockets of the deciding seat send a move
    at the same version the same instant as the other children's (round by round: the same
    move from every socket, or a different one each). Reports (round, version, socket, move,
    refusal kinds) for each socket."""
    for round_number in range(rounds):
        barrier.wait()  # the last round is over everywhere
        _, view = http_json(http, "GET", f"/rooms/{room}/view")
        seat = view["to_act"][0]
        conns = [connect(f"{ws}/rooms/{room}/ws", proxy=None) for _ in range(sockets)]
        states = []
        for conn in conns:
            conn.send(json.dumps({"type": "hello", "token": tokens[seat]}))
            states.append(json.loads(conn.recv(timeout=SILENCE_SECONDS)))
        version = states[0]["version"]
        legal = states[0]["legal"]
        same = round_number % 2 == 0
        moves = [
            legal[0] if same else legal[(child * sockets + index) % len(legal)]
            for index in range(sockets)
        ]
        barrier.wait()  # every child's sockets are ready: go
        for conn, move in zip(conns, moves, strict=True):
            conn.send(json.dumps({"type": "move", "action": sendable(move), "version": version}))
        for conn in conns:
            conn.send(json.dumps(SENTINEL))
        for index, (conn, move) in enumerate(zip(conns, moves, strict=True)):
            refusals = []
            while True:
                message = json.loads(conn.recv(timeout=SILENCE_SECONDS))
                if message["type"] == "error":
                    if message["error"] == "type":
                        break
                    refusals.append(message["error"])
            results.put((round_number, version, child, index, move["text"], refusals))
            conn.close()


def wait_for(condition: Callable[[], bool], seconds: float = SILENCE_SECONDS) -> None:
    """Wait until ``condition()`` holds; fail after ``seconds`` (a hang, not a speed check)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not so after {seconds:g} s")
        time.sleep(0.02)
