"""Events: what happened in a game, as frozen typed values (the log players read).

Each game declares its events in its own ``events.py``: one ``typing.NamedTuple`` per kind (as
cheap as a tuple, frozen, and its fields are the schema that mypy and a reader see), registered
with a stable kind name and its audience::

    @public("trick")
    class Trick(NamedTuple):
        seat: int
        card: int
        cards: tuple[int, ...]

Events are NamedTuples and nothing more: they compare and hash as tuples, so two events of
different kinds with equal values are equal; ``same_events`` compares their kinds too.

A ``@public`` event is seen by every seat (audience PUBLIC); a ``@private`` one only by the seat in
its ``seat`` field. An event that shows those who see it something they could not know (a card
drawn from a face-down pile, a fish turned face up) says so with ``reveals=`` (``reveals``, below):
a move that adds one its maker sees cannot be taken back (``core/fairness.py``).

Views keep the events their seat may see; readers dispatch on the type
(``match event: case Trick(): ...``). Actions are not events: the state keeps them apart, as
``(seat, code)``, in its history.

Every event has a JSON form (docs/events.md), ``{"kind": ..., "audience": ..., <field>: ...}``
with card ids left as ids, which ``event_from_json`` reads back given the game's event types.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Protocol, TypeVar

from pydantic import TypeAdapter, ValidationError

from angler.core.errors import EventError

PUBLIC: Final = -1
"""The audience of an event every seat sees."""


class Event(Protocol):
    """Any game's event: a NamedTuple registered with ``@public`` or ``@private``."""

    @property
    def _fields(self) -> tuple[str, ...]: ...

    def _asdict(self) -> dict[str, Any]: ...


E = TypeVar("E", bound=type[Any])

_KIND: dict[type[Any], str] = {}
_PRIVATE: set[type[Any]] = set()

ALL_BUT_SEAT: Final = "all-but-seat"
"""``reveals=ALL_BUT_SEAT``: the event shows every seat but its ``seat`` something hidden (a
secret that seat made itself, turned face up)."""

Reveals = bool | str
"""How an event kind reveals: False (never), True (always, to whoever sees it), ALL_BUT_SEAT, or
the name of one of its fields: it reveals when that field is true (a count above 0, a flag)."""

_REVEALS: dict[type[Any], Reveals] = {}


def _register(kind: str, cls: type[Any], private: bool, reveals: Reveals = False) -> None:
    fields = getattr(cls, "_fields", None)
    if not isinstance(fields, tuple):
        raise TypeError(f"event {kind!r}: {cls.__name__} is not a NamedTuple")
    if private and (not fields or fields[0] != "seat"):
        raise TypeError(f"private event {kind!r}: its first field must be the seat that sees it")
    if {"kind", "audience"} & set(fields):
        raise TypeError(f"event {kind!r}: 'kind' and 'audience' are not fields (JSON adds them)")
    if isinstance(reveals, str) and reveals != ALL_BUT_SEAT and reveals not in fields:
        raise TypeError(f"event {kind!r}: reveals={reveals!r} names none of its fields")
    if reveals == ALL_BUT_SEAT and (not fields or fields[0] != "seat"):
        raise TypeError(f"event {kind!r}: reveals=ALL_BUT_SEAT needs a first field 'seat'")
    _KIND[cls] = kind
    if private:
        _PRIVATE.add(cls)
    if reveals is not False:
        _REVEALS[cls] = reveals


def public(kind: str, *, reveals: Reveals = False) -> Callable[[E], E]:
    """Declare an event every seat sees, under the stable name ``kind``; ``reveals`` says
    whether it shows them something hidden (``Reveals``)."""

    def declare(cls: E) -> E:
        _register(kind, cls, private=False, reveals=reveals)
        return cls

    return declare


def private(kind: str, *, reveals: Reveals = False) -> Callable[[E], E]:
    """Declare an event only the seat in its first field, ``seat``, sees; ``reveals`` says
    whether it shows that seat something hidden (``Reveals``)."""

    def declare(cls: E) -> E:
        _register(kind, cls, private=True, reveals=reveals)
        return cls

    return declare


def same_events(these: Sequence[Event], those: Sequence[Event]) -> bool:
    """The same events, kind by kind: events compare as the tuples they are (a NamedTuple's
    equality), so a private cast equals a public reveal with the same values. A check that a
    seat saw nothing new compares kinds too."""
    return list(these) == list(those) and list(map(type, these)) == list(map(type, those))


