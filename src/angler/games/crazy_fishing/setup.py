"""Explicit set-ups for Crazy Fishing records, puzzles and tests.

Stacks are written top card first; the sea is listed from the bottom of the pile up. Every key but
``hands`` is optional::

    {"hands": [["R3#1", "B4#1"], ...], "sea": ["F4#1", "Boot#2"],
     "positions": [[0, 0], [40, 10]], "rod_deck": [...], "bait_deck": [...],
     "piles": [["F2#1"], ...], "beside": ["F5#1"]}

Without ``sea`` the fish in play not placed elsewhere are scattered; without ``positions`` the sea
is scattered from the seed; without decks the unused rods and baits are shuffled into them. Such a
set-up starts round 1 (or ``round``) with the casts. A position later in a round adds ``phase``
and what the round has done so far (``casts``, ``order``, ``at`` and the rest of ``ROUND_KEYS``),
the discard piles, ``removed``, and what the players know of the sea (``known``, ``peeked``);
:func:`setup_of` writes any state so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from angler.core.cards import ids_of, mask_of
from angler.core.chance import Chance
from angler.core.errors import AnglerError
from angler.core.numbers import is_whole, whole
from angler.core.setups import (
    CHANCE_COUNTER,
    chance_counter,
    checked_keys,
    flag,
    number,
    numbers,
    per_seat,
    texts,
)
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.cards import BAIT, FISH, INFINITE, ROD
from angler.games.crazy_fishing.rules import (
    CAST,
    COLLECT,
    GAME_OVER,
    HAND_SIZE,
    PHASE_NAMES,
    CrazyFishingState,
    cast_parts_of,
)
from angler.games.crazy_fishing.sea import MAX_POSITION, SeaLayout, shuffled_apart

if TYPE_CHECKING:
    from angler.games.crazy_fishing.game import CrazyFishingGame

MAX_ROUND = 999  # far more rounds than any game lasts
ROUND_KEYS = {
    "phase",
    "casts",
    "order",
    "at",
    "peeks_left",
    "turbulent_after",
    "targets",
    "targets_wanted",
    "retry_bait",
    "caught_this_round",
    "collect_order",
    "collecting",
}
KEYS = {
    "round",
    "hands",
    "sea",
    "positions",
    "known",
    "peeked",
    "rod_deck",
    "bait_deck",
    "rod_discard",
    "bait_discard",
    "piles",
    "beside",
    "removed",
    *ROUND_KEYS,
}
TARGET_KINDS = {"sea": act.SEA, "beside": act.BESIDE}


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


def _names(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise AnglerError(f"setup {what!r} must be a list of card names")
    return value


def state_from_setup(
    game: CrazyFishingGame, setup: Mapping[str, Any], seed: int
) -> CrazyFishingState:
    cards, n = game.cards, game.players
    setup = checked_keys(setup, KEYS)
    if "hands" not in setup or not isinstance(setup["hands"], list) or len(setup["hands"]) != n:
        raise AnglerError(f"setup needs 'hands': {n} lists of card names")
    state = CrazyFishingState(game, Chance(seed))
    hands = [cards.ids(_names(h, "hands")) for h in setup["hands"]]
    piles_raw = setup.get("piles", [[] for _ in range(n)])
    if not isinstance(piles_raw, list) or len(piles_raw) != n:
        raise AnglerError(f"setup 'piles' must be {n} lists of card names")
    catch_piles = [cards.ids(_names(p, "piles"))[::-1] for p in piles_raw]
    beside = cards.ids(_names(setup.get("beside", []), "beside"))
    discards = [cards.ids(_names(setup.get(key, []), key))[::-1] for key in DISCARDS]
    removed = cards.ids(_names(setup.get("removed", []), "removed"))
    placed = [c for group in hands + catch_piles + discards for c in group] + beside + removed
    phase = _phase(setup)
    casts = _casts(state, setup)
    # The piles not given (the sea, the decks) are the cards of their kind placed nowhere else,
    # shuffled apart as one chance event (taken whether or not any pile is left to shuffle).
    sea_given = texts(setup["sea"], "sea", nulls=True) if "sea" in setup else None
    given = {
        "sea": None
        if sea_given is None
        else [-1 if f is None else cards.ids([f])[0] for f in sea_given],
        "rod_deck": cards.ids(_names(setup["rod_deck"], "rod_deck"))[::-1]
        if "rod_deck" in setup
        else None,
        "bait_deck": cards.ids(_names(setup["bait_deck"], "bait_deck"))[::-1]
        if "bait_deck" in setup
        else None,
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
    _lay_out_the_sea(state, setup, sea)
    _play_the_round_so_far(state, setup, phase, casts)
    state.chance.counter = chance_counter(setup, state.chance.counter)
    return state


DISCARDS = ("rod_discard", "bait_discard")


def _phase(setup: Mapping[str, Any]) -> int:
    phase = setup.get("phase", "cast")
    if phase not in PHASE_NAMES[:GAME_OVER]:
        raise AnglerError(f"setup 'phase' must be one of {', '.join(PHASE_NAMES[:GAME_OVER])}")
    return PHASE_NAMES.index(phase)


def _casts(state: CrazyFishingState, setup: Mapping[str, Any]) -> list[int]:
    """Each seat's cast as a bitmask of its cards (0: none, or not yet chosen)."""
    cards = state.cards
    raw = per_seat(setup, "casts", state.n, None)
    return [0 if names is None else mask_of(cards.ids(_names(names, "casts"))) for names in raw]


