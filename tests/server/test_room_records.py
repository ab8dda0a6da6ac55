"""A room's record replays on its own, even when the room was made with an uploaded card set: the
set travels in the record (its "cards" key), not as a path on the server."""

from __future__ import annotations

import json
import random
from importlib import resources

from angler.core.records import parse_record, replay
from angler.server.journal import MemoryJournal
from angler.server.rooms import Room, make_header


def test_a_record_of_a_room_with_an_uploaded_card_set_replays_with_that_set() -> None:
    bundled = resources.files("angler.games.crazy_fishing").joinpath("cards.json").read_text()
    cards = json.loads(bundled)
    header = make_header("crazy-fishing", None, ["human", "human"], cards=cards, seed=7)
    room = Room(header, MemoryJournal())
    tokens = [room.claim(seat) for seat in range(2)]
    rng = random.Random(7)
    while room.version < 30 and not room.over:
        seat = room.state.current_players()[0]
        legal = room.state.legal_actions(seat)
        room.move(tokens[seat], legal[int(rng.random() * len(legal))], room.version)
    text = room.record().dumps()
    written = json.loads(text)
    assert written["cards"] == cards and written["options"].get("cards") is None  # no path
    replayed = replay(parse_record(text))
    assert replayed.history == room.state.history
    assert replayed.view(0).as_dict() == room.state.view(0).as_dict()
