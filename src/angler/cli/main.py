"""The ``angler`` command line."""

from __future__ import annotations

import sys

import typer
from rich.console import Console
from rich.table import Table

from angler.core import AnglerError, all_games

app = typer.Typer(
    name="angler",
    help="Three fishing card games: play, simulate, replay and benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()


@app.callback()
def _root() -> None:
    """Three fishing card games: play, simulate, replay and benchmark."""


@app.command()
def games() -> None:
    """List the registered games with their player counts and options."""
    table = Table(title="angler games")
    table.add_column("game")
    table.add_column("players")
    table.add_column("options")
    table.add_column("about")
    for game in all_games():
        options = "\n".join(f"{o.name} (default {o.default!r}): {o.help}" for o in game.options)
        players = f"{game.min_players}–{game.max_players} (default {game.default_players})"
        table.add_row(game.name, players, options or "—", game.summary)
    console.print(table)


def main() -> None:
    """Entry point: user errors print one line and exit with status 2, without a traceback.

    Typer reports usage errors itself (status 2); AnglerError from a command is caught here.
    """
    try:
        app()
    except AnglerError as exc:
        Console(stderr=True).print(f"[bold red]error:[/] {exc}", highlight=False)
        sys.exit(2)
