"""Accounts over HTTP and on the room's socket: the session cookie, CSRF on every POST a cookie
authorises, other sites' requests and sockets, guessing, seats that belong to an account, names
at the table, and a deleted account's name gone from every answer (``routes_accounts.py``)."""

from __future__ import annotations

import json
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from tests.server.browsers import PASSWORD, Browser, sign_up
from tests.server.test_api import one_line_refusal

from angler.server.accounts import DELETED_NAME
from angler.server.routes_accounts import SESSION_COOKIE
from angler.server.store import Store

# The POSTs a cookie does not authorise: they make a session from a name and a password.
SIGNING_IN = {"/accounts", "/session"}


def test_the_session_cookie_is_httponly_samesite_and_secure_over_https(accounts_app: Any) -> None:
    app = accounts_app
    with TestClient(app) as plain:
        answer = plain.post("/accounts", json={"name": "Ann-Marie", "password": PASSWORD})
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith(f"{SESSION_COOKIE}=") and "HttpOnly" in cookie
        assert "SameSite=lax" in cookie and "Path=/" in cookie and "Secure" not in cookie
        assert answer.json()["name"] == "Ann-Marie"
        assert plain.get("/session").json() == answer.json()
    with TestClient(app, base_url="https://angler.example") as tls:
        answer = tls.post("/session", json={"name": "Ann-Marie", "password": PASSWORD})
        assert answer.status_code == 200 and "Secure" in answer.headers["set-cookie"]


def test_every_post_a_cookie_authorises_needs_the_csrf_token(
    accounts_app: Any, store: Store
) -> None:
    app = accounts_app
    posts = sorted(path for path, ways in app.openapi()["paths"].items() if "post" in ways)
    assert "/rooms" in posts and "/account/delete" in posts  # the check reaches them all
    with TestClient(app) as client:
        csrf = sign_up(client, "Ann-Marie")
        room = client.post(
            "/rooms",
            json={"game": "fishing", "seats": ["human", "public", "easy"]},
            headers={"X-CSRF-Token": csrf},
        ).json()["room"]
        rooms_before = store.live_rooms()
        for path in posts:
            if path in SIGNING_IN:
                continue
            url = path.replace("{room}", room).replace("{seat}", "1")
            for headers in ({}, {"X-CSRF-Token": "0" * 64}, {"X-CSRF-Token": csrf[:-1]}):
                answer = client.post(url, json={}, headers=headers)
                one_line_refusal(answer, 403, "csrf")
        assert store.live_rooms() == rooms_before  # nothing was made
        assert set(store.seat_tokens(room)) == {0}  # nothing was claimed
        assert client.get("/session").status_code == 200  # nothing signed out or deleted


def test_a_forged_or_ended_cookie_authorises_nothing(browsers: list[Browser]) -> None:
    ann, stranger, _ = browsers
    csrf = sign_up(ann, "Ann-Marie")
    stolen = ann.cookies[SESSION_COOKIE]
    stranger.cookies.set(SESSION_COOKIE, "forged-" + stolen[7:])
    one_line_refusal(stranger.get("/session"), 401, "sign-in")
    one_line_refusal(stranger.get("/account/rooms"), 401, "sign-in")
    made = stranger.post("/rooms", json={"game": "fishing", "seats": ["human", "easy", "easy"]})
    assert made.status_code == 201  # a guest's room: the forged cookie is no one
    assert ann.post("/session/end", headers={"X-CSRF-Token": csrf}).status_code == 204
    assert SESSION_COOKIE not in ann.cookies  # cleared
    stranger.cookies.set(SESSION_COOKIE, stolen)  # the ended session's cookie, replayed
    one_line_refusal(stranger.get("/session"), 401, "sign-in")
    one_line_refusal(
        stranger.post(
            "/account/delete", json={"password": PASSWORD}, headers={"X-CSRF-Token": csrf}
        ),
        401,
        "sign-in",
    )


