"""A socket's patched boards, read as JSON the way a client reads them, are every whole board
byte for byte, over whole seeded games of every game and seat count, for every seat and a
spectator: no change is ever left out of a patch, nor a field's type (Python calls 1, 1.0 and
true equal where JSON does not)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from angler.server import wire
from angler.server.fanout import patching
from angler.server.journal import MemoryJournal
from angler.server.rooms import Room, make_header

PLAYERS = {"fishing": (3, 4, 5), "crazy-fishing": (2, 4, 6), "flip-and-fish": (2, 3, 4)}
SEEDS = range(3)


def _as_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [(game, n, seed) for game, counts in PLAYERS.items() for n in counts for seed in SEEDS],
)
def test_every_patched_board_reassembles_to_the_whole_board_as_json(
    game: str, players: int, seed: int
) -> None:
    room = Room(make_header(game, {}, ["human"] * players, seed=seed), MemoryJournal())
    tokens = [room.claim(seat) for seat in range(players)]
    viewers: list[int | None] = [*range(players), None]
    held: dict[int | None, dict[str, object] | None] = dict.fromkeys(viewers)
    client: dict[int | None, dict[str, Any]] = {}  # each board as the client has it, from JSON
    told: dict[int | None, int] = dict.fromkeys(viewers, 0)
    rng = random.Random(seed)
    checked = 0
    while True:
        for viewer in viewers:
            payload = room.payload(viewer, told[viewer], with_view=False)
            whole = _as_json(payload["board"])
            patched, held[viewer] = patching(payload, held[viewer])
            sent = json.loads(wire.encode(wire.state_of(patched)))
            if "board" in sent:
                client[viewer] = sent["board"]
            else:
                client[viewer] = {**client[viewer], **sent["board_patch"]}
                for key in sent.get("board_dropped", ()):
                    del client[viewer][key]
            assert _as_json(client[viewer]) == whole, (viewer, room.version)
            told[viewer] = payload["since"] + len(payload["log"])
            checked += 1
        if room.over:
            break
        seat = rng.choice(room.state.current_players())
        room.move(tokens[seat], rng.choice(room.state.legal_actions(seat)), room.version)
    assert checked > 20 * len(viewers)  # whole games, not a first state
