"""The shared model helpers: strict field types with numbers.py's words, and one-line problems
that name the field."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from pydantic import PlainValidator, model_validator

from angler.core import AnglerError
from angler.core.errors import RecordError
from angler.core.models import (
    AnglerModel,
    Decimal,
    Flag,
    OneOf,
    Problem,
    Text,
    Whole,
    Word,
    expected,
    json_path,
    read_model,
    refuse,
)


class Card(AnglerModel):
    name: Annotated[str, Word("#")]
    value: Annotated[int, Whole(0, 99)]
    weight: Annotated[float, Decimal(0, 1)] = 0.5
    plus: Flag = False
    colour: Annotated[str, OneOf(("blue", "red"))] = "blue"
    effect: Annotated[str, OneOf(("swim-off", "snap-line"), unknown="effect")] | None = None

    @model_validator(mode="after")
    def _red_cards_have_effects(self) -> Card:
        if self.colour == "red" and self.effect is None:
            raise refuse("a red card needs an effect")
        return self


class Deck(AnglerModel):
    title: Text = ""
    cards: list[Card]


def refusal(data: Any, **kwargs: Any) -> str:
    with pytest.raises(AnglerError) as caught:
        read_model(Deck, data, **kwargs)
    message = str(caught.value)
    assert "\n" not in message
    return message


def deck(**changes: Any) -> dict[str, Any]:
    card = {"name": "Carp", "value": 3}
    return {"cards": [dict(card), {**card, **changes}]}


def test_a_valid_document_reads_into_the_model() -> None:
    read = read_model(Deck, deck(weight=1, plus=True, colour="red", effect="swim-off"))
    assert read.cards[1].weight == 1.0 and read.cards[1].plus and read.cards[1].effect == "swim-off"
    assert read.cards[0].colour == "blue"


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (True, "not true"),
        (2.0, "not the number 2"),
        ("3", "not the text '3'"),
        (10**40, "not a whole number too large to use"),
        (100, "not the whole number 100"),
        (None, "not null"),
    ],
)
def test_a_whole_number_is_refused_in_numbers_words_naming_the_field(
    value: Any, words: str
) -> None:
    assert refusal(deck(value=value)) == (
        f"'cards[1].value' must be a whole number from 0 to 99, {words}"
    )


@pytest.mark.parametrize("weight", [True, "0.5", 1.5, -0.1])
def test_a_decimal_is_finite_in_range_and_never_a_bool(weight: Any) -> None:
    assert "'cards[1].weight' must be a number from 0 to 1, not" in refusal(deck(weight=weight))


def test_a_flag_is_true_or_false_only() -> None:
    assert refusal(deck(plus=1)).endswith(
        "'cards[1].plus' must be true or false, not the whole number 1"
    )


def test_a_choice_lists_its_choices_or_names_the_unknown_one() -> None:
    assert refusal(deck(colour="green")).endswith("must be one of blue, red, not the text 'green'")
    assert refusal(deck(effect="fly")) == "cards[1]: unknown effect 'fly'"
    assert refusal(deck(effect=["fly"])) == "cards[1]: unknown effect a list"


@pytest.mark.parametrize("name", ["Carp#1", "Golden Carp", "", 7, "Carp\n"])
def test_a_word_has_no_spaces_nor_forbidden_characters(name: Any) -> None:
    assert "'cards[1].name' must be a word without spaces or '#'" in refusal(deck(name=name))


def test_a_missing_field_and_an_unknown_field_are_named() -> None:
    data = deck()
    del data["cards"][1]["value"]
    assert refusal(data) == "'cards[1].value' is missing"
    assert refusal(deck(colur="red")) == "cards[1]: unknown field 'colur'"
    assert refusal({"cards": [], "x": 1}) == "unknown field 'x'"


def test_a_rule_between_fields_stands_alone_after_the_objects_place() -> None:
    assert refusal(deck(colour="red")) == "cards[1]: a red card needs an effect"


def test_a_value_of_the_wrong_json_type_is_described_in_words() -> None:
    assert refusal([1, 2]) == "expected an object, not a list"
    assert refusal({"cards": {}}) == "'cards' must be a list, not an object"
    assert refusal({"cards": [5]}) == "'cards[0]' must be an object, not the whole number 5"
    assert refusal({"cards": [], "title": 3}) == "'title' must be a text, not the whole number 3"


def test_where_and_context_word_the_place_and_error_chooses_the_class() -> None:
    def cards(loc: tuple[int | str, ...]) -> str | None:
        if len(loc) == 2 and loc[0] == "cards":
            return f"card {int(loc[1]) + 1}"
        return "" if not loc else None

    assert refusal(deck(value=-1), where="deck.json", context=cards) == (
        "deck.json: card 2: 'value' must be a whole number from 0 to 99, not the whole number -1"
    )
    with pytest.raises(RecordError, match="bad record: 'cards' is missing"):
        read_model(Deck, {}, error=RecordError)


def test_a_problem_line_quotes_the_rest_of_the_path_after_the_named_place() -> None:
    problem = Problem(("fishing", 3, "ability", "value"), "is missing")
    assert problem.line() == "'fishing[3].ability.value' is missing"
    assert problem.line(lambda loc: "card Wahoo" if loc == ("fishing", 3) else None) == (
        "card Wahoo: 'ability.value' is missing"
    )
    assert json_path(("a", 0, 1, "b")) == "a[0][1].b"


def test_the_field_types_publish_their_json_schema() -> None:
    card = Deck.model_json_schema()["$defs"]["Card"]
    assert card["additionalProperties"] is False
    value = card["properties"]["value"]
    assert (value["type"], value["minimum"], value["maximum"]) == ("integer", 0, 99)
    assert card["properties"]["name"]["pattern"] == "^[^\\s#]+$"
    assert card["properties"]["colour"]["enum"] == ["blue", "red"]
    assert card["properties"]["plus"]["type"] == "boolean"
    assert set(card["required"]) == {"name", "value"}


def _seat(value: Any) -> int:
    if not (type(value) is int and 0 <= value < 4):
        raise expected("a seat from 0 to 3", value)
    return value


class Table(AnglerModel):
    leader: Annotated[int, PlainValidator(_seat)] = 0


def test_a_fields_own_check_words_its_refusal_through_expected() -> None:
    with pytest.raises(AnglerError) as caught:
        read_model(Table, {"leader": "x"}, "setup")
    assert str(caught.value) == "setup: 'leader' must be a seat from 0 to 3, not the text 'x'"
    assert read_model(Table, {"leader": 2}).leader == 2
