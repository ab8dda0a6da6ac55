"""The server's durable store: each room's header and every accepted action, event-sourced.

A room is rebuilt by replaying its actions on a fresh state from its header, so the store keeps
only what replay needs: the header (game, options, card set, seed, seats, settings), the
actions in order with the chance outcomes they caused, the seats' token hashes, and a finished
room's result. An action is stored in the one transaction that accepts it: its index must be the
room's next one, and the primary key (room, index) refuses a second action at the same index
even when two writers race.

Storage is SQLite (WAL, foreign keys, a busy timeout; the default, a file in the user's data
folder) or PostgreSQL (``postgresql+psycopg://…``), through SQLAlchemy 2. The schema is made and
upgraded by the Alembic migrations shipped beside this module, run when a ``Store`` opens.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar

from alembic import command
from alembic.config import Config
from alembic.util.exc import CommandError
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    false,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import (
    ArgumentError,
    DBAPIError,
    DisconnectionError,
    IntegrityError,
    SQLAlchemyError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from angler.core.errors import AnglerError
from angler.play.autosave import data_dir
from angler.server.driver_statement import DriverStatement
from angler.server.group_commit import Append, GroupWriter
from angler.server.journal import RoomHeader, StaleActionError, StoredAction

MIGRATIONS = Path(__file__).with_name("migrations")
DEFAULT_FILE = "server.sqlite3"  # in the user's data folder
BUSY_SECONDS = 30  # how long an SQLite writer waits for another one before giving up
CONNECT_SECONDS = 10  # a PostgreSQL server that does not answer a new connection by then is down
ROOM_ID_BYTES = 12  # 96 random bits: 16 url-safe characters, unguessable and short in a link
HASH_LENGTH = 128  # room for any hex digest up to SHA-512
NODE_LENGTH = 64  # a node's name at most
SOLO = "solo"  # the node's name of a server that is not one of a cluster
SEED_RANGE = range(-(2**63), 2**63)  # a BIGINT column's
_WRITE = "angler_write"  # execution option: this transaction will write (SQLite: BEGIN IMMEDIATE)
UNAVAILABLE = "the store is unavailable: the request was not carried out; try again"
log = logging.getLogger(__name__)
_IN_CHUNK = 500  # ids in one IN (...) at most: every database takes this many parameters
_MIGRATION_LOCK = 0x616E676C6572  # PostgreSQL advisory lock held while migrating ("angler")


# ----- errors: one line each, the store unchanged -----
class StoreError(AnglerError):
    """The database cannot be opened, or a request the store refuses."""


class StoreUnavailableError(StoreError):
    """The database did not answer (stopped, the connection cut, locked too long): nothing
    was stored by this request, and the next one tries again on a fresh connection."""

    code: ClassVar[str] = "store"
    status: ClassVar[int] = 503  # HTTP: Service Unavailable (app.refusal reads it)


class UnknownRoomError(StoreError):
    """No room has this id."""


class RoomFinishedError(StoreError):
    """The room is finished: it takes no more actions and no second result."""


class RoomMovedError(StoreError):
    """Another node took the room over (a balancer sent it there): this node's write is
    refused by the fence, and the node lets the room go (docs/scaling.md, "Ownership")."""

    code: ClassVar[str] = "moved"
    status: ClassVar[int] = 409


class SeatTakenError(StoreError):
    """The seat is claimed already: a seat has one token."""


def default_url() -> str:
    """An SQLite file in the user's data folder (or ``ANGLER_DATA_DIR``)."""
    return f"sqlite:///{(data_dir() / DEFAULT_FILE).resolve()}"


# ----- the tables (the migrations in migrations/versions make the same ones) -----
def _moved(room: str) -> str:
    return f"room {room!r} moved to another server: reconnect to play on"


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(moment: datetime | None) -> datetime:
    """A stored time as UTC (SQLite gives it back without its zone)."""
    assert moment is not None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def seats_text(seats: Sequence[int]) -> str:
    """Seats as a column holds them: "0 2"."""
    return " ".join(map(str, seats))


def _seats(text: str | None) -> tuple[int, ...] | None:
    return None if text is None else tuple(int(seat) for seat in text.split())


