"""The sea as a loose pile of round cards: positions in millimetres and a stacking order.

Spots are numbered from the bottom of the pile up; a card is covered when a card on a higher spot
overlaps it (their centres are closer than one card diameter). Scattering ("shuffle the sea with
your eyes closed") throws the cards uniformly into a disc whose area grows with the card count.

A scatter is one chance event of the state's ``Chance``; its outcome, which a record may give, is
``[fish, x, y, fish, x, y, …]``: for each spot from the bottom of the pile up, the card id lying
there and its centre in whole millimetres.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

MAX_POSITION = 10_000  # mm from the middle of the sea: a sea far larger than any table


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
        self.below = tuple([tuple(spots) for spots in below])


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


def scatter_outcome(
    fish: Sequence[int], rng: random.Random, diameter: int, spread: int
) -> list[int]:
    """Scatter ``fish`` as a chance outcome: shuffle their order, then throw them. (These draws,
    in this order, are those the sea has always been scattered with: a seed lays the same sea.)"""
    order = list(fish)
    rng.shuffle(order)
    xs, ys = scatter(len(order), rng, diameter, spread)
    return [value for spot in zip(order, xs, ys, strict=True) for value in spot]


def row_outcome(
    fish: Sequence[int], groups: Mapping[int, int], rng: random.Random, diameter: int
) -> list[int]:
    """The mini variant's sea as a chance outcome: the fish side by side in a row, none covering
    another, by their backs' groups (``groups``: fish -> its group's place), the fish of one
    group shuffled among their spots. A spot's place then tells nothing its back does not."""
    order: list[int] = []
    for group in sorted(set(groups[card] for card in fish)):
        members = [card for card in fish if groups[card] == group]
        rng.shuffle(members)
        order += members
    return [value for spot, card in enumerate(order) for value in (card, 2 * diameter * spot, 0)]


def read_scatter(outcome: list[int], fish: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """The fish by spot, and the spots' x and y, of a scatter outcome (given by a record, or
    drawn); ValueError unless it places exactly ``fish`` within the sea's bounds."""
    cards, xs, ys = outcome[0::3], outcome[1::3], outcome[2::3]
    places = xs + ys  # bounds checked by min and max, in C: every sea shuffle reads a scatter
    if (
        len(outcome) != 3 * len(fish)
        or sorted(cards) != sorted(fish)
        or (places and (max(places) > MAX_POSITION or min(places) < -MAX_POSITION))
    ):
        raise ValueError(
            f"a sea scatter outcome is [fish, x, y] for each of the {len(fish)} fish scattered "
            f"(card ids {sorted(fish)}; x and y in mm from {-MAX_POSITION} to {MAX_POSITION})"
        )
    return cards, xs, ys


def shuffled_apart(rng: random.Random, piles: Sequence[Sequence[int]]) -> list[int]:
    """Each pile shuffled on its own, in turn, as one chance outcome: the piles end to end."""
    dealt: list[int] = []
    for pile in piles:
        order = list(pile)
        rng.shuffle(order)
        dealt += order
    return dealt


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
    return tuple([tuple(sorted(row)) for row in rows])


def is_covered(spot: int, cards: list[int], above: tuple[tuple[int, ...], ...]) -> bool:
    """A card is covered while any card lying above it overlaps it."""
    # A plain loop, not any() over a generator: this runs for every fish at every look at the
    # free fish, and most spots have no card above or stop at the first.
    for higher in above[spot]:  # noqa: SIM110
        if cards[higher] >= 0:
            return True
    return False


def uncovered(cards: list[int], above: tuple[tuple[int, ...], ...]) -> list[int]:
    """The spots holding a card that ``is_covered`` finds uncovered, in one pass (no call per
    spot: the free fish are listed after every shuffle and for most choices)."""
    free = []
    for spot, card in enumerate(cards):
        if card >= 0:
            for higher in above[spot]:
                if cards[higher] >= 0:
                    break
            else:
                free.append(spot)
    return free
