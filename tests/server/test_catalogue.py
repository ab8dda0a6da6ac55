"""The card catalogue in payloads (``payloads.py``): a board names each card by its id, and a
socket is sent every card's facts once, as ``cards`` in a state whose ``since`` is 0 (its first);
later states leave them out, which keeps a mid-game state small."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.json_tree import board_card_ids

from angler.core import all_games, make_game
from angler.core.events import PUBLIC
from angler.core.state import State
from angler.games.fishing.game import FishingGame
from angler.server.payloads import seat_payload, spectator_payload, whole_state
from angler.testing import choose, policy

GAMES = [game.name for game in all_games()]


def played(game_name: str, moves: int, seed: int = 3) -> State[Any]:
    state = make_game(game_name).new_state(seed)
    rng = policy(seed, "catalogue")
    for _ in range(moves):
        if state.is_terminal():
            break
        seat, action = choose(state, rng)
        state.apply_action(action, seat)
    return state


@pytest.mark.parametrize("game", GAMES)
def test_the_first_state_carries_the_catalogue_and_later_ones_do_not(game: str) -> None:
    state = played(game, 20)
    catalogue = state.game.presentation.catalogue()
    told = len(state.view(0).events)
    assert told > 0 and catalogue
    first = seat_payload(state, 0, 20)
    assert first["since"] == 0 and first["cards"] == catalogue
    assert board_card_ids(first["board"]) <= set(range(len(catalogue)))
    later = seat_payload(state, 0, 20, told)
    assert later["since"] == told and "cards" not in later
    assert whole_state(first, later)["cards"] == catalogue  # the client keeps it
    watching = spectator_payload(state, 20)
    assert watching["cards"] == catalogue
    assert "cards" not in spectator_payload(state, 20, len(state.view(PUBLIC).events))


def test_a_mid_game_fishing_state_is_small() -> None:
    """A mid-game Fishing state after a move: its board holds card ids, not each card's facts
    (it was about 10 KB with them, the board 7 KB of it)."""
    state = played(FishingGame.name, 60)
    assert state.view(0).hand and not state.is_terminal()
    later = seat_payload(state, 0, 60, len(state.view(0).events) - 2)
    size = len(json.dumps(later))
    assert size < 6000, size
    board = json.dumps(later["board"])  # whole here: a socket's later states patch it
    assert len(board) < 2500, len(board)
    assert '"label"' not in board and '"effect_text"' not in board  # no card facts
