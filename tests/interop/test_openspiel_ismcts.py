"""OpenSpiel's IS-MCTS as an angler agent: legal in every game, within its budget, reproducible
from its seed, reading only its view, and refusing a bad budget on one line."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest
from tests.typed import make_agent_as

from angler.agents import agent_names, agent_seed, make_agent
from angler.core import AnglerError, all_games, make_game
from angler.core.state import State
from angler.interop import openspiel
from angler.interop.openspiel_ismcts import OpenSpielISMCTSAgent

GAMES = sorted(cls.name for cls in all_games())


def decision_after(name: str, seed: int, moves: int) -> tuple[State[Any], int]:
    """A state of ``name`` after ``moves`` random actions, then on to a real choice (two legal
    actions or more), and the seat making it (the lowest of those deciding)."""
    state = make_game(name).new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        state.apply_action(legal[int(rng.random() * len(legal))], seat)
    while len(state.legal_actions(state.current_players()[0])) < 2:
        seat = state.current_players()[0]
        state.apply_action(state.legal_actions(seat)[0], seat)
    return state, state.current_players()[0]


@pytest.mark.parametrize("name", GAMES)
def test_it_plays_only_legal_actions_in_every_game(name: str) -> None:
    """Two seats of searchers at the smallest budget, the others random, for 30 decisions from
    an early position (a whole game takes minutes: every simulation rolls out to the end)."""
    state, _ = decision_after(name, 2, 4)
    game = state.game
    searchers = {
        seat: make_agent("openspiel-ismcts:2it", agent_seed(2, seat), game) for seat in (0, 1)
    }
    rng = random.Random(2)
    searched = 0
    for _ in range(30):
        if state.is_terminal():
            break
        seat = state.current_players()[0]
        legal = list(state.legal_actions(seat))
        if seat in searchers:
            action = searchers[seat].act(state.view(seat), list(legal))
            assert action in legal, f"{action!r} is not among the {len(legal)} legal actions"
            searched += len(legal) > 1
        else:
            action = legal[int(rng.random() * len(legal))]
        state.apply_action(action, seat)
    assert searched >= 3


def test_a_time_budget_runs_simulations_and_returns() -> None:
    """However short the budget, the bot runs the two simulations its final policy needs (the
    first only expands the root), and reports them."""
    state, seat = decision_after("fishing", 5, 10)
    agent = make_agent_as(OpenSpielISMCTSAgent, "openspiel-ismcts:0.001s", 5, state.game)
    assert agent.seconds == 0.001
    action = agent.act(state.view(seat), state.legal_actions(seat))
    assert action in state.legal_actions(seat)
    assert agent.last_iterations >= 2 and agent.last_seconds > 0
    assert agent.total_iterations == agent.last_iterations


def test_an_iteration_budget_runs_exactly_that_many_simulations() -> None:
    state, seat = decision_after("crazy-fishing", 6, 10)
    agent = make_agent_as(OpenSpielISMCTSAgent, "OpenSpiel-ISMCTS:20it", 6, state.game)
    assert agent.iterations == 20
    agent.act(state.view(seat), state.legal_actions(seat))
    assert agent.last_iterations == 20
    assert "openspiel-ismcts" in agent_names()


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_answers_the_same_from_the_view_alone(name: str) -> None:
    """Two agents of one seed and budget choose alike, one shown the real state's view and the
    other a re-deal's (everything the seat cannot see drawn again)."""
    state, seat = decision_after(name, 4, 25)
    view = state.view(seat)
    twin = state.game.search.determinise(view, random.Random(9))
    assert twin.view(seat) == view
    budget = "6it" if name == "flip-and-fish" else "12it"  # its rollouts are the longest
    choices = []
    for shown in (state, twin):
        agent = make_agent(f"openspiel-ismcts:{budget}", 7, state.game)
        choices.append(agent.act(shown.view(seat), shown.legal_actions(seat)))
    assert choices[0] == choices[1]
    assert choices[0] in state.legal_actions(seat)


def test_another_seed_searches_other_re_deals() -> None:
    """The seed reaches the re-deals and the rollouts: seeds that differ visit differently."""
    state, seat = decision_after("fishing", 8, 12)
    visits = set()
    for seed in range(4):
        agent = OpenSpielISMCTSAgent(seed, state.game, iterations=12)
        agent.act(state.view(seat), state.legal_actions(seat))
        children = agent.last_root.child_info
        visits.add(tuple(sorted((action, child.visits) for action, child in children.items())))
    assert len(visits) > 1


