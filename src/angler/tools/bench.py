"""The speed benchmark: random playouts through the public API on one core (not a test), and
ISMCTS iterations per second at a mid-game decision.

Every figure is the median over several timed batches, so one slow batch (another process, the
garbage collector) does not move it. The playout loop is the one any user of the engine writes::

    while not s.is_terminal():
        p = s.current_players()[0]
        a = s.legal_actions(p)
        s.apply_action(a[int(rnd() * len(a))], p)

It is the one game loop outside ``play/loop.py``, on purpose: it measures the engine's raw speed,
and asking a random agent through ``play_out`` (a seat lookup and two calls more per decision)
made the quickest game's random playouts 0–13% slower (about 6% over three runs, 2026-12-01):
as much as the 10% the bench figures may move, for no change in the engine. The heuristic's
time per decision is measured through ``play_out``.
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from angler.core.errors import AnglerError
from angler.core.game import Game
from angler.core.state import State
from angler.core.view import View
from angler.play.loop import play_out

if TYPE_CHECKING:
    from angler.agents.base import Agent

BATCHES = 5


def playout(state: State[Any], rnd: Callable[[], float]) -> int:
    """Play ``state`` to the end with uniformly random legal actions; returns the decisions made."""
    s = state
    decisions = 0
    while not s.is_terminal():
        p = s.current_players()[0]
        a = s.legal_actions(p)
        s.apply_action(a[int(rnd() * len(a))], p)
        decisions += 1
    return decisions


def mid_game_state(game: Game[Any, Any], seed: int) -> State[Any]:
    """A state about half way through a random game (what a search bot clones)."""
    rnd = random.Random(seed).random
    length = playout(game.new_state(seed), rnd)
    state: State[Any] = game.new_state(seed)
    rnd = random.Random(seed).random
    for _ in range(length // 2):
        p = state.current_players()[0]
        a = state.legal_actions(p)
        state.apply_action(a[int(rnd() * len(a))], p)
    return state


def _playout_batch(game: Game[Any, Any], seed: int, seconds: float) -> tuple[int, int, float]:
    """Play random games from ``seed`` on until ``seconds`` have passed (at least one game)."""
    rnd = random.Random(seed).random
    games = decisions = 0
    clock = time.perf_counter
    start = clock()
    while True:
        decisions += playout(game.new_state(seed + games), rnd)
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return games, decisions, elapsed


def _clone_batch(state: State[Any], seconds: float) -> float:
    clock = time.perf_counter
    clones = 0
    start = clock()
    while True:
        for _ in range(200):
            state.clone()
        clones += 200
        elapsed = clock() - start
        if elapsed >= seconds:
            return clones / elapsed


def decision_point(game: Game[Any, Any], seed: int) -> State[Any]:
    """A mid-game state whose player has a real choice (two legal actions or more) that search
    searches (not one the game leaves to its heuristic, ``heuristic_settles``)."""
    state = mid_game_state(game, seed)
    while not state.is_terminal():
        p = state.current_players()[0]
        a = state.legal_actions(p)
        if len(a) >= 2 and not game.search.heuristic_settles(state.view(p)):
            return state
        state.apply_action(a[0], p)
    raise AnglerError(f"{game.name}: no decision left after the middle of game {seed}")


def _search_batch(game: Game[Any, Any], state: State[Any], seconds: float, seed: int) -> float:
    from angler.agents.ismcts import ISMCTSAgent

    seat = state.current_players()[0]
    agent = ISMCTSAgent(seed, game, seconds=seconds)
    view, legal = state.view(seat), state.legal_actions(seat)
    start = time.perf_counter()
    agent.act(view, legal)
    return agent.last_iterations / (time.perf_counter() - start)


class _Timed:
    """The heuristic agent, timed with its seat's view built inside the clock (views included,
    as a player waiting would feel it): it asks the loop for no view and builds its own."""

    name = "timed"
    needs_view = False

    def __init__(self, agent: Agent, state: State[Any], seat: int) -> None:
        self.agent, self.state, self.seat = agent, state, seat
        self.spent = 0.0

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        start = time.perf_counter()
        seen = self.state.view(self.seat) if self.agent.needs_view else None
        action = self.agent.act(seen, legal)
        self.spent += time.perf_counter() - start
        return action


def _heuristic_time(game: Game[Any, Any], seed: int, games: int = 3) -> float:
    """Mean seconds per decision of the heuristic agent (the "easy" level), views included,
    over ``games`` whole games in which it holds every seat, played through the one loop."""
    from angler.agents import agent_seed, make_agent

    spent, decisions = 0.0, 0
    for number in range(games):
        state = game.new_state(seed + number)
        agents = [
            _Timed(make_agent("heuristic", agent_seed(seed + number, s), game), state, s)
            for s in range(game.players)
        ]
        play_out(state, agents)
        spent += sum(agent.spent for agent in agents)
        decisions += len(state.history)
    return spent / max(decisions, 1)


def bench_game(game: Game[Any, Any], seconds: float = 3.0, seed: int = 0) -> dict[str, Any]:
    """Decisions, games and clones per second for ``game``, in about ``seconds`` in all."""
    if seconds <= 0:
        raise AnglerError(f"--seconds must be more than 0, not {seconds}")
    playout(game.new_state(seed), random.Random(seed).random)  # warm-up
    share = seconds * 2 / 3 / BATCHES
    decision_rates: list[float] = []
    game_rates: list[float] = []
    for batch in range(BATCHES):
        games, decisions, elapsed = _playout_batch(game, seed + 1000 * batch, share)
        decision_rates.append(decisions / elapsed)
        game_rates.append(games / elapsed)
    state = mid_game_state(game, seed)
    clone_rates = [_clone_batch(state, seconds / 6 / BATCHES) for _ in range(BATCHES)]
    point = decision_point(game, seed)
    search_rates = [
        _search_batch(game, point, seconds / 6 / BATCHES, seed + batch) for batch in range(BATCHES)
    ]
    return {
        "heuristic_ms_per_decision": round(_heuristic_time(game, seed) * 1000, 3),
        "decisions_per_s": round(statistics.median(decision_rates), 1),
        "games_per_s": round(statistics.median(game_rates), 2),
        "clones_per_s": round(statistics.median(clone_rates), 1),
        "ismcts_iterations_per_s": round(statistics.median(search_rates), 1),
        "players": game.players,
        "batches": BATCHES,
    }


def run_yardstick(path: str | Path) -> float:
    """Load the Python file ``path`` and return its ``plays_per_second()``, run in this process."""
    file = Path(path)
    try:
        is_file = file.is_file()
    except OSError as exc:  # e.g. a name longer than the file system allows
        raise AnglerError(f"cannot read yardstick {file}: {exc.strerror or exc}") from None
    if not is_file:
        raise AnglerError(f"yardstick {file} is not a file")
    spec = importlib.util.spec_from_file_location("angler_yardstick", file)
    if spec is None or spec.loader is None:
        raise AnglerError(f"yardstick {file} cannot be loaded as Python")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise AnglerError(f"yardstick {file} failed to load: {type(exc).__name__}: {exc}") from None
    measure = getattr(module, "plays_per_second", None)
    if not callable(measure):
        raise AnglerError(f"yardstick {file} has no plays_per_second() function")
    try:
        value = measure()
    except Exception as exc:
        raise AnglerError(f"yardstick {file} failed: {type(exc).__name__}: {exc}") from None
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise AnglerError(f"yardstick {file}: plays_per_second() returned {value!r}, not a number")
    return float(value)
