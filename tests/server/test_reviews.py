"""Reviews of finished games on the server (``server/reviews.py``): queued, run in the bots' pool
one decision at a time, stored with the room and never computed twice; refused for a live room
or a seat the room does not have; limited per node and per address; resumed after a restart; and
naming nothing but the reviewed seat's own candidate moves."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from concurrent.futures import Executor, Future
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.test_api import one_line_refusal

from angler.core.errors import AnglerError
from angler.core.records import apply_entry, parse_record, start_state
from angler.review.review import review_seat
from angler.server.app import create_app
from angler.server.limits import Limits
from angler.server.reviews import DONE, SEED, Reviews, shared_pool
from angler.server.store import Store

BUDGET = "1it"  # a review's decision: two samples a move, enough to test the machinery, fast


def _limits(**changes: Any) -> Limits:
    return Limits(review_budget=BUDGET, **changes)


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, _limits())) as test_client:
        yield test_client


def _finished(client: TestClient, seats: int = 2) -> str:
    """A room of random bots played to its end."""
    answer = client.post(
        "/rooms",
        json={
            "game": "flip-and-fish",
            "options": {"rounds": 3},  # closing time after three rounds: a short game
            "seats": ["random"] * seats,
            "settings": {"pace_ms": 0},
        },
    )
    room: str = answer.json()["room"]
    deadline = time.monotonic() + 60
    while room not in [done["room"] for done in client.get("/rooms/finished").json()]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return room


def _done(client: TestClient, room: str, seat: int) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while True:
        shown: dict[str, Any] = client.get(f"/rooms/{room}/reviews/{seat}").json()
        assert shown["status"] != "failed", shown
        if shown["status"] == DONE:
            return shown
        assert time.monotonic() < deadline, shown
        time.sleep(0.1)


def _reviews(client: TestClient) -> Reviews:
    reviews: Reviews = client.app.state.reviews  # type: ignore[attr-defined]
    return reviews


def test_a_review_is_queued_run_and_stored_as_the_command_line_makes_it(
    client: TestClient,
) -> None:
    room = _finished(client)
    one_line_refusal(client.get(f"/rooms/{room}/reviews/0"), 404, "review")  # never asked
    asked = client.post(f"/rooms/{room}/reviews/0")
    assert asked.status_code == 202
    assert asked.json()["status"] in ("queued", "running", "done")
    shown = _done(client, room, 0)
    assert shown["done"] == shown["total"] > 0
    record = parse_record(json.dumps(client.get(f"/rooms/{room}/record").json()))
    expected = review_seat(record, 0, BUDGET, SEED).as_dict()
    assert shown["review"] == json.loads(json.dumps(expected))
    assert shown["review"]["decisions_total"] == shown["total"]
    # Asked again: the stored one, at once, and nothing computed again.
    again = client.post(f"/rooms/{room}/reviews/0")
    assert again.status_code == 202 and again.json() == shown
    assert _reviews(client).computed == 1
    assert client.get(f"/rooms/{room}/reviews/0").json() == shown


def test_a_server_whose_reviews_are_by_the_search_stores_the_search_s_review(
    store: Store,
) -> None:
    """``--review-budget search:…``: the stored review is the search judge's, as
    ``angler review --judge search`` makes it, with no points (the search values none)."""
    budget = "search:20it"
    with TestClient(create_app(store, Limits(review_budget=budget))) as searching:
        room = _finished(searching)
        assert searching.post(f"/rooms/{room}/reviews/1").status_code == 202
        shown = _done(searching, room, 1)
        record = parse_record(json.dumps(searching.get(f"/rooms/{room}/record").json()))
    expected = review_seat(record, 1, budget, SEED).as_dict()
    assert shown["budget"] == budget and shown["review"] == json.loads(json.dumps(expected))
    assert shown["review"]["judge"] == "search" and shown["review"]["points_lost"] is None


def test_a_live_room_an_unknown_one_and_bad_seats_are_refused(client: TestClient) -> None:
    live = client.post("/rooms", json={"game": "crazy-fishing", "seats": ["human", "open"]})
    room = live.json()["room"]
    one_line_refusal(client.post(f"/rooms/{room}/reviews/0"), 403, "unfinished")
    one_line_refusal(client.get(f"/rooms/{room}/reviews/0"), 403, "unfinished")
    one_line_refusal(client.post("/rooms/nope/reviews/0"), 404, "room")
    one_line_refusal(client.get("/rooms/nope/reviews/0"), 404, "room")
    made = client.post("/rooms", json={"game": "crazy-fishing", "seats": ["human", "open"]})
    with client.websocket_connect(f"/rooms/{made.json()['room']}/ws") as socket:
        socket.send_json({"type": "hello", "token": made.json()["seats"][0]["token"]})
        socket.send_json({"type": "cancel"})  # a game that stopped before its end
        while not socket.receive_json().get("over"):
            pass
    cancelled = made.json()["room"]
    one_line_refusal(client.post(f"/rooms/{cancelled}/reviews/0"), 403, "unfinished")
    finished = _finished(client)
    for seat in ("2", "-1", "x", "1e3", "0x1", "9" * 40, "%00"):
        one_line_refusal(client.post(f"/rooms/{finished}/reviews/{seat}"), 400, "seat")
        one_line_refusal(client.get(f"/rooms/{finished}/reviews/{seat}"), 400, "seat")
    one_line_refusal(client.post(f"/rooms/{finished}/reviews/0/more"), 404, "http")
    one_line_refusal(client.put(f"/rooms/{finished}/reviews/0"), 405, "http")
    # A body is not read: garbage is ignored, a huge one refused before it is.
    answer = client.post(f"/rooms/{finished}/reviews/1", content=b"\xff{garbage")
    assert answer.status_code == 202
    huge = client.post(f"/rooms/{finished}/reviews/1", content=b"x" * (1 << 21))
    assert huge.status_code == 413 and "\n" not in huge.json()["message"]
    assert client.get("/openapi.json").json()["paths"]["/rooms/{room}/reviews/{seat}"]


class Held:
    """A pool that never starts a decision until let go: reviews stay queued."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()

    async def __call__(self) -> Executor:
        await self.gate.wait()
        raise RuntimeError("let go")


