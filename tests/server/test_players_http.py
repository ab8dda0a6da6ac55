"""A rated game played to its end over the socket by a signed-in person against a bot, and
what it leaves: the rating at the table, the player's page and the game's leaderboard."""

from __future__ import annotations

from typing import Any

from tests.server.browsers import Browser, sign_up
from tests.server.test_api import one_line_refusal

from angler.server.payloads import sendable


def _play_rated_game(ann: Browser, csrf: str) -> tuple[str, list[dict[str, Any]]]:
    made = ann.post(
        "/rooms",
        json={
            "game": "flip-and-fish",
            "seats": ["human", "easy"],
            "settings": {"rated": True, "pace_ms": 0},
        },
        headers={"X-CSRF-Token": csrf},
    )
    assert made.status_code == 201, made.text
    room = made.json()["room"]
    seen: list[dict[str, Any]] = []
    with ann.websocket_connect(f"/rooms/{room}/ws") as socket:
        socket.send_json({"type": "hello", "account": True})
        while True:
            message = socket.receive_json()
            assert message["type"] != "error", message
            if message["type"] != "state":
                continue
            seen.append(message)
            if message["over"]:
                break
            if message["legal"]:
                choice = message["legal"][0]
                socket.send_json(
                    {"type": "move", "action": sendable(choice), "version": message["version"]}
                )
    return room, seen


def test_a_rated_game_shows_on_the_page_and_the_leaderboard(browsers: list[Browser]) -> None:
    ann, visitor, _ = browsers
    csrf = sign_up(ann, "Ann-Marie")
    room, states = _play_rated_game(ann, csrf)
    first = states[0]["seats"][0]
    assert first["name"] == "Ann-Marie" and first["rating"] == {"mu": 25.0, "sigma": 8.3}

    page = visitor.get("/players/ann marie")  # anyone may look; the name folded
    assert page.status_code == 200, page.text
    body = page.json()
    assert body["name"] == "Ann-Marie" and body["games"] == 1
    (game,) = body["by_game"]
    assert game["game"] == "flip-and-fish" and game["rating"]["games"] == 1
    assert game["rating"]["sigma"] < 25 / 3
    assert game["players"] == [
        {
            "players": 2,
            "games": 1,
            "wins": int(0 in states[-1]["winners"]),
            "win_share": float(0 in states[-1]["winners"]),
            "mean_score": float(states[-1]["scores"][0]),
            "ended_early": 0,
        }
    ]
    assert [entry["room"] for entry in body["history"]] == [room]
    assert body["recent"][0]["room"] == room and body["recent"][0]["seat"] == 0

    board = visitor.get("/leaderboard/flip-and-fish", params={"least_games": 1}).json()
    assert [entry["name"] for entry in board] == ["Ann-Marie"] and board[0]["rank"] == 1
    assert visitor.get("/leaderboard/flip-and-fish").json() == []  # five games at least
    one_line_refusal(visitor.get("/players/Nobody Here"), 404, "player")
    one_line_refusal(visitor.get("/leaderboard/chess"), 404, "game")
    one_line_refusal(visitor.get("/leaderboard/fishing", params={"least_games": 0}), 422, "request")


def test_a_guest_cannot_make_a_rated_room(browsers: list[Browser]) -> None:
    guest = browsers[0]
    answer = guest.post(
        "/rooms",
        json={"game": "flip-and-fish", "seats": ["human", "easy"], "settings": {"rated": True}},
    )
    one_line_refusal(answer, 403, "rated")
    bad = guest.post(
        "/rooms",
        json={"game": "flip-and-fish", "seats": ["human", "easy"], "settings": {"rated": 1}},
    )
    one_line_refusal(bad, 422, "header")
