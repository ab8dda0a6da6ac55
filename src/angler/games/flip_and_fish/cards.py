"""The Flip & Fish decks, read from a data file (``cards.json`` by default, or ``--cards FILE``).

One id space covers both decks: the fishing deck (trophy fish, regular fish, boots) first, then the
shopping deck (equipment). Copies of a card share a type name; each copy gets a unique name
(``Carp#3``) for actions and records, and every copy of a type must be the same card.

The tables of a ``CardSet`` are indexed by card id:

- ``kind``: ``TROPHY``, ``REGULAR``, ``BOOT`` (fishing deck) or ``DISCARD``, ``FLIP``,
  ``ONGOING`` (shopping deck);
- ``catch_rate``: a whole number, or ``None`` for boots and equipment (check it before comparing);
- ``bait``: the bait rating, 0 for a card that cannot be used as bait (trophies, boots, equipment);
- ``colour``: an index into ``COLOURS``, -1 for boots and equipment;
- ``ability``: a fish's ``Ability`` or ``None``; ``carp``: true for cards that are never discarded
  by the card limit or paid for a stocktake;
- ``effect`` and ``value``: an equipment card's effect and value (``None`` and 0 for fish).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from angler.core.cards import NamedCards, is_card_word
from angler.core.data import read_card_file
from angler.core.errors import AnglerError
from angler.core.numbers import is_whole, shown

DEFAULT_CARDS = Path(__file__).with_name("cards.json")
FORMAT = "angler-flip-and-fish-cards/1"

TROPHY, REGULAR, BOOT, DISCARD, FLIP, ONGOING = range(6)
KINDS = ("trophy", "regular", "boot", "discard", "flip", "ongoing")
FISHING_KINDS = KINDS[:3]
EQUIPMENT_KINDS = KINDS[3:]
COLOURS = ("blue", "green", "yellow", "red")
BAIT_RATINGS = (1, 2, 3)
MAX_CATCH_RATE = 99
MAX_ABILITY_VALUE = 99  # a catch rate +N or N cards: never more than a catch rate

# Fish abilities: effect -> (its timing, whether it carries a whole ``value`` >= 1).
TIMINGS = ("on-flip", "once-caught", "on-miss", "while-in-water")
ABILITIES: dict[str, tuple[str, bool]] = {
    "clear-water": ("on-flip", False),
    "catch-rate-up": ("on-flip", True),
    "reveal-nearest": ("on-flip", False),
    "lucky-dip": ("once-caught", False),
    "extra-turn": ("once-caught", False),
    "gear-up": ("once-caught", True),
    "bait-back": ("once-caught", False),
    "snap-line": ("on-miss", False),
    "swim-off": ("on-miss", False),
    "no-bait": ("while-in-water", False),
    "guarded": ("while-in-water", True),
    "shy": ("while-in-water", False),
}
ABILITY_TEXT = {
    "clear-water": "all other cards in the water are discarded and replaced face down",
    "catch-rate-up": "catch rate +{value} for this bite",
    "reveal-nearest": "the nearest other face-down card in the water is flipped face up",
    "lucky-dip": "take the top shopping card, even before the shop opens",
    "extra-turn": "take another turn after this one",
    "gear-up": "flip up to {value} of your used equipment face up",
    "bait-back": "keep the bait used this turn",
    "snap-line": "discard one equipment card of your choice",
    "swim-off": "the fish is discarded from the water",
    "no-bait": "no bait may be used against this fish",
    "guarded": "every other fish in the water has catch rate +{value}",
    "shy": "a strike adds nothing against this fish",
}

# Equipment effects: effect -> (the kinds it may have, its value's unit or None, its upper bound).
SPEAR = "spear"
EQUIPMENT: dict[str, tuple[tuple[int, ...], str | None, int]] = {
    "roll-bonus": ((DISCARD, FLIP), "points", 99),
    "reroll": ((DISCARD, FLIP), None, 0),
    "longer-ruler": ((ONGOING,), "mm", 1000),
    "steady-hand": ((ONGOING,), "percent", 100),
    "extra-bait": ((ONGOING,), "bait fish", 99),
    "colour-lure": ((FLIP,), None, 0),
    SPEAR: ((FLIP,), "catch rate", MAX_CATCH_RATE),
    "flashlight": ((FLIP,), None, 0),
    "landing-net": ((ONGOING,), "fish", 99),
    "tackle-box": ((ONGOING,), "equipment", 99),
    "snag-guard": ((DISCARD,), None, 0),
    "second-cast": ((DISCARD,), None, 0),
}
EQUIPMENT_TEXT = {
    "roll-bonus": "+{value} to the roll",
    "reroll": "roll the die again and keep the new face",
    "longer-ruler": "the ruler is {value} mm longer",
    "steady-hand": "your cast spreads {value}% less",
    "extra-bait": "announce up to {bait} bait fish",
    "colour-lure": "the colour bonus applies whatever the colours",
    SPEAR: "as your only action: take a face-up fish with catch rate at most {value}, no roll",
    "flashlight": "look at one face-down card in the water before casting",
    "landing-net": "fish limit +{value}",
    "tackle-box": "equipment limit +{value}",
    "snag-guard": "cancel a snag's effects",
    "second-cast": "after seeing where the die stops, cast once more and keep the second",
}
BASE_BAIT_FISH = 3  # "maximum of 3 bait fish per turn"

_FISH_FIELDS = frozenset({"name", "kind", "catch_rate", "bait", "colour", "carp", "ability"})
_ABILITY_FIELDS = frozenset({"timing", "effect", "value"})
_EQUIPMENT_FIELDS = frozenset({"name", "kind", "only_action", "effect", "value"})
_FILE_FIELDS = frozenset({"format", "title", "note", "fishing", "shopping"})


@dataclass(frozen=True)
class Ability:
    timing: str  # one of TIMINGS
    effect: str  # a key of ABILITIES
    value: int | None = None

    def label(self) -> str:
        """Plain words, for logs: ``on miss: discard one equipment card of your choice``."""
        text = ABILITY_TEXT[self.effect].format(value=self.value)
        return f"{self.timing.replace('-', ' ')}: {text}"


@dataclass(frozen=True)
class FishCard:
    """A fishing-deck card: a trophy fish, a regular fish or a boot."""

    id: int
    name: str  # unique: the type name, with #k for copies
    type_name: str
    kind: int  # TROPHY, REGULAR or BOOT
    catch_rate: int | None  # None for a boot
    bait: int | None  # bait rating; None if it cannot be used as bait
    colour: int  # index into COLOURS; -1 for a boot
    carp: bool
    ability: Ability | None

    def label(self) -> str:
        """Plain words, for logs: ``Carp (green fish, catch rate 3, bait 1)``, ``boot``."""
        if self.kind == BOOT:
            return "boot"
        what = "trophy" if self.kind == TROPHY else "fish"
        bait = f", bait {self.bait}" if self.bait else ""
        rate = f"catch rate {self.catch_rate}"
        return f"{self.type_name} ({COLOURS[self.colour]} {what}, {rate}{bait})"


@dataclass(frozen=True)
class EquipmentCard:
    """A shopping-deck card."""

    id: int
    name: str
    type_name: str
    kind: int  # DISCARD, FLIP or ONGOING
    only_action: bool  # "As your only action…"
    effect: str  # a key of EQUIPMENT
    value: int | None

    def label(self) -> str:
        """Plain words, for logs: ``Berley (discard: +3 to the roll)``."""
        text = EQUIPMENT_TEXT[self.effect].format(
            value=self.value, bait=BASE_BAIT_FISH + (self.value or 0)
        )
        return f"{self.type_name} ({KINDS[self.kind]}: {text})"


Card = FishCard | EquipmentCard


class CardSet(NamedCards[Card]):
    """An edition's two decks with lookup tables by id (see the module docstring)."""

    def __init__(self, cards: list[Card], source: str) -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        self.source = source
        self.by_name = {card.name: card.id for card in cards}
        self.kind = tuple(card.kind for card in cards)
        fish = [card if isinstance(card, FishCard) else None for card in cards]
        self.catch_rate = tuple(card.catch_rate if card else None for card in fish)
        self.bait = tuple((card.bait or 0) if card else 0 for card in fish)
        self.colour = tuple(card.colour if card else -1 for card in fish)
        self.carp = tuple(bool(card and card.carp) for card in fish)
        self.ability = tuple(card.ability if card else None for card in fish)
        gear = [card if isinstance(card, EquipmentCard) else None for card in cards]
        self.effect = tuple(card.effect if card else None for card in gear)
        self.value = tuple((card.value or 0) if card else 0 for card in gear)
        self.fishing_ids = tuple(card.id for card in cards if isinstance(card, FishCard))
        self.shopping_ids = tuple(card.id for card in cards if isinstance(card, EquipmentCard))
        self.trophy_ids = tuple(card.id for card in cards if card.kind == TROPHY)
        self.regular_ids = tuple(card.id for card in cards if card.kind == REGULAR)
        self.boot_ids = tuple(card.id for card in cards if card.kind == BOOT)

    def fish(self, card_id: int) -> FishCard:
        card = self.cards[card_id]
        if not isinstance(card, FishCard):
            raise ValueError(f"{card.name} is not a fishing-deck card")
        return card

    def equipment(self, card_id: int) -> EquipmentCard:
        card = self.cards[card_id]
        if not isinstance(card, EquipmentCard):
            raise ValueError(f"{card.name} is not a shopping-deck card")
        return card


