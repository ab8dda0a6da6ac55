"""Two server nodes on one database (docs/scaling.md): a room asked for on the node that does
not hold it is taken over there (the balancer sends every request of a room to one node); the
node that held it has its next write refused by the store's fence, tells the mover, lets the
room go and closes its sockets with 1012, and they come back to the new node."""

from __future__ import annotations

import asyncio
import itertools
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from angler.server.app import create_app
from angler.server.limits import MOVED_CODE
from angler.server.payloads import sendable
from angler.server.store import Store


def test_a_room_asked_for_on_another_node_is_taken_over_and_the_first_fenced(
    store_url: str,
) -> None:
    with Store(store_url, node="a") as first_store, Store(store_url, node="b") as second_store:
        first_app = create_app(first_store)
        with (
            TestClient(first_app) as first,
            TestClient(create_app(second_store)) as second,
        ):
            made = first.post("/rooms", json={"game": "crazy-fishing", "seats": ["human"] * 2})
            assert made.status_code == 201, made.text
            room, token = made.json()["room"], made.json()["seats"][0]["token"]
            with first.websocket_connect(f"/rooms/{room}/ws") as stale:
                stale.send_json({"type": "hello", "token": token})
                state = stale.receive_json()
                assert state["type"] == "state" and state["version"] == 0

                view = second.get(
                    f"/rooms/{room}/view", headers={"authorization": f"Bearer {token}"}
                )
                assert view.status_code == 200, view.text  # taken over by the second node
                assert second_store.owner(room) == ("b", 2)

                move = sendable(state["legal"][0])
                stale.send_json({"type": "move", "action": move, "version": 0, "id": "m1"})
                refused = stale.receive_json()
                assert (refused["type"], refused["error"], refused["id"]) == (
                    "error",
                    "moved",
                    "m1",
                )
                with pytest.raises(WebSocketDisconnect) as closed:
                    stale.receive_json()
                assert closed.value.code == MOVED_CODE
            assert room not in first_app.state.hub.rooms  # let go
            assert first.get("/health").json()["rooms_moved_away"] == 1
            assert first_store.actions(room) == []  # nothing written by the fenced node

            with second.websocket_connect(f"/rooms/{room}/ws") as socket:  # back, on the new node
                socket.send_json({"type": "hello", "token": token})
                state = socket.receive_json()
                assert state["type"] == "state" and state["version"] == 0
                socket.send_json({"type": "move", "action": move, "version": 0})
                assert socket.receive_json().get("version") == 1
        assert len(second_store.actions(room)) == 1


def test_a_node_that_lost_a_room_takes_it_back_when_it_is_sent_it_again(store_url: str) -> None:
    """The balancer sent the room back (its node came back): the node takes it over anew,
    at a newer epoch, and plays on from every stored move."""
    with (
        Store(store_url, node="a") as first_store,
        Store(store_url, node="b") as second_store,
        TestClient(create_app(first_store)) as first,
        TestClient(create_app(second_store)) as second,
    ):
        made = first.post("/rooms", json={"game": "crazy-fishing", "seats": ["human"] * 2})
        room, token = made.json()["room"], made.json()["seats"][0]["token"]
        with second.websocket_connect(f"/rooms/{room}/ws") as socket:
            socket.send_json({"type": "hello", "token": token})
            state = socket.receive_json()
            socket.send_json({"type": "move", "action": sendable(state["legal"][0]), "version": 0})
            assert socket.receive_json().get("version") == 1
        with first.websocket_connect(f"/rooms/{room}/ws") as socket:
            socket.send_json({"type": "hello", "token": token})
            state = socket.receive_json()
            assert state["version"] == 1  # the second node's move, replayed here
        assert first_store.owner(room) == ("a", 3)


