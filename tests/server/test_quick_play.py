"""The lobby's people and filters, and quick play (docs/server.md, "Quick play"): the next open
table of a game near the asker's rating, else a new one whose free seats go to bots after the
wait chosen."""

from __future__ import annotations

import time
from typing import Any

from tests.server.browsers import Browser, give_rating, sign_up
from tests.server.test_api import one_line_refusal

from angler.server.api import LobbyPerson, LobbyRoom, QuickPlay, RatingBody
from angler.server.hub import Hub
from angler.server.quick_play import NEAR_MU, level_near, near_tables, table_rating
from angler.server.ratings import bot_ratings


def _quick(browser: Browser, csrf: str | None = None, **ask: Any) -> Any:
    headers = {"X-CSRF-Token": csrf} if csrf else {}
    return browser.post("/quickplay", json=ask, headers=headers)


def _set_rating(browser: Browser, account: str, game: str, mu: float) -> None:
    give_rating(_hub(browser).store, account, game, mu)


def _hub(browser: Browser) -> Hub:
    app: Any = browser.app
    hub: Hub = app.state.hub
    return hub


def _account_id(browser: Browser) -> str:
    account: str = browser.get("/session").json()["id"]
    return account


def test_quick_play_makes_a_table_and_seats_the_next_person_there(
    browsers: list[Browser],
) -> None:
    ann, bob, _ = browsers
    first = _quick(ann, game="flip-and-fish", players=3)
    assert first.status_code == 200, first.text
    made = first.json()
    assert made["created"] is True and made["seat"] == 0 and made["token"]
    info = ann.get(f"/rooms/{made['room']}").json()
    assert info["seats"] == ["human", "public", "public"] and info["listed"] is True

    second = _quick(bob, game="flip-and-fish", players=3).json()
    assert second["created"] is False and second["room"] == made["room"]
    assert second["seat"] == 1 and second["token"] != made["token"]

    (listed,) = bob.get("/rooms", params={"game": "flip-and-fish"}).json()
    assert listed["room"] == made["room"] and listed["open_seats"] == [2]
    assert listed["people"] == [
        {"seat": 0, "name": "Guest 1", "rating": None},
        {"seat": 1, "name": "Guest 2", "rating": None},
    ]
    assert listed["rating"] is None and listed["rated"] is False
    (live,) = bob.get("/rooms/live").json()  # the live list names them too
    assert live["people"] == listed["people"] and live["rating"] is None

    # Another player count, or another game, is another table.
    other = _quick(bob, game="flip-and-fish", players=2).json()
    assert other["created"] is True and other["room"] != made["room"]
    assert bob.get("/rooms", params={"game": "fishing"}).json() == []


def test_the_lobby_names_accounts_with_their_ratings_and_filters_by_range(
    browsers: list[Browser],
) -> None:
    ann, bob, guest = browsers
    ann_csrf = sign_up(ann, "Ann")
    bob_csrf = sign_up(bob, "Bob")
    _set_rating(ann, _account_id(ann), "crazy-fishing", 40.0)
    high = _quick(ann, ann_csrf, game="crazy-fishing", players=2).json()
    low = _quick(bob, bob_csrf, game="crazy-fishing", players=2).json()
    # Bob (25) is not near Ann (40): he gets a table of his own.
    assert low["created"] is True and low["room"] != high["room"]

    rooms = {room["room"]: room for room in guest.get("/rooms").json()}
    assert rooms[high["room"]]["people"] == [
        {"seat": 0, "name": "Ann", "rating": {"mu": 40.0, "sigma": 2.0}}
    ]
    assert rooms[high["room"]]["rating"] == 40.0
    assert rooms[low["room"]]["people"][0]["name"] == "Bob"
    assert rooms[low["room"]]["rating"] == 25.0

    ranged = guest.get("/rooms", params={"rating_min": 30, "rating_max": 45}).json()
    assert [room["room"] for room in ranged] == [high["room"]]
    below = guest.get("/rooms", params={"game": "crazy-fishing", "rating_max": 30}).json()
    assert [room["room"] for room in below] == [low["room"]]

    # A guest counts as the prior (25): Bob's table is near, Ann's is not.
    joined = _quick(guest, game="crazy-fishing", players=2).json()
    assert joined["created"] is False and joined["room"] == low["room"]


def test_an_account_is_not_seated_twice_and_rated_tables_are_for_accounts(
    browsers: list[Browser],
) -> None:
    ann, guest, _ = browsers
    csrf = sign_up(ann, "Ann")
    rated = _quick(ann, csrf, game="flip-and-fish", players=2, rated=True).json()
    assert ann.get(f"/rooms/{rated['room']}").json()["options"]["players"] == 2
    assert guest.get("/rooms").json()[0]["rated"] is True

    # Ann asking again is not seated at her own table: a new one.
    again = _quick(ann, csrf, game="flip-and-fish", players=2).json()
    assert again["created"] is True and again["room"] != rated["room"]
    # A guest passes over the rated table (and may not ask for a rated one).
    seated = _quick(guest, game="flip-and-fish", players=2).json()
    assert seated["room"] == again["room"]
    one_line_refusal(_quick(guest, game="flip-and-fish", rated=True), 403, "rated")


