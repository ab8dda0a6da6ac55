"""What a person is asked: one line from the game saying what is decided, and a menu in the
hand's order (Flip & Fish's aims named by the card they are at)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

from angler.core import make_game
from angler.core.game import Game
from angler.core.view import View
from angler.games.fishing.game import FishingGame

if TYPE_CHECKING:
    from tests.conftest import Angler

V = TypeVar("V", bound=View)


def _decisions(
    game: Game[Any, V], seed: int, limit: int = 400
) -> Iterator[tuple[V, Sequence[int]]]:
    """(view, legal) at each decision of a seeded random game; aims go at the first card."""
    state = game.new_state(seed)
    rnd = random.Random(seed)
    for _ in range(limit):
        if state.is_terminal():
            return
        seat = state.current_players()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        yield view, legal
        menu, _ = game.presentation.menu(view, legal)
        state.apply_action(menu[int(rnd.random() * len(menu))], seat)


@pytest.mark.parametrize("name", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_every_decision_has_a_one_line_prompt_and_a_menu_of_legal_actions(name: str) -> None:
    game = make_game(name, 3)
    prompts = set()
    for view, legal in _decisions(game, 1):
        prompt = game.presentation.prompt(view, legal)
        assert prompt and "\n" not in prompt and prompt[0].isupper() and prompt[-1] in ".?"
        menu, _ = game.presentation.menu(view, legal)
        assert menu and all(code in legal for code in menu)
        assert len(set(menu)) == len(menu)
        prompts.add(prompt)
    assert len(prompts) > 3  # it follows the game, not one fixed sentence


def test_fishing_says_whether_you_lead_follow_or_cannot_follow() -> None:
    from angler.games.fishing.cards import BUOY, SUITS

    game = FishingGame(4)
    cards = game.cards
    kinds = set()
    for view, legal in _decisions(game, 2, 300):
        prompt = game.presentation.prompt(view, legal)
        kind = prompt.split()[0]
        kinds.add(kind)
        if kind == "Follow":  # "Follow red: play a red card …": every card offered follows
            colour = prompt.split(": play a ")[1].split()[0]
            offered = {SUITS[cards.suit[c]] for c in legal if cards.suit[c] != BUOY}
            assert offered == {colour}
        if prompt.startswith("You cannot follow"):
            led = view.call_suit if view.call_suit >= 0 else view.led
            assert all(cards.suit[c] != led for c in view.hand)
    assert {"Lead", "Follow", "You"} <= kinds


def test_fishing_lists_the_hand_in_the_order_it_is_shown() -> None:
    game = FishingGame(3)
    cards = game.cards
    for view, legal in _decisions(game, 3, 60):
        menu, _ = game.presentation.menu(view, legal)
        played = [code for code in menu if code < len(cards)]
        shown = sorted(played, key=lambda c: (cards.suit[c], cards.value[c]))
        assert played == shown


def test_crazy_fishing_lists_the_simplest_casts_first() -> None:
    game = make_game("crazy-fishing", 3)
    view, legal = next(_decisions(game, 4))
    menu, _ = game.presentation.menu(view, legal)
    sizes = [len(game.action_to_string(code).split()) for code in menu]
    assert sizes == sorted(sizes) and sizes[0] == 3  # "cast ROD BAIT"


def test_flip_and_fish_names_the_card_an_aim_is_at_and_its_point_can_be_typed() -> None:
    game = make_game("flip-and-fish", 2)
    state = game.new_state(3)
    state.apply_action(game.action_from_string("fish"), 0)
    view = state.view(0)
    menu, _ = game.presentation.menu(view, state.legal_actions(0))
    labels = [game.presentation.menu_label(view, code) for code in menu]
    assert labels[:2] == ["cast at face-down card 1 (0, 0)", "cast at face-down card 2 (-110, 0)"]
    for code, label in zip(menu[:5], labels, strict=False):
        x, y = label.rpartition("(")[2].rstrip(")").split(", ")
        assert game.action_from_string(f"cast {x} {y}") == code


def test_the_text_prompt_says_what_the_person_decides(angler: Angler) -> None:
    run = angler(["play", "fishing", "-p", "3", "--seed", "1", "--ui", "text"], input="q\n")
    assert "Lead the trick: play any card." in run.stdout
