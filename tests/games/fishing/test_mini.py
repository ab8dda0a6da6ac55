"""Fishing's mini variant (``size=mini``): its round card, its cards, and its one changed rule,
catches kept in the order caught (docs/rules/fishing.md, "The mini variant")."""

from __future__ import annotations

import pytest

from angler.core import make_game
from angler.core.errors import OptionError
from angler.games.fishing.game import FishingGame


def test_the_mini_is_3_players_2_rounds_of_2_tricks_with_10_cards() -> None:
    game = FishingGame(size="mini")
    assert (game.players, game.rounds, game.hand_sizes, len(game.cards)) == (3, 2, (2, 2), 10)
    with pytest.raises(OptionError, match="for 3 players"):
        make_game("fishing", 4, size="mini")
    assert "size" not in make_game("fishing", 3).describe_options()  # full records unchanged
    assert make_game("fishing", size="mini").describe_options()["size"] == "mini"


def test_a_sweep_keeps_the_catches_in_order_and_the_others_draw_whole_tiers() -> None:
    game = FishingGame(size="mini")
    cards = game.cards
    setup = {"hands": [["B6", "R6"], ["B4", "R4"], ["B5", "R5"]]}
    for seed in range(3):  # no shuffle at the round's end: the seed changes nothing
        state = game.state_from_setup(setup, seed)
        for name in ("B6", "B4", "B5", "R6", "R4", "R5"):
            player = state.current_players()[0]
            state.apply_action(cards.by_name[name], player)
        assert state.round == 2 and state.score == [6, 0, 0]
        # Seat 0's stockroom is its catches as caught: the last two cards played on top.
        assert sorted(cards.names(state.hands[0])) == ["R4", "R5"]
        assert cards.names(state.stock[0]) == ["B6", "B4", "B5", "R6"]
        # Seats 1 and 2 need 2 each: the earlier in the last trick draws the top tier.
        assert sorted(cards.names(state.hands[1])) == ["G1", "Lowest"]
        assert sorted(cards.names(state.hands[2])) == ["-3", "B11"]
        assert state.leader == 1  # the fewest points lead, the earlier in the last trick first
