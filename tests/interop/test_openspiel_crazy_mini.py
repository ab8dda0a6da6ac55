"""Crazy Fishing's small variant (``size=mini``) in OpenSpiel: its chance is explicit (the
deals at a root chance node), ``random_sim_test`` serialises every state, and CFR's NashConv
falls on its tree (docs/interop.md, "Small variants")."""

from __future__ import annotations

import pickle
from typing import Any

import pyspiel
import pytest
from tests.interop.cfr import nash_convs

from angler.interop import openspiel

DEALS = 180  # 30 splits of the rods, 3 of the baits by kind, 2 rows of fish


def load_mini() -> Any:
    return pyspiel.load_game("python_angler_crazy_fishing", {"size": "mini"})


def test_the_mini_game_declares_explicit_chance_with_its_deals() -> None:
    game = load_mini()
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 2 and game.max_chance_outcomes() == DEALS
    assert game.max_game_length() == 8  # two rounds of 2 casts and 2 fish choices
    root = game.new_initial_state()
    assert root.is_chance_node()
    outcomes = root.chance_outcomes()
    assert [action for action, _ in outcomes] == list(range(DEALS))
    assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
    full = pyspiel.load_game("python_angler_crazy_fishing", {"players": 2})
    assert full.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC


def test_random_sim_test_passes_with_serialize_on_the_mini_game() -> None:
    pyspiel.random_sim_test(load_mini(), num_sims=10, serialize=True, verbose=False)


def test_a_mini_state_pickles_as_its_deal_and_actions() -> None:
    game = load_mini()
    state = game.new_initial_state()
    state.apply_action(77)
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    twin = game.deserialize_state(state.serialize())
    assert str(twin) == str(state) and twin.history() == state.history()
    assert pickle.loads(pickle.dumps(state.position)).deal == 77


@pytest.mark.slow  # the tree's export through the Python game: about 15 s
def test_cfr_drives_the_mini_games_nash_conv_down() -> None:
    """The mini tree as EFG is an OpenSpiel C++ game of 105,060 decision nodes and 46,320
    terminals. CFR's average policy after one iteration is the uniform one (NashConv 0.370);
    after 10 it is 0.089, after 100 0.009 (measured: docs/interop.md)."""
    text = openspiel.efg_text(load_mini())
    assert (text.count("\np "), text.count("\nt ")) == (105_060, 46_320)
    tree = pyspiel.load_efg_game(text)
    assert tree.num_players() == 2 and tree.max_chance_outcomes() == DEALS
    uniform, after = nash_convs(tree, 10)
    assert uniform == pytest.approx(0.3703704, abs=1e-6)
    assert after < uniform / 4
