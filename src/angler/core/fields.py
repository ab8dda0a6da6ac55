"""A state's declared fields, each with the way a clone copies it.

A state class declares its fields once, as a table of copy policies, and takes its slots from it::

    class MyState(State):
        FIELDS = {"hands": COPY_EACH, "score": COPY, "phase": SHARED}
        __slots__ = tuple(FIELDS)

``State`` then writes the class's ``clone`` from the table (the base class's fields first), so a
field added later cannot be forgotten by the copy: a slot without a policy, or a policy without a
slot, is a TypeError when the class is created. Clone is on the search's hot path, so the copy is
compiled once per class into straight-line code (as ``dataclasses`` writes ``__init__``), as fast
as a hand-written one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Policy:
    """How a clone gets one field: ``template`` is the expression, ``{}`` the original's value."""

    name: str
    template: str

    def expression(self, value: str) -> str:
        return self.template.format(value)


SHARED = Policy("shared", "{}")
"""The same object: immutable values, and tables the rules replace but never change in place."""
COPY = Policy("copy", "{}.copy()")
"""A shallow copy: a list, dict or set of immutable items."""
COPY_EACH = Policy("copy each", "list(map(list.copy, {}))")  # faster than a comprehension
"""A list of lists (one per seat, say), each copied."""
CLONE = Policy("clone", "{}.clone()")
"""An object with its own ``clone`` (the state's ``Chance``)."""


def reset(value: int | list[Any] | None) -> Policy:
    """A cache the clone starts afresh with ``value`` (an int, None or an empty list)."""
    if not (value is None or value == [] or type(value) is int):
        raise TypeError(f"reset takes an int, None or [], not {value!r}")
    return Policy(f"reset to {value!r}", repr(value))


Fields = Mapping[str, Policy]


def declared_fields(cls: type) -> dict[str, Policy]:
    """Every field of ``cls`` with its policy, the base classes' first."""
    fields: dict[str, Policy] = {}
    for klass in reversed(cls.__mro__):
        fields.update(klass.__dict__.get("FIELDS", {}))
    return fields


def slots_of(cls: type) -> list[str]:
    """Every slot of ``cls`` and its bases (``__dict__`` and ``__weakref__`` included)."""
    slots: list[str] = []
    for klass in cls.__mro__:
        own = klass.__dict__.get("__slots__", ())
        slots += [own] if isinstance(own, str) else list(own)
    return slots


def undeclared(cls: type) -> list[str]:
    """Fields of ``cls`` that no copy policy covers: slots without one, or an instance dict."""
    fields = declared_fields(cls)
    missing = [name for name in slots_of(cls) if name not in fields]
    # A class in the hierarchy without __slots__ gives every instance a dict of loose fields.
    if any("__slots__" not in klass.__dict__ for klass in cls.__mro__[:-1]):
        missing.append("__dict__")
    return missing


def check_fields(cls: type) -> None:
    """Raise TypeError unless the fields ``cls`` declares are exactly its own slots."""
    own = cls.__dict__.get("FIELDS")
    slots = cls.__dict__.get("__slots__")
    if own is None:
        if slots:
            raise TypeError(
                f"{cls.__name__} has fields {sorted(slots)} without copy policies: declare "
                "FIELDS = {name: policy} and __slots__ = tuple(FIELDS)"
            )
        return
    for name, policy in own.items():
        if not isinstance(policy, Policy):
            raise TypeError(f"{cls.__name__}.{name}: {policy!r} is not a copy policy")
    if slots is None or sorted(slots) != sorted(own):
        raise TypeError(
            f"{cls.__name__}: __slots__ must be tuple(FIELDS), so that every field has a copy "
            "policy"
        )


def compile_clone(cls: type) -> Callable[[Any], Any]:
    """``clone(state)``: a new object of the state's own class, each field copied by its policy."""
    lines = ["def clone(self):", "    twin = new(type(self))"]
    for name, policy in declared_fields(cls).items():
        if not name.isidentifier():
            raise TypeError(f"{cls.__name__}: {name!r} is not a field name")
        lines.append(f"    twin.{name} = {policy.expression('self.' + name)}")
    lines.append("    return twin")
    namespace: dict[str, Any] = {"new": object.__new__}
    exec("\n".join(lines), namespace)  # the table's own text, nothing from outside
    clone: Callable[[Any], Any] = namespace["clone"]
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    clone.__doc__ = "An independent copy, each declared field copied by its policy."
    return clone
