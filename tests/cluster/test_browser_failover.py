"""The browser table through the balancer: its room's node dies mid-game, the page's socket
comes back through HAProxy to a survivor (``net.js`` reconnects after any close but 4404),
which takes the room over, and the person plays on from the same version."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.cluster.cluster import NEEDS_HAPROXY, Cluster, cluster
from tests.server.conftest import POSTGRES_URL, SKIP_POSTGRES, postgres_schema_url
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.web.table import DRAWN, Watched

from angler.server.store import Store

pytestmark = [NEEDS_HAPROXY, SKIP_POSTGRES, pytest.mark.slow, pytest.mark.browser]


class Balanced:
    """The balancer as the browser helpers' ``served`` (its address and its HTTP API)."""

    def __init__(self, running: Cluster) -> None:
        self.http = running.base
        self.request = running.request


@pytest.fixture
def chromium() -> Iterator[Any]:
    """A Chromium of this test's own, stopped after it: the browser tests' session-long one
    holds an event loop in the worker's main thread, and the cluster tests that run after in
    the same worker need theirs (``asyncio.run``)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"Debian's Chromium is not at {CHROMIUM} (`make test` installs it)")
    with sync_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def two_nodes(tmp_path: Path) -> Iterator[tuple[Cluster, str]]:
    for db in postgres_schema_url(POSTGRES_URL):
        with cluster(db, 2, tmp_path) as running:
            yield running, db


def test_the_browser_table_plays_on_after_its_node_dies(
    two_nodes: tuple[Cluster, str], chromium: Any
) -> None:
    balancer, db = two_nodes
    status, made = balancer.request(
        "POST", "/rooms", {"game": "fishing", "seats": ["human", "easy", "easy"]}
    )
    assert status == 201, made
    room, token = made["room"], made["seats"][0]["token"]
    context = chromium.new_context(base_url=balancer.base)
    try:
        table = Watched(context.new_page(), Balanced(balancer))  # type: ignore[arg-type]
        table.open_room(room, 0, token)
        moved_at = -1
        for _ in range(2):
            assert table.wait_turn_or_end(moved_at) == "turn"
            moved_at = table.play_first_action()
        assert table.wait_turn_or_end(moved_at) == "turn"
        before, sockets = table.version, _welcomes(table)

        with Store(db) as store:
            owner, epoch = store.owner(room)
        assert owner is not None
        balancer.kill(owner)

        # The page comes back on its own: a new socket's hello is answered with a whole state
        # (it carries ``protocol``).
        deadline = time.monotonic() + 20
        while _welcomes(table) == sockets and time.monotonic() < deadline:
            table.page.wait_for_timeout(100)
        assert _welcomes(table) > sockets, "the page did not come back"
        table.page.wait_for_selector(DRAWN)
        assert table.wait_turn_or_end(before - 1) == "turn"
        assert table.version == before
        pressed = table.play_first_action()
        assert table.wait_turn_or_end(pressed) in ("turn", "over")
        assert table.version > pressed
        with Store(db) as store:
            now, later = store.owner(room)
        assert now != owner and later > epoch
    finally:
        context.close()


def _welcomes(table: Watched) -> int:
    """The whole states the page's sockets were sent after their hellos."""
    return sum(1 for frame in table.frames if frame.get("protocol"))


@pytest.fixture
def two_nodes_over_tls(tmp_path: Path) -> Iterator[Cluster]:
    for db in postgres_schema_url(POSTGRES_URL):
        with cluster(db, 2, tmp_path, tls=True) as running:
            yield running


def test_the_browser_table_plays_a_game_over_wss_ended_at_the_balancer(
    two_nodes_over_tls: Cluster, chromium: Any
) -> None:
    """HAProxy ends TLS with the shipped configuration (a self-signed certificate here, which
    this browser is told to accept): the page is loaded over https, its socket is opened over
    wss:// (``net.js`` follows the page's scheme), and a whole game against bots is played."""
    balancer = two_nodes_over_tls
    status, made = balancer.request(
        "POST",
        "/rooms",
        {
            "game": "flip-and-fish",
            "options": {"rounds": 2},
            "seats": ["human", "easy"],
            "settings": {"pace_ms": 50},
        },
    )
    assert status == 201, made
    room, token = made["room"], made["seats"][0]["token"]
    https = balancer.wss.replace("wss://", "https://")
    context = chromium.new_context(base_url=https, ignore_https_errors=True)
    sockets: list[str] = []
    try:
        page = context.new_page()
        page.on("websocket", lambda socket: sockets.append(socket.url))
        table = Watched(page, Balanced(balancer))  # type: ignore[arg-type]
        table.open_room(room, 0, token)
        table.play_to_end(300)
        assert sockets and all(url.startswith(f"{balancer.wss}/rooms/{room}/ws") for url in sockets)
        assert page.url.startswith(https)
    finally:
        context.close()
