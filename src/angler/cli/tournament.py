"""``angler tournament``: seat-rotated matches, win shares with confidence intervals, ratings."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from angler.cli.backend_options import AddressOption, BackendOption, RayTokenFileOption
from angler.cli.common import (
    GameArgument,
    GameOptions,
    PlayersOption,
    err,
    out,
    parse_options,
    progress_bar,
    stoppable_run,
    write_results,
)
from angler.core.errors import AnglerError
from angler.core.files import check_writable_file, shown
from angler.core.plots import require_matplotlib
from angler.core.registry import make_game
from angler.core.view import counted
from angler.sim.backends import check_backend
from angler.sim.tournament import MatchResult, Tournament, run_tournament


def tournament_command(
    game: GameArgument,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            metavar="AGENTS",
            help="Comma-separated agents, one per seat (an agent may enter several times): "
            "random, heuristic, ismcts[:BUDGET] (e.g. ismcts:2000it), rollout[:BUDGET] (e.g. "
            "rollout:800it), a level (easy, normal, hard), or openspiel-ismcts[:BUDGET] "
            "(OpenSpiel's, with the research extra); any case. More agents than seats make a "
            "ladder: each game seats a seeded draw of them, ranked by rating.",
        ),
    ],
    players: PlayersOption = None,
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, metavar="N", help="Games to play.")
    ] = 100,
    seed: Annotated[
        int,
        typer.Option(
            "--seed", "-s", metavar="SEED", help="Game i (from 1) is dealt from seed+i-1."
        ),
    ] = 0,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs", "-j", min=1, metavar="J", help="Processes to play on (default: every core)."
        ),
    ] = None,
    out_file: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="Write results: .json (summary and games) or .csv (games).",
        ),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", metavar="FILE", help="Draw win shares and ratings to this .png file."
        ),
    ] = None,
    option: GameOptions = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
    ray_token_file: RayTokenFileOption = None,
) -> None:
    """Play agents against each other with seats rotated every game; report each entry's win
    share and mean score with 95% confidence intervals, and OpenSkill ratings.

    Reproducible from --seed whatever --jobs: game i is dealt from seed+i-1 and seats the entries
    rotated by i-1 places (in a ladder, a draw of them from the seed and i).
    """
    configured = make_game(game, players, **parse_options(option))
    names = agents.split(",")
    if out_file is not None:
        check_writable_file(out_file, (".json", ".csv"))
    if plot is not None:
        require_matplotlib("--plot")
        check_writable_file(plot, (".png",))
    progress = progress_bar()

    def after_game(result: MatchResult) -> None:
        progress.advance(task)

    with stoppable_run(lambda stop: "nothing written"), progress:
        task = progress.add_task(f"{configured.name} ×{games}", total=games)
        run = run_tournament(
            configured,
            names,
            games,
            seed,
            jobs,
            on_game=after_game,
            backend=check_backend(backend, jobs, address, ray_token_file),
            address=address,
        )

    out.print(standings_table(run))
    if out_file is not None:
        write_results(out_file, run.to_json(), lambda: games_csv(run))
    if plot is not None:
        draw(run, plot)
        err.print(f"wrote {plot}")


def standings_table(run: Tournament) -> Table:
    par = 1 / run.players
    rates = [run.iteration_rate(entry) for entry in range(len(run.agents))]
    searched = ("it/s",) if any(rate is not None for rate in rates) else ()
    unseated = any(not run.played(entry) for entry in range(len(run.agents)))
    table = Table(
        title=f"{run.game}: {counted(run.games, 'game')}, {run.players} players, seed {run.seed}",
        caption=f"par {par:.1%}; win share with its 95% (Wilson) interval, a shared victory "
        "counting 1/k; mean score ± its 95% interval; rating: OpenSkill μ ± σ"
        + (", ranked by μ − 3σ" if run.ladder else "")
        + ("; —: an entry the draws never seated" if unseated else "")
        + "; seconds a move: mean (longest)"
        + (
            "; it/s: a search's iterations a second, over the decisions it searched"
            * bool(searched)
        ),
    )
    first = ("rank", "agent", "games") if run.ladder else ("entry", "agent")
    for column in (*first, "win share", "× par", "mean score", "rating", "s/move", *searched):
        table.add_column(column, justify="left" if column == "agent" else "right")
    ratings = run.ratings()
    for place, entry in enumerate(run.standings()):
        mu, sigma = ratings[entry]
        games = len(run.played(entry))
        rate = rates[entry]
        if games:
            share = run.win_share(entry)
            figures = (
                share.text(percent=True),
                f"{share.mean / par:.2f}",
                run.mean_score(entry).text(),
                f"{mu:.1f} ± {sigma:.1f}",
                "{} ({})".format(*map(duration, run.move_time(entry))),
            )
        else:  # a ladder's entry the draws never seated: nothing measured, no rank
            figures = ("—",) * 5
        table.add_row(
            str((place if run.ladder else entry) + 1) if games else "—",
            run.label(entry),
            *((str(games),) if run.ladder else ()),
            *figures,
            *(("—" if rate is None else f"{rate:,.0f}",) if searched else ()),
        )
    return table


def duration(seconds: float) -> str:
    """``0.81 s`` or, under a tenth of a second, ``0.06 ms``."""
    return f"{seconds:.2f} s" if seconds >= 0.1 else f"{seconds * 1000:.2f} ms"


def games_csv(run: Tournament) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    seats = range(run.players)
    writer.writerow(
        ["game", "seed", "decisions", "winners"]
        + [f"agent_{s}" for s in seats]
        + [f"entry_{s}" for s in seats]  # which entry: an agent may enter several times
        + [f"score_{s}" for s in seats]
    )
    for result in run.results:
        writer.writerow(
            [
                result.number,
                result.seed,
                result.decisions,
                " ".join(str(s) for s in result.winners),
                *(run.agents[entry] for entry in result.lineup),
                *result.lineup,
                *result.scores,
            ]
        )
    return buffer.getvalue()


def draw(run: Tournament, path: Path) -> None:
    """Win shares with their intervals against par, and the ratings, side by side."""
    require_matplotlib("--plot")
    import matplotlib.pyplot as plt

    # The table's order from the top (the first row is drawn lowest); a ladder's entry that
    # never sat has nothing to draw.
    drawn = [entry for entry in reversed(run.standings()) if run.played(entry)]
    labels = [run.label(entry) for entry in drawn]
    shares = [run.win_share(entry) for entry in drawn]
    rated = run.ratings()
    ratings = [rated[entry] for entry in drawn]
    # One row per entry across both panels; a constrained layout keeps the title clear of them,
    # however many rows a ladder has.
    size = (10, 0.6 * len(labels) + 2)
    figure, (left, right) = plt.subplots(1, 2, figsize=size, sharey=True, layout="constrained")
    rows = list(range(len(labels)))
    left.barh(
        rows,
        [s.mean for s in shares],
        xerr=[[s.mean - s.low for s in shares], [s.high - s.mean for s in shares]],
        color="#4a7ab5",
        capsize=4,
    )
    left.axvline(1 / run.players, color="#c0392b", linestyle="--", label="par")
    left.set_yticks(rows, labels)
    left.set_ylim(-0.6, len(rows) - 0.4)
    left.set_xlabel("win share (95% interval)")
    left.legend(loc="lower right")
    right.errorbar(
        [mu for mu, _ in ratings],
        rows,
        xerr=[sigma for _, sigma in ratings],
        fmt="o",
        color="#2e8b57",
        capsize=4,
    )
    right.set_xlabel("OpenSkill rating (μ ± σ)")
    games = counted(run.games, "game")
    figure.suptitle(f"{run.game}, {run.players} players, {games} (seed {run.seed})")
    try:
        figure.savefig(path, dpi=110)
    except OSError as exc:
        raise AnglerError(f"cannot write {shown(path)}: {exc.strerror or exc}") from None
    finally:
        plt.close(figure)
