"""A player's view: the one thing any interface, log, export or bot is allowed to read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from angler.core.events import PUBLIC, Event, event_to_json, same_events

T = TypeVar("T")
V = TypeVar("V", bound="View")


@dataclass(frozen=True)
class View:
    """Base of every game's view. ``events`` holds the events this player may see. ``player``
    is the seat, or PUBLIC (-1) for a spectator's view: public things only."""

    game: str
    player: int
    players: int
    events: tuple[Event, ...]

    @property
    def spectator(self) -> bool:
        """Whether this is the view of no seat (``state.view(PUBLIC)``)."""
        return self.player == PUBLIC

    def as_dict(self, since: int = 0) -> dict[str, Any]:
        """A JSON-ready dictionary of every field; events in their JSON form (docs/events.md),
        from the ``since``-th on (a view's events only grow: an update sends the new ones)."""
        return {
            f.name: [event_to_json(e) for e in self.events[since:]]
            if f.name == "events"
            else plain(getattr(self, f.name))
            for f in fields(self)
        }


def view_of(kind: type[V], values: dict[str, Any]) -> V:
    """The view ``kind(**values)`` makes, every field given by name, made without the frozen
    dataclass's ``__init__``: it sets each field with an ``object.__setattr__`` of its own, half
    the cost of a view of thirty or forty fields, and the server makes one for every seat after
    every move. ``values`` becomes the view's own dictionary: the caller keeps no hold on it."""
    names = _FIELD_NAMES.get(kind)
    if names is None:  # one entry per view class
        names = _FIELD_NAMES[kind] = frozenset(field.name for field in fields(kind))
    if values.keys() != names:
        raise TypeError(f"a {kind.__name__}'s fields are {sorted(names)}, not {sorted(values)}")
    view = object.__new__(kind)
    object.__setattr__(view, "__dict__", values)
    return view


_FIELD_NAMES: dict[type[View], frozenset[str]] = {}


def same_view(this: View, that: View) -> bool:
    """Equal views whose events are of the same kinds too (``core/events.same_events``)."""
    return this == that and same_events(this.events, that.events)


def plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    return value


def own(per_seat: Sequence[T], player: int, nobody: T) -> T:
    """``player``'s own entry of a per-seat list (a hand, a pass, a peek), or ``nobody`` for a
    spectator: PUBLIC is -1, which as an index would show the last seat's entry."""
    return nobody if player == PUBLIC else per_seat[player]


def seat_line(player: int, players: int) -> str:
    """Who is looking, for a table's first line: "you are Player 2 of 4", or "you are watching
    4 players" for a spectator."""
    if player == PUBLIC:
        return f"you are watching {players} players"
    return f"you are Player {player + 1} of {players}"


def seat_name(seat: int, viewer: int | None = None) -> str:
    """How a log names a seat to ``viewer``: "you", or "Player 3" (seats count from 1 in words)."""
    return "you" if seat == viewer else f"Player {seat + 1}"


_BASE_FORMS = {
    "catches": "catch",
    "passes": "pass",
    "tries": "try",
    "fishes": "fish",
    "has": "have",
}


def subject(seat: int, viewer: int | None, verb: str, *, start: bool = True) -> str:
    """Subject and verb for a log line: "Player 2 plays" or "You play" (``verb`` is given in the
    third person); ``start=False`` inside a sentence: "you play"."""
    if seat != viewer:
        return f"Player {seat + 1} {verb}"
    base = _BASE_FORMS.get(verb, verb[:-1] if verb.endswith("s") else verb)
    return f"{'You' if start else 'you'} {base}"


def sentence(text: str) -> str:
    """A log line with its first letter capital, whatever word starts it ("Monster fish 8 …")."""
    return text[:1].upper() + text[1:]


def scores_line(scores: tuple[int, ...] | list[int], viewer: int | None) -> str:
    """``Scores: you 12, Player 2 9, …``."""
    return "Scores: " + ", ".join(f"{seat_name(s, viewer)} {p}" for s, p in enumerate(scores))


def listed(names: list[str]) -> str:
    """``Player 1``, ``Player 1 and Player 2``, ``Player 1, Player 2 and Player 3``."""
    return names[0] if len(names) < 2 else ", ".join(names[:-1]) + " and " + names[-1]


def game_over_line(scores: tuple[int, ...] | list[int], viewer: int | None) -> str:
    """Who won (equal top scores share the victory), in words."""
    best = max(scores)
    names = [seat_name(s, viewer) for s, p in enumerate(scores) if p == best]
    won = listed(names)
    verb = "win" if len(names) > 1 or won == "you" else "wins"
    return f"Game over: {won} {verb} with {best}"


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``1 trophy``, ``2 trophies``: a count with its noun in the right number."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
