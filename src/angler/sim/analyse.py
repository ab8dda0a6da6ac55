"""The designers' analysis: many seeded games at each player count, every figure a designer tunes
by kept game by game, so that the HTML report (:mod:`angler.sim.report_html`) can draw
distributions and intervals and, given a second card file, compare the two on the same seeds.

Game ``i`` (from 1) at every player count is dealt from seed ``S + i - 1``; seat ``k``'s agent is
seeded from that seed and the seat (:func:`angler.agents.agent_seed`), as in ``simulate`` and
``balance``. Every *side* (card file A and B, or the same game with other options, or each value
of a sweep) plays every seed: the games are paired.

A game that raises, never ends (more than :data:`MOVE_CAP` decisions) or ends without a winner is
an *anomaly*: it is listed, and left out of every figure.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from angler.agents import agent_seed, make_agent
from angler.core.data import read_json
from angler.core.errors import AnglerError
from angler.core.registry import make_game
from angler.play.loop import play_out
from angler.sim.backends import Backend, check_backend, play_batches
from angler.sim.card_diff import Change, card_file_changes, changed_cards, option_changes
from angler.sim.simulate import seat_agents
from angler.sim.stopping import RunStopped, signal_of
from angler.sim.sweep import Sweep

if TYPE_CHECKING:
    from angler.sim.real_games import RecordsRead

MOVE_CAP = 20_000  # decisions: far beyond any real game of the three, so a game past it stalled


@dataclass(frozen=True)
class Outcome:
    """One game, reduced to what the report needs; plain data, so it crosses processes."""

    side: int  # 0: the card file, 1: the one compared with it (or a sweep's value)
    players: int
    seed: int
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    decisions: int = 0
    lengths: dict[str, float] = field(default_factory=dict)  # numeric ``progress`` entries
    tally: dict[str, float] = field(default_factory=dict)
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    holdings: tuple[dict[str, int], ...] = ()  # by seat: the cards it held, by name
    anomaly: str = ""  # what went wrong, if anything did

    def share(self, seat: int) -> float:
        """The seat's part of the victory (1/k of a victory shared by k)."""
        return 1 / len(self.winners) if seat in self.winners else 0.0


@dataclass(frozen=True)
class Task:
    """One game to play: which side (card file and options), at which player count, from which
    seed."""

    side: int
    players: int
    seed: int


@dataclass
class Analysis:
    """A finished (or stopped) analysis: its settings and every game played."""

    game: str
    title: str
    options: dict[str, Any]
    seed: int
    games: int
    agents: dict[int, list[str]]  # by player count
    card_files: list[str]  # by side, as the designer named them; "" for the bundled one
    facts: list[dict[str, dict[str, dict[str, Any]]]]  # by side
    shares: tuple[tuple[str, str, str], ...]
    held_names: list[list[str]] = field(default_factory=list)  # by side: every card one may hold
    holdings_meaning: str = ""  # what holding a card means in this game
    changes: list[Change] = field(default_factory=list)  # what B's card file changes in A's
    variants: list[dict[str, Any]] = field(default_factory=list)  # by side: options changed
    sweep: Sweep | None = None  # what the sides vary, one value each, when sweeping
    records: RecordsRead | None = None  # side A's games read from records rather than played
    outcomes: list[Outcome] = field(default_factory=list)
    planned: int = 0
    stopped: RunStopped | None = None

    @property
    def player_counts(self) -> list[int]:
        return sorted(self.agents)

    @property
    def sides(self) -> int:
        return len(self.card_files)

    @property
    def compared(self) -> bool:
        """An A/B comparison (of card files or options), rather than one game or a sweep."""
        return self.sides == 2 and self.sweep is None

    def seating(self, players: int) -> str:
        """Who sat where at a player count: ``heuristic in every seat``, or seat by seat; with
        records, who played them (and the agents of B, when B plays their deals)."""
        if self.records is None:
            return seating_text(self.agents[players])
        real = seating_text(self.records.seats[players])
        if not self.compared:
            return real
        return f"A (records): {real} / B: {seating_text(self.agents[players])}"

    def seat_label(self, players: int, seat: int) -> str:
        """``seat 2``, with its agent when the seats are not all alike: ``seat 2 (random)``
        (not when records and bots compared seat different players in it)."""
        if self.records is not None and self.compared:
            return f"seat {seat + 1}"
        names = self.agents[players] if self.records is None else self.records.seats[players]
        return f"seat {seat + 1}" + (f" ({names[seat]})" if len(set(names)) > 1 else "")

    def settings(self, options: Mapping[str, Any], side: int) -> dict[str, Any]:
        """The game's options on one side: the common ones, that side's changes, its card file."""
        changed = self.variants[side] if self.variants else {}
        return card_options({**options, **changed}, self.card_files[side])

    @property
    def changed_cards(self) -> list[str]:
        return changed_cards(self.changes)

    def played(self, side: int, players: int) -> list[Outcome]:
        """The sound games of one side at one player count, by seed; with several sides, only the
        seeds every side finished soundly, so that every figure is paired."""
        sound = {(o.side, o.players, o.seed): o for o in self.outcomes if not o.anomaly}
        seeds = sorted(seed for (s, p, seed) in sound if s == side and p == players)
        seeds = [
            seed
            for seed in seeds
            if all((other, players, seed) in sound for other in range(self.sides))
        ]
        return [sound[(side, players, seed)] for seed in seeds]

    def anomalies(self) -> list[Outcome]:
        return sorted(
            (o for o in self.outcomes if o.anomaly), key=lambda o: (o.side, o.players, o.seed)
        )

    def count_names(self) -> list[str]:
        """Every counts table's name, in the order the games gave them."""
        names: dict[str, None] = {}
        for outcome in self.outcomes:
            names.update(dict.fromkeys(outcome.counts))
        return list(names)


