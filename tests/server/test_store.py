"""The server's durable store: headers and actions round-trip, a stale, duplicate or racing
action is refused and stores nothing, tokens are kept only as hashes, finished rooms are listed,
and a reopened store sees everything (a restart). Each test runs on SQLite and on PostgreSQL
(tests/server/conftest.py says when PostgreSQL is skipped)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, insert, select
from sqlalchemy.exc import IntegrityError

from angler.core.errors import AnglerError
from angler.server.journal import RoomHeader, StaleActionError, StoredAction
from angler.server.store import (
    ActionRow,
    Base,
    RoomFinishedError,
    SeatTakenError,
    Store,
    StoreError,
    UnknownRoomError,
    alembic_config,
    default_url,
)
from angler.server.tokens import new_token
from angler.server.tokens import token_hash as hash_token

HEADER = RoomHeader(
    game="crazy_fishing",
    options={"players": 3, "rounds": 2, "nested": {"list": [1, 2.5, None, "é"]}},
    cards={"name": "my set", "cards": [{"id": 1, "worth": 3}]},
    seed=2**62 + 7,
    seats=["human", "open", "hard"],
    settings={"grace_seconds": 60, "turn_seconds": None},
)
WHEN = datetime(2026, 1, 1)  # a row's time, for rows written around the store


def actions(count: int) -> list[StoredAction]:
    return [
        StoredAction(index, index % 3, f"cast {index}", [[index, 2]] if index % 2 else None)
        for index in range(count)
    ]


def one_line(error: BaseException) -> str:
    message = str(error)
    assert message and "\n" not in message, message
    return message


def test_header_and_actions_round_trip(store: Store) -> None:
    room = store.create_room(HEADER)
    assert store.header(room) == HEADER
    assert store.actions(room) == []
    for action in actions(5):
        store.append(room, action)
    assert store.actions(room) == actions(5)
    bundled = store.create_room(RoomHeader("fishing", {"players": 2}, None, 0, ["human"] * 2, {}))
    assert store.header(bundled).cards is None
    assert store.actions(bundled) == []
    assert bundled != room and len(room) >= 16 and room.replace("-", "").replace("_", "").isalnum()


@pytest.mark.parametrize("index", [0, 1, 3, -1], ids=["stale", "duplicate", "ahead", "negative"])
def test_an_action_not_at_the_next_index_is_refused_and_stores_nothing(
    store: Store, index: int
) -> None:
    room = store.create_room(HEADER)
    for action in actions(2):
        store.append(room, action)
    with pytest.raises(StaleActionError) as refused:
        store.append(room, StoredAction(index, 0, "play 9", [[1]]))
    assert "stale action" in one_line(refused.value)
    assert "version 2" in str(refused.value)
    assert store.actions(room) == actions(2)
    store.append(room, actions(3)[2])  # the next index is still taken
    assert store.actions(room) == actions(3)


def test_the_database_itself_refuses_a_second_action_at_an_index(
    store: Store, store_url: str
) -> None:
    room = store.create_room(HEADER)
    store.append(room, actions(1)[0])
    engine = create_engine(store_url)  # around the store's own check: the key alone
    try:
        with pytest.raises(IntegrityError), engine.begin() as connection:
            row = {"room_id": room, "index": 0, "seat": 1, "action": "x", "created_at": WHEN}
            connection.execute(insert(ActionRow).values(row))
    finally:
        engine.dispose()
    assert store.actions(room) == actions(1)


def race(calls: list[Callable[[], Any]]) -> list[BaseException | None]:
    """Run the calls at once in threads; each one's error, or None if it succeeded."""
    start = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> BaseException | None:
        start.wait()
        try:
            call()
        except AnglerError as exc:
            return exc
        return None

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def test_of_two_racing_actions_at_one_index_exactly_one_is_stored(store: Store) -> None:
    room = store.create_room(HEADER)
    for index in range(8):
        tries = [StoredAction(index, seat, f"move {index} by {seat}", None) for seat in (0, 1)]
        errors = race([partial(store.append, room, action) for action in tries])
        assert sorted(error is None for error in errors) == [False, True], errors
        # The loser is refused as stale: that very class, not merely some AnglerError.
        assert [type(error) for error in errors if error is not None] == [StaleActionError], errors
        winner = tries[errors.index(None)]
        assert store.actions(room)[-1] == winner
    assert [action.index for action in store.actions(room)] == list(range(8))


