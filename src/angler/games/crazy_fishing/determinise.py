"""Re-deal what a Crazy Fishing player cannot see, consistently with their view.

Rods and baits nobody has seen are dealt into the other hands (whose rod and bait counts are
public) and the decks. Sea fish whose face the viewer does not know are dealt to the sea spots
with a matching back. A player who has cast in secret gets a random legal cast from their hand.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from angler.core.chance import Chance
from angler.core.determinise import assign
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.cards import BAIT, FISH, ROD
from angler.games.crazy_fishing.rules import CAST, PHASE_NAMES, CrazyFishingState, cast_parts_of
from angler.games.crazy_fishing.sea import SeaLayout

if TYPE_CHECKING:
    from angler.games.crazy_fishing.game import CrazyFishingGame
    from angler.games.crazy_fishing.view import CrazyFishingView


def determinise(
    game: CrazyFishingGame, view: CrazyFishingView, rng: random.Random
) -> CrazyFishingState:
    from angler.games.crazy_fishing.view import CrazyFishingView

    if not isinstance(view, CrazyFishingView):
        raise TypeError("a Crazy Fishing view is needed")
    cards = game.cards
    n, me = view.players, view.player
    state = CrazyFishingState(game, Chance(rng.getrandbits(62)))
    _copy_public(state, view)

    seen: set[int] = set(view.hand) | set(view.rod_discard) | set(view.bait_discard)
    seen |= set(view.beside) | set(view.removed)
    for pile in view.piles:
        seen |= set(pile)
    returned: list[list[int]] = [[] for _ in range(n)]  # revealed bait cards back in a hand
    if view.phase != "cast":
        still_out = set(view.order[view.at :])  # casts not yet discarded
        for seat, mask in enumerate(view.casts):
            ids = act.ids_of(mask)
            if any(cards.kind[c] == FISH for c in ids):  # the bait card went back to the hand
                bait_back = [c for c in ids if cards.kind[c] == BAIT]
                seen |= set(bait_back)
                if seat != me:
                    returned[seat] = bait_back
                ids = [c for c in ids if cards.kind[c] != BAIT]
            if seat in still_out:
                seen |= set(ids)
    # Hands and decks; redeal until every seat casting this round has a legal cast.
    for _ in range(100):
        _deal_hands(state, game, view, seen, returned, rng)
        if _casting_consistent(state, view):
            break
    else:
        raise ValueError("no deal of the hidden cards lets the casters cast")

    # The sea: unknown faces go to spots with the same back.
    known = {face for *_, face in view.sea if face >= 0}
    unknown_fish = [c for c in game.fish_in_play if c not in seen and c not in known]
    open_spots = [entry for entry in view.sea if entry[5] < 0]
    backs = [entry[4] for entry in open_spots]
    options = {
        fish: sum(1 << i for i, back in enumerate(backs) if back == cards.cards[fish].back)
        for fish in unknown_fish
    }
    placed = assign(unknown_fish, options, [1] * len(open_spots), rng)
    sea_card = [-1] * view.sea_spots
    for spot, *_, face in view.sea:
        sea_card[spot] = face
    for entry, fish in zip(open_spots, placed, strict=True):
        sea_card[entry[0]] = fish[0]
    state.sea_card = sea_card
    xs = [0] * view.sea_spots
    ys = [0] * view.sea_spots
    for spot, x, y, *_ in view.sea:
        xs[spot], ys[spot] = x, y
    state.sea = SeaLayout(xs, ys, cards.sea["diameter"])
    state.free_cache = None
    # Spots already empty must not cover anything: they hold -1, so they never do. A face this
    # seat peeked at may since have been shown to all: the view says which faces everyone saw.
    state.sea_known = [False] * view.sea_spots
    for spot in view.sea_known:
        state.sea_known[spot] = True

    if state.phase == CAST:
        for seat in range(n):
            if seat == me:
                state.cast[seat] = view.my_cast
            elif view.cast_done[seat] and not view.sits_out[seat]:
                state.cast[seat] = rng.choice(state.legal_casts(seat)) >> act.KIND_BITS
    return state


def _deal_hands(
    state: CrazyFishingState,
    game: CrazyFishingGame,
    view: CrazyFishingView,
    seen: set[int],
    returned: list[list[int]],
    rng: random.Random,
) -> None:
    cards, me = game.cards, view.player
    state.hands = [[] for _ in range(view.players)]
    for kind, held, deck_size in (
        (ROD, view.rods_held, view.rod_deck),
        (BAIT, view.baits_held, view.bait_deck),
    ):
        pool = game.rods_in_play if kind == ROD else game.baits_in_play
        hidden = [c for c in pool if c not in seen]
        rng.shuffle(hidden)
        for seat in range(view.players):
            if seat != me:
                back = [c for c in returned[seat] if cards.kind[c] == kind]
                need = held[seat] - len(back)
                state.hands[seat] += back + hidden[:need]
                del hidden[:need]
        if len(hidden) != deck_size:
            raise ValueError("the view's card counts do not add up")
        if kind == ROD:
            state.rod_deck = hidden
        else:
            state.bait_deck = hidden
    state.hands = [sorted(hand) for hand in state.hands]
    state.hands[me] = list(view.hand)


def _casting_consistent(state: CrazyFishingState, view: CrazyFishingView) -> bool:
    if view.phase != "cast":
        return True
    # A seat sitting out needs no check: it takes no part in this round's cast or catch.
    return all(
        state.legal_casts(seat)
        for seat in range(view.players)
        if seat != view.player and not view.sits_out[seat]
    )


def _copy_public(state: CrazyFishingState, view: CrazyFishingView) -> None:
    state.round = view.round
    state.phase = PHASE_NAMES.index(view.phase)
    state.events = list(view.events)
    state.rod_discard = list(view.rod_discard)
    state.bait_discard = list(view.bait_discard)
    state.beside = list(view.beside)
    state.piles = [list(pile) for pile in view.piles]
    state.removed = list(view.removed)
    state.cast = list(view.casts)
    state.cast_done = list(view.cast_done)
    state.order = list(view.order)
    state.at = view.at
    state.peeks_left = view.peeks_left
    state.peeked = [list(spots) for spots in view.peeked]
    state.turbulent_after = view.turbulent_after
    state.targets = list(view.targets)
    state.targets_wanted = view.targets_wanted
    state.retry_bait = view.retry_bait
    state.caught_this_round = list(view.caught_this_round)
    state.collect_order = list(view.collect_order)
    state.collecting = view.collecting
    if state.phase != CAST:
        state.parts = [cast_parts_of(mask, state.cards.kind) for mask in state.cast]
        # Casters' baits for this catch are public once revealed.
        seat = state.order[state.at] if state.order and state.at < len(state.order) else -1
        if seat >= 0:
            state.catcher_baits = state.catch_baits(seat)
