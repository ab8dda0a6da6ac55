"""Helpers shared by the commands: consoles, option parsing, safe file writing."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from angler.core.errors import AnglerError

SEATS_NOTE = "Seats are numbered from 1 on the command line and in tables, from 0 in JSON and CSV."

# Piped or redirected output has no terminal width to follow: 110 columns keep every table whole.
out = Console(highlight=False, soft_wrap=True, width=None if sys.stdout.isatty() else 110)
"""Standard output: results."""
err = Console(stderr=True, highlight=False, soft_wrap=True)
"""Standard error: progress and messages."""


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``--option key=value`` pairs as a dict; the game reads and checks each value."""
    options: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise AnglerError(f"--option needs key=value, not {pair!r}")
        if key == "players":
            raise AnglerError("give the player count with --players, not --option players=…")
        options[key] = value.strip()
    return options


def seat_from_cli(seat: int, players: int, flag: str) -> int:
    """A 1-based seat number from the command line as a 0-based seat."""
    if not 1 <= seat <= players:
        raise AnglerError(f"{flag} must be a seat from 1 to {players}, not {seat}")
    return seat - 1


def check_writable_file(path: Path, suffixes: Sequence[str] = ()) -> None:
    """Fail early (before any work) if ``path`` cannot be written as a file."""
    if suffixes and path.suffix.lower() not in suffixes:
        raise AnglerError(f"{path}: the file name must end in {' or '.join(suffixes)}")
    if path.is_dir():
        raise AnglerError(f"{path} is a folder, not a file")
    if not path.parent.is_dir():
        raise AnglerError(f"cannot write {path}: folder {path.parent} does not exist")


def check_writable_folder(path: Path) -> None:
    if path.exists() and not path.is_dir():
        raise AnglerError(f"{path} exists and is not a folder")
    if not path.exists() and not path.parent.is_dir():
        raise AnglerError(f"cannot create {path}: folder {path.parent} does not exist")


def write_text(path: Path, text: str) -> None:
    """Write a file; an OS error becomes a one-line AnglerError."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise AnglerError(f"cannot write {path}: {exc.strerror}") from None


def make_folder(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise AnglerError(f"cannot create folder {path}: {exc.strerror}") from None


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def emit_json(data: Any) -> None:
    """Print JSON on standard output, plain (no colour, no wrapping), for programs to read."""
    sys.stdout.write(dumps(data))
    sys.stdout.flush()


# Options several commands share, declared once.
GameArgument = Annotated[str, typer.Argument(help="Game name (see `angler games`).")]
PlayersOption = Annotated[
    int | None, typer.Option("--players", "-p", help="Players (default: the game's).")
]
GameOptions = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Game option key=value (repeatable)."),
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
