"""Actions are a stable integer code and a canonical text, turned into each other by each game's
codec (``core/codec.py``): a declared table of verbs, argument kinds and code layouts."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from angler.core import AnglerError, IllegalActionError, make_game
from angler.core.cards import NamedCards
from angler.core.codec import NOTHING, Blocks, Card, Cards, Choice, Codec, Number, Shifted, Verb

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


def test_every_action_code_round_trips_through_its_text() -> None:
    codes = every_code()
    assert len(codes) == 3 * 100 + 5  # play, catch, pass each card; call 5 colours
    texts = {GAME.action_to_string(code) for code in codes}
    assert len(texts) == len(codes)  # one text per code
    assert all(GAME.action_from_string(GAME.action_to_string(code)) == code for code in codes)


@pytest.mark.parametrize(
    ("text", "code"), [("play B1", 0), ("catch B1", 100), ("pass B1", 200), ("call green", 304)]
)
def test_fishing_codes_are_blocks_of_one_code_per_card(text: str, code: int) -> None:
    assert GAME.action_from_string(text) == code
    assert GAME.action_to_string(code) == text


@pytest.mark.parametrize("text", ["fly Y7", "play Z99", "call orange", "", "play", "catch"])
def test_a_text_that_names_no_action_is_refused_on_one_line(text: str) -> None:
    with pytest.raises(AnglerError) as caught:
        GAME.action_from_string(text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("code", [-1, 3 * 100 + 5, 10**9])
def test_a_code_outside_the_action_space_has_no_text(code: int) -> None:
    with pytest.raises(AnglerError, match="is not a Fishing action code"):
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


# ----- the codec on a table of its own -----
@dataclass(frozen=True)
class Named:
    name: str


class Deck(NamedCards[Named]):
    def __init__(self, names: list[str]) -> None:
        self.cards = [Named(name) for name in names]
        self.by_name = {name: index for index, name in enumerate(names)}


DECK = Deck(["Ace", "King", "Queen"])
CODEC = Codec(
    "Toy",
    Shifted(3),
    [
        Verb("take", 0, Card(DECK)),
        Verb("take all", 1, Cards(DECK, "name at least 1 card")),
        Verb("roll", 2, Number("a die", 1, 6, offset=1)),
        Verb("go", 3, Choice(("left", "right"), "way")),
        Verb("pass", 4, NOTHING),
    ],
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("take Queen", 2 << 3 | 0),
        ("take all Ace Queen", 0b101 << 3 | 1),
        ("roll 6", 5 << 3 | 2),
        ("go right", 1 << 3 | 3),
        ("pass", 4),
    ],
)
def test_each_argument_kind_reads_and_writes_its_words(text: str, code: int) -> None:
    assert CODEC.from_string(text) == code
    assert CODEC.to_string(code) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("take all", "take all names no cards: name at least 1 card"),
        ("take all Ace Ace", "'take all Ace Ace' names a card twice"),
        ("take Jack", "unknown card 'Jack'"),
        ("roll 7", "a die must be a whole number from 1 to 6, not the whole number 7"),
        ("go up", "cannot go 'up' (ways: left, right)"),
        ("pass now", "unknown action 'pass now' (actions: take, roll, go, pass)"),
        ("take", "unknown action 'take' (actions: take, roll, go, pass)"),
        ("  ", "an empty action"),
    ],
)
def test_a_bad_text_is_refused_in_one_line_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(AnglerError) as caught:
        CODEC.from_string(text)
    assert str(caught.value) == message


@pytest.mark.parametrize("code", [6 << 3 | 2, 8 << 3 | 1, 7, 2 << 3 | 3, 1 << 3 | 4, -1])
def test_a_code_no_verb_writes_is_refused(code: int) -> None:
    with pytest.raises(AnglerError, match="is not a Toy action code"):
        CODEC.to_string(code)


def test_a_blocks_layout_gives_each_kind_its_own_block_of_codes() -> None:
    codec = Codec("Toy", Blocks(3), [Verb("take", 0, Card(DECK)), Verb("drop", 1, Card(DECK))])
    assert [codec.to_string(code) for code in (2, 3)] == ["take Queen", "drop Ace"]
    assert codec.from_string("drop King") == 4
