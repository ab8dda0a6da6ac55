"""Accounts, ratings, chat and rematch on a cluster (two nodes behind HAProxy on one PostgreSQL):
each request sent straight to a node the test names, so that a different node serves each step,
and every node reads accounts, sessions, ratings and chat from the store.

Only PostgreSQL: a cluster shares one PostgreSQL database (``--node`` on SQLite is refused, and
``angler cluster`` refuses an SQLite URL: ``test_cluster_command.py``). The sign-in limits are
not options of ``angler serve`` or ``angler cluster``; the defaults (5 failures under one name
in 15 minutes) are what the last test counts across the nodes.

A room's sockets are sent by the balancer to one node (its path's hash), which holds the room
(``docs/scaling.md``, "Ownership"): two people's sockets on one room meet on that node. The chat
test therefore opens them through the balancer, after the two people signed up, in and claimed
their seats on different nodes; a socket sent straight to another node takes the room over (as
when the balancer's choice changes), and a line then written on the node the room left is
refused as ``moved``. A rematch is made on the finished room's node, while the balancer may send
the rematch's own sockets to the other: it is accepted there all the same."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable, Iterator
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx2 as httpx
import pytest
from tests.cluster.cluster import NEEDS_HAPROXY, Cluster, cluster
from tests.server.conftest import POSTGRES_URL, SKIP_POSTGRES, postgres_schema_url
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from angler.server.accounts import DELETED_NAME
from angler.server.limits import MOVED_CODE
from angler.server.payloads import sendable
from angler.server.routes_accounts import SESSION_COOKIE
from angler.server.store import Store

pytestmark = [NEEDS_HAPROXY, SKIP_POSTGRES, pytest.mark.slow]

PASSWORD = "correct horse"
BALANCER = "balancer"
A, B = "node1", "node2"
SOCKET_SECONDS = 20.0  # the most a socket waits for one message it expects
GAME_SECONDS = 60.0  # a whole game against a quick bot
SWEEP_WAIT = 15.0  # a node learns of another's deletion in its sweep (every 3 s)


@pytest.fixture(scope="module")
def nodes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Cluster, str]]:
    """Two nodes and HAProxy on a PostgreSQL schema of their own, for the whole module (each
    test's accounts have names of their own)."""
    logs: Path = tmp_path_factory.mktemp("cluster-accounts")
    for db in postgres_schema_url(POSTGRES_URL):
        with cluster(db, 2, logs) as running:
            yield running, db


class Browser:
    """One browser: its session cookie and CSRF token, carried to whichever node (or the
    balancer) each request is sent to; its ``Origin`` is the site it asks, as a page of that
    site would send."""

    def __init__(self, running: Cluster, session: str | None = None) -> None:
        self.running = running
        self.session = session
        self.csrf: str | None = None

    def site(self, node: str) -> str:
        if node == BALANCER:
            return self.running.base
        return f"http://127.0.0.1:{self.running.ports[node]}"

    def call(self, method: str, node: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Origin": self.site(node)}
        if self.session is not None:
            headers["Cookie"] = f"{SESSION_COOKIE}={self.session}"
        if method == "POST" and self.csrf is not None:
            headers["X-CSRF-Token"] = self.csrf
        answer = httpx.request(
            method, self.site(node) + path, json=body, headers=headers, timeout=20
        )
        for line in answer.headers.get_list("set-cookie"):
            cookie: SimpleCookie = SimpleCookie(line)
            if SESSION_COOKIE in cookie:
                morsel = cookie[SESSION_COOKIE]
                ended = not morsel.value or morsel["max-age"] == "0"
                self.session = None if ended else morsel.value
        return answer.status_code, answer.json() if answer.content else None

    def get(self, node: str, path: str) -> tuple[int, Any]:
        return self.call("GET", node, path)

    def post(self, node: str, path: str, body: Any = None) -> tuple[int, Any]:
        return self.call("POST", node, path, body)

    def sign_up(self, node: str, name: str) -> dict[str, Any]:
        status, info = self.post(node, "/accounts", {"name": name, "password": PASSWORD})
        assert status == 201, info
        self.csrf = info["csrf"]
        return dict(info)

    def sign_in(self, node: str, name: str, password: str = PASSWORD) -> dict[str, Any]:
        status, info = self.post(node, "/session", {"name": name, "password": password})
        assert status == 200, info
        self.csrf = info["csrf"]
        return dict(info)

    async def socket(self, node: str, room: str) -> ClientConnection:
        """A socket on the room, sent to ``node`` (or the balancer), with the cookie and this
        site's ``Origin``, as the browser's table opens it."""
        site = self.site(node)
        headers = {} if self.session is None else {"Cookie": f"{SESSION_COOKIE}={self.session}"}
        return await connect(
            f"ws{site.removeprefix('http')}/rooms/{room}/ws",
            origin=Origin(site),
            additional_headers=headers,
            open_timeout=5,
        )


async def _next(socket: ClientConnection, kind: str) -> dict[str, Any]:
    """The socket's next message of ``kind`` (others skipped; an error not asked for fails)."""
    async with asyncio.timeout(SOCKET_SECONDS):
        while True:
            message: dict[str, Any] = json.loads(await socket.recv())
            if message["type"] == kind:
                return message
            assert message["type"] != "error", message


async def _hello(socket: ClientConnection, **hello: Any) -> dict[str, Any]:
    await socket.send(json.dumps({"type": "hello", **hello}))
    return await _next(socket, "state")


async def _play_to_the_end(socket: ClientConnection, state: dict[str, Any], seed: int) -> Any:
    """This seat plays random offered moves until the game is over: the last state, whole."""
    rng, pending, moves = random.Random(seed), None, 0
    async with asyncio.timeout(GAME_SECONDS):
        while not state["over"]:
            if pending is None and state["seat"] in state["to_act"] and state["legal"]:
                moves += 1
                pending = f"m{moves}"
                move = {
                    "type": "move",
                    "action": sendable(rng.choice(state["legal"])),
                    "version": state["version"],
                    "id": pending,
                }
                await socket.send(json.dumps(move))
            message = json.loads(await socket.recv())
            if message["type"] == "error":  # a bot moved first (stale): choose again
                assert message["error"] in ("stale", "turn"), message
                pending = None
            elif message["type"] == "state":
                state = {**state, **message}
                if message.get("id") == pending or state["seat"] not in state["to_act"]:
                    pending = None
    return state


def _until(check: Callable[[], Any], seconds: float = 10.0) -> Any:
    """``check()`` once it is truthy, asked every 0.1 s until the deadline."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found or time.monotonic() > deadline:
            assert found, "not in time"
            return found
        time.sleep(0.1)


def _owner(db: str, room: str) -> str | None:
    with Store(db) as store:
        return store.owner(room)[0]


def _player(name: str) -> str:
    return f"/players/{quote(name)}"


# ----- 1. sessions -----
def test_a_session_made_on_one_node_is_good_on_the_other_until_signed_out_there(
    nodes: tuple[Cluster, str],
) -> None:
    running, _ = nodes
    ann = Browser(running)
    made = ann.sign_up(A, "Sessions Ann")
    status, who = ann.get(B, "/session")
    assert status == 200 and who == made  # the same account, and the same CSRF token
    status, room = ann.post(B, "/rooms", {"game": "crazy-fishing", "seats": ["human", "public"]})
    assert status == 201, room  # node A's CSRF token authorises a POST on node B
    assert ann.get(A, "/account/rooms") == (
        200,
        [{"room": room["room"], "game": "crazy-fishing", "seat": 0}],
    )
    forger = Browser(running, ann.session)
    forger.csrf = "0" * 64
    assert forger.post(B, "/session/end")[1]["error"] == "csrf"  # the cookie alone: refused
    assert ann.get(A, "/session")[0] == 200

    copied = Browser(running, ann.session)  # the cookie, copied before signing out
    assert ann.post(B, "/session/end")[0] == 204
    assert ann.session is None  # the answer cleared the cookie
    for node in (A, B):
        status, refused = copied.get(node, "/session")
        assert status == 401 and refused["error"] == "sign-in"


# ----- 2. ratings -----
def test_a_rated_room_made_on_one_node_is_played_on_the_other_and_rated_on_every_node(
    nodes: tuple[Cluster, str],
) -> None:
    running, db = nodes
    rita = Browser(running)
    rita.sign_up(A, "Rita Rated")
    status, made = rita.post(
        A,
        "/rooms",
        {
            "game": "crazy-fishing",
            "seats": ["human", "easy"],
            "settings": {"rated": True, "pace_ms": 0},
        },
    )
    assert status == 201, made
    room = made["room"]
    assert _owner(db, room) == A
    assert rita.get(B, "/account/rooms") == (
        200,
        [{"room": room, "game": "crazy-fishing", "seat": 0}],
    )

    async def take_the_seat_up_on_b_and_play() -> tuple[dict[str, Any], dict[str, Any]]:
        async with await rita.socket(B, room) as socket:  # no token: the account's seat
            first = await _hello(socket, account=True)
            return first, await _play_to_the_end(socket, first, seed=2)

    first, last = asyncio.run(take_the_seat_up_on_b_and_play())
    assert first["seat"] == 0 and first["seats"][0]["name"] == "Rita Rated"
    assert first["seats"][0]["rating"]["mu"] == pytest.approx(25.0)
    assert last["over"]
    assert _owner(db, room) == B  # node B took the room over from A for the socket

    def rated_everywhere() -> list[dict[str, Any]] | None:
        pages = [rita.get(node, _player("Rita Rated")) for node in (A, B, BALANCER)]
        if all(status == 200 and page["history"] for status, page in pages):
            return [page for _, page in pages]
        return None

    pages = _until(rated_everywhere)
    assert all(page == pages[0] for page in pages)
    (history,) = pages[0]["history"]
    assert history["room"] == room and history["game"] == "crazy-fishing"
    (by_game,) = pages[0]["by_game"]
    assert by_game["rating"]["games"] == 1 and by_game["rating"]["sigma"] < 8.3
    assert pages[0]["recent"][0]["room"] == room
    boards = [rita.get(node, "/leaderboard/crazy-fishing?least_games=1") for node in (A, B)]
    assert boards[0] == boards[1]
    status, board = boards[0]
    assert status == 200 and [entry["name"] for entry in board] == ["Rita Rated"]
    assert board[0]["games"] == 1 and board[0]["mu"] == by_game["rating"]["mu"]
    assert rita.get(A, "/leaderboard/crazy-fishing") == (200, [])  # 5 games by default


# ----- 3. chat and rematch -----
def _two_account_room(running: Cluster, names: tuple[str, str]) -> tuple[str, Browser, Browser]:
    """A Crazy Fishing room made on node A by one account, its invitation claimed on node B
    by another: the room, and the two browsers."""
    ann, bob = Browser(running), Browser(running)
    ann.sign_up(A, names[0])
    bob.sign_up(B, names[1])
    status, made = ann.post(A, "/rooms", {"game": "crazy-fishing", "seats": ["human", "open"]})
    assert status == 201, made
    room, code = made["room"], made["seats"][1]["code"]
    status, claimed = bob.post(B, f"/rooms/{room}/seats/1", {"invite": code})
    assert status == 200 and claimed["seat"] == 1, claimed
    return room, ann, bob


def test_chat_between_people_signed_in_on_different_nodes(nodes: tuple[Cluster, str]) -> None:
    """Both sockets through the balancer (it sends a room's sockets to the node that holds
    it); the people signed up on different nodes, Bob claimed his seat on the other one. A
    socket sent straight to the other node takes the room over there and is sent the chat from
    the store; a line on the node the room left is refused (``moved``) and its socket closed
    (1012) to come back where the room is. The finished room's chat reads the same from each
    node."""
    running, db = nodes
    room, ann, bob = _two_account_room(running, ("Chatty Ann", "Chatty Bob"))

    async def talk() -> None:
        async with (
            await ann.socket(BALANCER, room) as ann_socket,
            await bob.socket(BALANCER, room) as bob_socket,
        ):
            assert (await _hello(ann_socket, account=True))["seat"] == 0
            state = await _hello(bob_socket, account=True)
            assert state["seat"] == 1
            assert [seat.get("name") for seat in state["seats"]] == ["Chatty Ann", "Chatty Bob"]
            for socket, text in ((ann_socket, "good luck"), (bob_socket, "you too")):
                await socket.send(json.dumps({"type": "chat", "text": text}))
                for each in (ann_socket, bob_socket):
                    (line,) = (await _next(each, "chat"))["lines"]
                    assert line["text"] == text
            holder = _owner(db, room)
            other = B if holder == A else A
            async with await bob.socket(other, room) as elsewhere:  # the room moves there
                assert (await _hello(elsewhere, account=True))["seat"] == 1
                lines = (await _next(elsewhere, "chat"))["lines"]
                assert [line["text"] for line in lines] == ["good luck", "you too"]
                assert _owner(db, room) == other
                # A line on the node the room left is refused, as a move would be, and the
                # socket closed to come back where the room is (as if the balancer sent it).
                await ann_socket.send(json.dumps({"type": "chat", "text": "still there?"}))
                assert (await _next(ann_socket, "error"))["error"] == "moved"
                with pytest.raises(ConnectionClosed) as closed:
                    await _next(ann_socket, "chat")
                assert closed.value.rcvd is not None and closed.value.rcvd.code == MOVED_CODE
                async with await ann.socket(other, room) as back:
                    assert (await _hello(back, account=True))["seat"] == 0
                    lines = (await _next(back, "chat"))["lines"]
                    assert [line["text"] for line in lines] == ["good luck", "you too"]
                    await back.send(json.dumps({"type": "chat", "text": "still there?"}))
                    for each in (back, elsewhere):
                        (line,) = (await _next(each, "chat"))["lines"]
                        assert (line["name"], line["text"]) == ("Chatty Ann", "still there?")
                await elsewhere.send(json.dumps({"type": "resign"}))  # a two-player game ends
                assert (await _next(elsewhere, "state"))["over"]

    asyncio.run(talk())
    chats = [ann.get(node, f"/rooms/{room}/chat") for node in (A, B)]
    assert chats[0] == chats[1] and chats[0][0] == 200
    said = [(line["name"], line["seat"], line["text"]) for line in chats[0][1]]
    assert said == [
        ("Chatty Ann", 0, "good luck"),
        ("Chatty Bob", 1, "you too"),
        ("Chatty Ann", 0, "still there?"),
    ]


def test_a_rematch_held_by_another_node_is_accepted(nodes: tuple[Cluster, str]) -> None:
    """The finished room's sockets meet on its node X, which makes the rematch. The rematch's
    own sockets go where the balancer sends its path: here the other node Y, which takes it
    over. Bob then accepts on the finished room's socket, on X: he gets his seat, his account's,
    and takes it up on Y beside Ann."""
    running, db = nodes
    room, ann, bob = _two_account_room(running, ("Again Ann", "Again Bob"))
    ids = (ann.get(A, "/session")[1]["id"], bob.get(B, "/session")[1]["id"])

    async def play_again() -> str:
        async with (
            await ann.socket(BALANCER, room) as ann_old,
            await bob.socket(BALANCER, room) as bob_old,
        ):
            await _hello(ann_old, account=True)
            await _hello(bob_old, account=True)
            await ann_old.send(json.dumps({"type": "resign"}))
            assert (await _next(bob_old, "state"))["over"]
            old_node = _owner(db, room)
            await ann_old.send(json.dumps({"type": "rematch"}))
            asked = await _next(ann_old, "rematch")
            assert asked["seat"] == 0 and asked["answers"] == ["yes", "waiting"]
            again = asked["room"]
            assert (await _next(bob_old, "rematch"))["answers"] == ["yes", "waiting"]
            assert _owner(db, again) == old_node  # made where the finished room was
            new_node = B if old_node == A else A
            ann_new = await ann.socket(new_node, again)
            try:
                assert (await _hello(ann_new, account=True))["seat"] == 0
                assert _owner(db, again) == new_node
                await bob_old.send(json.dumps({"type": "rematch"}))  # on the old node
                accepted = await _next(bob_old, "rematch")
                assert accepted["seat"] == 1 and accepted["answers"] == ["yes", "yes"]
                assert (await _next(ann_old, "rematch"))["answers"] == ["yes", "yes"]
                async with await bob.socket(new_node, again) as bob_new:
                    state = await _hello(bob_new, account=True)
                    assert state["seat"] == 1
                    names = [seat.get("name") for seat in state["seats"]]
                    assert names == ["Again Ann", "Again Bob"]
                    # Ann's table on the new node shows Bob here (told, or shown again after
                    # its node let a stale copy go: 1012, and a hello).
                    await _until_seated(ann, ann_new, new_node, again)
            finally:
                await ann_new.close()
            return str(again)

    again = asyncio.run(play_again())
    with Store(db) as store:
        assert store.seat_accounts(again) == {0: ids[0], 1: ids[1]}


async def _until_seated(browser: Browser, socket: ClientConnection, node: str, room: str) -> None:
    """Until the table on ``socket`` shows both people here; a socket closed because the room
    moved (``MOVED_CODE``) comes back, as the browser's does."""
    opened: list[ClientConnection] = []
    try:
        async with asyncio.timeout(SOCKET_SECONDS):
            while True:
                try:
                    message = json.loads(await socket.recv())
                except ConnectionClosed as closed:
                    assert closed.rcvd is not None and closed.rcvd.code == MOVED_CODE, closed
                    socket = await browser.socket(node, room)
                    opened.append(socket)
                    await socket.send(json.dumps({"type": "hello", "account": True}))
                    continue
                if message["type"] in ("state", "presence") and all(
                    seat.get("state") == "here" for seat in message["seats"]
                ):
                    return
    finally:
        for each in opened:
            await each.close()


# ----- 4. password change, deletion -----
def test_a_password_changed_on_one_node_ends_the_sessions_on_the_other(
    nodes: tuple[Cluster, str],
) -> None:
    running, _ = nodes
    here, there = Browser(running), Browser(running)
    here.sign_up(A, "Pat Changes")
    there.sign_in(B, "Pat Changes")
    old_cookie = here.session
    status, changed = here.post(
        A, "/account/password", {"current": PASSWORD, "new": "another password"}
    )
    assert status == 200 and here.session != old_cookie
    assert there.get(B, "/session")[0] == 401
    assert Browser(running, old_cookie).get(B, "/session")[0] == 401
    assert here.get(B, "/session") == (200, changed)  # the new cookie works on B too
    late = Browser(running)
    status, refused = late.post(B, "/session", {"name": "Pat Changes", "password": PASSWORD})
    assert status == 401 and refused["error"] == "sign-in"
    late.sign_in(B, "Pat Changes", "another password")


def test_an_account_deleted_on_one_node_is_gone_from_the_others_answers(
    nodes: tuple[Cluster, str],
) -> None:
    """Deleted on B: A's answers read the store (the player's page, sessions, sign-in), and
    A's live room drops the name within A's sweep (its table is told)."""
    running, db = nodes
    dee = Browser(running)
    dee.sign_up(A, "Dee Leted")
    status, made = dee.post(A, "/rooms", {"game": "crazy-fishing", "seats": ["human", "public"]})
    assert status == 201, made
    room = made["room"]
    assert dee.get(B, _player("Dee Leted"))[0] == 200
    cookie = dee.session

    async def watch_on_a_while_b_deletes() -> None:
        async with await Browser(running).socket(A, room) as watcher:
            seen = await _hello(watcher)
            assert seen["seats"][0]["name"] == "Dee Leted"
            assert _owner(db, room) == A
            status, _ = await asyncio.to_thread(
                dee.post, B, "/account/delete", {"password": PASSWORD}
            )
            assert status == 204
            async with asyncio.timeout(SWEEP_WAIT):
                while True:
                    told = await _next(watcher, "presence")
                    if told["seats"][0].get("name") == DELETED_NAME:
                        return

    asyncio.run(watch_on_a_while_b_deletes())
    assert _owner(db, room) == A  # node A's own memory of the room was told
    status, refused = dee.get(A, _player("Dee Leted"))
    assert status == 404 and refused["error"] == "player"
    assert Browser(running, cookie).get(A, "/session")[0] == 401
    status, refused = Browser(running).post(
        A, "/session", {"name": "Dee Leted", "password": PASSWORD}
    )
    assert status == 401 and refused["error"] == "sign-in"
    for path in ("/rooms", "/rooms/live", f"/rooms/{room}", f"/rooms/{room}/view"):
        status, answer = Browser(running).get(A, path)
        assert status == 200 and "Dee Leted" not in json.dumps(answer), path

    async def hello_on_a() -> dict[str, Any]:
        async with await Browser(running).socket(A, room) as socket:
            return await _hello(socket)

    assert asyncio.run(hello_on_a())["seats"][0]["name"] == DELETED_NAME


# ----- 5. guessing -----
def test_failed_sign_ins_on_both_nodes_count_together(nodes: tuple[Cluster, str]) -> None:
    """The default limit, 5 failures under one name in 15 minutes: 3 on A and 2 on B, and the
    next sign-in, even with the right password, is refused on either node."""
    running, _ = nodes
    Browser(running).sign_up(A, "Lim Its")
    guesser = Browser(running)
    for node in (A, B, A, B, A):
        status, refused = guesser.post(
            node, "/session", {"name": "Lim Its", "password": "guess1234"}
        )
        assert status == 401 and refused["error"] == "sign-in", refused
    for node in (B, A):
        answer = httpx.post(
            f"{guesser.site(node)}/session", json={"name": "Lim Its", "password": PASSWORD}
        )
        assert answer.status_code == 429 and answer.json()["error"] == "rate"
        assert 1 <= int(answer.headers["Retry-After"]) <= 15 * 60
