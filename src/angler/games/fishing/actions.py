"""Fishing's action codes. With N cards in the set:

- ``play X``  = card id            (0 … N-1): play card X to the trick
- ``catch X`` = N + card id        : a "0" catches card X of the trick
- ``pass X``  = 2N + card id       : pass card X to the left
- ``call C``  = 3N + suit (0 … 4)  : call colour C (blue, purple, red, yellow, green)
"""

from __future__ import annotations

from angler.core.errors import AnglerError
from angler.games.fishing.cards import SUITS, CardSet

PLAY, CATCH, PASS, CALL = 0, 1, 2, 3
VERBS = ("play", "catch", "pass", "call")


def action_to_string(cards: CardSet, code: int) -> str:
    size = len(cards)
    kind, index = divmod(code, size)
    if kind < CALL and code >= 0:
        return f"{VERBS[kind]} {cards.cards[index].name}"
    if kind == CALL and index < 5:
        return f"call {SUITS[index]}"
    raise AnglerError(f"{code} is not a Fishing action code")


def action_from_string(cards: CardSet, text: str) -> int:
    verb, _, argument = text.strip().partition(" ")
    argument = argument.strip()
    if verb not in VERBS:
        raise AnglerError(f"unknown action {text!r} (actions: play, catch, pass, call)")
    size = len(cards)
    if verb == "call":
        if argument not in SUITS[:5]:
            raise AnglerError(f"cannot call {argument!r} (colours: {', '.join(SUITS[:5])})")
        return CALL * size + SUITS.index(argument)
    if argument not in cards.by_name:
        raise AnglerError(f"unknown card {argument!r} in {text!r}")
    return VERBS.index(verb) * size + cards.by_name[argument]
