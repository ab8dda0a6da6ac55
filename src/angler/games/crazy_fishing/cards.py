"""The Crazy Fishing card set, read from a data file (``cards.json`` by default, or ``--cards``).

One id space covers every card: rods first, then baits, then fish, then the out-of-series rods and
fish. Copies of a card share a type name; each copy gets a unique name (``R3#2``) for actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from angler.core.cards import CARD_NUMBER_MAX, NamedCards, is_card_word, one_of
from angler.core.data import read_card_file
from angler.core.errors import AnglerError
from angler.core.numbers import NumberError, is_whole, shown, whole_from_text

DEFAULT_CARDS = Path(__file__).with_name("cards.json")
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
        # The cards with each special, as a bitmask (to test casts) and as a set (to test hands).
        self.special_ids: dict[str, frozenset[int]] = {
            name: frozenset(card.id for card in cards if card.special == name)
            for name in (*ROD_SPECIALS, *BAIT_SPECIALS, *FISH_KINDS)
        }
        self.special_bits: dict[str, int] = {}
        for card in cards:
            if card.special:
                self.special_bits[card.special] = (
                    self.special_bits.get(card.special, 0) | 1 << card.id
                )


def _back_holds(back: Any, size: int) -> bool:
    """A fish back such as ``"2-4"``: a range of whole numbers that holds the fish's size."""
    if not isinstance(back, str) or back.count("-") != 1:
        return False
    try:
        low, high = (whole_from_text(end, "a back", 0, CARD_NUMBER_MAX) for end in back.split("-"))
    except NumberError:
        return False
    return low <= size <= high


def _read(kind: int, raw: Any, where: str, oos: bool) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise AnglerError(f"{where}: expected an object")
    name = raw.get("name")
    if not is_card_word(name, forbidden="#"):
        raise AnglerError(f"{where}: 'name' must be a word without spaces or '#'")
    three_plus = raw.get("three_plus", False)
    if not isinstance(three_plus, bool):
        raise AnglerError(f"card {name}: 'three_plus' must be true or false")
    out: dict[str, Any] = {"type_name": name, "kind": kind, "three_plus": three_plus}
    out.update(plus=False, special=None, effect=None, back="", out_of_series=oos)
    if kind == FISH:
        size, back, fish_kind = raw.get("size"), raw.get("back"), raw.get("kind", "ordinary")
        if not (is_whole(size) and 0 <= size <= CARD_NUMBER_MAX):
            raise AnglerError(
                f"card {name}: a fish needs a whole 'size' from 0 to {CARD_NUMBER_MAX}, "
                f"not {shown(size)}"
            )
        if not one_of(fish_kind, FISH_KINDS):
            raise AnglerError(f"card {name}: fish kind must be one of {', '.join(FISH_KINDS)}")
        if back != "?" and not _back_holds(back, size):
            raise AnglerError(
                f"card {name}: back {shown(back)} must be '?' or a range holding {size}"
            )
        effect = raw.get("effect")
        if (fish_kind == "out-of-series") != (effect is not None):
            raise AnglerError(f"card {name}: out-of-series fish, and only they, have an 'effect'")
        if effect is not None and not one_of(effect, OOS_EFFECTS):
            raise AnglerError(f"card {name}: unknown effect {shown(effect)}")
        out.update(value=size, back=back, effect=effect)
        out["special"] = None if fish_kind == "ordinary" else fish_kind
        return out
    specials = ROD_SPECIALS if kind == ROD else BAIT_SPECIALS
    special = raw.get("special")
    if special is not None and not one_of(special, specials):
        raise AnglerError(f"card {name}: unknown special {shown(special)}")
    plus = raw.get("plus", False)
    if not isinstance(plus, bool):
        raise AnglerError(f"card {name}: 'plus' must be true or false")
    key = "speed" if kind == ROD else "value"
    value = raw.get(key)
    if special == "most-tempting":
        value = INFINITE
    elif not (is_whole(value) and 0 <= value <= CARD_NUMBER_MAX):
        raise AnglerError(
            f"card {name}: needs a whole '{key}' from 0 to {CARD_NUMBER_MAX}, not {shown(value)}"
        )
    out.update(value=value, plus=plus, special=special)
    return out


@cache
def load_cards(path: str | None = None) -> CardSet:
    """Read and check a card file; an invalid one raises AnglerError naming the card."""
    file, data = read_card_file(path, DEFAULT_CARDS)
    oos = data.get("out_of_series", {})
    sections = [
        (ROD, data.get("rods"), False, "rods"),
        (BAIT, data.get("baits"), False, "baits"),
        (FISH, data.get("fish"), False, "fish"),
        (ROD, oos.get("rods", []) if isinstance(oos, dict) else None, True, "out-of-series rods"),
        (FISH, oos.get("fish", []) if isinstance(oos, dict) else None, True, "out-of-series fish"),
    ]
    raw_cards: list[dict[str, Any]] = []
    for kind, items, is_oos, label in sections:
        if not isinstance(items, list):
            raise AnglerError(f"card file {file}: '{label}' must be a list")
        raw_cards += [
            _read(kind, item, f"{label} card {i + 1}", is_oos) for i, item in enumerate(items)
        ]
    for kind, label in ((ROD, "rod"), (BAIT, "bait"), (FISH, "fish")):
        if not any(c["kind"] == kind and not c["out_of_series"] for c in raw_cards):
            raise AnglerError(f"card file {file}: there must be at least one {label}")
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
    sea = data.get("sea", {})
    if not isinstance(sea, dict):
        raise AnglerError(f"card file {file}: 'sea' must be an object, not {shown(sea)}")
    diameter = sea.get("card_diameter_mm", 70)
    spread = sea.get("scatter_mm_per_sqrt_card", 29)
    if not all(is_whole(mm) and 0 < mm <= MAX_SEA_MM for mm in (diameter, spread)):
        raise AnglerError(
            f"card file {file}: 'sea' needs whole card_diameter_mm and "
            f"scatter_mm_per_sqrt_card from 1 to {MAX_SEA_MM}"
        )
    return CardSet(cards, {"diameter": diameter, "spread": spread}, str(file))
