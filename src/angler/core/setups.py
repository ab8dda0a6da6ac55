"""Reading a set-up (``Game.state_from_setup``): the checks every game's set-up reader shares.

A set-up comes as JSON (a record's ``setup``, a puzzle file), so any value may stand anywhere:
each reader here raises AnglerError naming the key, on one line. Every game's set-up may also
hold ``chance_counter``: how many chance events the seed has already made, so a position written
down by ``Game.setup_of`` draws the same luck next as the game it was taken from.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from angler.core.errors import AnglerError
from angler.core.numbers import whole

MAX_COUNTER = 10**9  # chance events: far more than any game draws
CHANCE_COUNTER = "chance_counter"


def checked_keys(setup: Any, known: Collection[str]) -> Mapping[str, Any]:
    """``setup`` is an object whose keys are all ``known`` (``chance_counter`` always is)."""
    if not isinstance(setup, Mapping):
        raise AnglerError("setup must be an object")
    unknown = set(setup) - set(known) - {CHANCE_COUNTER}
    if unknown:
        raise AnglerError(f"setup has an unknown key {sorted(unknown)[0]!r}")
    return setup


def number(setup: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (``default`` when the key is absent)."""
    return whole(setup[key], f"setup {key!r}", low, high) if key in setup else default


def seat_or_none(setup: Mapping[str, Any], key: str, players: int) -> int:
    """A seat (0 to players - 1), or -1 for ``null`` or an absent key."""
    value = setup.get(key)
    return -1 if value is None else whole(value, f"setup {key!r}", 0, players - 1)


def flag(setup: Mapping[str, Any], key: str) -> bool:
    value = setup.get(key, False)
    if not isinstance(value, bool):
        raise AnglerError(f"setup {key!r} must be true or false")
    return value


def texts(value: Any, what: str, *, nulls: bool = False) -> list[Any]:
    """A list of texts (card names), ``null`` among them if ``nulls``."""
    if not isinstance(value, list) or not all(
        isinstance(item, str) or (nulls and item is None) for item in value
    ):
        raise AnglerError(f"setup {what!r} must be a list of card names")
    return value


def per_seat(setup: Mapping[str, Any], key: str, players: int, default: Any) -> list[Any]:
    """One entry per seat (``default`` for each when the key is absent)."""
    value = setup.get(key, [default] * players)
    if not isinstance(value, list) or len(value) != players:
        raise AnglerError(f"setup {key!r} must hold one entry per seat ({players})")
    return value


def numbers(value: Any, what: str, low: int, high: int) -> list[int]:
    """A list of whole numbers from ``low`` to ``high``."""
    if not isinstance(value, list):
        raise AnglerError(f"setup {what!r} must be a list of whole numbers")
    return [whole(item, f"setup {what!r}", low, high) for item in value]


def chance_counter(setup: Mapping[str, Any], drawn: int) -> int:
    """The chance events already made: ``chance_counter`` if given, else ``drawn`` (those the
    set-up itself drew)."""
    return number(setup, CHANCE_COUNTER, drawn, 0, MAX_COUNTER)
