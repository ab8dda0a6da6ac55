"""Games register themselves; the framework validates names, player counts and options."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from angler.core import (
    AnglerError,
    Game,
    OptionError,
    UnknownGameError,
    all_games,
    get_game,
    make_game,
    registry,
)
from angler.core.game import Option
from angler.core.state import State
from angler.core.view import View


def test_fishing_registers_itself() -> None:
    names = [cls.name for cls in all_games()]
    assert "fishing" in names
    assert names == sorted(names)
    assert get_game("fishing").name == "fishing"


def test_an_unknown_game_is_refused_with_the_list_of_games() -> None:
    with pytest.raises(UnknownGameError) as caught:
        get_game("chess")
    message = str(caught.value)
    assert "chess" in message
    for cls in all_games():
        assert cls.name in message
    assert "\n" not in message


def test_make_game_refuses_an_unknown_game_too() -> None:
    with pytest.raises(UnknownGameError, match="fishin"):
        make_game("fishin", 4)


def test_unknown_game_error_is_an_angler_error() -> None:
    assert issubclass(UnknownGameError, AnglerError)
    assert issubclass(OptionError, AnglerError)


@pytest.mark.parametrize("players", [0, 1, 2, 6, -4])
def test_make_game_refuses_player_counts_outside_the_declared_range(players: int) -> None:
    with pytest.raises(OptionError, match=r"3.5 players"):
        make_game("fishing", players)


@pytest.mark.parametrize("players", ["4", 4.0, True])
def test_make_game_refuses_a_player_count_that_is_not_a_whole_number(players: object) -> None:
    with pytest.raises(OptionError):
        make_game("fishing", players)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_make_game_accepts_each_declared_player_count(players: int) -> None:
    assert make_game("fishing", players).players == players


def test_the_default_player_count_is_used_without_one() -> None:
    cls = get_game("fishing")
    assert make_game("fishing").players == cls.default_players


def test_an_unknown_option_is_refused_naming_the_options_offered() -> None:
    with pytest.raises(OptionError) as caught:
        make_game("fishing", 4, colour="blue")
    message = str(caught.value)
    assert "'colour'" in message
    assert "cards" in message  # what the game does offer


def test_options_are_recorded_with_the_player_count() -> None:
    game = make_game("fishing", 3)
    assert game.describe_options() == {"players": 3, "cards": None}


def test_an_option_value_is_read_and_checked() -> None:
    def check(value: int) -> str | None:
        return None if 1 <= value <= 8 else "must be 1 to 8"

    option = Option("rounds", 8, "rounds to play", parse=int, check=check)
    assert option.read("5") == 5
    assert option.read(3) == 3
    with pytest.raises(OptionError, match="cannot read 'x'"):
        option.read("x")
    with pytest.raises(OptionError, match="must be 1 to 8"):
        option.read("9")


def test_a_missing_card_file_is_refused_on_one_line() -> None:
    with pytest.raises(AnglerError) as caught:
        make_game("fishing", 4, cards="no-such-cards.json")
    assert "no-such-cards.json" in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("game", ["fishing", "crazy-fishing"])
@pytest.mark.parametrize("value", [5, ["x"], ""])
def test_the_cards_option_must_name_a_file(game: str, value: object) -> None:
    with pytest.raises(OptionError, match="card file"):
        make_game(game, cards=value)


class _Twin(Game[Any, Any]):
    """A game that claims Fishing's name (its hooks are never called)."""

    name = "fishing"
    title = "Another Fishing"
    summary = "A second game claiming the name."
    min_players = default_players = max_players = 2

    def new_state(self, seed: int) -> State[Any]:
        raise NotImplementedError

    def state_from_setup(self, setup: Mapping[str, Any], seed: int) -> State[Any]:
        raise NotImplementedError

    def action_to_string(self, action: int) -> str:
        raise NotImplementedError

    def action_from_string(self, text: str) -> int:
        raise NotImplementedError

    def determinise(self, view: View, rng: random.Random) -> State[Any]:
        raise NotImplementedError

    def setup_of(self, state: State[Any]) -> dict[str, Any]:
        raise NotImplementedError


def test_two_games_cannot_share_a_name(monkeypatch: pytest.MonkeyPatch) -> None:
    all_games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    with pytest.raises(ValueError, match="two games are named 'fishing'"):
        registry.register(_Twin)
    fishing = get_game("fishing")
    assert registry.register(fishing) is fishing  # registering the same class again is harmless


def test_a_registered_game_is_found_without_editing_any_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    all_games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))

    class Other(_Twin):
        name = "other-fishing"

    registry.register(Other)
    assert get_game("other-fishing") is Other
    assert Other in all_games()
    with pytest.raises(OptionError, match="2–2 players"):
        make_game("other-fishing", 3)
