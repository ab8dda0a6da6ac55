"""What happens in a game of Fishing, as events (``core/events.py``; their JSON in docs/events.md).

Seats count from 0; cards are card ids; a colour is an index into ``cards.SUITS``.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, get_args

from angler.core.events import private, public


@public("play")
class Play(NamedTuple):
    """``seat`` plays ``card`` to the trick (lead, follow, trump, shed or buoy)."""

    seat: int
    card: int


@public("call")
class Call(NamedTuple):
    """``seat``, whose Call-the-colour buoy acted on this trick, names the colour everyone must
    follow in it."""

    seat: int
    suit: int


@public("trick")
class Trick(NamedTuple):
    """``seat`` catches the trick with ``winning_card`` (-1: the call won it) and takes
    ``cards``, what the buoys left of it."""

    seat: int
    winning_card: int
    cards: tuple[int, ...]


@public("catch")
class Catch(NamedTuple):
    """``seat`` catches ``card`` out of the trick with a 0 (``how`` "zero") or with "catch all
    other cards" ("catch-all")."""

    seat: int
    card: int
    how: Literal["zero", "catch-all"]


@public("nothing")
class Nothing(NamedTuple):
    """``seat``'s 0, ``card``, finds no other card left in the trick to catch."""

    seat: int
    card: int


@public("minus-three")
class MinusThree(NamedTuple):
    """``seat`` records -3 points the moment the -3 card, ``card``, lands on its fisher."""

    seat: int
    card: int


@public("forfeit")
class Forfeit(NamedTuple):
    """``seat``'s buoy ``card`` would act on the next trick, but it was the round's last."""

    seat: int
    card: int


@public("pass-starts")
class PassStarts(NamedTuple):
    """``seat``'s Pass-left buoy: everyone passes 1 card to the left."""

    seat: int


@private("gave")
class Gave(NamedTuple):
    """To ``seat`` alone: you passed ``card`` to ``receiver``."""

    seat: int
    card: int
    receiver: int


@private("got", reveals=True)
class Got(NamedTuple):
    """To ``seat`` alone: you received ``card`` from ``giver``."""

    seat: int
    card: int
    giver: int


@public("passed")
class Passed(NamedTuple):
    """Every seat has passed its card to the left (in round ``round``)."""

    round: int


@public("round")
class Round(NamedTuple):
    """Round ``round`` begins: everyone takes ``hand_size`` cards."""

    round: int
    hand_size: int


@private("drew", reveals=True)
class Drew(NamedTuple):
    """To ``seat`` alone: the ``cards`` it drew from its ``pile``, "stockroom" or "ocean"."""

    seat: int
    cards: tuple[int, ...]
    pile: Literal["stockroom", "ocean"]


@public("draws")
class Draws(NamedTuple):
    """How every seat refilled its hand: ``from_stockroom[seat]`` cards from its own stockroom,
    then ``from_ocean[seat]`` from the ocean stack, the seats drawing in ``order``."""

    from_stockroom: tuple[int, ...]
    order: tuple[int, ...]
    from_ocean: tuple[int, ...]


@public("round-end")
class RoundEnd(NamedTuple):
    """Round ``round`` ends: each seat scores ``points[seat]``, a point per caught card."""

    round: int
    points: tuple[int, ...]


@public("overfishing")
class Overfishing(NamedTuple):
    """The ocean stack cannot refill every hand for round ``round``: the game ends."""

    round: int


@public("game-end")
class GameEnd(NamedTuple):
    """The game is over with these final ``scores`` (by seat)."""

    scores: tuple[int, ...]


FishingEvent = (
    Play
    | Call
    | Trick
    | Catch
    | Nothing
    | MinusThree
    | Forfeit
    | PassStarts
    | Gave
    | Got
    | Passed
    | Round
    | Drew
    | Draws
    | RoundEnd
    | Overfishing
    | GameEnd
)
EVENT_TYPES: tuple[type[FishingEvent], ...] = get_args(FishingEvent)