def seating_text(names: Sequence[str]) -> str:
    """``heuristic in every seat``, or seat by seat: ``seat 1: random, seat 2: heuristic``."""
    if len(set(names)) == 1:
        return f"{names[0]} in every seat"
    return ", ".join(f"seat {seat + 1}: {name}" for seat, name in enumerate(names))


def card_options(options: Mapping[str, Any], cards: str) -> dict[str, Any]:
    settings = dict(options)
    if cards:
        settings["cards"] = cards
    return settings


def configure(
    game_name: str,
    options: Mapping[str, Any],
    card_files: Sequence[str],
    players: Sequence[int] = (),
    agents: Sequence[str] = ("heuristic",),
    variants: Sequence[Mapping[str, Any]] = (),
    sweep: Sweep | None = None,
) -> Analysis:
    """Check every setting (game, options, card files, player counts, agents) before any game is
    played, and return the empty analysis.

    Each card file is a *side*; ``variants`` (one per side, if given) are the options that side
    changes. Without ``players``, every count the game allows, or with one agent per seat, that
    many players.
    """
    changed = [dict(variant) for variant in variants] or [{} for _ in card_files]
    if len(changed) != len(card_files):
        raise ValueError(f"{len(changed)} sets of options for {len(card_files)} card files")
    side_options = [
        card_options({**options, **variant}, cards)
        for cards, variant in zip(card_files, changed, strict=True)
    ]
    first = make_game(game_name, **side_options[0])
    counts = list(players) or _player_counts(first, agents)
    by_count: dict[int, list[str]] = {}
    facts = []
    held_names: list[list[str]] = []
    card_data = []
    described = []
    for settings in side_options:
        names_held: dict[str, None] = {}
        for count in dict.fromkeys(counts):
            game = make_game(game_name, count, **settings)
            names = _seat_agents(agents, count)
            for seat, name in enumerate(names):
                make_agent(name, agent_seed(0, seat), game)
            by_count[count] = names
            if count == counts[0]:
                facts.append(game.statistics.count_facts())
            names_held.update(dict.fromkeys(game.statistics.holding_names()))
        held_names.append(list(names_held))
        source = getattr(getattr(game, "cards", None), "source", "")
        card_data.append(read_json(Path(source)) if source else None)
        described.append(_game_options(game.describe_options()))
    compared = len(card_files) == 2 and sweep is None
    return Analysis(
        game=first.name,
        title=first.title,
        options=described[0],
        seed=0,
        games=0,
        agents=by_count,
        card_files=list(card_files),
        facts=facts,
        shares=first.statistics.count_shares,
        held_names=held_names,
        holdings_meaning=first.statistics.holdings_meaning,
        changes=(card_file_changes(*card_data) + option_changes(*described)) if compared else [],
        variants=changed,
        sweep=sweep,
    )


def _player_counts(game: Any, agents: Sequence[str]) -> list[int]:
    """Every count the game allows; with one agent named per seat, that many players."""
    if len(agents) > 1:
        if not game.min_players <= len(agents) <= game.max_players:
            raise AnglerError(
                f"--agents names {len(agents)} agents, one per seat, but {game.name} is for "
                f"{game.min_players}–{game.max_players} players"
            )
        return [len(agents)]
    return list(range(game.min_players, game.max_players + 1))


def _seat_agents(agents: Sequence[str], players: int) -> list[str]:
    """One agent per seat; a one-line error names the player count that does not fit."""
    try:
        return seat_agents(agents, players)
    except AnglerError as error:
        if len(agents) in (1, players):
            raise  # an unknown agent: its own message says which
        raise AnglerError(f"--agents at {players} players: {error}") from None


def _game_options(described: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in described.items() if k not in ("players", "cards")}


def play_task(
    game_name: str, options: dict[str, Any], analysis_agents: dict[int, list[str]], task: Task
) -> Outcome:
    """Play one game and reduce it to an :class:`Outcome`; built from names, so it runs in any
    process. An error or a stall becomes the outcome's anomaly rather than ending the run."""
    game = make_game(game_name, task.players, **options)
    names = analysis_agents[task.players]
    agents = [make_agent(name, agent_seed(task.seed, s), game) for s, name in enumerate(names)]
    state = game.new_state(task.seed)
    base = Outcome(task.side, task.players, task.seed)
    try:
        play_out(state, agents, on_step=partial(_stop_a_stall, state))
    except _Stalled:
        return _with_anomaly(base, f"stalled: still going after {MOVE_CAP} decisions")
    except (AnglerError, ValueError, IndexError, KeyError, AssertionError) as error:
        return _with_anomaly(base, f"the game raised {type(error).__name__}: {error}")
    return outcome_of(state, base)


