"""``angler analyse``: the designers' report, one self-contained HTML file, optionally comparing
two card files on the same seeds."""

from __future__ import annotations

import os
import shlex
import sys
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
from angler.core.files import check_writable_file
from angler.core.plots import require_matplotlib
from angler.sim.analyse import configure, run_analysis
from angler.sim.backends import check_backend
from angler.sim.card_effects import require_statsmodels
from angler.sim.findings import findings
from angler.sim.report_html import render
from angler.sim.stopping import sigterm_stops_runs
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
    games: Annotated[
        int,
        typer.Option(
            "--games", "-n", min=1, metavar="K", help="Games per player count (and card file)."
        ),
    ] = 200,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            metavar="AGENTS",
            help="Comma-separated agent per seat (1 name: every seat), as in simulate.",
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
    shows the difference and whether it is significant. Ctrl-C stops and writes the report of
    the games that finished.
    """
    require_statsmodels("angler analyse")  # its extra brings matplotlib's too
    require_matplotlib("angler analyse")
    chosen = check_backend(backend, jobs, address)
    check_writable_file(out_file, SUFFIXES)
    settings = parse_options(option)
    card_files = [str(cards) if cards is not None else ""]
    if compare is not None:
        card_files.append(str(compare))
    analysis = configure(game, settings, card_files, players or (), agents.split(","))
    command = _command(
        analysis.game, players, cards, compare, games, agents, seed, option, out_file
    )
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
    total = games * len(analysis.player_counts) * len(card_files)
    with sigterm_stops_runs(), progress:
        task = progress.add_task(f"{analysis.game} ×{total}", total=total)
        # Ray, without --jobs, has every core of its machine or cluster.
        workers = jobs if chosen == "ray" else jobs or os.cpu_count() or 1
        run_analysis(
            analysis,
            settings,
            games,
            seed,
            workers,
            on_game=lambda _: progress.advance(task),
            backend=chosen,
            address=address,
        )
    found = findings(analysis)
    write_text(out_file, render(analysis, command, found))
    if analysis.compared:  # the answer on the terminal too, as the report's top gives it
        typer.echo(text(verdict(analysis, found)))
    if analysis.stopped is not None:
        err.print(f"{analysis.stopped}; the report of those is in {out_file}", markup=False)
        sys.exit(analysis.stopped.status)
    err.print(f"wrote {out_file}", markup=False)


def _command(
    game: str,
    players: list[int] | None,
    cards: Path | None,
    compare: Path | None,
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
    words += ["--games", str(games), "--agents", agents, "--seed", str(seed)]
    for pair in option or ():
        words += ["--option", pair]
    return shlex.join([*words, "--out", str(out_file)])
