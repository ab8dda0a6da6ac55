"""What a card in hand is worth: one scale for the heuristic player and the search.

A trophy is worth ``TROPHY_WORTH`` (10 points: trophies alone win); a regular fish is only bait
and money, worth a quarter point plus an eighth per point of bait; a boot nothing; a Carp (never
bait) an eighth. Equipment is weighed by how often its effect turns a cast into a catch.

Cheap bait is measured, not guessed: the heuristic player valuing a regular fish at 1 + half its
bait rating (four times this) hoarded bait, and a copy valuing it at a quarter of that won 45.8%
of 600 three-player games against two of the hoarders (par 33.3%); see ``docs/agents.md``.
"""

from __future__ import annotations

from angler.games.flip_and_fish.cards import BOOT, TROPHY, CardSet

TROPHY_WORTH = 10.0
REGULAR_WORTH = 0.25  # a regular fish with no bait rating; each point of bait adds half of it
GEAR_WORTH = {
    "spear": 3.0,
    "steady-hand": 3.0,
    "longer-ruler": 3.0,
    "second-cast": 2.0,
    "roll-bonus": 2.0,
    "reroll": 2.0,
    "colour-lure": 1.5,
    "snag-guard": 1.5,
    "extra-bait": 1.0,
    "flashlight": 1.0,
    "landing-net": 1.0,
    "tackle-box": 0.5,
}
OTHER_GEAR = 1.0


def fish_worth(cards: CardSet, card: int) -> float:
    if cards.kind[card] == TROPHY:
        return TROPHY_WORTH
    if cards.kind[card] == BOOT:
        return 0.0
    return REGULAR_WORTH * (0.5 if cards.carp[card] else 1.0 + 0.5 * cards.bait[card])


def gear_worth(cards: CardSet, card: int) -> float:
    return GEAR_WORTH.get(cards.effect[card] or "", OTHER_GEAR)


def worth_table(cards: CardSet) -> tuple[float, ...]:
    """Every card id's worth held in hand: fish by :func:`fish_worth`, equipment by gear."""
    return tuple(
        gear_worth(cards, card) if cards.effect[card] else fish_worth(cards, card)
        for card in range(len(cards.kind))
    )
