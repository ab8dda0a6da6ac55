"""The learned agent ``ppo`` (``angler.agents.learned``): a shipped policy network per game and
player count, run with NumPy, greedy over the legal actions, from the seat's view alone."""

from __future__ import annotations

import io
import random
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from angler.agents import make_agent
from angler.agents.learned import (
    POLICIES,
    GreedyPolicy,
    Network,
    load_policy,
    policy_configuration,
    policy_name,
    read_network,
    save_network,
    shipped_policies,
)
from angler.core.errors import AnglerError
from angler.core.registry import make_game
from angler.interop.common import win_shares
from angler.play.loop import bot_action, play_out

SHIPPED = shipped_policies()
MAX_BYTES = 5 * 1024 * 1024  # the bound on one policy file


def _configured(policy_file: str) -> tuple[str, int, dict[str, str]]:
    return policy_configuration(policy_file)


def test_a_network_written_and_read_back_scores_as_before() -> None:
    rng = np.random.default_rng(0)
    network = Network(
        (rng.normal(size=(6, 4)).astype(np.float32), rng.normal(size=(4, 3)).astype(np.float32)),
        (rng.normal(size=4).astype(np.float32), rng.normal(size=3).astype(np.float32)),
    )
    stored = io.BytesIO()
    save_network(stored, network, game="fishing", players=4, command="train")
    stored.seek(0)
    back, about = read_network(stored)
    observation = rng.normal(size=6).astype(np.float32)
    # float16 storage: the scores move by rounding only
    np.testing.assert_allclose(back.scores(observation), network.scores(observation), atol=0.05)
    assert about == {"game": "fishing", "players": "4", "command": "train"}


def test_a_game_with_no_trained_policy_is_refused_in_one_line() -> None:
    with pytest.raises(AnglerError, match="no trained ppo policy for crazy-fishing at 6 players"):
        make_agent("ppo", 0, make_game("crazy-fishing", players=6))
    with pytest.raises(AnglerError, match="needs the game"):
        make_agent("ppo", 0)


def test_a_small_variant_has_its_own_policy_file_and_a_missing_one_is_named() -> None:
    assert policy_name("crazy-fishing", 2, "mini") == "crazy-fishing-mini-2p.npz"
    assert policy_configuration("crazy-fishing-mini-2p.npz") == (
        "crazy-fishing",
        2,
        {"size": "mini"},
    )
    assert policy_configuration("fishing-4p.npz") == ("fishing", 4, {})
    with pytest.raises(AnglerError, match="no trained ppo policy for fishing size=mini at 3"):
        make_agent("ppo", 0, make_game("fishing", players=3, size="mini"))


def test_a_policy_that_does_not_fit_the_observations_is_refused() -> None:
    game = make_game("fishing", players=3)
    assert game.encoding is not None
    wrong = Network((np.zeros((7, 2), np.float32),), (np.zeros(2, np.float32),))
    with pytest.raises(AnglerError, match="does not fit"):
        GreedyPolicy(wrong, game.encoding)


def test_at_least_one_policy_ships_and_each_is_small() -> None:
    assert SHIPPED, "no trained policy ships"
    for name in SHIPPED:
        game, players, options = _configured(name)
        make_game(game, players=players, **options)  # names a real configuration
        stored = resources.files("angler.agents").joinpath(POLICIES, name)
        assert len(stored.read_bytes()) < MAX_BYTES, name


@pytest.mark.parametrize("policy_file", SHIPPED)
def test_the_policy_plays_whole_games_legally_and_the_same_way_twice(policy_file: str) -> None:
    name, players, options = _configured(policy_file)
    game = make_game(name, players=players, **options)
    for seed in (1, 2):
        finals = []
        for _ in range(2):
            seats = [make_agent("ppo", 0, game)] + [
                make_agent("random", seed * 10 + seat, game) for seat in range(1, players)
            ]
            state = game.new_state(seed)
            while not state.is_terminal():
                seat = state.current_players()[0]
                legal = state.legal_actions(seat)
                action = bot_action(state, seat, seats[seat])
                assert action in legal
                state.apply_action(action, seat)
            finals.append(list(state.scores()))
        assert finals[0] == finals[1]


