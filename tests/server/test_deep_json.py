"""JSON nested a thousand levels deep in 2 KB (issue 25): Python's parser runs out of stack on
it. A socket's message is refused in one line like any malformed one (the socket stays open);
an HTTP body gets a 4xx, never a 500, and nothing is stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from angler.server.app import create_app
from angler.server.store import Store

DEEP = "[" * 1000 + "]" * 1000


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[TestClient, Store]]:
    with (
        Store(f"sqlite:///{tmp_path / 'store.sqlite3'}") as store,
        TestClient(create_app(store)) as client,
    ):
        yield client, store


def test_a_deeply_nested_message_is_refused_and_the_socket_stays_open(
    served: tuple[TestClient, Store],
) -> None:
    client, _ = served
    made = client.post("/rooms", json={"game": "crazy-fishing", "seats": ["human", "human"]})
    room, token = made.json()["room"], made.json()["seats"][0]["token"]
    with client.websocket_connect(f"/rooms/{room}/ws") as socket:
        for frame in (DEEP, '{"type": "move", "action": ' + DEEP + "}"):
            socket.send_text(frame)
            refusal = socket.receive_json()
            assert refusal["type"] == "error" and refusal["error"] == "json", refusal
            assert "\n" not in refusal["message"]
        socket.send_bytes(DEEP.encode())
        assert socket.receive_json()["error"] == "json"
        socket.send_json({"type": "hello", "token": token})  # still open, still serving
        assert socket.receive_json()["type"] == "state"


@pytest.mark.parametrize("field", ["game", "options", "settings", "cards", "seats"])
@pytest.mark.parametrize("depth", [150, 900, 1000])
def test_a_deeply_nested_body_is_refused_with_a_4xx(
    served: tuple[TestClient, Store], field: str, depth: int
) -> None:
    client, store = served
    nested = '{"a":' * depth + "1" + "}" * depth
    fields = {"game": '"crazy-fishing"', "seats": '["human", "human"]', field: nested}
    body = "{" + ", ".join(f'"{key}": {value}' for key, value in fields.items()) + "}"
    answer = client.post("/rooms", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == "json" and "nested" in answer.json()["message"]
    assert store.live_rooms() == []


def test_a_room_nested_within_the_bound_is_made(served: tuple[TestClient, Store]) -> None:
    client, _ = served
    settings = {"note": [[[["within the bound"]]]]}
    body = {"game": "crazy-fishing", "seats": ["human", "human"], "settings": settings}
    assert client.post("/rooms", json=body).status_code == 201
