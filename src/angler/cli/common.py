"""Helpers shared by the commands: consoles, option parsing, safe file writing."""

from __future__ import annotations

import json
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from angler.core.errors import AnglerError
from angler.core.files import os_reason, shown
from angler.sim.stopping import RunStopped, sigterm_stops_runs

# Piped or redirected output has no terminal width to follow: 110 columns keep every table whole.
out = Console(highlight=False, soft_wrap=True, width=None if sys.stdout.isatty() else 110)
"""Standard output: results."""
err = Console(stderr=True, highlight=False, soft_wrap=True)
"""Standard error: progress and messages."""


def parse_options(pairs: Sequence[str] | None, flag: str = "--option") -> dict[str, str]:
    """``--option key=value`` pairs (or another ``flag``'s) as a dict; the game reads and checks
    each value."""
    options: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise AnglerError(f"{flag} needs key=value, not {pair!r}")
        if key == "players":
            raise AnglerError(f"give the player count with --players, not {flag} players=…")
        options[key] = value.strip()
    return options


def not_nan(value: float) -> float:
    """Callback for a float option with a range: click's range check lets NaN through (every
    comparison with it is false), and ``--seconds nan`` would then measure forever."""
    if math.isnan(value):
        raise typer.BadParameter("nan is not a number.")
    return value


def seat_from_cli(seat: int, players: int, flag: str) -> int:
    """A 1-based seat number from the command line as a 0-based seat."""
    if not 1 <= seat <= players:
        raise AnglerError(f"{flag} must be a seat from 1 to {players}, not {seat}")
    return seat - 1


def write_text(path: Path, text: str) -> None:
    """Write a file whole or not at all, so that an interrupted run never leaves half a file: a
    new or regular file is written beside itself under a temporary name, then renamed over
    (anything else, such as /dev/null, is written in place). An OS error becomes a one-line
    AnglerError."""
    try:
        if path.is_symlink() or (path.exists() and not path.is_file()):
            path.write_text(text, encoding="utf-8")
            return
        temporary = path.with_name(f".angler-{os.getpid()}.tmp")
        try:
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
    except OSError as exc:
        raise AnglerError(f"cannot write {shown(path)}: {os_reason(exc)}") from None


def make_folder(path: Path) -> None:
    """Create folder ``path`` and any missing parents."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise AnglerError(f"cannot create folder {shown(path)}: {os_reason(exc)}") from None


@contextmanager
def stoppable_run(kept: Callable[[RunStopped], str]) -> Iterator[None]:
    """Run a many-game loop that Ctrl-C or SIGTERM stops at once: then print one line saying
    how far it got and what was ``kept(stop)`` (written so far), and exit with 130 (143 for
    SIGTERM), as a shell expects of an interrupted command."""
    try:
        with sigterm_stops_runs():
            yield
    except RunStopped as stop:
        err.print(f"{stop}; {kept(stop)}", markup=False)
        sys.exit(stop.status)


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def emit_json(data: Any) -> None:
    """Print JSON on standard output, plain (no colour, no wrapping), for programs to read."""
    sys.stdout.write(dumps(data))
    sys.stdout.flush()


# Options several commands share, declared once.
GameArgument = Annotated[
    str, typer.Argument(metavar="GAME", help="Game name (see `angler games`).")
]
PlayersOption = Annotated[
    int | None, typer.Option("--players", "-p", metavar="N", help="Players (default: the game's).")
]
GameOptions = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE", help="Game option key=value (repeatable)."),
]


def progress_bar() -> Progress:
    """A progress bar on standard error, shown only on a terminal and gone when done."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )


def write_results(path: Path, as_json: dict[str, Any], as_csv: Callable[[], str]) -> None:
    """Write a run's results to ``path``: CSV for a .csv file, JSON otherwise."""
    text = as_csv() if path.suffix.lower() == ".csv" else json.dumps(as_json, indent=2) + "\n"
    write_text(path, text)
    err.print(f"wrote {path}")
