"""Faults (issue 16): the server SIGKILLed under load, the database going away, and moves
racing from several sockets in several processes. On SQLite always, on PostgreSQL when
``ANGLER_TEST_POSTGRES_URL`` is set (conftest.py)."""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest
from sqlalchemy import create_engine, event, make_url, text
from tests.server.conftest import POSTGRES_URL, SKIP_POSTGRES, postgres_schema_url
from tests.server.faults import (
    GAME,
    OPTIONS,
    Proxy,
    SeatLog,
    ServerProcess,
    check_history,
    create_room,
    http_json,
    play_seat,
    race_child,
    wait_for,
)
from tests.server.serving import SCRIPTED, Client, Served, serving
from websockets.exceptions import ConnectionClosed

from angler.server.journal import StoredAction
from angler.server.payloads import sendable
from angler.server.rooms import Room, make_header
from angler.server.store import UNAVAILABLE, RoomJournal, Store, StoreUnavailableError

# /health's body, whatever its figures (compared with ``==``).
ANY_HEALTH = {
    "version": ANY,
    "games": ANY,
    "live_rooms": ANY,
    "node": "solo",
    "rooms_moved_away": ANY,
    "rooms_swept": ANY,
    "store_writes": ANY,
}

DATABASES = ["sqlite", pytest.param("postgresql", marks=SKIP_POSTGRES)]


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'faults.sqlite3'}"
    else:
        yield from postgres_schema_url(POSTGRES_URL)


# ----- SIGKILL under load -----
def _sigkill_run(db_url: str, tmp_path: Path, games: int, kill_after: int) -> None:
    """``games`` rooms played over sockets; after ``kill_after`` acknowledged moves in all, the
    server is SIGKILLed and started again on the same database; the clients reconnect and play
    on to the end. Then every room is finished, and each board a seat was shown and each move
    acknowledged to it is in the room's replay."""
    server = ServerProcess(db_url, tmp_path / "server.log")
    server.start()
    try:
        logs = []
        for _ in range(games):
            created = create_room(server.http)
            logs += [SeatLog(created["room"], s["seat"], s["token"]) for s in created["seats"]]
        cut_off = asyncio.run(_play_through_a_kill(server, logs, kill_after))
        assert len(cut_off) >= games // 2  # most games were under way when the server died
        problems = [problem for log in logs for problem in log.problems]
        assert not problems, problems[:5]
        rooms = {log.room for log in logs}
        _, finished = http_json(server.http, "GET", "/rooms/finished")
        assert rooms <= {entry["room"] for entry in finished}  # no room lost or left hanging
        for log in logs:  # each seat's replay: the boards it was shown
            path = f"/rooms/{log.room}/replay?seat={log.seat}"
            status, replay = http_json(server.http, "GET", path)
            assert status == 200, replay
            problems += check_history(log, replay["steps"])
        assert not problems, problems[:5]
        assert any(log.reconnects for log in logs)  # the kill did cut them off
    finally:
        server.stop()


async def _play_through_a_kill(
    server: ServerProcess, logs: list[SeatLog], kill_after: int
) -> set[str]:
    """Play until ``kill_after`` moves are acknowledged, SIGKILL, restart, play to the end;
    the rooms that were under way at the kill."""
    up = asyncio.Event()
    up.set()
    seats = [
        asyncio.create_task(play_seat(server.ws, log, random.Random(f"{number}"), up))
        for number, log in enumerate(logs)
    ]
    async with asyncio.timeout(90):  # a hang fails; the runs take seconds
        while sum(len(log.acks) for log in logs) < kill_after:
            await asyncio.sleep(0.005)
        up.clear()
        await asyncio.to_thread(server.kill)
        acknowledged = {(log.room, log.seat): log.latest for log in logs}
        cut_off = {log.room for log in logs if not log.over}
        await asyncio.to_thread(server.start)
        up.set()
        await asyncio.gather(*seats)
    # Every seat came back at or past what it had been told (play_seat checks it on reconnect).
    assert all(log.latest >= acknowledged[log.room, log.seat] for log in logs)
    return cut_off


def test_sigkill_under_load_loses_no_acknowledged_move(db_url: str, tmp_path: Path) -> None:
    _sigkill_run(db_url, tmp_path, games=8, kill_after=20)


