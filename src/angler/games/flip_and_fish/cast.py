"""The cast as a seeded physical model: an aim goes in, where the die stops comes out.

The player aims at a point on the table (or gives a direction and a strength, which name the same
point). The flick is imperfect: the die stops at the aimed point plus an error that grows with the
length of the throw, more along the throw than across it. It must roll at least one full revolution
to count (short, soft flicks often slide), and the face it shows is uniform from 1 to 12 whatever
the aim. Formulas (``d`` = throw length in mm, ``k`` = the skill factor, 1 for a fair caster):

- error along the throw ~ Normal(0, k · (10 + 0.35 d)) mm;
- error across the throw ~ Normal(0, k · (8 + 0.18 d)) mm;
- P(full revolution) = min(0.98, 0.35 + d / 400);
- face ~ Uniform{1, …, 12}.

A bite needs the die within the ruler (80 mm) of the closest water card; a Strike needs the whole
die to rest on a card, which the geometry makes much rarer than a bite. Every outcome is drawn from
the game's chance, and a record stores it, so a replay never re-simulates.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from angler.games.flip_and_fish.table import RULER, Point, Table

SKILLS: dict[str, float] = {"expert": 0.5, "good": 0.75, "fair": 1.0, "novice": 1.5}


@dataclass(frozen=True)
class Landing:
    """Where a cast ended: the die's centre (mm), whether it revolved, and the face up."""

    x: float
    y: float
    revolved: bool
    face: int

    def as_outcome(self) -> list[int]:
        """Whole numbers for a record: tenths of a millimetre, 0/1, the face."""
        return [round(self.x * 10), round(self.y * 10), int(self.revolved), self.face]

    @classmethod
    def from_outcome(cls, outcome: list[int]) -> Landing:
        x, y, revolved, face = outcome
        if revolved not in (0, 1) or not 1 <= face <= 12:
            raise ValueError(f"{outcome} is not a cast outcome [x, y, revolved, face]")
        return cls(x / 10, y / 10, bool(revolved), face)


def spread(distance: float, skill: float) -> tuple[float, float]:
    """Standard deviations (along, across) of where the die stops, in mm."""
    return skill * (10 + 0.35 * distance), skill * (8 + 0.18 * distance)


def revolution_chance(distance: float) -> float:
    return min(0.98, 0.35 + distance / 400)


def throw(origin: Point, aim: Point, skill: float, rng: random.Random) -> Landing:
    """One cast from ``origin`` at ``aim``: the model above, drawn from ``rng``."""
    dx, dy = aim[0] - origin[0], aim[1] - origin[1]
    distance = math.hypot(dx, dy)
    ux, uy = (dx / distance, dy / distance) if distance else (1.0, 0.0)
    along, across = spread(distance, skill)
    e_along = rng.gauss(0.0, along)
    e_across = rng.gauss(0.0, across)
    x = aim[0] + ux * e_along - uy * e_across
    y = aim[1] + uy * e_along + ux * e_across
    revolved = rng.random() < revolution_chance(distance)
    face = rng.randint(1, 12)
    return Landing(round(x, 1), round(y, 1), revolved, face)


@dataclass(frozen=True)
class Reading:
    """What the ruler says: the closest card (slot or -1), its gap, bite and strike."""

    slot: int
    gap: float
    bite: bool
    strike: bool


def measure(
    table: Table, landing: Landing, occupied: tuple[bool, ...], ruler: float = RULER
) -> Reading:
    """Measure from where the die stopped to the closest card in the water."""
    point = (landing.x, landing.y)
    if not table.on_table(point):
        return Reading(-1, math.inf, False, False)
    best, gap = -1, math.inf
    for slot, filled in enumerate(occupied):
        if filled:
            distance = table.distance_to_card(point, slot)
            if distance < gap:
                best, gap = slot, distance
    bite = best >= 0 and gap <= ruler
    strike = bite and table.rests_on(point, best)
    return Reading(best, gap, bite, strike)


def aim_from_direction(origin: Point, degrees: float, strength: float) -> Point:
    """The point a flick in ``degrees`` (0 = towards +x, counter-clockwise) of ``strength`` mm
    aims at."""
    angle = math.radians(degrees)
    return (origin[0] + strength * math.cos(angle), origin[1] + strength * math.sin(angle))
