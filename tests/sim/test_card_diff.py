"""What changed between two card files: every card and rule value that differs, named as the file
names it."""

from __future__ import annotations

import json
from pathlib import Path

from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.sim.card_diff import card_file_changes, changed_cards

CRAZY = json.loads(Path(CrazyFishingGame(2).cards.source).read_text())


def changed(edit: object) -> list[str]:
    b = json.loads(json.dumps(CRAZY))
    edit(b)  # type: ignore[operator]
    return [change.text for change in card_file_changes(CRAZY, b)]


def test_the_same_file_has_no_changes() -> None:
    assert card_file_changes(CRAZY, json.loads(json.dumps(CRAZY))) == []


def test_a_rule_value_is_named_by_its_path_in_the_file() -> None:
    def wider(b: dict) -> None:  # type: ignore[type-arg]
        b["sea"]["scatter_mm_per_sqrt_card"] = 60

    assert changed(wider) == ["sea.scatter_mm_per_sqrt_card: 29 → 60"]


def test_a_card_is_found_by_name_wherever_it_moved_in_its_list() -> None:
    def moved(b: dict) -> None:  # type: ignore[type-arg]
        b["fish"].reverse()

    assert changed(moved) == []


def test_a_change_to_every_copy_of_a_card_is_said_once() -> None:
    def bigger(b: dict) -> None:  # type: ignore[type-arg]
        for fish in b["fish"]:
            if fish["name"] == "F6":
                fish["size"] = 9

    assert changed(bigger) == ["fish: F6 (every copy): size 6 → 9"]


def test_removing_one_copy_leaves_the_other_copies_unchanged() -> None:
    def fewer(b: dict) -> None:  # type: ignore[type-arg]
        b["rods"].pop(0)

    texts = changed(fewer)
    assert len(texts) == 1 and texts[0].startswith("rods: R1+: a copy removed, copies 3 → 2 (")


def test_cards_added_removed_and_nested_fields_are_named() -> None:
    a = {"cards": [{"name": "G1", "value": 1, "ability": {"effect": "x"}}, {"name": "G2"}]}
    b = {"cards": [{"name": "G1", "value": 30, "ability": {"effect": "y"}}, {"name": "G3"}]}
    changes = card_file_changes(a, b)
    assert [change.text for change in changes] == [
        "cards: G1: value 1 → 30, ability.effect x → y",
        "cards: G2 removed",
        "cards: G3 added",
    ]
    assert changed_cards(changes) == ["G1", "G2", "G3"]
