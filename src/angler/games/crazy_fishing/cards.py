"""The Crazy Fishing card set, read from a data file (``cards.json`` by default, or ``--cards``).

One id space covers every card: rods first, then baits, then fish, then the out-of-series rods and
fish. Copies of a card share a type name; each copy gets a unique name (``R3#2``) for actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import ConfigDict, Field, model_validator

from angler.core.cards import CARD_NUMBER_MAX, NamedCards, card_places
from angler.core.data import CARD_SETS_KEPT, read_card_file
from angler.core.models import AnglerModel, Flag, OneOf, Text, Whole, Word, read_model, refuse
from angler.core.numbers import NumberError, shown, whole_from_text

DEFAULT_CARDS = Path(__file__).with_name("cards.json")
FORMAT = "angler-crazy-fishing-cards/1"
MAX_SEA_MM = 1000  # a card's diameter, the sea's spread: a round card fits on a table
INFINITE = 10**6  # the Most Tempting Bait's value: beats any fish

ROD, BAIT, FISH = 0, 1, 2
KINDS = ("rod", "bait", "fish")

ROD_SPECIALS = ("super-fast-reel", "fish-finder", "rodiest-rod", "out-of-series")
BAIT_SPECIALS = ("most-tempting", "bait-bucket", "turbulent")
FISH_KINDS = ("ordinary", "boot", "pearl", "monster", "out-of-series")
OOS_EFFECTS = {
    "golden-fish": "limited",
    "pair-of-fish": "instant",
    "prawn": "end",
    "sustainable-fishing": "instant",
    "smart-bream": "instant",
    "useless-fish": "limited",
    "puffer-fish": "instant",
    "crab": "limited",
    "moray-eel": "limited",
}


@dataclass(frozen=True)
class Card:
    id: int
    name: str  # unique: the type name, with #k for copies
    type_name: str
    kind: int  # ROD, BAIT or FISH
    value: int  # rod speed, bait value (INFINITE for Most Tempting), fish size
    plus: bool  # "last generation" rod or bait
    special: str | None  # a special rod or bait, or a fish kind other than ordinary
    effect: str | None  # an out-of-series fish effect
    back: str  # fish only: "2-4" or "?"
    three_plus: bool  # removed from 2-player games
    out_of_series: bool

    def label(self) -> str:
        if self.kind == FISH:
            what = {"boot": "boot", "pearl": "pearl", "monster": "monster fish"}.get(
                self.special or "", "fish"
            )
            if self.effect:
                return f"{self.type_name} ({self.value})"
            return f"{what} {self.value}" if what != "boot" else "boot"
        if self.special == "most-tempting":
            return "Most Tempting Bait"
        word = "rod" if self.kind == ROD else "bait"
        shown = f"{word} {self.value}{'+' if self.plus else ''}"
        if self.special and self.special != "out-of-series":
            return f"{self.type_name} ({shown})"
        return shown


class CardSet(NamedCards[Card]):
    def __init__(self, cards: list[Card], sea: dict[str, int], source: str) -> None:
        self.cards = tuple(cards)
        self.sea = sea
        self.source = source
        self.by_name = {card.name: card.id for card in cards}
        self.kind = tuple(card.kind for card in cards)
        self.value = tuple(card.value for card in cards)
        self.plus = tuple(card.plus for card in cards)
        self.special = tuple(card.special for card in cards)
        self.effect = tuple(card.effect for card in cards)
        self.back = tuple(card.back for card in cards)
        # The cards with each special, as a bitmask (to test casts) and as a set (to test hands).
        self.special_ids: dict[str, frozenset[int]] = {
            name: frozenset(card.id for card in cards if card.special == name)
            for name in (*ROD_SPECIALS, *BAIT_SPECIALS, *FISH_KINDS)
        }
        self.special_bits: dict[str, int] = {}
        self.prawns = frozenset(card.id for card in cards if card.effect == "prawn")
        # The cards whose points depend on the rest of the pile (pearls, boots, the Prawn): a
        # pile without them scores the sum of its sizes (scores are read at every view).
        self.set_scorers = self.prawns | frozenset(
            card.id for card in cards if card.special in ("pearl", "boot")
        )
        # The rod (or bait) sets a group of these cards may cast, by group: the rules' memo
        # (``rules._kind_sets``), kept here so it goes with the card set.
        self.cast_sets: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
        # Action texts by code (``actions.action_to_string``), kept with the card set they name.
        self.action_texts: dict[int, str] = {}
        # The points of piles holding set scorers (``scoring.pile_score``), by pile.
        self.pile_scores: dict[tuple[tuple[int, ...], int], int] = {}
        # A revealed cast's cards (rods first), speed and bait by mask (``board._reveal``).
        self.cast_facts: dict[int, tuple[tuple[int, ...], int, int]] = {}
        # A cast's or split's cards by code, and their signatures (``actions.cards_used``).
        self.action_cards: dict[int, tuple[tuple[int, ...], tuple[object, ...]]] = {}
        # Each card as the rules read it in play: everything but its name and copy number, and
        # its 3+ mark (read only when the decks are made). A fish's back counts: a fish released
        # into the sea lies face down. The menu offers one of the casts that differ only in
        # which of such alike cards they use.
        self.alike = tuple(
            (
                card.type_name,
                card.kind,
                card.value,
                card.plus,
                card.special or "",
                card.effect or "",
                card.back,
                card.out_of_series,
            )
            for card in cards
        )
        for card in cards:
            if card.special:
                self.special_bits[card.special] = (
                    self.special_bits.get(card.special, 0) | 1 << card.id
                )


def _back_holds(back: str, size: int) -> bool:
    """A fish back such as ``"2-4"``: a range of whole numbers that holds the fish's size."""
    if back.count("-") != 1:
        return False
    try:
        low, high = (whole_from_text(end, "a back", 0, CARD_NUMBER_MAX) for end in back.split("-"))
    except NumberError:
        return False
    return low <= size <= high


