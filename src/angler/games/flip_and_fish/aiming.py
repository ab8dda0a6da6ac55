"""Where to aim: each water slot's bite chance from a jetty and what a cast at it is worth.

Shared by the heuristic player and the search (its narrowed aims and its playouts), so both see
the same physics: a cast at a card's centre, simulated ``SAMPLE_CASTS`` times with the seat's
skill on a full table, from a fixed seed so every game and process estimates the same.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache

from angler.games.flip_and_fish.cards import BOOT, CardSet
from angler.games.flip_and_fish.cast import measure, throw
from angler.games.flip_and_fish.rules import SNAG, WATER
from angler.games.flip_and_fish.table import Table
from angler.games.flip_and_fish.worth import fish_worth

SAMPLE_CASTS = 300


@lru_cache(maxsize=64)
def bite_chances(table: Table, seat: int, skill: float) -> tuple[float, ...]:
    """Per water slot: how often a cast at its centre from ``seat``'s jetty bites it."""
    rng = random.Random(f"flip-aim/{seat}/{skill}")
    full = (True,) * WATER
    counts = [0] * WATER
    for slot in range(WATER):
        for _ in range(SAMPLE_CASTS):
            reading = measure(
                table, throw(table.jetties[seat], table.cards[slot], skill, rng), full
            )
            counts[slot] += reading.bite and reading.slot == slot
    return tuple(count / SAMPLE_CASTS for count in counts)


@cache  # a handful of (bonus, rate) pairs, asked at every fish a plan weighs
def catch_chance(bonus: int, rate: int, faces: int = 12) -> float:
    """P(face + bonus >= rate) with a fair die of ``faces`` (a D12; the mini's D4), a 1 being a
    snag."""
    return sum(1 for face in range(SNAG + 1, faces + 1) if face + bonus >= rate) / faces


def bare_worth(cards: CardSet, card: int, faces: int = 12) -> float:
    """What a cast that bites ``card`` is worth without bait: its worth times the catch chance
    on a die of ``faces``."""
    if cards.kind[card] == BOOT:
        return 0.0
    return fish_worth(cards, card) * catch_chance(0, cards.catch_rate[card] or 99, faces)


@lru_cache(maxsize=16)
def face_down_worth(cards: CardSet, faces: int = 12) -> float:
    """A face-down card's bare worth, averaged over the whole fishing deck."""
    ids = cards.fishing_ids
    return sum(bare_worth(cards, card, faces) for card in ids) / len(ids)
