"""The rooms' HTTP API: creating rooms, claiming open seats by invitation, the lobby, finished
rooms and their records; every refusal is JSON with a kind and one line."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx2 as httpx  # what the test client answers with
import pytest
from fastapi.testclient import TestClient

from angler.server.app import create_app
from angler.server.rooms import Room, make_header
from angler.server.store import RoomJournal, Store


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store)) as opened:
        yield opened


def one_line_refusal(answer: httpx.Response, status: int, kind: str) -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error", "message"} and body["error"] == kind
    assert body["message"] and "\n" not in body["message"]


def test_a_room_gives_tokens_to_human_seats_and_invitations_to_open_ones(
    client: TestClient, store: Store
) -> None:
    answer = client.post("/rooms", json={"game": "crazy-fishing", "seats": ["human", "open"]})
    assert answer.status_code == 201
    body = answer.json()
    room = body["room"]
    human, invited = body["seats"]
    assert human["kind"] == "human" and len(human["token"]) >= 22 and human["invite"] is None
    code = invited.pop("code")
    assert invited == {"seat": 1, "kind": "open", "token": None, "invite": f"/rooms/{room}/seats/1"}
    assert len(code) >= 43  # 256 bits, like a token
    assert set(store.seat_tokens(room)) == {0}  # only the hash is kept
    assert human["token"] not in store.seat_tokens(room).values()
    assert code not in json.dumps(store.header(room).settings)  # the code's hash, never itself

    # An invitation is private: the room is not listed, and the seat is claimed by its code only.
    assert client.get("/rooms").json() == [] and client.get("/rooms/live").json() == []
    one_line_refusal(client.post(invited["invite"]), 403, "invite")
    one_line_refusal(client.post(invited["invite"], json={"invite": "guess"}), 403, "invite")
    one_line_refusal(client.post(invited["invite"], json={"invite": human["token"]}), 403, "invite")
    assert set(store.seat_tokens(room)) == {0}  # nothing claimed by the refusals
    claimed = client.post(invited["invite"], json={"invite": code})
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1
    assert claimed.json()["token"] != human["token"]
    one_line_refusal(client.post(invited["invite"], json={"invite": code}), 409, "seat")
    one_line_refusal(client.post(f"/rooms/{room}/seats/0"), 409, "seat")
    one_line_refusal(client.post(f"/rooms/{room}/seats/7"), 409, "seat")


def test_a_public_seat_is_offered_in_the_lobby_and_taken_by_anyone(client: TestClient) -> None:
    answer = client.post("/rooms", json={"game": "crazy-fishing", "seats": ["human", "public"]})
    assert answer.status_code == 201
    room = answer.json()["room"]
    assert answer.json()["seats"][1]["code"] is None
    lobby = client.get("/rooms").json()
    assert [(entry["room"], entry["open_seats"]) for entry in lobby] == [(room, [1])]
    claimed = client.post(f"/rooms/{room}/seats/1")
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1
    assert client.get("/rooms").json() == []  # no open seat left
    assert [entry["room"] for entry in client.get("/rooms/live").json()] == [room]


def test_the_creator_chooses_whether_a_room_is_listed(client: TestClient) -> None:
    listed = client.post(
        "/rooms",
        json={"game": "crazy-fishing", "seats": ["human", "open"], "settings": {"listed": True}},
    ).json()["room"]
    unlisted = client.post(
        "/rooms",
        json={"game": "crazy-fishing", "seats": ["human", "easy"], "settings": {"listed": False}},
    ).json()["room"]
    assert [entry["room"] for entry in client.get("/rooms/live").json()] == [listed]
    assert client.get("/rooms").json() == []  # an invitation is never offered to strangers
    assert client.get(f"/rooms/{unlisted}").json()["listed"] is False  # its link still works
    one_line_refusal(
        client.post(
            "/rooms",
            json={"game": "fishing", "seats": ["human"] * 3, "settings": {"listed": "yes"}},
        ),
        422,
        "header",
    )
    one_line_refusal(
        client.post(
            "/rooms",
            json={"game": "fishing", "seats": ["human"] * 3, "settings": {"invites": {"1": "x"}}},
        ),
        422,
        "header",
    )


def test_a_room_with_a_bot_seat_and_a_card_set_checked_as_cards_is(client: TestClient) -> None:
    answer = client.post(
        "/rooms", json={"game": "fishing", "seats": ["human", "easy", "open"], "settings": {}}
    )
    assert answer.status_code == 201
    assert [seat["kind"] for seat in answer.json()["seats"]] == ["human", "easy", "open"]
    one_line_refusal(
        client.post("/rooms", json={"game": "fishing", "seats": ["human"] * 3, "cards": {}}),
        422,
        "header",
    )


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ({"game": "chess", "seats": ["human", "human"]}, "header"),
        ({"game": "fishing", "seats": ["human", "human"]}, "header"),
        ({"game": "fishing", "seats": ["human", "nobody", "open"]}, "header"),
        ({"game": "fishing", "seats": ["open"] * 3, "options": {"cards": "/etc/passwd"}}, "header"),
        ({"game": "fishing"}, "request"),
        ({"seats": 3}, "request"),
    ],
)
def test_a_room_that_cannot_be_made_is_one_line(
    client: TestClient, body: dict[str, object], kind: str
) -> None:
    one_line_refusal(client.post("/rooms", json=body), 422, kind)
    assert client.get("/health").json()["live_rooms"] == 0


def test_unknown_rooms_and_unfinished_records(client: TestClient) -> None:
    one_line_refusal(client.post("/rooms/nope/seats/0"), 404, "room")
    one_line_refusal(client.get("/rooms/nope/record"), 404, "room")
    room = client.post("/rooms", json={"game": "crazy-fishing", "seats": ["human"] * 2}).json()
    one_line_refusal(client.get(f"/rooms/{room['room']}/record"), 403, "unfinished")
    assert client.get("/rooms/finished").json() == []
    one_line_refusal(client.get("/no/such/route"), 404, "http")


def test_an_unknown_room_socket_is_refused_in_one_line(client: TestClient) -> None:
    with client.websocket_connect("/rooms/nope/ws") as socket:
        answer = socket.receive_json()
    assert answer["type"] == "error" and answer["error"] == "room"


def test_the_openapi_document_describes_the_rooms(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    paths = document["paths"]
    for path in ("/rooms", "/rooms/{room}/seats/{seat}", "/rooms/finished", "/rooms/{room}/record"):
        assert path in paths
    schemas = document["components"]["schemas"]
    assert {"CreateRoom", "RoomCreated", "SeatClaimed", "LobbyRoom", "ErrorBody"} <= set(schemas)


def test_a_room_whose_last_move_was_stored_is_finished_when_the_server_starts(
    store: Store,
) -> None:
    header = make_header("crazy-fishing", None, ["human", "human"], seed=2)
    room_id = store.create_room(header)
    room = Room(header, RoomJournal(store, room_id))
    tokens = [room.claim(seat) for seat in (0, 1)]
    while not room.over:  # the server stopped after storing the last move, before finishing
        seat = room.state.current_players()[0]
        room.move(tokens[seat], room.state.legal_actions(seat)[0], room.version)
    with TestClient(create_app(store)) as client:
        assert client.get("/health").json()["live_rooms"] == 0
        finished = client.get("/rooms/finished").json()
        assert [entry["room"] for entry in finished] == [room_id]
        assert finished[0]["result"]["winners"] == room.result()["winners"]  # type: ignore[index]
        assert client.get(f"/rooms/{room_id}/record").json()["game"] == "crazy-fishing"


def test_a_running_game_is_downloaded_as_the_seat_sees_it(client: TestClient) -> None:
    made = client.post("/rooms", json={"game": "crazy-fishing", "seats": ["human", "human"]}).json()
    room, tokens = made["room"], [seat["token"] for seat in made["seats"]]
    mine = client.get(f"/rooms/{room}/view", headers={"Authorization": f"Bearer {tokens[0]}"})
    assert mine.status_code == 200
    seen = mine.json()
    assert seen["seat"] == 0 and seen["view"]["player"] == 0 and seen["view"]["hand"]
    theirs = client.get(f"/rooms/{room}/view", headers={"Authorization": f"Bearer {tokens[1]}"})
    assert theirs.json()["view"]["hand"] != seen["view"]["hand"]  # each its own hand only
    watching = client.get(f"/rooms/{room}/view").json()
    assert watching["seat"] is None and not watching["view"]["hand"] and watching["legal"] == []
    one_line_refusal(
        client.get(f"/rooms/{room}/view", headers={"Authorization": "Bearer nonsense"}),
        400,
        "token",
    )
    one_line_refusal(
        client.get(f"/rooms/{room}/view", headers={"Authorization": tokens[0]}), 400, "token"
    )


def test_the_game_field_offers_the_registered_games(client: TestClient) -> None:
    from angler.core import all_games

    schema = client.get("/openapi.json").json()["components"]["schemas"]["CreateRoom"]
    game = schema["properties"]["game"]
    assert game["examples"] == [cls.name for cls in all_games()]
    assert "fishing," not in game["description"]  # no hand-kept list of games
