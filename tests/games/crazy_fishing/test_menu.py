"""The menu offers a cast once however many copies of an equal card the hand holds: the copies
play alike (only a fish's back, or a card's 3+ mark at the deal, could tell them apart)."""

from __future__ import annotations

from collections import Counter

from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.crazy_fishing.rules import CrazyFishingState


def words(game: CrazyFishingGame, action: int) -> str:
    """An action as the browser's list words it: the cards' labels, copies unnamed."""
    if action & act.KIND_MASK != act.CAST:
        return game.action_to_string(action)
    used = act.ids_of(action >> act.KIND_BITS)
    return "cast " + " and ".join(sorted(game.cards.cards[card].label() for card in used))


def a_hand_with_twins(game: CrazyFishingGame) -> CrazyFishingState:
    """The first seeded deal whose seat 0 holds two copies of one rod or bait."""
    for seed in range(100):
        state = game.new_state(seed)
        types = Counter(game.cards.cards[card].type_name for card in state.view(0).hand)
        if max(types.values()) > 1:
            return state
    raise AssertionError("no deal of 100 gives seat 0 two copies of a card")


def test_a_cast_is_offered_once_whichever_copy_it_uses() -> None:
    game = CrazyFishingGame(3)
    state = a_hand_with_twins(game)
    view = state.view(0)
    legal = state.legal_actions(0)
    menu, _ = game.presentation.menu(view, legal)
    shown = [words(game, action) for action in menu]
    assert len(shown) == len(set(shown)), [w for w, n in Counter(shown).items() if n > 1]
    assert len(menu) < len(legal), "the twins gave no second cast to leave out: no test"
    # Every legal cast is still on offer, through its twin, and the server's list is the menu.
    assert {words(game, action) for action in legal} == set(shown)
