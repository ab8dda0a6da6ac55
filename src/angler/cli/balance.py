"""``angler balance``: the balance report, heuristic players at every player count, in Markdown."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from angler.cli.common import (
    GameArgument,
    GameOptions,
    err,
    out,
    parse_options,
    progress_bar,
    stoppable_run,
    write_text,
)
from angler.core.files import check_writable_file
from angler.sim.balance import player_counts, report, run_balance


def balance_command(
    game: GameArgument,
    games: Annotated[
        int,
        typer.Option("--games", "-n", min=1, metavar="N", help="Games per player count."),
    ] = 300,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            "-s",
            metavar="SEED",
            help="Seed of the run: game i (from 1) at each player count is dealt from seed+i-1.",
        ),
    ] = 1,
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-p", metavar="N", help="Only this player count (default: every one)."
        ),
    ] = None,
    option: GameOptions = None,
    cards: Annotated[
        Path | None,
        typer.Option(
            "--cards", metavar="FILE", help="Card set file (JSON) for games that have one."
        ),
    ] = None,
    out_file: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE", help="Write the Markdown report here (.md)."),
    ] = None,
) -> None:
    """Play GAME many times with the heuristic player in every seat and report its balance.

    For each player count: game length, the first player's win share with its 95% interval and
    the mean of every statistic the game tallies; over all counts, the game's own counts (such as
    bites by fish type or abilities fired). Markdown, on standard output or in --out.
    """
    settings = parse_options(option)
    if cards is not None:
        settings["cards"] = str(cards)
    configured = player_counts(game, settings, players)  # every option checked before any game
    if out_file is not None:
        check_writable_file(out_file, (".md", ".markdown", ".txt"))
    total = games * len(configured)
    progress = progress_bar()
    with stoppable_run(lambda stop: "nothing written"), progress:
        task = progress.add_task(f"{configured[0].name} ×{total}", total=total)
        run = run_balance(
            game, games, seed, settings, players, on_game=lambda: progress.advance(task)
        )
    text = report(run, str(cards) if cards is not None else "")
    if out_file is None:
        out.print(text, end="", markup=False)
        return
    write_text(out_file, text)
    err.print(f"wrote {out_file}")
