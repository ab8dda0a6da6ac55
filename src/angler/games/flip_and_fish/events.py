"""What happens in a game of Flip & Fish, as events (``core/events.py``; their JSON in
docs/events.md).

Seats count from 0; cards are card ids; a water slot is an index into the view's ``water``
(counted from 0; the log says slot 1 for slot 0); points on the table are ``[x, y]`` in mm.
"""

from __future__ import annotations

from typing import NamedTuple, get_args

from angler.core.events import private, public


@public("turn")
class Turn(NamedTuple):
    """Turn ``turn`` (counted from 1 over the game): ``seat`` acts."""

    seat: int
    turn: int


@public("fish")
class Fish(NamedTuple):
    """``seat`` goes fishing with ``bait`` (its bait cards, perhaps none)."""

    seat: int
    bait: tuple[int, ...]


@public("cast")
class Cast(NamedTuple):
    """``seat`` aims at ``aim``; the die stops at ``stop`` showing ``face``. A die that did not
    roll over (``revolved`` false) is cast again, up to the recast limit (``slid``)."""

    seat: int
    aim: tuple[float, float]
    stop: tuple[float, float]
    revolved: bool
    face: int


@public("miss")
class Miss(NamedTuple):
    """The ruler finds no card close enough: ``seat`` gets no bite (``slot`` is the nearest
    card's, -1 if the water is empty)."""

    seat: int
    slot: int


@public("flip", reveals=True)
class Flip(NamedTuple):
    """Water ``slot`` turns face up, showing ``card`` (``seat`` cast at it)."""

    seat: int
    slot: int
    card: int


@public("boot")
class Boot(NamedTuple):
    """``seat``'s bite in ``slot`` is a boot: no bite."""

    seat: int
    slot: int


@public("strike")
class Strike(NamedTuple):
    """Strike: ``seat``'s die rests on the card in ``slot`` (+2 to the roll)."""

    seat: int
    slot: int


@public("ability")
class Ability(NamedTuple):
    """``fish``'s ability acts on ``seat``'s fishing: ``effect`` names it (the card file's
    ability effect, or "guarded", "swim-off", "snap-line")."""

    seat: int
    fish: int
    effect: str


@public("catch")
class Catch(NamedTuple):
    """``seat`` catches ``fish``: its ``roll`` reached the catch ``rate``."""

    seat: int
    fish: int
    roll: int
    rate: int


@public("got-away")
class GotAway(NamedTuple):
    """``fish`` gets away from ``seat``: its ``roll`` fell short of the catch ``rate``."""

    seat: int
    fish: int
    roll: int
    rate: int


@public("snag")
class Snag(NamedTuple):
    """Snag: ``seat`` rolled a 1."""

    seat: int


@public("snag-cancelled")
class SnagCancelled(NamedTuple):
    """``seat`` cancels its snag with a Snag Guard."""

    seat: int


@public("reroll")
class Reroll(NamedTuple):
    """``seat`` rolls the die again; it shows ``face``."""

    seat: int
    face: int


@public("use")
class Use(NamedTuple):
    """``seat`` uses its equipment ``card``."""

    seat: int
    card: int


@private("peek", reveals=True)
class Peek(NamedTuple):
    """To ``seat`` alone: its Flashlight shows ``card`` in water ``slot``."""

    seat: int
    slot: int
    card: int


@public("speared")
class Speared(NamedTuple):
    """``seat`` spears ``fish`` out of the water."""

    seat: int
    fish: int


@public("discard")
class Discard(NamedTuple):
    """``seat`` discards ``card`` (an equipment card or a caught fish)."""

    seat: int
    card: int


@public("equip", reveals="shown")
class Equip(NamedTuple):
    """``seat`` takes equipment ``card`` from the shop. ``shown``: a card nobody could know came
    off the face-down shopping deck (a lucky dip's, or the one that refilled the shop row; the
    deck's last card is known to all, the rest of the shop cards being in sight)."""

    seat: int
    card: int
    shown: bool


@public("stocktake", reveals=True)
class Stocktake(NamedTuple):
    """``seat`` pays ``fish`` for a stocktake: the shop row is replaced."""

    seat: int
    fish: int


@public("gear-up")
class GearUp(NamedTuple):
    """``seat`` turns its used equipment ``cards`` face up again."""

    seat: int
    cards: tuple[int, ...]


@public("no-buy")
class NoBuy(NamedTuple):
    """``seat`` buys nothing after its stocktake."""

    seat: int


@public("rest")
class Rest(NamedTuple):
    """``seat`` can do nothing this turn."""

    seat: int


@public("shop-opens", reveals=True)
class ShopOpens(NamedTuple):
    """The shop opens with ``cards`` in its row."""

    cards: tuple[int, ...]


@public("shop-reshuffled")
class ShopReshuffled(NamedTuple):
    """The shopping deck is shuffled back from its discards: ``cards`` cards."""

    cards: int


@public("deck-reshuffled")
class DeckReshuffled(NamedTuple):
    """The fishing deck is shuffled back from its discards: ``cards`` cards."""

    cards: int


@public("closing-time")
class ClosingTime(NamedTuple):
    """Closing time after ``turns`` turns: the round limit is reached; most trophies wins."""

    turns: int


@public("game-end")
class GameEnd(NamedTuple):
    """``seat`` wins the game."""

    seat: int


@public("slid")
class Slid(NamedTuple):
    """``seat``'s die did not roll over in ``casts`` casts in a row, the recast limit (option
    ``recasts``): the last counts as a miss, the bait is kept and the turn ends."""

    seat: int
    casts: int


FlipAndFishEvent = (
    Turn
    | Fish
    | Cast
    | Miss
    | Flip
    | Boot
    | Strike
    | Ability
    | Catch
    | GotAway
    | Snag
    | SnagCancelled
    | Reroll
    | Use
    | Peek
    | Speared
    | Discard
    | Equip
    | Stocktake
    | GearUp
    | NoBuy
    | Rest
    | ShopOpens
    | ShopReshuffled
    | DeckReshuffled
    | ClosingTime
    | GameEnd
    | Slid
)
EVENT_TYPES: tuple[type[FlipAndFishEvent], ...] = get_args(FlipAndFishEvent)