@pytest.mark.slow
def test_sigkill_during_100_games(db_url: str, tmp_path: Path) -> None:
    _sigkill_run(db_url, tmp_path, games=100, kill_after=300)


# ----- the database goes away -----
def _outage_check(
    served: Served, store_url: str, cut: Any, restore: Any, *, health_down: bool = True
) -> None:
    """A move while the database is away is refused with a one-line ``store`` error that names
    no address, and nothing is acknowledged; /health answers 503 (``health_down``: the database
    does not answer a read); a socket on a room not in memory (finished) is refused and closed
    with 1013, "try again later". Once it is back, the same move is taken, without a restart,
    and what is stored is what the room holds."""
    room = create_room(served.http)
    mover = room["seats"][0]["token"]
    client = served.socket(room["room"], mover)
    state = client.receive()
    assert state["version"] == 0 and state["legal"]
    move = {"type": "move", "action": sendable(state["legal"][0]), "version": 0}
    store = served.app.state.store
    finished = store.create_room(make_header(GAME, OPTIONS, ["human", "human"], seed=5))
    store.finish(finished, {})
    assert served.request("GET", "/health") == (200, ANY_HEALTH | {"status": "ok"})
    cut()
    try:
        for _ in range(2):  # and again: the failure is not a one-off
            client.send(move)
            refusal = client.receive()
            assert refusal["type"] == "error" and refusal["error"] == "store", refusal
            assert refusal["message"] == UNAVAILABLE
        status, body = served.request(
            "POST", "/rooms", {"game": "flip-and-fish", "seats": ["human"] * 2}
        )
        assert status == 503 and body == {"error": "store", "message": UNAVAILABLE}, body
        if health_down:
            status, body = served.request("GET", "/health")
            assert (status, body["status"]) == (503, "store unavailable"), body
            late = Client(f"{served.ws}/rooms/{finished}/ws")  # refused before any hello
            assert late.receive() == {"type": "error", "error": "store", "message": UNAVAILABLE}
            with pytest.raises(ConnectionClosed) as closed:
                late.receive()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
            late.close()
    finally:
        restore()
    _back(served)  # a loaded machine may take a moment to reconnect through the proxy
    accepted = _moved_once_back(client, move)
    assert accepted["type"] == "state" and accepted["version"] == 1, accepted
    live = served.app.state.hub.rooms[room["room"]]
    assert live.version == 1
    with Store(store_url) as check:
        assert [a.index for a in check.actions(room["room"])] == [0]
    client.close()


def _moved_once_back(client: Any, move: dict[str, Any], seconds: float = 30.0) -> Any:
    """The move sent until it is carried out. The room's writer holds its own connection: seen
    on a loaded machine, it could still be reconnecting when /health already read the store,
    and the move was refused as the store's (not carried out: the same move may be sent
    again, docs/protocol.md)."""
    deadline = time.monotonic() + seconds
    while True:
        client.send(move)
        answer = client.receive()
        if answer.get("error") != "store" or time.monotonic() > deadline:
            return answer
        time.sleep(0.2)


