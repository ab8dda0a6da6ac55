"""core/numbers.py: the one place user numbers become game numbers. A bool is never a number,
NaN and infinities are never numbers, and a refusal says in words what it got."""

from __future__ import annotations

import math
from typing import Any

import pytest

from angler.core import AnglerError, make_game
from angler.core.errors import OptionError
from angler.core.numbers import (
    NumberError,
    decimal,
    decimal_from_text,
    described,
    is_whole,
    whole,
    whole_from_text,
)


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (None, "null"),
        (True, "true"),
        (False, "false"),
        (4, "the whole number 4"),
        (10**400, "a whole number too large to use"),
        (2.5, "the number 2.5"),
        (math.nan, "the number nan"),
        ("4", "the text '4'"),
        ("x" * 100, "the text 'xxxxxxxxxxxxxxxxxxxxxxxxxxx...'"),
        ([4], "a list"),
        ({"a": 4}, "an object"),
    ],
)
def test_a_value_is_described_in_words_not_python_type_names(value: object, words: str) -> None:
    assert described(value) == words


@pytest.mark.parametrize("value", [True, False, 1.0, "1", None, [1]])
def test_a_whole_number_is_an_int_and_never_a_bool(value: object) -> None:
    assert not is_whole(value)
    with pytest.raises(NumberError, match="must be a whole number"):
        whole(value, "a seat")


def test_a_whole_number_out_of_its_range_names_the_range() -> None:
    assert whole(3, "a seat", 0, 3) == 3
    with pytest.raises(NumberError) as raised:
        whole(4, "a seat", 0, 3)
    assert str(raised.value) == "a seat must be a whole number from 0 to 3, not the whole number 4"


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, 10**400, True, "1.5"])
def test_a_number_is_finite_and_never_a_bool(value: object) -> None:
    with pytest.raises(NumberError, match="an aim must be a number"):
        decimal(value, "an aim")


def test_a_number_may_be_whole_or_not() -> None:
    assert decimal(3, "x") == 3.0 and decimal(-2.5, "x", -3, 3) == -2.5


@pytest.mark.parametrize(
    "text", ["nan", "inf", "-Infinity", "1e400", "", "  ", "12a", "٣", "1" * 50, "0x10"]
)
def test_a_typed_number_that_is_no_finite_number_is_refused(text: str) -> None:
    with pytest.raises(NumberError):
        decimal_from_text(text, "an aim")


@pytest.mark.parametrize(("text", "number"), [("120", 120.0), (" -40.5 ", -40.5), ("1e2", 100.0)])
def test_a_typed_number_is_read(text: str, number: float) -> None:
    assert decimal_from_text(text, "an aim") == number


@pytest.mark.parametrize("text", ["1.0", "1e3", "٣", "", "+", "1" * 5000, "true"])
def test_a_typed_whole_number_has_only_ascii_digits(text: str) -> None:
    with pytest.raises(NumberError):
        whole_from_text(text, "a round limit")


def test_a_typed_whole_number_is_read_within_its_range() -> None:
    assert whole_from_text(" 12 ", "a round limit", 1, 1000) == 12
    with pytest.raises(NumberError, match="from 1 to 1000, not the whole number 0"):
        whole_from_text("0", "a round limit", 1, 1000)


def test_a_number_error_is_an_angler_error() -> None:
    assert issubclass(NumberError, AnglerError)


@pytest.mark.parametrize("name", ["name", "self"])
def test_an_option_named_like_a_parameter_is_an_unknown_option(name: str) -> None:
    # ``-o name=1`` used to collide with make_game's own parameter (a TypeError).
    options: dict[str, Any] = {name: "1"}
    with pytest.raises(OptionError, match=f"fishing has no option {name!r}"):
        make_game("fishing", **options)
