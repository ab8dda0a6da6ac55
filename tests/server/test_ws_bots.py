"""Bots in rooms served over real sockets: they move by themselves after every change, a room of
bots plays to its end unattended, and a person who drops out is played for after the grace."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.server.serving import create, serving, wait_until

from angler.server.payloads import sendable


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


def test_a_room_of_bots_plays_to_its_end_by_itself(db_url: str) -> None:
    with serving(db_url) as served:
        room = create(
            served,
            {"game": "crazy-fishing", "seats": ["random", "random"], "settings": {"pace_ms": 0}},
        )
        hub = served.app.state.hub
        wait_until(lambda: room["room"] not in hub.rooms, "the bots' game to end")
        status, record = served.request("GET", f"/rooms/{room['room']}/record")
        assert status == 200 and record["result"]["winners"]


def test_bots_answer_a_persons_move_over_the_socket(db_url: str) -> None:
    with serving(db_url) as served:
        room = create(
            served,
            {
                "game": "fishing",
                "seats": ["human", "random", "random"],
                "settings": {"pace_ms": 0},
            },
        )
        me = served.socket(room["room"], room["seats"][0]["token"])
        state = me.receive()
        while not state["legal"]:  # the bots lead first if the deal says so
            state = me.receive()
        me.send({"type": "move", "action": state["legal"][0]["code"], "version": state["version"]})
        seen = [me.receive()]
        while seen[-1]["to_act"] != [0] and not seen[-1]["over"]:
            seen.append(me.receive())
        assert seen[-1]["version"] > state["version"] + 1  # both bots moved after me
        me.close()


def test_a_person_who_leaves_is_played_for_after_the_grace(db_url: str) -> None:
    with serving(db_url) as served:
        room = create(
            served,
            {
                "game": "crazy-fishing",
                "seats": ["human", "human"],
                "settings": {"pace_ms": 0, "grace_s": 0.05, "takeover": "random"},
            },
        )
        live = served.app.state.hub.rooms[room["room"]]
        friend = served.socket(room["room"], room["seats"][1]["token"])  # stays, and waits
        friend.receive()
        me = served.socket(room["room"], room["seats"][0]["token"])
        me.receive()
        me.close()  # the seat's only socket goes
        wait_until(
            lambda: any(seat == 0 for seat, _ in live.state.history),
            "a bot to cast for the person who left",
        )
        assert served.app.state.hub.drivers[room["room"]].taken_over(0)
        friend.close()


AGAINST_BOTS = {  # Fishing's whole game over sockets is played by people in test_ws.py
    "flip-and-fish": ({"rounds": 3}, ["human", "heuristic"]),
    "crazy-fishing": ({}, ["human", "heuristic"]),
}


@pytest.mark.parametrize(
    "game",
    # Crazy Fishing's whole game takes a second or two over the socket.
    [
        pytest.param(game, marks=[pytest.mark.slow] * (game != "flip-and-fish"))
        for game in AGAINST_BOTS
    ],
)
def test_a_whole_game_of_a_person_against_bots_over_the_socket(game: str, db_url: str) -> None:
    options, seats = AGAINST_BOTS[game]
    with serving(db_url) as served:
        room = create(
            served,
            {"game": game, "options": options, "seats": seats, "settings": {"pace_ms": 0}},
        )
        me = served.socket(room["room"], room["seats"][0]["token"])
        state = me.receive()
        moves, acted = 0, -1
        while not state["over"]:
            if state["legal"] and state["version"] > acted:  # one move per version seen
                pick = state["legal"][moves % len(state["legal"])]
                me.send({"type": "move", "action": sendable(pick), "version": state["version"]})
                moves, acted = moves + 1, state["version"]
            state = me.receive()
            while state["type"] == "error":  # a bot moved first: choose again from the next
                assert state["error"] in ("stale", "turn", "duplicate"), state
                state = me.receive()
        assert moves and state["winners"] is not None
        me.close()
        again = served.socket(room["room"], room["seats"][0]["token"])  # back after the end
        final = again.receive()
        assert final["over"] and final["version"] == state["version"] and final["seat"] == 0
        again.send({"type": "move", "action": 0, "version": final["version"]})
        assert again.receive()["error"] == "over"
        again.close()
        status, record = served.request("GET", f"/rooms/{room['room']}/record")
        assert status == 200
        assert {entry["player"] for entry in record["actions"]} == set(range(len(seats)))


def test_every_payload_carries_the_turn_clock_of_a_timed_room(db_url: str) -> None:
    with serving(db_url) as served:
        room = create(
            served,
            {"game": "fishing", "seats": ["human", "human", "human"], "settings": {"turn_s": 30}},
        )
        sockets = [served.socket(room["room"], seat["token"]) for seat in room["seats"]]
        first = [socket.receive() for socket in sockets]
        deciding = first[0]["to_act"]
        for payload in first:
            assert set(payload["timers"]) == {str(seat) for seat in deciding}
            assert all(0 < left <= 30 for left in payload["timers"].values())
        seat = deciding[0]
        mine = first[seat]
        sockets[seat].send(
            {"type": "move", "action": mine["legal"][0]["code"], "version": mine["version"]}
        )
        after = sockets[seat].receive()
        assert set(after["timers"]) == {str(seat) for seat in after["to_act"]}
        for socket in sockets:
            socket.close()
        untimed = create(served, {"game": "fishing", "seats": ["human", "human", "human"]})
        watcher = served.socket(untimed["room"])
        assert watcher.receive()["timers"] == {}
        watcher.close()
