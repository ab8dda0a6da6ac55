"""A real server for tests: uvicorn serving ``create_app`` on a free loopback port in a thread,
and small HTTP and WebSocket clients (the ``websockets`` library) to talk to it."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import uvicorn
from fastapi import FastAPI
from websockets.sync.client import ClientConnection, connect

from angler.server.app import create_app
from angler.server.journal import MemoryJournal
from angler.server.limits import Limits
from angler.server.rooms import Room
from angler.server.store import Store

RECEIVE_SECONDS = 10.0
# Scripted clients move the moment a state arrives: a whole game from one socket outruns the
# per-socket message rate kept for people (its burst ran out on a fast machine). Tests that are
# not about the limits play under these.
SCRIPTED = Limits(messages_per_s=0, rooms_per_minute=0)


class Served:
    """One running server: its base URLs and its app (to look at the hub's rooms)."""

    def __init__(self, app: FastAPI, port: int) -> None:
        self.app = app
        self.http = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}"

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.http + path, data=data, method=method, headers={"content-type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=RECEIVE_SECONDS) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read())

    def socket(self, room: str, token: str | None = None, *, view: bool = False) -> Client:
        """A socket on ``room`` that has said hello (as the token's seat, or a spectator);
        ``view``: its states carry the view as JSON too."""
        client = Client(f"{self.ws}/rooms/{room}/ws")
        client.send({"type": "hello", "token": token, **({"view": True} if view else {})})
        return client


class Client:
    """A WebSocket client (``connect`` used as a context manager, as websockets asks)."""

    def __init__(self, url: str) -> None:
        self._stack = ExitStack()
        self.connection: ClientConnection = self._stack.enter_context(connect(url))

    def send(self, message: Any) -> None:
        self.connection.send(json.dumps(message))

    def send_text(self, text: str) -> None:
        self.connection.send(text)

    def receive(self, *, presence: bool = False) -> dict[str, Any]:
        """The next message, which must be a JSON object (checked here: every test relies on it);
        who is at the table (``presence``) is passed over unless asked for."""
        message: dict[str, Any] = json.loads(self.receive_text(presence=presence))
        return message

    def receive_text(self, *, presence: bool = False) -> str:
        """``receive``'s message as the text it came in (to measure what a socket is sent)."""
        while True:
            text = self.connection.recv(timeout=RECEIVE_SECONDS)
            message = json.loads(text)
            assert isinstance(message, dict), f"the server sent a non-object: {message!r}"
            if presence or message.get("type") != "presence":
                return text if isinstance(text, str) else text.decode()

    def close(self) -> None:
        self._stack.close()


@contextmanager
def serving(
    db_url: str, limits: Limits | None = None, send_buffer: int | None = None
) -> Iterator[Served]:
    """Serve the store at ``db_url`` (keeping ``limits``, or the defaults) until the block ends
    (then the store is closed). ``send_buffer``: the kernel's send buffer of each socket, in
    bytes (else it grows to megabytes on loopback: a slow reader would take long to show)."""
    store = Store(db_url)
    app = create_app(store, limits)
    listener = socket.socket()
    # uvicorn leaves Nagle on for the sockets accepted on a listener it is handed (not on the
    # ones it opens itself): accepted sockets inherit this, else a frame can wait ~40 ms.
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    if send_buffer is not None:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=2)
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + RECEIVE_SECONDS
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield Served(app, port)
    finally:
        server.should_exit = True
        thread.join(RECEIVE_SECONDS)
        listener.close()
        store.close()


def create(served: Served, body: dict[str, Any]) -> dict[str, Any]:
    """A new room (``POST /rooms`` with ``body``), which must be made."""
    status, room = served.request("POST", "/rooms", body)
    assert status == 201, room
    return room


def wait_until(condition: Any, what: str, seconds: float = 20) -> None:
    """Poll ``condition`` until it holds; fail naming ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting: {what}"
        time.sleep(0.02)


def journal_of(room: Room) -> MemoryJournal:
    """The room's journal as the memory journal every room made in a test keeps."""
    journal = room.journal
    assert isinstance(journal, MemoryJournal), type(journal)
    return journal
