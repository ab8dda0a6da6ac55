"""``angler analyse``: the designers' report, one self-contained HTML file, optionally comparing
two card files (or the game with other options) on the same seeds, or sweeping one value."""

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

from angler.cli.backend_options import AddressOption, BackendOption
from angler.cli.common import GameArgument, GameOptions, err, parse_options, write_text
from angler.core.errors import AnglerError
from angler.core.files import check_writable_file
from angler.core.plots import require_matplotlib
from angler.sim.analyse import Analysis, configure, run_analysis
from angler.sim.backends import Backend, check_backend
from angler.sim.card_effects import require_statsmodels
from angler.sim.findings import findings
from angler.sim.report_html import render
from angler.sim.stopping import sigterm_stops_runs
from angler.sim.sweep import sweep_sides
from angler.sim.sweep_report import render_sweep, sweep_text
from angler.sim.verdict import text, verdict

SUFFIXES = (".html", ".htm")


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
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            min=1,
            metavar="K",
            help="Games per player count (and per card file, or sweep value).",
        ),
    ] = 200,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            metavar="AGENTS",
            help="Comma-separated agent per seat (1 name: every seat), as in simulate; one per "
            "seat without --players plays that many players.",
        ),
    ] = "heuristic",
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            "-s",
            metavar="SEED",
            help="Game i (from 1) at each player count is dealt from seed+i-1.",
        ),
    ] = 1,
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
) -> None:
    """Play GAME many times and write a designers' report as one self-contained HTML file.

    Win share by seat and the first player's advantage at each player count, the distributions of
    score and game length, how often each rule or card comes up, each card's effect on its
    holder's win share, and any game that stalled or broke, every figure with its 95% interval
    and number of games. With --compare, both card files play the same seeds and every figure
    shows the difference and whether it is significant; with --compare-options, the same for
    the game with options changed. With --sweep, every value plays the same seeds and every
    figure is drawn against the value. Ctrl-C stops and writes the report of the games that
    finished.
    """
    require_statsmodels("angler analyse")  # its extra brings matplotlib's too
    require_matplotlib("angler analyse")
    chosen = check_backend(backend, jobs, address)
    check_writable_file(out_file, SUFFIXES)
    settings = parse_options(option)
    changed = parse_options(compare_options, "--compare-options")
    if "cards" in changed:
        raise AnglerError("--compare-options cards=…: give a second card file with --compare")
    if sweep is not None and (compare is not None or compare_options):
        raise AnglerError("--sweep plays one game at several values: leave out --compare")
    with ExitStack() as files:  # a swept card file's values, as files while the games run
        card_files = [str(cards) if cards is not None else ""]
        variants: list[dict[str, str]] = []
        swept = None
        if sweep is not None:
            sides = sweep_sides(game, settings, card_files[0], sweep, files)
            card_files, variants, swept = sides.card_files, sides.variants, sides.sweep
        elif compare is not None or compare_options:
            card_files.append(str(compare) if compare is not None else card_files[0])
            variants = [{}, changed]
        analysis = configure(
            game, settings, card_files, players or (), agents.split(","), variants, swept
        )
        command = _command(
            analysis.game,
            players,
            cards,
            compare,
            compare_options,
            sweep,
            games,
            agents,
            seed,
            option,
            out_file,
        )
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
    compare: Path | None,
    compare_options: list[str] | None,
    sweep: str | None,
    games: int,
    agents: str,
    seed: int,
    option: list[str] | None,
    out_file: Path,
) -> str:
    """The command, every setting that shapes the results spelled out (not --jobs: it does not)."""
    words = ["angler", "analyse", game]
    for count in players or ():
        words += ["--players", str(count)]
    if cards is not None:
        words += ["--cards", str(cards)]
    if compare is not None:
        words += ["--compare", str(compare)]
    for pair in compare_options or ():
        words += ["--compare-options", pair]
    if sweep is not None:
        words += ["--sweep", sweep]
    words += ["--games", str(games), "--agents", agents, "--seed", str(seed)]
    for pair in option or ():
        words += ["--option", pair]
    return shlex.join([*words, "--out", str(out_file)])