@dataclass(frozen=True)
class ListedRoom:
    """A live room as the store lists it (``Store.live_listing``): enough for the lobby and
    the live list, on any node, without rebuilding the room."""

    room: str
    game: str
    seats: list[str]  # each seat's kind
    settings: dict[str, Any]
    version: int  # actions stored
    to_act: tuple[int, ...] | None  # after the last action; None: no action, or not kept
    claimed: frozenset[int]  # seats with a token
    owners: Mapping[int, str] = field(default_factory=dict)  # seats claimed by an account: its id


class Base(DeclarativeBase):
    # Constraint names fixed by convention, so migrations name them alike on every database.
    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(table_name)s_%(column_0_N_name)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


class RoomRow(Base):
    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    cards: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list[str]] = mapped_column(JSON)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    # The node holding the room and the epoch it took it at: every write of the room checks
    # both, inside its own transaction, so a node that lost the room cannot write to it.
    owner: Mapped[str | None] = mapped_column(String(NODE_LENGTH))
    owner_epoch: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    def header(self) -> RoomHeader:
        return RoomHeader(self.game, self.options, self.cards, self.seed, self.seats, self.settings)


class ActionRow(Base):
    __tablename__ = "actions"

    # The primary key is the (room, index) uniqueness that refuses a second action at an index.
    room_id: Mapped[str] = mapped_column(
        ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    seat: Mapped[int]
    action: Mapped[str] = mapped_column(Text)
    outcomes: Mapped[list[list[int]] | None] = mapped_column(JSON(none_as_null=True))
    # A bot's move for a person's seat (takeover, turn timer): replayed as a bot's (journal.py).
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    # The seats deciding after it, as "0 2" ("" once nobody decides): the live list's "to_act"
    # from the store, on any node. None: stored before it was kept.
    to_act: Mapped[str | None] = mapped_column(String(32))


class NodeRow(Base):
    """A node of a cluster, and when it last said it was alive (``Store.beat``)."""

    __tablename__ = "nodes"

    name: Mapped[str] = mapped_column(String(NODE_LENGTH), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatTokenRow(Base):
    __tablename__ = "seat_tokens"
    __table_args__ = (UniqueConstraint("room_id", "token_hash"),)

    room_id: Mapped[str] = mapped_column(
        ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH))
    claimed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    # The account that claimed the seat while signed in (account_rows.py); None: a guest's.
    account_id: Mapped[str | None] = mapped_column(ForeignKey("accounts.id"), index=True)


# A move's statements, built once (building a statement costs more than running it here). The
# row lock (PostgreSQL) puts a room's writers in line; SQLite's writers already are.
_ROOM_FOR_APPEND = (
    select(RoomRow.finished_at, RoomRow.seats, RoomRow.owner, RoomRow.owner_epoch)
    .where(RoomRow.id == bindparam("room"))
    .with_for_update()
)
_LAST_INDEX = select(func.max(ActionRow.index)).where(ActionRow.room_id == bindparam("room"))
_ACTION_COLUMNS = (
    "room_id",
    "index",
    "seat",
    "action",
    "outcomes",
    "by_bot",
    "created_at",
    "to_act",
)
_NEXT_INDEX = (
    select(func.coalesce(func.max(ActionRow.index) + 1, 0))
    .where(ActionRow.room_id == bindparam("room_id"))
    .scalar_subquery()
)
# A move's append in one statement: the action goes in only if its room exists, is not finished,
# is still this node's at its epoch (the fence), has the seat, and the action's index is the
# room's next (the primary key refuses a second writer of the same index). Nothing inserted:
# ``_refusal`` names why, off the hot path.
_APPEND_IF_NEXT = (
    insert(ActionRow)
    .from_select(
        _ACTION_COLUMNS,
        select(
            *(bindparam(name, type_=ActionRow.__table__.c[name].type) for name in _ACTION_COLUMNS)
        )
        .select_from(RoomRow)
        .where(
            RoomRow.id == bindparam("room_id"),
            RoomRow.finished_at.is_(None),
            RoomRow.owner == bindparam("owner", type_=String(NODE_LENGTH)),
            RoomRow.owner_epoch == bindparam("epoch", type_=Integer()),
            bindparam("seat") >= 0,
            bindparam("seat") < func.json_array_length(RoomRow.seats),
            bindparam("index") == _NEXT_INDEX,
        )
        .with_for_update(of=RoomRow),  # the room's appends in line, as ``_ROOM_FOR_APPEND``
    )
    .returning(ActionRow.index)
)  # a row back once inserted (drivers' rowcounts differ here)


# ----- connections -----
def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # The driver's own transaction handling is switched off so that _sqlite_begin says BEGIN.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute("PRAGMA foreign_keys=ON")
    # In WAL mode NORMAL syncs at checkpoints, not at every commit: a committed move survives
    # the server's crash or SIGKILL (tests/server/test_faults.py) but not the machine's power
    # loss, which may take back its last moves. A move costs half as much (docs/server.md);
    # PostgreSQL is the store for power-loss durability.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_SECONDS * 1000}")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    # A writer takes the write lock before it reads: two racing appends then run one after the
    # other, and the second sees the first's action (a deferred BEGIN would make the loser fail
    # to upgrade its read lock with "database is locked" instead).
    write = connection.get_execution_options().get(_WRITE, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def open_engine(url: URL) -> Engine:
    """An engine for the store's database; on SQLite, with its connection settings."""
    if url.get_backend_name() != "sqlite":
        # A server may drop idle connections (restarted, or cut): each is tested before use.
        # An unreachable host fails a new connection after CONNECT_SECONDS, not the OS's minutes.
        connect = {} if "connect_timeout" in url.query else {"connect_timeout": CONNECT_SECONDS}
        return create_engine(url, pool_pre_ping=True, connect_args=connect)
    if url.database and url.database != ":memory:" and not url.database.startswith("file:"):
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_SECONDS})
    event.listen(engine, "connect", _sqlite_connect)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def alembic_config(url: str) -> Config:
    """Alembic's configuration for the store's migrations, with no ``alembic.ini``: for the
    store itself, and for a developer writing a new revision (docs/server.md)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    # A revision's file is a module that ruff and mypy read: its name must not start with a digit.
    config.set_main_option("file_template", "r%%(rev)s_%%(slug)s")
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))  # ini-style interpolation
    return config


def _shown(url: str) -> str:
    """A URL fit to print: its password hidden, even when it does not parse."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return repr(url if "@" not in url else "…@" + url.rsplit("@", 1)[1])


