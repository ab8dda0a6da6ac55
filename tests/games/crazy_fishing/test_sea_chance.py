"""The sea's scatter is a chance event of the state's Chance: seeds scatter the sea exactly as
before it was (so saved records replay unchanged), and a record may state where the fish fell."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from tests.typed import replay_as

from angler.core import Game, RecordError
from angler.core.records import record_of, replay
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.crazy_fishing.rules import CrazyFishingState
from angler.testing import choose, policy

ALL_OOS = {"out_of_series": "all", "oos_rods": True}


def fingerprint(game: CrazyFishingGame, seed: int) -> tuple[str, list[int]]:
    """A digest of the sea, hands and piles after every step of a seeded random game."""
    state = game.new_state(seed)
    rng = policy(seed, "scatter-pin")
    digest = hashlib.sha256()
    while not state.is_terminal():
        seat, action = choose(state, rng)
        state.apply_action(action, seat)
        seen = (state.sea_card, state.sea.xs, state.sea.ys, state.hands, state.piles)
        digest.update(repr(seen).encode())
    return digest.hexdigest()[:16], state.scores()


# Taken with the raw generator the scatter used before it became a logged outcome.
BEFORE = [
    ({}, 2, "afc0c9efd6384389", [47, 20]),
    ({}, 4, "3a58158845f985c6", [50, 29, 3, 6]),
    ({}, 6, "ff97612538f2f41a", [22, 4, 7, 24, 7, 14]),
    (ALL_OOS, 2, "3e80f9412fa1aa27", [46, 0]),
    (ALL_OOS, 4, "dd1b383e3292a0d7", [4, 37, 0, 30]),
    (ALL_OOS, 6, "7430439b9eed83fb", [4, 21, 9, 1, 18, 15]),
]


@pytest.mark.parametrize(("options", "players", "digest", "scores"), BEFORE)
def test_a_seed_scatters_the_sea_as_before_the_scatter_was_logged(
    options: dict[str, Any], players: int, digest: str, scores: list[int]
) -> None:
    assert fingerprint(CrazyFishingGame(players, **options), 3) == (digest, scores)


HANDS = [["R2#1", "B3#1"], ["R4#1", "B4#1"], ["R5#1", "B5#1"]]


@pytest.mark.parametrize(
    ("setup", "digest"),
    [
        ({"hands": HANDS}, "2dd809d4ec7ccf74"),
        ({"hands": HANDS, "sea": ["F3#1", "F6#1", "Boot#1"]}, "4c626aebc3dca43a"),
    ],
)
def test_a_setup_deals_what_it_leaves_out_as_before(setup: dict[str, Any], digest: str) -> None:
    state = CrazyFishingGame(3).state_from_setup(setup, 9)
    laid = (state.sea_card, state.sea.xs, state.sea.ys, state.rod_deck, state.bait_deck)
    assert hashlib.sha256(repr(laid).encode()).hexdigest()[:16] == digest


def _first_scatter(game: Game[Any, Any], seed: int) -> tuple[list[tuple[int, int]], int, list[int]]:
    """A seeded game's history, the index of the first action that scatters the sea again, and
    that scatter's outcome."""
    state = game.new_state(seed)
    rng = policy(seed, "scatter-record")
    played: list[tuple[int, int]] = []
    state.chance.outcomes = []
    while not state.is_terminal():
        seat, action = choose(state, rng)
        state.apply_action(action, seat)
        played.append((seat, action))
        if state.chance.outcomes:
            return played, len(played) - 1, state.chance.outcomes[0]
    raise AssertionError("no scatter in this game")


def test_a_record_states_the_sea_a_scatter_laid() -> None:
    """A record of a real table gives the sea after Turbulent Bait or Sustainable Fishing as
    the action's outcome, [fish, x, y] per spot from the bottom up; the replay lays exactly it."""
    game = CrazyFishingGame(2, **ALL_OOS)
    played, index, drawn = _first_scatter(game, 3)
    state = game.new_state(3)
    for seat, action in played:
        state.apply_action(action, seat)
    fish = drawn[0::3][::-1]  # another order, other places
    stated = [value for spot, card in enumerate(fish) for value in (card, 100 * spot, -spot)]
    record = record_of(state)
    record.actions[index]["outcomes"] = [stated]
    replayed = replay_as(CrazyFishingState, record)
    assert replayed.sea_card == fish
    assert list(replayed.sea.xs) == [100 * spot for spot in range(len(fish))]
    assert list(replayed.sea.ys) == [-spot for spot in range(len(fish))]


def test_a_stated_scatter_of_other_fish_fails_its_step() -> None:
    game = CrazyFishingGame(2, **ALL_OOS)
    played, index, drawn = _first_scatter(game, 3)
    state = game.new_state(3)
    for seat, action in played:
        state.apply_action(action, seat)
    record = record_of(state)
    record.actions[index]["outcomes"] = [drawn[:-3]]  # one fish short
    with pytest.raises(RecordError, match=rf"step {index + 1}: .*a sea scatter outcome is"):
        replay(record)


def test_crazy_fishing_records_leave_the_seeded_scatters_out() -> None:
    """A seeded record needs no outcomes: its seed lays the same sea again."""
    game = CrazyFishingGame(2, **ALL_OOS)
    played, _, _ = _first_scatter(game, 3)
    state = game.new_state(3)
    for seat, action in played:
        state.apply_action(action, seat)
    record = record_of(state)
    assert not any("outcomes" in entry for entry in record.actions)
    assert replay(record).view(0) == state.view(0)
