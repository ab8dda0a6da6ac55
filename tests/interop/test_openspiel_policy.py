"""The heuristic player as an OpenSpiel policy: OpenSpiel's exact tools measure it on the small
variants (docs/interop.md, "Small variants")."""

from __future__ import annotations

import pyspiel
import pytest
from open_spiel.python.algorithms import expected_game_score, exploitability

from angler.core.errors import AnglerError
from angler.interop import openspiel  # noqa: F401  (registers the games)
from angler.interop.openspiel_policy import AgentPolicy


def test_the_policy_plays_the_heuristics_move_from_the_seats_view() -> None:
    game = pyspiel.load_game("python_angler_crazy_fishing", {"size": "mini"})
    state = game.new_initial_state()
    state.apply_action(5)
    policy = AgentPolicy(game)
    position = state.position
    seat = state.current_player()
    move = game.configuration.game.search.heuristic().act(
        position.view(seat), position.state.legal_actions(seat)
    )
    index = game.configuration.encoding.action_index(position.view(seat), move)
    assert policy.action_probabilities(state) == {index: 1.0}
    assert index in state.legal_actions()
    with pytest.raises(AnglerError, match="angler game"):
        policy.action_probabilities(pyspiel.load_game("kuhn_poker").new_initial_state())


def test_a_searching_agent_is_a_policy_only_with_a_counted_budget() -> None:
    game = pyspiel.load_game("python_angler_fishing", {"size": "mini"})
    for timed in ("ismcts", "ismcts:0.1s", "normal"):
        with pytest.raises(AnglerError, match="searches by the clock"):
            AgentPolicy(game, timed)
    policy = AgentPolicy(game, "ismcts:50it", seed=3)
    state = game.new_initial_state()
    state.apply_action(41)
    first = policy.action_probabilities(state)
    again = AgentPolicy(game, "ismcts:50it", seed=3).action_probabilities(state)
    assert first == again and list(first.values()) == [1.0]  # one move, the same each time


def test_the_fishing_minis_heuristic_is_measured_exactly() -> None:
    """NashConv 0.044: a best response gains 0.033 in seat 0, 0.011 in seat 1, nothing in seat
    2; in self-play the seats win 0.433, 0.322 and 0.244 (docs/interop.md)."""
    game = pyspiel.load_game("python_angler_fishing", {"size": "mini"})
    policy = AgentPolicy(game)
    measured = exploitability.nash_conv(game, policy, return_only_nash_conv=False)
    assert measured.nash_conv == pytest.approx(0.0444444, abs=1e-6)
    assert list(measured.player_improvements) == pytest.approx(
        [0.0333333, 0.0111111, 0.0], abs=1e-6
    )
    values = expected_game_score.policy_value(game.new_initial_state(), [policy] * 3)
    assert list(values) == pytest.approx([0.4333333, 0.3222222, 0.2444444], abs=1e-6)


@pytest.mark.slow  # walks the Python game's whole tree: about 7 s
def test_the_crazy_fishing_minis_heuristic_is_measured_exactly() -> None:
    """NashConv 0.078, a best response gaining 0.039 in either seat; the heuristic against
    itself wins half the games in each seat (docs/interop.md)."""
    game = pyspiel.load_game("python_angler_crazy_fishing", {"size": "mini"})
    policy = AgentPolicy(game)
    measured = exploitability.nash_conv(game, policy, return_only_nash_conv=False)
    assert measured.nash_conv == pytest.approx(0.0777778, abs=1e-6)
    assert list(measured.player_improvements) == pytest.approx([0.0388889, 0.0388889], abs=1e-6)
    values = expected_game_score.policy_value(game.new_initial_state(), [policy] * 2)
    assert list(values) == pytest.approx([0.5, 0.5], abs=1e-6)
