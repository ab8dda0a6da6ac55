"""Play again (``server/rematch.py``): once a room is over, one person asks and a new room is
made with the same game, options, settings and seats; the others accept by asking too, or
decline; bots keep their seats; a signed-in person's seat in it is their account's."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.server.browsers import Browser, sign_up
from tests.server.serving import SCRIPTED

from angler.server.app import create_app
from angler.server.store import Store


def _until(socket: Any, kind: str) -> dict[str, Any]:
    """The socket's next message of ``kind`` (the others skipped)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message


def _answer(socket: Any) -> dict[str, Any]:
    """The socket's next ``rematch`` message; a refusal before it fails."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        assert message["type"] != "error", message
        if message["type"] == "rematch":
            return message


def test_the_people_play_again_in_a_room_like_the_last(
    browsers: list[Browser], store: Store
) -> None:
    ann, guest, _ = browsers
    csrf = sign_up(ann, "Ann-Marie")
    made = ann.post(
        "/rooms",
        json={
            "game": "crazy-fishing",
            "options": {"oos_rods": "true"},
            "seats": ["human", "public", "open", "easy"],
            "settings": {"pace_ms": 0, "grace_s": 90},
        },
        headers={"X-CSRF-Token": csrf},
    ).json()
    room = made["room"]
    guest_token = guest.post(f"/rooms/{room}/seats/1").json()["token"]
    with (
        ann.websocket_connect(f"/rooms/{room}/ws") as ann_socket,
        guest.websocket_connect(f"/rooms/{room}/ws") as guest_socket,
        guest.websocket_connect(f"/rooms/{room}/ws") as watcher,
    ):
        ann_socket.send_json({"type": "hello", "account": True})
        guest_socket.send_json({"type": "hello", "token": guest_token})
        watcher.send_json({"type": "hello"})
        ann_socket.send_json({"type": "rematch"})
        refused = _until(ann_socket, "error")
        assert refused["error"] == "rematch" and "over" in refused["message"]
        ann_socket.send_json({"type": "cancel"})  # seat 2 still waits: the room ends
        while not _until(ann_socket, "state")["over"]:
            pass

        ann_socket.send_json({"type": "rematch"})
        asked = _until(ann_socket, "rematch")
        assert asked["seat"] == 0 and asked["answers"] == ["yes", "waiting", "waiting", "bot"]
        told = _until(guest_socket, "rematch")
        assert told["room"] == asked["room"] and "token" not in told and "seat" not in told
        guest_socket.send_json({"type": "rematch"})
        accepted = _until(guest_socket, "rematch")
        assert accepted["seat"] == 1 and accepted["answers"] == ["yes", "yes", "waiting", "bot"]
        assert _until(ann_socket, "rematch")["answers"] == accepted["answers"]
        guest_socket.send_json({"type": "rematch"})  # twice: refused, nothing changes
        assert _until(guest_socket, "error")["error"] == "rematch"
        watcher.send_json({"type": "rematch"})  # a spectator has no seat to play again
        assert _until(watcher, "error")["error"] == "rematch"

    again = asked["room"]
    header, old = store.header(again), store.header(room)
    assert header.game == old.game and header.options == old.options and header.seed != old.seed
    assert header.seats == ["human", "open", "open", "easy"]
    assert header.settings["pace_ms"] == 0 and header.settings["grace_s"] == 90
    assert header.settings["listed"] is False  # for the same people
    assert store.seat_accounts(again) == {0: ann.get("/session").json()["id"]}
    with guest.websocket_connect(f"/rooms/{again}/ws") as socket:
        socket.send_json({"type": "hello", "token": accepted["token"]})
        assert _until(socket, "state")["seat"] == 1
    with ann.websocket_connect(f"/rooms/{again}/ws") as socket:  # Ann's account's seat
        socket.send_json({"type": "hello", "account": True})
        assert _until(socket, "state")["seat"] == 0


def test_a_person_may_decline(browsers: list[Browser]) -> None:
    ann, guest, _ = browsers
    made = ann.post(
        "/rooms", json={"game": "crazy-fishing", "seats": ["human", "public", "open"]}
    ).json()
    room, token = made["room"], made["seats"][0]["token"]
    guest_token = guest.post(f"/rooms/{room}/seats/1").json()["token"]
    with (
        ann.websocket_connect(f"/rooms/{room}/ws") as ann_socket,
        guest.websocket_connect(f"/rooms/{room}/ws") as guest_socket,
    ):
        ann_socket.send_json({"type": "hello", "token": token})
        guest_socket.send_json({"type": "hello", "token": guest_token})
        ann_socket.send_json({"type": "cancel"})
        while not _until(guest_socket, "state")["over"]:
            pass
        guest_socket.send_json({"type": "rematch", "decline": True})
        nothing = _until(guest_socket, "error")  # nobody asked yet
        assert nothing["error"] == "rematch"
        ann_socket.send_json({"type": "rematch"})
        assert _until(ann_socket, "rematch")["seat"] == 0  # the asker's own: with its token
        assert _until(guest_socket, "rematch")["answers"] == ["yes", "waiting", "waiting"]
        guest_socket.send_json({"type": "rematch", "decline": True})
        declined = _until(ann_socket, "rematch")
        assert declined["answers"] == ["yes", "no", "waiting"]


def test_a_rematch_another_node_holds_is_accepted_on_the_finished_rooms_node(
    store_url: str,
) -> None:
    """On a cluster the balancer sends the finished room's sockets and the rematch's by their
    own paths, so they may reach different nodes: node a makes the rematch, node b takes it
    over for the asker's socket, and the other person accepts on a. Node a takes the rematch
    back to give the seat (its copy was stale: each try was refused as moved), and a node that
    no longer holds the rematch still answers who took their seat, from the store."""
    with (
        Store(store_url, node="a") as a_store,
        Store(store_url, node="b") as b_store,
        TestClient(a_app := create_app(a_store, SCRIPTED)) as a,
        TestClient(create_app(b_store, SCRIPTED)) as b,
    ):
        made = a.post("/rooms", json={"game": "crazy-fishing", "seats": ["human", "public"]})
        room, token = made.json()["room"], made.json()["seats"][0]["token"]
        guest_token = a.post(f"/rooms/{room}/seats/1").json()["token"]
        with (
            a.websocket_connect(f"/rooms/{room}/ws") as ann_old,
            a.websocket_connect(f"/rooms/{room}/ws") as guest_old,
        ):
            ann_old.send_json({"type": "hello", "token": token})
            guest_old.send_json({"type": "hello", "token": guest_token})
            ann_old.send_json({"type": "resign"})  # a two-player game ends
            while not _until(guest_old, "state")["over"]:
                pass
            ann_old.send_json({"type": "rematch"})
            asked = _until(ann_old, "rematch")
            again = asked["room"]
            assert _until(guest_old, "rematch")["answers"] == ["yes", "waiting"]
            with b.websocket_connect(f"/rooms/{again}/ws") as ann_new:
                ann_new.send_json({"type": "hello", "token": asked["token"]})
                assert _until(ann_new, "state")["seat"] == 0
            assert b_store.owner(again)[0] == "b"  # taken over by b

            guest_old.send_json({"type": "rematch"})  # accepted on a
            accepted = _answer(guest_old)
            assert accepted["seat"] == 1 and accepted["answers"] == ["yes", "yes"]
            assert a_store.owner(again)[0] == "a"

            assert a.portal is not None
            a.portal.call(a_app.state.hub.let_go, again)  # as when a's write is refused
            guest_old.send_json({"type": "rematch", "decline": True})
            assert _answer(guest_old)["answers"] == ["yes", "yes"]  # the store's
        with b.websocket_connect(f"/rooms/{again}/ws") as socket:  # the seat, on b again
            socket.send_json({"type": "hello", "token": accepted["token"]})
            assert _until(socket, "state")["seat"] == 1
        assert set(b_store.seat_tokens(again)) == {0, 1}
