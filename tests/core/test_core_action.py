"""Actions are immutable values: a stable integer code and a canonical text that round-trip."""

from __future__ import annotations

import dataclasses

import pytest

from angler.core import AnglerError, IllegalActionError, make_game
from angler.core.action import Action

GAME = make_game("fishing", 4)


def every_code() -> list[int]:
    codes = []
    for code in range(1000):
        try:
            GAME.action_to_string(code)
        except AnglerError:
            continue
        codes.append(code)
    return codes


def test_every_action_code_round_trips_through_its_text_and_value() -> None:
    codes = every_code()
    assert len(codes) == 3 * 100 + 5  # play, catch, pass each card; call 5 colours
    texts = set()
    for code in codes:
        action = Action.from_code(GAME, code)
        assert action.code == code == int(action)
        assert str(action) == GAME.action_to_string(code)
        assert GAME.action_from_string(str(action)) == code
        assert Action.parse(GAME, str(action)) == action
        texts.add(str(action))
    assert len(texts) == len(codes)  # one text per code


def test_an_action_splits_into_verb_and_argument() -> None:
    action = Action.parse(GAME, "play Y7")
    assert (action.verb, action.argument) == ("play", "Y7")
    call = Action.parse(GAME, "call green")
    assert (call.verb, call.argument, str(call)) == ("call", "green", "call green")


def test_an_action_is_immutable_and_hashable() -> None:
    action = Action.parse(GAME, "pass B3")
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.code = 0  # type: ignore[misc]
    assert {action, Action.parse(GAME, "pass B3")} == {action}
    assert action != Action.parse(GAME, "play B3")


@pytest.mark.parametrize("text", ["fly Y7", "play Z99", "call orange", "", "play", "catch"])
def test_a_text_that_names_no_action_is_refused_on_one_line(text: str) -> None:
    with pytest.raises(AnglerError) as caught:
        Action.parse(GAME, text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("code", [-1, 3 * 100 + 5, 10**9])
def test_a_code_outside_the_action_space_has_no_text(code: int) -> None:
    with pytest.raises(AnglerError):
        GAME.action_to_string(code)


def test_an_illegal_action_error_is_one_line_naming_its_rule() -> None:
    error = IllegalActionError("follow the led colour", "you hold yellow")
    assert str(error) == "illegal action: you hold yellow (follow the led colour)"
    assert error.rule == "follow the led colour"
    assert error.detail == "you hold yellow"


def test_apply_takes_the_text_of_a_legal_action() -> None:
    state = GAME.new_state(1)
    seat = state.current_player()
    text = GAME.action_to_string(state.legal_actions(seat)[0])
    state.apply(text)
    assert state.history == [(seat, GAME.action_from_string(text))]
