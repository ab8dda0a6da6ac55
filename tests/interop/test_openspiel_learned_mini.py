"""The learned baseline's value against the heuristic, computed exactly where the game is small
enough: in Crazy Fishing's mini, the shipped ``ppo`` policy gains what a best response to the
heuristic gains, in either seat (docs/interop.md, "A learned baseline")."""

from __future__ import annotations

import pyspiel
import pytest
from open_spiel.python.algorithms import expected_game_score, exploitability

from angler.interop import openspiel  # noqa: F401  (registers the games)
from angler.interop.openspiel_policy import AgentPolicy


def test_ppo_beats_the_heuristic_exactly_in_either_seat_of_crazy_fishing_s_mini() -> None:
    game = pyspiel.load_game("python_angler_crazy_fishing", {"size": "mini"})
    ppo, heuristic = AgentPolicy(game, "ppo"), AgentPolicy(game, "heuristic")
    even = expected_game_score.policy_value(game.new_initial_state(), [heuristic, heuristic])
    assert list(even) == pytest.approx([0.5, 0.5])
    first = expected_game_score.policy_value(game.new_initial_state(), [ppo, heuristic])
    second = expected_game_score.policy_value(game.new_initial_state(), [heuristic, ppo])
    # 0.5389 in each seat (measured), against the heuristic's own 0.5 there.
    assert first[0] == pytest.approx(0.538889, abs=1e-5)
    assert second[1] == pytest.approx(0.538889, abs=1e-5)
    # What a best response to the heuristic gains in each seat: ppo has found it.
    gains = exploitability.nash_conv(game, heuristic, return_only_nash_conv=False)
    assert list(gains.player_improvements) == pytest.approx([first[0] - 0.5, second[1] - 0.5])
