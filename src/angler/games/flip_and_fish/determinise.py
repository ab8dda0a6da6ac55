"""Re-deal what a Flip & Fish player cannot see: face-down water cards and both decks."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from angler.core.chance import Chance
from angler.core.view import View
from angler.games.flip_and_fish.cast import Landing
from angler.games.flip_and_fish.rules import PHASE_NAMES, FlipAndFishState

if TYPE_CHECKING:
    from angler.games.flip_and_fish.game import FlipAndFishGame


def determinise(game: FlipAndFishGame, view: View, rng: random.Random) -> FlipAndFishState:
    from angler.games.flip_and_fish.view import FlipAndFishView

    if not isinstance(view, FlipAndFishView):
        raise TypeError("a Flip & Fish view is needed")
    state = FlipAndFishState(game, Chance(rng.getrandbits(62)))
    state.events = list(view.events)
    state.turn, state.turns = view.turn, view.turns
    state.phase = PHASE_NAMES.index(view.phase)
    state.face_up = list(view.face_up)
    state.bitten = list(view.bitten)
    state.flipped_now = view.flipped_now
    state.peeked = [list(spots) for spots in view.peeked]
    state.caught = [list(pile) for pile in view.caught]
    state.gear = [[card for card, _ in pile] for pile in view.gear]
    state.ready = {card: up for pile in view.gear for card, up in pile}
    state.shop_open, state.shop_pending = view.shop_open, view.shop_pending
    state.shop_row = list(view.shop_row)
    state.fish_discard = list(view.fish_discard)
    state.shop_discard = list(view.shop_discard)
    state.bait = list(view.bait)
    state.landing = None if view.landing is None else Landing(*view.landing)
    state.bite_slot, state.roll = view.bite_slot, view.roll
    state.no_fishing, state.no_fishing_next = view.no_fishing, view.no_fishing_next
    state.extra_turn, state.winner = view.extra_turn, view.winner

    seen: set[int] = {c for c in view.water if c >= 0} | set(view.fish_discard)
    for caught in view.caught:
        seen |= set(caught)
    hidden = [c for c in game.cards.fishing_ids if c not in seen]
    rng.shuffle(hidden)
    water = []
    for card in view.water:
        water.append(hidden.pop() if card == -1 else card if card >= 0 else -1)
    state.water = water
    state.deck = hidden
    shop_seen = set(view.shop_row) | set(view.shop_discard)
    for owned in view.gear:
        shop_seen |= {card for card, _ in owned}
    shop_hidden = [c for c in game.cards.shopping_ids if c not in shop_seen]
    rng.shuffle(shop_hidden)
    state.shop_deck = shop_hidden
    if len(state.deck) != view.deck_size or len(state.shop_deck) != view.shop_deck_size:
        raise ValueError("the view's card counts do not add up")
    return state
