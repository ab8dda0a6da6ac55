"""The server's limits (``limits.py``): a reader that falls behind is dropped with its queue never
past its bound, a flooding socket is refused then closed while its room plays on, and room
creation past its rate is 429. Nothing accepted is lost."""

from __future__ import annotations

import asyncio
import json
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from tests.server.serving import Client, Served, serving
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from angler.core.errors import AnglerError
from angler.server import connection as connection_module
from angler.server.connection import Connection
from angler.server.limits import (
    FLOOD_CODE,
    SLOW_CODE,
    Limits,
    RoomCreations,
    SocketRate,
    TokenBucket,
)

WAIT_SECONDS = 10.0
# A game of bots long enough, whatever the deal, to overflow any socket buffer: Fishing's eight
# rounds are some 250 broadcasts of 10-20 KiB (a short Crazy Fishing deal could end first).
GAME = "fishing"


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def eventually(check: Callable[[], Any], what: str, seconds: float = WAIT_SECONDS) -> Any:
    """``check()``'s first true answer, polled until ``seconds`` run out."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


# ----- the buckets, on a clock moved by hand -----


def test_a_token_bucket_allows_its_burst_then_its_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=2.0, burst=3, clock=clock)
    assert [bucket.take() for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.take() == pytest.approx(0.5)  # the next token in half a second
    clock.now += 0.5
    assert bucket.take() == 0.0
    clock.now += 100  # a long pause refills it to its burst, no more
    assert [bucket.take() for _ in range(4)][-1] > 0


def test_a_socket_floods_after_its_refusals_within_the_window() -> None:
    clock = Clock()
    rate = SocketRate(Limits(messages_per_s=1, message_burst=1, flood_refusals=3), clock)
    assert rate.allow() and not rate.allow()
    assert not rate.flooded() and not rate.flooded()
    clock.now += 20  # refusals far apart are no flood
    assert not rate.flooded()
    assert not rate.flooded() and rate.flooded()


def test_room_creations_are_counted_by_address_and_refill() -> None:
    clock = Clock()
    creations = RoomCreations(per_minute=2, clock=clock)
    assert [creations.take("10.0.0.1") for _ in range(2)] == [0, 0]
    assert creations.take("10.0.0.1") == 30  # a minute's two rooms: one every 30 s
    assert creations.take("10.0.0.2") == 0  # another address has its own allowance
    clock.now += 30
    assert creations.take("10.0.0.1") == 0
    assert RoomCreations(per_minute=0).take("10.0.0.1") == 0  # 0: no limit


def test_limits_that_cannot_work_are_refused_in_one_line() -> None:
    with pytest.raises(AnglerError, match="send_queue must be at least 1, not 0"):
        Limits(send_queue=0)
    with pytest.raises(AnglerError, match="rooms_per_minute must be 0"):
        Limits(rooms_per_minute=-1)


# ----- the send queue, on a socket that never takes a message -----


class StuckSocket:
    """A WebSocket whose reader never reads: every send waits forever."""

    def __init__(self) -> None:
        self.sent: list[Any] = []
        self.closed: list[int] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed.append(code)


def test_a_reader_that_never_reads_is_dropped_at_its_queue_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(connection_module, "CLOSE_SECONDS", 0.05)

    async def scenario() -> None:
        stuck, overflowed = StuckSocket(), []
        connection = Connection(stuck, None, 4, lambda: overflowed.append(True))  # type: ignore[arg-type]
        for version in range(50):
            connection.offer({"type": "state", "version": version})
            await asyncio.sleep(0)  # the writer takes the first, and is stuck with it
            assert connection.queued <= 4
        assert connection.peak == 4 and connection.queued == 0  # dropped: nothing kept
        assert connection.close_code == SLOW_CODE and overflowed == [True]
        await connection.finish()  # bounded: the close cannot go out, the writer is stopped
        assert stuck.sent == [{"type": "state", "version": 0}] and stuck.closed == []

    asyncio.run(asyncio.wait_for(scenario(), WAIT_SECONDS))


def test_the_queue_is_bounded_in_characters_too_yet_takes_one_large_message() -> None:
    async def scenario() -> None:
        stuck = StuckSocket()
        connection = Connection(stuck, None, 64, limit_chars=100)  # type: ignore[arg-type]
        connection.offer({"big": "x" * 500})  # alone in the queue: let in
        await asyncio.sleep(0)  # the writer is stuck with it
        connection.offer({"text": "y" * 30})
        connection.offer({"text": "y" * 30})
        assert connection.queued == 2 and connection.queued_chars == 2 * len('{"text":""}') + 60
        connection.offer({"text": "y" * 30})  # past 100 characters: dropped
        assert connection.close_code == SLOW_CODE and connection.queued_chars == 0
        await connection.finish()

    asyncio.run(asyncio.wait_for(scenario(), WAIT_SECONDS))


def test_a_reader_that_keeps_up_is_sent_everything_in_order() -> None:
    class Reading(StuckSocket):
        async def send_text(self, text: str) -> None:
            self.sent.append(json.loads(text))  # a writable socket takes a message at once

    async def scenario() -> None:
        reading = Reading()
        connection = Connection(reading, None, 4)  # type: ignore[arg-type]
        for version in range(50):
            connection.offer({"version": version})
            if version % 3 == 2:  # bursts of three, under the bound of four
                await asyncio.sleep(0)
        connection.close(1000)
        await connection.finish()
        assert [m["version"] for m in reading.sent] == list(range(50))
        assert reading.closed == [1000] and connection.peak <= 4

    asyncio.run(asyncio.wait_for(scenario(), WAIT_SECONDS))


# ----- over real sockets -----


def spectators(served: Served, room: str) -> list[Connection]:
    return [c for c in served.app.state.hub.sockets.get(room, ()) if c.seat is None]


def test_a_spectator_that_stops_reading_is_closed_while_the_game_plays_on(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The slow socket's close waits for its reader this long: it reads again once dropped.
    monkeypatch.setattr(connection_module, "CLOSE_SECONDS", WAIT_SECONDS)
    limits = Limits(send_queue=4)
    with serving(db_url, limits, send_buffer=8192) as served:
        status, room = served.request(
            "POST",
            "/rooms",
            {
                "game": GAME,
                # Bots in every seat, paced so that the game outlasts the sockets' joining (a
                # person who left would not be played for: a room everyone left waits).
                "seats": ["random", "random", "random"],
                "settings": {"pace_ms": 20},
            },
        )
        assert status == 201, room
        room_id = room["room"]
        # The slow reader: a tiny receive buffer, a client that buffers one message, and no
        # compression (compressed, a game's states fit in the buffers on their way).
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        raw.connect(("127.0.0.1", int(served.http.rsplit(":", 1)[1])))
        with connect(
            f"{served.ws}/rooms/{room_id}/ws", sock=raw, max_queue=1, compression=None
        ) as slow:
            slow.send(json.dumps({"type": "hello", "token": None}))
            dropped = eventually(lambda: spectators(served, room_id), "the slow one joined")[0]
            watcher = served.socket(room_id)
            assert watcher.receive()["type"] == "state"
            # The bots play on, each move sent to both sockets.
            last = watcher.receive()
            while not last["over"]:
                last = watcher.receive()
            # It leaves once its close has waited CLOSE_SECONDS (WAIT_SECONDS here) for a reader
            # that does not read, counted from the drop, which may come just before the end.
            gone = lambda: dropped not in spectators(served, room_id)  # noqa: E731
            eventually(gone, "the slow one left", seconds=3 * WAIT_SECONDS)
            assert dropped.close_code == SLOW_CODE
            assert dropped.peak == limits.send_queue  # it filled, and never grew past its bound
            # Once it reads again it is told why it was closed: after what was on its way, 1013.
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    slow.recv(timeout=WAIT_SECONDS)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == SLOW_CODE
        # Nothing accepted was lost: the record holds every move the watcher saw.
        status, record = served.request("GET", f"/rooms/{room_id}/record")
        assert status == 200 and len(record["actions"]) == last["version"]
        watcher.close()


def test_a_flooding_socket_is_refused_then_closed_and_its_room_plays_on(db_url: str) -> None:
    limits = Limits(messages_per_s=5, message_burst=5, flood_refusals=10)
    with serving(db_url, limits) as served:
        status, room = served.request(
            "POST", "/rooms", {"game": "fishing", "seats": ["human", "human", "human"]}
        )
        assert status == 201, room
        room_id = room["room"]
        clients: dict[int, Client] = {}
        states: dict[int, dict[str, Any]] = {}
        for seat in room["seats"]:
            clients[seat["seat"]] = served.socket(room_id, seat["token"])
            states[seat["seat"]] = clients[seat["seat"]].receive()
        mover = states[0]["to_act"][0]
        flooder = next(seat for seat in clients if seat != mover)
        # Within its burst the flooder is answered as always (hello and one message taken).
        for _ in range(40):
            try:
                clients[flooder].send({"type": "noop"})
            except ConnectionClosed:
                break
        answers = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                answers.append(clients[flooder].receive())
        assert closed.value.rcvd is not None and closed.value.rcvd.code == FLOOD_CODE
        kinds = [answer["error"] for answer in answers]
        assert set(kinds) == {"type", "rate"} and kinds[0] == "type"
        assert kinds.count("rate") == limits.flood_refusals  # then it was closed
        assert "closing" in answers[-1]["message"] and "\n" not in answers[-1]["message"]
        # The room plays on: the seat to act moves, and every other socket is told.
        mine = states[mover]
        clients[mover].send(
            {"type": "move", "action": mine["legal"][0]["code"], "version": mine["version"]}
        )
        for seat, client in clients.items():
            if seat != flooder:
                assert client.receive()["version"] == mine["version"] + 1
        status, view = served.request("GET", f"/rooms/{room_id}/view")
        assert status == 200 and view["version"] == mine["version"] + 1
        for client in clients.values():
            client.close()


def create(served: Served) -> tuple[int, Message, dict[str, Any]]:
    body = json.dumps({"game": "fishing", "seats": ["human", "easy", "easy"]}).encode()
    request = urllib.request.Request(
        served.http + "/rooms",
        data=body,
        method="POST",
        headers={"content-type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as answer:
            return answer.status, answer.headers, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers, json.loads(refused.read())


def test_room_creation_past_the_limit_is_429_with_retry_after(db_url: str) -> None:
    with serving(db_url, Limits(rooms_per_minute=3)) as served:
        made = [create(served) for _ in range(3)]
        assert [status for status, _, _ in made] == [201, 201, 201]
        status, headers, body = create(served)
        assert status == 429
        assert body["error"] == "rate" and "at most 3 new rooms a minute" in body["message"]
        assert 1 <= int(headers["Retry-After"]) <= 20  # a minute's three: one every 20 s
        _, rooms = served.request("GET", "/rooms/live")
        assert sorted(r["room"] for r in rooms) == sorted(b["room"] for _, _, b in made)
