"""Walking a JSON tree (a payload, a board model): every value in it, containers included."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def nodes(value: Any) -> Iterator[Any]:
    """``value`` and everything inside it, depth first: dicts, lists and the leaves."""
    yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from nodes(item)
    elif isinstance(value, list):
        for item in value:
            yield from nodes(item)


def integers(value: Any) -> Iterator[int]:
    """Every integer in the tree (booleans are not numbers here)."""
    return (node for node in nodes(value) if type(node) is int)
