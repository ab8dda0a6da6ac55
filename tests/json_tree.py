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


CARD_KEYS = frozenset({"id", "card", "mine", "winning_card"})  # a card id, or null
CARD_LISTS = frozenset(  # lists of card ids, in the three games' boards
    {"caught", "stockroom", "cards", "stock_cards", "hand", "pile", "bait", "removed"}
    | {"my_cast", "secret", "cast_cards", "baits", "rod"}
)


def board_card_ids(board: Any) -> set[int]:
    """Every card id a board model names: an integer under a card key (``card``, ``id``…) or in
    a list under a card-list key (``caught``, ``hand``…). Boards name cards by id alone, their
    facts being the game's catalogue (``presentation.catalogue()``)."""
    found: set[int] = set()
    for node in nodes(board):
        if not isinstance(node, dict):
            continue
        for key, value in node.items():
            if key in CARD_KEYS and type(value) is int:
                found.add(value)
            elif key in CARD_LISTS and isinstance(value, list):
                found.update(item for item in value if type(item) is int)
    return found
