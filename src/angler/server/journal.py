"""What a room writes down so that nothing accepted is ever lost: its header and its actions.

A room is event-sourced: its header (the game, options, card set, seed and seats) and every
accepted action, appended in order, rebuild it exactly by replay. The room appends each action
to its ``Journal`` before the action counts as accepted; the durable store satisfies the protocol
(one transaction per append), and ``MemoryJournal`` does for tests.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from angler.core.errors import AnglerError

UNDO = "undo"
"""The action text of an accepted undo: no game has an action of that name, and a replay must
take the move back exactly where the room did."""


@dataclass(frozen=True)
class RoomHeader:
    """What a room is: enough, with its actions, to rebuild it by replay."""

    game: str
    options: dict[str, Any]  # as Game.describe_options() gives them (players included)
    cards: dict[str, Any] | None  # an uploaded card set (JSON), or None for the bundled one
    seed: int
    seats: list[str]  # per seat: "human", "open", or a bot level/agent name
    settings: dict[str, Any] = field(default_factory=dict)  # room settings (grace, timers), JSON


@dataclass(frozen=True)
class StoredAction:
    """One accepted action: a move as its canonical text, or ``UNDO``."""

    index: int  # 0, 1, 2…: the room's version after it is index + 1
    seat: int
    action: str  # canonical text, or UNDO
    outcomes: list[list[int]] | None  # chance outcomes as records store them (core/records.py)
    # A bot's move for a person's seat (taken over, or out of time): replayed as a bot's, so
    # nobody undoes back across it after a rebuild either.
    by_bot: bool = False
    # The seats deciding after it: the store keeps them so that any node lists the live rooms
    # (whose turn it is) without rebuilding them. None: not known (stored before they were kept).
    to_act: tuple[int, ...] | None = None


class StaleActionError(AnglerError):
    """An append whose index is not the next one (a duplicate or a lost race): nothing stored."""


class Journal(Protocol):
    def append(self, action: StoredAction) -> None:
        """Store ``action`` durably; StaleActionError (nothing stored) if its index is not the
        next one."""

    def append_soon(self, action: StoredAction) -> asyncio.Future[None]:
        """``append`` without waiting, on the event loop: the future is done once it is stored
        (or refused)."""

    def in_doubt(self) -> bool:
        """Whether an append broke off with the database (``settle`` first, in a thread)."""

    def settle(self) -> None:
        """Resolve an append that broke off, before the next one (blocking: a database call)."""


def done_now(append: Callable[[], None]) -> asyncio.Future[None]:
    """A future already holding ``append()``'s outcome: for journals that store at once (on the
    event loop)."""
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    try:
        append()
    except Exception as exc:
        done.set_exception(exc)
    else:
        done.set_result(None)
    return done


class MemoryJournal:
    """A journal in memory, for tests and rooms nobody needs to keep."""

    def __init__(self, actions: list[StoredAction] | None = None) -> None:
        self.actions: list[StoredAction] = list(actions or [])

    def append(self, action: StoredAction) -> None:
        expected = len(self.actions)
        if action.index != expected:
            raise StaleActionError(
                f"action {action.index} is not the next one to store (that is {expected})"
            )
        self.actions.append(action)

    def append_soon(self, action: StoredAction) -> asyncio.Future[None]:
        return done_now(lambda: self.append(action))

    def in_doubt(self) -> bool:
        return False

    def settle(self) -> None:
        """Nothing breaks off in memory."""