def _name(raw: Any, where: str, fields: frozenset[str]) -> str:
    if not isinstance(raw, dict):
        raise AnglerError(f"{where}: expected an object")
    name = raw.get("name")
    if not is_card_word(name, forbidden="#"):
        raise AnglerError(f"{where}: 'name' must be a word without spaces or '#'")
    unknown = sorted(set(raw) - fields)
    if unknown:
        raise AnglerError(f"card {name} ({where}): unknown field {unknown[0]!r}")
    return name


def _ability(raw: Any, card: str) -> Ability | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise AnglerError(f"{card}: 'ability' must be null or an object")
    unknown = sorted(set(raw) - _ABILITY_FIELDS)
    if unknown:
        raise AnglerError(f"{card}: unknown ability field {unknown[0]!r}")
    timing, effect, value = raw.get("timing"), raw.get("effect"), raw.get("value")
    if timing not in TIMINGS:
        raise AnglerError(f"{card}: ability timing must be one of {', '.join(TIMINGS)}")
    if not isinstance(effect, str) or effect not in ABILITIES:
        raise AnglerError(f"{card}: unknown ability effect {shown(effect)}")
    expected, has_value = ABILITIES[effect]
    if timing != expected:
        raise AnglerError(f"{card}: ability {effect!r} has timing {expected!r}, not {timing!r}")
    if has_value and not (is_whole(value) and 1 <= value <= MAX_ABILITY_VALUE):
        raise AnglerError(
            f"{card}: ability {effect!r} needs a whole 'value' from 1 to {MAX_ABILITY_VALUE}"
        )
    if not has_value and value is not None:
        raise AnglerError(f"{card}: ability {effect!r} takes no 'value'")
    return Ability(timing, effect, value)


