"""``angler replay``: check a record step by step and show the result or one player's view."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from angler.cli.common import emit_json, out, seat_from_cli
from angler.cli.present import Presenter
from angler.core.errors import AnglerError
from angler.core.records import load_record, replay
from angler.core.state import State
from angler.core.view import counted


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
) -> None:
    """Check a record step by step and print the final scores.

    A malformed, truncated or illegal record fails (status 2) with a message naming the step.

    --as takes a seat numbered from 1; JSON numbers seats from 0, as records do.

    --json prints "scores" (by seat), "terminal", "steps", "winners", "round", "phase".

    --as with --json prints that view, and under "names" its cards and actions in words.
    """
    record = load_record(file)
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
    presenter = Presenter(state.game)
    out.print(presenter.render(view), markup=False)
    if view.events:
        out.print("\nLog:", markup=False)
        for event in view.events:
            out.print("  " + presenter.describe(event, seat), markup=False)
