"""``angler serve``: the online table's server (FastAPI on uvicorn), on SQLite or PostgreSQL."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
import urllib.error
import urllib.request
import webbrowser
from typing import Annotated

import typer

from angler.cli.common import err
from angler.cli.server_options import (
    MESSAGES_PER_S,
    ROOMS_PER_MINUTE,
    MessagesPerS,
    RoomsPerMinute,
)
from angler.core.errors import AnglerError
from angler.core.registry import get_game
from angler.play.seats import seat_kind


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


def _check_node(node: str, url: str) -> None:
    """Refuse, in one line, a node's name that is not one, or a cluster on SQLite."""
    if not NODE_NAME.fullmatch(node):
        raise AnglerError(
            f"--node {node[:80]!r}: a node's name is 1 to 64 letters, digits, '.', '-' or '_'"
        )
    if url.startswith("sqlite"):
        raise AnglerError(
            "--node: SQLite serves one process; the nodes of a cluster share a PostgreSQL "
            "database (--db postgresql+psycopg://…)"
        )


NODE_NAME = re.compile(r"[A-Za-z0-9._-]{1,64}")
PLAY_PORTS = 20  # with --play, the ports tried after a taken one
TABLE_SECONDS = 30.0  # how long --play waits for the server to answer before giving up


def _free_port(host: str, port: int) -> int:
    """``port``, or the first free one after it (``--play`` only: a person just wants a table)."""
    for candidate in range(port, min(port + PLAY_PORTS, 65536)):
        try:
            _check_listen(host, candidate)
        except AnglerError:
            continue
        return candidate
    _check_listen(host, port)  # none free: say why for the one asked for
    return port


def _open_table(base: str, game: str, bots: str, players: int | None) -> None:
    """Once the server answers: a room for a person against bots, opened in the browser (its
    URL printed, for a machine that has no browser). The seat token travels in the URL's
    fragment, which browsers never send to a server, and the page takes it out of the
    address bar."""
    deadline = time.monotonic() + TABLE_SECONDS
    while True:
        try:
            with urllib.request.urlopen(f"{base}/health", timeout=2):
                break
        except OSError:
            if time.monotonic() > deadline:
                err.print(f"the server did not answer at {base}: no table was opened")
                return
            time.sleep(0.1)
    count = players or get_game(game).default_players
    body = {"game": game, "seats": ["human"] + [bots] * (count - 1)}
    request = urllib.request.Request(
        f"{base}/rooms",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"content-type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            created = json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        err.print(f"no table was opened: {json.loads(refused.read()).get('message')}")
        return
    room, token = created["room"], created["seats"][0]["token"]
    url = f"{base}/#/room/{room}?seat=0&token={token}"
    opened = webbrowser.open(url)
    err.print(
        f"\nYour {get_game(game).title} table is "
        f"{'open in your browser' if opened else 'ready'}: {url}\n"
        f"The lobby (new games, friends, replays): {base}/   Stop the server with Ctrl-C.\n",
        markup=False,
        highlight=False,
    )


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
    node: Annotated[
        str | None,
        typer.Option(
            "--node",
            metavar="NAME",
            help="Serve as the node NAME of a cluster: several nodes share one PostgreSQL "
            "database behind a balancer that sends each room to one node (docs/deploy.md). A "
            "room is taken over when it is sent here, not all at start.",
        ),
    ] = None,
    play: Annotated[
        str | None,
        typer.Option(
            "--play",
            metavar="GAME",
            help="Also open a table of GAME in your browser, you against bots (make play); the "
            "next free port is taken if PORT is busy.",
        ),
    ] = None,
    bots: Annotated[
        str, typer.Option("--bots", metavar="LEVEL", help="With --play: the bots' level.")
    ] = "normal",
    players: Annotated[
        int | None,
        typer.Option("--players", metavar="N", help="With --play: players, you included."),
    ] = None,
    send_queue: Annotated[
        int,
        typer.Option(
            "--send-queue",
            min=1,
            metavar="N",
            help="Messages waiting for one socket before it is closed as too slow (1013).",
        ),
    ] = 64,
    messages_per_s: MessagesPerS = MESSAGES_PER_S,
    rooms_per_minute: RoomsPerMinute = ROOMS_PER_MINUTE,
    max_bot_seconds: Annotated[
        float,
        typer.Option(
            "--max-bot-seconds",
            min=0.01,
            max=600,
            metavar="S",
            help="The longest a bot may search one decision (iteration budgets: 10,000 per "
            "second); a room asking for more is refused.",
        ),
    ] = 5.0,
    review_budget: Annotated[
        str,
        typer.Option(
            "--review-budget",
            metavar="BUDGET",
            help="Each decision of a finished game's review: rollouts (100it), the search "
            "judge's iterations (search:1000it) or seconds (1s, search:1s) (docs/server.md, "
            "Reviews); a counted budget gives every node the same review.",
        ),
    ] = "100it",
) -> None:
    """Serve angler online: the browser table at /, the HTTP API (its OpenAPI document at
    /openapi.json) and /health.

    The database is opened, and migrated to the current schema, before the server listens; a
    database that cannot be opened is one line and exit status 2. Stop with Ctrl-C.
    """
    import uvicorn  # the server's own dependencies load only for this command

    from angler.server.app import create_app
    from angler.server.limits import Limits
    from angler.server.store import Store, default_url

    if play is not None:
        game = get_game(play)  # an unknown game: one line, before anything starts
        if players is not None:
            game.player_count(players)
        seat_kind(bots, "--bots")
        port = _free_port(host, port)
    else:
        _check_listen(host, port)
    limits = Limits(
        send_queue=send_queue,
        messages_per_s=messages_per_s,
        message_burst=max(1, round(2 * messages_per_s)),
        rooms_per_minute=rooms_per_minute,
        max_bot_seconds=max_bot_seconds,
        review_budget=review_budget,
    )
    url = db or default_url()
    if node is not None:
        _check_node(node, url)
    store = Store(url, node)
    err.print(f"database: {store.location}", markup=False)
    if play is not None:
        where = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
        threading.Thread(target=_open_table, args=(where, play, bots, players), daemon=True).start()
    try:
        uvicorn.run(
            create_app(store, limits, freeze_gc=True),
            host=host,
            port=port,
            log_level="warning" if play else "info",  # a player wants the table, not a log
        )
    finally:
        store.close()
