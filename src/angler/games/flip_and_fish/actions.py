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

from dataclasses import dataclass
from functools import lru_cache

from angler.core.cards import ids_of as ids_of
from angler.core.cards import memo_on_cards
from angler.core.codec import (
    NOTHING,
    Argument,
    Card,
    Cards,
    Codec,
    Constant,
    Number,
    Shifted,
    Verb,
)
from angler.core.data import CARD_SETS_KEPT
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


@dataclass(frozen=True)
class Aim(Argument):
    """The aimed point, typed in mm (``cast 120 -40``); stored as its index on the aim grid."""

    def read(self, words: list[str], verb: str) -> int | None:
        try:
            if len(words) != 2:  # a point needs both coordinates
                raise NumberError("an aim is two numbers")
            x, y = (decimal_from_text(number, "an aim") for number in words)
        except NumberError:  # not a number, or NaN or infinite: no point on any table
            given = f", not {' '.join(words)[:40]!r}" if words else ""
            raise AnglerError(
                f"the aim must be a point on the table, in mm (cast X Y){given}"
            ) from None
        return aim_code(x, y) >> 4

    def write(self, value: int) -> str | None:
        if value >= AIMS:
            return None
        x, y = aim_point(value)
        return f"{x:g} {y:g}"


@dataclass(frozen=True, eq=False)
class Use(Argument):
    """Equipment, and for a Flashlight or a Spear the water slot typed 1 to 5: stored as
    ``equipment id × 8 + slot``, slot 7 for none."""

    cards: CardSet

    def read(self, words: list[str], verb: str) -> int | None:
        if not 1 <= len(words) <= 2:
            return None
        slot = NO_SLOT
        if len(words) == 2:
            slot = whole_from_text(words[1], "a water slot", 1, 5) - 1
        return self.cards.ids(words[:1])[0] * 8 + slot

    def write(self, value: int) -> str | None:
        equipment, slot = divmod(value, 8)
        if equipment >= len(self.cards) or slot not in (*range(5), NO_SLOT):
            return None
        name = self.cards.cards[equipment].name
        return name if slot == NO_SLOT else f"{name} {slot + 1}"


@lru_cache(maxsize=CARD_SETS_KEPT)  # per card set, as many as load_cards keeps
def codec(cards: CardSet) -> Codec:
    card = Card(cards)
    return Codec(
        "Flip & Fish",
        Shifted(4),
        [
            Verb("fish", FISH, NOTHING),
            Verb("fish with", FISH, Cards(cards)),
            Verb("buy", BUY, Number("a shop slot", 1, 3, offset=1)),
            Verb("buy dip", BUY, Constant(3)),
            Verb("stocktake", STOCKTAKE, card),
            Verb("gear up", GEAR, Cards(cards)),
            Verb("cast", CAST, Aim()),
            Verb("use", USE, Use(cards)),
            Verb("discard", DISCARD, card),
            Verb("done", PASS, NOTHING),
        ],
    )


def action_to_string(cards: CardSet, action: int) -> str:
    if type(action) is not int:  # no code (True, 1.0, a list…): the codec says why
        return codec(cards).to_string(action)
    return _text(cards, action)


@memo_on_cards(4096)
def _text(cards: CardSet, action: int) -> str:
    """An action's text, cached: a deciding seat's payload writes each of its legal actions
    three times (the board's place for it, the menu's text and its label)."""
    return codec(cards).to_string(action)


def action_from_string(cards: CardSet, text: str) -> int:
    return codec(cards).from_string(text)