def test_the_queue_and_each_address_are_limited(store: Store) -> None:
    with TestClient(create_app(store, _limits(reviews_waiting=1))) as client:
        _reviews(client).pool = Held()
        room = _finished(client, seats=3)
        assert client.post(f"/rooms/{room}/reviews/0").status_code == 202  # taken: running
        deadline = time.monotonic() + 10
        while _reviews(client).queue:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert client.post(f"/rooms/{room}/reviews/1").status_code == 202  # waits
        full = client.post(f"/rooms/{room}/reviews/2")
        one_line_refusal(full, 429, "rate")
        assert int(full.headers["Retry-After"]) > 0
        assert client.post(f"/rooms/{room}/reviews/1").status_code == 202  # asked: no new work
    with TestClient(create_app(store, _limits(reviews_per_minute=1))) as client:
        _reviews(client).pool = Held()
        room = _finished(client)
        assert client.post(f"/rooms/{room}/reviews/0").status_code == 202
        assert client.post(f"/rooms/{room}/reviews/0").status_code == 202  # the same one
        refused = client.post(f"/rooms/{room}/reviews/1")
        one_line_refusal(refused, 429, "rate")
        assert int(refused.headers["Retry-After"]) > 0


def test_a_restart_queues_the_interrupted_reviews_again(store: Store) -> None:
    with TestClient(create_app(store, _limits())) as client:
        _reviews(client).pool = Held()
        room = _finished(client)
        client.post(f"/rooms/{room}/reviews/1")
        client.post(f"/rooms/{room}/reviews/0")
        assert client.get(f"/rooms/{room}/reviews/0").json()["status"] == "queued"
    with TestClient(create_app(store, _limits())) as client:  # the server again
        shown = [_done(client, room, seat) for seat in (0, 1)]
        assert [review["review"]["seat"] for review in shown] == [0, 1]
        assert _reviews(client).computed == 2


