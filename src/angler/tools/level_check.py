"""Rank players by their accuracy on the same decisions (docs/review.md, "Judging the searching
levels"; ``review/same_decisions.py``).

    python -m angler.tools.level_check hard-games/*.json --seat 1 \\
        --players random,heuristic,ismcts:1600it,ismcts:5000it --iterations 10000 -j 2

At every decision of the seat in the records, each player chooses a move from the seat's view,
and one judging search values all their moves on the same worlds and chance. Prints each
player's accuracy and value lost a decision, each with its 95% interval over the games, then
each player less the one before it, paired game by game. ``--json`` prints the summary and
every decision. Ctrl-C sums up what is done; progress goes to standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from statistics import fmean
from typing import Any, NoReturn

from rich.console import Console
from rich.table import Table

from angler.agents.base import resolve_agent
from angler.core.errors import AnglerError
from angler.core.records import Record
from angler.review.decisions import decisions_of
from angler.review.review import FEWEST_SEARCH_ITERATIONS
from angler.review.same_decisions import JudgedDecision, judge_same_decisions
from angler.stats import Estimate
from angler.tools.record_files import fail, finished_records


def _fail(message: str) -> NoReturn:
    fail("level_check", message)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m angler.tools.level_check",
        description="Players' accuracy on the same decisions, judged by the paired search.",
    )
    parser.add_argument("records", nargs="+", type=Path, help="finished games' records")
    parser.add_argument("--seat", type=int, required=True, help="the seat (1 = first player)")
    parser.add_argument(
        "--players",
        required=True,
        help="two or more players, weakest first, e.g. random,heuristic,ismcts:1600it "
        "(counted budgets replay exactly; timed ones, as normal or hard, depend on the load)",
    )
    parser.add_argument(
        "--iterations", type=int, default=10000, help="the judge's iterations (default 10000)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the judge's seed (default 0)")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    # argparse's own errors exit 2 with a usage line, as the rest of the command line does
    arguments = parser.parse_args(argv)
    if arguments.iterations < FEWEST_SEARCH_ITERATIONS:
        _fail(f"--iterations needs {FEWEST_SEARCH_ITERATIONS} or more")
    if arguments.jobs < 1:
        _fail("--jobs needs 1 or more")
    players = [name.strip() for name in arguments.players.split(",") if name.strip()]
    if len(players) < 2:
        _fail("--players needs two or more players, separated by commas")
    try:
        arguments.players = [resolve_agent(name) for name in players]
    except AnglerError as problem:
        _fail(str(problem))
    return arguments


def _records(paths: list[Path], seat: int) -> list[Record]:
    records = [record for _, record in finished_records("level_check", paths, seat)]
    if len({record.game for record in records}) > 1:
        _fail("the records are of more than one game")
    return records


def _by_game(judged: Sequence[JudgedDecision], player: int, measure: str) -> dict[int, float]:
    """One player's figure in each game: its accuracy or its mean value lost there."""
    games: dict[int, list[JudgedDecision]] = {}
    for decision in judged:
        games.setdefault(decision.record, []).append(decision)
    if measure == "accuracy":
        return {g: fmean(d.accuracies()[player] for d in ds) for g, ds in games.items()}
    return {g: fmean(d.losses[player] for d in ds) for g, ds in games.items()}


