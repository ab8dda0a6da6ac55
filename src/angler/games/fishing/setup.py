"""Explicit set-ups for Fishing records: any position for puzzles, tutorials and tests.

Stacks are written top card first. Every key but ``hands`` is optional::

    {"round": 1, "leader": 0, "scores": [0, 0, 0, 0],
     "hands": [["Y7", "B3"], ...], "stockrooms": [["R4"], ...], "ocean": ["G1", ...]}

Without ``ocean`` the ocean stack is every star card not placed elsewhere, shuffled tier by tier.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from angler.core.chance import Chance
from angler.core.errors import AnglerError
from angler.core.numbers import is_whole
from angler.games.fishing.rules import ROUNDS, FishingState

if TYPE_CHECKING:
    from angler.games.fishing.game import FishingGame

MAX_SCORE = 9999  # far beyond any score 8 rounds can reach, either way


def _names_per_seat(setup: Mapping[str, Any], key: str, n: int) -> list[list[str]]:
    value = setup.get(key, [[] for _ in range(n)])
    if (
        not isinstance(value, list)
        or len(value) != n
        or not all(
            isinstance(pile, list) and all(isinstance(c, str) for c in pile) for pile in value
        )
    ):
        raise AnglerError(f"setup {key!r} must be {n} lists of card names")
    return value


def state_from_setup(game: FishingGame, setup: Mapping[str, Any], seed: int) -> FishingState:
    n, cards = game.players, game.cards
    if not isinstance(setup, Mapping):
        raise AnglerError("setup must be an object")
    unknown = set(setup) - {"round", "leader", "scores", "hands", "stockrooms", "ocean"}
    if unknown:
        raise AnglerError(f"setup has an unknown key {sorted(unknown)[0]!r}")
    if "hands" not in setup:
        raise AnglerError("setup needs 'hands'")
    hands = [cards.ids(h) for h in _names_per_seat(setup, "hands", n)]
    stockrooms = [cards.ids(s) for s in _names_per_seat(setup, "stockrooms", n)]
    if len({len(hand) for hand in hands}) != 1 or not hands[0]:
        raise AnglerError("setup hands must all hold the same, non-zero number of cards")
    round_no = setup.get("round", 1)
    leader = setup.get("leader", 0)
    scores = setup.get("scores", [0] * n)
    if type(round_no) is not int or not 1 <= round_no <= ROUNDS:
        raise AnglerError(f"setup round must be 1 to {ROUNDS}")
    if type(leader) is not int or not 0 <= leader < n:
        raise AnglerError(f"setup leader must be a seat from 0 to {n - 1}")
    if (
        not isinstance(scores, list)
        or len(scores) != n
        or not all(is_whole(s) and abs(s) <= MAX_SCORE for s in scores)
    ):
        raise AnglerError(
            f"setup scores must be {n} whole numbers from {-MAX_SCORE} to {MAX_SCORE}"
        )
    placed = [c for pile in hands + stockrooms for c in pile]
    state = FishingState(game, Chance(seed))
    if "ocean" in setup:
        ocean_top_first = cards.ids(_names_list(setup["ocean"]))
        placed += ocean_top_first
        ocean = ocean_top_first[::-1]
        # Its order is hidden: any of its cards may lie anywhere in it.
        state.ocean_masks = (sum(1 << c for c in ocean),) * len(ocean)
    else:
        used = set(placed)
        ocean = []
        masks: list[int] = []
        for tier in range(5, 0, -1):
            layer = [c.id for c in cards.cards if c.stars == tier and c.id not in used]
            state.chance.shuffle(layer)
            ocean += layer
            masks += [sum(1 << c for c in layer)] * len(layer)
        state.ocean_masks = tuple(masks)
    if len(set(placed)) != len(placed):
        raise AnglerError("setup places a card twice")
    # A set-up may use any card of the edition, even one this player count removes: a puzzle
    # or a test lays out exactly the position it wants.
    state.round = round_no
    state.score = list(scores)
    state.hands = [sorted(hand) for hand in hands]
    state.stock = [pile[::-1] for pile in stockrooms]
    state.stock_layers = [
        [(sum(1 << c for c in pile), len(pile))] if pile else [] for pile in stockrooms
    ]
    state.ocean = ocean
    state.in_game = sum(1 << c for c in placed) | sum(1 << c for c in ocean)
    anywhere = sum(1 << c for hand in hands for c in hand)
    state.may_hold = [anywhere] * n
    state.former_leader = leader
    state._start_trick(leader)
    return state


def _names_list(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise AnglerError("setup 'ocean' must be a list of card names")
    return value
