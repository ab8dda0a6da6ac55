"""The PettingZoo adapter: PettingZoo's own checkers, seeding, rewards, simultaneous choices,
observations from a seat's view alone, and refused actions."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test
from tests.interop.fishing_encoding import GameMaker, encoded_games, stand_in_fishing

from angler.core.errors import AnglerError
from angler.core.events import PUBLIC
from angler.core.game import Game
from angler.core.registry import make_game
from angler.core.state import State
from angler.interop.common import Observer, win_shares
from angler.interop.pettingzoo import env, raw_env
from angler.tools.interop_bench import pettingzoo_steps_per_s

GAMES = encoded_games()


def play_random(table: Any, seed: int, steps: int | None = None) -> list[Any]:
    """Step ``table`` with uniformly random legal indices from ``seed``; returns what each
    step saw: (agent, observation, reward, terminated), and stops after ``steps`` decisions."""
    rnd = random.Random(seed)
    seen = []
    decisions = 0
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        seen.append((agent, observation, reward, terminated))
        if terminated or truncated:
            table.step(None)
            continue
        if steps is not None and decisions == steps:
            break
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(legal[rnd.randrange(len(legal))]))
        decisions += 1
    return seen


def same_steps(first: list[Any], second: list[Any]) -> bool:
    return len(first) == len(second) and all(
        a[0] == b[0]
        and a[2:] == b[2:]
        and all(np.array_equal(a[1][key], b[1][key]) for key in ("observation", "action_mask"))
        for a, b in zip(first, second, strict=True)
    )


@pytest.mark.parametrize("make", GAMES)
def test_pettingzoos_api_test_passes(make: GameMaker) -> None:
    api_test(env(make()), num_cycles=150)


@pytest.mark.parametrize("make", GAMES)
def test_pettingzoos_seed_test_passes(make: GameMaker) -> None:
    game = make()
    seed_test(lambda: env(game), num_cycles=150)


@pytest.mark.parametrize("make", GAMES)
def test_the_same_seed_deals_and_plays_the_same_game(make: GameMaker) -> None:
    game = make()
    table = env(game)
    table.reset(seed=11)
    first = play_random(table, 5, steps=60)
    table.reset(seed=11)
    assert same_steps(first, play_random(table, 5, steps=60))
    table.reset(seed=12)
    assert not same_steps(first, play_random(table, 5, steps=60))
    assert table.unwrapped.game_seed == 12


def test_the_deal_is_the_games_own_for_the_seed() -> None:
    game = stand_in_fishing()
    table = env(game)
    table.reset(seed=23)
    assert table.unwrapped.game_state.view(PUBLIC) == game.new_state(23).view(PUBLIC)
    assert table.unwrapped.game_state.view(0) == game.new_state(23).view(0)


def test_resets_without_a_seed_follow_the_environments_seed() -> None:
    game = stand_in_fishing()
    first, second = env(game, seed=4), env(game, seed=4)
    for _ in range(2):
        first.reset()
        second.reset()
        assert first.unwrapped.game_seed == second.unwrapped.game_seed
    other = env(game, seed=5)
    other.reset()
    assert other.unwrapped.game_seed != first.unwrapped.game_seed


@pytest.mark.parametrize("make", GAMES)
def test_rewards_come_at_the_end_as_win_shares(make: GameMaker) -> None:
    table = env(make())
    table.reset(seed=3)
    seen = play_random(table, 3)
    state = table.unwrapped.game_state
    assert state.is_terminal()
    during = [reward for _, _, reward, terminated in seen if not terminated]
    assert set(during) == {0.0}
    final = {agent: reward for agent, _, reward, terminated in seen if terminated}
    shares = win_shares(state)
    assert final == {f"player_{seat}": share for seat, share in enumerate(shares)}
    assert sum(shares) == pytest.approx(1.0)
    assert max(shares) > 0 and table.agents == []


def test_a_win_share_splits_the_victory_between_tied_seats() -> None:
    class Tied:
        game = stand_in_fishing()

        def winners(self) -> list[int]:
            return [1, 3]

    assert win_shares(Tied()) == [0.0, 0.5, 0.0, 0.5]  # type: ignore[arg-type]


@pytest.mark.parametrize("make", GAMES)
def test_agent_selection_is_the_first_deciding_seat(make: GameMaker) -> None:
    table = env(make())
    table.reset(seed=8)
    state = table.unwrapped.game_state
    rnd = random.Random(8)
    for _ in range(80):
        deciding = state.current_players()
        if not deciding:
            break
        assert table.agent_selection == f"player_{deciding[0]}"
        mask = table.observe(table.agent_selection)["action_mask"]
        view = state.view(deciding[0])
        legal = sorted(
            table.unwrapped.encoding.action_index(view, code)
            for code in state.legal_actions(deciding[0])
        )
        assert list(np.flatnonzero(mask)) == legal
        for other in range(state.game.players):
            if other not in deciding:
                assert not table.observe(f"player_{other}")["action_mask"].any()
        choices = np.flatnonzero(mask)
        table.step(int(choices[rnd.randrange(len(choices))]))


def simultaneous_position(game: Game[Any, Any]) -> tuple[int, int] | None:
    """(seed, decisions) of a random game's first simultaneous choice whose first deciding
    seat has a choice to make, or None if a few games show none."""
    for seed in range(6):
        state = game.new_state(seed)
        rnd = random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            deciding = state.current_players()
            if len(deciding) > 1 and len(state.legal_actions(deciding[0])) > 1:
                return seed, decisions
            legal = state.legal_actions(deciding[0])
            state.apply_action(legal[rnd.randrange(len(legal))], deciding[0])
            decisions += 1
    return None


def replay_to(table: Any, seed: int, decisions: int) -> State[Any]:
    """Reset ``table`` to game ``seed`` and step it through the random game's first
    ``decisions`` moves (the same random moves ``simultaneous_position`` made)."""
    table.reset(seed=seed)
    state = table.unwrapped.game_state
    encoding = table.unwrapped.encoding
    rnd = random.Random(seed)
    for _ in range(decisions):
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        code = legal[rnd.randrange(len(legal))]
        table.step(encoding.action_index(state.view(seat), code))
    return state


@pytest.mark.parametrize("make", GAMES)
def test_a_simultaneous_choice_steps_each_deciding_seat_unseen_by_the_others(
    make: GameMaker,
) -> None:
    game = make()
    found = simultaneous_position(game)
    if found is None:
        pytest.skip(f"{game.name} shows no simultaneous choice with a choice in 6 games")
    seed, decisions = found
    first, second = env(game), env(game)
    states = [replay_to(table, seed, decisions) for table in (first, second)]
    deciding = states[0].current_players()
    agent, after = f"player_{deciding[0]}", f"player_{deciding[1]}"
    assert first.agent_selection == second.agent_selection == agent
    choices = np.flatnonzero(first.observe(agent)["action_mask"])
    first.step(int(choices[0]))
    second.step(int(choices[1]))
    # The next deciding seat steps next, and what the first chose does not show to it.
    assert first.agent_selection == second.agent_selection == after
    assert states[0].history != states[1].history
    for key in ("observation", "action_mask"):
        assert np.array_equal(first.observe(after)[key], second.observe(after)[key])


@pytest.mark.parametrize("make", GAMES)
def test_observations_come_from_the_seats_view_alone(make: GameMaker) -> None:
    """Re-dealt twins (``determinise`` of a seat's view) hide other cards, yet the adapter must
    observe the seat alike in both; and the re-deals did vary what the seat cannot see."""
    game = make()
    table = env(game)
    table.reset(seed=21)
    state = table.unwrapped.game_state
    rnd = random.Random(21)
    varied = compared = 0
    for step in range(120):
        if state.is_terminal():
            break
        if step % 20 == 5:
            for seat in range(game.players):
                agent = f"player_{seat}"
                twin = game.search.determinise(state.view(seat), random.Random(f"{step}/{seat}"))
                mine, theirs = (
                    table.observe(agent),
                    Observer(table.unwrapped.encoding).observe(twin, seat),
                )
                for key in ("observation", "action_mask"):
                    assert np.array_equal(mine[key], theirs[key]), (step, seat, key)
                compared += 1
                # The twin differs in what the seat cannot see: another seat's view, or what
                # no seat sees (Flip & Fish's face-down water cards).
                varied += game.setup_of(twin) != game.setup_of(state)
        seat = state.current_players()[0]
        legal = np.flatnonzero(table.observe(f"player_{seat}")["action_mask"])
        table.step(int(legal[rnd.randrange(len(legal))]))
    assert compared and varied, (compared, varied)


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (-1, "action index -1 is out of range (0 to"),
        (10**6, "action index 1000000 is out of range"),
        ("play", "action 'play' is not an action index"),
        (True, "action True is not an action index"),
        (2.0, "action 2.0 is not an action index"),
    ],
)
def test_an_action_that_is_no_index_is_refused_in_one_line(action: object, words: str) -> None:
    table = env(stand_in_fishing())
    table.reset(seed=1)
    with pytest.raises(ValueError, match="^" + words.replace("(", r"\(")) as caught:
        table.step(action)
    assert "\n" not in str(caught.value)
    assert table.unwrapped.game_state.history == []


@pytest.mark.parametrize("make", GAMES)
def test_an_illegal_index_is_refused_naming_it_and_changes_nothing(make: GameMaker) -> None:
    table = env(make())
    table.reset(seed=2)
    agent = table.agent_selection
    mask = table.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = table.observe(agent)
    with pytest.raises(ValueError, match=f"^action index {illegal} is not legal for {agent} now"):
        table.step(illegal)
    assert table.unwrapped.game_state.history == []
    assert table.agent_selection == agent
    assert np.array_equal(table.observe(agent)["observation"], before["observation"])
    table.step(np.int64(np.flatnonzero(mask)[0]))  # NumPy's integers are indices too
    assert len(table.unwrapped.game_state.history) == 1


def test_a_game_without_an_encoding_is_refused() -> None:
    game = make_game("fishing")
    game.encoding = None
    with pytest.raises(AnglerError, match="fishing has no encoding yet"):
        env(game)


def test_players_and_options_go_with_a_name_only() -> None:
    with pytest.raises(ValueError, match="players and options go with a game's name"):
        raw_env(stand_in_fishing(), players=4)


def test_agents_spaces_and_render() -> None:
    game = stand_in_fishing(3)
    encoding = game.encoding
    assert encoding is not None
    table = env(game, render_mode="ansi")
    table.reset(seed=6)
    assert table.possible_agents == ["player_0", "player_1", "player_2"]
    space = table.observation_space("player_1")
    assert space["observation"].shape == encoding.observation_shape()
    assert space["action_mask"].shape == (encoding.action_count(),)
    assert table.action_space("player_1").n == encoding.action_count()
    assert table.render() == game.presentation.render_view(table.unwrapped.game_state.view(PUBLIC))


def test_the_throughput_benchmark_reports_both_figures() -> None:
    figures = pettingzoo_steps_per_s(stand_in_fishing(3), seconds=0.2, seed=1)
    assert figures["game"] == "fishing" and figures["players"] == 3
    assert figures["pettingzoo_steps_per_s"] > 0 and figures["engine_decisions_per_s"] > 0
    ratio = figures["pettingzoo_steps_per_s"] / figures["engine_decisions_per_s"]
    assert figures["ratio"] == pytest.approx(ratio, abs=1e-4)


def test_the_throughput_benchmark_needs_some_time() -> None:
    with pytest.raises(AnglerError, match="seconds must be more than 0, not 0"):
        pettingzoo_steps_per_s(stand_in_fishing(), seconds=0)


@pytest.mark.parametrize("make", encoded_games())
def test_pettingzoos_render_test_passes_in_every_mode(
    make: GameMaker, capsys: pytest.CaptureFixture[str]
) -> None:
    render_test(lambda render_mode=None: env(make(), render_mode=render_mode))
    assert capsys.readouterr().out  # "human" printed the tables


def test_render_mode_human_prints_the_spectator_s_table_after_each_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = stand_in_fishing(3)
    table = env(game, render_mode="human")
    table.reset(seed=6)
    state = table.unwrapped.game_state
    assert capsys.readouterr().out == game.presentation.render_view(state.view(PUBLIC)) + "\n"
    legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])
    table.step(int(legal[0]))
    assert capsys.readouterr().out == game.presentation.render_view(state.view(PUBLIC)) + "\n"
    assert table.render() is None
