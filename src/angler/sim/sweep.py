"""What ``angler analyse --sweep PATH=V1,V2,…`` varies: one game option, or one value in the card
file, named by its path, and set to each value in turn.

A path is read against the game's options first, then against the card file:

- ``out_of_series``: a game option, by its name as ``-o`` spells it (values as ``-o`` takes them);
- ``sea.scatter_mm_per_sqrt_card``: a rule or table value, by its keys in the file, dot-separated
  (the paths a comparison's "what changed" names);
- ``G1.value``: a card's field, by the card's name and the field; every copy of the card changes.
  A card's name alone is enough when one list holds it; else name the list first:
  ``fish.F7.size``, ``out_of_series.fish.GoldenFish.size``.

>>> data = {"sea": {"scatter": 29}, "cards": [{"name": "G1", "value": 1}]}
>>> swept_card_data(data, "G1.value", "30")["cards"]
[{'name': 'G1', 'value': 30}]
>>> swept_card_data(data, "sea.scatter", "60")["sea"]
{'scatter': 60}
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from angler.core.data import card_set_file, read_json
from angler.core.errors import AnglerError
from angler.core.numbers import described
from angler.core.registry import make_game

MOST_NAMED = 8  # keys or cards an error lists as the choices, before "…"


class SweepError(AnglerError):
    """A ``--sweep`` that names no value, or gives a value it cannot take."""


@dataclass(frozen=True)
class Sweep:
    """What a sweep varies, and the values in the designer's order."""

    path: str
    values: tuple[str, ...]  # as the designer wrote them
    option: bool  # a game option; else a value in the card file
    cards: str = ""  # the card file, as the designer named it; "" for the game's own

    @property
    def label(self) -> str:
        """``option out_of_series`` or ``sea.scatter_mm_per_sqrt_card``: the x axis's name."""
        return f"option {self.path}" if self.option else self.path

    @property
    def numeric(self) -> bool:
        """Every value a number: the figures space them by value rather than evenly."""
        return all(_number(value) is not None for value in self.values)

    def positions(self) -> list[float]:
        """Where each value sits on a figure's x axis."""
        if self.numeric:
            return [float(_number(value) or 0.0) for value in self.values]
        return [float(k) for k in range(len(self.values))]


@dataclass(frozen=True)
class SweepSides:
    """A sweep's sides, one per value: each one's card file and the options it sets."""

    sweep: Sweep
    card_files: list[str]
    variants: list[dict[str, Any]]


def sweep_sides(
    game_name: str, options: Mapping[str, Any], cards: str, text: str, files: ExitStack
) -> SweepSides:
    """The sides of ``--sweep text``, every one checked by making its game. A swept card file is
    written as a file (games read their cards from one) that lasts as long as ``files``."""
    settings = {**options, **({"cards": cards} if cards else {})}
    game = make_game(game_name, **settings)
    names = [option.name for option in game.options]
    source = getattr(getattr(game, "cards", None), "source", "")
    data = read_json(Path(source)) if source else None
    sweep = replace(parse_sweep(text, names, data), cards=cards)
    if sweep.option and sweep.path in options:
        raise SweepError(f"--sweep {sweep.path}: it is set by --option too; give it once")
    if sweep.option:
        card_files = [cards] * len(sweep.values)
        variants = [{sweep.path: value} for value in sweep.values]
    else:
        card_files = [
            str(files.enter_context(card_set_file(swept_card_data(data, sweep.path, value))))
            for value in sweep.values
        ]
        variants = [{} for _ in sweep.values]
    for value, side_cards, variant in zip(sweep.values, card_files, variants, strict=True):
        try:
            make_game(game_name, **{**settings, **variant, **_cards(side_cards)})
        except AnglerError as error:
            raise SweepError(f"--sweep {sweep.path}={value}: {_without_file(error)}") from None
    return SweepSides(sweep, card_files, variants)


def _cards(card_file: str) -> dict[str, str]:
    return {"cards": card_file} if card_file else {}


def _without_file(error: AnglerError) -> str:
    """The game's message about a swept card file, without the temporary file's name."""
    text = str(error)
    prefix, sep, rest = text.partition(": ")
    return rest if sep and prefix.startswith("card file ") else text


def parse_sweep(text: str, options: Sequence[str], card_data: Any) -> Sweep:
    """``PATH=V1,V2,…`` checked against the game's option names and its card file (JSON), so
    that a bad path or value is a one-line error before any game is played."""
    path, sep, listed = text.partition("=")
    path = path.strip()
    if not sep or not path:
        raise SweepError(f"--sweep needs PATH=V1,V2,…, not {text!r}")
    values = tuple(value.strip() for value in listed.split(","))
    if len(values) < 2 or not all(values):
        raise SweepError(
            f"--sweep {path}: give at least 2 values separated by commas, not {listed!r}"
        )
    repeated = [value for k, value in enumerate(values) if value in values[:k]]
    if repeated:
        raise SweepError(f"--sweep {path}: the value {repeated[0]} is given twice")
    if path == "players":
        raise SweepError("--sweep players: give each player count with --players instead")
    if path == "cards":
        raise SweepError("--sweep cards: to compare two card files, use --compare FILE2")
    if path in options:
        return Sweep(path, values, option=True)
    if card_data is None:
        raise SweepError(f"--sweep {path}: no such option, and this game reads no card file")
    for value in values:
        swept_card_data(card_data, path, value)  # every value checked now
    return Sweep(path, values, option=False)


