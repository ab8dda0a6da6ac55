"""Rooms a hostile client asks for (issue 25): a bot's budget that does not read, or passes the
server's cap, is refused before anything is stored; and a store holding a room that cannot be
rebuilt (from an older server) still lets the server start and serve the others. On SQLite
always, on PostgreSQL when ``ANGLER_TEST_POSTGRES_URL`` is set (conftest.py)."""

from __future__ import annotations

import logging
from dataclasses import replace

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from angler.core.errors import AnglerError
from angler.core.registry import make_game
from angler.server.app import create_app
from angler.server.bots import check_bots
from angler.server.limits import Limits
from angler.server.rooms import HeaderError, make_header
from angler.server.searches import BotCap
from angler.server.store import Store

BAD_BUDGETS = ["ismcts:abc", "ismcts:0it", "ismcts:1e9s", "rollout:abc"]


def refused_header(answer: httpx.Response, *words: str) -> str:
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert body["error"] == "header" and "\n" not in body["message"], body
    for word in words:
        assert word in body["message"], body
    message: str = body["message"]
    return message


def nothing_stored(store: Store) -> bool:
    return store.live_rooms() == [] and store.finished_rooms() == []


@pytest.mark.parametrize("kind", BAD_BUDGETS)
def test_a_bot_whose_budget_does_not_read_is_refused_and_nothing_is_stored(
    store: Store, kind: str
) -> None:
    with TestClient(create_app(store)) as client:
        body = {"game": "crazy-fishing", "seats": ["human", kind]}
        refused_header(client.post("/rooms", json=body), "seat 1", kind)
        assert nothing_stored(store)
    with TestClient(create_app(store)) as client:  # and the next start is a start
        assert client.get("/health").status_code == 200


def test_a_bot_over_the_servers_cap_is_refused_naming_the_cap(store: Store) -> None:
    with TestClient(create_app(store, Limits(max_bot_seconds=2))) as client:
        seats = ["human", "ismcts:2.5s"]
        refused_header(
            client.post("/rooms", json={"game": "fishing", "seats": [*seats, "human"]}),
            "seat 1",
            "cap of 2 s",
        )
        refused_header(
            client.post(
                "/rooms", json={"game": "crazy-fishing", "seats": ["human", "rollout:20001it"]}
            ),
            "seat 1",
            "cap of 20000",
        )
        takeover = {
            "game": "crazy-fishing",
            "seats": ["human", "human"],
            "settings": {"takeover": "ismcts:3s"},
        }
        refused_header(client.post("/rooms", json=takeover), "takeover", "cap of 2 s")
        assert nothing_stored(store)


def test_the_cap_lets_budgets_within_it_and_the_levels_through() -> None:
    game = make_game("crazy-fishing", 2)
    header = make_header("crazy-fishing", None, ["ismcts:2s", "ismcts:20000it"], seed=1)
    check_bots(header, game, BotCap(2.0))  # at the cap: taken
    levels = make_header("crazy-fishing", None, ["hard", "normal"], seed=1)
    check_bots(levels, game, BotCap(5.0))
    check_bots(levels, game, BotCap(0.5))  # a level asks no budget: held to a low cap instead
    with pytest.raises(HeaderError, match="seat 0"):
        check_bots(header, game, BotCap(1.9))


def test_a_store_holding_a_room_that_cannot_be_rebuilt_still_starts(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """Rooms written directly (as a server before the fix stored them): one whose bot's budget
    does not read, one whose takeover does not; the good room is served beside them."""
    header = make_header("crazy-fishing", None, ["human", "human"], seed=3)
    broken = store.create_room(replace(header, seats=["human", "ismcts:abc"]))
    no_bots = store.create_room(
        make_header("crazy-fishing", None, ["human", "human"], seed=4, settings={"takeover": "x"})
    )
    with TestClient(create_app(store)) as client:
        good = client.post("/rooms", json={"game": "crazy-fishing", "seats": ["human", "human"]})
        assert good.status_code == 201
    caplog.clear()  # that start logged them too: the next start's lines are counted
    with caplog.at_level(logging.ERROR), TestClient(create_app(store)) as client:
        assert client.get("/health").status_code == 200
        live = {entry["room"] for entry in client.get("/rooms/live").json()}
        assert live == {good.json()["room"], no_bots}
        answer = client.get(f"/rooms/{broken}/view")
        assert answer.status_code == 409 and answer.json()["error"] == "unplayable"
    lines = [r.getMessage() for r in caplog.records if broken in r.getMessage()]
    assert len(lines) == 1 and "ismcts" in lines[0] and "\n" not in lines[0], lines
    assert any(no_bots in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("seconds", [0, -1, 601])
def test_a_cap_outside_the_agents_range_is_refused_in_one_line(seconds: float) -> None:
    with pytest.raises(AnglerError, match=r"^max_bot_seconds must be 0\.01 to 600, not"):
        Limits(max_bot_seconds=seconds)
