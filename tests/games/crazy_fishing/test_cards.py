"""The card set as data: the default ``cards.json``, the ``cards`` option (``--cards FILE``) and
the one-line refusals of an invalid file. ``load_cards`` is cached by path, so every file here
gets its own path (pytest's ``tmp_path`` differs per test and per parameter)."""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any

import pytest

from angler.core import AnglerError, OptionError, make_game
from angler.games.crazy_fishing.cards import BAIT, DEFAULT_CARDS, FISH, ROD, load_cards

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from tests.games.crazy_fishing.conftest import Table

SMALL: dict[str, Any] = {
    "format": "angler-crazy-fishing-cards/1",
    "title": "a small test edition",
    "sea": {"card_diameter_mm": 70, "scatter_mm_per_sqrt_card": 29},
    "rods": [
        {"name": "R2", "speed": 2},
        {"name": "R2", "speed": 2},
        {"name": "R1+", "speed": 1, "plus": True, "three_plus": True},
        {"name": "R3", "speed": 3},
        {"name": "R4", "speed": 4},
        {"name": "R5", "speed": 5},
        {"name": "R6", "speed": 6},
        {"name": "R1", "speed": 1},
        {"name": "R7", "speed": 7},
    ],
    "baits": [
        {"name": "B2", "value": 2},
        {"name": "B2", "value": 2},
        {"name": "B3", "value": 3},
        {"name": "Tempting", "value": None, "special": "most-tempting"},
        {"name": "B4", "value": 4},
        {"name": "B5", "value": 5},
        {"name": "B1", "value": 1},
        {"name": "B6", "value": 6},
        {"name": "B3+", "value": 3, "plus": True},
    ],
    "fish": [
        {"name": "F1", "size": 1, "back": "1-3"},
        {"name": "F2", "size": 2, "back": "1-3"},
        {"name": "F3", "size": 3, "back": "?"},
        {"name": "Boot", "size": 0, "back": "?", "kind": "boot"},
    ],
    "out_of_series": {
        "rods": [{"name": "OOSRod", "speed": 3, "special": "out-of-series"}],
        "fish": [
            {"name": "Prawn", "size": 3, "back": "2-4", "kind": "out-of-series", "effect": "prawn"}
        ],
    },
}


