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
from angler.play.seats import HUMAN, seat_kind
from angler.sim.stopping import sigterm_stops_runs
from angler.tools.loadtest import LoadPlan, LoadReport, LoadStopped, Tally, run_loadtest
from angler.tools.ws_yardstick import COMPARED, check_yardstick, ratios, run_yardstick

SPARE_FILES = 64  # the database, the listener, HTTP requests, the interpreter's own


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
    warmup: Annotated[
        float,
        typer.Option(
            "--warmup",
            min=0,
            max=600,
            metavar="S",
            help="Seconds played before the measured ones, not measured.",
            callback=not_nan,
        ),
    ] = 3.0,
    rss_every: Annotated[
        float | None,
        typer.Option(
            "--rss-every",
            min=0.1,
            max=3600,
            metavar="S",
            help="Sample the server's memory every S seconds (a soak): the series, and its "
            "growth after the warm-up. Only for a server started here.",
            callback=_not_nan_if_given,
        ),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            metavar="LEVEL",
            help="Fill every seat with bots of LEVEL (easy, normal…) at the room's pace, each "
            "room watched by one spectator: bot moves/s and their lag beyond the pace.",
        ),
    ] = None,
    pace_ms: Annotated[
        int | None,
        typer.Option(
            "--pace-ms",
            min=0,
            max=60_000,
            metavar="MS",
            help="With --bots: the rooms' pace (default: the server's, 800 ms).",
        ),
    ] = None,
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

    Without --url the server is started here in a process of its own, and stopped afterwards.
    After --warmup seconds, --seconds are measured: moves_per_s, p50_ms and p99_ms (from sending
    a move to receiving the state it caused), games started and finished, errors (refusals,
    socket errors, timeouts), the server's CPU per move and share, this process's CPU share,
    the server's RSS and memory per live match, and database writes per second (also with
    --url). --bots measures rooms of bots instead: bot moves/s and their lag (p50, p99).
    """
    settings = parse_options(option)
    if "cards" in settings:
        raise AnglerError("a room's card set is uploaded as JSON: loadtest plays the bundled one")
    chosen = get_game(game) if game is not None else all_games()[0]
    # The smallest table by default: more rooms for the same sockets, and games that end sooner.
    seats = players if players is not None else chosen.min_players
    configured = make_game(chosen.name, seats, **settings)  # every name and value checked first
    level = None if bots is None else _bot_level(bots)
    _check_combinations(url, rss_every, level, think_ms, pace_ms, yardstick)
    stick = None if yardstick is None else check_yardstick(yardstick, configured.players)
    # One socket per seat (a spectator per bot room) here, and as many in the server, which
    # inherits this process's limit.
    sockets = matches * (1 if level is not None else configured.players)
    _check_open_files(sockets + SPARE_FILES)
    plan = LoadPlan(
        game=configured.name,
        players=configured.players,
        matches=matches,
        seconds=seconds,
        think_ms=think_ms,
        options=settings,
        url=url,
        deflate=deflate,
        warmup=warmup,
        rss_every=rss_every,
        bots=level,
        pace_ms=pace_ms,
    )
    progress = Progress(
        TextColumn("[bold]loadtest[/] {task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
    task = progress.add_task("starting…", total=warmup + seconds)

    def tick(elapsed: float, tally: Tally) -> None:
        if not tally.measuring:
            figures = f"warming up · {tally.error_count()} errors"
        else:
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
        theirs = run_yardstick(stick, matches, think_ms, seconds, deflate, warmup)
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


def _not_nan_if_given(value: float | None) -> float | None:
    return None if value is None else not_nan(value)


def _bot_level(given: str) -> str:
    """A bot level as the registry spells it; one line for a person's seat or no such bot."""
    level = seat_kind(given, "--bots")
    if level == HUMAN:
        raise AnglerError("--bots is a bot level (easy, normal…), not human")
    return level


def _check_combinations(
    url: str | None,
    rss_every: float | None,
    bots: str | None,
    think_ms: int,
    pace_ms: int | None,
    yardstick: str | None,
) -> None:
    """Options that make no sense together are refused in one line, before anything starts."""
    if url is not None and rss_every is not None:
        raise AnglerError("--rss-every samples a server started here: not with --url")
    if bots is None and pace_ms is not None:
        raise AnglerError("--pace-ms is the bots' pace: give --bots LEVEL too")
    if bots is not None and think_ms:
        raise AnglerError("--think-ms is the people's: bots move at the rooms' pace (--pace-ms)")
    if bots is not None and yardstick is not None:
        raise AnglerError("--yardstick compares people's moves: not with --bots")


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
        f"{report.seconds:g} s after {report.warmup:g} s of warm-up, {where}",
        caption=f"RSS: {report.rss_note}",
    )
    table.add_column("figure")
    table.add_column("value", justify="right")
    kinds = ", ".join(f"{kind} {count}" for kind, count in report.error_kinds.items())
    rows: list[tuple[str, str]] = [("moves_per_s", f"{report.moves_per_s:,.1f}")]
    if report.bots is not None:
        rows += [
            ("bots", f"{report.bot_seats} seats of {report.bots}, pace {report.pace_ms} ms"),
            ("bot_lag_p50_ms", _number(report.bot_lag_p50_ms)),
            ("bot_lag_p99_ms", _number(report.bot_lag_p99_ms)),
        ]
    else:
        rows += [("p50_ms", _number(report.p50_ms)), ("p99_ms", _number(report.p99_ms))]
        rows += [("bytes_per_state", _number(report.bytes_per_state))]
    rows += [
        ("games_started", str(report.games_started)),
        ("games_finished", str(report.games_finished)),
        ("errors", f"{report.errors}" + (f" ({kinds})" if kinds else "")),
        ("moves", f"{report.moves:,}"),
        ("server_cpu_us_per_move", _number(report.server_cpu_us_per_move)),
        ("server_cpu_pct", _number(report.server_cpu_pct)),
        ("driver_cpu_pct", _number(report.driver_cpu_pct)),
        ("server_rss_mb", _number(report.server_rss_mb)),
        ("server_idle_rss_mb", _number(report.server_idle_rss_mb)),
        ("live_rooms", _number(report.live_rooms, "d")),
        ("memory_per_match_kb", _number(report.memory_per_match_kb)),
        ("db_writes_per_s", _number(report.db_writes_per_s)),
    ]
    if report.rss_series is not None:
        series = " ".join(f"{rss:g}" for _, rss in report.rss_series)
        rows += [("rss_series_mb", series), ("rss_growth", _number(report.rss_growth, ".3f"))]
    rows += [(f"first {kind}", message) for kind, message in report.first_errors.items()]
    for row in rows:
        table.add_row(*row)
    return table


def _number(value: float | None, form: str = ",.1f") -> str:
    return "—" if value is None else format(value, form)


def yardstick_table(ours: dict[str, object], theirs: dict[str, object]) -> Table:
    """angler's figures beside the bare yardstick's, measured in the same run, and the ratios."""
    table = Table(
        title="angler beside the yardstick (same matches, think time, seconds, warm-up, "
        "compression)"
    )
    for column in ("figure", "angler", "yardstick", "ratio"):
        table.add_column(column, justify="left" if column == "figure" else "right")
    ratio = ratios(ours, theirs)
    for key in COMPARED:
        value = ratio[key]
        table.add_row(
            key, str(ours.get(key)), str(theirs.get(key)), "—" if value is None else f"{value:.2f}×"
        )
    return table
