"""``angler serve``: the online table's server (FastAPI on uvicorn), on SQLite or PostgreSQL."""

from __future__ import annotations

import socket
from typing import Annotated

import typer

from angler.cli.common import err
from angler.core.errors import AnglerError


def _check_listen(host: str, port: int) -> None:
    """Refuse, in one line, an address the server could not listen on (taken, not this host's),
    before the database is opened."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        reason = (exc.strerror or str(exc)).lower()
        raise AnglerError(f"cannot listen on {host}:{port}: {reason}") from None


def serve_command(
    host: Annotated[
        str, typer.Option("--host", metavar="HOST", help="Address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option("--port", min=1, max=65535, metavar="PORT", help="Port to listen on."),
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help="Database URL, e.g. postgresql+psycopg://user@host/db (default: an SQLite "
            "file in your data folder, printed at start).",
        ),
    ] = None,
) -> None:
    """Serve angler online: the HTTP API (its OpenAPI document at /openapi.json) and /health.

    The database is opened, and migrated to the current schema, before the server listens; a
    database that cannot be opened is one line and exit status 2. Stop with Ctrl-C.
    """
    import uvicorn  # the server's own dependencies load only for this command

    from angler.server.app import create_app
    from angler.server.store import Store, default_url

    _check_listen(host, port)
    store = Store(db or default_url())
    err.print(f"database: {store.location}", markup=False)
    try:
        uvicorn.run(create_app(store), host=host, port=port, log_level="info")
    finally:
        store.close()
