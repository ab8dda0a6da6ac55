"""The Gymnasium adapter: the registered ids, Gymnasium's own checker, seeding, opponents
stepped inside, rewards, masks, observations from the learner's view alone, refused actions."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from tests.interop.fishing_encoding import GameMaker, encoded_games, stand_in_fishing

from angler.agents import make_agent
from angler.core.errors import AnglerError
from angler.core.registry import all_games
from angler.interop.common import Observer, batch_observations, observation_of, win_shares
from angler.interop.gymnasium import ILLEGAL_REWARD, AnglerEnv, env_id

GAMES = encoded_games()


def play_random(env: Any, seed: int) -> list[Any]:
    """Play the learner with uniformly random legal indices from ``seed`` to the end; returns
    every (observation, reward, terminated) seen, the reset's first."""
    rnd = random.Random(seed)
    observation, _ = env.reset(seed=seed)
    seen = [(observation, 0.0, False)]
    terminated = False
    while not terminated:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, _ = env.step(legal[rnd.randrange(len(legal))])
        assert truncated is False
        seen.append((observation, reward, terminated))
    return seen


def same_run(first: list[Any], second: list[Any]) -> bool:
    return len(first) == len(second) and all(
        a[1:] == b[1:]
        and all(np.array_equal(a[0][key], b[0][key]) for key in ("observation", "action_mask"))
        for a, b in zip(first, second, strict=True)
    )


def test_every_game_has_its_id() -> None:
    ids = {env_id(game.name) for game in all_games()}
    assert {"angler/Fishing-v0", "angler/CrazyFishing-v0", "angler/FlipAndFish-v0"} <= ids
    assert ids <= set(gymnasium.registry)


@pytest.mark.parametrize("make", GAMES)
def test_gymnasiums_checker_passes(make: GameMaker) -> None:
    check_env(AnglerEnv(make()))


@pytest.mark.parametrize("make", GAMES)
def test_gymnasiums_checker_passes_through_the_registered_id(make: GameMaker) -> None:
    game = make()
    env = gymnasium.make(env_id(game.name), game=game, seat=1)
    check_env(env.unwrapped)
    assert isinstance(env.unwrapped, AnglerEnv) and env.unwrapped.seat == 1


@pytest.mark.parametrize("make", GAMES)
def test_the_same_seed_plays_the_same_game(make: GameMaker) -> None:
    env = AnglerEnv(make(), opponents="random")
    first = play_random(env, 4)
    assert same_run(first, play_random(env, 4))
    assert not same_run(first, play_random(env, 5))


def test_resets_without_a_seed_follow_the_last_seed_given() -> None:
    env = AnglerEnv(stand_in_fishing())
    env.reset(seed=9)
    after_nine = [env.reset()[0]["observation"] for _ in range(2)]
    env.reset(seed=9)
    again = [env.reset()[0]["observation"] for _ in range(2)]
    assert all(np.array_equal(a, b) for a, b in zip(after_nine, again, strict=True))
    assert not np.array_equal(after_nine[0], after_nine[1])


@pytest.mark.parametrize("seat", [0, 2])
@pytest.mark.parametrize("make", GAMES)
def test_the_opponents_play_until_the_learner_decides(make: GameMaker, seat: int) -> None:
    game = make()
    env = AnglerEnv(
        game, seat=seat, opponents=["random", "heuristic", "random"][: game.players - 1]
    )
    observation, _ = env.reset(seed=7)
    state = env.game_state
    rnd = random.Random(7)
    terminated = False
    while not terminated:
        assert seat in state.current_players()
        assert np.array_equal(env.action_masks(), observation["action_mask"].astype(bool))
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, _, info = env.step(legal[rnd.randrange(len(legal))])
        assert reward == (win_shares(state)[seat] if terminated else 0.0)
    assert state.is_terminal()
    assert info == {"scores": state.scores(), "winners": state.winners()}
    assert not observation["action_mask"].any()
    assert {s for s, _ in state.history} == set(range(game.players))


@pytest.mark.parametrize("make", GAMES)
def test_the_learners_observations_come_from_its_view_alone(make: GameMaker) -> None:
    game = make()
    env = AnglerEnv(game, seat=1, opponents="random")
    observation, _ = env.reset(seed=31)
    state = env.game_state
    rnd = random.Random(31)
    varied = compared = 0
    for step in range(60):
        if step % 10 == 3:
            twin = game.search.determinise(state.view(1), random.Random(step))
            theirs = Observer(env.encoding).observe(twin, 1)
            for key in ("observation", "action_mask"):
                assert np.array_equal(observation[key], theirs[key]), (step, key)
            compared += 1
            # The twin differs in what the seat cannot see: another seat's view, or what no
            # seat sees (Flip & Fish's face-down water cards).
            varied += game.setup_of(twin) != game.setup_of(state)
        legal = np.flatnonzero(observation["action_mask"])
        observation, _, terminated, _, _ = env.step(legal[rnd.randrange(len(legal))])
        if terminated:
            break
    assert compared and varied, (compared, varied)


