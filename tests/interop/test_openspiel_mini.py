"""Fishing's small variant (``size=mini``) in OpenSpiel: its chance is explicit (the deals at a
root chance node), so ``random_sim_test`` serialises every state, the game tree is small enough
to list, and CFR's NashConv falls on it (docs/interop.md, "Small variants")."""

from __future__ import annotations

import pickle
from typing import Any

import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, exploitability, get_all_states
from tests.interop.cfr import nash_convs

from angler.core import make_game
from angler.interop import openspiel

MINI = {"players": 3, "size": "mini"}
DEALS = 90  # 6 starting cards into 3 hands of 2: 6! / (2! 2! 2!)


def load_mini() -> Any:
    return pyspiel.load_game("python_angler_fishing", MINI)


def test_the_mini_game_declares_explicit_chance_with_its_deals() -> None:
    game = load_mini()
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == DEALS
    root = game.new_initial_state()
    assert root.is_chance_node() and root.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = root.chance_outcomes()
    assert [action for action, _ in outcomes] == list(range(DEALS))
    assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
    assert root.legal_actions() == list(range(DEALS))
    assert root.action_to_string(pyspiel.PlayerId.CHANCE, 7) == "deal 7"
    # Without a player count the mini takes its own, 3.
    assert pyspiel.load_game("python_angler_fishing", {"size": "mini"}).num_players() == 3
    # The full game keeps sampled chance.
    full = pyspiel.load_game("python_angler_fishing", {"players": 3})
    assert full.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC


def test_the_deals_are_the_distinct_splits_of_the_starting_cards() -> None:
    game = make_game("fishing", 3, size="mini")
    deals = game.chance_deals()
    assert deals is not None and len(deals) == DEALS
    hands = {tuple(tuple(sorted(hand)) for hand in setup["hands"]) for _, setup in deals}
    assert len(hands) == DEALS
    assert make_game("fishing", 3).chance_deals() is None  # the full game draws as it goes


def test_random_sim_test_passes_with_serialize_on_the_mini_game() -> None:
    pyspiel.random_sim_test(load_mini(), num_sims=10, serialize=True, verbose=False)


def test_a_mini_state_pickles_as_its_deal_and_actions() -> None:
    game = load_mini()
    state = game.new_initial_state()
    again = pickle.loads(pickle.dumps(state.position))
    assert again.dealing
    state.apply_action(41)
    for _ in range(4):
        state.apply_action(state.legal_actions()[-1])
    twin = game.deserialize_state(state.serialize())
    assert str(twin) == str(state) and twin.history() == state.history()
    assert twin.position.deal == 41


@pytest.mark.slow  # lists every history through the Python game: about 3 s alone
def test_the_mini_game_tree_is_small() -> None:
    states = get_all_states.get_all_states(
        load_mini(),
        depth_limit=-1,
        include_terminals=True,
        include_chance_states=True,
        to_string=lambda state: state.history_str(),
    )
    assert len(states) == 14_779  # docs/interop.md, "Small variants"
    assert sum(state.is_terminal() for state in states.values()) == 2_664


@pytest.mark.slow  # the tree's export (about 3 s) and 50 iterations of C++ CFR (about 5 s)
def test_cfr_drives_the_mini_games_nash_conv_down() -> None:
    """The mini tree, written as EFG, is an OpenSpiel C++ game: CFR's average policy after one
    iteration is the uniform one (NashConv 0.238); after 50, NashConv is 50 times smaller
    (0.0048, measured). The Python ``cfr.CFRSolver`` on the Python game gives the same numbers
    (measured to 50 iterations: docs/interop.md), in minutes instead of seconds."""
    tree = pyspiel.load_efg_game(openspiel.efg_text(load_mini()))
    assert tree.num_players() == 3 and tree.max_chance_outcomes() == DEALS
    uniform, after = nash_convs(tree, 50)
    assert uniform == pytest.approx(0.2381944, abs=1e-6)
    assert after < uniform / 20


def test_only_a_game_with_explicit_chance_has_a_tree() -> None:
    with pytest.raises(Exception, match="explicit chance"):
        openspiel.efg_text(pyspiel.load_game("python_angler_fishing", {"players": 3}))


@pytest.mark.slow  # the export and the Python solver's set-up: about 10 s
def test_openspiels_python_cfr_solver_agrees_on_the_mini_tree() -> None:
    """OpenSpiel's Python ``cfr.CFRSolver`` on the exported tree: 5 iterations bring NashConv
    from 0.238 to 0.0478, the number the C++ solver gives, and the Python solver on the Python
    game (measured: docs/interop.md)."""
    tree = pyspiel.load_efg_game(openspiel.efg_text(load_mini()))
    solver = cfr.CFRSolver(tree)
    for _ in range(5):
        solver.evaluate_and_update_policy()
    assert exploitability.nash_conv(tree, solver.average_policy()) == pytest.approx(
        0.04775, abs=1e-5
    )
