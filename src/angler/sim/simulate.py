"""Play many games between agents and summarise them.

Game number ``i`` (from 1) of a run with seed ``S`` is dealt from seed ``S + i - 1``, and the
agent in each seat is seeded from that game seed and the seat (see
:func:`angler.agents.agent_seed`), so every game can be played again on its own and a whole run is
reproducible from ``S``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar, cast

from angler.agents import Agent, agent_seed, make_agent
from angler.agents.base import resolve_agent
from angler.core.errors import AnglerError
from angler.core.game import Game
from angler.core.registry import make_game
from angler.core.state import State
from angler.play.loop import play_out
from angler.sim.backends import Backend, check_backend, play_batches
from angler.sim.stopping import RunStopped, signal_of

S = TypeVar("S", bound=State[Any])


@dataclass(frozen=True)
class GameResult:
    number: int  # 1-based position in the run (game-00001.json is game 1)
    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]  # seats sharing the victory (0-based)
    decisions: int  # actions applied
    rounds: int | None  # rounds played, for games that have rounds
    tally: dict[str, float] = field(default_factory=dict)  # the game's designer statistics

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.number,
            "seed": self.seed,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "decisions": self.decisions,
            "rounds": self.rounds,
            "tally": self.tally,
        }


@dataclass
class Simulation:
    """A finished run: its settings and one result per game."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    agents: list[str]
    results: list[GameResult] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.results)

    def wins(self) -> list[int]:
        """Games won by each seat; a shared victory counts as a win for every winner."""
        wins = [0] * self.players
        for result in self.results:
            for seat in result.winners:
                wins[seat] += 1
        return wins

    def win_shares(self) -> list[float]:
        """Each seat's share of all victories: a victory shared by k players gives each 1/k.
        The shares add up to 1 (when any game was played)."""
        shares = [0.0] * self.players
        for result in self.results:
            for seat in result.winners:
                shares[seat] += 1 / len(result.winners)
        return [share / self.games if self.games else 0.0 for share in shares]

    def mean_scores(self) -> list[float]:
        if not self.results:
            return [0.0] * self.players
        return [
            sum(result.scores[seat] for result in self.results) / self.games
            for seat in range(self.players)
        ]

    def mean_decisions(self) -> float:
        return sum(r.decisions for r in self.results) / self.games if self.results else 0.0

    def mean_rounds(self) -> float | None:
        rounds = [r.rounds for r in self.results if r.rounds is not None]
        if not rounds or len(rounds) != len(self.results):
            return None
        return sum(rounds) / len(rounds)

    def mean_tally(self) -> dict[str, float]:
        """Each designer statistic averaged over the games (0 where a game lacks it)."""
        keys = sorted({key for result in self.results for key in result.tally})
        return {
            key: sum(result.tally.get(key, 0.0) for result in self.results) / self.games
            for key in keys
        }

    def summary(self) -> dict[str, Any]:
        wins = self.wins()
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "agents": self.agents,
            "wins": wins,
            "win_rate": [w / self.games if self.games else 0.0 for w in wins],
            "win_share": self.win_shares(),
            "mean_score": self.mean_scores(),
            "mean_decisions": self.mean_decisions(),
            "mean_rounds": self.mean_rounds(),
            "mean_tally": self.mean_tally(),
        }

    def to_json(self) -> dict[str, Any]:
        return {"summary": self.summary(), "games": [r.as_dict() for r in self.results]}


def rounds_played(state: State[Any]) -> int | None:
    """Rounds played, from the game's own ``progress`` (None for a game without rounds).

    That is the round being played, or the last round played once the game is over (a game ended
    early keeps the last round it dealt).
    """
    round_no = state.game.statistics.progress(state).get("round")
    return round_no if isinstance(round_no, int) else None


def play_game(state: S, agents: Sequence[Agent]) -> S:
    """Let ``agents`` (one per seat) play ``state`` to the end through the one loop
    (:func:`angler.play.loop.play_out`); returns the same state."""
    return play_out(state, agents)