def _fish(index: int, raw: Any) -> FishCard:
    where = f"fishing card {index + 1}"
    name = _name(raw, where, _FISH_FIELDS)
    card = f"card {name} ({where})"
    kind = raw.get("kind")
    if kind not in FISHING_KINDS:
        raise AnglerError(f"{card}: kind must be one of {', '.join(FISHING_KINDS)}")
    rate, bait, colour = raw.get("catch_rate"), raw.get("bait"), raw.get("colour")
    carp = raw.get("carp", False)
    ability = _ability(raw.get("ability"), card)
    if not isinstance(carp, bool):
        raise AnglerError(f"{card}: 'carp' must be true or false")
    if kind == "boot":
        if rate is not None:
            raise AnglerError(f"{card}: a boot is always a miss, so its 'catch_rate' is null")
        if bait is not None or colour is not None:
            raise AnglerError(f"{card}: a boot has no 'bait' and no 'colour' (null)")
        if carp or ability is not None:
            raise AnglerError(f"{card}: a boot is not a Carp and has no ability")
        return FishCard(index, name, name, BOOT, None, None, -1, False, None)
    if not (is_whole(rate) and 1 <= rate <= MAX_CATCH_RATE):
        raise AnglerError(f"{card}: a fish needs a whole 'catch_rate' from 1 to {MAX_CATCH_RATE}")
    if colour not in COLOURS:
        raise AnglerError(f"{card}: 'colour' must be one of {', '.join(COLOURS)}")
    if kind == "trophy":
        if bait is not None:
            raise AnglerError(f"{card}: a trophy fish has no bait rating ('bait' is null)")
        if carp:
            raise AnglerError(f"{card}: only a regular fish can be a Carp")
    elif bait is not None and not (is_whole(bait) and bait in BAIT_RATINGS):
        raise AnglerError(f"{card}: 'bait' must be 1, 2, 3 or null")
    kind_id, colour_id = FISHING_KINDS.index(kind), COLOURS.index(colour)
    return FishCard(index, name, name, kind_id, rate, bait, colour_id, carp, ability)