Name = Annotated[str, Word("#")]
CardNumber = Annotated[int, Whole(0, CARD_NUMBER_MAX)]
TIMINGS = ("instant", "limited", "end")


class RodEntry(AnglerModel):
    name: Name
    speed: CardNumber
    plus: Flag = False
    """A "last generation" rod."""
    special: Annotated[str, OneOf(ROD_SPECIALS, unknown="special")] | None = None
    three_plus: Flag = False
    """Removed from 2-player games."""


class BaitEntry(AnglerModel):
    name: Name
    value: CardNumber | None = None
    """The bait's value; null for the Most Tempting Bait, which beats any fish."""
    plus: Flag = False
    special: Annotated[str, OneOf(BAIT_SPECIALS, unknown="special")] | None = None
    three_plus: Flag = False

    @model_validator(mode="after")
    def _value_unless_most_tempting(self) -> BaitEntry:
        if self.special != "most-tempting" and self.value is None:
            raise refuse(f"'value' must be a whole number from 0 to {CARD_NUMBER_MAX}, not null")
        if self.special == "most-tempting" and self.value is not None:
            raise refuse("'value' must be null: the Most Tempting Bait beats any fish")
        return self


class FishEntry(AnglerModel):
    name: Name
    size: CardNumber
    back: Text
    """The fish's back: "?" or a range holding its size, as "2-4"."""
    kind: Annotated[str, OneOf(FISH_KINDS)] = "ordinary"
    effect: Annotated[str, OneOf(tuple(OOS_EFFECTS), unknown="effect")] | None = None
    timing: Annotated[str, OneOf(TIMINGS)] | None = None
    """An out-of-series fish's timing, if given: its effect's."""
    three_plus: Flag = False

    @model_validator(mode="after")
    def _back_and_effect_fit(self) -> FishEntry:
        if self.back != "?" and not _back_holds(self.back, self.size):
            raise refuse(f"back {shown(self.back)} must be '?' or a range holding {self.size}")
        if (self.kind == "out-of-series") != (self.effect is not None):
            raise refuse("out-of-series fish, and only they, have an 'effect'")
        if self.effect is not None and self.timing not in (None, OOS_EFFECTS[self.effect]):
            raise refuse(
                f"effect {self.effect!r} has timing {OOS_EFFECTS[self.effect]!r}, "
                f"not {self.timing!r}"
            )
        return self