def seat_agents(names: Sequence[str], players: int) -> list[str]:
    """One agent name per seat, as the registry spells it: a single name serves every seat."""
    if len(names) not in (1, players):
        raise AnglerError(f"give 1 agent or {players} (one per seat), not {len(names)}")
    resolved = [resolve_agent(name) for name in names]
    return resolved * players if len(resolved) == 1 else resolved


def simulate(
    game: Game[Any, Any],
    games: int,
    seed: int = 0,
    agents: Sequence[str] = ("random",),
    on_game: Callable[[GameResult, State[Any]], None] | None = None,
    jobs: int | None = 1,
    backend: Backend = "local",
    address: str | None = None,
    keep_states: bool = True,
) -> Simulation:
    """Play ``games`` games of ``game``; ``on_game(result, final_state)`` is called after each.

    On this process by default; on ``jobs`` worker processes (``None``: every core) or on Ray
    (:func:`angler.sim.backends.play_batches`) the results are the same, sorted by number, and
    ``on_game`` sees the games as they finish. A worker sends each final state back only when
    ``keep_states`` (it costs tens of kilobytes a game); without it ``on_game`` gets ``None``.

    Ctrl-C (or SIGTERM, under :func:`~angler.sim.stopping.sigterm_stops_runs`) stops at once
    with :class:`RunStopped`, which says how many games had finished (their ``on_game`` done).
    """
    if games < 1:
        raise AnglerError(f"a simulation needs at least 1 game, not {games}")
    names = seat_agents(agents, game.players)
    for seat, name in enumerate(names):  # fail on a bad name before any game is played
        make_agent(name, agent_seed(seed, seat), game)
    backend = check_backend(backend, jobs, address)
    run = Simulation(game.name, game.players, game.describe_options(), seed, names)

    def finish(played: tuple[GameResult, State[Any] | None]) -> None:
        result, state = played
        if on_game is not None:
            on_game(result, cast(State[Any], state))
        run.results.append(result)  # counted as finished once on_game is done with it

    play: Callable[[list[int]], list[tuple[GameResult, State[Any] | None]]]
    if backend == "local" and jobs == 1:  # this process: the game as given, every state kept
        play = partial(_play_with, game, names, seed, True)
    else:  # a worker builds the game from its name and options
        play = partial(_play_batch, run.game, run.options, names, seed, keep_states)
    try:
        play_batches(play, range(1, games + 1), finish, jobs, backend, address)
    except KeyboardInterrupt as stop:
        raise RunStopped(run.games, games, signal_of(stop)) from None
    run.results.sort(key=lambda result: result.number)
    return run


def play_numbered(
    game: Game[Any, Any], names: Sequence[str], seed: int, number: int
) -> tuple[GameResult, State[Any]]:
    """Game ``number`` (from 1) of a run from ``seed``, and its final state."""
    game_seed = seed + number - 1
    players = [
        make_agent(name, agent_seed(game_seed, seat), game) for seat, name in enumerate(names)
    ]
    state = play_game(game.new_state(game_seed), players)
    result = GameResult(
        number=number,
        seed=game_seed,
        scores=tuple(state.scores()),
        winners=tuple(state.winners()),
        decisions=len(state.history),
        rounds=rounds_played(state),
        tally=game.statistics.tally(state),
    )
    return result, state


def _play_batch(
    game_name: str,
    options: dict[str, Any],
    names: Sequence[str],
    seed: int,
    keep_states: bool,
    numbers: list[int],
) -> list[tuple[GameResult, State[Any] | None]]:
    """A batch of games, the game built from its name so that it runs in any process."""
    return _play_with(make_game(game_name, **options), names, seed, keep_states, numbers)


def _play_with(
    game: Game[Any, Any], names: Sequence[str], seed: int, keep_states: bool, numbers: list[int]
) -> list[tuple[GameResult, State[Any] | None]]:
    played = (play_numbered(game, names, seed, number) for number in numbers)
    return [(result, state if keep_states else None) for result, state in played]
