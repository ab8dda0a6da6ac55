"""The heuristic agent: each game's rule-of-thumb player, from its view alone."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from angler.agents import agent_seed, make_agent
from angler.core import AnglerError, make_game
from angler.core.view import View
from angler.sim.simulate import play_game


class Checked:
    """Wraps an agent: every answer must be one of the legal actions it was given."""

    def __init__(self, seed: int, game_name: str, players: int) -> None:
        self.game = make_game(game_name, players)
        self.agent = make_agent("heuristic", seed, self.game)
        self.name = self.agent.name
        self.needs_view = self.agent.needs_view
        self.answers = 0

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        before = list(legal)
        action = self.agent.act(view, legal)
        assert action in legal
        assert list(legal) == before
        self.answers += 1
        return action


@pytest.mark.parametrize("players", [2, 3, 4])
def test_flip_and_fish_heuristic_plays_only_legal_actions_and_wins_games(players: int) -> None:
    game = make_game("flip-and-fish", players)
    for seed in range(4):
        agents = [Checked(agent_seed(seed, s), "flip-and-fish", players) for s in range(players)]
        state = play_game(game.new_state(seed), agents)
        assert state.is_terminal() and sum(a.answers for a in agents) == len(state.history)


def test_flip_and_fish_heuristic_beats_random_players() -> None:
    game = make_game("flip-and-fish", 3)
    wins = 0
    for seed in range(12):
        agents = [
            make_agent("heuristic", agent_seed(seed, 0), game),
            make_agent("random", agent_seed(seed, 1), game),
            make_agent("random", agent_seed(seed, 2), game),
        ]
        wins += play_game(game.new_state(seed), agents).winners() == [0]
    assert wins >= 10  # par is 4 of 12; in a 100-game run the heuristic won every game


def test_flip_and_fish_heuristic_decides_from_the_view_alone() -> None:
    """Two states that show seat 0 the same view (re-deals of its hidden cards) get the same
    answer from agents with the same seed."""
    game = make_game("flip-and-fish", 3)
    state = game.new_state(5)
    rng = random.Random(5)
    for _ in range(60):
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        if seat == 0:
            view = state.view(0)
            twin = game.determinise(view, random.Random(rng.random()))
            a = make_agent("heuristic", 9, game).act(view, legal)
            b = make_agent("heuristic", 9, game).act(twin.view(0), twin.legal_actions(0))
            assert a == b
        state.apply_action(legal[int(rng.random() * len(legal))], seat)


def test_the_heuristic_agent_names_a_game_it_cannot_play_yet() -> None:
    with pytest.raises(AnglerError, match="no policy for fishing"):
        make_agent("heuristic", 1, make_game("fishing", 4))
