"""Seat-rotated matches between agents, with confidence intervals and ratings.

A tournament has one *entry* per seat: the agents given, in order (the same agent may enter
several times, e.g. one ``ismcts`` against three ``heuristic``). Game ``i`` (from 1) is dealt from
seed ``S + i - 1`` and seats the entries rotated by ``i - 1`` places, so over a multiple of the
player count every entry plays every seat equally. Each seat's agent is seeded from the game seed
and the seat (:func:`angler.agents.agent_seed`), so a game is reproducible on its own and the
whole run is reproducible from ``S``, on one core or many.

**A ladder** has more entries than seats (every agent worth rating, say). Game ``i`` then seats
a draw of as many entries as there are seats, in a random order, drawn from ``S`` and ``i`` alone
(so again reproducible on any number of cores); each entry's figures count the games it sat in.

Reported per entry: the games it played, its win share (a victory shared by k players counts
1/k) with a 95% Wilson interval, its mean score with a 95% normal-approximation interval, and an
OpenSkill (Plackett-Luce) rating from the games' rankings in order. A ladder's entry that the
draws never seated has no figures (null in the summary) and is ranked after every other.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from angler.agents import agent_seed, make_agent
from angler.agents.base import Agent, resolve_agent
from angler.core.errors import AnglerError
from angler.core.game import Game
from angler.core.registry import make_game
from angler.core.view import View
from angler.play.loop import play_out
from angler.sim.backends import Backend, check_backend, play_batches
from angler.sim.stopping import RunStopped, signal_of
from angler.stats import Estimate


@dataclass(frozen=True)
class MatchResult:
    """One game: which entry sat where, and how it went (seats 0-based)."""

    number: int
    seed: int
    lineup: tuple[int, ...]  # entry index by seat
    scores: tuple[int, ...]  # by seat
    winners: tuple[int, ...]  # seats
    decisions: int
    # Timing, by seat (not compared: it depends on the machine, the results do not).
    moves: tuple[int, ...] = field(default=(), compare=False)  # decisions its agent was asked
    thinking: tuple[float, ...] = field(default=(), compare=False)  # seconds spent on them
    slowest: tuple[float, ...] = field(default=(), compare=False)  # its longest, in seconds
    # A searching agent's simulations over the decisions it searched, and the seconds they took
    # (a forced move is not searched): its iterations a second, in the games' own run.
    iterations: tuple[int, ...] = field(default=(), compare=False)
    searching: tuple[float, ...] = field(default=(), compare=False)

    def share(self, entry: int) -> float:
        """The entry's part of this game's victory (1/k for a victory shared by k)."""
        seat = self.lineup.index(entry)
        return 1 / len(self.winners) if seat in self.winners else 0.0

    def score(self, entry: int) -> int:
        return self.scores[self.lineup.index(entry)]

    def as_dict(self, agents: Sequence[str]) -> dict[str, Any]:
        return {
            "game": self.number,
            "seed": self.seed,
            "seats": [agents[entry] for entry in self.lineup],
            "entries": list(self.lineup),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "decisions": self.decisions,
            "moves": list(self.moves),
            "thinking": [round(t, 4) for t in self.thinking],
            "slowest": [round(t, 4) for t in self.slowest],
            "iterations": list(self.iterations),
            "searching": [round(t, 4) for t in self.searching],
        }


@dataclass
class Tournament:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    agents: list[str]  # one per entry
    results: list[MatchResult] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def ladder(self) -> bool:
        """More entries than seats: each game seats a seeded draw of them."""
        return len(self.agents) > self.players

    def played(self, entry: int) -> list[MatchResult]:
        """The games the entry sat in (every game, unless this is a ladder)."""
        return [result for result in self.results if entry in result.lineup]

    def label(self, entry: int) -> str:
        """``heuristic`` when the agent entered once, ``heuristic #2`` when several times."""
        name = self.agents[entry]
        if self.agents.count(name) == 1:
            return name
        return f"{name} #{self.agents[: entry + 1].count(name)}"

    def win_share(self, entry: int) -> Estimate:
        return Estimate.share([result.share(entry) for result in self.played(entry)])

    def mean_score(self, entry: int) -> Estimate:
        return Estimate.of([float(result.score(entry)) for result in self.played(entry)])

    def move_time(self, entry: int) -> tuple[float, float]:
        """(mean, longest) seconds the entry's agent took per decision; timing, unlike the
        results, depends on the machine and its load."""
        moves = thinking = slowest = 0.0
        for result in self.played(entry):
            if not result.moves:
                continue
            seat = result.lineup.index(entry)
            moves += result.moves[seat]
            thinking += result.thinking[seat]
            slowest = max(slowest, result.slowest[seat])
        return (thinking / moves if moves else 0.0), slowest

    def iteration_rate(self, entry: int) -> float | None:
        """Iterations a second of the entry's search over the games it played (None: it does not
        search, or never had to choose)."""
        iterations = seconds = 0.0
        for result in self.played(entry):
            if result.iterations:
                seat = result.lineup.index(entry)
                iterations += result.iterations[seat]
                seconds += result.searching[seat]
        return iterations / seconds if iterations and seconds else None

    def standings(self) -> list[int]:
        """The entries in the order to show them: as entered; in a ladder, best first by the
        rating's conservative estimate (OpenSkill's ordinal, mu - 3 sigma), then any entry that
        never sat (its rating is only the prior, so it has no place among the others)."""
        if not self.ladder:
            return list(range(len(self.agents)))
        ratings = self.ratings()
        sat = {entry for result in self.results for entry in result.lineup}
        return sorted(
            range(len(self.agents)),
            key=lambda entry: (entry not in sat, -(ratings[entry][0] - 3 * ratings[entry][1])),
        )

    def ratings(self) -> list[tuple[float, float]]:
        """OpenSkill (Plackett-Luce) ``(mu, sigma)`` per entry, rated game by game in order."""
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        ratings = [model.rating(name=self.label(entry)) for entry in range(len(self.agents))]
        for result in self.results:
            order = list(result.lineup)
            teams = [[ratings[entry]] for entry in order]
            ranks = [1.0 + sum(other > mine for other in result.scores) for mine in result.scores]
            rated = model.rate(teams, ranks=ranks)
            for entry, team in zip(order, rated, strict=True):
                ratings[entry] = team[0]
        return [(rating.mu, rating.sigma) for rating in ratings]

    def summary(self) -> dict[str, Any]:
        ratings = self.ratings()
        entries = []
        for entry, name in enumerate(self.agents):
            mu, sigma = ratings[entry]
            sat = bool(self.played(entry))  # a ladder's entry may never sit: no figures then
            entries.append(
                {
                    "entry": entry,
                    "agent": name,
                    "label": self.label(entry),
                    "games": len(self.played(entry)),
                    "win_share": self.win_share(entry).as_dict() if sat else None,
                    "mean_score": self.mean_score(entry).as_dict() if sat else None,
                    "rating": {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma},
                    "seconds_per_move": (
                        dict(zip(("mean", "longest"), self.move_time(entry), strict=True))
                        if sat
                        else None
                    ),
                    "iterations_per_s": self.iteration_rate(entry),
                }
            )
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "par": 1 / self.players,
            "entries": entries,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "summary": self.summary(),
            "games": [result.as_dict(self.agents) for result in self.results],
        }


