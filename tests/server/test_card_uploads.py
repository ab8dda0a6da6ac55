"""An uploaded card set is a file only while a game is made from it (issue 25): a refused upload
leaves no file behind, nor does an accepted one once its room is made, rebuilt or recorded."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from angler.core import data
from angler.games.crazy_fishing.cards import DEFAULT_CARDS
from angler.server.app import create_app
from angler.server.rooms import Room, make_header
from angler.server.store import RoomJournal, Store


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The process's private card folder, here where the test can look into it."""
    cards = tmp_path / "cards"
    cards.mkdir()
    monkeypatch.setattr(data, "_card_folder", cards)
    yield cards


def bundled() -> dict[str, object]:
    cards: dict[str, object] = json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))
    return cards


def test_refused_card_sets_leave_no_file(folder: Path, store: Store) -> None:
    broken = {**bundled(), "rods": "not a list"}
    too_few: dict[str, object] = {"rods": [], "baits": [], "fish": []}
    with TestClient(create_app(store)) as client:
        for cards in (broken, too_few, {"anything": 1}):
            body = {"game": "crazy-fishing", "seats": ["human", "human"], "cards": cards}
            answer = client.post("/rooms", json=body)
            assert answer.status_code == 422, answer.text
            assert str(folder) not in answer.text  # the upload, never the server's file
    assert list(folder.iterdir()) == []
    assert store.live_rooms() == []


def test_an_accepted_card_set_leaves_no_file_once_the_game_is_made(
    folder: Path, store: Store
) -> None:
    body = {"game": "crazy-fishing", "seats": ["human", "human"], "cards": bundled()}
    with TestClient(create_app(store)) as client:
        made = client.post("/rooms", json=body)
        assert made.status_code == 201, made.text
        room = made.json()["room"]
        assert list(folder.iterdir()) == []
        assert client.get(f"/rooms/{room}/view").status_code == 200  # the game needs no file
    with TestClient(create_app(store)) as client:  # rebuilt at start from the stored set
        assert client.get(f"/rooms/{room}/view").status_code == 200
    assert list(folder.iterdir()) == []


def test_a_finished_rooms_record_leaves_no_file(folder: Path, store: Store) -> None:
    header = make_header("crazy-fishing", None, ["human", "human"], cards=bundled(), seed=2)
    room_id = store.create_room(header)
    room = Room(header, RoomJournal(store, room_id))
    tokens = [room.claim(seat) for seat in (0, 1)]
    while not room.over:
        seat = room.state.current_players()[0]
        room.move(tokens[seat], room.state.legal_actions(seat)[0], room.version)
    with TestClient(create_app(store)) as client:
        record = client.get(f"/rooms/{room_id}/record")
        assert record.status_code == 200 and record.json()["cards"] == bundled()
        assert client.get(f"/rooms/{room_id}/replay").status_code == 200
    assert list(folder.iterdir()) == []