def is_private(event_type: type[Any]) -> bool:
    """Whether events of this type are seen by their own seat alone."""
    return event_type in _PRIVATE


def reveals_rule(event_type: type[Any]) -> Reveals:
    """How events of this type reveal (``Reveals``; False if they never do)."""
    return _REVEALS.get(event_type, False)


def reveals(event: Event, seat: int) -> bool:
    """Whether ``event`` shows ``seat`` something it could not know: ``seat`` sees it (public, or
    private to it) and its kind's ``reveals`` rule holds for ``seat``."""
    rule = _REVEALS.get(type(event), False)
    if rule is False:
        return False
    if type(event) in _PRIVATE and event[0] != seat:  # type: ignore[index]
        return False  # another seat's secret: ``seat`` does not see it
    if rule is True:
        return True
    if rule == ALL_BUT_SEAT:
        return bool(event[0] != seat)  # type: ignore[index]
    return bool(getattr(event, rule))


def kind_of(event: Event) -> str:
    """The event's stable kind name ("trick", "minus-three", …)."""
    return _KIND[type(event)]


def audience_of(event: Event) -> int:
    """PUBLIC, or the one seat that may see ``event``."""
    seat: int = event[0] if type(event) in _PRIVATE else PUBLIC  # type: ignore[index]
    return seat


def visible(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """The events ``seat`` may see: every public one and its own, in order."""
    hidden = _PRIVATE
    return tuple(e for e in events if type(e) not in hidden or e[0] == seat)  # type: ignore[index]


SeatFilter = Callable[[Sequence[Event], int], tuple[Event, ...]]
"""What one seat sees of some events (``visible``, or a game's own): it must work event by
event, so that what a seat sees of a longer log is what it saw of the shorter one and more."""

# ----- JSON -----


def event_to_json(event: Event) -> dict[str, Any]:
    """``{"kind": ..., "audience": ..., <field>: <value>, ...}``; tuples become lists."""
    return {"kind": kind_of(event), "audience": audience_of(event)} | {
        name: _plain(value) for name, value in event._asdict().items()
    }


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


def kinds(types: Iterable[type[Any]]) -> dict[str, type[Any]]:
    """Each kind name to its event type; raises if a type is not an event or a name repeats."""
    found: dict[str, type[Any]] = {}
    for cls in types:
        kind = _KIND.get(cls)
        if kind is None:
            raise TypeError(f"{cls.__name__} is not a declared event")
        if kind in found:
            twins = f"{found[kind].__name__} and {cls.__name__}"
            raise TypeError(f"two events are named {kind!r}: {twins}")
        found[kind] = cls
    return found


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(cls: type[Any]) -> TypeAdapter[Any]:
    """The pydantic reader of one event type (built once: building one takes a while)."""
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter


def event_from_json(data: Mapping[str, Any], types: Iterable[type[Any]]) -> Event:
    """Read an event's JSON form back, given the game's event types (``game.event_types``).
    Numbers are JSON's: no text or true/false for a number. A problem raises EventError naming
    the field."""
    if not isinstance(data, Mapping):
        raise EventError(f"an event is a JSON object, not {type(data).__name__}")
    kind = data.get("kind")
    cls = kinds(types).get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise EventError(f"unknown event kind {kind!r}")
    fields = {name: value for name, value in data.items() if name not in ("kind", "audience")}
    extra = sorted(set(fields) - set(cls._fields))
    if extra:
        raise EventError(f"{kind}: unknown field {extra[0]!r}")
    try:
        event: Event = _adapter(cls).validate_json(json.dumps(fields, allow_nan=False), strict=True)
    except ValidationError as exc:
        problem = exc.errors()[0]
        where = ".".join(str(part) for part in problem["loc"])
        raise EventError(f"{kind}: field {where!r}: {problem['msg']}") from None
    except (TypeError, ValueError) as exc:  # a value JSON cannot hold (NaN, an object)
        raise EventError(f"{kind}: {exc}") from None
    audience = data.get("audience", audience_of(event))
    if type(audience) is not int or audience != audience_of(event):
        raise EventError(
            f"{kind}: audience {audience!r} does not match the event's ({audience_of(event)})"
        )
    return event
