"""Sampling hidden cards into hidden places so that every public constraint holds.

Each hidden item has a set of places it may be in (a bitmask over places); each place holds a known
number of items. :func:`assign` finds a random assignment with augmenting paths, so it never fails
when one exists: random choices first, repairs only where a choice boxed a later item in.
"""

from __future__ import annotations

import random


class NoConsistentDeal(ValueError):
    """The constraints admit no assignment (the view is inconsistent)."""


def assign(
    items: list[int], options: dict[int, int], capacity: list[int], rng: random.Random
) -> list[list[int]]:
    """Place each item in one allowed place; returns the items in each place.

    ``options[item]`` is a bitmask of allowed places; ``capacity[place]`` how many it holds.
    """
    if sum(capacity) != len(items):
        raise NoConsistentDeal(f"{len(items)} hidden items for {sum(capacity)} hidden places")
    places = range(len(capacity))
    # Items share few distinct masks: each mask's list of places is made once (never changed:
    # ``place`` shuffles a copy).
    by_mask: dict[int, list[int]] = {}
    allowed: dict[int, list[int]] = {}
    for item in items:
        mask = options[item]
        places_of = by_mask.get(mask)
        if places_of is None:
            places_of = by_mask[mask] = [p for p in places if mask >> p & 1]
        allowed[item] = places_of
    held: list[list[int]] = [[] for _ in places]
    order = items.copy()
    rng.shuffle(order)

    def place(item: int, visited: set[int]) -> bool:
        choices = allowed[item].copy()
        rng.shuffle(choices)
        for p in choices:
            if len(held[p]) < capacity[p]:
                held[p].append(item)
                return True
        for p in choices:
            if p in visited:
                continue
            visited.add(p)
            for other in held[p]:
                if place(other, visited):
                    held[p].remove(other)
                    held[p].append(item)
                    return True
        return False

    for item in order:
        if not place(item, set()):
            raise NoConsistentDeal(f"no place left for item {item}")
    return held
