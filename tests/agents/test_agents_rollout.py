"""The rollout player: legal, reproducible, decides from the view alone, and leaves the heuristic's
move only on evidence from paired rollouts played to the end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.toy_game import ToyGame
from tests.typed import make_agent_as

from angler.agents import agent_seed, make_agent
from angler.agents.heuristic import HeuristicAgent
from angler.agents.ismcts import ISMCTSAgent
from angler.agents.rollout import ROLLOUT_CAP, RolloutAgent
from angler.core import AnglerError, all_games, make_game
from angler.core.search import outcome_values
from angler.core.state import State

GAMES = sorted(cls.name for cls in all_games())
DECISIONS = 500  # more than any game here needs, at its default options, to end


def heuristic_position(game: Any, seed: int, at: int) -> State[Any]:
    """The position after ``at`` decisions of seeded heuristic play (or its end)."""
    state = game.new_state(seed)
    player = HeuristicAgent(seed, game)
    for _ in range(at):
        if state.is_terminal():
            break
        seat = state.current_players()[0]
        state.apply_action(player.act(state.view(seat), state.legal_actions(seat)), seat)
    return state


def contested_turn(game: Any) -> State[Any]:
    """A Flip & Fish position, reached by heuristic players, where seat 0 chooses its turn among
    at least four actions."""
    for seed in range(40):
        state = game.new_state(seed)
        player = HeuristicAgent(seed, game)
        while not state.is_terminal():
            seat = state.current_players()[0]
            legal = state.legal_actions(seat)
            if seat == 0 and state.view(0).phase == "turn" and len(legal) >= 4:
                return state
            state.apply_action(player.act(state.view(seat), legal), seat)
    raise AssertionError("no contested turn in 40 seeded games")


@pytest.mark.parametrize("name", GAMES)
def test_rollout_plays_only_legal_actions_to_the_end(name: str) -> None:
    """One rollout seat among heuristic players: every answer is legal, and the game ends."""
    game = make_game(name)
    state = game.new_state(2)
    searcher = RolloutAgent(agent_seed(2, 0), game, iterations=4)
    others = [HeuristicAgent(agent_seed(2, s), game) for s in range(game.players)]
    rolled = 0
    for _ in range(DECISIONS):
        if state.is_terminal():
            break
        seat = state.current_players()[0]
        legal = list(state.legal_actions(seat))
        agent = searcher if seat == 0 else others[seat]
        action = agent.act(state.view(seat), list(legal))  # a copy the agent may keep
        assert action in legal, f"{action!r} is not among the {len(legal)} legal actions"
        rolled += searcher.last_iterations if seat == 0 else 0
        state.apply_action(action, seat)
    assert state.is_terminal(), f"{name} did not end within {DECISIONS} decisions"
    assert rolled > 20  # it did roll out, not only play the heuristic's move


@pytest.mark.parametrize("name", GAMES)
def test_rollout_is_deterministic_for_a_seed_and_reads_only_the_view(name: str) -> None:
    """The same seed answers the same for the same view, whichever true state showed it (a
    re-deal of everything the seat cannot see), after the same rollouts."""
    game = make_game(name)
    state = game.new_state(4)
    rng = random.Random(4)
    for moves in range(DECISIONS):
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if moves >= 25 and len(legal) >= 2 and not game.search.heuristic_settles(view):
            break  # a decision the agent rolls out for
        state.apply_action(legal[int(rng.random() * len(legal))], seat)
    twin = game.search.determinise(view, random.Random(9))
    assert twin.view(seat) == view
    first = RolloutAgent(7, game, iterations=30)
    second = RolloutAgent(7, game, iterations=30)
    a = first.act(view, state.legal_actions(seat))
    b = second.act(twin.view(seat), twin.legal_actions(seat))
    assert a == b
    assert first.advantage == second.advantage
    assert first.last_iterations == second.last_iterations >= 30


def test_rollout_refuses_a_game_whose_search_has_no_heuristic() -> None:
    toy = ToyGame(2)
    assert toy.search.heuristic() is None
    with pytest.raises(AnglerError, match="no heuristic to roll out for toy") as refused:
        make_agent("rollout", 1, toy)
    assert "\n" not in str(refused.value)
    with pytest.raises(AnglerError, match="rollout agent needs the game"):
        RolloutAgent(1, None)
    with pytest.raises(AnglerError, match="rollout needs at least 1 iteration"):
        RolloutAgent(1, make_game("fishing"), iterations=0)


def test_a_rollout_budget_after_a_colon_sets_seconds_or_rollouts() -> None:
    game = make_game("flip-and-fish", 3)
    plain = make_agent_as(RolloutAgent, "rollout", 1, game)
    timed = make_agent_as(RolloutAgent, "rollout:0.5s", 1, game)
    counted = make_agent_as(RolloutAgent, "ROLLOUT:5it", 1, game)
    assert issubclass(RolloutAgent, ISMCTSAgent)  # a rollout bot is a search bot
    assert timed.seconds == 0.5 and timed.iterations is None
    assert counted.iterations == 5
    assert plain.paired and plain.name == "rollout"
    for bad, message in (
        ("rollout:fast", "a rollout budget is seconds or rollouts, e.g. 0.5s or 800it"),
        ("rollout:0it", "rollout rollouts must be a whole number from 1"),
    ):
        with pytest.raises(AnglerError, match=message):
            make_agent(bad, 1, game)


def test_every_root_move_is_rolled_out_on_the_same_samples() -> None:
    """Each root move is tried once per re-deal and chance seed, so all end with the same
    rollouts; the gains over the heuristic's move are one per sample, and a rollout's reward is
    an outcome value in [0, 1]."""
    game = make_game("flip-and-fish", 3)
    state = contested_turn(game)
    agent = RolloutAgent(3, game, iterations=60)
    action = agent.act(state.view(0), state.legal_actions(0))
    assert agent.last_root is not None
    children = agent.last_root.children
    moves = len(children)
    assert moves >= 4
    visits = {child.visits for child in children.values()}
    assert len(visits) == 1
    (samples,) = visits
    assert samples >= 3 and agent.last_iterations == moves * samples <= 60 + moves
    assert agent.anchor_move in children
    assert set(agent.advantage) == set(children) - {agent.anchor_move}
    assert all(len(gains) == samples for gains in agent.advantage.values())
    assert all(0 <= child.reward <= child.visits for child in children.values())
    if action != agent.anchor_move:
        assert sum(agent.advantage[action]) > 0


def test_rollout_keeps_the_heuristics_move_without_evidence() -> None:
    """One round of rollouts (one sample a move) is no evidence: the heuristic's move is played,
    whatever that sample said."""
    game = make_game("flip-and-fish", 3)
    state = contested_turn(game)
    heuristic = HeuristicAgent(3, game).act(state.view(0), state.legal_actions(0))
    outrolled = 0  # samples where another move did better than the heuristic's
    for seed in range(6):
        agent = RolloutAgent(seed, game, iterations=1)
        assert agent.act(state.view(0), state.legal_actions(0)) == heuristic
        assert agent.last_iterations == len(agent.advantage) + 1  # one round: every move once
        outrolled += any(gains[0] > 0 for gains in agent.advantage.values())
    assert outrolled >= 1


def test_a_flip_and_fish_aim_is_the_heuristics_without_rollouts() -> None:
    game = make_game("flip-and-fish", 3)
    state = game.new_state(1)
    state.apply("fish", 0)
    agent = RolloutAgent(3, game, iterations=50)
    action = agent.act(state.view(0), state.legal_actions(0))
    assert action == HeuristicAgent(3, game).act(state.view(0), state.legal_actions(0))
    assert agent.last_iterations == 0 and agent.bank == 50


@pytest.mark.parametrize("name", GAMES)
def test_a_rollout_plays_the_heuristic_for_every_seat_to_the_end(name: str) -> None:
    """From a mid-game sample the rollout ends the game as heuristic players would from the same
    state, and scores it by the outcome."""
    game = make_game(name)
    state = heuristic_position(game, 6, 40)
    assert not state.is_terminal()
    twin = state.clone()
    agent = RolloutAgent(1, game, iterations=1)
    rewards = agent.rollout(state)
    player = HeuristicAgent(1, game)
    while not twin.is_terminal():
        seat = twin.current_players()[0]
        twin.apply_action(player.act(twin.view(seat), twin.legal_actions(seat)), seat)
    assert state.is_terminal() and state.history == twin.history
    assert rewards == outcome_values(twin)


def test_a_rollout_cut_at_its_cap_is_scored_by_the_games_evaluation() -> None:
    game = make_game("flip-and-fish", 3)
    state = heuristic_position(game, 6, 10)
    agent = RolloutAgent(1, game, iterations=1, cap=5)
    assert agent.cap == 5 < ROLLOUT_CAP
    rewards = agent.rollout(state)
    assert not state.is_terminal() and len(state.history) == 15
    assert rewards == game.search.evaluate(state)
