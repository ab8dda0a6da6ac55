"""A seat's view pins nothing hidden: re-dealing it (``game.search.determinise``) keeps that view,
keeps who decides, is reproducible, plays on to the end, and varies the other seats' views."""

from __future__ import annotations

import random
from typing import Any

import pytest

from angler.core import Game
from angler.testing import check_determinise, play_random, policy


@pytest.mark.parametrize("seed", [0, 1])
def test_redeals_keep_the_view_and_vary_what_it_hides(game: Game[Any, Any], seed: int) -> None:
    checked, varied = check_determinise(game, seed, points=4, samples=4)
    assert checked == 4 * game.players
    assert varied >= checked // 2  # mid-game, the hidden parts are rarely forced


def test_a_redeal_at_the_start_keeps_each_seats_view(game: Game[Any, Any]) -> None:
    state = game.new_state(13)
    for seat in range(game.players):
        view = state.view(seat)
        for sample in range(5):
            assert game.search.determinise(view, random.Random(sample)).view(seat) == view


def test_redeals_from_different_rng_seeds_differ_in_what_seat_1_cannot_see(
    game: Game[Any, Any],
) -> None:
    state = game.new_state(14)
    # Five moves into a small variant (Fishing's mini: 2 cards a hand), counting the cards
    # played already tells seat 0 every hand: two moves leave some unknown.
    short = (game.encoding.max_game_length() or 99) < 20 if game.encoding else False
    play_random(state, policy(14, "redeal-differ"), steps=2 if short else 5)
    view = state.view(0)
    others = set()
    for sample in range(8):
        dealt = game.search.determinise(view, random.Random(sample))
        others.add(repr((dealt.view(1), game.secrets(dealt))))
    assert len(others) > 1
