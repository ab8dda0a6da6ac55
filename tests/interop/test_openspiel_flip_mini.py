"""Flip & Fish's small variant (``size=mini``) in OpenSpiel: its chance is explicit (the deals
at a root chance node, each cast's D4 at a chance node of its own), ``random_sim_test``
serialises every state, and CFR's NashConv falls on its tree (docs/interop.md, "Small
variants")."""

from __future__ import annotations

import pickle
from typing import Any

import pyspiel
import pytest
from tests.interop.cfr import nash_convs

from angler.interop import openspiel

DEALS = 24  # the 4 fishing cards' orders


def load_mini() -> Any:
    return pyspiel.load_game("python_angler_flip_and_fish", {"size": "mini"})


def test_the_mini_game_declares_explicit_chance_with_its_deals_and_casts() -> None:
    game = load_mini()
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 2 and game.max_chance_outcomes() == DEALS
    assert game.max_game_length() == 12  # 4 turns of bait, aim and a bite's pass
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert [action for action, _ in state.chance_outcomes()] == list(range(DEALS))
    state.apply_action(0)
    state.apply_action(state.legal_actions()[0])  # fish, no bait
    state.apply_action(state.legal_actions()[0])  # cast at water card 1
    assert state.is_chance_node()  # the D4
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 4 and all(p == pytest.approx(0.25) for _, p in outcomes)
    full = pyspiel.load_game("python_angler_flip_and_fish", {"players": 2})
    assert full.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC


def test_random_sim_test_passes_with_serialize_on_the_mini_game() -> None:
    pyspiel.random_sim_test(load_mini(), num_sims=10, serialize=True, verbose=False)


def test_a_mini_state_pickles_as_its_deal_and_actions_the_die_s_faces_included() -> None:
    game = load_mini()
    state = game.new_initial_state()
    state.apply_action(5)
    while len(state.history()) < 6:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[-1][0])
        else:
            state.apply_action(state.legal_actions()[0])
    twin = game.deserialize_state(state.serialize())
    assert str(twin) == str(state) and twin.history() == state.history()
    assert pickle.loads(pickle.dumps(state.position)).deal == 5


@pytest.mark.slow  # the tree's export through the Python game: about 20 s
def test_cfr_drives_the_mini_games_nash_conv_down() -> None:
    """The mini tree as EFG is an OpenSpiel C++ game of 114,820 decision nodes, 39,353 chance
    nodes and 140,504 terminals. CFR's average policy after one iteration is the uniform one
    (NashConv 0.114); after 10 it is 0.020, after 100 0.002 (measured: docs/interop.md)."""
    text = openspiel.efg_text(load_mini())
    assert (text.count("\np "), text.count("\nc "), text.count("\nt ")) == (
        114_820,
        39_353,
        140_504,
    )
    tree = pyspiel.load_efg_game(text)
    # EFG names chance outcomes by their labels: the deals, then the D4's 4 faces at each of
    # the 2 cards from each of the 2 jetties (each its own resting point).
    assert tree.num_players() == 2 and tree.max_chance_outcomes() == DEALS + 4 * 2 * 2
    uniform, after = nash_convs(tree, 10)
    assert uniform == pytest.approx(0.1136882, abs=1e-6)
    assert after < uniform / 4
