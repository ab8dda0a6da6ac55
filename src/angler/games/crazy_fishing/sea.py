"""The sea as a loose pile of round cards: positions in millimetres and a stacking order.

Spots are numbered from the bottom of the pile up; a card is covered when a card on a higher spot
overlaps it (their centres are closer than one card diameter). Scattering ("shuffle the sea with
your eyes closed") throws the cards uniformly into a disc whose area grows with the card count.
"""

from __future__ import annotations

import math
import random


class SeaLayout:
    """Where each spot lies and which spots overlap it; immutable, so clones share it."""

    __slots__ = ("above", "below", "xs", "ys")

    def __init__(self, xs: list[int], ys: list[int], diameter: int) -> None:
        self.xs = tuple(xs)
        self.ys = tuple(ys)
        self.above = overlaps(xs, ys, diameter)
        below: list[list[int]] = [[] for _ in xs]
        for spot, higher in enumerate(self.above):
            for other in higher:
                below[other].append(spot)
        self.below = tuple(tuple(spots) for spots in below)


def scatter(
    count: int, rng: random.Random, diameter: int, spread: int
) -> tuple[list[int], list[int]]:
    """Positions (mm) for ``count`` cards thrown into a disc that grows with the count."""
    radius = max(diameter / 2, spread * math.sqrt(count))
    xs: list[int] = []
    ys: list[int] = []
    for _ in range(count):
        distance = radius * math.sqrt(rng.random())
        angle = rng.random() * 2 * math.pi
        xs.append(round(distance * math.cos(angle)))
        ys.append(round(distance * math.sin(angle)))
    return xs, ys


def overlaps(xs: list[int], ys: list[int], diameter: int) -> tuple[tuple[int, ...], ...]:
    """For each spot, the higher spots whose card overlaps it (centres under a diameter apart).

    Spots are swept in order of x, so only neighbours less than a diameter apart in x are measured.
    """
    count = len(xs)
    by_x = sorted(range(count), key=xs.__getitem__)
    reach = diameter * diameter
    rows: list[list[int]] = [[] for _ in range(count)]
    for rank, spot in enumerate(by_x):
        x, y = xs[spot], ys[spot]
        for other in by_x[rank + 1 :]:
            dx = xs[other] - x
            if dx >= diameter:
                break
            if dx * dx + (ys[other] - y) ** 2 < reach:
                low, high = (spot, other) if spot < other else (other, spot)
                rows[low].append(high)
    return tuple(tuple(sorted(row)) for row in rows)


def is_covered(spot: int, cards: list[int], above: tuple[tuple[int, ...], ...]) -> bool:
    """A card is covered while any card lying above it overlaps it."""
    return any(cards[higher] >= 0 for higher in above[spot])
