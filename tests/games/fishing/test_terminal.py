"""Fishing drawn as cards: the effects banner names every effect in force, tiles wrap."""

from __future__ import annotations

import dataclasses

from angler.games.fishing.cards import MINUS_THREE
from angler.games.fishing.game import FishingGame
from angler.games.fishing.terminal import draw_fishing, effects_banner, tiles
from angler.games.fishing.view import FishingView


def opening_view() -> tuple[FishingView, FishingGame]:
    game = FishingGame(4)
    view = game.new_state(7).view(0)
    return view, game


def test_no_effect_no_banner() -> None:
    view, game = opening_view()
    assert effects_banner(view, game.cards).plain == ""


def test_banner_shows_called_colour_lowest_minus_three_and_next_trick() -> None:
    view, game = opening_view()
    cards = game.cards
    minus = next(c for c in range(len(cards.cards)) if cards.effect[c] == MINUS_THREE)
    shown = dataclasses.replace(
        view, call_suit=2, lowest=True, trick=((1, minus),), next_first=2, next_call=0
    )
    text = effects_banner(shown, cards).plain
    assert "Called colour: red" in text
    assert "Lowest value wins" in text
    assert "−3 in this trick" in text
    assert "Next trick: Player 3 plays first, called colour blue" in text


def test_hand_and_trick_are_drawn_from_the_view() -> None:
    view, game = opening_view()
    cards = game.cards
    picture = draw_fishing(view, cards).plain
    for name in cards.names(list(view.hand)):
        assert f"│ {name} │" in picture
    assert "Trick" not in picture  # nothing played yet


def test_tiles_wrap_to_the_width_and_caption_each_card() -> None:
    view, game = opening_view()
    cards = game.cards
    hand = list(view.hand)
    drawn = tiles(cards, hand, width=20)
    lines = drawn.plain.splitlines()
    assert all(len(line) <= 20 for line in lines)
    assert len(lines) == 3 * -(-len(hand) // 3)  # three 6-character tiles to a 20-wide row
    captioned = tiles(cards, hand[:2], ["you", "Player 2"]).plain.splitlines()
    assert len(captioned) == 4 and "you" in captioned[3] and "Player 2" in captioned[3]
