"""Every game has a how-to-play page for people (the ``r`` key), shipped inside the wheel."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from angler.core.docs import read_doc
from angler.core.registry import all_games

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_each_game_has_a_how_to_play_page_in_a_players_words(name: str) -> None:
    page = read_doc("howto", name)
    assert page is not None and page.startswith("# How to play ")
    for part in ("## Setting up", "## Playing it in angler"):
        assert part in page
    # Written for players: no test names, exception names or source paths.
    assert not re.search(r"test_\w+|\w+Error\b|src/angler", page)


def test_the_how_to_play_pages_are_packaged_with_the_wheel() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included["docs/howto"] == "angler/docs/howto"
