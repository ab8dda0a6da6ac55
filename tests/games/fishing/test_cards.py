"""Fishing's card file: any JSON value in it is either a valid card or refused in one line
naming the card. ``load_cards`` is cached by path: every file here has its own path."""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any

import pytest

from angler.core import AnglerError
from angler.games.fishing.cards import DEFAULT_CARDS, load_cards

if TYPE_CHECKING:
    from pathlib import Path

BUNDLED: dict[str, Any] = json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))
BUOY = next(i for i, card in enumerate(BUNDLED["cards"]) if card["suit"] == "buoy")
COLOUR = next(i for i, card in enumerate(BUNDLED["cards"]) if card["suit"] == "blue")


def changed(index: int, **changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BUNDLED)
    data["cards"][index].update(changes)
    return data


def refusal(tmp_path: Path, data: Any) -> str:
    path = tmp_path / "edition.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    with pytest.raises(AnglerError) as caught:
        load_cards(str(path))
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_the_bundled_cards_load() -> None:
    assert len(load_cards(None)) == len(BUNDLED["cards"])


@pytest.mark.parametrize("effect", [["x"], {"catch-all": 1}, 3, True])
def test_an_effect_that_is_not_a_text_is_an_unknown_effect(tmp_path: Path, effect: Any) -> None:
    # A list used to raise TypeError (unhashable) when looked up among the effects.
    assert "unknown effect" in refusal(tmp_path, changed(BUOY, effect=effect))


@pytest.mark.parametrize("stars", [True, False, 1.0, "1", 6, -1])
def test_stars_are_a_whole_number_from_0_to_5_and_never_a_bool(tmp_path: Path, stars: Any) -> None:
    message = refusal(tmp_path, changed(COLOUR, stars=stars))
    assert "'stars' must be a whole number from 0 to 5" in message


@pytest.mark.parametrize("value", [True, 2.5, 10**40, -1])
def test_a_value_is_a_whole_number_in_range(tmp_path: Path, value: Any) -> None:
    assert "'value' must be a whole number from 0 to 999" in refusal(
        tmp_path, changed(COLOUR, value=value)
    )


@pytest.mark.parametrize("suit", [["blue"], {"blue": 1}, None])
def test_a_suit_of_the_wrong_type_is_refused(tmp_path: Path, suit: Any) -> None:
    assert "card B1: 'suit' must be one of" in refusal(tmp_path, changed(COLOUR, suit=suit))


@pytest.mark.parametrize("name", ["B\n1", "B\t1", "", 7])
def test_a_name_is_one_printable_word(tmp_path: Path, name: Any) -> None:
    assert "'name' must be a word without spaces" in refusal(tmp_path, changed(COLOUR, name=name))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"cards": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested more than 100 levels"),
        ('{"cards": [], "x": 1e400}', "the number 1e400 is too large"),
        ('{"cards": [], "x": ' + "9" * 5000 + "}", "too many digits"),
    ],
)
def test_json_no_parser_should_take_is_refused_in_one_line(
    tmp_path: Path, text: str, problem: str
) -> None:
    assert problem in refusal(tmp_path, text)


def test_an_unknown_field_is_refused_naming_the_card(tmp_path: Path) -> None:
    assert refusal(tmp_path, changed(COLOUR, colour="blue")).endswith(
        "card B1: unknown field 'colour'"
    )


def test_a_colour_card_needs_a_value_and_a_buoy_a_buoy_effect(tmp_path: Path) -> None:
    data = changed(COLOUR)
    del data["cards"][COLOUR]["value"]
    assert "card B1: 'value' must be a whole number from 0 to 999, not null" in refusal(
        tmp_path, data
    )
    assert "a buoy needs a buoy effect" in refusal(tmp_path, changed(BUOY, effect="catch-one"))
    assert "a buoy has no value ('value' is null)" in refusal(tmp_path, changed(BUOY, value=3))
    assert "only buoys carry 'catch-all'" in refusal(tmp_path, changed(COLOUR, effect="catch-all"))


def test_cards_are_distinct_in_name_and_in_colour_and_value(tmp_path: Path) -> None:
    twin = BUNDLED["cards"][COLOUR + 1]["name"]
    assert refusal(tmp_path, changed(COLOUR, name=twin)).endswith(f"two cards are named {twin}")
    same = changed(COLOUR, value=BUNDLED["cards"][COLOUR + 1]["value"])
    assert "have the same colour and value" in refusal(tmp_path, same)


def test_a_card_file_of_another_format_is_refused(tmp_path: Path) -> None:
    data = {**BUNDLED, "format": "angler-fishing-cards/9"}
    assert "'format' must be one of angler-fishing-cards/1" in refusal(tmp_path, data)


def test_the_card_sets_tables_agree_with_each_card() -> None:
    cards = load_cards(None)
    shown = sorted(range(len(cards)), key=lambda c: (cards.suit[c], cards.value[c], c))
    assert sorted(range(len(cards)), key=cards.hand_rank.__getitem__) == shown
    assert cards.labels == tuple(card.label() for card in cards.cards)


def test_a_masks_stars_are_its_one_tier_or_none_when_it_mixes_tiers() -> None:
    cards = load_cards(None)
    tiers = [tier for tier, mask in enumerate(cards.tier_mask) if mask]
    assert len(tiers) > 1  # the bundled cards come in several star tiers
    for tier in tiers:
        whole, one = cards.tier_mask[tier], cards.tier_mask[tier] & -cards.tier_mask[tier]
        assert cards.mask_stars(whole) == cards.mask_stars(one) == tier
        assert cards.mask_stars(whole) == tier  # asked again: the memo gives the same
    assert cards.mask_stars(cards.tier_mask[tiers[0]] | cards.tier_mask[tiers[1]]) is None
    assert cards.mask_stars(0) is None
