"""Explicit set-ups for Crazy Fishing records, puzzles and tests.

Stacks are written top card first; the sea is listed from the bottom of the pile up. Every key but
``hands`` is optional::

    {"hands": [["R3#1", "B4#1"], ...], "sea": ["F4#1", "Boot#2"],
     "positions": [[0, 0], [40, 10]], "rod_deck": [...], "bait_deck": [...],
     "piles": [["F2#1"], ...], "beside": ["F5#1"]}

Without ``sea`` the fish in play not placed elsewhere are scattered; without ``positions`` the sea
is scattered from the seed; without decks the unused rods and baits are shuffled into them. Such a
set-up starts round 1 (or ``round``) with the casts. A position later in a round adds ``phase``
and what the round has done so far (``casts``, ``order``, ``at`` and the rest of the model),
the discard piles, ``removed``, and what the players know of the sea (``known``, ``peeked``);
:func:`setup_of` writes any state so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import ConfigDict, Field, model_validator

from angler.core.cards import ids_of, mask_of
from angler.core.chance import Chance
from angler.core.errors import AnglerError
from angler.core.models import AnglerModel, Flag, OneOf, Whole, refuse
from angler.core.setups import (
    CHANCE_COUNTER,
    MAX_SEAT,
    Card,
    Seat,
    SetupModel,
    chance_counter,
    per_seat,
    read_setup,
)
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.cards import BAIT, FISH, INFINITE, ROD
from angler.games.crazy_fishing.rules import (
    CAST,
    COLLECT,
    GAME_OVER,
    HAND_SIZE,
    PHASE_NAMES,
    SPLIT,
    CrazyFishingState,
    cast_parts_of,
)
from angler.games.crazy_fishing.sea import MAX_POSITION, SeaLayout, shuffled_apart

if TYPE_CHECKING:
    from angler.games.crazy_fishing.game import CrazyFishingGame

MAX_ROUND = 999  # the longest closing time the ``rounds`` option allows: no game goes past it
Spot = Annotated[int, Whole(0, act.MAX_SPOT)]
Millimetres = Annotated[int, Whole(-MAX_POSITION, MAX_POSITION)]


class Target(AnglerModel):
    """A fish chosen in the catch under way: a sea spot, or a fish beside the sea."""

    sea: Spot | None = None
    beside: Card | None = None

    @model_validator(mode="after")
    def _one_fish(self) -> Target:
        if (self.sea is None) == (self.beside is None):
            raise refuse('a target is {"sea": spot} or {"beside": fish}')
        return self


class Catch(AnglerModel):
    """A fish caught this round, and by whom."""

    seat: Seat
    fish: Card


class CrazyFishingSetup(SetupModel):
    """A Crazy Fishing position. Stacks are written top card first; the sea from the bottom of
    the pile up. Keys from ``casts`` on tell the round under way; some (``order``, ``at``,
    ``collecting``…) keep what the last round left until this one resets them."""

    model_config = ConfigDict(title="Crazy Fishing set-up")

    round: Annotated[int, Whole(1, MAX_ROUND)] = 1
    phase: Annotated[str, OneOf(PHASE_NAMES)] = "cast"
    """The step of the round (default: the casts, at the round's start); ``over`` once the game
    has ended (the last round's keys then stay as it left them)."""
    hands: list[list[Card]]
    sea: list[Card | None] | None = None
    """The sea's fish by spot, bottom first; null for a spot whose fish was taken (default:
    every fish in play not placed elsewhere, scattered from the seed)."""
    positions: list[list[Millimetres]] | None = None
    """One ``[x, y]`` (mm) per sea spot (default: scattered from the seed)."""
    known: list[Spot] = Field(default_factory=list)
    """Sea spots whose face everyone has seen since the last scatter."""
    peeked: list[list[Spot]] | None = None
    """By seat, the spots its Fish Finder looked at since the last scatter."""
    rod_deck: list[Card] | None = None
    bait_deck: list[Card] | None = None
    rod_discard: list[Card] = Field(default_factory=list)
    bait_discard: list[Card] = Field(default_factory=list)
    piles: list[list[Card]] | None = None
    beside: list[Card] = Field(default_factory=list)
    removed: list[Card] = Field(default_factory=list)
    """Fish spent as bait with an out-of-series rod: out of the game."""
    casts: list[list[Card] | None] | None = None
    """By seat, its cast: in the ``cast`` phase a secret cast made (null: not yet); later the
    revealed cast (``[]``: none)."""
    order: list[Seat] = Field(default_factory=list)
    at: Annotated[int, Whole(0, MAX_SEAT)] = 0
    peeks_left: Annotated[int, Whole(0, HAND_SIZE)] = 0
    turbulent_after: Flag = False
    targets: list[Target] = Field(default_factory=list)
    targets_wanted: Annotated[int, Whole(1, 2)] = 1
    retry_bait: Annotated[int, Whole(-INFINITE, INFINITE)] = 0
    caught_this_round: list[Catch] = Field(default_factory=list)
    collect_order: list[Seat] = Field(default_factory=list)
    collecting: Annotated[int, Whole(0, MAX_SEAT)] = 0


def _check_zones(
    game: CrazyFishingGame,
    hands: list[list[int]],
    fish_zones: list[int],
    decks: list[list[int]],
) -> None:
    """Each card lies in a zone of its kind, and hands hold at most 6 cards. (A set-up may use
    any card of the edition, even one this player count or these options leave out: a puzzle or
    a test lays out exactly the position it wants.)"""
    kind, names = game.cards.kind, game.cards.cards
    for seat, hand in enumerate(hands):
        if len(hand) > HAND_SIZE:
            raise AnglerError(f"setup hand {seat + 1} holds {len(hand)} cards, at most {HAND_SIZE}")
        for card in hand:
            if kind[card] == FISH:
                raise AnglerError(f"setup: {names[card].name} is a fish and cannot be in a hand")
    for card in fish_zones:
        if kind[card] != FISH:
            raise AnglerError(f"setup: {names[card].name} is not a fish")
    for card, wanted in [(c, ROD) for c in decks[0]] + [(c, BAIT) for c in decks[1]]:
        if kind[card] != wanted:
            raise AnglerError(f"setup: {names[card].name} does not belong in that deck")


def state_from_setup(
    game: CrazyFishingGame, setup: Mapping[str, Any], seed: int
) -> CrazyFishingState:
    cards, n = game.cards, game.players
    read = read_setup(CrazyFishingSetup, setup)
    for key in ("hands", "piles", "casts", "peeked"):
        value = getattr(read, key)
        if value is not None:
            per_seat(value, key, n)
    state = CrazyFishingState(game, Chance(seed))
    hands = [cards.ids(h) for h in read.hands]
    catch_piles = [cards.ids(p)[::-1] for p in read.piles or [[]] * n]
    beside = cards.ids(read.beside)
    discards = [cards.ids(read.rod_discard)[::-1], cards.ids(read.bait_discard)[::-1]]
    removed = cards.ids(read.removed)
    placed = [c for group in hands + catch_piles + discards for c in group] + beside + removed
    phase = PHASE_NAMES.index(read.phase)
    casts = [
        0 if names is None else mask_of(cards.ids(names)) for names in read.casts or [None] * n
    ]
    # The piles not given (the sea, the decks) are the cards of their kind placed nowhere else,
    # shuffled apart as one chance event (taken whether or not any pile is left to shuffle).
    given = {
        "sea": None
        if read.sea is None
        else [-1 if f is None else cards.ids([f])[0] for f in read.sea],
        "rod_deck": None if read.rod_deck is None else cards.ids(read.rod_deck)[::-1],
        "bait_deck": None if read.bait_deck is None else cards.ids(read.bait_deck)[::-1],
    }
    if phase != CAST:  # a revealed cast lies before its caster until its catch ends
        elsewhere = set(placed).union(*(pile for pile in given.values() if pile is not None))
        placed += [c for mask in casts for c in ids_of(mask) if c not in elsewhere]
    piles: dict[str, list[int]] = {}
    to_shuffle: list[list[int]] = []
    for key, pool in (
        ("sea", game.fish_in_play),
        ("rod_deck", game.rods_in_play),
        ("bait_deck", game.baits_in_play),
    ):
        pile = given[key]
        if pile is None:
            pile = [c for c in pool if c not in placed]
            to_shuffle.append(pile)
        placed += [c for c in pile if c >= 0]
        piles[key] = pile
    dealt = state.chance.outcome(lambda rng: shuffled_apart(rng, to_shuffle))
    for pile in to_shuffle:
        pile[:], dealt = dealt[: len(pile)], dealt[len(pile) :]
    sea, decks = piles["sea"], [piles["rod_deck"], piles["bait_deck"]]
    if len(set(placed)) != len(placed):
        raise AnglerError("setup places a card twice")
    fish_zones = [c for pile in catch_piles for c in pile] + beside + removed
    _check_zones(game, hands, fish_zones + [c for c in sea if c >= 0], decks)
    for card, wanted in [(c, ROD) for c in discards[0]] + [(c, BAIT) for c in discards[1]]:
        if cards.kind[card] != wanted:
            raise AnglerError(f"setup: {cards.cards[card].name} does not belong in that discard")
    state.hands = [sorted(h) for h in hands]
    state.piles = catch_piles
    state.beside = beside
    state.removed = removed
    state.rod_deck, state.bait_deck = decks
    state.rod_discard, state.bait_discard = discards
    _lay_out_the_sea(state, read, sea)
    _play_the_round_so_far(state, read, phase, casts)
    state.chance.counter = chance_counter(read, state.chance.counter)
    return state


def _lay_out_the_sea(state: CrazyFishingState, read: CrazyFishingSetup, sea: list[int]) -> None:
    """The sea by spot (-1: a spot whose fish was taken), where each spot lies, and which faces
    the players have seen."""
    cards, n = state.cards, state.n
    if read.positions is not None:
        positions = read.positions
        if len(positions) != len(sea) or any(len(p) != 2 for p in positions):
            raise AnglerError(
                "setup 'positions' must be one [x, y] pair of whole mm per sea fish, "
                f"each from {-MAX_POSITION} to {MAX_POSITION}"
            )
        state.sea_card = list(sea)
        xs, ys = [p[0] for p in positions], [p[1] for p in positions]
        state.sea = SeaLayout(xs, ys, cards.sea["diameter"])
        state.sea_known = [False] * len(sea)
    else:
        if -1 in sea:
            raise AnglerError("setup: a sea with taken spots (null) needs 'positions'")
        state.shuffle_the_sea(sea, announce=False)
        # keep the listed order bottom-up: re-seat the fish in the order given
        state.sea_card = list(sea)
    spots = read.known + [spot for seen in read.peeked or [] for spot in seen]
    if any(spot >= len(sea) for spot in spots):
        raise AnglerError(f"setup: the sea has spots 0 to {len(sea) - 1}, not {max(spots)}")
    for spot in read.known:
        state.sea_known[spot] = True
    state.peeked = [list(seen) for seen in read.peeked or [[]] * n]
    state.free_cache = None


def _seats(seats: list[int], key: str, players: int) -> list[int]:
    if len(set(seats)) != len(seats) or any(seat >= players for seat in seats):
        raise AnglerError(f"setup {key!r} names seats 0 to {players - 1}, each once")
    return list(seats)


def _play_the_round_so_far(
    state: CrazyFishingState, read: CrazyFishingSetup, phase: int, casts: list[int]
) -> None:
    """The round under way: ``round``, and from ``phase`` on what this round has done. Keys
    such as ``order`` and ``collecting`` keep, while a later step has not yet reset them, what
    the last round left (every seat sees them)."""
    n, cards = state.n, state.cards
    limit = state.game.round_limit
    if read.round > limit:
        raise AnglerError(f"setup: round {read.round} comes after closing time (rounds={limit})")
    state.order = _seats(read.order, "order", n)
    state.at = read.at
    state.peeks_left = read.peeks_left
    state.targets_wanted = read.targets_wanted
    state.retry_bait = read.retry_bait
    state.collect_order = _seats(read.collect_order, "collect_order", n)
    state.collecting = read.collecting
    if phase == CAST:
        if read.targets or read.caught_this_round or read.turbulent_after:
            raise AnglerError("setup: a round's catches come after its casts ('phase')")
        state.round = read.round - 1
        state.start_round()
        for seat, mask in enumerate(casts):
            if not mask:
                continue
            if mask << act.KIND_BITS not in state.legal_casts(seat):
                raise AnglerError(f"setup 'casts': seat {seat}'s cast is not one it may make")
            state.cast[seat] = mask
            state.cast_done[seat] = True
        if all(state.cast_done) and not state.is_terminal():
            state.reveal()
        return
    state.round = read.round
    state.phase = phase
    state.cast = casts
    state.cast_done = [True] * n
    state.parts = [cast_parts_of(mask, cards.kind) for mask in casts]
    state.turbulent_after = read.turbulent_after
    state.targets = [
        (act.SEA, target.sea)
        if target.sea is not None
        else (act.BESIDE, cards.ids([target.beside or ""])[0])
        for target in read.targets
    ]
    for kind, ref in state.targets:
        if kind == act.SEA and not (ref < len(state.sea_card) and state.sea_card[ref] >= 0):
            raise AnglerError(f"setup 'targets': sea spot {ref} holds no fish")
        if kind == act.BESIDE and ref not in state.beside:
            raise AnglerError(f"setup 'targets': {cards.cards[ref].name} is not beside the sea")
    if (phase == SPLIT) != (len(state.targets) == 2):
        raise AnglerError("setup: two 'targets' are chosen in the 'split' phase, and only then")
    state.caught_this_round = [
        (_seats([catch.seat], "caught_this_round", n)[0], cards.ids([catch.fish])[0])
        for catch in read.caught_this_round
    ]
    if phase == GAME_OVER:
        return
    if phase == COLLECT:
        if not state.collecting < len(state.collect_order):
            raise AnglerError("setup: 'collecting' must name a seat of 'collect_order'")
        return
    if not state.at < len(state.order) or not casts[state.order[state.at]]:
        raise AnglerError("setup: 'at' must name a seat of 'order' that cast")
    state.catcher_baits = state.catch_baits(state.order[state.at])


def setup_of(state: CrazyFishingState) -> dict[str, Any]:
    """The set-up that lays out ``state`` again (its log aside): every card where it lies, the
    sea as it lies and what each seat has seen of it, and the round so far."""
    names = state.cards.names

    def name(card: int) -> str:
        return state.cards.cards[card].name

    casting = state.phase == CAST
    setup: dict[str, Any] = {
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "hands": [names(hand) for hand in state.hands],
        "sea": [name(card) if card >= 0 else None for card in state.sea_card],
        "positions": [[x, y] for x, y in zip(state.sea.xs, state.sea.ys, strict=True)],
        "known": [spot for spot, known in enumerate(state.sea_known) if known],
        "peeked": [list(spots) for spots in state.peeked],
        "rod_deck": names(state.rod_deck[::-1]),
        "bait_deck": names(state.bait_deck[::-1]),
        "rod_discard": names(state.rod_discard[::-1]),
        "bait_discard": names(state.bait_discard[::-1]),
        "piles": [names(pile[::-1]) for pile in state.piles],
        "beside": names(state.beside),
        "removed": names(state.removed),
        "casts": [names(ids_of(mask)) if mask or not casting else None for mask in state.cast],
        "order": list(state.order),
        "at": state.at,
        "peeks_left": state.peeks_left,
        "targets_wanted": state.targets_wanted,
        "retry_bait": state.retry_bait,
        "collect_order": list(state.collect_order),
        "collecting": state.collecting,
    }
    if not casting:
        setup["turbulent_after"] = state.turbulent_after
        setup["targets"] = [
            {"sea": ref} if kind == act.SEA else {"beside": name(ref)}
            for kind, ref in state.targets
        ]
        setup["caught_this_round"] = [
            {"seat": seat, "fish": name(fish)} for seat, fish in state.caught_this_round
        ]
    setup[CHANCE_COUNTER] = state.chance.counter
    return setup
