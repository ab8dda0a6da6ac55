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
- ``effect`` and ``value``: an equipment card's effect and value (``None`` and 0 for fish);
- ``titles`` and ``labels``: each card's ``title`` and ``label()``, the words boards and logs use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import ConfigDict, model_validator

from angler.core.cards import NamedCards, card_places
from angler.core.data import CARD_SETS_KEPT, read_card_file
from angler.core.errors import AnglerError
from angler.core.models import AnglerModel, Flag, OneOf, Text, Whole, Word, read_model, refuse

DEFAULT_CARDS = Path(__file__).with_name("cards.json")
FORMAT = "angler-flip-and-fish-cards/1"
SIZES = ("full", "mini")

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


@dataclass(frozen=True)
class Ability:
    timing: str  # one of TIMINGS
    effect: str  # a key of ABILITIES
    value: int | None = None

    def label(self) -> str:
        """Plain words, for logs: ``on miss: discard one equipment card of your choice``."""
        text = ABILITY_TEXT[self.effect].format(value=self.value)
        return f"{self.timing.replace('-', ' ')}: {text}"


def title(type_name: str) -> str:
    """A card type as people write it: ``BlueMarlin`` is ``Blue Marlin``."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type_name)


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
        return f"{title(self.type_name)} ({COLOURS[self.colour]} {what}, {rate}{bait})"


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
        return f"{title(self.type_name)} ({KINDS[self.kind]}: {text})"


Card = FishCard | EquipmentCard


class CardSet(NamedCards[Card]):
    """An edition's two decks with lookup tables by id (see the module docstring)."""

    def __init__(self, cards: list[Card], source: str, size: str = "full") -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        self.source = source
        self.size = size  # the game size the file is for (CardFile.size)
        self.by_name = {card.name: card.id for card in cards}
        self.kind = tuple(card.kind for card in cards)
        self.is_trophy = tuple(int(card.kind == TROPHY) for card in cards)  # 1 or 0, to sum
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
        # Words by id, worked out once: boards and log lines name cards at every state.
        self.titles = tuple(title(card.type_name) for card in cards)
        self.labels = tuple(card.label() for card in cards)

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


Name = Annotated[str, Word("#")]


class AbilityEntry(AnglerModel):
    """A fish's ability: its timing, its effect, and the effect's value if it takes one."""

    timing: Annotated[str, OneOf(TIMINGS)]
    effect: Annotated[str, OneOf(tuple(ABILITIES), unknown="effect")]
    value: Annotated[int, Whole()] | None = None

    @model_validator(mode="after")
    def _fits_the_effect(self) -> AbilityEntry:
        timing, has_value = ABILITIES[self.effect]
        if self.timing != timing:
            raise refuse(f"{self.effect!r} has timing {timing!r}, not {self.timing!r}")
        if has_value and not (self.value is not None and 1 <= self.value <= MAX_ABILITY_VALUE):
            raise refuse(f"{self.effect!r} needs a whole 'value' from 1 to {MAX_ABILITY_VALUE}")
        if not has_value and self.value is not None:
            raise refuse(f"{self.effect!r} takes no 'value'")
        return self


class FishEntry(AnglerModel):
    """A fishing-deck card: a trophy fish, a regular fish or a boot."""

    name: Name
    kind: Annotated[str, OneOf(FISHING_KINDS)]
    catch_rate: Annotated[int, Whole(1, MAX_CATCH_RATE)] | None = None
    """The roll total a catch needs; null for a boot, always a miss."""
    bait: Annotated[int, Whole(1, max(BAIT_RATINGS))] | None = None
    """The bait rating; null: the fish cannot be used as bait."""
    colour: Annotated[str, OneOf(COLOURS)] | None = None
    """The fish's colour; null for a boot."""
    carp: Flag = False
    ability: AbilityEntry | None = None

    @model_validator(mode="after")
    def _fits_the_kind(self) -> FishEntry:
        if self.kind == "boot":
            if self.catch_rate is not None:
                raise refuse("a boot is always a miss, so its 'catch_rate' is null")
            if self.bait is not None or self.colour is not None:
                raise refuse("a boot has no 'bait' and no 'colour' (null)")
            if self.carp or self.ability is not None:
                raise refuse("a boot is not a Carp and has no ability")
            return self
        if self.catch_rate is None:
            raise refuse(
                f"'catch_rate' must be a whole number from 1 to {MAX_CATCH_RATE}, not null"
            )
        if self.colour is None:
            raise refuse(f"'colour' must be one of {', '.join(COLOURS)}, not null")
        if self.kind == "trophy" and self.bait is not None:
            raise refuse("a trophy fish has no bait rating ('bait' is null)")
        if self.kind == "trophy" and self.carp:
            raise refuse("only a regular fish can be a Carp")
        return self