@pytest.mark.parametrize("make", GAMES)
def test_an_illegal_index_loses_the_episode_by_default(make: GameMaker) -> None:
    env = AnglerEnv(make())
    observation, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    moves = len(env.game_state.history)
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (
        ILLEGAL_REWARD,
        True,
        False,
        {"illegal_action": illegal},
    )
    assert len(env.game_state.history) == moves
    with pytest.raises(RuntimeError, match=r"the episode is over: call reset\(\)"):
        env.step(illegal)


@pytest.mark.parametrize("make", GAMES)
def test_an_illegal_index_raises_naming_it_when_asked(make: GameMaker) -> None:
    env = AnglerEnv(make(), illegal="raise")
    observation, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    moves = len(env.game_state.history)
    with pytest.raises(ValueError, match=f"^action index {illegal} is not legal for seat 0 now"):
        env.step(illegal)
    assert len(env.game_state.history) == moves
    env.step(np.flatnonzero(observation["action_mask"])[0])  # the episode goes on
    assert len(env.game_state.history) > moves


def test_an_index_out_of_the_space_always_raises() -> None:
    env = AnglerEnv(stand_in_fishing())
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"^action index 9999 is out of range \(0 to "):
        env.step(9999)
    with pytest.raises(ValueError, match=r"^action 'x' is not an action index"):
        env.step("x")


@pytest.mark.parametrize(
    ("settings", "error", "words"),
    [
        ({"seat": 4}, ValueError, "seat 4: a seat of this game is 0 to 3"),
        ({"seat": -1}, ValueError, "seat -1: a seat of this game is 0 to 3"),
        ({"opponents": ["random"]}, ValueError, "opponents: 1 given for 3 other seats"),
        ({"opponents": 5}, ValueError, "opponents 5: an agent's name, a policy"),
        ({"opponents": ["random", 5, "random"]}, ValueError, "opponent 5: an agent's name"),
        ({"opponents": "grandmaster"}, AnglerError, "unknown agent 'grandmaster'"),
        ({"illegal": "ignore"}, ValueError, "illegal='ignore': 'lose' or 'raise'"),
        ({"render_mode": "window"}, ValueError, "render_mode 'window': 'human'"),
    ],
)
def test_bad_settings_are_refused_in_one_line(
    settings: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match="^" + words.replace("(", r"\(")) as caught:
        AnglerEnv(stand_in_fishing(), **settings)
    assert "\n" not in str(caught.value)


def test_a_registered_id_without_an_encoding_is_refused() -> None:
    game = stand_in_fishing()
    game.encoding = None
    with pytest.raises(AnglerError, match="fishing has no encoding yet"):
        gymnasium.make("angler/Fishing-v0", game=game)


def test_render_shows_the_learners_view() -> None:
    game = stand_in_fishing()
    env = AnglerEnv(game, seat=2, render_mode="ansi")
    env.reset(seed=3)
    assert env.render() == game.presentation.render_view(env.game_state.view(2))


class FirstLegal:
    """A policy of one's own: the first legal index, keeping what it was shown."""

    def __init__(self) -> None:
        self.seen: list[tuple[dict[str, np.ndarray], np.ndarray]] = []

    def __call__(self, observation: dict[str, np.ndarray], mask: np.ndarray) -> int:
        self.seen.append((observation, mask))
        return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("make", GAMES)
def test_a_policy_of_one_s_own_sits_in_every_other_seat(make: GameMaker) -> None:
    """Self-play: a plain callable as every opponent, through the registered id (the call
    that once failed with "'function' object is not iterable"). It is shown its own seat's
    observation and mask, as the learner would be there, and its choices are played."""
    game = make()
    policy = FirstLegal()
    env = gymnasium.make(env_id(game.name), game=game, opponents=policy)
    seen = play_random(env, seed=5)
    inner: AnglerEnv = env.unwrapped  # type: ignore[assignment]
    state = inner.game_state
    assert seen[-1][2] and state.is_terminal()
    opponents_moves = [(seat, code) for seat, code in state.history if seat != 0]
    assert len(policy.seen) == len(opponents_moves) > 0
    assert inner.game_seed is not None
    replay = game.new_state(inner.game_seed)
    asked = iter(policy.seen)
    for seat, code in state.history:
        if seat != 0:
            observation, mask = next(asked)
            mine = Observer(inner.encoding).observe(replay, seat)
            assert np.array_equal(observation["observation"], mine["observation"])
            assert np.array_equal(mask, mine["action_mask"].astype(bool))
            first = int(np.flatnonzero(mask)[0])
            assert code == inner.encoding.action_code(replay.view(seat), first)
        replay.apply_action(code, seat)


