"""After a socket's first ``state`` (whole, ``since`` 0), each state carries only the log and
view events from index ``since`` on (docs/protocol.md). Made whole as a client does it
(``payloads.whole_state``), every socket's state equals the room's whole payload for its seat,
after moves and after an undo, whose log goes back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.server.serving import Client, serving

from angler.server.payloads import whole_state

MOVES = 30
UNDO_AT = 4  # after this many moves the last mover takes its move back


def received(client: Client) -> dict[str, Any]:
    message = client.receive()
    assert message["type"] == "state", message
    return message


def test_a_socket_is_sent_its_whole_log_once_then_only_what_is_new(tmp_path: Path) -> None:
    with serving(f"sqlite:///{tmp_path / 'since.sqlite3'}") as served:
        status, room = served.request("POST", "/rooms", {"game": "fishing", "seats": ["human"] * 3})
        assert status == 201, room
        live = served.app.state.hub.rooms[room["room"]]
        clients: dict[int | None, Client] = {
            seat["seat"]: served.socket(room["room"], seat["token"], view=True)
            for seat in room["seats"]
        }
        clients[None] = served.socket(room["room"], view=True)
        held: dict[int | None, dict[str, Any]] = {}
        for seat, client in clients.items():
            first = received(client)
            assert first["since"] == 0 and first["log"] and first["view"]["events"]
            assert first["cards"] == live.game.presentation.catalogue()  # the card facts, once
            held[seat] = first
        undone = False
        for move in range(MOVES):
            mover = held[None]["to_act"][0]
            if move == UNDO_AT and not undone:
                mover = next(s for s in range(3) if held[s]["can_undo"])
                clients[mover].send({"type": "undo", "version": held[mover]["version"]})
                undone = True
            else:
                mine = held[mover]
                pick = mine["legal"][move % len(mine["legal"])]
                clients[mover].send(
                    {"type": "move", "action": pick["code"], "version": mine["version"]}
                )
            for seat, client in clients.items():
                message = received(client)
                told = len(held[seat]["log"])
                if undone and move == UNDO_AT:  # the log goes back to before the move
                    assert message["since"] < told and not message["log"]
                else:
                    assert message["since"] == told > 0  # only what is new
                assert len(message["view"]["events"]) == len(message["log"])
                assert "cards" not in message  # the socket holds the catalogue already
                assert "board" not in message and "board_patch" in message  # what changed
                held[seat] = whole_state(held[seat], message)
                whole = live.payload(seat)
                assert held[seat]["board"] == whole["board"], (move, seat)
                assert held[seat]["log"] == whole["log"], (move, seat)
                assert held[seat]["view"] == whole["view"], (move, seat)
                assert held[seat]["cards"] == whole["cards"]  # kept from the first state
                assert held[seat]["version"] == whole["version"]
        assert undone
        for client in clients.values():
            client.close()


def test_a_socket_that_did_not_ask_for_the_view_gets_board_patches_without_it(
    tmp_path: Path,
) -> None:
    """The browser's socket: no ``view`` in any state, the board whole once and then patched,
    the patched board always the room's own."""
    with serving(f"sqlite:///{tmp_path / 'lean.sqlite3'}") as served:
        status, room = served.request("POST", "/rooms", {"game": "fishing", "seats": ["human"] * 3})
        assert status == 201, room
        live = served.app.state.hub.rooms[room["room"]]
        clients = {
            seat["seat"]: served.socket(room["room"], seat["token"]) for seat in room["seats"]
        }
        held = {seat: received(client) for seat, client in clients.items()}
        assert all("view" not in first and "board" in first for first in held.values())
        sizes = []
        for move in range(MOVES):
            mover = held[0]["to_act"][0]
            pick = held[mover]["legal"][move % len(held[mover]["legal"])]
            clients[mover].send({"type": "move", "action": pick["code"], "version": move})
            for seat, client in clients.items():
                text = client.receive_text()
                message = json.loads(text)
                assert message["type"] == "state" and "view" not in message
                assert "board" not in message and "board_patch" in message
                sizes.append(len(text.encode()))
                held[seat] = whole_state(held[seat], message)
                assert held[seat]["board"] == live.payload(seat)["board"], (move, seat)
        assert max(sizes) < 3000, max(sizes)  # a whole board alone is about 2 KB
        for client in clients.values():
            client.close()
