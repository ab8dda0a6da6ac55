"""The Flip & Fish decks as data: the default ``cards.json`` and the one-line refusals of an invalid
card file. ``load_cards`` is cached by path, so every file here gets its own path (pytest's
``tmp_path`` differs per test and per parameter)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from statistics import mean
from typing import TYPE_CHECKING, Any

import pytest

from angler.core import AnglerError
from angler.games.flip_and_fish.cards import (
    ABILITIES,
    ABILITY_TEXT,
    BOOT,
    COLOURS,
    DEFAULT_CARDS,
    DISCARD,
    EQUIPMENT,
    EQUIPMENT_TEXT,
    FLIP,
    ONGOING,
    REGULAR,
    TROPHY,
    EquipmentCard,
    FishCard,
    load_cards,
    title,
)

if TYPE_CHECKING:
    from pathlib import Path

SMALL: dict[str, Any] = {
    "format": "angler-flip-and-fish-cards/1",
    "title": "a small test edition",
    "fishing": [
        {"name": "Marlin", "kind": "trophy", "catch_rate": 14, "colour": "blue"},
        {"name": "Pike", "kind": "trophy", "catch_rate": 11, "colour": "green"},
        {
            "name": "Dorado",
            "kind": "trophy",
            "catch_rate": 12,
            "colour": "yellow",
            "ability": {"timing": "once-caught", "effect": "lucky-dip"},
        },
        {
            "name": "Carp",
            "kind": "regular",
            "catch_rate": 3,
            "bait": 1,
            "colour": "green",
            "carp": True,
        },
        {
            "name": "Carp",
            "kind": "regular",
            "catch_rate": 3,
            "bait": 1,
            "colour": "green",
            "carp": True,
        },
        {
            "name": "Puffer",
            "kind": "regular",
            "catch_rate": 5,
            "bait": 2,
            "colour": "yellow",
            "ability": {"timing": "on-flip", "effect": "clear-water"},
        },
        {
            "name": "Bowfin",
            "kind": "regular",
            "catch_rate": 9,
            "bait": 3,
            "colour": "red",
            "ability": {"timing": "while-in-water", "effect": "guarded", "value": 1},
        },
        {"name": "Boot", "kind": "boot", "catch_rate": None, "bait": None, "colour": None},
    ],
    "shopping": [
        {"name": "Spear", "kind": "flip", "only_action": True, "effect": "spear", "value": 7},
        {"name": "Torch", "kind": "flip", "effect": "flashlight"},
        {"name": "Berley", "kind": "discard", "effect": "roll-bonus", "value": 3},
        {"name": "Ruler", "kind": "ongoing", "effect": "longer-ruler", "value": 20},
    ],
}


def write(tmp_path: Path, data: Any, name: str = "edition.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return str(path)


def fishes(kind: int) -> list[FishCard]:
    cards = load_cards(None)
    return [cards.fish(i) for i in cards.fishing_ids if cards.kind[i] == kind]


def equipment() -> list[EquipmentCard]:
    cards = load_cards(None)
    return [cards.equipment(i) for i in cards.shopping_ids]


# --- the default edition ------------------------------------------------------------------------


def test_cards_default_edition_has_the_rulebook_counts() -> None:
    cards = load_cards(None)
    assert load_cards(None) is cards  # cached
    assert cards.source == str(DEFAULT_CARDS)
    assert len(cards) == 110
    # "90 x Fishing deck cards ... 17 x trophy fish, 68 x regular fish, 5 x boots;
    #  20 x Shopping deck cards"
    assert Counter(cards.kind[i] for i in cards.fishing_ids) == {TROPHY: 17, REGULAR: 68, BOOT: 5}
    assert len(cards.shopping_ids) == 20
    assert len(cards.trophy_ids) == 17 and len(cards.regular_ids) == 68
    assert len(cards.boot_ids) == 5
    # One id space: the fishing deck first, then the shopping deck.
    assert cards.fishing_ids == tuple(range(90))
    assert cards.shopping_ids == tuple(range(90, 110))
    assert [card.id for card in cards.cards] == list(range(110))
    assert all(isinstance(cards.cards[i], FishCard) for i in cards.fishing_ids)
    assert all(isinstance(cards.cards[i], EquipmentCard) for i in cards.shopping_ids)


def test_cards_default_names_are_unique_with_copy_numbers() -> None:
    cards = load_cards(None)
    assert len(cards.by_name) == 110
    assert all(cards.by_name[card.name] == card.id for card in cards.cards)
    assert [c.name for c in cards.cards if c.type_name == "Boot"] == [
        f"Boot#{k}" for k in range(1, 6)
    ]
    assert "Spear" in cards.by_name and "Spear#1" not in cards.by_name  # a single copy
    assert cards.ids(["Carp#2", "Spear"]) == [cards.by_name["Carp#2"], cards.by_name["Spear"]]
    with pytest.raises(AnglerError, match="unknown card 'Carp'"):
        cards.ids(["Carp"])  # Carp has copies: only Carp#k names a card


def test_cards_default_file_has_one_card_per_line() -> None:
    lines = DEFAULT_CARDS.read_text(encoding="utf-8").splitlines()
    card_lines = [line for line in lines if '"name":' in line]
    assert len(card_lines) == 110
    assert all(json.loads(line.strip().rstrip(",")) for line in card_lines)


def test_cards_every_copy_of_a_type_is_the_same_card() -> None:
    cards = load_cards(None)
    by_type: dict[str, set[tuple[Any, ...]]] = {}
    for card in cards.cards:
        fields = tuple(v for k, v in vars(card).items() if k not in ("id", "name"))
        by_type.setdefault(card.type_name, set()).add(fields)
    assert all(len(variants) == 1 for variants in by_type.values())


def test_cards_pufferfish_clears_the_water_on_flip() -> None:
    puffers = [f for f in fishes(REGULAR) if f.type_name == "Pufferfish"]
    assert 1 <= len(puffers) <= 2
    for puffer in puffers:
        assert puffer.ability is not None
        assert (puffer.ability.timing, puffer.ability.effect) == ("on-flip", "clear-water")
        assert puffer.bait in (1, 2, 3) and not puffer.carp


def test_cards_carp_is_a_common_easy_regular_fish() -> None:
    cards = load_cards(None)
    carp = [cards.fish(i) for i in cards.fishing_ids if cards.carp[i]]
    assert 4 <= len(carp) <= 6
    assert {card.type_name for card in carp} == {"Carp"}
    # carp is true only for Carp
    assert all(not cards.carp[i] for i in cards.fishing_ids if cards.cards[i].type_name != "Carp")
    regular_rates = [cards.catch_rate[i] or 0 for i in cards.regular_ids]
    for card in carp:
        assert card.kind == REGULAR and card.bait == 1 and card.ability is None
        assert card.catch_rate is not None and card.catch_rate <= mean(regular_rates)
    assert not any(cards.carp[i] for i in cards.shopping_ids)


def test_cards_spear_and_flashlight_are_flip_equipment() -> None:
    by_type = {card.type_name: card for card in equipment()}
    spear, flashlight = by_type["Spear"], by_type["Flashlight"]
    assert (spear.kind, spear.effect, spear.only_action) == (FLIP, "spear", True)
    # A spear takes regular fish only: no trophy is that easy.
    assert spear.value is not None
    assert spear.value < min(f.catch_rate or 0 for f in fishes(TROPHY))
    assert (flashlight.kind, flashlight.effect, flashlight.only_action) == (
        FLIP,
        "flashlight",
        False,
    )
    assert flashlight.value is None


def test_cards_equipment_spreads_the_three_kinds() -> None:
    kinds = Counter(card.kind for card in equipment())
    assert set(kinds) == {DISCARD, FLIP, ONGOING}
    assert min(kinds.values()) >= 5
    assert [card.type_name for card in equipment() if card.only_action] == ["Spear"]


def test_cards_every_ability_and_effect_is_in_the_vocabulary() -> None:
    assert set(ABILITY_TEXT) == set(ABILITIES)
    assert set(EQUIPMENT_TEXT) == set(EQUIPMENT)
    used_abilities = set()
    for kind in (TROPHY, REGULAR):
        for fish in fishes(kind):
            if fish.ability:
                timing, needs_value = ABILITIES[fish.ability.effect]
                assert fish.ability.timing == timing, fish.name
                assert (fish.ability.value is not None) == needs_value, fish.name
                assert fish.ability.label()  # every effect has plain words
                used_abilities.add(fish.ability.effect)
    used_effects = set()
    for card in equipment():
        kinds, unit, _top = EQUIPMENT[card.effect]
        assert card.kind in kinds, card.name
        assert (card.value is not None) == (unit is not None), card.name
        assert "{" not in card.label(), card.name
        used_effects.add(card.effect)
    # The default edition uses the whole vocabulary, so the engine must implement all of it.
    assert used_abilities == set(ABILITIES)
    assert used_effects == set(EQUIPMENT)


def test_cards_trophies_are_hard_and_have_no_bait_rating() -> None:
    trophies, regulars = fishes(TROPHY), fishes(REGULAR)
    trophy_rates = [f.catch_rate or 0 for f in trophies]
    regular_rates = [f.catch_rate or 0 for f in regulars]
    assert all(9 <= rate <= 15 for rate in trophy_rates)
    assert all(2 <= rate <= 10 for rate in regular_rates)
    # On average a trophy is harder than every regular fish.
    assert mean(trophy_rates) > max(regular_rates)
    assert all(f.bait is None for f in trophies)
    assert all(load_cards(None).bait[f.id] == 0 for f in trophies)  # cannot be used as bait


def test_cards_regular_fish_easier_ones_are_weaker_bait() -> None:
    regulars = sorted(fishes(REGULAR), key=lambda f: f.catch_rate or 0)
    baits = [f.bait for f in regulars]
    assert all(b in (1, 2, 3) for b in baits)
    assert baits == sorted(b or 0 for b in baits)  # bait never falls as the catch rate rises
    assert regulars[0].bait == 1 and regulars[-1].bait == 3


def test_cards_boots_have_no_catch_rate_colour_or_bait() -> None:
    cards = load_cards(None)
    for boot in fishes(BOOT):
        assert (boot.catch_rate, boot.bait, boot.colour, boot.carp, boot.ability) == (
            None,
            None,
            -1,
            False,
            None,
        )
        assert cards.catch_rate[boot.id] is None and cards.bait[boot.id] == 0
        assert boot.label() == "boot"


def test_cards_colours_are_balanced() -> None:
    for kind in (TROPHY, REGULAR):
        counts = Counter(f.colour for f in fishes(kind))
        assert set(counts) == set(range(len(COLOURS)))
        assert max(counts.values()) - min(counts.values()) <= 1
        # and so is difficulty: each colour's mean catch rate within 1 of the others
        rates = {c: mean(f.catch_rate or 0 for f in fishes(kind) if f.colour == c) for c in counts}
        assert max(rates.values()) - min(rates.values()) <= 1.0


def test_cards_a_fair_share_have_abilities() -> None:
    trophies, regulars = fishes(TROPHY), fishes(REGULAR)
    trophy_share = sum(f.ability is not None for f in trophies) / len(trophies)
    regular_share = sum(f.ability is not None for f in regulars) / len(regulars)
    assert 0.3 <= trophy_share <= 0.5
    assert 0.15 <= regular_share <= 0.3


def test_cards_tables_match_the_cards() -> None:
    cards = load_cards(None)
    for card in cards.cards:
        assert cards.kind[card.id] == card.kind
        if isinstance(card, FishCard):
            assert cards.catch_rate[card.id] == card.catch_rate
            assert cards.bait[card.id] == (card.bait or 0)
            assert cards.colour[card.id] == card.colour
            assert cards.ability[card.id] == card.ability
        else:
            assert cards.catch_rate[card.id] is None and cards.colour[card.id] == -1
            assert cards.ability[card.id] is None and not cards.carp[card.id]
    assert cards.titles == tuple(title(card.type_name) for card in cards.cards)
    assert cards.labels == tuple(card.label() for card in cards.cards)
    assert cards.titles[cards.by_name["BlueMarlin"]] == "Blue Marlin"
    with pytest.raises(ValueError, match="is not a shopping-deck card"):
        cards.equipment(0)
    with pytest.raises(ValueError, match="is not a fishing-deck card"):
        cards.fish(cards.shopping_ids[0])


def test_cards_labels_speak_the_rulebook() -> None:
    cards = load_cards(None)
    assert cards.fish(cards.by_name["Carp#1"]).label() == "Carp (green fish, catch rate 3, bait 1)"
    assert cards.cards[cards.by_name["BlueMarlin"]].label() == (
        "Blue Marlin (blue trophy, catch rate 15)"
    )
    piranha = cards.ability[cards.by_name["Piranha"]]
    assert piranha is not None and piranha.label() == "on flip: catch rate +2 for this bite"
    assert cards.cards[cards.by_name["BaitBucket"]].label() == (
        "Bait Bucket (ongoing: announce up to 4 bait fish)"
    )


# --- another edition ----------------------------------------------------------------------------


def test_cards_another_edition_loads(tmp_path: Path) -> None:
    path = write(tmp_path, SMALL)
    cards = load_cards(path)
    assert cards.source == path and len(cards) == 12
    assert cards.names(list(cards.fishing_ids)) == [
        "Marlin",
        "Pike",
        "Dorado",
        "Carp#1",
        "Carp#2",
        "Puffer",
        "Bowfin",
        "Boot",
    ]
    assert cards.names(list(cards.shopping_ids)) == ["Spear", "Torch", "Berley", "Ruler"]
    assert cards.carp == (False,) * 3 + (True, True) + (False,) * 7
    assert cards.bait[:8] == (0, 0, 0, 1, 1, 2, 3, 0)
    assert cards.colour[:8] == (0, 1, 2, 1, 1, 2, 3, -1)
    assert cards.equipment(cards.by_name["Torch"]).only_action is False  # optional, false


def mutate(section: str, index: int, **changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(SMALL)
    item = data[section][index]
    for key, value in changes.items():
        if value is KeyError:
            item.pop(key)
        else:
            item[key] = value
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (mutate("fishing", 0, kind="shark"), "card Marlin (fishing card 1): 'kind' must be one of"),
        (mutate("fishing", 0, bait=2), "card Marlin (fishing card 1): a trophy fish has no bait"),
        (
            mutate("fishing", 1, catch_rate=0),
            "card Pike (fishing card 2): 'catch_rate' must be a whole number from 1 to 99",
        ),
        (
            mutate("fishing", 1, catch_rate="11"),
            "card Pike (fishing card 2): 'catch_rate' must be a whole number from 1 to 99",
        ),
        (
            mutate("fishing", 1, catch_rate=True),
            "card Pike (fishing card 2): 'catch_rate' must be a whole number from 1 to 99",
        ),
        (
            mutate("fishing", 1, catch_rate=KeyError),
            "card Pike (fishing card 2): 'catch_rate' must be a whole number from 1 to 99, not",
        ),
        (mutate("fishing", 1, colour="purple"), "card Pike (fishing card 2): 'colour' must be"),
        (mutate("fishing", 1, colour=None), "card Pike (fishing card 2): 'colour' must be"),
        (mutate("fishing", 1, carp=True), "card Pike (fishing card 2): only a regular fish"),
        (
            mutate("fishing", 3, bait=4),
            "card Carp (fishing card 4): 'bait' must be a whole number from 1 to 3",
        ),
        (
            mutate("fishing", 3, bait=0),
            "card Carp (fishing card 4): 'bait' must be a whole number from 1 to 3",
        ),
        (
            mutate("fishing", 4, bait=2.0),
            "card Carp (fishing card 5): 'bait' must be a whole number from 1 to 3",
        ),
        (mutate("fishing", 4, carp="yes"), "card Carp (fishing card 5): 'carp' must be true"),
        (
            mutate("fishing", 3, catchrate=3),
            "card Carp (fishing card 4): unknown field 'catchrate'",
        ),
        (mutate("fishing", 7, catch_rate=1), "card Boot (fishing card 8): a boot is always a miss"),
        (mutate("fishing", 7, colour="red"), "card Boot (fishing card 8): a boot has no 'bait'"),
        (mutate("fishing", 7, bait=1), "card Boot (fishing card 8): a boot has no 'bait'"),
        (
            mutate("fishing", 7, ability={"timing": "on-flip", "effect": "clear-water"}),
            "card Boot (fishing card 8): a boot is not a Carp and has no ability",
        ),
        (
            mutate("fishing", 5, ability={"timing": "on-flip", "effect": "inflate"}),
            "card Puffer (fishing card 6): ability: unknown effect 'inflate'",
        ),
        (
            mutate("fishing", 5, ability={"timing": "on-flip", "effect": ["clear-water"]}),
            "card Puffer (fishing card 6): ability: unknown effect a list",
        ),
        (
            mutate("fishing", 5, ability={"timing": "sometimes", "effect": "clear-water"}),
            "card Puffer (fishing card 6): 'ability.timing' must be one of on-flip",
        ),
        (
            mutate("fishing", 5, ability={"timing": "on-miss", "effect": "clear-water"}),
            "card Puffer (fishing card 6): ability: 'clear-water' has timing 'on-flip', not",
        ),
        (
            mutate(
                "fishing", 5, ability={"timing": "on-flip", "effect": "clear-water", "value": 1}
            ),
            "card Puffer (fishing card 6): ability: 'clear-water' takes no 'value'",
        ),
        (
            mutate("fishing", 5, ability={"timing": "on-flip", "effect": "clear-water", "x": 1}),
            "card Puffer (fishing card 6): ability: unknown field 'x'",
        ),
        (
            mutate("fishing", 5, ability="clear-water"),
            "card Puffer (fishing card 6): 'ability' must be an object, not the text 'clear-water'",
        ),
        (
            mutate("fishing", 6, ability={"timing": "while-in-water", "effect": "guarded"}),
            "card Bowfin (fishing card 7): ability: 'guarded' needs a whole 'value' from 1 to 99",
        ),
        (
            mutate(
                "fishing", 6, ability={"timing": "while-in-water", "effect": "guarded", "value": 0}
            ),
            "card Bowfin (fishing card 7): ability: 'guarded' needs a whole 'value' from 1 to 99",
        ),
        (mutate("fishing", 2, name="Golden Dorado"), "fishing card 3: 'name' must be a word"),
        (mutate("fishing", 2, name="Dorado#1"), "fishing card 3: 'name' must be a word"),
        (mutate("fishing", 2, name=KeyError), "fishing card 3: 'name' is missing"),
        (
            mutate("shopping", 0, only_action=False),
            "card Spear (shopping card 1): 'only_action' must be true for 'spear'",
        ),
        (
            mutate("shopping", 1, only_action=True),
            "card Torch (shopping card 2): 'only_action' must be false for 'flashlight'",
        ),
        (
            mutate("shopping", 1, only_action=1),
            "card Torch (shopping card 2): 'only_action' must be true or false",
        ),
        (
            mutate("shopping", 0, kind="ongoing"),
            "card Spear (shopping card 1): 'spear' equipment must be flip, not 'ongoing'",
        ),
        (
            mutate("shopping", 2, kind="ongoing"),
            "card Berley (shopping card 3): 'roll-bonus' equipment must be discard or flip",
        ),
        (mutate("shopping", 2, kind="red"), "card Berley (shopping card 3): 'kind' must be one of"),
        (
            mutate("shopping", 2, value=0),
            "card Berley (shopping card 3): 'roll-bonus' needs a whole 'value' from 1",
        ),
        (
            mutate("shopping", 0, value=KeyError),
            "card Spear (shopping card 1): 'spear' needs a whole 'value'",
        ),
        (
            mutate("shopping", 1, value=2),
            "card Torch (shopping card 2): 'flashlight' takes no 'value'",
        ),
        (
            mutate("shopping", 3, effect="tape"),
            "card Ruler (shopping card 4): unknown equipment effect 'tape'",
        ),
        (
            mutate("shopping", 3, colour="blue"),
            "card Ruler (shopping card 4): unknown field 'colour'",
        ),
        (mutate("shopping", 3, name=""), "shopping card 4: 'name' must be a word"),
    ],
)
def test_cards_invalid_file_names_the_card(
    tmp_path: Path, data: dict[str, Any], message: str
) -> None:
    path = write(tmp_path, data)
    with pytest.raises(AnglerError) as caught:
        load_cards(path)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_cards_steady_hand_is_a_percentage(tmp_path: Path) -> None:
    data = copy.deepcopy(SMALL)
    data["shopping"][3] = {
        "name": "Glove",
        "kind": "ongoing",
        "effect": "steady-hand",
        "value": 101,
    }
    with pytest.raises(
        AnglerError,
        match=r"card Glove \(shopping card 4\): 'steady-hand' needs a "
        r"whole 'value' from 1 to 100 \(percent\)",
    ):
        load_cards(write(tmp_path, data))
    data["shopping"][3]["value"] = 100
    assert load_cards(write(tmp_path, data, "full.json")).cards[-1].name == "Glove"


def test_cards_copies_of_a_type_must_be_the_same_card(tmp_path: Path) -> None:
    data = mutate("fishing", 4, catch_rate=4)
    with pytest.raises(AnglerError) as caught:
        load_cards(write(tmp_path, data))
    assert "copies of Carp differ (fishing card 5 is not like fishing card 4" in str(caught.value)
    data = copy.deepcopy(SMALL)
    data["shopping"][1]["name"] = "Boot"  # a fish and an equipment card cannot share a name
    with pytest.raises(
        AnglerError,
        match=r"copies of Boot differ \(shopping card 2 is not like "
        r"fishing card 8",
    ):
        load_cards(write(tmp_path, data, "boot.json"))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{not json", "is not JSON"),
        ([], "expected an object"),
        ({**SMALL, "format": "angler-crazy-fishing-cards/1"}, "'format' must be"),
        ({**SMALL, "rods": []}, "unknown field 'rods'"),
        ({**SMALL, "shopping": {}}, "'shopping' must be a list, not an object"),
        ({k: v for k, v in SMALL.items() if k != "fishing"}, "'fishing' is missing"),
        ({**SMALL, "fishing": SMALL["fishing"][:4]}, "the fishing deck needs at least 5 cards"),
        ({**SMALL, "fishing": SMALL["fishing"][1:]}, "there must be at least 3 trophy fish"),
        ({**SMALL, "shopping": SMALL["shopping"][:2]}, "the shopping deck needs at least 3 cards"),
        ({**SMALL, "fishing": [*SMALL["fishing"], 7]}, "fishing card 9: expected an object"),
    ],
)
def test_cards_invalid_file_as_a_whole(tmp_path: Path, data: Any, message: str) -> None:
    path = write(tmp_path, data)
    with pytest.raises(AnglerError, match=message) as caught:
        load_cards(path)
    assert "\n" not in str(caught.value)


def test_cards_missing_file(tmp_path: Path) -> None:
    with pytest.raises(AnglerError, match="cannot read card file"):
        load_cards(str(tmp_path / "missing.json"))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            mutate("fishing", 0, kind=["trophy"]),
            "card Marlin (fishing card 1): 'kind' must be one of",
        ),
        (
            mutate("fishing", 0, catch_rate=True),
            "'catch_rate' must be a whole number from 1 to 99, not true",
        ),
        (mutate("fishing", 0, colour={"blue": 1}), "'colour' must be one of"),
        (mutate("fishing", 0, name="Mar\nlin"), "fishing card 1: 'name' must be a word"),
        (mutate("fishing", 0, name="Mar\tlin"), "fishing card 1: 'name' must be a word"),
        (
            mutate("fishing", 5, ability={"timing": "on-flip", "effect": ["clear-water"]}),
            "card Puffer (fishing card 6): ability: unknown effect a list",
        ),
        (mutate("shopping", 3, effect=["reroll"]), "unknown equipment effect a list"),
        (mutate("shopping", 3, only_action=1), "'only_action' must be true or false"),
    ],
)
def test_cards_a_value_of_the_wrong_json_type_names_the_card(
    tmp_path: Path, data: dict[str, Any], message: str
) -> None:
    with pytest.raises(AnglerError) as caught:
        load_cards(write(tmp_path, data))
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_cards_an_ability_value_is_bounded_like_a_catch_rate(tmp_path: Path) -> None:
    data = mutate(
        "fishing", 5, ability={"timing": "while-in-water", "effect": "guarded", "value": 10**40}
    )
    with pytest.raises(AnglerError, match="'guarded' needs a whole 'value' from 1 to 99"):
        load_cards(write(tmp_path, data))
