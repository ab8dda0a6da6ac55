"""``angler review-check``: does the review tell good play from bad, and is its advice right?

It reviews one seat in many finished games and sums up the seat's accuracy over them, then
replays each game's real deal with the move the review recommended at its mistakes and
blunders (``review/advice.py``), paired with the move played (docs/review.md, "Measurements").
"""

from __future__ import annotations

import json
from pathlib import Path
from statistics import fmean
from typing import Annotated, Any

import typer
from rich.table import Table

from angler.cli.backend_options import (
    AddressOption,
    BackendOption,
    RayTokenFileOption,
    ReviewProcessesOption,
    review_processes,
)
from angler.cli.common import emit_json, make_folder, out, progress_bar, seat_from_cli, write_text
from angler.cli.review import JudgeOption
from angler.core.errors import AnglerError
from angler.core.records import load_record, player_count
from angler.review.advice import (
    CHECKED_LABELS,
    Advice,
    AdviceCheck,
    check_advice,
    marks_to_check,
)
from angler.review.labels import BEST, CLOSE
from angler.review.review import judged_budget, points_lost, review_seat
from angler.sim.backends import check_backend
from angler.sim.simulate import seat_agents
from angler.stats import Estimate

CHECK_BUDGET = "100it"  # half the review's default: a check reviews many games


def review_check_command(
    files: Annotated[
        list[Path],
        typer.Argument(metavar="RECORD...", help="Finished games' records (docs/records.md)."),
    ],
    seat: Annotated[
        int, typer.Option("--seat", metavar="N", help="The seat to review (1 = first player).")
    ],
    judge: JudgeOption = None,
    budget: Annotated[
        str | None,
        typer.Option(
            "--budget",
            metavar="BUDGET",
            help=f"Per decision, as for a review (the rollouts' default here: {CHECK_BUDGET}).",
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", metavar="SEED", help="The reviews' and the replays' seed.")
    ] = 0,
    tries: Annotated[
        int,
        typer.Option(
            "--tries",
            min=1,
            max=1000,
            metavar="K",
            help="Paired replays of each checked decision: the first with the game's own "
            "chance, the rest with fresh seeds.",
        ),
    ] = 1,
    marks: Annotated[
        str,
        typer.Option(
            "--marks", metavar="MARKS", help="Comma-separated marks whose advice is checked."
        ),
    ] = ",".join(CHECKED_LABELS),
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            metavar="AGENTS",
            help="Who plays on after the checked move, one agent per seat or one for all "
            "(default: the record's seats; the heuristic for a person).",
        ),
    ] = None,
    reviews: Annotated[
        Path | None,
        typer.Option(
            "--reviews",
            metavar="DIR",
            help="Keep each review here as JSON (RECORD-NAME.review.json); one already there, "
            "of the same seat, budget and seed, is read back instead of reviewed again.",
        ),
    ] = None,
    jobs: ReviewProcessesOption = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
    ray_token_file: RayTokenFileOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
) -> None:
    """Review one seat in many games; sum up its accuracy, and check the review's advice.

    Each record is reviewed as `angler review` does. Then, at every decision marked with one of
    --marks, the real game (its true deal, which the review never saw) is played on twice: with
    the move played and with the move recommended, on the same chance and by the same players.
    The recommended branch's result less the played one's is the advice's gain.
    """
    if budget is None and judge in (None, "rollout"):
        budget = CHECK_BUDGET
    budget = judged_budget(judge, budget)
    records = [(path, load_record(path)) for path in files]
    kinds = {(record.game, player_count(record)) for _, record in records}
    if len(kinds) > 1:
        raise AnglerError("give records of one game with one number of players")
    seat_index = seat_from_cli(seat, player_count(records[0][1]), "--seat")
    checked_marks = marks_to_check([name.strip() for name in marks.split(",") if name.strip()])
    checked_backend = check_backend(backend, jobs, address, ray_token_file)
    for path, record in records:
        if record.result is None:
            raise AnglerError(f"{path}: this record's game is not finished")
    agents = None
    if players is not None:
        agents = seat_agents(players.split(","), player_count(records[0][1]))
    if reviews is not None:
        make_folder(reviews)
    rows: list[dict[str, Any]] = []
    progress = progress_bar()
    with progress:
        task = progress.add_task("reviews", total=len(records))
        for path, record in records:
            kept = reviews / f"{path.stem}.review.json" if reviews is not None else None
            done = _kept_review(kept, record.game, seat_index, budget, seed)
            if done is None:
                review = review_seat(
                    record,
                    seat_index,
                    budget,
                    seed,
                    jobs=review_processes(jobs, checked_backend),
                    backend=checked_backend,
                    address=address,
                )
                done = review.as_dict()
                if kept is not None:
                    write_text(kept, json.dumps(done))
            advice = [Advice.from_json(decision) for decision in done["decisions"]]
            checks = check_advice(record, seat_index, advice, checked_marks, tries, seed, agents)
            rows.append(_row(path, done, checks))
            progress.advance(task)
    summary = _summary(rows)
    if as_json:
        emit_json({"seat": seat, "budget": budget, "tries": tries, "records": rows, **summary})
        return
    out.print(_table(rows))
    for line in _summary_lines(summary):
        out.print(line, markup=False)


