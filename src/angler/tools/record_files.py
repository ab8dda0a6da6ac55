"""Finished records named on a measuring tool's command line, each checked in one line."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

from angler.core.errors import AnglerError
from angler.core.records import Record, load_record, player_count


def fail(prog: str, message: str) -> NoReturn:
    """The tool's one-line error, and exit status 2 as the rest of the command line."""
    print(f"{prog}: {message}", file=sys.stderr)
    raise SystemExit(2)


def finished_records(prog: str, paths: list[Path], seat: int) -> list[tuple[Path, Record]]:
    """Each record read, or ``prog``'s one-line error: unreadable, unfinished, or without the
    seat (0 = the first)."""
    records = []
    for path in paths:
        try:
            record = load_record(path)
        except (AnglerError, OSError) as problem:
            fail(prog, f"{path}: {problem}")
        if record.result is None:
            fail(prog, f"{path}: the game is not finished")
        if not 0 <= seat < player_count(record):
            players = player_count(record)
            fail(prog, f"{path}: there is no seat {seat + 1} in this {players}-player game")
        records.append((path, record))
    return records
