"""``angler review``: one seat's decisions in a finished game, each valued from what the seat
could know (docs/review.md)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

from angler.cli.backend_options import (
    AddressOption,
    BackendOption,
    RayTokenFileOption,
    ReviewProcessesOption,
    review_processes,
)
from angler.cli.common import emit_json, err, out, progress_bar, seat_from_cli, write_text
from angler.core.files import check_writable_file
from angler.core.records import load_record, player_count
from angler.review.report import costly_lines, decisions_table, render_html, summary_line
from angler.review.review import Review, judged_budget, review_seat
from angler.sim.backends import check_backend
from angler.sim.stopping import signal_of, sigterm_stops_runs

INTERRUPTED = {2: 130, 15: 143}  # exit status after SIGINT, SIGTERM (as a shell expects)

JudgeOption = Annotated[
    str | None,
    typer.Option(
        "--judge",
        metavar="JUDGE",
        help="rollout (the default: the heuristic plays each move out, 200it) or search (the "
        "paired search from the seat's view, 3000it: slower, and it tells stronger play apart).",
    ),
]
BudgetOption = Annotated[
    str | None,
    typer.Option(
        "--budget",
        metavar="BUDGET",
        help="Per decision: counted (rollouts, or the search's iterations: 200it) or seconds "
        "(2s). A counted budget gives the same review on every machine.",
    ),
]


def review_command(
    file: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A finished game's record (docs/records.md).")
    ],
    seat: Annotated[
        int, typer.Option("--seat", metavar="N", help="The seat to review (1 = first player).")
    ],
    judge: JudgeOption = None,
    budget: BudgetOption = None,
    seed: Annotated[int, typer.Option("--seed", help="The review's own seed.")] = 0,
    jobs: ReviewProcessesOption = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
    ray_token_file: RayTokenFileOption = None,
    out_file: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE", help="Write the review as one HTML page (.html)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
) -> None:
    """Review one seat's decisions in a finished game: each move valued from that seat's view.

    Every decision with a choice is valued by re-dealing what the seat could not see, playing
    each candidate move on the same worlds and dice, and the heuristic player to the end (or,
    with --judge search, the paired search's tree). Each is marked best, close, good,
    inaccuracy, mistake or blunder by the expected share of the victory it gave up. The game is
    summed up as an accuracy (0-100) and, by the rollouts, the points lost a decision, the mean
    final score the played moves gave up (docs/review.md).

    Ctrl-C stops it and keeps the decisions reviewed so far (printed, and written to --out).
    """
    budget_used = judged_budget(judge, budget)
    record = load_record(file)
    chosen = seat_from_cli(seat, player_count(record), "--seat")
    checked_backend = check_backend(backend, jobs, address, ray_token_file)
    if out_file is not None:
        check_writable_file(out_file, (".html",))
    command = shlex.join(["angler", "review", *sys.argv[2:]])
    review = Review(record.game, chosen, 0, budget_used, seed, 0)
    progress = progress_bar()
    status = 0
    with progress, sigterm_stops_runs():
        task = progress.add_task(f"{record.game}, seat {seat}", total=None)

        def advanced(done: Review) -> None:
            progress.update(task, total=done.total, completed=len(done.decisions))

        try:
            review_seat(
                record,
                chosen,
                budget_used,
                seed,
                jobs=review_processes(jobs, checked_backend),
                backend=checked_backend,
                address=address,
                progress=advanced,
                into=review,
            )
        except KeyboardInterrupt as stop:
            status = INTERRUPTED.get(signal_of(stop), 130)
    if as_json:
        emit_json(review.as_dict())
    else:
        out.print(summary_line(review), markup=False, soft_wrap=False)  # wrapped between words
        out.print(decisions_table(review))
        for line in costly_lines(review):
            out.print(line, markup=False)
    if out_file is not None:
        write_text(out_file, render_html(review, command))
        err.print(f"wrote {out_file}")
    if status:
        err.print(f"stopped: {summary_line(review)}", markup=False)
        raise typer.Exit(status)
