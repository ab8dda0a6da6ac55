"""What changed between two card files: a structural diff of their JSON, in the file's own words
(and which game options a comparison changes).

A list of records that have a ``name`` (a game's cards: Fishing's ``cards``, Crazy Fishing's
``rods``, ``baits`` and ``fish``, Flip & Fish's ``fishing`` and ``shopping``) is compared card by
card, by name, so that a card moved within its list is no change and a card's copies are told
apart; every other value (a rule or table value such as Crazy Fishing's
``sea.scatter_mm_per_sqrt_card``) is compared by its path in the file.

>>> a = {"sea": {"scatter": 29}, "cards": [{"name": "G1", "value": 1}, {"name": "G2", "value": 2}]}
>>> b = {"sea": {"scatter": 60}, "cards": [{"name": "G1", "value": 30}, {"name": "G3", "value": 3}]}
>>> [change.text for change in card_file_changes(a, b)]
['sea.scatter: 29 → 60', 'cards: G1: value 1 → 30', 'cards: G2 removed (value 2)', \
'cards: G3 added (value 3)']
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Change:
    """One difference between card file A and card file B."""

    path: str  # where in the file: "sea.scatter_mm_per_sqrt_card", or the card list's "fish"
    text: str  # in plain words: "fish: F7: size 7 → 30"
    card: str = ""  # the card's name when the change is a card's, else ""


def card_file_changes(a: Any, b: Any) -> list[Change]:
    """Every difference between two card files' JSON values, A's order first."""
    return list(_changes(a, b, ""))


def option_changes(a: dict[str, Any], b: dict[str, Any]) -> list[Change]:
    """Every game option B sets otherwise than A (``--compare-options``), as a change of its own:
    ``option out_of_series: none → all``.

    >>> [c.text for c in option_changes({"oos_rods": False}, {"oos_rods": True})]
    ['option oos_rods: false → true']
    """
    return [
        Change(f"option {key}", f"option {key}: {_shown(a.get(key))} → {_shown(b.get(key))}")
        for key in dict.fromkeys([*a, *b])
        if a.get(key) != b.get(key)
    ]


def changed_cards(changes: list[Change]) -> list[str]:
    """The names of the cards that differ (added, removed or changed), each once."""
    return list(dict.fromkeys(change.card for change in changes if change.card))


def _changes(a: Any, b: Any, path: str) -> Iterator[Change]:
    for where, what, card in _differences(a, b, path):
        yield Change(where, f"{where}: {what}", card)


def _differences(a: Any, b: Any, path: str) -> Iterator[tuple[str, str, str]]:
    """(path, what changed there, the card's name or "") for every difference."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in dict.fromkeys([*a, *b]):
            where = f"{path}.{key}" if path else str(key)
            if key not in b:
                yield where, f"removed (was {_shown(a[key])})", ""
            elif key not in a:
                yield where, f"added ({_shown(b[key])})", ""
            else:
                yield from _differences(a[key], b[key], where)
    elif _named_records(a) and _named_records(b):
        for text, card in _card_changes(a, b):
            yield path, text, card
    elif a != b:
        yield path, f"{_shown(a)} → {_shown(b)}", ""


def _named_records(value: Any) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(item, dict) and isinstance(item.get("name"), str) for item in value)
    )


def _card_changes(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> Iterator[tuple[str, str]]:
    """Cards compared by name. A name's copies (Crazy Fishing's two F7s) that are the same in
    both files are set aside first, so removing one copy is not read as changing the others."""
    copies_a, copies_b = _by_name(a), _by_name(b)
    for name in dict.fromkeys([*copies_a, *copies_b]):
        was, now = list(copies_a.get(name, [])), list(copies_b.get(name, []))
        total = len(was)
        for record in list(was):
            if record in now:
                was.remove(record)
                now.remove(record)
        pairs = list(zip(was, now, strict=False))
        changes = [_field_changes(old, new) for old, new in pairs]
        if changes and len(set(changes)) == 1:
            yield f"{name}{_copies(len(changes), total)}: {changes[0]}", name
        else:
            for change in changes:
                yield f"{name}{_copies(1, total)}: {change}", name
        after = len(copies_b.get(name, []))
        for what, left in (("removed", was[len(pairs) :]), ("added", now[len(pairs) :])):
            for record in left:
                fields = f" ({_fields(record)})" if len(record) > 1 else ""
                if total and after:  # the card stays, with a copy more or fewer
                    yield f"{name}: a copy {what}, copies {total} → {after}{fields}", name
                else:
                    yield f"{name} {what}{fields}", name


def _copies(changed: int, total: int) -> str:
    """Which of a card's copies a change is to: nothing when it has one, or all of them."""
    if total <= 1:
        return ""
    return " (every copy)" if changed == total else f" ({changed} of {total} copies)"


def _by_name(records: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    grouped: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        grouped.setdefault(record["name"], []).append(record)
    return grouped


def _field_changes(old: dict[str, Any], new: dict[str, Any]) -> str:
    """``value 1 → 30, stars 1 → 2``: a nested field (an ability's effect) by its dotted path."""
    return ", ".join(f"{where} {what}" for where, what, _ in _differences(old, new, ""))


def _fields(record: dict[str, Any]) -> str:
    return ", ".join(f"{key} {_shown(value)}" for key, value in record.items() if key != "name")


def _shown(value: Any) -> str:
    """A value as the file writes it, cut short: one line of a report."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "…"
