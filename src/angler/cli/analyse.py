"""``angler analyse``: the designers' report, one self-contained HTML file, optionally comparing
two card files (or the game with other options) on the same seeds, or sweeping one value; or of
real games read from records, compared with bots on the same deals."""

from __future__ import annotations

import os
import shlex
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from angler.cli.backend_options import AddressOption, BackendOption, RayTokenFileOption
from angler.cli.common import GameArgument, GameOptions, err, parse_options, write_text
from angler.core.errors import AnglerError
from angler.core.files import check_writable_file
from angler.core.plots import require_matplotlib
from angler.sim.analyse import Analysis, configure, run_analysis
from angler.sim.backends import Backend, check_backend
from angler.sim.card_effects import require_statsmodels
from angler.sim.findings import findings
from angler.sim.real_games import RecordsRead, read_real_games, seats_change, use_records
from angler.sim.record_source import shown_source
from angler.sim.report_html import render
from angler.sim.stopping import sigterm_stops_runs
from angler.sim.sweep import sweep_sides
from angler.sim.sweep_report import render_sweep, sweep_text
from angler.sim.verdict import text, verdict

SUFFIXES = (".html", ".htm")
DEFAULT_GAMES = 200
DEFAULT_SEED = 1


def analyse_command(
    game: GameArgument,
    players: Annotated[
        list[int] | None,
        typer.Option(
            "--players",
            "-p",
            metavar="N",
            help="A player count to analyse (repeatable; default: every count the game allows).",
        ),
    ] = None,
    cards: Annotated[
        Path | None,
        typer.Option("--cards", metavar="FILE", help="Card file (JSON); default: the game's own."),
    ] = None,
    compare: Annotated[
        Path | None,
        typer.Option(
            "--compare",
            metavar="FILE2",
            help="A second card file, played on the same seeds: every figure side by side.",
        ),
    ] = None,
    compare_options: Annotated[
        list[str] | None,
        typer.Option(
            "--compare-options",
            metavar="KEY=VALUE",
            help="Compare with the game with this option changed (repeatable), on the same seeds.",
        ),
    ] = None,
    sweep: Annotated[
        str | None,
        typer.Option(
            "--sweep",
            metavar="PATH=V1,V2,…",
            help="Play the same seeds at each value of a game option or a card file value "
            "(sea.scatter_mm_per_sqrt_card, G1.value) and plot every figure against it.",
        ),
    ] = None,
    records: Annotated[
        str | None,
        typer.Option(
            "--records",
            metavar="DIR|DB_URL",
            help="Analyse finished games instead of simulating them: a folder of records "
            "(simulate --records, play --save) or a server's store (sqlite:///angler.db).",
        ),
    ] = None,
    compare_bots: Annotated[
        bool,
        typer.Option(
            "--compare-bots",
            help="With --records: compare the real games (A) with --agents playing the same "
            "deals (B).",
        ),
    ] = False,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            "-n",
            min=1,
            metavar="K",
            help=f"Games per player count (and per card file, or sweep value); default "
            f"{DEFAULT_GAMES}.",
        ),
    ] = None,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            metavar="AGENTS",
            help="Comma-separated agent per seat (1 name: every seat), as in simulate; one per "
            "seat without --players plays that many players. With --records: B's agents.",
        ),
    ] = "heuristic",
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            "-s",
            metavar="SEED",
            help=f"Game i (from 1) at each player count is dealt from seed+i-1; default "
            f"{DEFAULT_SEED}.",
        ),
    ] = None,
    option: GameOptions = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            metavar="J",
            help="Processes to play on (default: every core); results do not depend on it.",
        ),
    ] = None,
    out_file: Annotated[
        Path,
        typer.Option("--out", metavar="FILE", help="The HTML report to write."),
    ] = Path("report.html"),
    backend: BackendOption = "local",
    address: AddressOption = None,
    ray_token_file: RayTokenFileOption = None,
) -> None:
    """Play GAME many times and write a designers' report as one self-contained HTML file.

    Win share by seat and the first player's advantage at each player count, the distributions of
    score and game length, how often each rule or card comes up, each card's effect on its
    holder's win share, and any game that stalled or broke, every figure with its 95% interval
    and number of games. With --compare, both card files play the same seeds and every figure
    shows the difference and whether it is significant; with --compare-options, the same for
    the game with options changed. With --sweep, every value plays the same seeds and every
    figure is drawn against the value. With --records, the games are real ones read from record
    files or a server's store, and --compare-bots (or --compare, --compare-options) plays B
    with bots on the same deals. Ctrl-C stops and writes the report of the games that finished.
    """
    require_statsmodels("angler analyse")  # its extra brings matplotlib's too
    require_matplotlib("angler analyse")
    chosen = check_backend(backend, jobs, address, ray_token_file)
    check_writable_file(out_file, SUFFIXES)
    settings = parse_options(option)
    changed = parse_options(compare_options, "--compare-options")
    if "cards" in changed:
        raise AnglerError("--compare-options cards=…: give a second card file with --compare")
    if sweep is not None and (compare is not None or compare_options):
        raise AnglerError("--sweep plays one game at several values: leave out --compare")
    _check_records(records, compare_bots, sweep, games, seed)
    games = DEFAULT_GAMES if games is None else games
    seed = DEFAULT_SEED if seed is None else seed
    with ExitStack() as files:  # a swept card file's values, as files while the games run
        card_files = [str(cards) if cards is not None else ""]
        variants: list[dict[str, str]] = []
        swept = None
        if sweep is not None:
            sides = sweep_sides(game, settings, card_files[0], sweep, files)
            card_files, variants, swept = sides.card_files, sides.variants, sides.sweep
        elif compare is not None or compare_options or compare_bots:
            card_files.append(str(compare) if compare is not None else card_files[0])
            variants = [{}, changed]
        analysis = configure(
            game, settings, card_files, players or (), agents.split(","), variants, swept
        )
        if records is not None:
            read = _read_records(analysis, settings, records)
            # Configured again at the records' player counts: the cards one may hold are theirs.
            analysis = configure(
                game, settings, card_files, read.player_counts, agents.split(","), variants
            )
            use_records(analysis, read)
            if analysis.compared:  # B changes who plays too: the answer says so first
                analysis.changes.insert(0, seats_change(analysis))
        command = _command(
            analysis.game,
            players,
            cards,
            (records, compare_bots),
            compare,
            compare_options,
            sweep,
            (games, seed) if records is None else None,
            agents if records is None or analysis.compared else None,
            option,
            out_file,
        )
        if records is None or analysis.compared:
            _play(analysis, settings, games, seed, jobs, chosen, address)
    found = findings(analysis) if swept is None else None
    write_text(
        out_file,
        render_sweep(analysis, command) if found is None else render(analysis, command, found),
    )
    if found is not None and analysis.compared:  # the answer on the terminal, as on the page
        typer.echo(text(verdict(analysis, found)))
    if swept is not None:
        typer.echo(sweep_text(analysis))
    if analysis.stopped is not None:
        err.print(f"{analysis.stopped}; the report of those is in {out_file}", markup=False)
        sys.exit(analysis.stopped.status)
    err.print(f"wrote {out_file}", markup=False)