class OutOfSeries(AnglerModel):
    rods: list[RodEntry] = Field(default_factory=list)
    fish: list[FishEntry] = Field(default_factory=list)


class Sea(AnglerModel):
    card_diameter_mm: Annotated[int, Whole(1, MAX_SEA_MM)] = 70
    scatter_mm_per_sqrt_card: Annotated[int, Whole(1, MAX_SEA_MM)] = 29


class CardFile(AnglerModel):
    """A Crazy Fishing card file: rods, baits and fish, then the out-of-series cards, in id
    order; copies of a card are listed once each."""

    model_config = ConfigDict(title="Crazy Fishing card file")

    format: Annotated[str, OneOf((FORMAT,))] = FORMAT
    title: Text = ""
    note: Text = ""
    sea: Sea = Sea()
    rods: list[RodEntry]
    baits: list[BaitEntry]
    fish: list[FishEntry]
    out_of_series: OutOfSeries = OutOfSeries()

    @model_validator(mode="after")
    def _every_kind_is_there(self) -> CardFile:
        for cards, label in ((self.rods, "rod"), (self.baits, "bait"), (self.fish, "fish")):
            if not cards:
                raise refuse(f"there must be at least one {label}")
        return self


SECTIONS = {
    ("rods",): "rods card",
    ("baits",): "baits card",
    ("fish",): "fish card",
    ("out_of_series", "rods"): "out-of-series rods card",
    ("out_of_series", "fish"): "out-of-series fish card",
}


def _fields(entry: RodEntry | BaitEntry | FishEntry, oos: bool) -> dict[str, Any]:
    """A card's fields but its id and unique name."""
    out: dict[str, Any] = {"type_name": entry.name, "three_plus": entry.three_plus}
    out.update(plus=False, special=None, effect=None, back="", out_of_series=oos)
    if isinstance(entry, FishEntry):
        special = None if entry.kind == "ordinary" else entry.kind
        out.update(kind=FISH, value=entry.size, back=entry.back, effect=entry.effect)
        out["special"] = special
    elif isinstance(entry, RodEntry):
        out.update(kind=ROD, value=entry.speed, plus=entry.plus, special=entry.special)
    else:
        value = INFINITE if entry.special == "most-tempting" else entry.value
        out.update(kind=BAIT, value=value, plus=entry.plus, special=entry.special)
    return out


@lru_cache(maxsize=CARD_SETS_KEPT)
def load_cards(path: str | None = None) -> CardSet:
    """Read and check a card file; an invalid one raises AnglerError naming the card."""
    file, data = read_card_file(path, DEFAULT_CARDS)
    places = card_places(data, SECTIONS, forbidden="#")
    read = read_model(CardFile, data, f"card file {file}", context=places)
    series: list[RodEntry | BaitEntry | FishEntry] = [*read.rods, *read.baits, *read.fish]
    extra: list[RodEntry | BaitEntry | FishEntry] = [
        *read.out_of_series.rods,
        *read.out_of_series.fish,
    ]
    entries = [(entry, False) for entry in series] + [(entry, True) for entry in extra]
    raw_cards = [_fields(entry, oos) for entry, oos in entries]
    counts: dict[str, int] = {}
    for c in raw_cards:
        counts[c["type_name"]] = counts.get(c["type_name"], 0) + 1
    seen: dict[str, int] = {}
    cards = []
    for index, c in enumerate(raw_cards):
        name = c["type_name"]
        seen[name] = seen.get(name, 0) + 1
        unique = f"{name}#{seen[name]}" if counts[name] > 1 else name
        cards.append(Card(id=index, name=unique, **c))
    sea = {"diameter": read.sea.card_diameter_mm, "spread": read.sea.scatter_mm_per_sqrt_card}
    return CardSet(cards, sea, str(file))