def _equipment(index: int, raw: Any) -> EquipmentCard:
    where = f"shopping card {index + 1}"
    name = _name(raw, where, _EQUIPMENT_FIELDS)
    card = f"card {name} ({where})"
    kind, effect, value = raw.get("kind"), raw.get("effect"), raw.get("value")
    only_action = raw.get("only_action", False)
    if kind not in EQUIPMENT_KINDS:
        raise AnglerError(f"{card}: kind must be one of {', '.join(EQUIPMENT_KINDS)}")
    if not isinstance(effect, str) or effect not in EQUIPMENT:
        raise AnglerError(f"{card}: unknown equipment effect {shown(effect)}")
    kinds, unit, top = EQUIPMENT[effect]
    kind_id = KINDS.index(kind)
    if kind_id not in kinds:
        allowed = " or ".join(KINDS[k] for k in kinds)
        raise AnglerError(f"{card}: {effect!r} equipment must be {allowed}, not {kind!r}")
    if not isinstance(only_action, bool):
        raise AnglerError(f"{card}: 'only_action' must be true or false")
    if only_action != (effect == SPEAR):
        raise AnglerError(
            f"{card}: 'only_action' must be {str(effect == SPEAR).lower()} for {effect!r}"
        )
    if unit is None and value is not None:
        raise AnglerError(f"{card}: {effect!r} takes no 'value'")
    if unit is not None and not (is_whole(value) and 1 <= value <= top):
        raise AnglerError(f"{card}: {effect!r} needs a whole 'value' from 1 to {top} ({unit})")
    return EquipmentCard(index, name, name, kind_id, only_action, effect, value)


def _where(read: list[Card], index: int) -> str:
    fishing = sum(isinstance(card, FishCard) for card in read)
    if index < fishing:
        return f"fishing card {index + 1}"
    return f"shopping card {index - fishing + 1}"


def _same_card(a: Card, b: Card) -> bool:
    """Two copies of one type: equal in everything but the id."""
    return replace(a, id=0) == replace(b, id=0)


@cache
def load_cards(path: str | None = None) -> CardSet:
    """Read and check a card file; an invalid one raises AnglerError naming the card."""
    file, data = read_card_file(path, DEFAULT_CARDS)
    unknown = sorted(set(data) - _FILE_FIELDS)
    if unknown:
        raise AnglerError(f"card file {file}: unknown field {unknown[0]!r}")
    if data.get("format", FORMAT) != FORMAT:
        raise AnglerError(f"card file {file}: 'format' must be {FORMAT!r}")
    fishing, shopping = data.get("fishing"), data.get("shopping")
    if not isinstance(fishing, list) or not isinstance(shopping, list):
        raise AnglerError(f"card file {file}: 'fishing' and 'shopping' must be lists")
    read: list[Card] = [_fish(i, raw) for i, raw in enumerate(fishing)]
    read += [_equipment(i, raw) for i, raw in enumerate(shopping)]
    if len(fishing) < 5:
        raise AnglerError(f"card file {file}: the fishing deck needs at least 5 cards (the water)")
    if sum(card.kind == TROPHY for card in read) < 3:
        raise AnglerError(f"card file {file}: there must be at least 3 trophy fish")
    if len(shopping) < 3:
        raise AnglerError(f"card file {file}: the shopping deck needs at least 3 cards (the shop)")
    first: dict[str, int] = {}
    counts: dict[str, int] = {}
    for index, card in enumerate(read):
        model = first.setdefault(card.type_name, index)
        if not _same_card(read[model], card):
            raise AnglerError(
                f"card file {file}: copies of {card.type_name} differ ({_where(read, index)} is not"
                f" like {_where(read, model)}; copies of a type must be the same card)"
            )
        counts[card.type_name] = counts.get(card.type_name, 0) + 1
    seen: dict[str, int] = {}
    cards: list[Card] = []
    for index, card in enumerate(read):
        name = card.type_name
        seen[name] = seen.get(name, 0) + 1
        unique = f"{name}#{seen[name]}" if counts[name] > 1 else name
        cards.append(replace(card, id=index, name=unique))
    return CardSet(cards, str(file))