def _lay_out_the_sea(state: CrazyFishingState, setup: Mapping[str, Any], sea: list[int]) -> None:
    """The sea by spot (-1: a spot whose fish was taken), where each spot lies, and which faces
    the players have seen."""
    cards, n = state.cards, state.n
    if "positions" in setup:
        positions = setup["positions"]
        if not (
            isinstance(positions, list)
            and len(positions) == len(sea)
            and all(
                isinstance(p, list)
                and len(p) == 2
                and all(is_whole(v) and abs(v) <= MAX_POSITION for v in p)
                for p in positions
            )
        ):
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
    spots = len(sea)
    for spot in numbers(setup.get("known", []), "known", 0, max(0, spots - 1)):
        state.sea_known[spot] = True
    peeked = per_seat(setup, "peeked", n, [])
    state.peeked = [numbers(spots_seen, "peeked", 0, max(0, spots - 1)) for spots_seen in peeked]
    state.free_cache = None


def _play_the_round_so_far(
    state: CrazyFishingState, setup: Mapping[str, Any], phase: int, casts: list[int]
) -> None:
    """The round under way: ``round``, and from ``phase`` on what this round has done. Keys
    such as ``order`` and ``collecting`` keep, while a later step has not yet reset them, what
    the last round left (every seat sees them)."""
    n = state.n
    state.order = _seats(setup, "order", n)
    state.at = number(setup, "at", 0, 0, n)
    state.peeks_left = number(setup, "peeks_left", 0, 0, HAND_SIZE)
    state.targets_wanted = number(setup, "targets_wanted", 1, 1, 2)
    state.retry_bait = number(setup, "retry_bait", 0, -INFINITE, INFINITE)
    state.collect_order = _seats(setup, "collect_order", n)
    state.collecting = number(setup, "collecting", 0, 0, n)
    round_no = number(setup, "round", 1, 1, MAX_ROUND)
    if phase == CAST:
        if any(key in setup for key in ("targets", "caught_this_round", "turbulent_after")):
            raise AnglerError("setup: a round's catches come after its casts ('phase')")
        state.round = round_no - 1
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
    state.round = round_no
    state.phase = phase
    state.cast = casts
    state.cast_done = [True] * n
    state.parts = [cast_parts_of(mask, state.cards.kind) for mask in casts]
    state.turbulent_after = flag(setup, "turbulent_after")
    state.targets = _targets(state, setup.get("targets", []))
    state.caught_this_round = _caught(state, setup.get("caught_this_round", []))
    if phase == COLLECT:
        if not state.collecting < len(state.collect_order):
            raise AnglerError("setup: 'collecting' must name a seat of 'collect_order'")
        return
    if not state.at < len(state.order) or not casts[state.order[state.at]]:
        raise AnglerError("setup: 'at' must name a seat of 'order' that cast")
    state.catcher_baits = state.catch_baits(state.order[state.at])


def _seats(setup: Mapping[str, Any], key: str, players: int) -> list[int]:
    seats = numbers(setup.get(key, []), key, 0, players - 1)
    if len(set(seats)) != len(seats):
        raise AnglerError(f"setup {key!r} names a seat twice")
    return seats


def _targets(state: CrazyFishingState, value: Any) -> list[tuple[int, int]]:
    """The fish chosen in this catch: ``["sea", spot]`` or ``["beside", fish]``."""
    targets = []
    for target in value if isinstance(value, list) else [None]:
        if not (isinstance(target, list) and len(target) == 2 and target[0] in TARGET_KINDS):
            raise AnglerError('setup \'targets\' holds ["sea", spot] or ["beside", fish] pairs')
        kind, ref = target
        if kind == "sea":
            spot = whole(ref, "setup 'targets' spot", 0, max(0, len(state.sea_card) - 1))
            targets.append((act.SEA, spot))
        else:
            targets.append((act.BESIDE, state.cards.ids(texts([ref], "targets"))[0]))
    return targets


def _caught(state: CrazyFishingState, value: Any) -> list[tuple[int, int]]:
    """This round's catches, ``[seat, fish]`` in the order caught."""
    caught = []
    for entry in value if isinstance(value, list) else [None]:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)):
            raise AnglerError("setup 'caught_this_round' holds [seat, fish] pairs")
        seat = whole(entry[0], "setup 'caught_this_round' seat", 0, state.n - 1)
        caught.append((seat, state.cards.ids([entry[1]])[0]))
    return caught


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
            ["sea", ref] if kind == act.SEA else ["beside", name(ref)]
            for kind, ref in state.targets
        ]
        setup["caught_this_round"] = [[seat, name(fish)] for seat, fish in state.caught_this_round]
    setup[CHANCE_COUNTER] = state.chance.counter
    return setup
