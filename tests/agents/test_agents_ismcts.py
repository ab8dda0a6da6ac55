"""Information-set MCTS: legal, reproducible, decides from the view alone, and beats random."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.typed import make_agent_as

from angler.agents import agent_seed, make_agent
from angler.agents.heuristic import HeuristicAgent
from angler.agents.ismcts import ISMCTSAgent
from angler.agents.levels import LEVELS
from angler.core import AnglerError, all_games, make_game
from angler.core.state import State
from angler.games.crazy_fishing.view import CrazyFishingView
from angler.games.fishing.view import FishingView
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.aiming import bite_chances
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.sim.simulate import play_game

GAMES = sorted(cls.name for cls in all_games())
DECISIONS = 500  # more than any game here needs, at its default options, to end


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_plays_only_legal_actions_to_the_end(name: str) -> None:
    """Every choice is one of the legal actions offered before it is applied, and the game ends
    within DECISIONS (seed 2 ends after 190 to 363 decisions, depending on the game)."""
    game = make_game(name)
    state = game.new_state(2)
    agents = [ISMCTSAgent(agent_seed(2, s), game, iterations=8) for s in range(game.players)]
    for _ in range(DECISIONS):
        if state.is_terminal():
            break
        seat = state.current_players()[0]
        legal = list(state.legal_actions(seat))
        action = agents[seat].act(state.view(seat), list(legal))  # a copy the agent may keep
        assert action in legal, f"{action!r} is not among the {len(legal)} legal actions"
        state.apply_action(action, seat)
    assert state.is_terminal(), f"{name} did not end within {DECISIONS} decisions"


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_is_deterministic_for_a_seed_and_reads_only_the_view(name: str) -> None:
    """The same seed answers the same for the same view, whichever true state showed it (a
    re-deal of everything the seat cannot see)."""
    game = make_game(name)
    state = game.new_state(4)
    rng = random.Random(4)
    for _ in range(25):
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        state.apply_action(legal[int(rng.random() * len(legal))], seat)
    seat = state.current_players()[0]
    view = state.view(seat)
    twin = game.search.determinise(view, random.Random(9))
    assert twin.view(seat) == view
    first = ISMCTSAgent(7, game, iterations=40).act(view, state.legal_actions(seat))
    second = ISMCTSAgent(7, game, iterations=40).act(twin.view(seat), twin.legal_actions(seat))
    assert first == second


@pytest.mark.slow  # eight searched games
def test_ismcts_at_a_small_budget_beats_random_players_by_a_wide_margin() -> None:
    """Fishing, 4 players, one ISMCTS seat at 60 iterations a move against three random seats.
    Fixed seeds: the result is the same on every run (6 of 8 games were won when written)."""
    game = make_game("fishing", 4)
    share = 0.0
    for seed in range(8):
        seat = seed % 4
        agents = [
            ISMCTSAgent(agent_seed(seed, s), game, iterations=60)
            if s == seat
            else make_agent("random", agent_seed(seed, s), game)
            for s in range(4)
        ]
        winners = play_game(game.new_state(seed), agents).winners()
        share += (seat in winners) / len(winners)
    assert share / 8 >= 0.5  # par is 0.25


def test_flip_and_fish_search_aims_at_the_three_casts_worth_most() -> None:
    game = FlipAndFishGame(3)
    state = game.new_state(1)
    state.apply("fish", 0)
    aims = [a for a in game.search.search_actions(state, 0) if a & 15 == 4]
    assert len(aims) == 3
    assert all(a in state.legal_actions(0) for a in aims)
    # All five cards lie face down: the best casts are those most likely to bite.
    chances = bite_chances(game.table, 0, game.skill(0))
    best = sorted(range(5), key=chances.__getitem__, reverse=True)[:3]
    assert aims == [act.aim_code(*game.table.cards[slot]) for slot in best]


def test_difficulty_levels_name_an_agent_and_a_budget() -> None:
    game = make_game("fishing", 4)
    make_agent_as(HeuristicAgent, "easy", 1, game)  # the kind is the check
    normal, hard = (make_agent_as(ISMCTSAgent, level, 1, game) for level in ("normal", "hard"))
    assert normal.seconds < 1 < hard.seconds


def test_ismcts_needs_a_game_and_a_positive_budget() -> None:
    with pytest.raises(AnglerError, match="needs the game"):
        ISMCTSAgent(1, None)
    with pytest.raises(AnglerError, match="at least 1 iteration"):
        ISMCTSAgent(1, make_game("fishing"), iterations=0)


def test_a_budget_after_a_colon_sets_seconds_or_iterations() -> None:
    game = make_game("fishing")
    timed = make_agent_as(ISMCTSAgent, "ismcts:0.25s", 1, game)
    counted = make_agent_as(ISMCTSAgent, "ismcts:300it", 1, game)
    assert timed.seconds == 0.25 and timed.iterations is None
    assert counted.iterations == 300
    for bad, message in (
        ("ismcts:fast", "budget is seconds or iterations"),
        ("ismcts:0s", "ismcts seconds must be a number from 0.001 to 600, not the number 0"),
        ("random:1s", "takes no budget"),
    ):
        with pytest.raises(AnglerError, match=message):
            make_agent(bad, 1, game)


@pytest.mark.parametrize(
    ("budget", "message"),
    [
        ("99999999999999999999999it", "from 1 to 10000000, not a whole number too large to use"),
        ("1_000it", "not the text '1_000'"),
        ("1.5it", "not the text '1.5'"),
        ("nans", "not the text 'nan'"),
        ("1e400s", "not the text '1e400'"),
        ("700s", "from 0.001 to 600, not the number 700"),
    ],
)
def test_a_budget_is_read_like_every_user_number_finite_whole_and_in_range(
    budget: str, message: str
) -> None:
    with pytest.raises(AnglerError) as refused:
        make_agent(f"ismcts:{budget}", 1, make_game("fishing"))
    assert str(refused.value).endswith(message)


def phase_seen_by(state: State[Any], seat: int) -> str:
    view: FishingView | CrazyFishingView = state.view(seat)
    return view.phase


@pytest.mark.parametrize(("name", "phase"), [("fishing", "pass"), ("crazy-fishing", "cast")])
def test_ismcts_searches_its_own_move_in_a_simultaneous_choice(name: str, phase: str) -> None:
    """While several seats choose at once, the searcher's tree starts with its own choice (not
    the first seat's), so the answer comes from search, not from a random fallback."""
    game = make_game(name, 4)
    rng = random.Random(3)
    for seed in range(40):
        state = game.new_state(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            current = state.current_players()
            if len(current) > 1 and phase_seen_by(state, current[-1]) == phase:
                seat = current[-1]
                agent = ISMCTSAgent(5, game, iterations=30)
                action = agent.act(state.view(seat), state.legal_actions(seat))
                assert action in state.legal_actions(seat)
                assert agent.last_root_choices >= 2  # its own actions were searched at the root
                return
            seat = current[0]
            legal = state.legal_actions(seat)
            state.apply_action(legal[int(rng.random() * len(legal))], seat)
    pytest.fail(f"no simultaneous {phase} reached")


def contested_turn(game: Any) -> State[Any]:
    """A Flip & Fish position, reached by heuristic players, where seat 0 chooses its turn
    among at least four actions (bait to take, gear to buy or ready)."""
    for seed in range(40):
        state = game.new_state(seed)
        players = [HeuristicAgent(s, game) for s in range(game.players)]
        for _ in range(400):
            if state.is_terminal():
                break
            seat = state.current_players()[0]
            legal = state.legal_actions(seat)
            if seat == 0 and state.view(0).phase == "turn" and len(legal) >= 4:
                return state
            state.apply_action(players[seat].act(state.view(seat), legal), seat)
    raise AssertionError("no contested turn in 40 seeded games")


def test_paired_search_tries_every_root_move_on_the_same_samples() -> None:
    """Flip & Fish compares root moves on common random numbers: each is tried once per re-deal
    and chance seed, so all end with the same visits. The heuristic's move is played unless
    another's paired gain over it is more than two standard errors above zero."""
    game = FlipAndFishGame(3)
    assert game.search.paired_search
    state = contested_turn(game)
    agent = ISMCTSAgent(3, game, iterations=120)
    action = agent.act(state.view(0), state.legal_actions(0))
    assert agent.last_root is not None
    moves = len(agent.last_root.children)
    assert moves >= 2
    visits = {child.visits for child in agent.last_root.children.values()}
    assert len(visits) == 1  # every root move the same number of samples
    (samples,) = visits
    assert agent.last_iterations == moves * samples <= 120 + moves
    assert agent.anchor_move in agent.last_root.children
    assert set(agent.advantage) == set(agent.last_root.children) - {agent.anchor_move}
    assert all(len(gains) == samples for gains in agent.advantage.values())
    if action != agent.anchor_move:
        gains = agent.advantage[action]
        mean = sum(gains) / len(gains)
        assert mean > 0


def test_leaving_the_heuristics_move_needs_more_evidence_against_more_rivals() -> None:
    """Bonferroni: against k rivals a gain must clear the z whose tail is two standard errors'
    tail over k, so a gain two and a half standard errors up is enough against one rival but
    not when it is the best of twenty noisy ones."""
    from angler.agents.ismcts import ANCHOR_Z, anchor_z

    assert anchor_z(1) == pytest.approx(ANCHOR_Z) and anchor_z(0) == pytest.approx(ANCHOR_Z)
    assert anchor_z(1) < anchor_z(2) < anchor_z(20) < 3.5
    agent = ISMCTSAgent(3, make_game("flip-and-fish", 3), iterations=3)
    agent.anchor_move = 0
    marginal = [0.25 + 1.0, 0.25 - 1.0] * 50  # mean 0.25, standard error about 0.1
    agent.advantage = {1: marginal}
    assert agent.anchored_choice({0, 1}) == 1
    agent.advantage = {1: marginal, **{r: [-0.1, 0.1] * 50 for r in range(2, 21)}}
    assert agent.anchored_choice(set(range(21))) == 0


def test_paired_search_stops_once_every_other_move_is_clearly_worse() -> None:
    game = make_game("flip-and-fish", 3)
    agent = ISMCTSAgent(3, game, iterations=3)
    agent.advantage = {8: [-0.5, -0.4, -0.45], 9: [-0.3, -0.31, -0.29]}
    assert agent.settled()
    agent.advantage[10] = [0.5, -0.4, 0.1]  # might still prove better: search on
    assert not agent.settled()
    agent.advantage = {}
    assert not agent.settled()  # nothing compared yet


def test_an_aim_is_the_heuristics_and_its_budget_is_banked_for_later_decisions() -> None:
    """Search never left the heuristic's aim, so an aim is not searched: the decision's budget
    goes to the bank, which a later decision may draw on up to ``BANK_MOVES`` decisions' worth."""
    from angler.agents.ismcts import BANK_MOVES

    game = make_game("flip-and-fish", 3)
    state = game.new_state(1)
    state.apply("fish", 0)
    agent = ISMCTSAgent(3, game, iterations=50)
    anchor = HeuristicAgent(3, game)
    for banked in (50, 100, 150, 200, 200):  # capped at BANK_MOVES decisions
        action = agent.act(state.view(0), state.legal_actions(0))
        assert action == anchor.act(state.view(0), state.legal_actions(0))
        assert agent.last_iterations == 0 and agent.bank == banked
    assert agent.bank == 50 * BANK_MOVES
    turn = contested_turn(game)
    agent.act(turn.view(0), turn.legal_actions(0))
    assert agent.last_root is not None
    assert 50 <= agent.last_iterations <= 200 + len(agent.last_root.children)
    assert agent.bank == max(0, min(250 - agent.last_iterations, 200))


def test_banked_budget_never_goes_below_nothing_nor_above_its_cap() -> None:
    from angler.agents.ismcts import BANK_MOVES

    agent = ISMCTSAgent(3, make_game("flip-and-fish", 3), iterations=100)
    agent.bank_unused(130)  # overran with nothing banked
    assert agent.bank == 0
    for _ in range(10):
        agent.bank_unused(0)
    assert agent.bank == 100 * BANK_MOVES
    agent.bank_unused(350)
    assert agent.bank == 100 * BANK_MOVES - 250


def test_paired_search_keeps_the_heuristics_move_without_clear_evidence() -> None:
    game = make_game("flip-and-fish", 3)
    agent = ISMCTSAgent(3, game, iterations=3)
    agent.anchor_move = 7
    agent.advantage = {8: [0.5, -0.4, 0.1], 9: [0.3, 0.31, 0.29]}
    assert agent.anchored_choice({7, 8, 9}) == 9  # steady gain: clearly better
    agent.advantage = {8: [0.5, -0.4, 0.1]}
    assert agent.anchored_choice({7, 8}) == 7  # noisy gain: keep the heuristic's move


def test_paired_search_plays_legal_moves_in_every_game() -> None:
    for name in GAMES:
        game = make_game(name)
        state = game.new_state(5)
        agents = [ISMCTSAgent(s, game, iterations=12, paired=True) for s in range(game.players)]
        for _ in range(60):
            if state.is_terminal():
                break
            seat = state.current_players()[0]
            legal = list(state.legal_actions(seat))
            action = agents[seat].act(state.view(seat), legal)
            assert action in legal
            state.apply_action(action, seat)


def test_where_search_does_not_beat_the_heuristic_every_level_plays_the_heuristic() -> None:
    """Flip & Fish: ISMCTS lost to the heuristic player in tournaments, so normal and hard play
    the heuristic (angler play gives them steadier casts); the other games search."""
    flip = make_game("flip-and-fish", 3)
    assert not flip.search.search_levels
    for level in LEVELS:
        make_agent_as(HeuristicAgent, level, 1, flip)  # the kind is the check
    for name in ("fishing", "crazy-fishing"):
        make_agent_as(ISMCTSAgent, "normal", 1, make_game(name))
