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

from angler.core.cards import ids_of as ids_of
from angler.core.cards import mask_of as mask_of
from angler.core.errors import AnglerError
from angler.core.numbers import whole_from_text
from angler.games.crazy_fishing.cards import CardSet

CAST, PEEK, SKIP, TURBULENT, SEA, BESIDE, SPLIT, DRAW = range(8)
KIND_BITS = 4
KIND_MASK = (1 << KIND_BITS) - 1
MAX_SPOT = 99_999  # far more sea spots than any card set has fish


def code(kind: int, argument: int = 0) -> int:
    return argument << KIND_BITS | kind


def _spot(text: str) -> int:
    """A typed sea spot (``fish 7``, ``peek 7``): the pile is numbered from its bottom, 0 up."""
    return whole_from_text(text, "a sea spot", 0, MAX_SPOT)


def action_to_string(cards: CardSet, action: int) -> str:
    kind, argument = action & KIND_MASK, action >> KIND_BITS
    if kind in (CAST, SPLIT):
        ids = ids_of(argument)
        if ids and ids[-1] < len(cards):
            return ("cast " if kind == CAST else "split ") + " ".join(cards.names(ids))
    elif kind == PEEK:
        return f"peek {argument}"
    elif kind == SKIP and argument == 0:
        return "skip"
    elif kind == TURBULENT and argument in (0, 1):
        return f"turbulent {('before', 'after')[argument]}"
    elif kind == SEA:
        return f"fish {argument}"
    elif kind == BESIDE and argument < len(cards):
        return f"fish beside {cards.cards[argument].name}"
    elif kind == DRAW and argument in (0, 1):
        return f"draw {('rod', 'bait')[argument]}"
    raise AnglerError(f"{action} is not a Crazy Fishing action code")


def action_from_string(cards: CardSet, text: str) -> int:
    words = text.split()
    if not words:
        raise AnglerError("an empty action")
    verb, rest = words[0], words[1:]
    if verb == "cast" and not rest:
        raise AnglerError("cast names no cards: name at least 1 rod and 1 bait")
    if verb == "split" and not rest:
        raise AnglerError("split names no cards: name the baits for the first fish")
    if verb in ("cast", "split") and len(set(rest)) != len(rest):
        raise AnglerError(f"{verb} names a card twice")
    if verb in ("cast", "split") and rest:
        return code(CAST if verb == "cast" else SPLIT, mask_of(cards.ids(rest)))
    if verb == "peek" and len(rest) == 1:
        return code(PEEK, _spot(rest[0]))
    if verb == "skip" and not rest:
        return code(SKIP)
    if verb == "turbulent" and rest in (["before"], ["after"]):
        return code(TURBULENT, 0 if rest[0] == "before" else 1)
    if verb == "fish" and len(rest) == 1:
        return code(SEA, _spot(rest[0]))
    if verb == "fish" and len(rest) == 2 and rest[0] == "beside":
        return code(BESIDE, cards.ids(rest[1:])[0])
    if verb == "draw" and rest in (["rod"], ["bait"]):
        return code(DRAW, 0 if rest[0] == "rod" else 1)
    raise AnglerError(
        f"unknown action {text!r} (actions: cast, peek, skip, turbulent, fish, split, draw)"
    )
