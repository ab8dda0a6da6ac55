"""Fishing's action codes. With N cards in the set:

- ``play X``  = card id            (0 … N-1): play card X to the trick
- ``catch X`` = N + card id        : a "0" catches card X of the trick
- ``pass X``  = 2N + card id       : pass card X to the left
- ``call C``  = 3N + suit (0 … 4)  : call colour C (blue, purple, red, yellow, green)
"""

from __future__ import annotations

from functools import lru_cache

from angler.core.codec import Blocks, Card, Choice, Codec, Verb
from angler.core.data import CARD_SETS_KEPT
from angler.core.errors import AnglerError
from angler.games.fishing.cards import SUITS, CardSet

PLAY, CATCH, PASS, CALL = 0, 1, 2, 3
VERBS = ("play", "catch", "pass", "call")


@lru_cache(maxsize=CARD_SETS_KEPT)  # per card set, as many as load_cards keeps
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
    texts = action_texts(cards)
    if type(code) is int and 0 <= code < len(texts):
        text = texts[code]
        if text is not None:
            return text
    return codec(cards).to_string(code)  # no action's code: the codec words the refusal


@lru_cache(maxsize=CARD_SETS_KEPT)  # per card set, as many as load_cards keeps
def action_texts(cards: CardSet) -> tuple[str | None, ...]:
    """Every code's text (None for a code that names no action), made once per card set: a
    payload words each legal action twice (its text and its menu label) for every move."""
    words = codec(cards)
    texts: list[str | None] = []
    for code in range((CALL + 1) * len(cards)):
        try:
            texts.append(words.to_string(code))
        except AnglerError:
            texts.append(None)
    return tuple(texts)


def action_from_string(cards: CardSet, text: str) -> int:
    return codec(cards).from_string(text)