def _kept_review(
    path: Path | None, game: str, seat: int, budget: str, seed: int
) -> dict[str, Any] | None:
    """A whole review written by an earlier run into --reviews, if it is of this seat at this
    budget and seed: a long check stopped half-way goes on where it was."""
    if path is None or not path.is_file():
        return None
    try:
        kept: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    same = (kept.get("game"), kept.get("seat"), kept.get("budget"), kept.get("seed"))
    return kept if same == (game, seat, budget, seed) and kept.get("complete") else None


def _row(path: Path, review: dict[str, Any], checks: list[AdviceCheck]) -> dict[str, Any]:
    return {
        "record": path.name,
        "accuracy": review["accuracy"],
        "points_lost": _points_lost(review),
        "value_lost": _value_lost(review),
        "real_losses": _real_losses(review),
        "decisions": review["reviewed"],
        "labels": review["labels"],
        "checks": [
            {
                "step": check.step,
                "label": check.label,
                "predicted": check.predicted,
                "win_gain": check.win_gain,
                "score_gain": check.score_gain,
            }
            for check in checks
        ],
    }


def _points_lost(review: dict[str, Any]) -> float | None:
    """A game's points lost a decision (read from its decisions: a review kept by an older
    angler has no total of its own)."""
    losses = [d["score_loss"] for d in review["decisions"]]
    if any(loss is None for loss in losses):  # the search judge values no score
        return None
    lost = points_lost([loss["mean"] or 0.0 for loss in losses])
    return None if lost is None else round(lost.mean, 3)


def _value_lost(review: dict[str, Any]) -> float | None:
    """A game's value lost a decision: the mean of the decisions' measured losses, in the
    judge's value (win share, or the search's), below zero too, as points lost are."""
    losses = [d["loss"]["mean"] or 0.0 for d in review["decisions"]]
    return round(fmean(losses), 4) if losses else None


def _real_losses(review: dict[str, Any]) -> float | None:
    """The share of a game's decisions marked with a real loss (good to blunder)."""
    decisions = review["decisions"]
    real = sum(1 for d in decisions if d["label"] not in (BEST, CLOSE))
    return round(real / len(decisions), 4) if decisions else None


def _over_games(rows: list[dict[str, Any]], key: str) -> dict[str, float | None] | None:
    values = [row[key] for row in rows if row[key] is not None]
    return Estimate.of(values).as_dict() if values else None


def _summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    checks = [check for row in rows for check in row["checks"]]
    return {
        "accuracy": _over_games(rows, "accuracy"),
        "points_lost": _over_games(rows, "points_lost"),
        "value_lost": _over_games(rows, "value_lost"),
        "real_losses": _over_games(rows, "real_losses"),
        "checked": len(checks),
        "predicted": Estimate.of([c["predicted"] for c in checks]).as_dict() if checks else None,
        "win_gain": Estimate.of([c["win_gain"] for c in checks]).as_dict() if checks else None,
        "score_gain": Estimate.of([c["score_gain"] for c in checks]).as_dict() if checks else None,
    }


def _table(rows: list[dict[str, Any]]) -> Table:
    table = Table(title="Reviews", title_justify="left")
    columns = ("Record", "Accuracy", "Points lost", "Decisions", "Marks", "Checked", "Win gained")
    for column in columns:
        table.add_column(column)
    for row in rows:
        gains = [check["win_gain"] for check in row["checks"]]
        table.add_row(
            row["record"],
            "—" if row["accuracy"] is None else f"{row['accuracy']:.1f}",
            "—" if row["points_lost"] is None else f"{row['points_lost']:.2f}",
            str(row["decisions"]),
            ", ".join(f"{n} {name}" for name, n in sorted(row["labels"].items())),
            str(len(gains)),
            f"{sum(gains) / len(gains):+.2f}" if gains else "—",
        )
    return table


def _interval(estimate: dict[str, float | None] | None, sign: str = "+", digits: int = 2) -> str:
    if estimate is None:
        return "none"
    mean, low, high = (estimate[key] for key in ("mean", "low", "high"))
    shape = f"{sign}.{digits}f"
    if low is None or high is None:
        return f"{mean or 0:{shape}} (one value: no interval)"
    return f"{mean or 0:{shape}} ({low:{shape}} to {high:{shape}})"


def _summary_lines(summary: dict[str, Any]) -> list[str]:
    accuracy = summary["accuracy"]
    shown = _interval(accuracy, sign="")
    return [
        f"accuracy over the games: {shown} (mean, 95% interval)",
        f"points lost a decision over the games: {_interval(summary['points_lost'], sign='')}",
        f"value lost a decision over the games: {_interval(summary['value_lost'], '', 4)}",
        f"share of decisions with a real loss: {_interval(summary['real_losses'], '', 3)}",
        f"decisions checked: {summary['checked']}",
        f"win share the review expected the advice to gain: {_interval(summary['predicted'])}",
        f"win share it gained on the real games: {_interval(summary['win_gain'])}",
        f"score it gained on the real games: {_interval(summary['score_gain'])}",
    ]
