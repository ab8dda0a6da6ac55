"""Nodes behind HAProxy on one PostgreSQL (issue 28): whole games through the balancer, and a
node killed mid-game whose rooms the others take over, with every acknowledged move kept."""

from __future__ import annotations

import asyncio
import ssl
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.cluster.cluster import NEEDS_HAPROXY, Cluster, cluster
from tests.cluster.players import Table, play_through
from tests.server.conftest import POSTGRES_URL, SKIP_POSTGRES, postgres_schema_url
from websockets.asyncio.client import connect

from angler.server.store import Store
from angler.server.sweep import DEAD_AFTER_SECONDS, SWEEP_SECONDS

pytestmark = [NEEDS_HAPROXY, SKIP_POSTGRES, pytest.mark.slow]

GAMES = {"fishing": 3, "crazy-fishing": 2, "flip-and-fish": 2}


@pytest.fixture
def three_nodes(tmp_path: Path) -> Iterator[tuple[Cluster, str]]:
    """Three nodes of their own, for a test that stops, kills or restarts one."""
    for db in postgres_schema_url(POSTGRES_URL):
        with cluster(db, 3, tmp_path) as running:
            yield running, db


@pytest.fixture(scope="module")
def shared_nodes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Cluster, str]]:
    """Three nodes that the tests which leave every node up share (a cluster takes seconds to
    start); each leaves no room live behind it."""
    for db in postgres_schema_url(POSTGRES_URL):
        with cluster(db, 3, tmp_path_factory.mktemp("shared-nodes")) as running:
            yield running, db


def _made(balancer: Cluster, game: str) -> tuple[str, dict[int, str]]:
    status, made = balancer.request(
        "POST", "/rooms", {"game": game, "seats": ["human"] * GAMES[game]}
    )
    assert status == 201, made
    return made["room"], {seat["seat"]: seat["token"] for seat in made["seats"]}


