"""The Fishing card set, read from a data file (``cards.json`` by default, or ``--cards FILE``).

Cards are numbered by their order in the file; that number is the card's id in states and actions.
Fast lookup tables (suit, value, effect by id) are built once per card set.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from angler.core.cards import NamedCards, card_number, is_card_word, one_of
from angler.core.data import read_card_file
from angler.core.errors import AnglerError
from angler.core.numbers import shown

SUITS = ("blue", "purple", "red", "yellow", "green", "buoy")
COLOURS = SUITS[:4]
TRUMP = 4  # green
BUOY = 5
SUIT_LETTER = {"blue": "B", "purple": "P", "red": "R", "yellow": "Y", "green": "G"}

NO_EFFECT = 0
CATCH_ONE = 1  # the "0" cards: catch 1 other card of the trick
PASS_LEFT = 2
MINUS_THREE = 3
CATCH_ALL = 4
PLAY_FIRST = 5
CALL_COLOUR = 6
LOWEST_WINS = 7
EFFECTS = {
    "catch-one": CATCH_ONE,
    "pass-left": PASS_LEFT,
    "minus-three": MINUS_THREE,
    "catch-all": CATCH_ALL,
    "play-first": PLAY_FIRST,
    "call-colour": CALL_COLOUR,
    "lowest-wins": LOWEST_WINS,
}
EFFECT_LABEL = {
    CATCH_ONE: "catch 1 other card",
    PASS_LEFT: "pass 1 card to the left",
    MINUS_THREE: "-3 points",
    CATCH_ALL: "catch all other cards",
    PLAY_FIRST: "play the 1st card",
    CALL_COLOUR: "call the colour",
    LOWEST_WINS: "lowest value wins",
}
END_OF_TRICK = frozenset({CATCH_ONE, PASS_LEFT, CATCH_ALL})
NEXT_TRICK = frozenset({PLAY_FIRST, CALL_COLOUR, LOWEST_WINS})
DEFAULT_CARDS = Path(__file__).with_name("cards.json")


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    suit: int
    value: int  # -1 for buoys, which have no value
    stars: int
    effect: int

    @property
    def is_buoy(self) -> bool:
        return self.suit == BUOY

    def label(self) -> str:
        """Plain words, for logs: ``yellow 10``, ``buoy "lowest value wins"``."""
        if self.suit == BUOY:
            return f'buoy "{EFFECT_LABEL[self.effect]}"'
        return f"{SUITS[self.suit]} {self.value}"


class CardSet(NamedCards[Card]):
    """An edition's cards with lookup tables by id."""

    def __init__(self, cards: list[Card], source: str) -> None:
        self.cards = tuple(cards)
        self.source = source
        self.by_name = {card.name: card.id for card in cards}
        self.suit = tuple(card.suit for card in cards)
        self.value = tuple(card.value for card in cards)
        self.effect = tuple(card.effect for card in cards)
        self.stars = tuple(card.stars for card in cards)
        self.buoy_ids = frozenset(card.id for card in cards if card.suit == BUOY)
        self.bit = tuple(1 << card.id for card in cards)  # card id -> its bit in a mask
        self.suit_mask = tuple(
            sum(1 << card.id for card in cards if card.suit == suit) for suit in range(len(SUITS))
        )
        self.tier_mask = tuple(
            sum(1 << card.id for card in cards if card.stars == tier) for tier in range(6)
        )

    def starting_cards(self, players: int) -> list[int]:
        """The starless cards in play for this player count (the rulebook's removals)."""
        removed: set[tuple[int, int]] = set()
        if players == 3:
            removed = {(s, v) for s in range(4) for v in (1, 2)} | {(0, 3), (2, 3)}
        elif players == 4:
            removed = {(s, 1) for s in range(4)}
        return [
            card.id
            for card in self.cards
            if card.stars == 0 and (card.suit, card.value) not in removed
        ]


def _card_from_json(index: int, raw: Any) -> Card:
    if not isinstance(raw, dict):
        raise AnglerError(f"card {index + 1}: expected an object")
    name = raw.get("name")
    suit = raw.get("suit")
    value = raw.get("value")
    effect = raw.get("effect")
    if not is_card_word(name):
        raise AnglerError(f"card {index + 1}: 'name' must be a word without spaces")
    if not one_of(suit, SUITS):
        raise AnglerError(f"card {name}: suit must be one of {', '.join(SUITS)}")
    stars = card_number(raw.get("stars"), f"card {name}", "stars", 0, 5)
    if effect is not None and not one_of(effect, EFFECTS):
        raise AnglerError(f"card {name}: unknown effect {shown(effect)}")
    if suit == "buoy":
        if effect is None or effect == "catch-one":
            raise AnglerError(f"card {name}: a buoy needs a buoy effect")
        value = -1
    else:
        value = card_number(value, f"card {name}", "value")
        if effect not in (None, "catch-one"):
            raise AnglerError(f"card {name}: only buoys carry {effect!r}")
    return Card(
        index, name, SUITS.index(suit), value, stars, EFFECTS[effect] if effect else NO_EFFECT
    )


@cache
def load_cards(path: str | None = None) -> CardSet:
    """Read and check a card file. Raises AnglerError with a one-line reason if it is invalid."""
    file, data = read_card_file(path, DEFAULT_CARDS)
    if not isinstance(data.get("cards"), list):
        raise AnglerError(f"card file {file}: expected an object with a 'cards' list")
    cards = [_card_from_json(i, raw) for i, raw in enumerate(data["cards"])]
    seen: dict[tuple[int, int], str] = {}
    names: set[str] = set()
    for card in cards:
        if card.name in names:
            raise AnglerError(f"card file {file}: two cards are named {card.name}")
        names.add(card.name)
        if card.suit != BUOY:
            key = (card.suit, card.value)
            if key in seen:
                raise AnglerError(
                    f"card file {file}: {card.name} and {seen[key]} have the same colour and value"
                )
            seen[key] = card.name
    if any(card.stars == 0 and card.suit in (TRUMP, BUOY) for card in cards):
        raise AnglerError(f"card file {file}: starting (0-star) cards must be colour cards")
    return CardSet(cards, str(file))