def test_tokens_are_kept_only_as_hashes(store: Store, store_url: str) -> None:
    room = store.create_room(HEADER)
    other = store.create_room(HEADER)
    token = new_token()
    assert len(token) >= 22  # url-safe base64 of at least 128 bits
    store.set_seat_token(room, 1, hash_token(token))
    assert store.seat_of_token(room, hash_token(token)) == 1
    assert store.seat_of_token(room, token) is None  # the token itself opens nothing
    assert store.seat_of_token(other, hash_token(token)) is None  # nor another room's seat
    assert store.seat_of_token(room, hash_token(new_token())) is None
    engine = create_engine(store_url)
    try:
        with engine.connect() as connection:
            stored = [
                repr(row)
                for table in Base.metadata.sorted_tables
                for row in connection.execute(select(table))
            ]
    finally:
        engine.dispose()
    assert stored and not any(token in row for row in stored)
    assert any(hash_token(token) in row for row in stored)


def test_a_seat_is_claimed_once(store: Store) -> None:
    room = store.create_room(HEADER)
    store.set_seat_token(room, 0, hash_token("first"))
    with pytest.raises(SeatTakenError) as taken:
        store.set_seat_token(room, 0, hash_token("second"))
    assert "seat 0" in one_line(taken.value)
    assert store.seat_of_token(room, hash_token("second")) is None
    with pytest.raises(StoreError) as missing:
        store.set_seat_token(room, 3, hash_token("third"))
    assert "no seat 3" in one_line(missing.value)
    errors = race([partial(store.set_seat_token, room, 1, hash_token(t)) for t in "ab"])
    assert sorted(error is None for error in errors) == [False, True], errors
    claimed = [store.seat_of_token(room, hash_token(t)) for t in "ab"]
    assert sorted(claimed, key=str) == [1, None]


def test_an_action_for_a_seat_the_room_lacks_is_refused(store: Store) -> None:
    room = store.create_room(HEADER)
    with pytest.raises(StoreError) as refused:
        store.append(room, StoredAction(0, 3, "cast", None))
    assert "no seat 3" in one_line(refused.value)
    with pytest.raises(StoreError) as negative:
        store.append(room, StoredAction(0, -1, "cast", None))
    assert "no seat -1" in one_line(negative.value)
    assert store.actions(room) == []


def test_finished_rooms_leave_the_live_list_with_their_result(store: Store) -> None:
    rooms = [store.create_room(HEADER) for _ in range(3)]
    assert store.live_rooms() == rooms
    assert store.finished_rooms() == []
    store.append(rooms[1], actions(1)[0])
    store.finish(rooms[1], {"winners": [0], "scores": [12, 3, 5]})
    assert store.live_rooms() == [rooms[0], rooms[2]]
    assert store.finished_rooms() == [(rooms[1], HEADER, {"winners": [0], "scores": [12, 3, 5]})]
    with pytest.raises(RoomFinishedError) as finished:
        store.append(rooms[1], actions(2)[1])
    one_line(finished.value)
    with pytest.raises(RoomFinishedError):
        store.finish(rooms[1], {"winners": [2]})
    assert store.actions(rooms[1]) == actions(1)
    store.finish(rooms[0], {})
    assert [room for room, _, _ in store.finished_rooms()] == [rooms[1], rooms[0]]
    assert store.live_rooms() == [rooms[2]]


