"""``angler serve``'s application: /health answers, the OpenAPI document describes the API, and
the command refuses what it cannot serve in one line before it listens."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING

from fastapi.testclient import TestClient

from angler.core import all_games
from angler.server.app import create_app
from angler.server.collector import NEVER_BY_ITSELF, FullCollections
from angler.server.store import Store

if TYPE_CHECKING:
    from tests.conftest import Angler


def test_health_answers_with_the_games_served(store: Store) -> None:
    with TestClient(create_app(store)) as client:
        answer = client.get("/health")
    assert answer.status_code == 200
    body = answer.json()
    assert body["status"] == "ok"
    assert body["games"] == [game.name for game in all_games()]
    assert body["live_rooms"] == 0


def test_health_counts_the_stores_write_transactions(store: Store) -> None:
    with TestClient(create_app(store)) as client:
        before = client.get("/health").json()["store_writes"]
        created = client.post("/rooms", json={"game": "fishing", "seats": ["human"] * 3})
        assert created.status_code == 201, created.text
        after = client.get("/health").json()["store_writes"]
        refused = client.post("/rooms", json={"game": "no-such-game"})
        assert refused.status_code in (400, 422), refused.text
        assert client.get("/health").json()["store_writes"] == after
    assert after == before + 4  # the room, then each of its three seats' token


def test_the_openapi_document_describes_health(store: Store) -> None:
    with TestClient(create_app(store)) as client:
        document = client.get("/openapi.json").json()
    assert document["info"]["title"] == "angler"
    assert "/health" in document["paths"]


def test_serve_refuses_an_address_in_use_in_one_line(angler: Angler) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = angler(["serve", "--port", str(port), "--db", "sqlite://"])
    run.assert_user_error()
    assert f"cannot listen on 127.0.0.1:{port}" in run.stderr


def test_serve_refuses_a_database_it_cannot_open_in_one_line(angler: Angler) -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    run = angler(["serve", "--port", str(port), "--db", "nonsense://x"])
    run.assert_user_error()
    assert "cannot open the database nonsense://x" in run.stderr


def test_serve_refuses_a_port_out_of_range(angler: Angler) -> None:
    run = angler(["serve", "--port", "70000"])
    run.assert_user_error()
    assert "70000" in run.stderr


def _full_passes_while(
    collections: FullCollections, meanwhile: Callable[[], None], wanted: int
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """Run ``collections`` until ``wanted`` full passes came (5 s at most), calling
    ``meanwhile`` once it started: the passes seen, and the thresholds while and after."""
    passes: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            passes.append(1)

    async def serve_a_while() -> tuple[tuple[int, ...], tuple[int, ...]]:
        collector = asyncio.create_task(collections.run())
        await asyncio.sleep(0.01)
        while_serving = gc.get_threshold()
        meanwhile()
        for _ in range(500):
            if len(passes) >= wanted:
                break
            await asyncio.sleep(0.01)
        collector.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await collector
        return while_serving, gc.get_threshold()

    before = gc.get_threshold()
    gc.callbacks.append(count)
    try:
        while_serving, after = asyncio.run(serve_a_while())
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*before)
    return len(passes), while_serving, after


def test_while_serving_the_full_collection_runs_on_its_timer_and_never_by_itself() -> None:
    """The collector's full pass pauses every room; ``angler serve`` runs it itself."""
    before = gc.get_threshold()
    passes, while_serving, after = _full_passes_while(
        FullCollections(every=0.05), lambda: None, wanted=2
    )
    assert while_serving == (*before[:2], NEVER_BY_ITSELF)
    assert after == before  # the process's own setting is back
    assert passes >= 2  # the timer's, each 0.05 s


def test_a_full_collection_runs_once_enough_rooms_have_left() -> None:
    """Finished rooms leave their games' objects in cycles: enough of them, and a full pass
    runs long before its timer."""
    collections = FullCollections(every=3600, rooms=3, tick=0.01)

    def three_rooms_leave() -> None:
        for _ in range(3):
            collections.room_left()

    passes, _, _ = _full_passes_while(collections, three_rooms_leave, wanted=1)
    assert passes >= 1 and collections.passes == 1 and collections.rooms_left == 0


def test_a_full_collection_runs_once_enough_sockets_have_closed() -> None:
    """A closed socket leaves objects of the socket stack in cycles: enough of them, and a full
    pass runs long before its timer; rooms alone did not reach their count."""
    collections = FullCollections(every=3600, rooms=1000, sockets=4, tick=0.01)

    def four_sockets_close() -> None:
        collections.room_left()
        for _ in range(4):
            collections.socket_left()

    passes, _, _ = _full_passes_while(collections, four_sockets_close, wanted=1)
    assert passes >= 1 and collections.passes == 1
    assert collections.sockets_left == collections.rooms_left == 0