def test_a_failed_review_is_stored_and_asked_again_runs_again(store: Store) -> None:
    with TestClient(create_app(store, _limits())) as client:
        held = Held()
        _reviews(client).pool = held
        room = _finished(client)
        client.post(f"/rooms/{room}/reviews/0")
        client.portal.call(held.gate.set)  # type: ignore[union-attr]
        deadline = time.monotonic() + 10
        while client.get(f"/rooms/{room}/reviews/0").json()["status"] != "failed":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        failed = client.get(f"/rooms/{room}/reviews/0").json()
        assert failed["message"] == "let go"
        counted = OneAtATime()
        _reviews(client).pool = counted
        assert client.post(f"/rooms/{room}/reviews/0").json()["status"] == "queued"
        shown = _done(client, room, 0)
        assert shown["review"]["complete"]
        # The bots' pool was handed one decision at a time: a bot's search waits behind one.
        assert counted.submitted == shown["total"] and counted.most == 1


class OneAtATime:
    """The bots' pool, counting the review's decisions in it at once."""

    def __init__(self) -> None:
        self.submitted = self.running = self.most = 0

    async def __call__(self) -> Executor:
        pool = await shared_pool()
        counter = self

        class Counted(Executor):
            def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
                counter.submitted += 1
                counter.running += 1
                counter.most = max(counter.most, counter.running)
                job = pool.submit(fn, *args, **kwargs)
                job.add_done_callback(counter.finished)
                return job

        return Counted()

    def finished(self, _: Future[Any]) -> None:
        self.running -= 1


def test_a_review_names_only_the_seat_s_own_moves_as_it_saw_them(client: TestClient) -> None:
    """What a review could leak: each decision's prompt and candidate moves are the reviewed
    seat's own menu, as the seat's view words them; the record's hidden cards never appear."""
    room = _finished(client)
    client.post(f"/rooms/{room}/reviews/1")
    review = _done(client, room, 1)["review"]
    record = parse_record(json.dumps(client.get(f"/rooms/{room}/record").json()))
    state: Any = start_state(record)
    presentation = state.game.presentation
    menus: dict[int, tuple[str, set[str]]] = {}
    for step, entry in enumerate(record.actions, 1):
        if entry["player"] == 1:
            view, legal = state.view(1), state.legal_actions(1)
            texts = {presentation.menu_label(view, action) for action in legal}
            menus[step] = (presentation.prompt(view, legal), texts)
        apply_entry(state, entry, step)
    assert review["decisions"]
    for decision in review["decisions"]:
        prompt, texts = menus[decision["step"]]  # a step of seat 1's, none of another's
        assert decision["prompt"] == prompt
        # Its own legal moves (all of them, or the aims a game's search weighs: Flip & Fish's)
        assert {move["action"] for move in decision["moves"]} <= texts
        assert {decision["played"], decision["best"]} <= texts
    for costly in review["costly"]:
        assert costly["step"] in menus


def test_the_limits_refuse_a_bad_review_budget_in_one_line() -> None:
    Limits(review_budget="search:1000it")  # the search as judge
    refusals = (("nope", "nope"), ("0it", "0"), ("100", "100"), ("oracle:9it", "oracle"))
    for budget, wrong in (*refusals, ("search:2it", "search judge")):
        with pytest.raises(AnglerError) as refused:
            Limits(review_budget=budget)
        assert wrong in str(refused.value) and "\n" not in str(refused.value)
    with pytest.raises(AnglerError):
        Limits(reviews_waiting=0)
    with pytest.raises(AnglerError):
        Limits(reviews_per_minute=-1)