def _check_records(
    records: str | None,
    compare_bots: bool,
    sweep: str | None,
    games: int | None,
    seed: int | None,
) -> None:
    """--records replaces the simulation of A: what only a simulation takes is refused."""
    if records is None:
        if compare_bots:
            raise AnglerError("--compare-bots compares real games with bots: give --records")
        return
    if sweep is not None:
        raise AnglerError("--sweep plays simulated games at several values: leave out --records")
    if games is not None or seed is not None:
        raise AnglerError(
            "--games and --seed choose simulated games: with --records the games are the "
            "records' (and B's bots play their deals)"
        )


def _read_records(analysis: Analysis, settings: dict[str, str], source: str) -> RecordsRead:
    """The records' games that fit the analysis; how many were read, used and skipped, and why,
    on the terminal as at the top of the report."""
    read = read_real_games(analysis, settings, source)
    err.print(f"records in {read.source}: {read.counts()}", markup=False)
    for reason in read.reasons():
        err.print(f"  skipped, {reason}", markup=False)
    return read


def _play(
    analysis: Analysis,
    settings: dict[str, str],
    games: int,
    seed: int,
    jobs: int | None,
    backend: Backend,
    address: str | None,
) -> None:
    """Every game of the analysis, under one progress bar (every side, every player count)."""
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
    total = games * len(analysis.player_counts) * analysis.sides
    if analysis.records is not None:  # B alone is played, on the records' deals
        total = analysis.records.used * (analysis.sides - 1)
    with sigterm_stops_runs(), progress:
        task = progress.add_task(f"{analysis.game} ×{total}", total=total)
        # Ray, without --jobs, has every core of its machine or cluster.
        workers = jobs if backend == "ray" else jobs or os.cpu_count() or 1
        run_analysis(
            analysis,
            settings,
            games,
            seed,
            workers,
            on_game=lambda _: progress.advance(task),
            backend=backend,
            address=address,
        )


def _command(
    game: str,
    players: list[int] | None,
    cards: Path | None,
    records: tuple[str | None, bool],
    compare: Path | None,
    compare_options: list[str] | None,
    sweep: str | None,
    simulated: tuple[int, int] | None,
    agents: str | None,
    option: list[str] | None,
    out_file: Path,
) -> str:
    """The command, every setting that shapes the results spelled out (not --jobs: it does not);
    a store's password is hidden. ``records``: the source and --compare-bots; ``simulated``:
    --games and --seed, unless the games are the records'; ``agents``, unless no bot plays."""
    words = ["angler", "analyse", game]
    for count in players or ():
        words += ["--players", str(count)]
    if cards is not None:
        words += ["--cards", str(cards)]
    source, compare_bots = records
    if source is not None:
        words += ["--records", shown_source(source)]
    if compare_bots:
        words += ["--compare-bots"]
    if compare is not None:
        words += ["--compare", str(compare)]
    for pair in compare_options or ():
        words += ["--compare-options", pair]
    if sweep is not None:
        words += ["--sweep", sweep]
    if simulated is not None:
        words += ["--games", str(simulated[0])]
    if agents is not None:
        words += ["--agents", agents]
    if simulated is not None:
        words += ["--seed", str(simulated[1])]
    for pair in option or ():
        words += ["--option", pair]
    return shlex.join([*words, "--out", str(out_file)])
