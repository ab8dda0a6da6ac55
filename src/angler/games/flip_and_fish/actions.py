"""Flip & Fish's action codes: ``code = argument << 4 | kind``.

| kind | text | argument |
|---|---|---|
| FISH | ``fish`` / ``fish with Trout#1 Bass#2`` | bitmask of the bait fish announced |
| BUY | ``buy 1`` … ``buy 3`` / ``buy dip`` | shop slot 0–2, or 3 for a lucky dip |
| STOCKTAKE | ``stocktake Trout#1`` | the caught fish paid |
| GEAR | ``gear up Spear Net`` | bitmask of the used equipment flipped face up |
| CAST | ``cast 120 -40`` | the aimed point, on a 10 mm grid (x and y in mm) |
| USE | ``use Flashlight 3`` / ``use Berley`` | equipment id × 8 + water slot (7: none) |
| DISCARD | ``discard Carp#2`` | the card discarded |
| PASS | ``done`` | end an optional step, or rest when nothing else is possible |
"""

from __future__ import annotations

from functools import lru_cache

from angler.core.cards import ids_of as ids_of
from angler.core.errors import AnglerError
from angler.core.numbers import NumberError, decimal_from_text, whole_from_text
from angler.games.flip_and_fish.cards import CardSet
from angler.games.flip_and_fish.table import TABLE_HALF

FISH, BUY, STOCKTAKE, GEAR, CAST, USE, DISCARD, PASS = range(8)
STEP = 10  # mm between aim points: far finer than the spread of any cast
SIDE = int(2 * TABLE_HALF) // STEP + 1  # aim points per row
NO_SLOT = 7


def code(kind: int, argument: int = 0) -> int:
    return argument << 4 | kind


def aim_code(x: float, y: float) -> int:
    """The code of a cast aimed at the grid point nearest (x, y), which must lie on the table."""
    gx = round((x + TABLE_HALF) / STEP)
    gy = round((y + TABLE_HALF) / STEP)
    if not (abs(x) <= TABLE_HALF and abs(y) <= TABLE_HALF):
        raise AnglerError(f"aim ({x:g}, {y:g}) lies outside the table (±{TABLE_HALF:g} mm)")
    return code(CAST, gx * SIDE + gy)


def aim_point(argument: int) -> tuple[float, float]:
    gx, gy = divmod(argument, SIDE)
    return gx * STEP - TABLE_HALF, gy * STEP - TABLE_HALF


AIMS = SIDE * SIDE


class AimList(list[int]):
    """Legal actions holding every aim on the table, plus a few other actions (``extra``).

    Membership is a range test, so checking a cast against thousands of aims costs nothing."""

    __slots__ = ("extra",)

    def __init__(self, extra: tuple[int, ...] = ()) -> None:
        super().__init__(_ALL_AIMS)
        self.extra = extra
        self.extend(extra)

    def __contains__(self, action: object) -> bool:
        if type(action) is not int:
            return False
        if action & 15 == CAST:
            return 0 <= action >> 4 < AIMS
        return action in self.extra


_ALL_AIMS = tuple(code(CAST, index) for index in range(AIMS))
ALL_AIMS = AimList()  # shared: legal-action lists are never changed by their users


@lru_cache(maxsize=512)
def aims_and(extra: tuple[int, ...]) -> AimList:
    """Every aim plus ``extra`` (e.g. a Flashlight's uses), one shared list per ``extra``."""
    return AimList(extra)


def action_to_string(cards: CardSet, action: int) -> str:
    kind, argument = action & 15, action >> 4
    if kind == FISH:
        bait = [cards.cards[c].name for c in ids_of(argument)]
        return "fish with " + " ".join(bait) if bait else "fish"
    if kind == BUY and argument <= 3:
        return "buy dip" if argument == 3 else f"buy {argument + 1}"
    if kind == STOCKTAKE and argument < len(cards):
        return f"stocktake {cards.cards[argument].name}"
    if kind == GEAR and argument:
        return "gear up " + " ".join(cards.cards[c].name for c in ids_of(argument))
    if kind == CAST and argument < AIMS:
        x, y = aim_point(argument)
        return f"cast {x:g} {y:g}"
    if kind == USE and argument >> 3 < len(cards):
        equipment, slot = divmod(argument, 8)
        name = cards.cards[equipment].name
        return f"use {name}" if slot == NO_SLOT else f"use {name} {slot + 1}"
    if kind == DISCARD and argument < len(cards):
        return f"discard {cards.cards[argument].name}"
    if kind == PASS and argument == 0:
        return "done"
    raise AnglerError(f"{action} is not a Flip & Fish action code")


def action_from_string(cards: CardSet, text: str) -> int:
    words = text.split()
    if not words:
        raise AnglerError("an empty action")

    def card(name: str) -> int:
        if name not in cards.by_name:
            raise AnglerError(f"unknown card {name!r}")
        return cards.by_name[name]

    verb, rest = words[0], words[1:]
    if verb in ("fish", "gear") and len(set(rest)) != len(rest):  # a mask holds a card once
        raise AnglerError(f"{' '.join(words)[:60]!r} names a card twice")
    if verb == "fish" and not rest:
        return code(FISH)
    if verb == "fish" and rest[:1] == ["with"] and rest[1:]:
        return code(FISH, sum(1 << card(name) for name in rest[1:]))
    if verb == "buy" and rest == ["dip"]:
        return code(BUY, 3)
    if verb == "buy" and len(rest) == 1:
        return code(BUY, whole_from_text(rest[0], "a shop slot", 1, 3) - 1)
    if verb == "stocktake" and len(rest) == 1:
        return code(STOCKTAKE, card(rest[0]))
    if verb == "gear" and rest[:1] == ["up"] and rest[1:]:
        return code(GEAR, sum(1 << card(name) for name in rest[1:]))
    if verb == "cast":
        try:
            if len(rest) != 2:  # a point needs both coordinates
                raise NumberError("an aim is two numbers")
            x, y = (decimal_from_text(number, "an aim") for number in rest)
        except NumberError:  # not a number, or NaN or infinite: no point on any table
            given = f", not {' '.join(rest)[:40]!r}" if rest else ""
            raise AnglerError(
                f"the aim must be a point on the table, in mm (cast X Y){given}"
            ) from None
        return aim_code(x, y)
    if verb == "use" and rest:
        slot = NO_SLOT
        if len(rest) == 2:
            slot = whole_from_text(rest[1], "a water slot", 1, 5) - 1
        return code(USE, card(rest[0]) * 8 + slot)
    if verb == "discard" and len(rest) == 1:
        return code(DISCARD, card(rest[0]))
    if verb == "done" and not rest:
        return code(PASS)
    raise AnglerError(
        f"unknown action {text!r} (actions: fish, buy, stocktake, gear up, cast, use, discard, "
        "done)"
    )
