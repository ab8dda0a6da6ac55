"""The Fishing card set, read from a data file (``cards.json`` by default, or ``--cards FILE``).

Cards are numbered by their order in the file; that number is the card's id in states and actions.
Fast lookup tables (suit, value, effect by id) are built once per card set.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import ConfigDict, model_validator

from angler.core.cards import CARD_NUMBER_MAX, NamedCards, card_places
from angler.core.data import CARD_SETS_KEPT, read_card_file
from angler.core.models import AnglerModel, OneOf, Text, Whole, Word, read_model, refuse

SUITS = ("blue", "purple", "red", "yellow", "green", "buoy")
COLOURS = SUITS[:4]
TRUMP = 4  # green
BUOY = 5

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
MINI_CARDS = str(Path(__file__).with_name("cards-mini.json"))  # the cards of ``size=mini``
FORMAT = "angler-fishing-cards/1"


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
        # A card's place in a shown hand (colour, then value, then id): one sort key lookup.
        shown = sorted(cards, key=lambda card: (card.suit, card.value, card.id))
        rank = [0] * len(cards)
        for place, card in enumerate(shown):
            rank[card.id] = place
        self.hand_rank = tuple(rank)
        # Every card's ``label()`` by id, made once: log lines name cards on every state.
        self.labels = tuple(card.label() for card in cards)
        self._stars_of: dict[int, int | None] = {}  # memo of ``mask_stars``

    def mask_stars(self, mask: int) -> int | None:
        """The one star tier every card in ``mask`` is of, or None when it mixes tiers (or is
        empty). Memoised: an ocean's positions share a few masks, asked on every board."""
        stars = self._stars_of.get(mask, -1)
        if stars == -1:
            tiers = [tier for tier, of_tier in enumerate(self.tier_mask) if mask & of_tier]
            stars = tiers[0] if len(tiers) == 1 else None
            if len(self._stars_of) < 4096:  # an ocean makes few masks; this bounds any other
                self._stars_of[mask] = stars
        return stars

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


class CardEntry(AnglerModel):
    """One card of a Fishing card file: a colour card (with a value) or a buoy (with an effect)."""

    name: Annotated[str, Word()]
    suit: Annotated[str, OneOf(SUITS)]
    value: Annotated[int, Whole(0, CARD_NUMBER_MAX)] | None = None
    """A colour card's value; null for a buoy."""
    stars: Annotated[int, Whole(0, 5)]
    effect: Annotated[str, OneOf(tuple(EFFECTS), unknown="effect")] | None = None

    @model_validator(mode="after")
    def _effects_fit_the_suit(self) -> CardEntry:
        if self.suit == SUITS[BUOY]:
            if self.effect is None or self.effect == "catch-one":
                raise refuse("a buoy needs a buoy effect")
            if self.value is not None:
                raise refuse("a buoy has no value ('value' is null)")
        elif self.value is None:
            raise refuse(f"'value' must be a whole number from 0 to {CARD_NUMBER_MAX}, not null")
        elif self.effect not in (None, "catch-one"):
            raise refuse(f"only buoys carry {self.effect!r}")
        return self


class CardFile(AnglerModel):
    """A Fishing card file: the cards in id order (a card's id is its place in the list)."""

    model_config = ConfigDict(title="Fishing card file")

    format: Annotated[str, OneOf((FORMAT,))] = FORMAT
    title: Text = ""
    note: Text = ""
    cards: list[CardEntry]

    @model_validator(mode="after")
    def _cards_are_distinct(self) -> CardFile:
        seen: dict[tuple[str, int | None], str] = {}
        names: set[str] = set()
        for card in self.cards:
            if card.name in names:
                raise refuse(f"two cards are named {card.name}")
            names.add(card.name)
            if card.suit != SUITS[BUOY]:
                key = (card.suit, card.value)
                if key in seen:
                    raise refuse(f"{card.name} and {seen[key]} have the same colour and value")
                seen[key] = card.name
        if any(card.stars == 0 and card.suit in (SUITS[TRUMP], SUITS[BUOY]) for card in self.cards):
            raise refuse("starting (0-star) cards must be colour cards")
        return self


def _card(index: int, entry: CardEntry) -> Card:
    effect = EFFECTS[entry.effect] if entry.effect else NO_EFFECT
    value = -1 if entry.value is None else entry.value  # buoys have no value
    return Card(index, entry.name, SUITS.index(entry.suit), value, entry.stars, effect)


@lru_cache(maxsize=CARD_SETS_KEPT)
def load_cards(path: str | None = None) -> CardSet:
    """Read and check a card file. Raises AnglerError with a one-line reason if it is invalid."""
    file, data = read_card_file(path, DEFAULT_CARDS)
    places = card_places(data, {("cards",): "card"})
    read = read_model(CardFile, data, f"card file {file}", context=places)
    return CardSet([_card(i, entry) for i, entry in enumerate(read.cards)], str(file))
