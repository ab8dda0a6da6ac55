"""The PettingZoo parallel environment: PettingZoo's own checks, a simultaneous choice played
in one step, the AEC environment's game from the same seed and choices, refused steps."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test
from tests.interop.fishing_encoding import GameMaker, encoded_games

from angler.core.registry import make_game
from angler.interop.pettingzoo import env
from angler.interop.pettingzoo_parallel import AnglerParallelEnv, parallel_env

GAMES = encoded_games()


def random_actions(
    table: AnglerParallelEnv, observations: dict[str, Any], rnd: random.Random
) -> dict[str, Any]:
    """A random legal index for every deciding agent; 0 for the others (never read)."""
    actions = {}
    for agent in table.agents:
        legal = np.flatnonzero(observations[agent]["action_mask"])
        actions[agent] = int(legal[rnd.randrange(len(legal))]) if len(legal) else 0
    return actions


@pytest.mark.parametrize("make", GAMES)
def test_pettingzoos_parallel_api_test_passes(make: GameMaker) -> None:
    parallel_api_test(parallel_env(make()), num_cycles=300)


@pytest.mark.parametrize("make", GAMES)
def test_the_same_seed_and_masked_choices_give_the_same_steps(make: GameMaker) -> None:
    """PettingZoo's ``parallel_seed_test`` samples actions without the masks, which a game
    with illegal moves refuses; this is its check with the masks."""
    runs = []
    for _ in range(2):
        table = parallel_env(make())
        observations, _ = table.reset(seed=21)
        rnd, seen = random.Random(21), []
        for _ in range(80):
            if not table.agents:
                break
            observations, rewards, *_ = table.step(random_actions(table, observations, rnd))
            seen.append(
                (
                    [observations[a]["observation"].tobytes() for a in table.possible_agents],
                    rewards,
                )
            )
        runs.append(seen)
    assert runs[0] == runs[1] and len(runs[0]) > 10


def test_a_secret_simultaneous_choice_is_one_step_of_all_its_choosers() -> None:
    """Crazy Fishing's cast: every seat casts in the first step, and the casts are revealed."""
    table = parallel_env("crazy-fishing", players=4)
    observations, _ = table.reset(seed=3)
    assert table.deciding() == table.possible_agents
    for agent in table.possible_agents:
        assert observations[agent]["action_mask"].any()
    before = len(table.game_state.history)
    observations, *_ = table.step(random_actions(table, observations, random.Random(1)))
    assert len(table.game_state.history) == before + 4
    assert {seat for seat, _ in table.game_state.history[before:]} == {0, 1, 2, 3}
    assert len(table.deciding()) == 1  # the catches go one at a time


@pytest.mark.parametrize("name", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_the_same_seed_and_choices_play_the_aec_environment_s_game(name: str) -> None:
    table = parallel_env(name)
    observations, _ = table.reset(seed=8)
    rnd = random.Random(8)
    while table.agents:
        actions = random_actions(table, observations, rnd)
        observations, rewards, terminations, _, infos = table.step(actions)
    played = table.game_state
    assert all(terminations.values()) and sum(rewards.values()) == pytest.approx(1.0)
    assert infos["player_0"]["scores"] == list(played.scores())

    twin = env(name)
    twin.reset(seed=8)
    moves = iter(played.history)
    for agent in twin.agent_iter():
        *_, terminated, truncated, _ = twin.last()
        if terminated or truncated:
            twin.step(None)
            continue
        seat, code = next(moves)
        assert agent == f"player_{seat}"
        view = twin.unwrapped.game_state.view(seat)
        twin.step(twin.unwrapped.encoding.action_index(view, code))
    assert twin.unwrapped.game_state.history == played.history


def test_a_deciding_seat_that_sends_nothing_or_an_illegal_index_plays_nothing() -> None:
    table = parallel_env(make_game("crazy-fishing", 3))
    observations, _ = table.reset(seed=5)
    actions = random_actions(table, observations, random.Random(5))
    del actions["player_2"]
    with pytest.raises(ValueError, match=r"^player_2 decides now and sent no action$"):
        table.step(actions)
    actions["player_2"] = int(np.flatnonzero(observations["player_2"]["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=r"^action index \d+ is not legal for player_2 now"):
        table.step(actions)
    assert table.game_state.history == []  # the legal casts before it were not played either


def test_a_waiting_seat_s_action_is_not_read() -> None:
    table = parallel_env("fishing", players=4)
    observations, _ = table.reset(seed=2)
    deciding = table.deciding()
    assert len(deciding) == 1
    actions = random_actions(table, observations, random.Random(2))
    for agent in table.agents:
        if agent not in deciding:
            actions[agent] = "not even an index"
    table.step(actions)
    assert len(table.game_state.history) == 1


def test_render_modes_and_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    table = parallel_env("flip-and-fish", render_mode="human")
    observations, _ = table.reset(seed=1)
    assert capsys.readouterr().out.strip()
    assert table.render() is None
    assert table.metadata["is_parallelizable"] is True
    rnd = random.Random(1)
    while table.agents:
        observations, *_ = table.step(random_actions(table, observations, rnd))
    with pytest.raises(RuntimeError, match="the game is over"):
        table.step({})
    with pytest.raises(ValueError, match="render_mode 'rgb_array'"):
        parallel_env("fishing", render_mode="rgb_array")
