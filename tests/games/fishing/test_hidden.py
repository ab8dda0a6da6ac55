"""What a Fishing seat may know stays sound after a set-up: a re-deal of what a seat cannot see
keeps its view once the ocean has been drawn from, and the public memory of who may hold a card
still covers every card in every hand."""

from __future__ import annotations

import random

from angler.core import make_game


def test_a_fishing_setup_redeals_after_ocean_draws() -> None:
    game = make_game("fishing", 3)
    state = game.state_from_setup({"hands": [["G16"], ["G15"], ["G14"]]}, 1)
    for text in ("play G16", "play G15", "play G14"):
        state.apply(text)
    assert state.round == 2
    for seat in range(3):
        view = state.view(seat)
        assert game.search.determinise(view, random.Random(seat)).view(seat) == view
        for other in range(3):
            for card in state.hands[other]:
                assert state.may_hold[other] >> card & 1  # public memory stays sound
