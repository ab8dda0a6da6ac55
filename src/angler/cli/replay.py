"""``angler replay``: check a record step by step and show the result or one player's view."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from angler.cli.common import emit_json, out, progress_bar, seat_from_cli
from angler.cli.review import BudgetOption, JudgeOption
from angler.core.errors import AnglerError
from angler.core.records import apply_entry, load_record, player_count, replay, start_state
from angler.core.state import State
from angler.core.view import counted
from angler.review.labels import BEST, CLOSE
from angler.review.report import costly_lines, summary_line
from angler.review.review import Review, judged_budget, review_seat


def replay_command(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A record (JSON, see docs/records.md).")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
    as_player: Annotated[
        int | None,
        typer.Option(
            "--as", metavar="SEAT", help="Show only what this seat (1 = first player) may see."
        ),
    ] = None,
    to: Annotated[
        int | None,
        typer.Option("--to", metavar="STEPS", help="Stop after this many actions (0 = the start)."),
    ] = None,
    review: Annotated[
        bool,
        typer.Option(
            "--review",
            help="With --as: the game as that seat saw it, each of its decisions marked "
            "(docs/review.md).",
        ),
    ] = False,
    judge: JudgeOption = None,
    budget: BudgetOption = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", min=1, metavar="J", help="With --review: processes."),
    ] = None,
) -> None:
    """Check a record step by step and print the final scores.

    A malformed, truncated or illegal record fails (status 2) with a message naming the step.

    --as takes a seat numbered from 1; JSON numbers seats from 0, as records do.

    --json prints "scores" (by seat), "terminal", "steps", "winners", "round", "phase".

    --as with --json prints that view, and under "names" its cards and actions in words.

    --review with --as replays the finished game as that seat saw it, step by step, each of its
    decisions marked best, close, good, inaccuracy, mistake or blunder (as angler review).
    """
    record = load_record(file)
    if review:
        if as_player is None:
            raise AnglerError("--review needs --as SEAT: the seat whose decisions to mark")
        if to is not None or as_json:
            raise AnglerError("--review shows the whole game as text: leave out --to and --json")
        seat = seat_from_cli(as_player, player_count(record), "--as")
        show_reviewed(record, seat, judged_budget(judge, budget), jobs or 1)
        return
    if to is not None and not 0 <= to <= len(record.actions):
        raise AnglerError(f"--to must be 0 to {len(record.actions)} for {file}, not {to}")
    state = replay(record, to)
    steps = len(record.actions) if to is None else to
    if as_player is not None:
        seat = seat_from_cli(as_player, state.game.players, "--as")
        show_view(state, seat, as_json)
        return
    if as_json:
        emit_json(result_json(state, steps))
        return
    out.print(result_table(state, steps, file.name))


def result_json(state: State[Any], steps: int) -> dict[str, Any]:
    terminal = state.is_terminal()
    return {
        "game": state.game.name,
        "players": state.game.players,
        "steps": steps,
        "terminal": terminal,
        **state.game.statistics.progress(
            state
        ),  # the round (or the game's equivalent) and the phase
        "scores": state.scores(),
        "winners": state.winners() if terminal else [],
        "ranking": state.ranking(),
        "current": list(state.current_players()),
    }


def result_table(state: State[Any], steps: int, name: str) -> Table:
    terminal = state.is_terminal()
    status = "game over" if terminal else "in progress"
    checked = counted(steps, "step")
    table = Table(title=f"{name}: {state.game.name}, {checked} checked, {status}")
    table.add_column("seat", justify="right")
    table.add_column("score", justify="right")
    table.add_column("place", justify="right")
    table.add_column("")
    winners = set(state.winners()) if terminal else set()
    deciding = set(state.current_players())
    for seat, (score, place) in enumerate(zip(state.scores(), state.ranking(), strict=True)):
        note = "winner" if seat in winners else "to act" if seat in deciding else ""
        table.add_row(str(seat + 1), str(score), str(place), note)
    return table


def show_view(state: State[Any], seat: int, as_json: bool) -> None:
    view = state.view(seat)
    if as_json:
        emit_json(view.as_dict() | {"names": state.game.presentation.view_names(view)})
        return
    game = state.game
    out.print(game.presentation.render_view(view), markup=False)
    if view.events:
        out.print("\nLog:", markup=False)
        for event in view.events:
            out.print("  " + game.presentation.describe_event(event, seat), markup=False)


def show_reviewed(record: Any, seat: int, budget: str, jobs: int) -> None:
    """The game as ``seat`` saw it (its view's log, step by step), each of its decisions
    followed by its mark: ``angler review``'s, shown where it happened."""
    reviewed = Review(record.game, seat, 0, budget, 0, 0)
    progress = progress_bar()
    with progress:
        task = progress.add_task(f"reviewing seat {seat + 1}", total=None)
        review_seat(
            record,
            seat,
            budget,
            jobs=jobs,
            progress=lambda done: progress.update(
                task, total=done.total, completed=len(done.decisions)
            ),
            into=reviewed,
        )
    marks = {decision.step: decision for decision in reviewed.decisions}
    state = start_state(record)
    presentation = state.game.presentation
    for step, entry in enumerate(record.actions, 1):
        decision = marks.get(step)
        if decision is not None:  # the mark first, then what the move led to
            out.print(f"{step:>4}  ** {_mark_line(decision)}", markup=False)
        seen = len(state.view(seat).events)
        apply_entry(state, entry, step)
        for event in state.view(seat).events[seen:]:
            out.print(f"{step:>4}  {presentation.describe_event(event, seat)}", markup=False)
    out.print(summary_line(reviewed), markup=False, soft_wrap=False)
    for line in costly_lines(reviewed):
        out.print(line, markup=False)


def _mark_line(decision: Any) -> str:
    played = decision.texts[decision.played]
    if decision.label in (BEST, CLOSE):  # no loss beyond the noise: nothing better to name
        return f"{decision.label}: {played}"
    better = decision.texts[decision.best]
    lost = f"{100 * decision.loss.mean:.1f} wins in a hundred"
    return f"{decision.label}: {played}; better {better} ({lost})"
