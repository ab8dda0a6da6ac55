"""A request body past the server's bound is refused in one line before it is read into memory
(a card file of megabytes once took gigabytes), whether its length is announced or streamed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from angler.server.app import create_app
from angler.server.bodies import BODY_LIMIT
from angler.server.store import Store


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    with Store(url) as store, TestClient(create_app(store)) as test_client:
        yield test_client


def huge_room() -> bytes:
    cards = {"cards": [{"name": "x" * 1000}] * (BODY_LIMIT // 1000 + 10)}
    return json.dumps(
        {"game": "fishing", "seats": ["human", "easy", "easy"], "cards": cards}
    ).encode()


def test_an_announced_body_past_the_bound_is_refused_in_one_line(client: TestClient) -> None:
    answer = client.post(
        "/rooms", content=huge_room(), headers={"content-type": "application/json"}
    )
    assert answer.status_code == 413
    assert answer.json()["error"] == "size"
    assert answer.json()["message"].startswith(f"a request is at most {BODY_LIMIT} bytes")
    assert client.get("/rooms/live").json() == []


def test_a_streamed_body_past_the_bound_is_refused_too(client: TestClient) -> None:
    body = huge_room()

    def chunks() -> Iterator[bytes]:  # no content-length: the server counts as it reads
        for start in range(0, len(body), 4096):
            yield body[start : start + 4096]

    answer = client.post("/rooms", content=chunks(), headers={"content-type": "application/json"})
    assert answer.status_code == 413
    assert answer.json()["error"] == "size"
    assert client.get("/rooms/live").json() == []


def test_a_room_with_a_real_card_set_is_well_within_the_bound(client: TestClient) -> None:
    cards = json.loads(
        (Path(__file__).resolve().parents[2] / "src/angler/games/fishing/cards.json").read_text()
    )
    answer = client.post(
        "/rooms", json={"game": "fishing", "seats": ["human", "easy", "easy"], "cards": cards}
    )
    assert answer.status_code == 201, answer.json()
