"""Explicit set-ups for Crazy Fishing records, puzzles and tests.

Stacks are written top card first; the sea is listed from the bottom of the pile up. Every key but
``hands`` is optional::

    {"hands": [["R3#1", "B4#1"], ...], "sea": ["F4#1", "Boot#2"],
     "positions": [[0, 0], [40, 10]], "rod_deck": [...], "bait_deck": [...],
     "piles": [["F2#1"], ...], "beside": ["F5#1"]}

Without ``sea`` the fish in play not placed elsewhere are scattered; without ``positions`` the sea
is scattered from the seed; without decks the unused rods and baits are shuffled into them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from angler.core.chance import Chance
from angler.core.errors import AnglerError
from angler.core.numbers import is_whole
from angler.games.crazy_fishing.cards import BAIT, FISH, ROD
from angler.games.crazy_fishing.rules import HAND_SIZE, CrazyFishingState
from angler.games.crazy_fishing.sea import MAX_POSITION, SeaLayout, shuffled_apart

if TYPE_CHECKING:
    from angler.games.crazy_fishing.game import CrazyFishingGame

KEYS = {"hands", "sea", "positions", "rod_deck", "bait_deck", "piles", "beside"}


def _check_zones(
    game: CrazyFishingGame,
    hands: list[list[int]],
    piles: list[list[int]],
    beside: list[int],
    sea: list[int],
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
    for card in [c for pile in piles for c in pile] + beside + sea:
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
    if not isinstance(setup, Mapping):
        raise AnglerError("setup must be an object")
    unknown = set(setup) - KEYS
    if unknown:
        raise AnglerError(f"setup has an unknown key {sorted(unknown)[0]!r}")
    if "hands" not in setup or not isinstance(setup["hands"], list) or len(setup["hands"]) != n:
        raise AnglerError(f"setup needs 'hands': {n} lists of card names")
    state = CrazyFishingState(game, Chance(seed))
    hands = [cards.ids(_names(h, "hands")) for h in setup["hands"]]
    piles_raw = setup.get("piles", [[] for _ in range(n)])
    if not isinstance(piles_raw, list) or len(piles_raw) != n:
        raise AnglerError(f"setup 'piles' must be {n} lists of card names")
    catch_piles = [cards.ids(_names(p, "piles"))[::-1] for p in piles_raw]
    beside = cards.ids(_names(setup.get("beside", []), "beside"))
    placed = [c for group in hands + catch_piles for c in group] + beside
    # The piles not given (the sea, the decks) are the cards of their kind placed nowhere else,
    # shuffled apart as one chance event (taken whether or not any pile is left to shuffle).
    given = {
        "sea": cards.ids(_names(setup["sea"], "sea")) if "sea" in setup else None,
        "rod_deck": cards.ids(_names(setup["rod_deck"], "rod_deck"))[::-1]
        if "rod_deck" in setup
        else None,
        "bait_deck": cards.ids(_names(setup["bait_deck"], "bait_deck"))[::-1]
        if "bait_deck" in setup
        else None,
    }
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
        placed += pile
        piles[key] = pile
    dealt = state.chance.outcome(lambda rng: shuffled_apart(rng, to_shuffle))
    for pile in to_shuffle:
        pile[:], dealt = dealt[: len(pile)], dealt[len(pile) :]
    sea, decks = piles["sea"], [piles["rod_deck"], piles["bait_deck"]]
    if len(set(placed)) != len(placed):
        raise AnglerError("setup places a card twice")
    _check_zones(game, hands, catch_piles, beside, sea, decks)
    state.hands = [sorted(h) for h in hands]
    state.piles = catch_piles
    state.beside = beside
    state.rod_deck, state.bait_deck = decks
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
        state.shuffle_the_sea(sea, announce=False)
        # keep the listed order bottom-up: re-seat the fish in the order given
        state.sea_card = list(sea)
    state.free_cache = None
    state.start_round()
    return state