def test_another_sites_posts_are_refused_before_they_are_read(browsers: list[Browser]) -> None:
    client = browsers[0]
    for path, body in (
        ("/accounts", {"name": "Ann-Marie", "password": PASSWORD}),
        ("/session", {"name": "Ann-Marie", "password": PASSWORD}),
        ("/rooms", {"game": "fishing", "seats": ["human", "easy", "easy"]}),
    ):
        for origin in ("https://evil.example", "null", "http://testserver.evil.example"):
            answer = client.post(path, json=body, headers={"Origin": origin})
            one_line_refusal(answer, 403, "origin")
    assert SESSION_COOKIE not in client.cookies
    same = client.post(
        "/accounts",
        json={"name": "Ann-Marie", "password": PASSWORD},
        headers={"Origin": "http://testserver"},
    )
    assert same.status_code == 201


def test_guessing_a_password_is_stopped_with_retry_after(browsers: list[Browser]) -> None:
    owner, guesser, _ = browsers
    sign_up(owner, "Ann-Marie")
    for _ in range(3):
        guess = guesser.post("/session", json={"name": "Ann-Marie", "password": "guess1234"})
        one_line_refusal(guess, 401, "sign-in")
    stopped = guesser.post("/session", json={"name": "Ann-Marie", "password": PASSWORD})
    one_line_refusal(stopped, 429, "rate")
    assert 1 <= int(stopped.headers["Retry-After"]) <= 15 * 60
    assert SESSION_COOKIE not in guesser.cookies


def test_bad_bodies_get_one_line(browsers: list[Browser]) -> None:
    client = browsers[0]
    for body, status, kind in (
        ({"name": "Ann-Marie"}, 422, "request"),
        ({"name": 7, "password": PASSWORD}, 422, "request"),
        ({"name": "<b>x</b>", "password": PASSWORD}, 400, "account"),
        ({"name": "Easy", "password": PASSWORD}, 400, "account"),
        ({"name": "Ann-Marie", "password": "short"}, 400, "account"),
        ({"name": "A" * 300, "password": PASSWORD}, 422, "request"),
    ):
        one_line_refusal(client.post("/accounts", json=body), status, kind)
    sign_up(client, "Ann-Marie")
    one_line_refusal(
        browsers[1].post("/accounts", json={"name": "ann marie", "password": PASSWORD}), 409, "name"
    )


def _room(client: Browser, csrf: str | None, seats: list[str]) -> dict[str, Any]:
    headers = {"X-CSRF-Token": csrf} if csrf else {}
    answer = client.post("/rooms", json={"game": "fishing", "seats": seats}, headers=headers)
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def _hello(client: Browser, room: str, message: dict[str, Any], **headers: str) -> Any:
    with client.websocket_connect(f"/rooms/{room}/ws", headers=headers) as socket:
        socket.send_json({"type": "hello", **message})
        return socket.receive_json()


def test_a_seat_claimed_signed_in_is_the_accounts_on_every_device(
    browsers: list[Browser], store: Store
) -> None:
    ann, ann_phone, bob = browsers
    csrf = sign_up(ann, "Ann-Marie")
    made = _room(ann, csrf, ["human", "public", "public"])
    room = made["room"]
    ann_phone.post("/session", json={"name": "Ann-Marie", "password": PASSWORD})
    assert ann_phone.get("/account/rooms").json() == [{"room": room, "game": "fishing", "seat": 0}]
    state = _hello(ann_phone, room, {"account": True})  # the phone takes the seat up: no token
    assert state["type"] == "state" and state["seat"] == 0 and state["protocol"] == 3
    names = {entry["seat"]: entry.get("name") for entry in state["seats"]}
    assert names == {0: "Ann-Marie", 1: None, 2: None}

    bob_csrf = sign_up(bob, "Bob Ross")
    claimed = bob.post(f"/rooms/{room}/seats/1", headers={"X-CSRF-Token": bob_csrf})
    assert claimed.status_code == 200
    second = bob.post(f"/rooms/{room}/seats/2", headers={"X-CSRF-Token": bob_csrf})
    one_line_refusal(second, 409, "seat")  # one seat of a room per account
    assert store.seat_accounts(room) == {
        0: ann.get("/session").json()["id"],
        1: bob.get("/session").json()["id"],
    }
    state = _hello(bob, room, {"account": True})
    assert state["seat"] == 1  # Bob's own seat, never Ann's

    guest = Browser(bob.client)  # a guest claims the last seat: "Guest 3"
    assert guest.post(f"/rooms/{room}/seats/2").status_code == 200
    refused = _hello(guest, room, {"account": True})
    assert refused["type"] == "error" and refused["error"] == "token"
    seats = _hello(bob, room, {"account": True})["seats"]
    assert [entry.get("name") for entry in seats] == ["Ann-Marie", "Bob Ross", "Guest 3"]