class EquipmentEntry(AnglerModel):
    """A shopping-deck card."""

    name: Name
    kind: Annotated[str, OneOf(EQUIPMENT_KINDS)]
    only_action: Flag = False
    """The card is used "as your only action" (the Spear)."""
    effect: Annotated[str, OneOf(tuple(EQUIPMENT), unknown="equipment effect")]
    value: Annotated[int, Whole()] | None = None

    @model_validator(mode="after")
    def _fits_the_effect(self) -> EquipmentEntry:
        kinds, unit, top = EQUIPMENT[self.effect]
        if KINDS.index(self.kind) not in kinds:
            allowed = " or ".join(KINDS[k] for k in kinds)
            raise refuse(f"{self.effect!r} equipment must be {allowed}, not {self.kind!r}")
        if self.only_action != (self.effect == SPEAR):
            must = str(self.effect == SPEAR).lower()
            raise refuse(f"'only_action' must be {must} for {self.effect!r}")
        if unit is None and self.value is not None:
            raise refuse(f"{self.effect!r} takes no 'value'")
        if unit is not None and not (self.value is not None and 1 <= self.value <= top):
            raise refuse(f"{self.effect!r} needs a whole 'value' from 1 to {top} ({unit})")
        return self


class CardFile(AnglerModel):
    """A Flip & Fish card file: the fishing deck, then the shopping deck, in id order; copies
    of a card are listed once each and must be the same card."""

    model_config = ConfigDict(title="Flip & Fish card file")

    format: Annotated[str, OneOf((FORMAT,))] = FORMAT
    title: Text = ""
    note: Text = ""
    size: Annotated[str, OneOf(SIZES)] = "full"
    """The game's size this file is for: ``mini`` is the small variant's (``-o size=mini``),
    which deals 2 water cards and opens no shop, so the full game's minimums do not apply."""
    fishing: list[FishEntry]
    shopping: list[EquipmentEntry]

    @model_validator(mode="after")
    def _decks_can_be_dealt(self) -> CardFile:
        if self.size == "mini":  # the mini's own checks: mini.check_mini_cards
            if not self.fishing:
                raise refuse("the fishing deck needs at least 1 card")
            return self
        if len(self.fishing) < 5:
            raise refuse("the fishing deck needs at least 5 cards (the water)")
        if sum(card.kind == "trophy" for card in self.fishing) < 3:
            raise refuse("there must be at least 3 trophy fish")
        if len(self.shopping) < 3:
            raise refuse("the shopping deck needs at least 3 cards (the shop)")
        return self


SECTIONS: dict[tuple[str, ...], str] = {
    ("fishing",): "fishing card",
    ("shopping",): "shopping card",
}


def _fish(index: int, entry: FishEntry) -> FishCard:
    if entry.kind == "boot":
        return FishCard(index, entry.name, entry.name, BOOT, None, None, -1, False, None)
    ability = entry.ability
    read = Ability(ability.timing, ability.effect, ability.value) if ability else None
    colour = COLOURS.index(entry.colour) if entry.colour else -1
    kind = FISHING_KINDS.index(entry.kind)
    return FishCard(
        index, entry.name, entry.name, kind, entry.catch_rate, entry.bait, colour, entry.carp, read
    )


def _equipment(index: int, entry: EquipmentEntry) -> EquipmentCard:
    kind = KINDS.index(entry.kind)
    return EquipmentCard(
        index, entry.name, entry.name, kind, entry.only_action, entry.effect, entry.value
    )


def _where(read: list[Card], index: int) -> str:
    fishing = sum(isinstance(card, FishCard) for card in read)
    if index < fishing:
        return f"fishing card {index + 1}"
    return f"shopping card {index - fishing + 1}"


def _same_card(a: Card, b: Card) -> bool:
    """Two copies of one type: equal in everything but the id."""
    return replace(a, id=0) == replace(b, id=0)


@lru_cache(maxsize=CARD_SETS_KEPT)
def load_cards(path: str | None = None) -> CardSet:
    """Read and check a card file; an invalid one raises AnglerError naming the card."""
    file, data = read_card_file(path, DEFAULT_CARDS)
    places = card_places(data, SECTIONS, forbidden="#", both=True)
    decks = read_model(CardFile, data, f"card file {file}", context=places)
    read: list[Card] = [_fish(i, entry) for i, entry in enumerate(decks.fishing)]
    read += [_equipment(i, entry) for i, entry in enumerate(decks.shopping)]
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
    return CardSet(cards, str(file), decks.size)