def swept_card_data(data: Any, path: str, text: str) -> Any:
    """A copy of the card file's JSON with the value at ``path`` (every copy of a card) set to
    ``text``, read as the value there is: a number, true or false, a text, or null."""
    changed = copy.deepcopy(data)
    for record, key in _targets(changed, path.split("."), "", path):
        record[key] = _value_like(record[key], text, path)
    return changed


Target = tuple[dict[str, Any], str]  # a record, and the key of the value to set in it


def _targets(node: Any, parts: list[str], where: str, path: str) -> list[Target]:
    """The (record, key) pairs ``parts`` names under ``node``: one for a rule value, one per copy
    for a card's field."""
    head, rest = parts[0], parts[1:]
    here = f"{where}.{head}" if where else head
    if isinstance(node, dict) and head in node:
        if rest:
            return _targets(node[head], rest, here, path)
        if head == "name" and where:
            raise SweepError(f"--sweep {path}: a card's name cannot be swept")
        if isinstance(node[head], dict | list):
            return _not_one_value(node[head], here, path)
        return [(node, head)]
    if _named_records(node):
        copies = [record for record in node if record["name"] == head]
        if not copies:
            cards = _choices(dict.fromkeys(record["name"] for record in node))
            raise SweepError(f"--sweep {path}: {where} has no card {head!r} (cards: {cards})")
        if not rest:
            fields = _choices(key for key in copies[0] if key != "name")
            raise SweepError(
                f"--sweep {path}: name a field of {head}, as {here}.FIELD (fields: {fields})"
            )
        return [target for record in copies for target in _targets(record, rest, here, path)]
    if isinstance(node, dict):
        lists = list(_lists_holding(node, head, where))
        if len(lists) == 1:
            return _targets(lists[0][1], parts, lists[0][0], path)
        if len(lists) > 1:
            held = " and ".join(name for name, _ in lists)
            raise SweepError(
                f"--sweep {path}: {head} is a card in {held}: write {lists[0][0]}.{path}"
            )
        if isinstance(node.get("name"), str):  # a card: its fields
            fields = _choices(key for key in node if key != "name")
            raise SweepError(f"--sweep {path}: {where} has no field {head!r} (fields: {fields})")
        keys = _choices(node)
        raise SweepError(
            f"--sweep {path}: {where or 'the card file'} has no key or card {head!r} (keys: {keys})"
        )
    raise SweepError(f"--sweep {path}: {where} is {described(node)}, with nothing inside")


def _not_one_value(value: Any, here: str, path: str) -> list[Target]:
    if isinstance(value, dict):
        keys = _choices(value)
        raise SweepError(f"--sweep {path}: {here} holds several values; name one ({keys})")
    raise SweepError(f"--sweep {path}: {here} is a list; name one card and its field")


def _lists_holding(node: Any, name: str, where: str) -> list[tuple[str, list[Any]]]:
    """Every named-record list below ``node`` that holds a card called ``name``, with its path."""
    found: list[tuple[str, list[Any]]] = []
    for key, value in node.items() if isinstance(node, dict) else ():
        here = f"{where}.{key}" if where else str(key)
        if _named_records(value):
            if any(record["name"] == name for record in value):
                found.append((here, value))
        else:
            found += _lists_holding(value, name, here)
    return found


def _named_records(value: Any) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(item, dict) and isinstance(item.get("name"), str) for item in value)
    )


def _value_like(current: Any, text: str, path: str) -> Any:
    """``text`` as a value of the kind ``current`` is (a field that may be null takes any)."""
    if isinstance(current, str):
        return text
    try:
        value = json.loads(text)
    except ValueError:
        value = text
    if isinstance(current, bool):
        if not isinstance(value, bool):
            raise SweepError(f"--sweep {path}: it is true or false, not {text!r}")
    elif isinstance(current, int | float):
        if _number(text) is None:
            raise SweepError(f"--sweep {path}: it is a number, not {text!r}")
    elif current is None and isinstance(value, dict | list):
        raise SweepError(f"--sweep {path}: give one value, not {text!r}")
    return value


def _number(text: str) -> float | None:
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def _choices(names: Any) -> str:
    shown = [str(name) for name in names]
    more = ", …" if len(shown) > MOST_NAMED else ""
    return ", ".join(shown[:MOST_NAMED]) + more
