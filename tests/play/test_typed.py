"""Typed actions are read one way in every interface (line prompt and full-screen table)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from angler.core import AnglerError, IllegalActionError, make_game
from angler.core.state import State
from angler.play.typed import typed_action


def fishing_follow_position() -> tuple[State[Any], int, list[int], str]:
    """A Fishing position where the seat to act holds a card it may not play: (state, seat,
    its legal actions, that card's name)."""
    game = make_game("fishing", 4)
    state = game.new_state(3)
    rng = random.Random(0)
    while not state.is_terminal():
        seat = state.current_players()[0]
        legal = list(state.legal_actions(seat))
        hand = [game.action_to_string(code).split()[1] for code in legal]
        view = state.view(seat)
        barred = [
            name
            for name in (game.cards.cards[card].name for card in view.hand)  # type: ignore[attr-defined]
            if name not in hand
        ]
        if barred:
            return state, seat, legal, barred[0]
        state.apply_action(rng.choice(legal), seat)
    raise AssertionError("no position with a card that may not be played")


def test_an_offered_action_is_read_in_any_case_and_spacing() -> None:
    state, _seat, legal, _ = fishing_follow_position()
    text = state.game.action_to_string(legal[-1])
    assert typed_action(state.game, "  " + text.upper().replace(" ", "   "), legal) == legal[-1]


def test_a_card_alone_names_the_one_offered_action_that_plays_it() -> None:
    state, _seat, legal, _ = fishing_follow_position()
    card = state.game.action_to_string(legal[0]).split()[1]
    assert typed_action(state.game, card.lower(), legal) == legal[0]


def test_a_card_alone_that_may_not_be_played_gets_the_rule_it_breaks() -> None:
    state, seat, legal, barred = fishing_follow_position()
    code = typed_action(state.game, barred, legal)  # read as "play <card>", not refused as text
    assert state.game.action_to_string(code) == f"play {barred}"
    with pytest.raises(IllegalActionError):
        state.apply_action(code, seat)


def test_a_card_not_in_hand_alone_is_named_as_not_in_your_hand() -> None:
    state, seat, legal, _ = fishing_follow_position()
    held = {state.game.action_to_string(code).split()[1] for code in legal}
    missing = next(n for n in ("B2", "P3", "R4", "Y5", "B6", "P7") if n not in held)
    code = typed_action(state.game, missing, legal)
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply_action(code, seat)


@pytest.mark.parametrize("text", ["", "   ", "xyz", "play", "play Y99", "cast nan 0"])
def test_text_that_names_no_action_is_refused_in_one_line(text: str) -> None:
    state, _seat, legal, _ = fishing_follow_position()
    with pytest.raises(AnglerError) as refused:
        typed_action(state.game, text, legal)
    assert "\n" not in str(refused.value) and str(refused.value)
