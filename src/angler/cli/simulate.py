"""``angler simulate``: many games between agents, a summary table, optional files."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from angler.cli.backend_options import (
    AddressOption,
    BackendOption,
    ProcessesOption,
    RayTokenFileOption,
)
from angler.cli.common import (
    GameArgument,
    GameOptions,
    PlayersOption,
    make_folder,
    out,
    parse_options,
    progress_bar,
    stoppable_run,
    write_results,
    write_text,
)
from angler.core.files import check_writable_file, check_writable_folder
from angler.core.records import record_of
from angler.core.registry import make_game
from angler.core.state import State
from angler.core.view import counted
from angler.sim.backends import check_backend
from angler.sim.simulate import GameResult, Simulation, seat_agents, simulate
from angler.sim.stopping import RunStopped


def simulate_command(
    game: GameArgument,
    players: PlayersOption = None,
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, metavar="N", help="Games to play.")
    ] = 100,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            "-s",
            metavar="SEED",
            help="Seed of the run: game i (from 1) is dealt from seed+i-1.",
        ),
    ] = 0,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            metavar="AGENTS",
            help="Comma-separated agent per seat (1 name: every seat): random, heuristic, "
            "ismcts[:BUDGET] (e.g. ismcts:2000it), rollout[:BUDGET] (e.g. rollout:800it), a "
            "level (easy, normal, hard) or openspiel-ismcts[:BUDGET] (OpenSpiel's, with the "
            "research extra); any case.",
        ),
    ] = "random",
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            metavar="DIR",
            help="Folder for every game's record (game-00001.json …), created if missing.",
        ),
    ] = None,
    out_file: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="Write results: .json (summary and games) or .csv (one row per game).",
        ),
    ] = None,
    option: GameOptions = None,
    cards: Annotated[
        Path | None,
        typer.Option(
            "--cards", metavar="FILE", help="Card set file (JSON) for games that have one."
        ),
    ] = None,
    jobs: ProcessesOption = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
    ray_token_file: RayTokenFileOption = None,
) -> None:
    """Play GAME many times between agents and summarise wins, scores and game length.

    Reproducible from --seed: game i (from 1) is dealt from seed+i-1, its agents seeded from that.

    Seats are numbered from 1 in the table, from 0 in --out files and records.
    """
    settings = parse_options(option)
    if cards is not None:
        settings["cards"] = str(cards)
    configured = make_game(game, players, **settings)
    names = seat_agents(agents.split(","), configured.players)
    width = max(5, len(str(games)))
    if out_file is not None:
        check_writable_file(out_file, (".json", ".csv"))
    if records is not None:
        check_writable_folder(records, record_name(1, width))

    progress = progress_bar()
    written: list[int] = []  # game numbers whose records are written

    def after_game(result: GameResult, state: State[Any]) -> None:
        if records is not None:
            if not written:  # the first game to finish, not always game 1 on workers
                make_folder(records)
            written.append(result.number)
            record = record_of(state)
            record.seats = list(names)  # who played: a review's check plays on with them
            write_text(records / record_name(result.number, width), record.dumps())
        progress.advance(task)

    def kept(stop: RunStopped) -> str:
        if records is not None and stop.finished:
            return f"their records are in {records}, nothing else written"
        return "nothing written"

    with stoppable_run(kept), progress:
        task = progress.add_task(f"{configured.name} ×{games}", total=games)
        # Checks every agent name before the first game, so nothing is written on a bad name.
        run = simulate(
            configured,
            games,
            seed,
            names,
            on_game=after_game,
            jobs=jobs if jobs is not None or backend == "ray" else 1,
            backend=check_backend(backend, jobs, address, ray_token_file),
            address=address,
            keep_states=records is not None,  # a worker sends a game's state only for its record
        )

    out.print(summary_table(run))
    if run.mean_tally():
        out.print(tally_table(run))
    if out_file is not None:
        write_results(out_file, run.to_json(), lambda: run_csv(run))


def record_name(number: int, width: int) -> str:
    """``game-00001.json``: numbered from 1, zero-padded so the files sort in order."""
    return f"game-{number:0{width}d}.json"


def summary_table(run: Simulation) -> Table:
    wins = run.wins()
    shares = run.win_shares()
    means = run.mean_scores()
    table = Table(
        title=f"{run.game}: {counted(run.games, 'game')}, {run.players} players, seed {run.seed}",
        caption=length_caption(run),
    )
    for column in ("seat", "agent", "wins", "win %", "win share", "mean score"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for seat in range(run.players):
        rate = wins[seat] / run.games if run.games else 0.0
        table.add_row(
            str(seat + 1),
            run.agents[seat],
            str(wins[seat]),
            f"{rate:.1%}",
            f"{shares[seat]:.1%}",
            f"{means[seat]:.2f}",
        )
    return table


def tally_table(run: Simulation) -> Table:
    """The game's own designer statistics, averaged per game."""
    table = Table(title=f"{run.game}: per game, on average")
    table.add_column("statistic")
    table.add_column("mean", justify="right")
    for key, value in run.mean_tally().items():
        table.add_row(key, f"{value:.3f}")
    return table


def length_caption(run: Simulation) -> str:
    text = f"mean decisions per game {run.mean_decisions():.1f}"
    rounds = run.mean_rounds()
    if rounds is not None:
        text += f", mean rounds {rounds:.2f}"
    return text + "; a shared victory counts as a win for each winner"


def run_csv(run: Simulation) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    seats = range(run.players)
    tally_keys = list(run.mean_tally())
    writer.writerow(
        ["game", "seed", "decisions", "rounds", "winners"]
        + [f"agent_{s}" for s in seats]
        + [f"score_{s}" for s in seats]
        + tally_keys
    )
    for result in run.results:
        writer.writerow(
            [
                result.number,
                result.seed,
                result.decisions,
                "" if result.rounds is None else result.rounds,
                " ".join(str(s) for s in result.winners),
                *run.agents,
                *result.scores,
                *(result.tally.get(key, 0.0) for key in tally_keys),
            ]
        )
    return buffer.getvalue()