def lineup(entries: int, number: int, seats: int | None = None, seed: int = 0) -> tuple[int, ...]:
    """Entry by seat in game ``number`` (from 1): with as many entries as ``seats`` (the
    default), rotated one place per game; with more (a ladder), a draw of ``seats`` entries in a
    random order, from ``seed`` and ``number`` alone."""
    if seats is None or seats == entries:
        shift = (number - 1) % entries
        return tuple((seat - shift) % entries for seat in range(entries))
    draw = random.Random(f"ladder {seed} {number}")  # a string seed is the same on every run
    return tuple(draw.sample(range(entries), seats))


def play_match(
    game_name: str, options: dict[str, Any], agents: Sequence[str], seed: int, number: int
) -> MatchResult:
    """Game ``number`` of a tournament: built from names so that it runs in any process."""
    game = make_game(game_name, **options)
    game_seed = seed + number - 1
    seats = lineup(len(agents), number, game.players, seed)
    timed = [
        TimedAgent(make_agent(agents[entry], agent_seed(game_seed, seat), game))
        for seat, entry in enumerate(seats)
    ]
    state = play_out(game.new_state(game_seed), timed)
    return MatchResult(
        number=number,
        seed=game_seed,
        lineup=seats,
        scores=tuple(state.scores()),
        winners=tuple(state.winners()),
        decisions=len(state.history),
        moves=tuple(agent.moves for agent in timed),
        thinking=tuple(agent.thinking for agent in timed),
        slowest=tuple(agent.slowest for agent in timed),
        iterations=tuple(agent.iterations for agent in timed),
        searching=tuple(agent.searching for agent in timed),
    )


