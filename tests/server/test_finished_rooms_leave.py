"""A finished match leaves memory (issue 16's soak): once its game is over and its sockets
closed, nothing of the server holds the room: not the live rooms, the sockets, the broadcast
locks or the bot drivers, and the room object itself is collected."""

from __future__ import annotations

import gc
import time
import weakref
from pathlib import Path

from tests.server.serving import SCRIPTED, serving

from angler.server.payloads import sendable


def test_a_finished_room_leaves_the_servers_memory(tmp_path: Path) -> None:
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
        assert hub.collections.rooms_left == 1  # counted toward the collector's next full pass
        gc.collect()
        assert held() is None, "something still holds the finished room"
        assert moves > 10