def test_a_socket_from_another_site_cannot_act_for_the_account(browsers: list[Browser]) -> None:
    ann = browsers[0]
    csrf = sign_up(ann, "Ann-Marie")
    room = _room(ann, csrf, ["human", "easy", "easy"])["room"]
    refused = _hello(ann, room, {"account": True}, origin="https://evil.example")
    assert refused["type"] == "error" and refused["error"] == "token"
    assert "another site" in refused["message"]
    assert _hello(ann, room, {"account": True}, origin="http://testserver")["seat"] == 0


def test_a_deleted_accounts_name_is_in_no_answer(browsers: list[Browser]) -> None:
    ann, bob, _ = browsers
    csrf = sign_up(ann, "Zelda Quux")
    room = _room(ann, csrf, ["human", "public", "easy"])["room"]
    bob_csrf = sign_up(bob, "Bob Ross")
    bob.post(f"/rooms/{room}/seats/1", headers={"X-CSRF-Token": bob_csrf})
    with bob.websocket_connect(f"/rooms/{room}/ws") as socket:
        socket.send_json({"type": "hello", "account": True})
        first = socket.receive_json()
        assert "Zelda Quux" in json.dumps(first["seats"])
        wrong = ann.post(
            "/account/delete", json={"password": "not it!!"}, headers={"X-CSRF-Token": csrf}
        )
        one_line_refusal(wrong, 401, "sign-in")
        gone = ann.post(
            "/account/delete", json={"password": PASSWORD}, headers={"X-CSRF-Token": csrf}
        )
        assert gone.status_code == 204 and SESSION_COOKIE not in ann.cookies
        told = socket.receive_json()  # the table is told at once
        assert told["type"] == "presence"
        assert [entry.get("name") for entry in told["seats"]][:2] == [DELETED_NAME, "Bob Ross"]
    answers = [
        bob.get(path).text
        for path in ("/rooms", "/rooms/live", f"/rooms/{room}", f"/rooms/{room}/view", "/session")
    ]
    answers.append(json.dumps(_hello(bob, room, {"account": True})))
    assert all("Zelda" not in text for text in answers)
    one_line_refusal(
        ann.post("/session", json={"name": "Zelda Quux", "password": PASSWORD}), 401, "sign-in"
    )


def test_a_password_change_signs_out_the_other_browsers(browsers: list[Browser]) -> None:
    here, there, _ = browsers
    csrf = sign_up(here, "Ann-Marie")
    there.post("/session", json={"name": "Ann-Marie", "password": PASSWORD})
    changed = here.post(
        "/account/password",
        json={"current": PASSWORD, "new": "another password"},
        headers={"X-CSRF-Token": csrf},
    )
    assert changed.status_code == 200 and changed.json()["csrf"] != csrf
    assert here.get("/session").status_code == 200  # a new cookie came with the answer
    one_line_refusal(there.get("/session"), 401, "sign-in")


def test_websocket_denial_is_not_how_refusals_come(browsers: list[Browser]) -> None:
    """A refused account hello is an ``error`` on an open socket (it may say hello again as a
    spectator), not a refused handshake."""
    client = browsers[0]
    room = _room(client, None, ["human", "easy", "easy"])["room"]
    try:
        with client.websocket_connect(f"/rooms/{room}/ws") as socket:
            socket.send_json({"type": "hello", "account": True})
            assert socket.receive_json()["error"] == "token"
            socket.send_json({"type": "hello"})
            assert socket.receive_json()["seat"] is None
    except WebSocketDenialResponse:  # pragma: no cover - the failure this test names
        pytest.fail("the socket was refused at its handshake")


def test_answers_are_json_bodies(browsers: list[Browser]) -> None:
    answer: httpx.Response = browsers[0].get("/session")
    assert answer.headers["content-type"].startswith("application/json")
