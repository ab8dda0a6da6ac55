"""Every game played with people is saved after each move in a per-user data folder, so a game
cut short (closed terminal, crash, ``q``) is never lost: ``angler play --resume`` with no file
offers the last unfinished one.

The folder is the platform's user data folder for angler (``platformdirs``), or the folder named
by the environment variable ``ANGLER_DATA_DIR`` (tests point it at a temporary folder).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from angler.core.errors import AnglerError
from angler.core.records import load_record, replay

if TYPE_CHECKING:
    from angler.play.match import Match

DATA_DIR_VARIABLE = "ANGLER_DATA_DIR"
KEEP = 20  # autosaves kept; older ones are removed


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("angler", appauthor=False))


def folder() -> Path:
    return data_dir() / "autosave"


def new_path(game_name: str, seed: int) -> Path:
    """A fresh file for a new game: when it started, the game and its seed."""
    stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{game_name}-{seed}"
    path = folder() / f"{stem}.json"
    count = 1
    while path.exists():
        count += 1
        path = folder() / f"{stem}-{count}.json"
    return path


def write(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all (a half-written record would not resume); OSError if
    the folder cannot be written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)
    _prune(path.parent)


def _prune(where: Path) -> None:
    saves = sorted(where.glob("*.json"), key=_modified, reverse=True)
    for old in saves[KEEP:]:
        old.unlink(missing_ok=True)


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def keep(match: Match, path: Path | None = None) -> None:
    """Autosave ``match`` after every move, to ``path`` (a game resumed from its autosave) or a
    new file; the game as it stands is saved at once."""
    match.autosave_to = path or new_path(match.game.name, match.seed)
    match.autosave()


@dataclass(frozen=True)
class Saved:
    """An unfinished autosaved game, described for a person."""

    path: Path
    title: str
    players: int
    moves: int
    saved: datetime

    def describe(self) -> str:
        return (
            f"{self.title}, {self.players} players, move {self.moves}, "
            f"saved {self.saved:%Y-%m-%d %H:%M}"
        )


def last_unfinished() -> Saved | None:
    """The most recently saved game that is not over (finished games are not offered; files
    that no longer replay are passed over)."""
    for path in sorted(folder().glob("*.json"), key=_modified, reverse=True):
        try:
            state = replay(load_record(path))
        except (AnglerError, OSError):
            continue
        if state.is_terminal():
            continue
        game = state.game
        return Saved(
            path,
            getattr(game, "title", game.name),
            game.players,
            len(state.history),
            datetime.fromtimestamp(_modified(path)),
        )
    return None
