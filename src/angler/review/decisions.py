"""The decisions a review looks at: each one a seat made in a record, as that seat saw it.

This is the one place a review touches the true state: it replays the record and hands on, for
each decision, only the seat's view at that moment, its legal actions and the action it played.
Everything after (``estimate.py``) reads those alone, so a review cannot use what the seat did
not know: the record's real hidden cards never leave this module.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from angler.core.errors import AnglerError
from angler.core.records import Record, apply_entry, player_count, start_state
from angler.core.view import View


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: what it could know, and what it did."""

    step: int  # the record's action number (1 = the first action)
    view: View  # the seat's view just before it decided: all a review may read
    legal: tuple[int, ...]
    played: int


def decisions_of(record: Record, seat: int) -> Iterator[Decision]:
    """Every decision ``seat`` made in ``record`` with more than one legal action (a forced
    move is no decision), in order. AnglerError for a seat the game does not have."""
    players = player_count(record)
    if not 0 <= seat < players:
        raise AnglerError(
            f"there is no seat {seat} in this {players}-player game (0 to {players - 1})"
        )
    state: Any = start_state(record)
    game = state.game
    for step, entry in enumerate(record.actions, 1):
        if entry["player"] == seat:
            legal = tuple(state.legal_actions(seat))
            played = game.action_from_string(entry["action"])
            if len(legal) > 1:
                yield Decision(step=step, view=state.view(seat), legal=legal, played=played)
        apply_entry(state, entry, step)
