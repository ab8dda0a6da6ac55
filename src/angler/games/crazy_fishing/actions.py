"""Crazy Fishing's action codes: ``code = argument << 4 | kind``.

| kind | text | argument |
|---|---|---|
| CAST | ``cast R3+#1 R2#1 B4#2`` | bitmask of the cards cast (an out-of-series rod: a fish too) |
| PEEK | ``peek 7`` | the sea spot the Fish Finder looks at |
| SKIP | ``skip`` | decline an optional step (a peek, a Pair-of-Fish try) |
| TURBULENT | ``turbulent before`` / ``turbulent after`` | 0 before, 1 after the catch |
| SEA | ``fish 7`` | the sea spot to try |
| BESIDE | ``fish beside F4#2`` | the card id of a fish beside the sea |
| SPLIT | ``split B3#1 B4#1`` | bitmask of the baits for the first of two fish |
| DRAW | ``draw rod`` / ``draw bait`` | 0 rod deck, 1 bait deck |
"""

from __future__ import annotations

from functools import lru_cache

from angler.core.cards import ids_of as ids_of
from angler.core.cards import mask_of as mask_of
from angler.core.codec import NOTHING, Card, Cards, Choice, Codec, Number, Shifted, Verb
from angler.core.data import CARD_SETS_KEPT
from angler.games.crazy_fishing.cards import CardSet

CAST, PEEK, SKIP, TURBULENT, SEA, BESIDE, SPLIT, DRAW = range(8)
KIND_BITS = 4
KIND_MASK = (1 << KIND_BITS) - 1
MAX_SPOT = 99_999  # far more sea spots than any card set has fish


def code(kind: int, argument: int = 0) -> int:
    return argument << KIND_BITS | kind


@lru_cache(maxsize=CARD_SETS_KEPT)  # per card set, as many as load_cards keeps
def codec(cards: CardSet) -> Codec:
    # A typed sea spot (``fish 7``, ``peek 7``): the pile is numbered from its bottom, 0 up.
    spot = Number("a sea spot", 0, MAX_SPOT)
    return Codec(
        "Crazy Fishing",
        Shifted(KIND_BITS),
        [
            Verb("cast", CAST, Cards(cards, "name at least 1 rod and 1 bait")),
            Verb("peek", PEEK, spot),
            Verb("skip", SKIP, NOTHING),
            Verb("turbulent", TURBULENT, Choice(("before", "after"))),
            Verb("fish", SEA, spot),
            Verb("fish beside", BESIDE, Card(cards)),
            Verb("split", SPLIT, Cards(cards, "name the baits for the first fish")),
            Verb("draw", DRAW, Choice(("rod", "bait"))),
        ],
    )


TEXT_MEMO_SIZE = 1 << 14  # actions kept per card set: a few games' casts, then start over


def cards_used(cards: CardSet, action: int) -> tuple[tuple[int, ...], tuple[object, ...]]:
    """The card ids a cast or split ``action`` uses, lowest first, and what they are in play
    (their ``cards.alike`` signatures, sorted: copies of a card count as one). Kept on the card
    set: the menu and the board read every legal cast of every seat's state."""
    memo = cards.action_cards
    used = memo.get(action)
    if used is None:
        ids = tuple(ids_of(action >> KIND_BITS))
        used = ids, tuple(sorted([cards.alike[card] for card in ids]))
        if len(memo) >= TEXT_MEMO_SIZE:
            memo.clear()
        memo[action] = used
    return used


def action_to_string(cards: CardSet, action: int) -> str:
    """An action's text, kept on the card set: a cast's text names every card, and each seat's
    board and menu of each state spell out every legal cast."""
    texts = cards.action_texts
    text = texts.get(action) if type(action) is int else None  # True is no code, though == 1
    if text is None:
        text = codec(cards).to_string(action)
        if len(texts) >= TEXT_MEMO_SIZE:
            texts.clear()
        texts[action] = text
    return text


def action_from_string(cards: CardSet, text: str) -> int:
    return codec(cards).from_string(text)
