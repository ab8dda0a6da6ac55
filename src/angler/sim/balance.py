"""The balance report: the heuristic player in every seat, many seeded games at each player count,
and a Markdown summary of what a designer tunes by, for any game.

For each player count: how long games last (the game's ``statistics.progress`` at the end), the
first player's share of the victories with its Wilson interval, and the mean of every ``tally``
figure with its interval. Over all player counts: the game's ``counts`` tables added up (such as
bites by fish type, abilities fired, cards caught by star tier).

Game ``i`` (from 1) at every player count is dealt from seed ``S + i - 1``; seat ``k``'s agent is
seeded from that seed and the seat (:func:`angler.agents.agent_seed`), as in ``simulate``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from angler.agents import agent_seed, make_agent
from angler.core.errors import AnglerError
from angler.core.game import Game
from angler.core.registry import make_game
from angler.play.loop import play_out
from angler.sim.stopping import RunStopped, signal_of
from angler.stats import Estimate

AGENT = "heuristic"


@dataclass
class Totals:
    """What the games at one player count added up to, game by game."""

    players: int
    progress: dict[str, list[float]] = field(default_factory=dict)  # numeric entries only
    first_shares: list[float] = field(default_factory=list)  # seat 0's part of each victory
    tallies: list[dict[str, float]] = field(default_factory=list)
    counts: dict[str, Counter[str]] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return len(self.first_shares)

    def tally(self, key: str) -> Estimate:
        return Estimate.of([tally.get(key, 0.0) for tally in self.tallies])


@dataclass
class Balance:
    """A finished balance run: the settings, and the totals by player count."""

    game: str
    title: str
    options: dict[str, Any]
    seed: int
    games: int
    totals: list[Totals]
    facts: dict[str, dict[str, dict[str, Any]]]
    shares: tuple[tuple[str, str, str], ...]

    def counts(self) -> dict[str, Counter[str]]:
        """Every counts table added up over all player counts (keys counted 0 kept)."""
        added: dict[str, Counter[str]] = {}
        for totals in self.totals:
            for name, table in totals.counts.items():
                added.setdefault(name, Counter()).update(table)
        return added


def player_counts(
    game_name: str, options: Mapping[str, Any], players: int | None = None
) -> list[Game[Any, Any]]:
    """The game configured at ``players``, or at each player count it allows; every
    configuration is checked before any game is played."""
    if players is not None:
        return [make_game(game_name, players, **options)]
    first = make_game(game_name, **options)
    return [
        make_game(game_name, count, **options)
        for count in range(first.min_players, first.max_players + 1)
    ]


def run_balance(
    game_name: str,
    games: int,
    seed: int = 1,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    on_game: Callable[[], None] | None = None,
) -> Balance:
    """Play ``games`` games at every player count (or at ``players`` alone) with the heuristic
    player in every seat; ``on_game()`` after each.

    Ctrl-C (or SIGTERM, under :func:`~angler.sim.stopping.sigterm_stops_runs`) stops at once
    with :class:`RunStopped`, which says how many games had finished.
    """
    if games < 1:
        raise AnglerError(f"a balance run needs at least 1 game per player count, not {games}")
    configured = player_counts(game_name, options or {}, players)
    first = configured[0]
    run = Balance(
        game=first.name,
        title=first.title,
        options={k: v for k, v in first.describe_options().items() if k != "players"},
        seed=seed,
        games=games,
        totals=[],
        facts=first.statistics.count_facts(),
        shares=first.statistics.count_shares,
    )
    try:
        for game in configured:
            totals = Totals(game.players)
            run.totals.append(totals)
            for game_seed in range(seed, seed + games):
                _add(totals, game, game_seed)
                if on_game is not None:
                    on_game()
    except KeyboardInterrupt as stop:
        finished = sum(totals.games for totals in run.totals)
        raise RunStopped(finished, games * len(configured), signal_of(stop)) from None
    return run


def _add(totals: Totals, game: Game[Any, Any], seed: int) -> None:
    agents = [make_agent(AGENT, agent_seed(seed, seat), game) for seat in range(game.players)]
    state = play_out(game.new_state(seed), agents)
    statistics = game.statistics
    for key, value in statistics.progress(state).items():
        if isinstance(value, int | float) and not isinstance(value, bool):
            totals.progress.setdefault(key, []).append(float(value))
    winners = state.winners()
    totals.first_shares.append((0 in winners) / len(winners))
    totals.tallies.append(statistics.tally(state))
    for name, table in statistics.counts(state).items():
        totals.counts.setdefault(name, Counter()).update(table)


# ----- the Markdown report -----


def report(run: Balance, source: str = "") -> str:
    """The run as Markdown: game length and first-player wins by player count, the tallies'
    means, and the counts tables."""
    options = ", ".join(f"{key}={_shown(value)}" for key, value in run.options.items())
    lines = [
        f"# {run.title}: balance",
        "",
        f"{AGENT.capitalize()} players in every seat, {run.games} games per player count, "
        f"seeds {run.seed}–{run.seed + run.games - 1}"
        + (f", options: {options}" if options else "")
        + (f", cards: {source}" if source else "")
        + ". Intervals are 95%.",
        "",
        *_length_table(run),
        "",
        *_tally_table(run),
    ]
    total_games = run.games * len(run.totals)
    for title, table in _count_tables(run, total_games):
        lines += ["", title, "", *table]
    return "\n".join(lines) + "\n"


def _shown(value: Any) -> str:
    if isinstance(value, tuple | list):
        return ",".join(str(item) for item in value)
    return "default" if value is None else str(value)


def _length_table(run: Balance) -> list[str]:
    keys = [key for key in run.totals[0].progress]
    header = ["players", *(f"mean {key}s" for key in keys), "first player wins (par)"]
    lines = [_row(header), _row(["---"] * len(header))]
    for totals in run.totals:
        lengths = [Estimate.of(totals.progress.get(key, [])).text() for key in keys]
        first = Estimate.share(totals.first_shares).text(percent=True)
        lines.append(_row([str(totals.players), *lengths, f"{first} ({1 / totals.players:.0%})"]))
    return lines


def _tally_table(run: Balance) -> list[str]:
    keys = sorted({key for totals in run.totals for tally in totals.tallies for key in tally})
    if not keys:
        return ["(this game keeps no tally)"]
    header = ["mean per game", *(f"{totals.players} players" for totals in run.totals)]
    lines = [_row(header), _row(["---"] * len(header))]
    for key in keys:
        lines.append(_row([key, *(totals.tally(key).text() for totals in run.totals)]))
    return lines


def _count_tables(run: Balance, games: int) -> list[tuple[str, list[str]]]:
    """The counts tables, those counted by the same thing side by side."""
    groups: dict[str, list[tuple[str, Counter[str]]]] = {}
    for name, table in run.counts().items():
        what, by, thing = name.rpartition(" by ")
        groups.setdefault(thing if by else name, []).append((what if by else name, table))
    tables = []
    for thing, columns in groups.items():
        title = f"Counted by {thing}, over all {games} games."
        tables.append((title, _count_table(thing, columns, run, games)))
    return tables


def _count_table(
    thing: str, columns: Sequence[tuple[str, Counter[str]]], run: Balance, games: int
) -> list[str]:
    facts = run.facts.get(thing, {})
    fact_keys = list(dict.fromkeys(key for row in facts.values() for key in row))
    names = [name for name, _ in columns]
    shares = [share for share in run.shares if {share[1], share[2]} <= {*names}]
    rows = list(facts)
    rows += sorted({key for _, table in columns for key in table} - set(rows))
    if not fact_keys:  # no order from the game's data: the most counted first
        rows.sort(key=lambda row: -columns[0][1][row])
    per_game = len(columns) == 1
    header = [thing, *fact_keys, *names, *(label for label, _, _ in shares)]
    header += ["per game"] * per_game
    lines = [_row(header), _row(["---"] * len(header))]
    counted = dict(columns)
    for row in rows:
        cells = [row, *(_shown(facts.get(row, {}).get(key, "")) for key in fact_keys)]
        cells += [str(table[row]) for _, table in columns]
        for _, part, whole in shares:
            total = counted[whole][row]
            cells.append(f"{counted[part][row] / total:.0%}" if total else "–")
        if per_game:
            cells.append(f"{columns[0][1][row] / games:.2f}")
        lines.append(_row(cells))
    return lines


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"
