"""Rooms over real sockets: uvicorn on a loopback port, people scripted with the ``websockets``
client. Whole games of each title, a spectator watching, refusals that change nothing, and a
restart in mid-game that carries on at the same version."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from tests.server.serving import SCRIPTED, Client, Served, serving

from angler.server.app import MESSAGE_LIMIT
from angler.server.payloads import sendable

GAMES = {
    "fishing": ({}, 3),
    "crazy-fishing": ({}, 2),
    "flip-and-fish": ({"rounds": 3}, 2),
}


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


def make_room(served: Served, game: str, seats: int, options: dict[str, Any]) -> dict[str, Any]:
    status, body = served.request(
        "POST", "/rooms", {"game": game, "options": options, "seats": ["human"] * seats}
    )
    assert status == 201, body
    return body


def seated(
    served: Served, room: dict[str, Any], firsts: dict[Any, Any] | None = None
) -> dict[int, Client]:
    """A socket per seat, each with its first state read (kept in ``firsts``)."""
    clients = {}
    for seat in room["seats"]:
        client = served.socket(room["room"], seat["token"])
        first = client.receive()
        assert first["type"] == "state" and first["seat"] == seat["seat"]
        clients[seat["seat"]] = client
        if firsts is not None:
            firsts[seat["seat"]] = first
    return clients


def first_state(client: Client) -> dict[str, Any]:
    message = client.receive()
    assert message["type"] == "state", message
    return message


@pytest.mark.parametrize(
    "game",
    # Fishing (3 players, ~300 moves) and Crazy Fishing take 2 to 5 s over sockets.
    [pytest.param(game, marks=[pytest.mark.slow] * (game != "flip-and-fish")) for game in GAMES],
)
def test_a_whole_game_over_sockets_with_a_spectator(game: str, db_url: str) -> None:
    options, players = GAMES[game]
    with serving(db_url, SCRIPTED) as served:
        room = make_room(served, game, players, options)
        room_id = room["room"]
        status, body = served.request("GET", f"/rooms/{room_id}/record")
        assert (status, body["error"]) == (403, "unfinished")
        latest: dict[int | None, dict[str, Any]] = {}
        clients = seated(served, room, latest)
        watcher = served.socket(room_id, view=True)
        state = latest[None] = first_state(watcher)
        moves = 0
        while not state["over"]:
            seat = state["to_act"][0]
            mine = latest[seat]  # the mover's own payload gives its choices
            assert mine["version"] == state["version"] and mine["legal"]
            pick = mine["legal"][moves % len(mine["legal"])]
            clients[seat].send(
                {"type": "move", "action": sendable(pick), "version": mine["version"]}
            )
            # The mover's socket first: a refusal would come to it, and nothing to the others.
            for other in sorted(clients, key=lambda other: other != seat):
                latest[other] = first_state(clients[other])
                assert latest[other]["version"] == state["version"] + 1
            state = latest[None] = first_state(watcher)
            assert state["seat"] is None and state["legal"] == []
            assert state["view"]["player"] == -1 and not state["view"].get("hand")
            assert all(event["audience"] == -1 for event in state["view"]["events"])
            moves += 1
        assert all(message["over"] for message in latest.values())
        for client in [*clients.values(), watcher]:
            client.close()
        assert room_id not in served.app.state.hub.rooms  # a finished room leaves memory
        status, finished = served.request("GET", "/rooms/finished")
        assert status == 200 and [entry["room"] for entry in finished] == [room_id]
        status, record = served.request("GET", f"/rooms/{room_id}/record")
        assert status == 200 and record["game"] == game


def test_refusals_change_nothing_and_keep_the_socket_open(db_url: str) -> None:
    with serving(db_url) as served:
        room = make_room(served, "fishing", 3, {})
        room_id = room["room"]
        live = served.app.state.hub.rooms[room_id]
        clients = seated(served, room)
        watcher = served.socket(room_id)
        first_state(watcher)
        seat = live.state.current_players()[0]
        other = next(s for s in clients if s not in live.state.current_players())
        version = live.version

        def refused(client: Client, message: Any, kind: str) -> None:
            client.send_text(message) if isinstance(message, str) else client.send(message)
            answer = client.receive()
            assert answer["type"] == "error" and answer["error"] == kind, answer
            assert "\n" not in answer["message"]
            assert live.version == version

        code = live.payload(seat)["legal"][0]["code"]
        refused(watcher, {"type": "move", "action": code, "version": version}, "token")
        refused(clients[other], {"type": "move", "action": code, "version": version}, "turn")
        refused(clients[seat], {"type": "move", "action": code, "version": version - 1}, "stale")
        refused(clients[seat], "{not json", "json")
        refused(clients[seat], '{"type": "move", "action": "' + "x" * MESSAGE_LIMIT + '"}', "size")
        refused(clients[seat], {"type": "shout"}, "type")
        refused(clients[seat], [1, 2], "message")
        # A token of another room is no seat here: the socket may say hello again.
        elsewhere = make_room(served, "fishing", 3, {})["seats"][0]["token"]
        stranger = served.socket(room_id, elsewhere)
        refused(stranger, {"type": "hello", "token": room["seats"][0]["token"] + "x"}, "token")
        stranger.close()
        # The refused socket still plays: the move is accepted at the same version.
        clients[seat].send({"type": "move", "action": code, "version": version})
        assert first_state(clients[seat])["version"] == version + 1
        for client in [*clients.values(), watcher]:
            client.close()


def test_of_a_racing_pair_exactly_one_is_applied(db_url: str) -> None:
    with serving(db_url) as served:
        room = make_room(served, "fishing", 3, {})
        room_id = room["room"]
        live = served.app.state.hub.rooms[room_id]
        seat = live.state.current_players()[0]
        token = room["seats"][seat]["token"]
        pair = [served.socket(room_id, token), served.socket(room_id, token)]  # one seat, twice
        for client in pair:
            first_state(client)
        version = live.version
        legal = live.payload(seat)["legal"]
        codes = [legal[0]["code"], legal[-1]["code"]]
        barrier = threading.Barrier(2)

        def send(index: int) -> None:
            barrier.wait()
            pair[index].send({"type": "move", "action": codes[index], "version": version})

        threads = [threading.Thread(target=send, args=(index,)) for index in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        answers = []
        for client in pair:  # each socket is told of the accepted move…
            while (answer := client.receive())["type"] != "state":
                answers.append(answer)
            answers.append(answer)
        for client in pair:  # …and a refused message closes what else it was sent
            client.send({"type": "shout"})
            while (answer := client.receive()).get("error") != "type":
                answers.append(answer)
        errors = [a for a in answers if a["type"] == "error"]
        states = [a for a in answers if a["type"] == "state"]
        assert len(errors) == 1 and errors[0]["error"] in ("stale", "duplicate", "turn")
        assert [s["version"] for s in states] == [version + 1, version + 1]
        assert live.version == version + 1
        for client in pair:
            client.close()


def test_after_a_restart_a_person_reconnects_and_carries_on(db_url: str) -> None:
    with serving(db_url) as served:
        room = make_room(served, "crazy-fishing", 2, {})
        room_id = room["room"]
        clients = seated(served, room)
        for _ in range(6):
            live = served.app.state.hub.rooms[room_id]
            seat = live.state.current_players()[0]
            payload = live.payload(seat)
            clients[seat].send(
                {"type": "move", "action": payload["legal"][0]["text"], "version": live.version}
            )
            for client in clients.values():
                first_state(client)
        before = {seat: live.payload(seat) for seat in (0, 1, None)}
    # The server stopped in mid-game (its sockets dropped); a new one opens the same file.
    with serving(db_url) as again:
        assert room_id in again.app.state.hub.rooms
        assert again.request("GET", "/health")[1]["live_rooms"] == 1
        back = seated(again, room)
        live = again.app.state.hub.rooms[room_id]
        assert {seat: live.payload(seat) for seat in (0, 1, None)} == before
        assert live.version == 6
        seat = live.state.current_players()[0]
        code = live.payload(seat)["legal"][0]["code"]
        back[seat].send({"type": "move", "action": code, "version": 6})
        assert first_state(back[seat])["version"] == 7
        for client in back.values():
            client.close()