def _reason(exc: BaseException) -> str:
    """The first line of a database error's own message, without SQLAlchemy's wrapping."""
    cause = getattr(exc, "orig", None) or exc
    lines = str(cause).strip().splitlines()
    return lines[0] if lines else type(cause).__name__


# ----- the store -----
class Store:
    """The server's rooms on a database; every method is one transaction and thread-safe.

    ``node`` names this server among the nodes of a cluster sharing the database (None: a
    server alone on it, the ``SOLO`` node). A room is held by one node at a time: the node
    that made it, or the last one to take it over (``take_over``, which bumps the room's
    epoch). Every write of a room checks, in its own transaction, that the room is still this
    node's at the epoch it took it at, and is refused as ``RoomMovedError`` if not."""

    def __init__(self, url: str, node: str | None = None) -> None:
        if node is not None and not 0 < len(node) <= NODE_LENGTH:
            raise StoreError(f"a node's name has 1 to {NODE_LENGTH} characters")
        self.node = SOLO if node is None else node
        self.in_cluster = node is not None
        self.epochs: dict[str, int] = {}  # the rooms this node holds, at the epoch it took each
        try:
            parsed = make_url(url)
            self.location = (
                parsed.database
                if parsed.get_backend_name() == "sqlite" and parsed.database
                else parsed.render_as_string(hide_password=True)
            )
            self._engine = open_engine(parsed)
            self._writer = self._engine.execution_options(**{_WRITE: True})
            self._read = sessionmaker(self._engine, expire_on_commit=False)
            self._write = sessionmaker(self._writer, expire_on_commit=False)
            # SQLite's writers wait for each other by polling, not in turn, so under 20 busy
            # rooms a move could wait seconds (angler loadtest's p99): this process's writers
            # queue here, first come first served. PostgreSQL locks the room's row instead.
            self._writers_in_line: AbstractContextManager[Any] = (
                threading.RLock() if parsed.get_backend_name() == "sqlite" else nullcontext()
            )
            self.writes = 0  # write transactions committed (GET /health: store_writes)
            self._counting = threading.Lock()
            self._migrate(parsed)
            # A move's append, on the driver's own cursor (``driver_statement.py``: it runs
            # once a move, in the writer thread that shares the interpreter with the loop).
            self._append_if_next = DriverStatement(_APPEND_IF_NEXT, self._engine.dialect)
            self.appends = GroupWriter(self._append_batch)  # moves: group commit
        # ImportError: a URL naming a driver that is not installed; ValueError: a bad port.
        except (SQLAlchemyError, CommandError, OSError, ImportError, ValueError) as exc:
            if hasattr(self, "_engine"):
                self._engine.dispose()
            raise StoreError(f"cannot open the database {_shown(url)}: {_reason(exc)}") from None

    def _migrate(self, url: URL) -> None:
        with self._writer.begin() as connection:
            if connection.dialect.name == "postgresql":  # two servers starting at once
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK}
                )
            config = alembic_config(url.render_as_string(hide_password=False))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        self.appends.close()
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @contextmanager
    def _session(self, *, write: bool) -> Iterator[Session]:
        """One transaction. A database that does not answer (or breaks off) is refused with
        one line (StoreUnavailableError); the pool drops the broken connection, and pre-ping
        tests the others, so the next call works as soon as the database is back."""
        with self._refusing_outages():
            if not write:
                with self._read.begin() as session:
                    yield session
                return
            with self._writers_in_line, self._write.begin() as session:
                yield session
            self._count_write()

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """One write transaction on a plain connection, without the ORM's session (a move's
        append, the hottest write), refused as ``_session`` refuses."""
        with self._refusing_outages(), self._writers_in_line, self._writer.begin() as connection:
            yield connection
        self._count_write()

    @contextmanager
    def _refusing_outages(self) -> Iterator[None]:
        try:
            yield
        except IntegrityError:
            raise  # a refusal of the data (a race lost), not an outage: the caller names it
        except (DBAPIError, DisconnectionError, PoolTimeoutError) as exc:
            # The database's own words name its host and port: the log has them, clients not.
            log.warning("the store is unavailable: %s", _reason(exc))
            raise StoreUnavailableError(UNAVAILABLE) from None

    def ping(self) -> None:
        """``SELECT 1``: StoreUnavailableError if the database does not answer (GET /health)."""
        with self._session(write=False) as session:
            session.execute(text("SELECT 1"))

    def _count_write(self) -> None:
        with self._counting:  # committed (an exception in the transaction skips this)
            self.writes += 1

    @staticmethod
    def _room(session: Session, room: str, *, lock: bool = False) -> RoomRow:
        # The row lock (PostgreSQL) puts a room's writers in line; SQLite's writers already are.
        row = session.get(RoomRow, room, with_for_update=lock)
        if row is None:
            raise UnknownRoomError(f"unknown room {room!r}")
        return row

    @staticmethod
    def _check_seat(row: RoomRow, seat: int) -> None:
        if not 0 <= seat < len(row.seats):
            raise StoreError(
                f"room {row.id!r} has no seat {seat} (seats 0 to {len(row.seats) - 1})"
            )

    # ----- rooms -----
    def create_room(self, header: RoomHeader) -> str:
        """Store a new room; its id is random and url-safe."""
        if header.seed not in SEED_RANGE:
            raise StoreError(f"a room's seed must fit in 64 bits, not {header.seed}")
        room = secrets.token_urlsafe(ROOM_ID_BYTES)
        with self._session(write=True) as session:
            session.add(
                RoomRow(
                    id=room,
                    game=header.game,
                    options=header.options,
                    cards=header.cards,
                    seed=header.seed,
                    seats=list(header.seats),
                    settings=header.settings,
                    owner=self.node,
                    owner_epoch=1,
                )
            )
        self.epochs[room] = 1
        return room

    def take_over(self, room: str) -> int:
        """Make the live ``room`` this node's, at a new epoch (its writes from whichever node
        held it before are refused from now on): the epoch. RoomFinishedError if it is over."""
        with self._session(write=True) as session:
            row = self._room(session, room, lock=True)
            if row.finished_at is not None:
                raise RoomFinishedError(f"room {room!r} is finished already")
            row.owner = self.node
            row.owner_epoch += 1
            epoch = row.owner_epoch
        self.epochs[room] = epoch
        return epoch

    def take_over_orphan(self, room: str, owner: str | None, epoch: int) -> bool:
        """``take_over``, only if the live ``room`` is still held by ``owner`` at ``epoch``
        (no other node took it meanwhile): whether this node holds it now."""
        held_by = RoomRow.owner.is_(None) if owner is None else RoomRow.owner == owner
        taking = (
            update(RoomRow)
            .where(
                RoomRow.id == room,
                RoomRow.finished_at.is_(None),
                RoomRow.owner_epoch == epoch,
                held_by,
            )
            .values(owner=self.node, owner_epoch=RoomRow.owner_epoch + 1)
        )
        with self._writing() as connection:
            taken = connection.execute(taking).rowcount == 1
        if taken:
            self.epochs[room] = epoch + 1
        return taken

    def let_go(self, room: str) -> None:
        """This node no longer holds ``room`` (it finished, or another node took it over)."""
        self.epochs.pop(room, None)

    def holds(self, room: str) -> bool:
        """Whether ``room`` is still this node's, at the epoch it took it at (one read)."""
        return self.owner(room) == (self.node, self.epochs.get(room))

    def owner(self, room: str) -> tuple[str | None, int]:
        """The node holding ``room`` and its epoch, as stored."""
        with self._session(write=False) as session:
            row = self._room(session, room)
            return row.owner, row.owner_epoch

    def _check_owner(self, row: RoomRow) -> None:
        """The fence: RoomMovedError unless the locked ``row`` is still this node's at its
        epoch."""
        if row.owner != self.node or row.owner_epoch != self.epochs.get(row.id):
            raise RoomMovedError(_moved(row.id))

    def header(self, room: str) -> RoomHeader:
        with self._session(write=False) as session:
            return self._room(session, room).header()

    def finished(self, room: str) -> bool:
        """Whether ``room`` is finished; UnknownRoomError if there is no such room."""
        with self._session(write=False) as session:
            return self._room(session, room).finished_at is not None

    def finish(
        self,
        room: str,
        result: dict[str, Any],
        also: Callable[[Session], None] | None = None,
    ) -> None:
        """Mark the room finished and keep its result; a room finishes once. ``also`` writes
        more in the same transaction (its people's new ratings: ``ratings.py``)."""
        with self._session(write=True) as session:
            row = self._room(session, room, lock=True)
            if row.finished_at is not None:
                raise RoomFinishedError(f"room {room!r} is finished already")
            self._check_owner(row)
            row.finished_at = _now()
            row.result = result
            if also is not None:
                session.flush()
                also(session)

    def result(self, room: str) -> dict[str, Any] | None:
        """A finished room's result (None while it is live); UnknownRoomError if no such room."""
        with self._session(write=False) as session:
            row = self._room(session, room)
            return None if row.finished_at is None else dict(row.result or {})

    def set_seating(self, room: str, seats: list[str], settings: dict[str, Any]) -> None:
        """A live room's seats and settings as they now stand: an invitation given to a bot, a
        seat resigned (``rooms.Room.seating``). Refused once the room is finished."""
        with self._session(write=True) as session:
            row = self._room(session, room, lock=True)
            if row.finished_at is not None:
                raise RoomFinishedError(f"room {room!r} is finished already")
            self._check_owner(row)
            if len(seats) != len(row.seats):
                raise StoreError(f"room {room!r} has {len(row.seats)} seats, not {len(seats)}")
            row.seats = list(seats)
            row.settings = dict(settings)

    def live_rooms(self) -> list[str]:
        """Rooms not finished, oldest first: the ones a starting server replays."""
        with self._session(write=False) as session:
            query = select(RoomRow.id).where(RoomRow.finished_at.is_(None))
            return list(session.scalars(query.order_by(RoomRow.created_at, RoomRow.id)))

    def live_listing(self, limit: int) -> list[ListedRoom]:
        """The newest ``limit`` live rooms that are listed (their creator did not keep them to
        invitations), oldest first, as stored: the same on every node."""
        last = (
            select(ActionRow.index, ActionRow.to_act)
            .where(ActionRow.room_id == RoomRow.id)
            .order_by(ActionRow.index.desc())
            .limit(1)
        )
        listed = RoomRow.settings["listed"].as_boolean()
        query = (
            select(
                RoomRow.id,
                RoomRow.game,
                RoomRow.seats,
                RoomRow.settings,
                last.with_only_columns(ActionRow.index).scalar_subquery(),
                last.with_only_columns(ActionRow.to_act).scalar_subquery(),
            )
            .where(RoomRow.finished_at.is_(None), or_(listed.is_(None), listed.is_(True)))
            .order_by(RoomRow.created_at.desc(), RoomRow.id.desc())
            .limit(limit)
        )
        with self._session(write=False) as session:
            rows = list(session.execute(query))
            claimed: dict[str, set[int]] = {}
            owners: dict[str, dict[int, str]] = {}
            ids = [row[0] for row in rows]
            for chunk in range(0, len(ids), _IN_CHUNK):
                tokens = select(
                    SeatTokenRow.room_id, SeatTokenRow.seat, SeatTokenRow.account_id
                ).where(SeatTokenRow.room_id.in_(ids[chunk : chunk + _IN_CHUNK]))
                for room, seat, account in session.execute(tokens):
                    claimed.setdefault(room, set()).add(seat)
                    if account is not None:
                        owners.setdefault(room, {})[seat] = account
        return [
            ListedRoom(
                room=room,
                game=game,
                seats=list(seats),
                settings=dict(settings),
                version=0 if index is None else index + 1,
                to_act=_seats(to_act),
                claimed=frozenset(claimed.get(room, ())),
                owners=owners.get(room, {}),
            )
            for room, game, seats, settings, index, to_act in reversed(rows)
        ]

    def finished_rooms(self) -> list[tuple[str, RoomHeader, dict[str, Any]]]:
        """Finished rooms, the first finished first, each with its header and result."""
        with self._session(write=False) as session:
            query = select(RoomRow).where(RoomRow.finished_at.is_not(None))
            rows = session.scalars(query.order_by(RoomRow.finished_at, RoomRow.id))
            return [(row.id, row.header(), row.result or {}) for row in rows]

    # ----- the nodes of a cluster -----
    def beat(self) -> None:
        """This node is alive now: each node of a cluster says so every few seconds
        (``sweep.py``), by its own clock (a cluster's clocks are kept together, NTP)."""
        try:
            with self._session(write=True) as session:
                row = session.get(NodeRow, self.node)
                if row is None:
                    session.add(NodeRow(name=self.node, seen_at=_now()))
                else:
                    row.seen_at = _now()
        except IntegrityError:  # a node of the same name said it first: it is alive too
            pass

    def release_mine(self) -> int:
        """At a node's start: the live rooms its earlier run held are nobody's (that run is
        over, whatever its end), for whichever node takes them over first. How many."""
        releasing = (
            update(RoomRow)
            .where(RoomRow.owner == self.node, RoomRow.finished_at.is_(None))
            .values(owner=None)
        )
        with self._writing() as connection:
            return int(connection.execute(releasing).rowcount)

    def orphans(self, dead_after: float, limit: int) -> list[tuple[str, str | None, int]]:
        """Up to ``limit`` live rooms, oldest first, that no living node holds: held by
        nobody, or by a node not seen for ``dead_after`` seconds (never this one). Each with
        its holder and epoch, for ``take_over_orphan``."""
        alive = select(NodeRow.name).where(
            NodeRow.seen_at >= _now() - timedelta(seconds=dead_after)
        )
        query = (
            select(RoomRow.id, RoomRow.owner, RoomRow.owner_epoch)
            .where(
                RoomRow.finished_at.is_(None),
                or_(
                    RoomRow.owner.is_(None),
                    (RoomRow.owner != self.node) & RoomRow.owner.not_in(alive),
                ),
            )
            .order_by(RoomRow.created_at, RoomRow.id)
            .limit(limit)
        )
        with self._session(write=False) as session:
            return [(room, owner, epoch) for room, owner, epoch in session.execute(query)]

    # ----- actions -----
    def append(self, room: str, action: StoredAction) -> None:
        """Store ``action`` as the room's next one, or refuse it and store nothing:
        StaleActionError when its index is not the next (a stale or duplicate move, or the
        loser of a race). Waits for the writer thread's commit."""
        self.appends.submit(room, action).result()

    def append_soon(self, room: str, action: StoredAction) -> asyncio.Future[None]:
        """``append`` on the event loop, answered by a future: the writer thread commits the
        appends that arrive together in one transaction (``group_commit.py``), and the future is
        done only after the commit, holding the refusal if there was one."""
        return self.appends.submit_soon(room, action)

    def _append_batch(self, batch: Sequence[Append]) -> list[BaseException | None]:
        """The writer's transaction: each append checked and inserted in turn (a refused one
        inserts nothing, and the others go on). If a racing writer elsewhere took an index
        first (the primary key refuses it), the batch is written again one append at a time,
        so that only the loser is refused."""
        try:
            with self._writing() as connection:
                return [self._append_one(connection, room, action) for room, action in batch]
        except IntegrityError:
            pass
        alone: list[BaseException | None] = []
        for room, action in batch:
            try:
                with self._writing() as connection:
                    alone.append(self._append_one(connection, room, action))
            except IntegrityError:  # the (room, index) key: another writer stored it first
                alone.append(
                    StaleActionError(
                        f"stale action: room {room!r} took another action at version "
                        f"{action.index} first"
                    )
                )
        return alone

    def _append_one(
        self, connection: Connection, room: str, action: StoredAction
    ) -> AnglerError | None:
        """One append inside the writer's transaction: one conditional insert; its refusal, or
        None once inserted. Not the ORM's unit of work, nor SQLAlchemy's execution: this runs
        once a move."""
        inserted = self._append_if_next.first(
            connection,
            {
                "room_id": room,
                "index": action.index,
                "seat": action.seat,
                "action": action.action,
                "outcomes": action.outcomes,
                "by_bot": action.by_bot,
                "created_at": _now(),
                "to_act": None if action.to_act is None else seats_text(action.to_act),
                "owner": self.node,
                "epoch": self.epochs.get(room, -1),
            },
        )
        if inserted is not None:
            return None
        return self._refusal(connection, room, action)

    def _refusal(self, connection: Connection, room: str, action: StoredAction) -> AnglerError:
        """Why ``action`` was not inserted: the room unknown, finished or moved, no such seat,
        or its index not the room's next (reads only the columns it checks: a room's card set
        can be large)."""
        found = connection.execute(_ROOM_FOR_APPEND, {"room": room}).first()
        if found is None:
            return UnknownRoomError(f"unknown room {room!r}")
        if found.finished_at is not None:
            return RoomFinishedError(f"room {room!r} is finished: it takes no more moves")
        if found.owner != self.node or found.owner_epoch != self.epochs.get(room):
            return RoomMovedError(_moved(room))
        if not 0 <= action.seat < len(found.seats):
            return StoreError(
                f"room {room!r} has no seat {action.seat} (seats 0 to {len(found.seats) - 1})"
            )
        last = connection.scalar(_LAST_INDEX, {"room": room})
        version = 0 if last is None else last + 1
        return StaleActionError(
            f"stale action: it was made at version {action.index}, "
            f"but room {room!r} is at version {version}"
        )

    def discard(self, room: str, action: StoredAction) -> bool:
        """Delete ``action`` if it is stored as the room's last (same index, seat and text):
        an append whose commit broke off may have been stored after all, and its room, which
        refused it, must not find its next index taken. True if it was stored."""
        with self._session(write=True) as session:
            self._check_owner(self._room(session, room, lock=True))
            row = session.get(ActionRow, (room, action.index))
            if row is None or (row.seat, row.action) != (action.seat, action.action):
                return False
            later = select(func.max(ActionRow.index)).where(ActionRow.room_id == room)
            if session.scalar(later) != action.index:
                return False
            session.delete(row)
            return True

    def actions(self, room: str) -> list[StoredAction]:
        """The room's actions in order: replaying them rebuilds the room."""
        with self._session(write=False) as session:
            self._room(session, room)
            rows = session.scalars(
                select(ActionRow).where(ActionRow.room_id == room).order_by(ActionRow.index)
            )
            return [
                StoredAction(r.index, r.seat, r.action, r.outcomes, r.by_bot, _seats(r.to_act))
                for r in rows
            ]

    # ----- seats -----
    def set_seat_token(
        self, room: str, seat: int, token_hash: str, account: str | None = None
    ) -> None:
        """Claim ``seat`` with a token's hash (``tokens.token_hash``); a seat is claimed once.
        ``account``: the account claiming it while signed in (the seat is that account's)."""
        if not token_hash or len(token_hash) > HASH_LENGTH:
            raise StoreError(f"a token hash has 1 to {HASH_LENGTH} characters")
        try:
            with self._session(write=True) as session:
                row = self._room(session, room, lock=True)
                self._check_owner(row)
                self._check_seat(row, seat)
                if session.get(SeatTokenRow, (room, seat)) is not None:
                    raise SeatTakenError(f"seat {seat} of room {room!r} is taken already")
                session.add(
                    SeatTokenRow(room_id=room, seat=seat, token_hash=token_hash, account_id=account)
                )
        except IntegrityError:  # a racing claim of the same seat (or the same token) won
            raise SeatTakenError(f"seat {seat} of room {room!r} is taken already") from None

    def seat_of_token(self, room: str, token_hash: str) -> int | None:
        """The seat this token's hash claimed in the room, or None."""
        with self._session(write=False) as session:
            self._room(session, room)
            query = select(SeatTokenRow.seat).where(
                SeatTokenRow.room_id == room, SeatTokenRow.token_hash == token_hash
            )
            return session.scalar(query)

    def seat_tokens(self, room: str) -> dict[int, str]:
        """Every claimed seat's token hash, by seat: what a room rebuilt after a restart needs."""
        with self._session(write=False) as session:
            self._room(session, room)
            query = select(SeatTokenRow.seat, SeatTokenRow.token_hash).where(
                SeatTokenRow.room_id == room
            )
            return {seat: digest for seat, digest in session.execute(query)}

    def account_rooms(self, account: str, limit: int) -> list[tuple[str, str, int]]:
        """The live rooms where the account claimed a seat, newest first: room, game, seat."""
        with self._session(write=False) as session:
            query = (
                select(RoomRow.id, RoomRow.game, SeatTokenRow.seat)
                .join(SeatTokenRow, SeatTokenRow.room_id == RoomRow.id)
                .where(SeatTokenRow.account_id == account, RoomRow.finished_at.is_(None))
                .order_by(RoomRow.created_at.desc())
                .limit(limit)
            )
            return [(room, game, seat) for room, game, seat in session.execute(query)]

    def account_games(self, account: str, limit: int) -> list[tuple[str, str, int, int, Any]]:
        """The finished rooms where the account held a seat, newest first: room, game, seat,
        players and result (with ``finished_at`` as ``at``)."""
        with self._session(write=False) as session:
            query = (
                select(RoomRow, SeatTokenRow.seat)
                .join(SeatTokenRow, SeatTokenRow.room_id == RoomRow.id)
                .where(SeatTokenRow.account_id == account, RoomRow.finished_at.is_not(None))
                .order_by(RoomRow.finished_at.desc(), RoomRow.id)
                .limit(limit)
            )
            return [
                (
                    row.id,
                    row.game,
                    seat,
                    len(row.seats),
                    {**(row.result or {}), "at": _utc(row.finished_at).isoformat()},
                )
                for row, seat in session.execute(query)
            ]

    def seat_accounts(self, room: str) -> dict[int, str]:
        """The seats claimed by signed-in accounts, by seat: each one's account id."""
        with self._session(write=False) as session:
            query = select(SeatTokenRow.seat, SeatTokenRow.account_id).where(
                SeatTokenRow.room_id == room, SeatTokenRow.account_id.is_not(None)
            )
            return {seat: account for seat, account in session.execute(query) if account}


