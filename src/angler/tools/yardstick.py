"""The yardstick ``angler bench --yardstick`` runs beside its figures: a bare Python trick-taking
loop, no engine at all, measured in plays per second.

The machine's speed and load move every benchmark figure; this loop moves with them. Quoting
figures beside it (as the README does) shows how fast the machine was when they were taken.

The game is plain whist without trumps: four hands of 13 from a 52-card deck, each trick led at
random, followed in suit when possible, won by the highest card of the suit led. Cards are
integers ``suit * 13 + rank``; randomness comes from one seeded generator, so the work done is
the same on every run.
"""

from __future__ import annotations

import random
import statistics
import time

PLAYERS = 4
DECK = list(range(52))
BATCHES = 5


def play_deal(rng: random.Random) -> int:
    """Deal and play one hand of whist at random; returns the cards played (52)."""
    deck = DECK[:]
    rng.shuffle(deck)
    hands = [deck[seat::PLAYERS] for seat in range(PLAYERS)]
    leader = 0
    plays = 0
    for _ in range(13):
        suit = -1
        best_card, best_seat = -1, leader
        for turn in range(PLAYERS):
            seat = (leader + turn) % PLAYERS
            hand = hands[seat]
            legal = [card for card in hand if card // 13 == suit] or hand
            card = legal[int(rng.random() * len(legal))]
            hand.remove(card)
            plays += 1
            if suit < 0:
                suit = card // 13
            if card // 13 == suit and card > best_card:
                best_card, best_seat = card, seat
        leader = best_seat
    return plays


def plays_per_second(seconds: float = 1.0, seed: int = 0) -> float:
    """Cards played per second, the median of a few batches filling about ``seconds``."""
    rng = random.Random(seed)
    rates = []
    for _ in range(BATCHES):
        plays = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / BATCHES:
            plays += play_deal(rng)
        rates.append(plays / elapsed)
    return statistics.median(rates)