@pytest.mark.parametrize("name", ["fishing", "crazy-fishing"])
def test_asked_out_of_turn_in_a_simultaneous_choice_it_still_answers(name: str) -> None:
    """The adapter lets the lowest seat choose first; asked for the highest deciding seat, the
    agent still searches its own choice."""
    for seed in range(40):
        state = make_game(name, 4).new_state(seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            current = state.current_players()
            last = current[-1]
            if len(current) > 1 and len(state.legal_actions(last)) > 1:
                agent = OpenSpielISMCTSAgent(3, state.game, iterations=4)
                action = agent.act(state.view(last), state.legal_actions(last))
                assert action in state.legal_actions(last)
                assert agent.last_iterations == 4
                return
            legal = state.legal_actions(current[0])
            state.apply_action(legal[int(rng.random() * len(legal))], current[0])
    pytest.fail(f"no simultaneous choice reached in {name}")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("openspiel-ismcts:fast", "budget is seconds or simulations, e.g. 0.5s or 500it"),
        ("openspiel-ismcts:1it", "simulations must be a whole number from 2 to 10000000"),
        ("openspiel-ismcts:0s", "seconds must be a number from 0.001 to 600"),
        ("openspiel-ismcts:1e400s", "not the text '1e400'"),
    ],
)
def test_a_bad_budget_is_a_one_line_error(name: str, message: str) -> None:
    with pytest.raises(AnglerError, match=message) as refused:
        make_agent(name, 1, make_game("fishing"))
    assert "\n" not in str(refused.value)


def test_it_needs_a_game() -> None:
    with pytest.raises(AnglerError, match="needs the game it plays"):
        make_agent("openspiel-ismcts:20it", 1, None)


def test_without_the_research_extra_it_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "open_spiel.python.algorithms", None)
    with pytest.raises(AnglerError, match=r"needs OpenSpiel \(pip install 'angler\[research\]'\)"):
        make_agent("openspiel-ismcts:20it", 1, make_game("fishing"))


def test_discovering_agents_imports_no_openspiel() -> None:
    """Every agent module is imported to list the agents; OpenSpiel must wait for the agent."""
    probe = (
        "import sys; from angler.agents import agent_names; "
        "assert 'openspiel-ismcts' in agent_names(); "
        "print(sorted(m for m in ('pyspiel', 'open_spiel', 'numpy') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"


def test_load_keeps_a_configured_game_s_players_and_options() -> None:
    game = make_game("crazy-fishing", 3, out_of_series="all", oos_rods=True)
    loaded = openspiel.load(game)
    assert loaded.num_players() == 3
    assert loaded.configuration.game.settings == game.settings
    state = game.new_state(1)
    wrapped = openspiel.wrap(loaded, state)
    assert wrapped.current_player() == state.current_players()[0]
    assert len(wrapped.legal_actions()) == len(state.legal_actions(state.current_players()[0]))


def test_load_carries_a_skill_per_seat_as_the_tournament_sets_it() -> None:
    """Flip & Fish's skill per seat is a tuple of factors; OpenSpiel takes it as text."""
    game = make_game("flip-and-fish", 3, skill="good,fair,novice")
    assert openspiel.load(game).configuration.game.settings == game.settings
    make_agent_as(OpenSpielISMCTSAgent, "openspiel-ismcts:2it", 1, game)  # made for this game


CPP_ISMCTS_ON = """
import pyspiel
import angler.interop.openspiel  # registers our games
from open_spiel.python.games import kuhn_poker  # registers python_kuhn_poker
game = pyspiel.load_game({name!r})
bot = pyspiel.ISMCTSBot(
    0, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 20, 5,
    pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False,
)
state = game.new_initial_state()
while state.is_chance_node():
    state.apply_action(state.chance_outcomes()[0][0])
bot.step(state)
"""


@pytest.mark.parametrize("name", ["python_kuhn_poker", "python_angler_fishing"])
def test_openspiel_s_cpp_ismcts_bot_kills_the_process_on_any_python_game(name: str) -> None:
    """What docs/agents.md warns of ("Which bot"): OpenSpiel 2.0.2's C++ ``ISMCTSBot`` dies of a
    segmentation fault on a Python game, its own Kuhn poker too. Run in a child process; if a
    release fixes it, this fails, and the warning should go."""
    pytest.importorskip("pyspiel")
    ran = subprocess.run(
        [sys.executable, "-c", CPP_ISMCTS_ON.format(name=name)],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert ran.returncode == -11, (ran.returncode, ran.stderr[-500:])  # SIGSEGV