def test_a_reopened_store_sees_everything(store_url: str) -> None:
    with Store(store_url) as first:
        live = first.create_room(HEADER)
        done = first.create_room(HEADER)
        for action in actions(4):
            first.append(live, action)
        first.set_seat_token(live, 2, hash_token("mine"))
        first.finish(done, {"winners": [1]})
    with Store(store_url) as again:  # a restart: the migrations find the schema at head
        assert again.live_rooms() == [live]
        assert again.header(live) == HEADER
        assert again.actions(live) == actions(4)
        assert again.seat_of_token(live, hash_token("mine")) == 2
        assert again.finished_rooms() == [(done, HEADER, {"winners": [1]})]
        assert again.take_over(live) == 2  # a restart takes its rooms over, as the registry does
        again.append(live, actions(5)[4])  # and carries on at the same version
        assert len(again.actions(live)) == 5


def test_unknown_room_errors_are_one_line(store: Store) -> None:
    calls: list[Callable[[str], Any]] = [
        store.header,
        store.actions,
        lambda room: store.append(room, StoredAction(0, 0, "cast", None)),
        lambda room: store.set_seat_token(room, 0, hash_token("t")),
        lambda room: store.seat_of_token(room, hash_token("t")),
        lambda room: store.finish(room, {}),
    ]
    for call in calls:
        for room in ("nope", "two\nlines"):
            with pytest.raises(UnknownRoomError) as unknown:
                call(room)
            assert one_line(unknown.value).startswith("unknown room '")
    assert store.live_rooms() == []


def test_models_and_migrations_agree(store: Store, store_url: str) -> None:
    engine = create_engine(store_url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection)
            assert compare_metadata(context, Base.metadata) == []
            heads = ScriptDirectory.from_config(alembic_config(store_url)).get_heads()
            assert len(heads) == 1  # one line of revisions
            assert context.get_current_revision() == heads[0]
    finally:
        engine.dispose()


def test_the_migrations_go_down_and_up_again(store: Store, store_url: str) -> None:
    store.create_room(HEADER)
    store.close()
    config = alembic_config(store_url)  # the developer's path: no connection handed over
    command.downgrade(config, "base")
    command.upgrade(config, "head")
    with Store(store_url) as again:
        assert again.live_rooms() == []


def test_sqlite_runs_in_wal_mode_with_foreign_keys(sqlite_url: str) -> None:
    with Store(sqlite_url) as store, store._engine.connect() as connection:
        pragma = connection.exec_driver_sql
        assert pragma("PRAGMA journal_mode").scalar() == "wal"
        assert pragma("PRAGMA synchronous").scalar() == 1  # NORMAL: see docs/server.md
        assert pragma("PRAGMA foreign_keys").scalar() == 1
        assert int(pragma("PRAGMA busy_timeout").scalar() or 0) >= 1000
        with pytest.raises(IntegrityError):  # no action of a room that does not exist
            connection.execute(
                insert(ActionRow).values(
                    room_id="none", index=0, seat=0, action="x", created_at=WHEN
                )
            )


def test_the_default_database_is_a_file_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANGLER_DATA_DIR", str(tmp_path / "data"))
    url = default_url()
    assert url.startswith("sqlite:///")
    with Store(url) as store:
        room = store.create_room(HEADER)
        assert Path(store.location).parent == (tmp_path / "data").resolve()
    assert Path(store.location).is_file()
    with Store(default_url()) as again:
        assert again.live_rooms() == [room]


@pytest.mark.parametrize(
    "url",
    [
        "nonsense",
        "nosuchdb://x/y",
        "mysql://angler:secret@127.0.0.1:1/none",  # a driver that is not installed
        "postgresql+psycopg://angler:secret@127.0.0.1:port/none",
        "postgresql+psycopg://angler:secret@127.0.0.1:1/none",  # nothing listens there
    ],
)
def test_a_database_that_cannot_open_is_a_one_line_error(url: str) -> None:
    with pytest.raises(StoreError) as refused:
        Store(url)
    message = one_line(refused.value)
    assert message.startswith("cannot open the database ")
    assert "secret" not in message


def test_a_seed_that_does_not_fit_64_bits_is_refused(store: Store) -> None:
    with pytest.raises(StoreError) as refused:
        store.create_room(RoomHeader("fishing", {"players": 2}, None, 2**63, ["open"] * 2, {}))
    assert "64 bits" in one_line(refused.value)
    assert store.live_rooms() == []