def summary(players: Sequence[str], judged: Sequence[JudgedDecision]) -> dict[str, Any]:
    """Each player's accuracy and value lost over the games, and each less the one before,
    paired game by game (a game's figure is the mean over its decisions)."""

    def over(values: Sequence[float]) -> dict[str, float | None] | None:
        return Estimate.of(values).as_dict() if values else None

    def figures(player: int) -> dict[str, Any]:
        return {
            "player": players[player],
            "accuracy": over(list(_by_game(judged, player, "accuracy").values())),
            "value_lost": over(list(_by_game(judged, player, "loss").values())),
            "best_or_same": sum(1 for d in judged if d.losses[player] <= 0) / len(judged)
            if judged
            else None,
        }

    def step(player: int) -> dict[str, Any]:
        paired = {}
        for measure in ("accuracy", "loss"):
            now, before = _by_game(judged, player, measure), _by_game(judged, player - 1, measure)
            paired[measure] = over([now[g] - before[g] for g in now])
        differing = [d for d in judged if d.moves[player] != d.moves[player - 1]]
        return {
            "players": [players[player - 1], players[player]],
            "accuracy": paired["accuracy"],
            "value_lost": paired["loss"],
            "decisions_differing": len(differing),
            "loss_where_differing": over(
                [d.losses[player] - d.losses[player - 1] for d in differing]
            ),
        }

    return {
        "games": len({d.record for d in judged}),
        "decisions": len(judged),
        "players": [figures(k) for k in range(len(players))],
        "steps": [step(k) for k in range(1, len(players))],
    }


def _print(result: dict[str, Any]) -> None:
    """Two tables that fit 80 columns: each player, then each step up the list."""

    def text(estimate: dict[str, float | None] | None, digits: int, sign: str = "") -> str:
        if estimate is None:
            return "-"
        mean, low, high = estimate["mean"], estimate["low"], estimate["high"]
        if low is None or high is None:  # one game gives no interval
            return f"{mean:{sign}.{digits}f}"
        return f"{mean:{sign}.{digits}f} ({low:{sign}.{digits}f} to {high:{sign}.{digits}f})"

    games = result["games"]
    players = Table(title=f"{result['decisions']} decisions in {games} games", title_justify="left")
    players.add_column("player")
    for heading in ("accuracy", "value lost a decision"):
        players.add_column(heading, justify="right", no_wrap=True)
    for row in result["players"]:
        players.add_row(row["player"], text(row["accuracy"], 1), text(row["value_lost"], 4))
    steps = Table(title="each less the one before, game by game", title_justify="left")
    steps.add_column("players")  # wraps first: the figures stay on one line each
    for heading in ("accuracy", "value lost", "differ"):
        steps.add_column(heading, justify="right", no_wrap=True)
    for row in result["steps"]:
        weaker, stronger = row["players"]
        steps.add_row(
            f"{stronger} − {weaker}",
            text(row["accuracy"], 1, "+"),
            text(row["value_lost"], 4, "+"),
            str(row["decisions_differing"]),
        )
    console = Console()
    console.print(players, steps)
    console.print(
        f"95% intervals over the {games} games (normal approximation); differ: the decisions "
        "where the two players' moves differ",
        style="dim",
    )


def main(argv: list[str] | None = None) -> None:
    arguments = _arguments(argv)
    seat = arguments.seat - 1
    records = _records(arguments.records, seat)
    total = sum(1 for record in records for _ in decisions_of(record, seat))
    judged: list[JudgedDecision] = []

    shown = sys.stderr.isatty()  # a progress line for a person, none in a log

    def finish(decision: JudgedDecision) -> None:
        judged.append(decision)
        if shown:
            print(f"\rjudged {len(judged)} of {total} decisions", end="", file=sys.stderr)

    try:
        judge_same_decisions(
            records,
            seat,
            arguments.players,
            arguments.iterations,
            arguments.seed,
            arguments.jobs,
            finish=finish,
        )
    except KeyboardInterrupt:
        print("\nstopped: the summary covers the decisions judged so far", file=sys.stderr)
    else:
        if shown:
            print(file=sys.stderr)
    judged.sort(key=lambda d: (d.record, d.step))
    result = summary(arguments.players, judged)
    if arguments.json:
        result["iterations"] = arguments.iterations
        result["seat"] = arguments.seat
        result["records"] = [str(path) for path in arguments.records]
        result["by_decision"] = [
            {"record": d.record, "step": d.step, "moves": d.moves, "losses": d.losses}
            for d in judged
        ]
        print(json.dumps(result, indent=1))
        return
    _print(result)


if __name__ == "__main__":
    main()