def outcome_of(state: Any, base: Outcome) -> Outcome:
    """A game played to its end reduced to what the report needs (``base`` names its side,
    player count and seed): a simulated game, or a real one replayed from its record."""
    if not state.is_terminal():
        return _with_anomaly(base, "stopped before the end with no player to act")
    winners = tuple(state.winners())
    if not winners:
        return _with_anomaly(base, "ended without a winner")
    statistics = state.game.statistics
    lengths = {
        key: float(value)
        for key, value in statistics.progress(state).items()
        if isinstance(value, int | float) and not isinstance(value, bool)
    }
    return Outcome(
        side=base.side,
        players=base.players,
        seed=base.seed,
        scores=tuple(state.scores()),
        winners=winners,
        decisions=len(state.history),
        lengths=lengths,
        tally=statistics.tally(state),
        counts={name: dict(table) for name, table in statistics.counts(state).items()},
        holdings=tuple(dict(sorted(held.items())) for held in statistics.holdings(state)),
    )


class _Stalled(Exception):
    pass


def _stop_a_stall(state: Any, seat: int, action: int) -> None:
    if len(state.history) > MOVE_CAP:
        raise _Stalled()


def _with_anomaly(base: Outcome, anomaly: str) -> Outcome:
    return Outcome(base.side, base.players, base.seed, anomaly=anomaly)


def _play_batch(
    game_name: str,
    options: list[dict[str, Any]],
    agents: dict[int, list[str]],
    tasks: list[Task],
    numbers: list[int],
) -> list[tuple[int, Outcome]]:
    return [(n, play_task(game_name, options[tasks[n].side], agents, tasks[n])) for n in numbers]


def run_analysis(
    analysis: Analysis,
    options: Mapping[str, Any],
    games: int,
    seed: int = 1,
    jobs: int | None = 1,
    on_game: Callable[[Outcome], None] | None = None,
    backend: Backend = "local",
    address: str | None = None,
) -> Analysis:
    """Play ``games`` seeded games at every player count of ``analysis`` (for each card file: the
    same seeds), on ``jobs`` processes or on Ray (:func:`angler.sim.backends.play_batches`);
    ``on_game(outcome)`` after each. When side A was read from records (``analysis.records``),
    only the other sides are played, on the records' seeds (their deals), and ``games`` and
    ``seed`` are not used.

    Ctrl-C (or SIGTERM, under :func:`~angler.sim.stopping.sigterm_stops_runs`) stops at once: the
    analysis keeps the games that finished, and its ``stopped`` says how many.
    """
    if games < 1:
        raise AnglerError(f"an analysis needs at least 1 game per player count, not {games}")
    backend = check_backend(backend, jobs, address)
    records = analysis.records
    if records is None:
        analysis.seed, analysis.games = seed, games
    # Every side plays a seed one after the other, so a stopped run stays paired.
    tasks = [
        Task(side, count, game_seed)
        for count in analysis.player_counts
        for game_seed in (records.seeds(count) if records else range(seed, seed + games))
        for side in range(1 if records else 0, analysis.sides)
    ]
    analysis.planned = len(analysis.outcomes) + len(tasks)  # the records' games count too
    settings = [analysis.settings(options, side) for side in range(analysis.sides)]

    def finish(numbered: tuple[int, Outcome]) -> None:
        if on_game is not None:
            on_game(numbered[1])
        analysis.outcomes.append(numbered[1])  # finished once on_game is done with it

    numbers = list(range(len(tasks)))
    play = partial(_play_batch, analysis.game, settings, analysis.agents, tasks)
    # A local pool never has more processes than cores; Ray has what it was given.
    cores = os.cpu_count() or 1
    workers = jobs if backend == "ray" else min(jobs or cores, cores)
    try:
        play_batches(play, numbers, finish, workers, backend, address)
    except KeyboardInterrupt as stop:
        analysis.stopped = RunStopped(len(analysis.outcomes), analysis.planned, signal_of(stop))
    analysis.outcomes.sort(key=lambda o: (o.players, o.seed, o.side))
    return analysis


def counted_rows(analysis: Analysis, side: int, table: str) -> list[str]:
    """The rows of one counts table: those the game's data names first (a card never counted is
    worth seeing), then any other counted, most counted first."""
    _, by, thing = table.rpartition(" by ")
    named = list(analysis.facts[side].get(thing, {})) if by else []
    counted: Counter[str] = Counter()
    for outcome in analysis.outcomes:
        if outcome.side == side:
            counted.update(outcome.counts.get(table, {}))
    rest = sorted(set(counted) - set(named), key=lambda row: (-counted[row], row))
    return named + rest
