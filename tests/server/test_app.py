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
from angler.server.collector import Collections
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
    collections: Collections, meanwhile: Callable[[], object], wanted: int, seconds: float = 5
) -> tuple[int, bool, bool]:
    """Run ``collections`` until ``wanted`` full passes came (``seconds`` at most), calling
    ``meanwhile`` once it started: the passes seen, and whether the collector was on while
    and after."""
    passes: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            passes.append(1)

    async def serve_a_while() -> tuple[bool, bool]:
        collector = asyncio.create_task(collections.run())
        await asyncio.sleep(0.01)
        while_serving = gc.isenabled()
        meanwhile()
        for _ in range(round(seconds * 100)):
            if len(passes) >= wanted:
                break
            await asyncio.sleep(0.01)
        collector.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await collector
        return while_serving, gc.isenabled()

    gc.callbacks.append(count)
    try:
        while_serving, after = asyncio.run(serve_a_while())
    finally:
        gc.callbacks.remove(count)
        gc.enable()
    return len(passes), while_serving, after


def test_while_serving_the_collector_is_off_and_its_full_pass_runs_on_its_timer() -> None:
    """The collector's passes pause every room; ``angler serve`` runs the full one itself."""
    assert gc.isenabled()
    passes, while_serving, after = _full_passes_while(
        Collections(every=0.05), lambda: None, wanted=2
    )
    assert not while_serving
    assert after  # the process's own setting is back
    assert passes >= 2  # the timer's, each 0.05 s


def _cycles(count: int) -> None:
    """``count`` lists, each holding itself, dropped: garbage only a collection frees."""
    for _ in range(count):
        loop: list[object] = []
        loop.append(loop)


def test_a_full_collection_runs_once_the_tracked_objects_grew() -> None:
    """Garbage in cycles (or more rooms) grows what the collector tracks: past the growth, a
    full pass runs long before its timer and finds what was left."""
    collections = Collections(every=3600, growth=5_000, tick=0.01)
    passes, _, _ = _full_passes_while(collections, lambda: _cycles(6_000), wanted=1)
    assert passes >= 1 and collections.passes == 1
    assert collections.found >= 6_000


def test_objects_freed_as_they_go_bring_no_full_collection() -> None:
    """Play frees what it makes by reference counts: however much is made and freed, the
    tracked objects do not grow and no pass comes before the timer."""
    collections = Collections(every=3600, growth=5_000, tick=0.01)

    def made_and_freed() -> None:
        for _ in range(20):
            kept = [[index] for index in range(1_000)]
            del kept

    passes, _, _ = _full_passes_while(collections, made_and_freed, wanted=1, seconds=0.5)
    assert passes == 0 and collections.passes == 0


class _Knot:
    """An object that holds itself: only a collector's pass frees it."""

    def __init__(self) -> None:
        self.me: _Knot | None = self


def _knots_found(collect: Callable[[], object]) -> int:
    """How many ``_Knot``s ``collect`` found unreachable."""
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a pass finds unreachable is kept, to count
    try:
        collect()
        found = [thing for thing in gc.garbage if isinstance(thing, _Knot)]
        for knot in found:  # untied, so that they go now, not at a later pass
            knot.me = None
        return len(found)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_a_pass_walks_only_what_is_new_and_a_thorough_one_everything() -> None:
    """What survives a pass is frozen out of the next one's sight (a pass costs what is new,
    not all the process holds); a thorough pass thaws it and finds what died in a cycle
    since."""
    collections = Collections()
    gc.collect()
    gc.disable()
    try:
        knots = [_Knot() for _ in range(100)]
        assert _knots_found(collections.pass_once) == 0  # alive: frozen
        fresh = [_Knot() for _ in range(7)]
        del knots, fresh  # both garbage now, in cycles
        assert _knots_found(collections.pass_once) == 7  # the new ones only
        assert _knots_found(lambda: collections.pass_once(thorough=True)) == 100
        assert collections.passes == 3 and collections.thorough_passes == 1
    finally:
        gc.unfreeze()
        gc.enable()
