"""Bad input found by review: each is a one-line error (status 2) or a clean re-prompt."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.core import AnglerError, OptionError, make_game

if TYPE_CHECKING:
    from tests.cli.conftest import Angler


def test_play_takes_a_unicode_digit_as_unknown_text(angler: Angler) -> None:
    run = angler(["play", "fishing", "--seed", "7"], input="²\n" + "9" * 5000 + "\nq\n")
    assert "Traceback" not in run.stdout + run.stderr
    assert run.status == 0


def test_a_card_file_that_is_not_utf8_is_one_line(angler: Angler, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe\x00")
    angler(["simulate", "fishing", "-n", "1", "--cards", bad]).assert_user_error("not UTF-8")
    angler(["simulate", "crazy-fishing", "-n", "1", "--cards", bad]).assert_user_error("not UTF-8")


@pytest.mark.parametrize("game", ["fishing", "crazy-fishing"])
@pytest.mark.parametrize("value", [5, ["x"], ""])
def test_the_cards_option_must_name_a_file(game: str, value: object) -> None:
    with pytest.raises(OptionError, match="card file"):
        make_game(game, cards=value)


def test_crazy_fishing_action_texts_are_checked() -> None:
    game = make_game("crazy-fishing", 2)
    for text in ("peek ²", "fish ²", "cast R3#1 R3#1 B4#1", "split"):
        with pytest.raises(AnglerError):
            game.action_from_string(text)


def test_a_crazy_fishing_setup_keeps_cards_in_their_zones() -> None:
    game = make_game("crazy-fishing", 2)
    hands = [["R3#1", "B4#1"], ["R4#1", "B3#1"]]
    with pytest.raises(AnglerError, match="is not a fish"):
        game.state_from_setup({"hands": hands, "sea": ["R5#1", "F4#1"]}, 1)
    with pytest.raises(AnglerError, match="cannot be in a hand"):
        game.state_from_setup({"hands": [["F4#1", "B4#1"], ["R4#1", "B3#1"]]}, 1)


def test_a_fishing_setup_redeals_after_ocean_draws() -> None:
    game = make_game("fishing", 3)
    state = game.state_from_setup({"hands": [["G16"], ["G15"], ["G14"]]}, 1)
    for text in ("play G16", "play G15", "play G14"):
        state.apply(text)
    assert state.round == 2
    for seat in range(3):
        view = state.view(seat)
        assert game.search.determinise(view, random.Random(seat)).view(seat) == view
        for other in range(3):
            for card in state.hands[other]:
                assert state.may_hold[other] >> card & 1  # public memory stays sound


def test_crazy_fishing_csv_has_no_repeated_column(angler: Angler, tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    assert angler(["simulate", "crazy-fishing", "-n", "2", "--out", out]).status == 0
    header = out.read_text().splitlines()[0].split(",")
    assert len(header) == len(set(header))
