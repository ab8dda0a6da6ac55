"""Each game declares its metadata once and the framework enforces it; the shipped API check
(``angler.testing.check_game``) runs end to end on every registered game."""

from __future__ import annotations

import pytest

from angler.core import OptionError, get_game, make_game
from angler.testing import check_declaration, check_game


def test_the_declaration_is_consistent_and_enforced(game_name: str) -> None:
    check_declaration(game_name)


def test_player_counts_outside_the_declared_range_are_refused(game_name: str) -> None:
    cls = get_game(game_name)
    with pytest.raises(OptionError, match=str(cls.min_players)):
        make_game(game_name, cls.min_players - 1)
    with pytest.raises(OptionError, match=str(cls.max_players)):
        make_game(game_name, cls.max_players + 1)


def test_check_game_passes_on_every_registered_game(game_name: str) -> None:
    # One seed: this proves the shipped battery runs end to end; the suite's own files run
    # each of its checks on many more seeds.
    check_game(game_name, seeds=[21])
