"""A finished match leaves memory (issue 16's soak): once its game is over and its sockets
closed, nothing of the server holds the room: not the live rooms, the sockets, the broadcast
locks or the bot drivers, and the room object itself is collected."""

from __future__ import annotations

import gc
import random
import time
import weakref
from pathlib import Path

import pytest
from tests.server.serving import SCRIPTED, serving

from angler.server.fanout import patching
from angler.server.journal import MemoryJournal
from angler.server.payloads import sendable
from angler.server.rooms import Room, make_header

GAMES = {"fishing": ["human"] * 4, "crazy-fishing": ["human"] * 3, "flip-and-fish": ["human"] * 2}


def test_a_finished_room_leaves_the_servers_memory(tmp_path: Path) -> None:
    """With the collector off, as ``angler serve`` runs: reference counts alone free the room
    and its sockets (a cycle left would wait for the collector's next full pass)."""
    gc.collect()
    gc.disable()
    try:
        _play_to_the_end_and_leave(tmp_path)
    finally:
        gc.enable()


def _play_to_the_end_and_leave(tmp_path: Path) -> None:
    with serving(f"sqlite:///{tmp_path / 'gone.sqlite3'}", SCRIPTED) as served:
        status, made = served.request(
            "POST", "/rooms", {"game": "crazy-fishing", "seats": ["human", "human"]}
        )
        assert status == 201, made
        room_id = made["room"]
        hub = served.app.state.hub
        held = weakref.ref(hub.rooms[room_id])
        clients = {s["seat"]: served.socket(room_id, s["token"]) for s in made["seats"]}
        latest = {seat: client.receive() for seat, client in clients.items()}
        sockets = [weakref.ref(connection) for connection in hub.sockets[room_id]]
        assert len(sockets) == len(clients)
        moves = 0
        while not latest[0]["over"]:
            seat = latest[0]["to_act"][0]
            mine = latest[seat]
            pick = mine["legal"][moves % len(mine["legal"])]
            clients[seat].send(
                {"type": "move", "action": sendable(pick), "version": mine["version"]}
            )
            latest = {s: client.receive() for s, client in clients.items()}
            moves += 1
        for client in clients.values():
            client.close()
        deadline = time.monotonic() + 10
        while room_id in hub.sockets and time.monotonic() < deadline:
            time.sleep(0.02)  # the server sees the sockets close
        assert room_id not in hub.rooms and room_id not in hub.sockets
        assert room_id not in hub.drivers and room_id not in hub._broadcast_locks
        while any(socket() for socket in sockets) and time.monotonic() < deadline:
            time.sleep(0.02)  # each socket's conversation ends after it left the room
        assert not any(socket() for socket in sockets), "a closed socket is still held"
        assert held() is None, "something still holds the finished room"
        assert moves > 10


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rooms_share_their_game_and_a_played_room_leaves_nothing_in_cycles(game: str) -> None:
    """Rooms made of the same game, options and card set share one game object (its parts
    refer to one another: one per room was a cycle of some 200 KB per finished room, left for
    the collector's full pass). A room played and dropped is then freed by reference counts
    alone: a collection finds nothing of it unreachable."""
    header = make_header(game, {}, GAMES[game], seed=4)
    first = Room(header, MemoryJournal())
    assert Room(make_header(game, {}, GAMES[game], seed=5), MemoryJournal()).game is first.game

    def play_and_drop(seed: int) -> None:
        room = Room(make_header(game, {}, GAMES[game], seed=seed), MemoryJournal())
        tokens = {seat: room.claim(seat) for seat in range(room.players)}
        rng = random.Random(seed)
        held: dict[int, dict[str, object] | None] = dict.fromkeys(tokens)
        for _ in range(40):
            if room.over:
                break
            seat = rng.choice(room.state.current_players())
            room.move(tokens[seat], rng.choice(room.state.legal_actions(seat)), room.version)
            for viewer in tokens:
                _, held[viewer] = patching(room.payload(viewer, 0, with_view=False), held[viewer])

    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds unreachable is kept, to count
    try:
        play_and_drop(6)
        gc.collect()
        left = [type(thing).__qualname__ for thing in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert left == [], f"a played room left {len(left)} objects in cycles: {left[:10]}"