def test_quick_play_and_the_lobby_refuse_bad_asks_in_one_line(browsers: list[Browser]) -> None:
    guest = browsers[0]
    one_line_refusal(_quick(guest, game="chess"), 422, "game")
    one_line_refusal(guest.get("/rooms", params={"game": "chess"}), 422, "game")
    one_line_refusal(guest.get("/rooms", params={"rating_min": "high"}), 422, "request")
    one_line_refusal(_quick(guest, game="fishing", bots_after_s=1), 422, "request")
    one_line_refusal(_quick(guest, game="fishing", bots_after_s=10_000), 422, "request")
    one_line_refusal(_quick(guest, game="fishing", players=9), 400, "refused")
    one_line_refusal(guest.post("/quickplay", content=b"{"), 422, "request")
    assert guest.get("/rooms").json() == []  # nothing was made


def test_a_signed_in_quick_play_needs_its_csrf_token(browsers: list[Browser]) -> None:
    ann = browsers[0]
    sign_up(ann, "Ann")
    one_line_refusal(_quick(ann, game="fishing"), 403, "csrf")


def test_free_public_seats_go_to_bots_near_the_people_when_the_wait_runs_out(
    browsers: list[Browser],
) -> None:
    ann, bob, _ = browsers
    csrf = sign_up(ann, "Ann")
    _set_rating(ann, _account_id(ann), "fishing", 31.0)
    made = ann.post(
        "/rooms",
        json={
            "game": "fishing",
            "seats": ["human", "public", "open", "public"],
            "settings": {"bots_after_s": 0.3, "listed": True},
        },
        headers={"X-CSRF-Token": csrf},
    )
    assert made.status_code == 201, made.text
    room = made.json()["room"]
    assert bob.post(f"/rooms/{room}/seats/1").status_code == 200
    seats = _seats_once_filled(ann, room)
    # Ann (31) and a guest (25): mean 28, nearest the normal level's 28.4.
    expected = level_near("fishing", [31.0, 25.0])
    assert expected == "normal"
    assert seats == ["human", "public", "open", expected]  # the invitation stays kept


def test_a_room_with_no_wait_keeps_its_seats_for_people(browsers: list[Browser]) -> None:
    ann = browsers[0]
    made = ann.post("/rooms", json={"game": "flip-and-fish", "seats": ["human", "public"]})
    room = made.json()["room"]
    hub = _hub(ann)
    assert room not in hub.waits._waits
    assert ann.get(f"/rooms/{room}").json()["seats"] == ["human", "public"]


def _seats_once_filled(browser: Browser, room: str) -> list[str]:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        seats: list[str] = browser.get(f"/rooms/{room}").json()["seats"]
        if seats[-1] != "public":
            return seats
        time.sleep(0.05)
    raise AssertionError(f"room {room}'s free seat never went to a bot")


# ----- the choices themselves -----


def _lobby_room(room: str, rating: float | None, **fields: Any) -> LobbyRoom:
    return LobbyRoom(
        room=room,
        game=fields.get("game", "fishing"),
        players=fields.get("players", 4),
        seats=["human", "public", "public", "public"],
        open_seats=fields.get("open_seats", [1]),
        version=0,
        rating=rating,
        rated=fields.get("rated", False),
    )


def test_near_tables_keep_the_lobby_s_order_within_reach() -> None:
    rooms = [
        _lobby_room("far", 25 + NEAR_MU + 0.1),
        _lobby_room("guests", None),
        _lobby_room("near", 25 - NEAR_MU),
        _lobby_room("other-game", 25.0, game="crazy-fishing"),
        _lobby_room("three", 25.0, players=3),
        _lobby_room("rated", 25.0, rated=True),
        _lobby_room("full", 25.0, open_seats=[]),
    ]
    ask = QuickPlay(game="fishing")
    assert [r.room for r in near_tables(rooms, ask, 25.0, signed_in=False)] == [
        "guests",
        "near",
        "three",
    ]
    assert [r.room for r in near_tables(rooms, ask, 25.0, signed_in=True)] == [
        "guests",
        "near",
        "three",
        "rated",
    ]
    only = QuickPlay(game="fishing", players=4, rated=True)
    assert [r.room for r in near_tables(rooms, only, 25.0, signed_in=True)] == ["rated"]


def test_the_bot_level_is_the_one_rated_nearest_the_people() -> None:
    levels = bot_ratings()["crazy-fishing"]
    for mus in ([10.0], [25.0], [30.0, 35.0], [], [50.0]):
        chosen = level_near("crazy-fishing", mus)
        target = sum(mus) / len(mus) if mus else 25.0
        best = min(abs(rating.mu - target) for rating in levels.values())
        assert abs(levels[chosen].mu - target) == best
    assert level_near("crazy-fishing", [10.0]) == "random"
    assert level_near("no-such-game", [25.0]) == "normal"


def test_a_table_s_rating_is_its_accounts_mean() -> None:
    people = [
        LobbyPerson(seat=0, name="Ann", rating=RatingBody(mu=30.0, sigma=2.0)),
        LobbyPerson(seat=1, name="Guest 2"),
        LobbyPerson(seat=2, name="Bob", rating=RatingBody(mu=21.0, sigma=3.0)),
    ]
    assert table_rating(people) == 25.5
    assert table_rating(people[1:2]) is None