def _next(socket: Any, kind: str) -> dict[str, Any]:
    """The socket's next message but states and presence, of ``kind``."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] not in ("state", "presence"):
            assert message["type"] == kind, message
            return message


def test_a_chat_line_on_a_node_that_lost_the_room_is_refused_as_moved(store_url: str) -> None:
    """A chat line is a write of the room, fenced as a move is: on the node the room left, its
    people on the new node would never hear it. Refused (``moved``), nothing stored, and the
    socket closed with 1012 to come back to the room's node, where the line is heard."""
    with (
        Store(store_url, node="a") as first_store,
        Store(store_url, node="b") as second_store,
        TestClient(create_app(first_store)) as first,
        TestClient(second_app := create_app(second_store)) as second,
    ):
        made = first.post("/rooms", json={"game": "crazy-fishing", "seats": ["human"] * 2})
        room, seats = made.json()["room"], made.json()["seats"]
        with first.websocket_connect(f"/rooms/{room}/ws") as stale:
            stale.send_json({"type": "hello", "token": seats[0]["token"]})
            assert stale.receive_json()["type"] == "state"
            stale.send_json({"type": "chat", "text": "before"})
            assert _next(stale, "chat")["lines"][0]["text"] == "before"
            with second.websocket_connect(f"/rooms/{room}/ws") as there:  # taken over by b
                there.send_json({"type": "hello", "token": seats[1]["token"]})
                assert there.receive_json()["type"] == "state"
                assert [line["text"] for line in _next(there, "chat")["lines"]] == ["before"]
                stale.send_json({"type": "chat", "text": "after"})
                assert _next(stale, "error")["error"] == "moved"
                with pytest.raises(WebSocketDisconnect) as closed:
                    stale.receive_json()
                assert closed.value.code == MOVED_CODE
                with second.websocket_connect(f"/rooms/{room}/ws") as back:
                    back.send_json({"type": "hello", "token": seats[0]["token"]})
                    assert back.receive_json()["type"] == "state"
                    _next(back, "chat")  # the chat so far
                    back.send_json({"type": "chat", "text": "after"})
                    assert _next(back, "chat")["lines"][0]["text"] == "after"
                    assert _next(there, "chat")["lines"][0]["text"] == "after"
        assert [line.text for line in second_app.state.hub.chat.lines(room, ("table",))] == [
            "before",
            "after",
        ]


def test_two_sockets_arriving_at_once_take_a_moved_room_over_once(store_url: str) -> None:
    """Both people's sockets reach the node whose copy of the room is behind (another node
    took it over) at the same moment, and both read the store before either acts: the first
    lets its copy go and takes the room over; the second, answered late, must not let go the
    copy just taken over (nor the epoch that fences its writes). Both sockets get the one
    room, held once at a newer epoch, whose writes are not refused as moved."""
    with (
        Store(store_url, node="a") as a_store,
        Store(store_url, node="b") as b_store,
        TestClient(a_app := create_app(a_store)) as a,
        TestClient(create_app(b_store)) as b,
    ):
        made = a.post("/rooms", json={"game": "crazy-fishing", "seats": ["human"] * 2})
        room, token = made.json()["room"], made.json()["seats"][0]["token"]
        assert b.get(f"/rooms/{room}/view").status_code == 200  # b takes it over
        assert b_store.owner(room) == ("b", 2)

        hub, real_holds = a_app.state.hub, a_store.holds
        both_read, first_taken = threading.Event(), threading.Event()
        readers = itertools.count()
        count_lock = threading.Lock()

        def holds(room_id: str) -> bool:
            """The store read at once by both, the later one answered after the first has
            taken the room over (the race, made certain)."""
            with count_lock:
                first = next(readers) == 0
            held = real_holds(room_id)
            if first:
                assert both_read.wait(5)
            else:
                both_read.set()
                assert first_taken.wait(5)
            return held

        async def arrive_together() -> tuple[Any, Any]:
            arrivals = [asyncio.create_task(hub.live_room(room)) for _ in range(2)]
            await asyncio.wait(arrivals, return_when=asyncio.FIRST_COMPLETED)
            first_taken.set()
            first, second = await asyncio.gather(*arrivals)
            return first, second

        a_store.holds = holds  # type: ignore[method-assign,assignment]
        assert a.portal is not None
        first, second = a.portal.call(arrive_together)
        a_store.holds = real_holds  # type: ignore[method-assign]
        assert first is second is hub.rooms[room]
        assert a_store.owner(room) == ("a", 3)  # taken over once
        assert a_store.holds(room)
        with a.websocket_connect(f"/rooms/{room}/ws") as socket:  # its writes count
            socket.send_json({"type": "hello", "token": token})
            state = socket.receive_json()
            socket.send_json({"type": "move", "action": sendable(state["legal"][0]), "version": 0})
            assert socket.receive_json().get("version") == 1


def test_a_seat_claimed_on_a_node_whose_copy_is_behind_is_given(store_url: str) -> None:
    """A friend's claim reaches the node that made the room after another node took it
    over: the copy here is let go and the room taken over again, and the seat is given (it
    was refused as moved)."""
    with (
        Store(store_url, node="a") as a_store,
        Store(store_url, node="b") as b_store,
        TestClient(create_app(a_store)) as a,
        TestClient(create_app(b_store)) as b,
    ):
        made = a.post("/rooms", json={"game": "crazy-fishing", "seats": ["human", "public"]})
        room = made.json()["room"]
        assert b.get(f"/rooms/{room}/view").status_code == 200  # b takes it over
        claimed = a.post(f"/rooms/{room}/seats/1")
        assert claimed.status_code == 200, claimed.text
        assert a_store.owner(room) == ("a", 3)
        assert set(b_store.seat_tokens(room)) == {0, 1}
        with a.websocket_connect(f"/rooms/{room}/ws") as socket:
            socket.send_json({"type": "hello", "token": claimed.json()["token"]})
            assert socket.receive_json()["seat"] == 1
