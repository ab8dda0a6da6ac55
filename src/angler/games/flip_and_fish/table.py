"""The Flip & Fish table as geometry, in millimetres, seen from above.

The table is a square centred on the origin; the water (5 cards) lies in the middle and each seat's
jetty sits on a circle around it. Cards are standard 63 × 88 mm playing cards lying portrait. The
D12 is 20 mm across. The ruler printed on the player aid card is 80 mm long; its yellow "ideal"
part is the first 30 mm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

CARD_WIDTH = 63.0
CARD_LENGTH = 88.0
DIE_RADIUS = 10.0
RULER = 80.0  # full length: a card this close to the die bites
RULER_IDEAL = 30.0  # the yellow part: where a good cast lands
TABLE_HALF = 450.0  # the table is 900 × 900 mm
JETTY_DISTANCE = 330.0  # from the centre of the water to the centre of a jetty
JETTY_REACH = 62.0  # mm a jetty's drawing reaches from its centre

Point = tuple[float, float]

# Six example water layouts (card centres, mm). The rulebook shows six diagrams without
# coordinates; these are six distinct patterns of the same spread, roughly equally far from
# every jetty.
PRESETS: dict[str, tuple[Point, ...]] = {
    "cross": ((0, 0), (-110, 0), (110, 0), (0, -130), (0, 130)),
    "ring": tuple(
        (round(120 * math.cos(a), 1), round(120 * math.sin(a), 1))
        for a in (math.pi / 2 + k * 2 * math.pi / 5 for k in range(5))
    ),
    "line": ((-220, 0), (-110, 0), (0, 0), (110, 0), (220, 0)),
    "diamond": ((0, 0), (-120, -60), (120, -60), (-120, 60), (120, 60)),
    "arrow": ((0, 120), (-90, 30), (90, 30), (-180, -60), (180, -60)),
    "scatter": ((-40, 20), (95, 80), (-150, -70), (60, -110), (160, -20)),
}
DEFAULT_LAYOUT = "cross"


@dataclass(frozen=True)
class Table:
    """Where the water cards and the jetties lie for one game."""

    cards: tuple[Point, ...]  # centres of the 5 water slots
    jetties: tuple[Point, ...]  # centre of each seat's jetty

    @classmethod
    def for_players(cls, players: int, layout: str | tuple[Point, ...] = DEFAULT_LAYOUT) -> Table:
        cards = PRESETS[layout] if isinstance(layout, str) else layout
        return cls(tuple((float(x), float(y)) for x, y in cards), jetties(players))

    def distance_to_card(self, point: Point, slot: int) -> float:
        """Gap between the die (centred at ``point``) and the card in ``slot``; 0 if touching."""
        x, y = point
        cx, cy = self.cards[slot]
        dx = max(abs(x - cx) - CARD_WIDTH / 2, 0.0)
        dy = max(abs(y - cy) - CARD_LENGTH / 2, 0.0)
        return max(math.hypot(dx, dy) - DIE_RADIUS, 0.0)

    def rests_on(self, point: Point, slot: int) -> bool:
        """The whole die lies on the card (it can rest flat without touching the table)."""
        x, y = point
        cx, cy = self.cards[slot]
        return (
            abs(x - cx) <= CARD_WIDTH / 2 - DIE_RADIUS
            and abs(y - cy) <= CARD_LENGTH / 2 - DIE_RADIUS
        )

    def on_table(self, point: Point) -> bool:
        return abs(point[0]) <= TABLE_HALF and abs(point[1]) <= TABLE_HALF

    @cached_property
    def drawn(self) -> tuple[float, float, float, float]:
        """The least box ``(x0, y0, x1, y1)`` round the water cards and the jetties' drawings
        (``JETTY_REACH`` round each centre): the part of the table every board draws, worked out
        once per table rather than once per board."""
        xs = [x + dx for x, _ in self.cards for dx in (-CARD_WIDTH / 2, CARD_WIDTH / 2)]
        ys = [y + dy for _, y in self.cards for dy in (-CARD_LENGTH / 2, CARD_LENGTH / 2)]
        for x, y in self.jetties:
            xs += [x - JETTY_REACH, x + JETTY_REACH]
            ys += [y - JETTY_REACH, y + JETTY_REACH]
        return min(xs), min(ys), max(xs), max(ys)


def jetties(players: int) -> tuple[Point, ...]:
    """Jetties evenly round the water, seat 0 at the bottom, then clockwise seen from above."""
    out = []
    for seat in range(players):
        angle = -math.pi / 2 - seat * 2 * math.pi / players
        out.append(
            (round(JETTY_DISTANCE * math.cos(angle), 1), round(JETTY_DISTANCE * math.sin(angle), 1))
        )
    return tuple(out)


def check_layout(cards: tuple[Point, ...]) -> str | None:
    """Why a custom layout is unusable (None if it is fine): 5 cards, on the table, not overlapping
    and not on a jetty."""
    if len(cards) != 5:
        return f"the water holds 5 cards, not {len(cards)}"
    for i, (x, y) in enumerate(cards):
        if abs(x) + CARD_WIDTH / 2 > TABLE_HALF or abs(y) + CARD_LENGTH / 2 > TABLE_HALF:
            return f"card {i + 1} at ({x:g}, {y:g}) lies off the table"
        if math.hypot(x, y) > JETTY_DISTANCE - CARD_LENGTH:
            return f"card {i + 1} at ({x:g}, {y:g}) lies too close to a jetty"
        for j in range(i):
            ox, oy = cards[j]
            if abs(x - ox) < CARD_WIDTH and abs(y - oy) < CARD_LENGTH:
                return f"cards {j + 1} and {i + 1} overlap"
    return None