def write(tmp_path: Path, data: Any, name: str = "edition.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return str(path)


def test_cards_default_file_order_and_names(table4: Table) -> None:
    cards = load_cards(None)
    assert cards is table4.game.cards  # the bundled edition, loaded once
    assert str(DEFAULT_CARDS).endswith("cards.json")
    groups = [(c.kind, c.out_of_series) for c in cards.cards]
    # One id space: rods, baits, fish, then the out-of-series rods and fish.
    assert groups == (
        [(ROD, False)] * 36
        + [(BAIT, False)] * 36
        + [(FISH, False)] * 27
        + [(ROD, True)] * 2
        + [(FISH, True)] * 10
    )
    assert [card.id for card in cards.cards] == list(range(111))
    assert len(set(cards.by_name)) == 111
    # Copies share a type name and get #k; a single copy keeps its bare name.
    assert [c.name for c in cards.cards if c.type_name == "R3"] == ["R3#1", "R3#2", "R3#3", "R3#4"]
    assert {"Monster12", "Pearl6", "Prawn", "B6"} <= set(cards.by_name)
    assert "Prawn#1" not in cards.by_name


def test_cards_every_back_holds_the_size() -> None:
    for card in load_cards(None).cards:
        if card.kind != FISH or card.back == "?":
            continue
        low, high = (int(v) for v in card.back.split("-"))
        assert low <= card.value <= high, card.name


def test_cards_option_loads_another_edition(
    tmp_path: Path, make_table: Callable[..., Table]
) -> None:
    path = write(tmp_path, SMALL)
    game = make_table(2, cards=path).game
    assert game.cards.source == path
    assert len(game.cards) == 24
    rods = ["R2#1", "R2#2", "R3", "R4", "R5", "R6", "R1", "R7"]
    assert game.cards.names(list(game.rods_in_play)) == rods  # R1+ is a 3+ card
    state = game.new_state(seed=1)
    assert [len(hand) for hand in state.hands] == [6, 6]
    assert sorted(state.sea_fish()) == sorted(game.fish_in_play)
    swapped = make_table(3, cards=path, oos_rods=True, out_of_series="Prawn").game
    assert swapped.cards.names(list(swapped.rods_in_play)) == [
        "R2#1",
        "R2#2",
        "R1+",
        "R4",
        "R5",
        "R6",
        "R1",
        "R7",
        "OOSRod",
    ]
    assert "Prawn" in swapped.cards.names(list(swapped.fish_in_play))
    assert "F3" not in swapped.cards.names(list(swapped.fish_in_play))


def test_cards_option_without_a_twin_rod_is_refused(tmp_path: Path) -> None:
    data = copy.deepcopy(SMALL)
    data["rods"] = [rod for rod in data["rods"] if rod["speed"] != 3]
    path = write(tmp_path, data)
    with pytest.raises(OptionError, match="no ordinary rod of speed 3 to swap for OOSRod"):
        make_game("crazy-fishing", 3, cards=path, oos_rods=True)


def test_cards_too_few_to_deal_is_refused(tmp_path: Path) -> None:
    data = copy.deepcopy(SMALL)
    data["rods"] = data["rods"][:4]  # 3 rods in play with 2 players, 6 needed
    path = write(tmp_path, data)
    with pytest.raises(AnglerError, match="need at least 6 rods and 6 baits"):
        make_game("crazy-fishing", 2, cards=path)


def mutate(section: str, index: int, **changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(SMALL)
    items = data["out_of_series"]["fish"] if section == "oos-fish" else data[section]
    for key, value in changes.items():
        if value is KeyError:
            items[index].pop(key)
        else:
            items[index][key] = value
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (mutate("fish", 2, back="4-6"), "card F3: back '4-6' must be '?' or a range holding 3"),
        (
            mutate("fish", 0, size=-1),
            "card F1: 'size' must be a whole number from 0 to 999, not the whole number -1",
        ),
        (mutate("fish", 1, kind="shark"), "card F2: 'kind' must be one of ordinary, boot"),
        (mutate("fish", 0, effect="prawn"), "card F1: out-of-series fish, and only they"),
        (mutate("oos-fish", 0, effect="dance"), "card Prawn: unknown effect 'dance'"),
        (mutate("rods", 3, special="laser"), "card R3: unknown special 'laser'"),
        (mutate("rods", 0, speed=KeyError), "card R2: 'speed' is missing"),
        (
            mutate("baits", 2, value="3"),
            "card B3: 'value' must be a whole number from 0 to 999, not the text '3'",
        ),
        (mutate("rods", 2, plus="yes"), "card R1+: 'plus' must be true or false"),
        (mutate("baits", 0, three_plus=1), "card B2: 'three_plus' must be true or false"),
        (mutate("rods", 1, name="R 2"), "rods card 2: 'name' must be a word"),
        (mutate("fish", 3, name="Boot#1"), "fish card 4: 'name' must be a word"),
    ],
)
def test_cards_invalid_file_names_the_card(
    tmp_path: Path, data: dict[str, Any], message: str
) -> None:
    path = write(tmp_path, data)
    with pytest.raises(AnglerError) as caught:
        make_game("crazy-fishing", 3, cards=path)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{not json", "is not JSON"),
        ([], "expected an object"),
        ({**SMALL, "rods": {}}, "'rods' must be a list"),
        ({**SMALL, "fish": []}, "there must be at least one fish"),
        ({**SMALL, "sea": {"card_diameter_mm": 0}}, "'sea.card_diameter_mm' must be a whole"),
    ],
)
def test_cards_invalid_file_as_a_whole(tmp_path: Path, data: Any, message: str) -> None:
    path = write(tmp_path, data)
    with pytest.raises(AnglerError, match=message):
        load_cards(path)


