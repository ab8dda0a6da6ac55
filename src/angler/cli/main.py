"""The ``angler`` command line.

Seats are numbered from 1 on the command line and in tables, and from 0 in JSON, CSV and records
(as in the code). Exit status: 0 success, 2 bad input (one line on standard error, nothing
written), 1 aborted, 130 interrupted.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import NoReturn

import typer
from click.exceptions import ClickException, NoArgsIsHelpError, UsageError
from rich.markup import escape
from rich.table import Table

from angler.cli.analyse import analyse_command
from angler.cli.balance import balance_command
from angler.cli.bench import bench_command
from angler.cli.cluster import cluster_command
from angler.cli.common import err, out
from angler.cli.loadtest import loadtest_command
from angler.cli.play import play_command
from angler.cli.replay import replay_command
from angler.cli.review import review_command
from angler.cli.review_check import review_check_command
from angler.cli.serve import serve_command
from angler.cli.simulate import simulate_command
from angler.cli.tournament import tournament_command
from angler.core import AnglerError, all_games
from angler.core.game import Option

app = typer.Typer(
    name="angler",
    help="Three fishing card games: play, simulate, tournaments, replay, balance and benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Plain help: flags read `--json` (no value shown) and paragraphs are re-wrapped at the
    # terminal's width (up to 100 columns), never broken where the source line ended.
    rich_markup_mode=None,
    context_settings={"max_content_width": 100},
)
console = out


@app.callback()
def _root() -> None:
    """Three fishing card games: play, simulate, tournaments, replay, balance and benchmark.

    Seats are numbered from 1 on the command line, from 0 in JSON, CSV and records.
    Bad input prints one line on standard error and exits with status 2.
    """


@app.command(short_help="The registered games, their player counts and options.")
def games() -> None:
    """List the registered games with their player counts and options."""
    table = Table(title="angler games")
    table.add_column("game")
    table.add_column("players")
    table.add_column("options")
    table.add_column("about")
    table.caption = (
        "Set an option with -o NAME=VALUE (e.g. angler play GAME -o cards=my-edition.json)."
    )
    for game in all_games():
        options = "\n".join(describe_option(option) for option in game.options)
        players = f"{game.min_players}–{game.max_players} (default {game.default_players})"
        table.add_row(game.name, players, options or "—", game.summary)
    console.print(table)


def describe_option(option: Option) -> str:
    """``oos_rods (default off): …``: the default as a person would type or say it."""
    value = option.default
    if value is None:  # the help says what happens without it, or nothing does
        default = "" if "default" in option.help else " (no default)"
    elif isinstance(value, bool):
        default = f" (default {'on' if value else 'off'})"
    else:
        default = f" (default {value})"
    return f"{option.name}{default}: {option.help}"


# Short help for the command list: one line each, whole at any width.
app.command("play", short_help="Play in the terminal against bots or friends.")(play_command)
app.command("tournament", short_help="Seat-rotated matches: win shares, intervals, ratings.")(
    tournament_command
)
app.command("simulate", short_help="Many games between agents: wins, scores, game length.")(
    simulate_command
)
app.command("replay", short_help="Check a record step by step; show scores or one view.")(
    replay_command
)
app.command("review", short_help="One seat's decisions in a finished game, each valued.")(
    review_command
)
app.command("review-check", short_help="Reviews of many games: accuracy, and the advice replayed.")(
    review_check_command
)
app.command("bench", short_help="Measure the engine's speed with random playouts.")(bench_command)
app.command("serve", short_help="Serve angler online: the HTTP API and its database.")(
    serve_command
)
app.command("cluster", short_help="HAProxy and N server nodes on one PostgreSQL: every core.")(
    cluster_command
)
app.command("loadtest", short_help="Concurrent games through a server: moves/s, latency.")(
    loadtest_command
)
app.command("balance", short_help="Heuristic players at every player count: a balance report.")(
    balance_command
)
app.command("analyse", short_help="A designers' report in HTML; compare two card files.")(
    analyse_command
)


def fail(message: str, status: int = 2) -> NoReturn:
    """Print ``error: message`` as one line on standard error and exit with ``status``."""
    line = " ".join(message.split())
    err.print(f"[bold red]error:[/] {escape(line)}", soft_wrap=True)
    sys.exit(status)


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: user errors print one line and exit with status 2, without a traceback.

    AnglerError (bad game, option, record, file …) and usage errors (unknown flag, bad value) are
    both reported as ``error: …`` on one line.
    """
    args = list(argv) if argv is not None else sys.argv[1:]
    try:
        status = app(args=args, prog_name="angler", standalone_mode=False)
    except AnglerError as exc:
        fail(str(exc))
    except NoArgsIsHelpError as exc:  # `angler` alone: the help, and a failing status
        print(exc.format_message(), flush=True)
        sys.exit(2)
    except UsageError as exc:
        where = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
        fail(exc.format_message() + where, exc.exit_code)
    except ClickException as exc:
        fail(exc.format_message(), exc.exit_code)
    except typer.Abort:
        err.print("aborted")
        sys.exit(1)
    sys.exit(status if isinstance(status, int) else 0)
