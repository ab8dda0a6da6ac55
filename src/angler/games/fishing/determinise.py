"""Re-deal what a Fishing player cannot see, consistently with their view.

Hidden places: other players' hands, every stockroom but the viewer's own (whose cards the viewer
knows, though not their order), and the ocean stack. A hidden card may only go where public memory
allows: into a hand whose ``may_hold`` contains it (voids shown remove a colour), into a stockroom
layer that contained it, into the ocean if its star tier is still there and it was never shown. The
card the viewer last passed is pinned to the receiver's hand.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from angler.core.cards import ids_of
from angler.core.chance import Chance
from angler.core.determinise import assign
from angler.games.fishing.rules import CHOOSE_PASS, PHASE_NAMES, FishingState

if TYPE_CHECKING:
    from angler.games.fishing.game import FishingGame
    from angler.games.fishing.view import FishingView


def determinise(game: FishingGame, view: FishingView, rng: random.Random) -> FishingState:
    from angler.games.fishing.view import FishingView

    if not isinstance(view, FishingView):
        raise TypeError("a Fishing view is needed")
    n, me = view.players, view.player
    state = FishingState(game, Chance(rng.getrandbits(62)))
    _copy_public(state, view)

    # Every card in this game, and where the viewer knows it to be.
    in_game = view.in_game
    known = sum(1 << c for c in view.hand) | sum(1 << c for c in view.own_stock)
    known |= sum(1 << c for _, c in view.trick)
    for pile in view.fishers:
        known |= sum(1 << c for c in pile)
    hidden = ids_of(in_game & ~known)

    places: list[tuple[str, int]] = []
    capacity: list[int] = []
    place_masks: list[int] = []
    for seat in range(n):
        if seat != me:
            places.append(("hand", seat))
            capacity.append(view.hand_sizes[seat])
            mask = view.may_hold[seat]
            if view.known_pass is not None and view.known_pass[1] == seat:
                # You know what you passed: they could have gained only that card from you.
                card, _, before = view.known_pass
                mask &= before | 1 << card
            place_masks.append(mask)
    for seat in range(n):
        if seat != me:
            places.append(("stock", seat))
            capacity.append(view.stock_sizes[seat])
            mask = 0
            for composition, _ in view.stock_layers[seat]:
                mask |= composition
            place_masks.append(mask)
    ocean_mask = 0
    for position in range(view.ocean_size):
        ocean_mask |= view.ocean_masks[position]
    places.append(("ocean", -1))
    capacity.append(view.ocean_size)
    place_masks.append(ocean_mask & ~view.seen)

    pinned = -1
    if view.known_pass is not None and (in_game & ~known) >> view.known_pass[0] & 1:
        pinned = view.known_pass[0]
        pinned_place = places.index(("hand", view.known_pass[1]))
    # Each hidden card's places, built place by place over the place's cards (fewer big-int
    # shifts than testing every place for every card).
    options = dict.fromkeys(hidden, 0)
    hidden_mask = in_game & ~known
    for p, mask in enumerate(place_masks):
        bit = 1 << p
        for card in ids_of(mask & hidden_mask):
            options[card] |= bit
    if pinned >= 0:
        options[pinned] = 1 << pinned_place
    held = assign(hidden, options, capacity, rng)

    for (kind, seat), cards in zip(places, held, strict=True):
        if kind == "hand":
            state.hands[seat] = sorted(cards)
        elif kind == "stock":
            state.stock[seat] = _stack_by_layers(cards, view.stock_layers[seat], rng)
        else:
            state.ocean = _stack_by_tiers(cards, game, rng)
    state.hands[me] = list(view.hand)
    state.stock[me] = _stack_by_layers(list(view.own_stock), view.stock_layers[me], rng)

    if state.phase == CHOOSE_PASS:
        state.pass_choice = [
            (view.my_pass if seat == me else rng.choice(state.hands[seat])) if done else -1
            for seat, done in enumerate(view.passed)
        ]
    return state


def _copy_public(state: FishingState, view: FishingView) -> None:
    state.round = view.round
    state.phase = PHASE_NAMES.index(view.phase)
    state.events = list(view.events)
    state.score = list(view.scores)
    state.fisher = [list(pile) for pile in view.fishers]
    state.trick_seats = [seat for seat, _ in view.trick]
    state.trick = [card for _, card in view.trick]
    state.leader = view.leader
    state.turn = view.turn
    state.led = view.led
    state.call_suit = view.call_suit
    state.caller = view.caller
    state.lowest = view.lowest
    state.next_first = view.next_first
    state.next_call = view.next_call
    state.next_lowest = view.next_lowest
    state.winner = view.winner
    state.winning_card = view.winning_card
    state.chooser = view.chooser
    state.pending = list(view.pending)
    state.remaining = list(view.remaining)
    state.may_hold = list(view.may_hold)
    state.seen_mask = view.seen
    state.shown = view.seen  # this round's plays join it at the round's end anyway
    state.stock_layers = [list(layers) for layers in view.stock_layers]
    state.known_pass = [None] * view.players
    state.known_pass[view.player] = view.known_pass
    state.in_game = view.in_game
    state.ocean_masks = view.ocean_masks
    state.trick_has_effect = any(state.effect[card] for card in state.trick)
    state.former_leader = view.former_leader
    state.overfished = view.overfished


def _stack_by_layers(
    cards: list[int], layers: tuple[tuple[int, int], ...], rng: random.Random
) -> list[int]:
    """A stockroom (top = end) with older layers on top, each layer's cards in random order."""
    left = set(cards)
    stack: list[int] = []
    for composition, count in reversed(layers):  # bottom layer first
        layer = [c for c in sorted(left) if composition >> c & 1][:count]
        left.difference_update(layer)
        rng.shuffle(layer)
        stack += layer
    rest = sorted(left)
    rng.shuffle(rest)
    return stack + rest


def _stack_by_tiers(cards: list[int], game: FishingGame, rng: random.Random) -> list[int]:
    """The ocean stack (top = end): deeper star tiers below, each tier in random order."""
    stack: list[int] = []
    stars = game.cards.stars
    for tier in range(5, 0, -1):
        layer = [c for c in cards if stars[c] == tier]
        rng.shuffle(layer)
        stack += layer
    return stack