def test_names_policies_and_agents_mix_seat_by_seat_and_replay_alike() -> None:
    game = stand_in_fishing()
    heuristic = make_agent("heuristic", 9, game)

    def run() -> list[Any]:
        env = AnglerEnv(game, seat=1, opponents=["random", FirstLegal(), heuristic])
        return play_random(env, seed=12)

    assert same_run(run(), run())


def test_a_policy_s_illegal_choice_is_refused_naming_its_seat() -> None:
    """The learner sits second, so seat 0 decides within ``reset``."""
    env = AnglerEnv(stand_in_fishing(), seat=1, opponents=lambda observation, mask: 10_000)
    with pytest.raises(ValueError, match=r"^the policy in seat 0: action index 10000 is out of"):
        env.reset(seed=1)

    def illegal(observation: dict[str, np.ndarray], mask: np.ndarray) -> int:
        return int(np.flatnonzero(~mask)[0])

    env = AnglerEnv(stand_in_fishing(), seat=1, opponents=illegal)
    with pytest.raises(
        ValueError, match=r"^action index \d+ is not legal for the policy in seat 0"
    ):
        env.reset(seed=1)


def test_render_mode_human_prints_the_learner_s_table_after_each_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = stand_in_fishing()
    env = AnglerEnv(game, seat=2, render_mode="human")
    observation, _ = env.reset(seed=3)
    shown = capsys.readouterr().out
    assert shown == game.presentation.render_view(env.game_state.view(2)) + "\n"
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert capsys.readouterr().out == (game.presentation.render_view(env.game_state.view(2)) + "\n")
    assert env.render() is None
    assert "human" in env.metadata["render_modes"]


def take_first_legal(observation: dict[str, np.ndarray], mask: np.ndarray) -> int:
    """A policy that pickles by name (module level), for worker processes."""
    return int(np.flatnonzero(mask)[0])


def test_make_vec_runs_sync_and_async_alike_with_policies_in_the_other_seats() -> None:
    """``gymnasium.make_vec`` in both modes: the same seeds give the same batches, across the
    automatic reset of an ended game (a finished game's mask is empty: any index then starts
    the next one)."""
    runs = []
    for mode in ("sync", "async"):
        envs = gymnasium.make_vec(
            "angler/CrazyFishing-v0",
            num_envs=2,
            vectorization_mode=mode,
            players=2,
            opponents=take_first_legal,
        )
        try:
            observation, _ = envs.reset(seed=4)
            rnd = random.Random(4)
            seen, ended = [], 0
            for _ in range(120):
                actions = [
                    rnd.choice(np.flatnonzero(mask).tolist()) if mask.any() else 0
                    for mask in observation["action_mask"]
                ]
                observation, reward, terminated, _, _ = envs.step(np.array(actions))
                seen.append((observation["observation"].copy(), reward.copy()))
                ended += int(terminated.sum())
        finally:
            envs.close()
        assert ended >= 1  # at least one game ran to its end and was dealt again
        runs.append(seen)
    sync, in_processes = runs
    assert all(
        np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
        for a, b in zip(sync, in_processes, strict=True)
    )


@pytest.mark.parametrize("make", GAMES)
def test_a_batch_of_observations_fills_one_preallocated_array(make: GameMaker) -> None:
    """Every seat of several positions at once: each row is the seat's own observation, and a
    given array is filled in place, batch after batch."""
    game = make()
    encoding = game.encoding
    assert encoding is not None
    states = [game.new_state(seed) for seed in range(3)]
    for state in states[1:]:
        play_randomly_for(state, 9)
    views = [state.view(seat) for state in states for seat in range(game.players)]
    out = np.full((len(views), *encoding.observation_shape()), np.nan, dtype=np.float32)
    assert batch_observations(encoding, views, out) is out
    for row, view in zip(out, views, strict=True):
        single = observation_of(encoding, view, bytearray(encoding.action_count()))
        assert np.array_equal(row, single["observation"])
    assert np.array_equal(batch_observations(encoding, views), out)
    with pytest.raises(ValueError, match="out must be a float32 array of shape"):
        batch_observations(encoding, views, np.zeros((1, 2), dtype=np.float32))


def play_randomly_for(state: Any, steps: int) -> None:
    rnd = random.Random(steps)
    for _ in range(steps):
        if state.is_terminal():
            return
        seat = state.current_players()[0]
        state.apply_action(rnd.choice(state.legal_actions(seat)), seat)
