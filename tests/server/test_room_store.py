"""A room on the durable store: every accepted action is written before it counts, and after a
restart (the store opened again) the room is rebuilt at the same version, its seats still
answering to their tokens."""

from __future__ import annotations

import random

import pytest

from angler.server.rooms import Room, make_header
from angler.server.store import RoomJournal, Store


@pytest.mark.parametrize("game", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_a_room_is_rebuilt_after_a_restart_at_the_same_version(game: str, store_url: str) -> None:
    header = make_header(game, None, ["human", "human", "human"], seed=5)
    store = Store(store_url)
    room_id = store.create_room(header)
    room = Room(header, RoomJournal(store, room_id))
    tokens = {
        seat: room.claim(seat, lambda seat, digest: store.set_seat_token(room_id, seat, digest))
        for seat in range(3)
    }
    rng = random.Random(5)
    for _ in range(25):
        seat = room.state.current_players()[0]
        legal = room.state.legal_actions(seat)
        room.move(tokens[seat], legal[int(rng.random() * len(legal))], room.version)
    before = {seat: room.payload(seat) for seat in (0, 1, 2, None)}
    store.close()

    store = Store(store_url)  # the server started again
    assert room_id in store.live_rooms()
    store.take_over(room_id)  # as its registry does before the rebuild
    again = Room.rebuild(
        store.header(room_id),
        store.actions(room_id),
        RoomJournal(store, room_id),
        store.seat_tokens(room_id),
    )
    assert again.version == 25
    assert {seat: again.payload(seat) for seat in (0, 1, 2, None)} == before
    seat = again.state.current_players()[0]
    again.move(tokens[seat], again.state.legal_actions(seat)[0], again.version)
    assert len(store.actions(room_id)) == 26
    store.close()
