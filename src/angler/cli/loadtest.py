"""``angler loadtest``: concurrent whole games through a real server over WebSockets."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from angler.cli.common import (
    GameOptions,
    emit_json,
    err,
    not_nan,
    out,
    parse_options,
)
from angler.core.errors import AnglerError
from angler.core.registry import all_games, get_game, make_game
from angler.server.loadtest import LoadPlan, LoadReport, LoadStopped, Tally, run_loadtest
from angler.server.yardstick import check_yardstick, ratios, run_yardstick
from angler.sim.stopping import sigterm_stops_runs

FILES_PER_SEAT = 2  # a client's socket and, when the server runs here, the server's end
SPARE_FILES = 64  # the database, the listener, the interpreter's own


def loadtest_command(
    url: Annotated[
        str | None,
        typer.Option(
            "--url",
            metavar="URL",
            help="A running server's address (http://HOST:PORT). Default: start one here on a "
            "free loopback port, on a temporary database deleted afterwards.",
        ),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option(
            "--game", "-g", metavar="GAME", help="The game to play (default: the first listed)."
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-p", metavar="N", help="Seats per game (default: the game's fewest)."
        ),
    ] = None,
    option: GameOptions = None,
    matches: Annotated[
        int,
        typer.Option("--matches", "-m", min=1, max=1000, metavar="M", help="Concurrent games."),
    ] = 10,
    think_ms: Annotated[
        int,
        typer.Option(
            "--think-ms",
            min=0,
            max=60_000,
            metavar="T",
            help="Each client's wait before it sends a move, in milliseconds.",
        ),
    ] = 0,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds",
            "-s",
            min=0.1,
            max=3600,
            metavar="S",
            help="How long to play; then the clients close and the run stops by itself.",
            callback=not_nan,
        ),
    ] = 10.0,
    deflate: Annotated[
        bool,
        typer.Option(
            "--deflate/--no-deflate",
            help="Offer permessage-deflate, as browsers do (it costs about half the moves/s).",
        ),
    ] = False,
    yardstick: Annotated[
        str | None,
        typer.Option(
            "--yardstick",
            metavar="FILE",
            help="Also run this bare WebSocket match server script (e.g. ws_yardstick.py) with "
            "the same matches, think time, seconds and compression, and print the ratios.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Play M concurrent games through a server over real WebSockets and report its speed.

    Each game is a room created over HTTP with every seat a person's, one WebSocket client per
    seat, each playing a random action its own payload offers; a finished game is followed by a
    new one until the time is up.

    Reports moves_per_s, p50_ms and p99_ms (from sending a move to receiving the state it
    caused), games_finished, errors (refusals, socket errors, timeouts) and the server's RSS
    (that of this process when the server runs here; null with --url).
    """
    settings = parse_options(option)
    if "cards" in settings:
        raise AnglerError("a room's card set is uploaded as JSON: loadtest plays the bundled one")
    chosen = get_game(game) if game is not None else all_games()[0]
    # The smallest table by default: more rooms for the same sockets, and games that end sooner.
    seats = players if players is not None else chosen.min_players
    configured = make_game(chosen.name, seats, **settings)  # every name and value checked first
    stick = None if yardstick is None else check_yardstick(yardstick, configured.players)
    _check_open_files(matches * configured.players * FILES_PER_SEAT + SPARE_FILES)
    plan = LoadPlan(
        game=configured.name,
        players=configured.players,
        matches=matches,
        seconds=seconds,
        think_ms=think_ms,
        options=settings,
        url=url,
        deflate=deflate,
    )
    progress = Progress(
        TextColumn("[bold]loadtest[/] {task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
    task = progress.add_task("starting…", total=seconds)

    def tick(elapsed: float, tally: Tally) -> None:
        figures = (
            f"{tally.moves} moves · {tally.games_finished} games · {tally.error_count()} errors"
        )
        progress.update(task, completed=elapsed, description=figures)

    try:
        with sigterm_stops_runs(), progress:
            report = run_loadtest(plan, tick)
    except LoadStopped as stop:
        err.print(f"{stop}; no report", markup=False)
        sys.exit(stop.status)
    if stick is not None:
        err.print(f"loadtest: running the yardstick {stick.name} with the same settings…")
        theirs = run_yardstick(stick, matches, think_ms, seconds, deflate)
        ours = report.as_json()
        if as_json:
            emit_json({"angler": ours, "yardstick": theirs, "ratio": ratios(ours, theirs)})
            return
        out.print(report_table(report))
        out.print(yardstick_table(ours, theirs))
        return
    if as_json:
        emit_json(report.as_json())
        return
    out.print(report_table(report))


def _check_open_files(needed: int) -> None:
    """Refuse, in one line, more sockets than this process may open (raising its own limit up to
    the most it may)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to read
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or needed <= soft:
        return
    if hard == resource.RLIM_INFINITY or needed <= hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
        return
    raise AnglerError(
        f"so many matches need about {needed} open files; this process may open {hard}: "
        "fewer --matches or players"
    )


def report_table(report: LoadReport) -> Table:
    where = "a server started here" if report.started_server else report.url
    table = Table(
        title=f"angler loadtest: {report.matches} × {report.game} ({report.players} players), "
        f"{report.seconds:g} s, {where}",
        caption=f"RSS: {report.rss_note}",
    )
    table.add_column("figure")
    table.add_column("value", justify="right")

    def ms(value: float | None) -> str:
        return "—" if value is None else f"{value:.1f}"

    def mb(value: float | None) -> str:
        return "—" if value is None else f"{value:,.1f}"

    kinds = ", ".join(f"{kind} {count}" for kind, count in report.error_kinds.items())
    rows = [
        ("moves_per_s", f"{report.moves_per_s:,.1f}"),
        ("p50_ms", ms(report.p50_ms)),
        ("p99_ms", ms(report.p99_ms)),
        ("games_finished", str(report.games_finished)),
        ("errors", f"{report.errors}" + (f" ({kinds})" if kinds else "")),
        ("moves", f"{report.moves:,}"),
        ("server_rss_mb", mb(report.server_rss_mb)),
        ("server_peak_rss_mb", mb(report.server_peak_rss_mb)),
    ]
    rows += [(f"first {kind}", message) for kind, message in report.first_errors.items()]
    for row in rows:
        table.add_row(*row)
    return table


def yardstick_table(ours: dict[str, object], theirs: dict[str, object]) -> Table:
    """angler's figures beside the bare yardstick's, measured in the same run, and the ratios."""
    table = Table(title="angler beside the yardstick (same matches, think time, compression)")
    for column in ("figure", "angler", "yardstick", "ratio"):
        table.add_column(column, justify="left" if column == "figure" else "right")
    ratio = ratios(ours, theirs)
    for key in ("moves_per_s", "p50_ms", "p99_ms"):
        value = ratio[key]
        table.add_row(
            key, str(ours.get(key)), str(theirs.get(key)), "—" if value is None else f"{value:.2f}×"
        )
    return table