def test_cards_missing_file(tmp_path: Path) -> None:
    with pytest.raises(AnglerError, match="cannot read card file"):
        load_cards(str(tmp_path / "missing.json"))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (mutate("oos-fish", 0, effect=["prawn"]), "card Prawn: unknown effect a list"),
        (mutate("oos-fish", 0, effect={"a": 1}), "card Prawn: unknown effect an object"),
        (mutate("fish", 1, kind=["boot"]), "card F2: 'kind' must be one of ordinary, boot"),
        (mutate("rods", 3, special=["fish-finder"]), "card R3: unknown special a list"),
        (
            mutate("fish", 0, size=True),
            "card F1: 'size' must be a whole number from 0 to 999, not true",
        ),
        (mutate("fish", 0, size=10**40), "not a whole number too large to use"),
        (
            mutate("baits", 2, value=False),
            "card B3: 'value' must be a whole number from 0 to 999, not false",
        ),
        (
            mutate("rods", 3, speed=3.5),
            "card R3: 'speed' must be a whole number from 0 to 999, not the number 3.5",
        ),
        (mutate("fish", 0, back="²-3"), "card F1: back '²-3' must be '?' or a range holding 1"),
        (mutate("fish", 0, back=["1-3"]), "card F1: 'back' must be a text, not a list"),
        (mutate("fish", 0, back="0-" + "9" * 5000), "must be '?' or a range holding 1"),
        (mutate("rods", 1, name="R\n2"), "rods card 2: 'name' must be a word"),
        (mutate("rods", 1, name="R\u00a02"), "rods card 2: 'name' must be a word"),
    ],
)
def test_cards_a_value_of_the_wrong_json_type_names_the_card(
    tmp_path: Path, data: dict[str, Any], message: str
) -> None:
    path = write(tmp_path, data)
    with pytest.raises(AnglerError) as caught:
        load_cards(path)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("sea", "message"),
    [
        ('{"card_diameter_mm": 1e400}', "the number 1e400 is too large"),
        ('{"card_diameter_mm": true}', "'sea.card_diameter_mm' must be a whole number"),
        ('{"card_diameter_mm": 70.5}', "'sea.card_diameter_mm' must be a whole number"),
        ('{"scatter_mm_per_sqrt_card": 100000}', "from 1 to 1000"),
        ("[70]", "'sea' must be an object, not a list"),
        ('{"card_diameter_mm": 70, "depth": 3}', "sea: unknown field 'depth'"),
    ],
)
def test_cards_a_sea_of_no_usable_size_is_refused(tmp_path: Path, sea: str, message: str) -> None:
    text = json.dumps({**SMALL, "sea": "SEA"}).replace('"SEA"', sea)
    with pytest.raises(AnglerError) as caught:
        load_cards(write(tmp_path, text))
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("oos_rods", 5, "option 'oos_rods': expected true or false, not the whole number 5"),
        ("oos_rods", "maybe", "option 'oos_rods': cannot read 'maybe'"),
        ("out_of_series", 0, "option 'out_of_series': expected a text, not the whole number 0"),
        ("out_of_series", ["Prawn"], "option 'out_of_series': expected a text, not a list"),
        ("cards", 3, "option 'cards': expected the name of a card file, not the whole number 3"),
        ("cards", "a\nb.json", "not a usable file name"),
    ],
)
def test_cards_an_option_of_the_wrong_type_is_refused_naming_it(
    option: str, value: object, message: str
) -> None:
    with pytest.raises(AnglerError) as caught:
        make_game("crazy-fishing", 3, **{option: value})
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (mutate("oos-fish", 0, timing="instant"), "effect 'prawn' has timing 'end', not 'instant'"),
        (mutate("baits", 3, value=5), "card Tempting: 'value' must be null"),
        (mutate("baits", 0, value=KeyError), "card B2: 'value' must be a whole number"),
        (mutate("rods", 0, colour="red"), "card R2: unknown field 'colour'"),
        ({**SMALL, "format": "angler-fishing-cards/1"}, "'format' must be one of"),
        ({**SMALL, "rods": "R1"}, "'rods' must be a list, not the text 'R1'"),
    ],
)
def test_cards_a_field_the_model_does_not_allow_is_refused_naming_it(
    tmp_path: Path, data: dict[str, Any], message: str
) -> None:
    with pytest.raises(AnglerError) as caught:
        load_cards(write(tmp_path, data))
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)
