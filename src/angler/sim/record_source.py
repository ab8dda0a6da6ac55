"""Where ``angler analyse --records`` finds finished games: a folder of record files (``angler
simulate --records``, ``angler play --save``) or a server's store named by its SQLAlchemy URL.

A store is read through the server's own archive (:class:`angler.server.archive.FinishedRooms`),
which rebuilds a finished room's record from its header and actions: no seat token, session or
account is read.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import make_url
from sqlalchemy.exc import ArgumentError

from angler.core.errors import AnglerError, RecordError
from angler.core.records import Record, load_record

if TYPE_CHECKING:
    from angler.server.archive import FinishedRooms


@dataclass(frozen=True)
class Found:
    """One game found at the source: its record, or why there is none to use."""

    name: str  # the file, relative to the folder, or ``room ID``
    record: Record | None
    problem: str = ""  # why it cannot be used, when ``record`` is None


def is_store_url(source: str) -> bool:
    """A database URL (``sqlite:///angler.db``, ``postgresql+psycopg://…``) rather than a folder."""
    return "://" in source


def shown_source(source: str) -> str:
    """The source fit to print: a database URL's password hidden."""
    if not is_store_url(source):
        return source
    try:
        return make_url(source).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return source.rsplit("@", 1)[-1] if "@" in source else source


def records_in(source: str) -> Iterator[Found]:
    """Every game at ``source``, in a stable order; AnglerError (one line) when the source itself
    cannot be read: a missing folder, a database that cannot be opened."""
    if is_store_url(source):
        yield from _store_records(source)
    else:
        yield from _folder_records(Path(source))


def _folder_records(folder: Path) -> Iterator[Found]:
    if not folder.exists():
        raise AnglerError(f"--records {folder}: no such folder")
    if not folder.is_dir():
        raise AnglerError(f"--records {folder}: not a folder")
    try:
        paths = sorted(folder.rglob("*.json"))
    except OSError as exc:
        raise AnglerError(f"--records {folder}: cannot read it ({exc.strerror})") from None
    for path in paths:
        name = str(path.relative_to(folder))
        try:
            yield Found(name, load_record(path))
        except RecordError:
            yield Found(name, None, "not a readable record")


def _store_records(url: str) -> Iterator[Found]:
    # The server's modules only when a store is asked for: a folder needs none of them.
    from angler.server.archive import FinishedRooms
    from angler.server.store import Store, StoreError

    _check_sqlite_file(url)
    try:
        store = Store(url)
    except StoreError as exc:
        raise AnglerError(f"--records: {exc}") from None
    try:
        with store:
            archive = FinishedRooms(store)
            for room_id in store.live_rooms():
                yield Found(f"room {room_id}", None, "unfinished")
            for room in archive.finished():
                yield _finished_room(archive, room.room, room.result)
    except StoreError as exc:
        raise AnglerError(f"--records: {exc}") from None


def _finished_room(archive: FinishedRooms, room_id: str, result: dict[str, object]) -> Found:
    name = f"room {room_id}"
    if result.get("ended"):  # abandoned, cancelled, resigned: stopped before the game's end
        return Found(name, None, f"stopped before its end ({result['ended']})")
    if result.get("resigned"):  # a bot played the seat on: not the person's game
        return Found(name, None, "a seat resigned")
    try:
        return Found(name, archive.finished_record(room_id))
    except RecordError:
        return Found(name, None, "does not replay")


def _check_sqlite_file(url: str) -> None:
    """An SQLite URL must name a database that exists: opening one would create it empty."""
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        return  # the store names the problem
    if parsed.get_backend_name() != "sqlite":
        return
    database = parsed.database or ""
    if not database or database == ":memory:" or not Path(database).is_file():
        raise AnglerError(f"--records {url}: no such database file {database or '(none)'}")
