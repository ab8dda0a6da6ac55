"""Ask a judge what one seat's departures from the heuristic were worth, over many records
(docs/review.md, "Judging the searching levels"; ``review/departures.py``).

    python -m angler.tools.judge_check normal-games/*.json --seat 1 --judge rollout --samples 200
    python -m angler.tools.judge_check normal-games/*.json --seat 1 --judge search --iterations 3000

Prints each departure's gain as it is measured (the played move less the heuristic's, with its
95% interval), then the mean over the departures with its interval, and how many departures
each game had. ``--json`` prints the summary and every departure as JSON instead. Ctrl-C sums
up what is done.

A review by the search of every decision is ``angler review --judge search`` (and
``angler review-check --judge search`` over many records).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from statistics import fmean
from typing import Any, NoReturn

from angler.core.records import Record, start_state
from angler.review.departures import (
    Gain,
    departures,
    rollout_gain,
    search_gain,
)
from angler.review.review import JUDGES
from angler.stats import Estimate
from angler.tools.record_files import fail, finished_records


def _fail(message: str) -> NoReturn:
    fail("judge_check", message)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m angler.tools.judge_check",
        description="What a judge makes of one seat's departures from the heuristic's moves.",
    )
    parser.add_argument("records", nargs="+", type=Path, help="finished games' records")
    parser.add_argument("--seat", type=int, required=True, help="the seat (1 = first player)")
    parser.add_argument("--judge", choices=JUDGES, default="rollout", help="default: rollout")
    parser.add_argument(
        "--samples", type=int, default=200, help="rollout: worlds per departure (default 200)"
    )
    parser.add_argument(
        "--iterations", type=int, default=3000, help="search: iterations (default 3000)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the judge's seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    # argparse's own errors exit 2 with a usage line, as the rest of the command line does
    arguments = parser.parse_args(argv)
    if arguments.samples < 2 or arguments.iterations < 1:
        _fail("--samples needs 2 or more and --iterations 1 or more")
    return arguments


def _measure(
    arguments: argparse.Namespace,
    path: Path,
    record: Record,
    gains: list[Gain],
    found: dict[str, int],
) -> None:
    """Measure the departures of one record into ``gains``, counting them in ``found`` as
    they are met (so that Ctrl-C leaves the counts true)."""
    game = start_state(record).game
    found[path.name] = 0
    for departure in departures(record, arguments.seat - 1):
        gain = (
            rollout_gain(game, departure, arguments.samples, arguments.seed)
            if arguments.judge == "rollout"
            else search_gain(game, departure, arguments.iterations, arguments.seed)
        )
        found[path.name] += 1
        if gain is None:
            continue
        gains.append(gain)
        if not arguments.json:
            score = "" if gain.score is None else f", score {gain.score.text()}"
            print(f"{path.name} step {gain.step}: {gain.value.text()}{score}", flush=True)


def _summary(
    arguments: argparse.Namespace, gains: list[Gain], found: dict[str, int]
) -> dict[str, Any]:
    def over(values: list[float]) -> dict[str, float | None] | None:
        return Estimate.of(values).as_dict() if values else None

    scores = [g.score.mean for g in gains if g.score is not None]
    return {
        "judge": arguments.judge,
        "seat": arguments.seat,
        "budget": arguments.samples if arguments.judge == "rollout" else arguments.iterations,
        "games": len(found),
        "departures": sum(found.values()),
        "measured": len(gains),
        "departures_a_game": fmean(found.values()) if found else None,
        "value_gain": over([g.value.mean for g in gains]),
        "score_gain": over(scores),
        "by_departure": [
            {
                "step": g.step,
                "value": g.value.as_dict(),
                "score": None if g.score is None else g.score.as_dict(),
            }
            for g in gains
        ],
        "by_game": found,
    }


def main(argv: list[str] | None = None) -> None:
    arguments = _arguments(argv)
    records = finished_records("judge_check", arguments.records, arguments.seat - 1)
    gains: list[Gain] = []
    found: dict[str, int] = {}
    try:
        for path, record in records:
            _measure(arguments, path, record, gains, found)
    except KeyboardInterrupt:
        print("stopped: the summary covers the departures measured so far", file=sys.stderr)
    summary = _summary(arguments, gains, found)
    if arguments.json:
        print(json.dumps(summary, indent=1))
        return
    unit = "share of the victory" if arguments.judge == "rollout" else "search value"
    print(
        f"{summary['measured']} departures measured ({summary['departures']} in "
        f"{summary['games']} games) by the {arguments.judge} judge"
    )
    if len(gains) > 1:
        value = Estimate.of([g.value.mean for g in gains])
        print(
            f"gain over the heuristic's move, {unit}: {value.mean:+.4f} "
            f"({value.low:+.4f} to {value.high:+.4f})"
        )
    scores = [g.score.mean for g in gains if g.score is not None]
    if len(scores) > 1:
        score = Estimate.of(scores)
        print(f"gain in final score: {score.mean:+.3f} ({score.low:+.3f} to {score.high:+.3f})")


if __name__ == "__main__":
    main()