@pytest.mark.parametrize("policy_file", SHIPPED)
def test_the_policy_decides_from_the_view_alone(policy_file: str) -> None:
    """A re-deal of everything the seat cannot see gets the same choice."""
    name, players, options = _configured(policy_file)
    game = make_game(name, players=players, **options)
    agent = make_agent("ppo", 0, game)
    rng = random.Random(5)
    state = game.new_state(5)
    checked = 0
    heuristic = [make_agent("heuristic", seat, game) for seat in range(players)]
    while not state.is_terminal() and checked < 30:
        seat = state.current_players()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        if len(legal) > 1:
            twin = game.search.determinise(view, random.Random(rng.random()))
            assert twin.view(seat) == view
            assert agent.act(view, legal) == agent.act(twin.view(seat), twin.legal_actions(seat))
            checked += 1
        state.apply_action(heuristic[seat].act(view, legal), seat)
    assert checked > 0


@pytest.mark.slow
@pytest.mark.parametrize("policy_file", SHIPPED)
def test_the_policy_beats_random_players(policy_file: str) -> None:
    """Seeded games, so the count is fixed: the policy in seat 0 wins more than a fair share
    against random players (docs/interop.md has the measured shares with intervals). A small
    variant's games are short and its luck weighs more (Crazy Fishing's mini: about two games
    in three against random play), so it plays 400 games, cheaply, to a lower bar."""
    name, players, options = _configured(policy_file)
    game = make_game(name, players=players, **options)
    mini = options.get("size") == "mini"
    games, bar = (400, 1.2 / players) if mini else (40, 1.5 / players)
    shares = []
    for seed in range(games):
        seats = [make_agent("ppo", 0, game)] + [
            make_agent("random", seed * 10 + seat, game) for seat in range(1, players)
        ]
        shares.append(win_shares(play_out(game.new_state(10_000 + seed), seats))[0])
    assert sum(shares) / games > bar


@pytest.mark.parametrize("policy_file", SHIPPED)
def test_each_policy_says_how_it_was_trained_and_names_no_machine_folder(policy_file: str) -> None:
    about = read_network(
        resources.files("angler.agents").joinpath(POLICIES, policy_file).open("rb")
    )[1]
    game, players, options = _configured(policy_file)
    assert (about["game"], about["players"]) == (game, str(players))
    assert all(f"--option {key}={value}" in about["command"] for key, value in options.items())
    assert about["command"].startswith("python -m angler.tools.train_ppo")
    assert "/" not in about["command"]


def test_a_saved_policy_file_sits_in_a_gymnasium_opponents_seat(tmp_path: Path) -> None:
    import gymnasium

    import angler.interop.gymnasium  # noqa: F401  (registers the ids)

    game = make_game("crazy-fishing", players=2)
    assert game.encoding is not None
    size, actions = game.encoding.observation_size(), game.encoding.action_count()
    rng = np.random.default_rng(1)
    network = Network(
        (
            rng.normal(size=(size, 8)).astype(np.float32),
            rng.normal(size=(8, actions)).astype(np.float32),
        ),
        (np.zeros(8, np.float32), np.zeros(actions, np.float32)),
    )
    path = tmp_path / "policy.npz"
    save_network(path, network, game="crazy-fishing", players=2)
    saved = load_policy(path, game)
    env = gymnasium.make("angler/CrazyFishing-v0", players=2, opponents=saved)
    observation, _ = env.reset(seed=4)
    done = False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, _, done, _, _ = env.step(action)
    state = env.get_wrapper_attr("game_state")
    assert state.is_terminal()
    view = state.view(1)
    assert saved.act(view, [0]) == 0  # one legal action: it

    with pytest.raises(AnglerError, match="not a policy file"):
        load_policy(tmp_path / "missing.npz", game)
    with pytest.raises(AnglerError, match="does not fit"):
        load_policy(path, make_game("fishing", players=4))