def _back(served: Served, seconds: float = 30.0) -> None:
    """Wait until /health finds the store again (it reads it), for at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while served.request("GET", "/health")[0] != 200:
        assert time.monotonic() < deadline, "the store did not come back"
        time.sleep(0.1)


def test_sqlite_that_cannot_open_its_file_refuses_then_resumes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'away.sqlite3'}"
    with serving(url) as served:
        engine = served.app.state.store._engine
        away = {"on": False}

        def connect(*_: object) -> None:
            if away["on"]:
                raise sqlite3.OperationalError("unable to open database file")

        event.listen(engine, "do_connect", connect)

        def cut() -> None:
            away["on"] = True
            engine.dispose()  # the open connections go with the file

        _outage_check(served, url, cut, lambda: away.update(on=False))


def test_sqlite_locked_by_another_process_refuses_then_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("angler.server.store.BUSY_SECONDS", 0.3)  # not 30 s per refusal
    url = f"sqlite:///{tmp_path / 'locked.sqlite3'}"
    with serving(url) as served:
        locker = sqlite3.connect(tmp_path / "locked.sqlite3", isolation_level=None)

        def cut() -> None:
            locker.execute("BEGIN EXCLUSIVE")  # another process holds the write lock

        try:
            # SELECT 1 still answers (the lock holds writers only): /health stays ok.
            _outage_check(served, url, cut, lambda: locker.execute("COMMIT"), health_down=False)
        finally:
            locker.close()


@SKIP_POSTGRES
def test_postgresql_connection_cut_refuses_then_resumes() -> None:
    base = make_url(POSTGRES_URL)
    proxy = Proxy((base.host or "127.0.0.1", base.port or 5432))
    try:
        for schema_url in postgres_schema_url(POSTGRES_URL):
            through = make_url(schema_url).set(host="127.0.0.1", port=proxy.port)
            url = through.render_as_string(hide_password=False)
            with serving(url) as served:
                _outage_check(served, url, proxy.cut, proxy.restore)
    finally:
        proxy.cut()


@SKIP_POSTGRES
def test_postgresql_backends_terminated_service_goes_on() -> None:
    """pg_terminate_backend on every connection of the server (from an admin connection): the
    pool finds them dead before use, and the next move is taken as if nothing happened."""
    for schema_url in postgres_schema_url(POSTGRES_URL):
        name = f"angler_faults_{random.Random().getrandbits(32):x}"
        url = make_url(schema_url).update_query_dict({"application_name": name})
        with serving(url.render_as_string(hide_password=False)) as served:
            room = create_room(served.http)
            client = served.socket(room["room"], room["seats"][0]["token"])
            state = client.receive()
            admin = create_engine(POSTGRES_URL)
            with admin.begin() as connection:
                killed = connection.execute(
                    text(
                        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                        "WHERE application_name = :name"
                    ),
                    {"name": name},
                ).scalar()
            assert killed and killed >= 1
            _until_gone(admin, name)  # pg_terminate_backend only signals the backends
            admin.dispose()
            move = {"type": "move", "action": sendable(state["legal"][0]), "version": 0}
            client.send(move)
            accepted = client.receive()
            assert accepted["type"] == "state" and accepted["version"] == 1, accepted
            client.close()


def _until_gone(admin: Any, name: str, seconds: float = 10.0) -> None:
    """Until no backend of application ``name`` is left: a terminated backend may still answer
    for a moment, and a move in that moment meets a connection cut mid-use (refused as the
    store's, a different case: test_postgresql_connection_cut_refuses_then_resumes)."""
    deadline = time.monotonic() + seconds
    query = text("SELECT count(*) FROM pg_stat_activity WHERE application_name = :name")
    while time.monotonic() < deadline:
        with admin.connect() as connection:
            if connection.execute(query, {"name": name}).scalar() == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"the backends of {name} were terminated but still run")


def test_an_append_cut_off_after_its_commit_is_not_left_behind(tmp_path: Path) -> None:
    """The commit reached the database but its answer did not: the room refused the move, so
    the next move (at the same index) must find the index free, not a stale wall."""
    with Store(f"sqlite:///{tmp_path / 'doubt.sqlite3'}") as store:
        header = make_header("flip-and-fish", {"rounds": "2"}, ["human", "human"], seed=7)
        room_id = store.create_room(header)
        journal = RoomJournal(store, room_id)
        room = Room(header, journal)
        token = room.claim(0)
        real_append = store.append
        calls = {"n": 0}

        def append_then_break(room: str, action: StoredAction) -> None:
            calls["n"] += 1
            real_append(room, action)
            if calls["n"] == 1:  # stored, but the answer was lost on the way
                raise StoreUnavailableError("the database is unavailable")

        store.append = append_then_break  # type: ignore[method-assign]
        legal = room.payload(0)["legal"]
        with pytest.raises(StoreUnavailableError):
            room.move(token, sendable(legal[0]), 0)
        assert room.version == 0 and len(store.actions(room_id)) == 1  # in doubt
        room.move(token, sendable(legal[-1]), 0)  # the next move at index 0 is taken
        stored = store.actions(room_id)
        assert room.version == 1 and [(a.index, a.action) for a in stored] == [
            (0, legal[-1]["text"])
        ]


