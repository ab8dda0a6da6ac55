"""Explicit set-ups for Flip & Fish records, puzzles and tests.

Keys (all optional; stacks top card first): ``water`` (up to 5 names, all face down; a null, or a
slot past the list, is dealt from the deck), ``caught`` and ``gear`` (a list of names per seat),
``deck`` and ``shop_deck``, ``shop_open`` (true lays out the shop now), ``turn`` (the seat to act).
A deck not given holds every card of its kind not placed elsewhere, shuffled from the seed; a deck
given holds just its cards, and the cards placed nowhere are out of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from angler.core.chance import Chance
from angler.core.errors import AnglerError
from angler.core.numbers import is_whole
from angler.games.flip_and_fish.rules import WATER, FlipAndFishState

if TYPE_CHECKING:
    from angler.games.flip_and_fish.game import FlipAndFishGame

KEYS = {"water", "caught", "gear", "deck", "shop_deck", "shop_open", "turn"}


def _ids(game: FlipAndFishGame, names: Any, what: str) -> list[int]:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise AnglerError(f"setup {what!r} must be a list of card names")
    unknown = [n for n in names if n not in game.cards.by_name]
    if unknown:
        raise AnglerError(f"setup {what!r}: unknown card {unknown[0]!r}")
    return [game.cards.by_name[n] for n in names]


def state_from_setup(
    game: FlipAndFishGame, setup: Mapping[str, Any], seed: int
) -> FlipAndFishState:
    if not isinstance(setup, Mapping):
        raise AnglerError("setup must be an object")
    unknown = set(setup) - KEYS
    if unknown:
        raise AnglerError(f"setup has an unknown key {sorted(unknown)[0]!r}")
    n = game.players
    state = FlipAndFishState(game, Chance(seed))
    water_names = setup.get("water", [])
    if not isinstance(water_names, list) or len(water_names) > WATER:
        raise AnglerError(f"setup 'water' holds at most {WATER} cards")
    water = [-1 if name is None else _ids(game, [name], "water")[0] for name in water_names]
    water += [-1] * (WATER - len(water))
    per_seat: dict[str, list[list[int]]] = {}
    for key in ("caught", "gear"):
        raw = setup.get(key, [[] for _ in range(n)])
        if not isinstance(raw, list) or len(raw) != n:
            raise AnglerError(f"setup {key!r} must hold one list per seat ({n})")
        per_seat[key] = [_ids(game, pile, key) for pile in raw]
    placed = [c for c in water if c >= 0] + [
        c for key in per_seat for p in per_seat[key] for c in p
    ]
    deck = _ids(game, setup["deck"], "deck")[::-1] if "deck" in setup else None
    shop = _ids(game, setup["shop_deck"], "shop_deck")[::-1] if "shop_deck" in setup else None
    placed += (deck or []) + (shop or [])
    if len(set(placed)) != len(placed):
        raise AnglerError("setup places a card twice")
    if deck is None:
        deck = [c for c in game.cards.fishing_ids if c not in placed]
        state.chance.shuffle(deck)
    if shop is None:
        shop = [c for c in game.cards.shopping_ids if c not in placed]
        state.chance.shuffle(shop)
    turn = setup.get("turn", 0)
    if not is_whole(turn) or not 0 <= turn < n:
        raise AnglerError(f"setup turn must be a seat from 0 to {n - 1}")
    state.water, state.deck, state.shop_deck = water, deck, shop
    state.caught, state.gear = per_seat["caught"], per_seat["gear"]
    state.ready = {c: True for pile in state.gear for c in pile}
    state.turn = turn
    state.refill_slots()
    shop_open = setup.get("shop_open", False)
    if not isinstance(shop_open, bool):
        raise AnglerError("setup 'shop_open' must be true or false")
    if shop_open:
        state.shop_open = True
        state.refill_shop()
    return state
