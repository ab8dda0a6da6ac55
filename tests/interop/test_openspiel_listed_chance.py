"""Chance nodes after the deal: a game whose chance events list their outcomes
(``Game.chance_events_listed``; here the test dice game, tests/interop/dice_game.py) is seen by
OpenSpiel with a chance node at each die roll, its outcomes' probabilities exact, and its
states serialise (docs/interop.md, "Small variants")."""

from __future__ import annotations

import itertools
from typing import Any

import pyspiel
import pytest
from open_spiel.python import policy as spiel_policy
from open_spiel.python.algorithms import expected_game_score
from tests.interop.dice_game import DIE, ROLL, STAY, DiceGame

from angler.core.chance import Chance, ChanceNeeded, ExplicitChanceError
from angler.interop import openspiel

CHANCE = pyspiel.PlayerId.CHANCE


def load_dice() -> Any:
    return openspiel.load(DiceGame())


def test_a_listed_chance_event_is_a_chance_node_with_its_outcomes() -> None:
    game = load_dice()
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 6  # the deals; the die has 3
    state = game.new_initial_state()
    state.apply_action(0)  # the deal: cards 1, 2 (3 hidden)
    assert state.current_player() == 0
    state.apply_action(ROLL)
    assert state.is_chance_node() and not state.is_terminal()
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.25), (2, 0.25)]
    assert state.legal_actions() == [0, 1, 2]
    assert state.action_to_string(CHANCE, 2) == "chance outcome [2]"
    with pytest.raises(pyspiel.SpielError, match="outcomes are 0 to 2"):
        state.apply_action(3)
    state.apply_action(2)
    assert state.current_player() == 1
    assert state.position.state.score == [2, 0]
    state.apply_action(STAY)
    assert state.current_player() == 0  # staying draws nothing: no chance node


def test_random_sim_test_passes_with_serialize() -> None:
    pyspiel.random_sim_test(load_dice(), num_sims=20, serialize=True, verbose=False)


def test_a_state_waiting_for_an_outcome_serialises() -> None:
    game = load_dice()
    state = game.new_initial_state()
    for action in (3, ROLL, 1, ROLL, 2, ROLL):
        state.apply_action(action)
    assert state.is_chance_node()
    twin = game.deserialize_state(state.serialize())
    assert twin.is_chance_node() and str(twin) == str(state)
    assert twin.chance_outcomes() == state.chance_outcomes()
    for each in (state, twin):
        each.apply_action(1)
    assert str(twin) == str(state) and twin.history() == state.history()
    assert twin.position.state.score == state.position.state.score == [2, 2]


def test_the_tree_holds_every_roll() -> None:
    """Per deal, each of the 4 turns branches 4 ways (stay, or a roll's 3 outcomes): 256
    terminals; a roll decision is followed by its chance node (85 decisions a deal)."""
    text = openspiel.efg_text(load_dice())
    assert text.count("\nt ") == 6 * 4**4
    assert text.count("\nc ") == 1 + 6 * (1 + 4 + 16 + 64)
    assert '"chance outcome [2]" 0.25' in text
    tree = pyspiel.load_efg_game(text)
    assert tree.num_players() == 2


def test_openspiels_exact_value_weighs_the_outcomes_by_their_probabilities() -> None:
    """Seat 0 always rolls, seat 1 always stays: OpenSpiel's exact value of that pair of policies
    on the adapter's tree equals the value summed by hand over the deals and the dice."""
    game = load_dice()

    class Always(spiel_policy.Policy):  # type: ignore[misc]
        def action_probabilities(self, state: Any, player_id: Any = None) -> dict[int, float]:
            return {ROLL if state.current_player() == 0 else STAY: 1.0}

    always = Always(game, [0, 1])
    measured = expected_game_score.policy_value(game.new_initial_state(), [always, always])
    expected = 0.0
    for cards in itertools.permutations((1, 2, 3)):
        for first, second in itertools.product(DIE, DIE):
            probability = first[0] * second[0] / 6
            mine, theirs = cards[0] + first[1][0] + second[1][0], cards[1]
            expected += probability * (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
    assert measured[0] == pytest.approx(expected) and measured[1] == pytest.approx(1 - expected)


def test_a_chance_asked_lists_an_events_outcomes_or_refuses() -> None:
    chance = Chance(7)
    chance.asked = True
    with pytest.raises(ChanceNeeded) as event:
        chance.outcome(lambda rng: [0], lambda: DIE)
    assert event.value.outcomes == DIE
    with pytest.raises(ExplicitChanceError, match="does not list its outcomes"):
        chance.outcome(lambda rng: [0])
    with pytest.raises(ExplicitChanceError, match="shuffle"):
        chance.shuffle([1, 2, 3])
    chance.force_outcomes([[2]])
    assert chance.outcome(lambda rng: [0], lambda: DIE) == [2]  # a forced outcome is taken
    chance.asked = False
    assert chance.outcome(lambda rng: [5], lambda: DIE) == [5]  # not asked: drawn