# ----- races from several processes over the socket -----
def test_racing_moves_from_several_processes_apply_exactly_one(db_url: str) -> None:
    """Three processes with three sockets each send the same move (even rounds) or different
    moves (odd rounds) at the same version at once: each round exactly one is applied, the
    other eight are refused as stale or duplicate, and the store holds one action a round."""
    processes, sockets, rounds = 3, 3, 4
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(processes)
    results = context.Queue()
    with serving(db_url) as server:  # the clients' processes are the point: the server is here
        room = create_room(server.http)
        tokens = [seat["token"] for seat in room["seats"]]
        children = [
            context.Process(
                target=race_child,
                args=(server.ws, server.http, room["room"], tokens, child, sockets, rounds),
                kwargs={"barrier": barrier, "results": results},
            )
            for child in range(processes)
        ]
        for child in children:
            child.start()
        reports = [results.get(timeout=60) for _ in range(processes * sockets * rounds)]
        for child in children:
            child.join(30)
            assert child.exitcode == 0
        _, view = http_json(server.http, "GET", f"/rooms/{room['room']}/view")
    by_round: dict[int, list[Any]] = {}
    for report in reports:
        by_round.setdefault(report[0], []).append(report)
    with Store(db_url) as store:
        stored = store.actions(room["room"])
    for number, entries in sorted(by_round.items()):
        versions = {entry[1] for entry in entries}
        assert versions == {number}, versions  # each round starts where the last one ended
        winners = [entry for entry in entries if not entry[5]]
        assert len(winners) == 1, entries
        refused = [kind for entry in entries for kind in entry[5]]
        assert len(refused) == processes * sockets - 1
        assert set(refused) <= {"stale", "duplicate"}, refused
        assert stored[number].action == winners[0][4]
    assert len(stored) == rounds and view["version"] == rounds


def test_bots_go_on_by_themselves_once_the_database_is_back(tmp_path: Path) -> None:
    """A room of bots whose moves the database refused plays on when it returns, with nobody
    poking it (no socket, no restart)."""
    url = f"sqlite:///{tmp_path / 'bots.sqlite3'}"
    with serving(url) as served:
        engine = served.app.state.store._engine
        away = {"on": True}

        @event.listens_for(engine.dialect, "do_execute")
        def execute(_cursor: object, statement: str, *_: object) -> None:
            # From the room's creation on, every move's write fails as an outage would.
            if away["on"] and statement.lstrip().upper().startswith("INSERT INTO ACTIONS"):
                raise sqlite3.OperationalError("disk I/O error")

        body = {"game": GAME, "options": OPTIONS, "seats": ["easy", "easy"]}
        status, room = served.request("POST", "/rooms", {**body, "settings": {"pace_ms": 1}})
        assert status == 201, room
        hub = served.app.state.hub
        live = hub.rooms[room["room"]]
        time.sleep(0.3)  # the bots try, and are refused
        assert live.version == 0
        away["on"] = False
        wait_for(lambda: room["room"] not in hub.rooms, seconds=20)  # played to the end
        with Store(url) as check:
            assert len(check.actions(room["room"])) == live.version > 0


def test_a_last_move_whose_finish_the_database_refused_is_still_shown(tmp_path: Path) -> None:
    """The game's last move is stored, then the database goes away before the room is marked
    finished: every seat is still sent the final state, and the next start finishes the room."""
    url = f"sqlite:///{tmp_path / 'finish.sqlite3'}"
    with serving(url, SCRIPTED) as served:
        engine = served.app.state.store._engine

        @event.listens_for(engine.dialect, "do_execute")
        def execute(_cursor: object, statement: str, *_: object) -> None:
            if statement.lstrip().upper().startswith("UPDATE ROOMS"):  # marking it finished
                raise sqlite3.OperationalError("disk I/O error")

        room = create_room(served.http)
        clients = [served.socket(room["room"], seat["token"]) for seat in room["seats"]]
        states = [client.receive() for client in clients]
        rng = random.Random(5)
        while not states[0]["over"]:
            mover = next(seat for seat, state in enumerate(states) if state["legal"])
            choice = rng.choice(states[mover]["legal"])
            clients[mover].send(
                {"type": "move", "action": sendable(choice), "version": states[mover]["version"]}
            )
            states = [client.receive() for client in clients]
            assert all(state["type"] == "state" for state in states), states
        assert all(state["over"] for state in states)
        for client in clients:
            client.close()
    with serving(url) as served:
        _, finished = served.request("GET", "/rooms/finished")
        assert room["room"] in {entry["room"] for entry in finished}
