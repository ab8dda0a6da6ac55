"""The JSON Schemas in docs/schemas are the ones the models give, and every bundled card file and
documented record is valid by its model."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from angler.core.registry import all_games, make_game
from angler.core.schemas import main, models, texts
from angler.testing import play_random, policy

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = ROOT / "docs" / "schemas"


def bundled_card_files() -> dict[str, Path]:
    """Each schema name of a card file, and the game's bundled card file."""
    files = {}
    for cls in all_games():
        if cls.card_file_model is not None:
            game: Any = make_game(cls.name)  # a game with card files has a card set
            cards = game.cards
            files[f"{cls.name}-cards"] = Path(cards.source)
    return files


CARD_FILES = bundled_card_files()


@pytest.mark.parametrize("name", sorted(texts()))
def test_each_published_schema_is_the_one_its_model_gives(name: str) -> None:
    assert (PUBLISHED / name).read_text(encoding="utf-8") == texts()[name], (
        "regenerate with: python -m angler.core.schemas"
    )


def test_no_schema_is_published_that_no_model_gives() -> None:
    assert {path.name for path in PUBLISHED.glob("*.json")} == set(texts())


def test_a_schema_is_published_for_records_and_each_games_card_files_and_setups() -> None:
    games = {"fishing-cards", "crazy-fishing-cards", "flip-and-fish-cards"}
    setups = {f"{cls.name}-setup" for cls in all_games() if getattr(cls, "setup_model", None)}
    assert set(models()) == {"record", *CARD_FILES, *setups} and games <= set(CARD_FILES)
    assert {"fishing-setup", "crazy-fishing-setup", "flip-and-fish-setup"} <= setups


@pytest.mark.parametrize("name", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_a_position_written_by_setup_of_is_valid_by_its_setup_schema_model(name: str) -> None:
    game = make_game(name)
    state = game.new_state(3)
    play_random(state, policy(3, "schema"), steps=40)
    setup = json.loads(json.dumps(game.setup_of(state)))
    models()[f"{name}-setup"].model_validate(setup, strict=True)


@pytest.mark.parametrize("name", sorted(CARD_FILES))
def test_each_bundled_card_file_is_valid_by_its_model(name: str) -> None:
    data = json.loads(CARD_FILES[name].read_text(encoding="utf-8"))
    models()[name].model_validate(data, strict=True)


def test_the_golden_record_is_valid_by_the_record_model() -> None:
    golden = ROOT / "tests" / "conformance" / "golden" / "fishing-4p-seed1.json"
    models()["record"].model_validate(json.loads(golden.read_text(encoding="utf-8")), strict=True)


def test_the_module_writes_the_schemas_and_check_finds_a_stale_one(tmp_path: Path) -> None:
    assert main(["--check", str(tmp_path)]) == 1  # none written yet
    assert main([str(tmp_path)]) == 0
    assert main(["--check", str(tmp_path)]) == 0
    (tmp_path / "record.schema.json").write_text("{}", encoding="utf-8")
    assert main(["--check", str(tmp_path)]) == 1