def _stored(db: str, room: str) -> list[tuple[int, int]]:
    with Store(db) as store:
        return [(action.index, action.seat) for action in store.actions(room)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_through_the_balancer(shared_nodes: tuple[Cluster, str], game: str) -> None:
    balancer, db = shared_nodes
    room, tokens = _made(balancer, game)
    table = asyncio.run(play_through(balancer.ws, room, tokens, seed=3, meanwhile=lambda _: None))
    assert all(state["over"] for state in table.latest.values())
    stored = _stored(db, room)
    assert sorted(table.acknowledged) == stored  # nobody was cut: every move acknowledged once
    status, record = balancer.request("GET", f"/rooms/{room}/record")
    assert status == 200, record


def test_a_node_killed_mid_game_loses_no_acknowledged_move(
    three_nodes: tuple[Cluster, str],
) -> None:
    """The room's node is killed (SIGKILL) a few moves in: HAProxy's check drops it, every
    socket comes back through the balancer to a survivor, which takes the room over from the
    store, and the game is played to its end; every acknowledged move is in the store, at the
    index its acknowledgement named, by the seat that made it."""
    balancer, db = three_nodes
    room, tokens = _made(balancer, "fishing")
    killed: list[tuple[str, int]] = []  # the node killed, and its epoch then

    def kill_the_rooms_node_a_few_moves_in(table: Table) -> Any:
        if not killed and table.version >= 6:
            with Store(db) as store:  # the node the room's sockets reached holds it now
                owner, epoch = store.owner(room)
            assert owner is not None
            killed.append((owner, epoch))
            balancer.kill(owner)

    table = asyncio.run(
        play_through(
            balancer.ws, room, tokens, seed=5, meanwhile=kill_the_rooms_node_a_few_moves_in
        )
    )
    assert killed and all(state["over"] for state in table.latest.values())
    assert table.reconnects >= len(tokens)  # every seat's socket was cut and came back
    stored = set(_stored(db, room))
    assert set(table.acknowledged) <= stored, "an acknowledged move is not in the store"
    assert len(table.acknowledged) >= len(stored) - len(tokens)  # at most one in flight a seat
    with Store(db) as store:
        owner, epoch = store.owner(room)
    dead, dead_epoch = killed[0]
    assert owner != dead and epoch > dead_epoch  # taken over by a survivor


def test_a_stalled_node_woken_after_its_room_moved_writes_nothing(
    three_nodes: tuple[Cluster, str],
) -> None:
    """The room's node stops (SIGSTOP) with a bot's move to come: HAProxy's check drops it and
    cuts its connections, the person's socket comes back to a survivor, which takes the room
    over and plays on with the bot. Woken (SIGCONT), the stalled node's bot moves at once: the
    store's fence refuses the write, and the node lets the room go. Nothing forks: one stored
    action per index, and every acknowledged move among them."""
    balancer, db = three_nodes
    status, made = balancer.request(
        "POST",
        "/rooms",
        {"game": "crazy-fishing", "seats": ["human", "easy"], "settings": {"pace_ms": 300}},
    )
    assert status == 201, made
    room, tokens = made["room"], {0: made["seats"][0]["token"]}
    stalled: list[tuple[str, int, int]] = []  # the node, its epoch, the version then
    woken: list[str] = []

    def stall_then_wake(table: Table) -> Any:
        if not stalled and table.version >= 4:
            with Store(db) as store:
                owner, epoch = store.owner(room)
            assert owner is not None
            stalled.append((owner, epoch, table.version))
            balancer.stall(owner)
        elif stalled and not woken and table.version >= stalled[0][2] + 6:
            woken.append(stalled[0][0])
            balancer.wake(stalled[0][0])

    table = asyncio.run(play_through(balancer.ws, room, tokens, seed=7, meanwhile=stall_then_wake))
    assert stalled and woken and table.latest[0]["over"]
    node, epoch, _ = stalled[0]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the woken node lets the room go once it is refused
        _, health = balancer.node_request(node, "/health")
        if health["rooms_moved_away"]:
            break
        time.sleep(0.2)
    assert health["node"] == node and health["rooms_moved_away"] == 1  # refused, and let go
    assert health["live_rooms"] == 0, "the woken node still holds the room"
    stored = _stored(db, room)
    assert [index for index, _ in stored] == list(range(len(stored)))  # one line of play
    assert set(table.acknowledged) <= set(stored)
    with Store(db) as store:
        owner, now = store.owner(room)
    assert owner != node and now > epoch


def test_a_rolling_restart_of_every_node_loses_nothing(three_nodes: tuple[Cluster, str]) -> None:
    """Every node stopped (SIGTERM) and started again, one at a time, while a game runs: its
    players come back to the others, the game finishes, and every acknowledged move is kept."""
    balancer, db = three_nodes
    room, tokens = _made(balancer, "fishing")
    names = list(balancer.ports)
    restarted: list[str] = []

    def restart_one_every_few_moves(table: Table) -> Any:
        due = 5 + 12 * len(restarted)
        if len(restarted) < len(names) and table.version >= due:
            name = names[len(restarted)]
            restarted.append(name)
            balancer.restart(name)

    table = asyncio.run(
        play_through(balancer.ws, room, tokens, seed=11, meanwhile=restart_one_every_few_moves)
    )
    assert restarted == names and all(state["over"] for state in table.latest.values())
    stored = _stored(db, room)
    assert [index for index, _ in stored] == list(range(len(stored)))
    assert set(table.acknowledged) <= set(stored)
    balancer.wait_until_serving(set(names))


def test_a_game_over_tls_ended_at_the_balancer(tmp_path: Path) -> None:
    """HAProxy ends TLS with the shipped configuration (``ANGLER_TLS_LISTEN``, ``ANGLER_CERT``):
    a game played over ``wss://``, the certificate checked against the one made for it."""
    for db in postgres_schema_url(POSTGRES_URL):
        with cluster(db, 2, tmp_path, tls=True) as balancer:
            assert balancer.cert is not None
            trusted = ssl.create_default_context(cafile=str(balancer.cert))
            room, tokens = _made(balancer, "crazy-fishing")
            table = asyncio.run(
                play_through(balancer.wss, room, tokens, 13, lambda _: None, tls=trusted)
            )
            assert all(state["over"] for state in table.latest.values())
            assert sorted(table.acknowledged) == _stored(db, room)
            with pytest.raises(ssl.SSLCertVerificationError):  # a client that trusts nothing
                asyncio.run(_hello_over(balancer.wss, room, ssl.create_default_context()))


async def _hello_over(wss: str, room: str, tls: ssl.SSLContext) -> None:
    async with connect(f"{wss}/rooms/{room}/ws", ssl=tls, open_timeout=5) as socket:
        await socket.send('{"type": "hello"}')


def test_a_room_nobody_asks_for_is_taken_over_when_its_node_dies(
    three_nodes: tuple[Cluster, str],
) -> None:
    """Bots playing each other with nobody watching: no socket comes back to take the room
    over when its node is killed. The survivors' sweep (``sweep.py``) finds that its node is
    no longer alive and one of them takes it over within ``DEAD_AFTER_SECONDS`` and a sweep;
    its bots play the game to its end from the stored moves, in one line of play."""
    balancer, db = three_nodes
    status, made = balancer.request(
        "POST",
        "/rooms",
        {"game": "crazy-fishing", "seats": ["easy", "easy"], "settings": {"pace_ms": 100}},
    )
    assert status == 201, made
    room = made["room"]
    with Store(db) as store:
        deadline = time.monotonic() + 20
        while len(store.actions(room)) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        owner, epoch = store.owner(room)
        assert owner is not None and len(store.actions(room)) >= 3
        balancer.kill(owner)
        killed_at, played = time.monotonic(), len(store.actions(room))
        taken_after = None
        while time.monotonic() < killed_at + 90 and not store.finished(room):
            holder, now = store.owner(room)
            if taken_after is None and holder not in (owner, None) and now > epoch:
                taken_after = time.monotonic() - killed_at
            time.sleep(0.2)
        assert store.finished(room), "the room was not played to its end"
        stored = store.actions(room)
        holder, _ = store.owner(room)
    assert taken_after is not None and taken_after < DEAD_AFTER_SECONDS + 3 * SWEEP_SECONDS
    assert len(stored) > played  # played on after the kill
    assert [action.index for action in stored] == list(range(len(stored)))
    assert holder is not None and holder != owner
    _, health = balancer.node_request(holder, "/health")
    assert health["rooms_swept"] >= 1


def test_the_lobby_and_the_lists_agree_on_every_node(shared_nodes: tuple[Cluster, str]) -> None:
    """Rooms made through the balancer land on different nodes; each node answers the lobby,
    the live list and the finished list from the store, so all three answer alike. (The
    other tests on these nodes leave only finished rooms: the lobby and the live list are this
    test's rooms alone.)"""
    balancer, db = shared_nodes
    made = []
    for game, seats in [
        ("crazy-fishing", ["human", "public"]),
        ("fishing", ["human", "public", "public"]),
        ("flip-and-fish", ["human", "easy"]),
        ("crazy-fishing", ["human", "human"]),
    ]:
        status, room = balancer.request("POST", "/rooms", {"game": game, "seats": seats})
        assert status == 201, room
        made.append(room["room"])
    status, _ = balancer.request("POST", f"/rooms/{made[1]}/seats/1", {})
    assert status == 200
    with Store(db) as store:
        holder = store.owner(made[0])[0]
        other = next(node for node in sorted(balancer.up()) if node != holder)
        # Wherever the balancer sent them, one room is held elsewhere: asked of another node
        # directly, it is taken over there, so the lists cannot all come from one memory.
        assert balancer.node_request(other, f"/rooms/{made[0]}/view")[0] == 200
        holders = {store.owner(room)[0] for room in made}
    assert len(holders) >= 2
    finished, tokens = _made(balancer, "crazy-fishing")
    asyncio.run(play_through(balancer.ws, finished, tokens, seed=2, meanwhile=lambda _: None))
    answers = {
        path: [balancer.node_request(node, path) for node in sorted(balancer.up())]
        for path in ("/rooms", "/rooms/live", "/rooms/finished")
    }
    for path, each in answers.items():
        assert all(status == 200 for status, _ in each), path
        assert all(body == each[0][1] for _, body in each), path
    lobby = {entry["room"]: entry["open_seats"] for entry in answers["/rooms"][0][1]}
    assert lobby == {made[0]: [1], made[1]: [2]}
    assert {entry["room"] for entry in answers["/rooms/live"][0][1]} == set(made)
    assert finished in {entry["room"] for entry in answers["/rooms/finished"][0][1]}
