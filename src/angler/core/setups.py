"""Set-ups (``Game.state_from_setup``) are read through declared models: what every game's set-up
model shares.

A set-up comes as JSON (a record's ``setup``, a puzzle file); each game declares its keys as a
:class:`SetupModel` (core/models.py), so a bad value is refused on one line naming the key. What a
model cannot know (the player count, the cards of the edition) its game checks after reading.
Every game's set-up may hold ``chance_counter``: how many chance events the seed has already
made, so a position written down by ``Game.setup_of`` draws the same luck next as the game it
was taken from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, TypeVar

from angler.core.errors import AnglerError
from angler.core.models import AnglerModel, Whole, Word, read_model

MAX_COUNTER = 10**9  # chance events: far more than any game draws
MAX_SEAT = 99  # far more seats than any game has; each game checks its own player count
CHANCE_COUNTER = "chance_counter"

Card = Annotated[str, Word()]
"""A card's name, as its card file spells it."""
Seat = Annotated[int, Whole(0, MAX_SEAT)]
"""A seat, numbered from 0 (the game checks it is one of its seats)."""


class SetupModel(AnglerModel):
    """The base of every game's set-up model."""

    chance_counter: Annotated[int, Whole(0, MAX_COUNTER)] | None = None
    """How many chance events the seed has already made (default: those the set-up draws)."""


S = TypeVar("S", bound=SetupModel)


def read_setup(model: type[S], setup: Any) -> S:
    """``setup`` read as ``model``; AnglerError on one line naming the key otherwise."""
    return read_model(model, setup, "setup")


def per_seat(values: Sequence[Any], key: str, players: int) -> None:
    """``values`` hold one entry per seat."""
    if len(values) != players:
        raise AnglerError(f"setup: {key!r} must hold one entry per seat ({players})")


def seat(value: int | None, key: str, players: int) -> int:
    """A seat of this game (-1 for none: ``null`` or absent)."""
    if value is None:
        return -1
    if value >= players:
        raise AnglerError(f"setup: {key!r} must be a seat from 0 to {players - 1}, not {value}")
    return value


def chance_counter(setup: SetupModel, drawn: int) -> int:
    """The chance events already made: ``chance_counter`` if given, else ``drawn`` (those the
    set-up itself drew)."""
    return drawn if setup.chance_counter is None else setup.chance_counter
