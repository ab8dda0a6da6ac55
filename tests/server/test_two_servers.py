"""Two server processes on one database (docs/scaling.md: one server per database). A room is
held by the process that made or replayed it; another process on the same database refuses
it as ``elsewhere`` rather than play a copy whose moves the first never sees."""

from __future__ import annotations

from fastapi.testclient import TestClient

from angler.server.app import create_app
from angler.server.payloads import sendable
from angler.server.store import Store


def test_a_room_held_by_another_server_is_refused_not_copied(store_url: str) -> None:
    with Store(store_url) as first_store, Store(store_url) as second_store:
        with (
            TestClient(create_app(first_store)) as first,
            TestClient(create_app(second_store)) as second,
        ):
            made = first.post("/rooms", json={"game": "crazy-fishing", "seats": ["human"] * 2})
            assert made.status_code == 201, made.text
            room, token = made.json()["room"], made.json()["seats"][0]["token"]

            info = second.get(f"/rooms/{room}")
            assert info.status_code == 200 and info.json()["over"] is False
            view = second.get(f"/rooms/{room}/view", headers={"authorization": f"Bearer {token}"})
            assert view.status_code == 503 and view.json()["error"] == "elsewhere"
            assert "one server per database" in view.json()["message"]
            with second.websocket_connect(f"/rooms/{room}/ws") as socket:
                refused = socket.receive_json()
            assert (refused["type"], refused["error"]) == ("error", "elsewhere")

            with first.websocket_connect(f"/rooms/{room}/ws") as socket:  # its own server plays
                socket.send_json({"type": "hello", "token": token})
                state = socket.receive_json()
                assert state["type"] == "state" and state["seat"] == 0
                move = sendable(state["legal"][0])
                socket.send_json({"type": "move", "action": move, "version": state["version"]})
                moved = socket.receive_json()
                assert moved.get("version") == 1, moved
        assert len(second_store.actions(room)) == 1  # stored once, by the room's own server
