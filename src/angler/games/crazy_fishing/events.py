"""What happens in a game of Crazy Fishing, as events (``core/events.py``; their JSON in
docs/events.md).

Seats count from 0; cards are card ids; a cast is a bitmask of card ids (bit ``id`` set for each
card); a sea spot is the number the view's ``sea`` gives a fish; a deck is 0 for rods, 1 for
baits; a bait value of 1000000 is the Most Tempting Bait's infinite bait.
"""

from __future__ import annotations

from typing import NamedTuple, get_args

from angler.core.events import ALL_BUT_SEAT, private, public


@public("set-up")
class SetUp(NamedTuple):
    """The sea is scattered with ``fish`` fish; everyone takes ``rods`` rods and ``baits`` baits
    (3 and 3; 2 and 2 in the mini)."""

    fish: int
    rods: int = 3
    baits: int = 3


@public("round")
class Round(NamedTuple):
    """Round ``round`` begins: everyone who can casts in secret."""

    round: int


@public("sits-out")
class SitsOut(NamedTuple):
    """``seat`` holds no rod or no bait, so it cannot cast this round."""

    seat: int


@public("nobody-casts")
class NobodyCasts(NamedTuple):
    """At the start of round ``round`` nobody can cast: the game ends."""

    round: int


@private("cast")
class Cast(NamedTuple):
    """To ``seat`` alone: your secret cast, the cards in ``mask``."""

    seat: int
    mask: int


@public("reveal", reveals=ALL_BUT_SEAT)
class Reveal(NamedTuple):
    """``seat`` turns its cast face up: the cards in ``mask``."""

    seat: int
    mask: int


@public("order")
class Order(NamedTuple):
    """The catch order of this round: ``seats``, the fastest rod first (then the best bait, then
    the rods turned up to break a tie)."""

    seats: tuple[int, ...]


@public("tie-break", reveals=True)
class TieBreak(NamedTuple):
    """``seat`` turns up ``rod`` from the rod deck to break a tie of speed (-1: the deck and its
    discards were empty)."""

    seat: int
    rod: int


@public("turbulent")
class Turbulent(NamedTuple):
    """``seat``'s Turbulent Bait stirs the sea, ``after`` its catch or (false) before it."""

    seat: int
    after: bool


@public("peek")
class Peek(NamedTuple):
    """``seat`` looks at the fish at sea ``spot`` with a Fish Finder (only it sees the face)."""

    seat: int
    spot: int


@private("peek-face", reveals=True)
class PeekFace(NamedTuple):
    """To ``seat`` alone: the fish its Fish Finder showed at ``spot`` is ``card``."""

    seat: int
    spot: int
    card: int


@public("no-peek")
class NoPeek(NamedTuple):
    """``seat`` looks at nothing more with its Fish Finder."""

    seat: int


@public("choose")
class Choose(NamedTuple):
    """``seat`` tries a fish: ``target`` is a sea spot, or with ``beside`` the card id of a fish
    lying beside the sea."""

    seat: int
    beside: bool
    target: int


@public("no-fish")
class NoFish(NamedTuple):
    """No fish is left for ``seat`` to try."""

    seat: int


@public("flip", reveals="face_down")
class Flip(NamedTuple):
    """``seat`` turns up the fish it tries, ``fish`` (two with a Super-Fast Reel), of which
    ``face_down`` lay face down until now (the others were face up already, or beside the sea)."""

    seat: int
    fish: tuple[int, ...]
    face_down: int


@public("split")
class Split(NamedTuple):
    """Super-Fast Reel: ``seat`` splits its baits, ``first`` for the first fish, ``second`` for
    the other."""

    seat: int
    first: tuple[int, ...]
    second: tuple[int, ...]


@public("caught")
class Caught(NamedTuple):
    """``seat`` catches ``fish`` with ``bait`` (the bait's total value)."""

    seat: int
    fish: int
    bait: int


@public("got-away")
class GotAway(NamedTuple):
    """``fish`` gets away from ``seat`` (its ``bait`` was too small) and stays where it lay,
    now face up."""

    seat: int
    fish: int
    bait: int


@public("got-away-beside")
class GotAwayBeside(NamedTuple):
    """``fish``, taken from under another card, gets away from ``seat``'s ``bait`` and now lies
    beside the sea."""

    seat: int
    fish: int
    bait: int


@public("no-retry")
class NoRetry(NamedTuple):
    """``seat`` lets the second fish of a Pair of Fish be."""

    seat: int


@public("released")
class Released(NamedTuple):
    """Sustainable Fishing: ``seat`` puts ``fish``, the biggest caught this round, back in the
    sea."""

    seat: int
    fish: int


@public("bream", reveals=True)
class Bream(NamedTuple):
    """Smart Bream shows every uncovered sea fish: ``shown`` is ``[spot, card]`` pairs."""

    shown: tuple[tuple[int, int], ...]


@public("puffer", reveals=ALL_BUT_SEAT)
class Puffer(NamedTuple):
    """Puffer Fish: ``seat`` discards its fastest rod, ``rod``."""

    seat: int
    rod: int


@private("drew", reveals=True)
class Drew(NamedTuple):
    """To ``seat`` alone: it drew ``card`` from ``deck`` (the others see a "draw")."""

    seat: int
    card: int
    deck: int


@public("draw")
class Draw(NamedTuple):
    """``seat`` draws a card from ``deck``: what the others see of its "drew"."""

    seat: int
    deck: int


@public("deck-rebuilt")
class DeckRebuilt(NamedTuple):
    """``deck`` ran out and is shuffled back from its discards."""

    deck: int


@public("sea-shuffled")
class SeaShuffled(NamedTuple):
    """The sea, ``fish`` fish, is shuffled and scattered again with eyes closed."""

    fish: int


@public("round-end")
class RoundEnd(NamedTuple):
    """Round ``round`` ends with ``fish_left`` fish in and beside the sea."""

    round: int
    fish_left: int


@public("game-end")
class GameEnd(NamedTuple):
    """The game is over with these final ``scores`` (by seat)."""

    scores: tuple[int, ...]


@public("closing-time")
class ClosingTime(NamedTuple):
    """Closing time: round ``round`` was the last the ``rounds`` option allows, so the game ends
    as if the sea had run out (the scores as usual, highest wins)."""

    round: int


CrazyFishingEvent = (
    SetUp
    | Round
    | SitsOut
    | NobodyCasts
    | Cast
    | Reveal
    | Order
    | TieBreak
    | Turbulent
    | Peek
    | PeekFace
    | NoPeek
    | Choose
    | NoFish
    | Flip
    | Split
    | Caught
    | GotAway
    | GotAwayBeside
    | NoRetry
    | Released
    | Bream
    | Puffer
    | Drew
    | Draw
    | DeckRebuilt
    | SeaShuffled
    | RoundEnd
    | GameEnd
    | ClosingTime
)
EVENT_TYPES: tuple[type[CrazyFishingEvent], ...] = get_args(CrazyFishingEvent)
