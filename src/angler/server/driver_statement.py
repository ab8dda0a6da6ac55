"""A hot statement run on the database driver's own cursor, inside a SQLAlchemy transaction.

A move's append is one statement, run once a move by the store's writer thread, which shares the
interpreter's lock with the event loop. SQLAlchemy's execution (the compiled cache's lookup, an
execution context, a result object) cost about 40 µs of it on SQLite, more than SQLite's own
35 (measured in a batch of eight). So the statement is compiled once for the engine's dialect,
and each run converts its parameters with the column types' own bind processors and hands them
to the driver, as SQLAlchemy would. What the store relies on is kept: listeners on the dialect's
``do_execute`` are called (the fault tests fail writes there), a driver's error is raised as
SQLAlchemy's (an ``IntegrityError`` stays one, so a lost race is told apart from an outage), and
a connection the error shows to be lost is invalidated, so the pool drops it (the others are
tested before use: ``pool_pre_ping``). Not kept: the connection's other events
(``before_cursor_execute``, ``after_cursor_execute``, ``handle_error``), ``echo`` logging, and
invalidating the whole pool on a lost connection. Nothing in angler listens for those.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement


class DriverStatement:
    """``statement`` compiled for ``dialect``, run with ``first``."""

    def __init__(self, statement: ClauseElement, dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        assert isinstance(compiled, SQLCompiler)  # a statement compiles to SQL
        self.sql = compiled.string
        # A positional paramstyle (SQLite's ``?``) takes the values in this order; a named one
        # (psycopg's ``%(name)s``) takes them by name.
        self._order: list[str] | None = (
            list(compiled.positiontup or ()) if compiled.positional else None
        )
        # Every parameter by name, the statement's literals (``>= 0``, ``+ 1``) with their
        # values: a run adds its own.
        self._literals: dict[str, Any] = {
            name: bind.effective_value for name, bind in compiled.binds.items() if not bind.required
        }
        self._converters: dict[str, Callable[[Any], Any]] = {}
        for name, bind in compiled.binds.items():
            convert = bind.type.dialect_impl(dialect).bind_processor(dialect)
            if convert is not None:
                self._converters[name] = convert
        self._dialect = dialect
        self._driver_error: Any = dialect.loaded_dbapi.Error  # the driver's own base class

    def first(self, connection: Connection, params: Mapping[str, Any]) -> tuple[Any, ...] | None:
        """Run with ``params`` on ``connection`` (in its transaction): the first row back."""
        values = self._literals.copy()  # the statement's own literals, and then the given
        values.update(params)
        for name, convert in self._converters.items():
            values[name] = convert(values[name])
        args: Any = values if self._order is None else tuple(values[n] for n in self._order)
        driver_connection = connection.connection
        cursor: Any = None
        try:
            cursor = driver_connection.cursor()  # a dead connection may refuse even this
            if not any(
                listener(cursor, self.sql, args, None)
                for listener in self._dialect.dispatch.do_execute
            ):
                cursor.execute(self.sql, args)
            row = cursor.fetchone()
            return tuple(row) if row is not None else None
        except self._driver_error as exc:
            lost = self._dialect.is_disconnect(exc, driver_connection, cursor)
            if lost:
                connection.invalidate(exc)
            raise DBAPIError.instance(
                self.sql,
                args,
                exc,
                self._driver_error,
                connection_invalidated=lost,
                dialect=self._dialect,
            ) from exc
        finally:
            if cursor is not None:
                with contextlib.suppress(Exception):  # a lost connection's cursor may not close
                    cursor.close()