class TimedAgent:
    """Wraps an agent to time its decisions, wall clock, as a player waiting would feel them."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.needs_view = agent.needs_view
        self.moves = self.iterations = 0
        self.thinking = self.slowest = self.searching = 0.0

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        start = time.perf_counter()
        action = self.agent.act(view, legal)
        spent = time.perf_counter() - start
        self.moves += 1
        self.thinking += spent
        self.slowest = max(self.slowest, spent)
        searched = getattr(self.agent, "last_iterations", None)  # ismcts, openspiel-ismcts
        if searched is not None and len(legal) > 1:
            self.iterations += searched
            self.searching += spent
        return action


def _play_batch(
    game_name: str, options: dict[str, Any], agents: Sequence[str], seed: int, numbers: list[int]
) -> list[MatchResult]:
    return [play_match(game_name, options, agents, seed, number) for number in numbers]


def run_tournament(
    game: Game[Any, Any],
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int | None = None,
    on_game: Callable[[MatchResult], None] | None = None,
    backend: Backend = "local",
    address: str | None = None,
) -> Tournament:
    """Play ``games`` seat-rotated games on ``jobs`` processes (default: every core), or on Ray
    (:func:`angler.sim.backends.play_batches`); the results do not depend on where.

    Ctrl-C (or SIGTERM, under :func:`~angler.sim.stopping.sigterm_stops_runs`) stops at once:
    the queued games are dropped, the worker processes ended, and :class:`RunStopped` says how
    many games had finished.
    """
    if len(agents) < game.players:
        raise AnglerError(
            f"give one agent per seat: {game.players} for {game.players} players, not "
            f"{len(agents)} (or more, for a ladder)"
        )
    agents = [resolve_agent(name) for name in agents]
    if games < 1:
        raise AnglerError(f"a tournament needs at least 1 game, not {games}")
    for seat, name in enumerate(agents):  # a bad name fails before any game is played
        make_agent(name, agent_seed(seed, seat), game)
    backend = check_backend(backend, jobs, address)
    options = game.describe_options()
    run = Tournament(game.name, game.players, options, seed, list(agents))

    def finish(result: MatchResult) -> None:
        if on_game is not None:
            on_game(result)
        run.results.append(result)  # counted as finished once on_game is done with it

    play = partial(_play_batch, game.name, options, agents, seed)
    try:
        play_batches(play, range(1, games + 1), finish, jobs, backend, address)
    except KeyboardInterrupt as stop:
        raise RunStopped(len(run.results), games, signal_of(stop)) from None
    run.results.sort(key=lambda result: result.number)
    return run
