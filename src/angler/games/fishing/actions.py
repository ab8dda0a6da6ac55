"""Fishing's action codes. With N cards in the set:

- ``play X``  = card id            (0 … N-1): play card X to the trick
- ``catch X`` = N + card id        : a "0" catches card X of the trick
- ``pass X``  = 2N + card id       : pass card X to the left
- ``call C``  = 3N + suit (0 … 4)  : call colour C (blue, purple, red, yellow, green)
"""

from __future__ import annotations

from functools import cache

from angler.core.codec import Blocks, Card, Choice, Codec, Verb
from angler.games.fishing.cards import SUITS, CardSet

PLAY, CATCH, PASS, CALL = 0, 1, 2, 3
VERBS = ("play", "catch", "pass", "call")


@cache  # card sets live as long as the process (load_cards caches them)
def codec(cards: CardSet) -> Codec:
    card = Card(cards)
    return Codec(
        "Fishing",
        Blocks(len(cards)),
        [
            Verb("play", PLAY, card),
            Verb("catch", CATCH, card),
            Verb("pass", PASS, card),
            Verb("call", CALL, Choice(SUITS[:5], "colour")),
        ],
    )


def action_to_string(cards: CardSet, code: int) -> str:
    return codec(cards).to_string(code)


def action_from_string(cards: CardSet, text: str) -> int:
    return codec(cards).from_string(text)