class RoomJournal:
    """One room's ``Journal`` on the store: each accepted action is written, in its own
    transaction, before the room counts it (``rooms.Room``)."""

    def __init__(self, store: Store, room: str) -> None:
        self.store = store
        self.room = room
        # An action whose append broke off with the database: refused to its sender, but its
        # commit may have reached the database. Removed before the next append (which comes
        # from the room under its lock, at the same index), so what is stored is what the room
        # holds; if the server restarts first, the replay keeps it (nobody was told either way).
        self._in_doubt: StoredAction | None = None

    def append(self, action: StoredAction) -> None:
        self.settle()
        try:
            self.store.append(self.room, action)
        except StoreUnavailableError:  # (the future's callback says so too, maybe later)
            self._in_doubt = action
            raise

    def append_soon(self, action: StoredAction) -> asyncio.Future[None]:
        """The append through the store's group commit, on the event loop; call ``settle``
        first when ``in_doubt``."""
        if self._in_doubt is not None:
            raise StoreUnavailableError(UNAVAILABLE)  # not settled: nothing is stored
        done = self.store.append_soon(self.room, action)

        def note_doubt(finished: asyncio.Future[None]) -> None:
            if not finished.cancelled() and isinstance(finished.exception(), StoreUnavailableError):
                self._in_doubt = action

        done.add_done_callback(note_doubt)
        return done

    def in_doubt(self) -> bool:
        return self._in_doubt is not None

    def settle(self) -> None:
        if self._in_doubt is not None:
            self.store.discard(self.room, self._in_doubt)  # StoreUnavailableError: still down
            self._in_doubt = None


# The accounts', the chat's and the reviews' tables join the metadata (their rows refer to
# ``Base`` above).
from angler.server import account_rows, chat, reviews  # noqa: E402,F401
