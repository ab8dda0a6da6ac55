"""The refusal of what only a finished game may show, in a module of its own: the archive, the
reviews and the refusals all name it, and the store imports the reviews' tables."""

from __future__ import annotations

from typing import ClassVar

from angler.core.errors import AnglerError


class UnfinishedError(AnglerError):
    """A record asked for before the game is over: a seat may see only its own view. (An HTTP
    refusal, not a room's: the room's refusals are the protocol page's table.)"""

    code: ClassVar[str] = "unfinished"
