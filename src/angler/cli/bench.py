"""``angler bench``: random playouts through the public API, on one core."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from angler.cli.common import emit_json, err, not_nan, out
from angler.core.errors import AnglerError
from angler.core.game import Game
from angler.core.registry import all_games, make_game
from angler.tools.bench import bench_game, run_yardstick
from angler.tools.yardstick import plays_per_second


def bench_command(
    games: Annotated[
        list[str] | None,
        typer.Argument(metavar="GAME", help="Games to measure (default: every game)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds",
            metavar="S",
            help="Time to spend on each game.",
            min=0.01,
            max=600,
            callback=not_nan,
        ),
    ] = 3.0,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", metavar="N", help="Players (default: each game's)."),
    ] = None,
    yardstick: Annotated[
        bool,
        typer.Option(
            "--yardstick",
            help="Also time the yardstick, a bare Python trick-taking loop shipped with angler "
            "(about 1 s), and show its plays/s beside the figures: how fast the machine was.",
        ),
    ] = False,
    pettingzoo: Annotated[
        bool,
        typer.Option(
            "--pettingzoo",
            help="Measure PettingZoo steps/s instead (random games through the AEC environment, "
            "each step with its observation and action mask) beside the engine's decisions/s "
            "in the same run, and their ratio (needs the research extra).",
        ),
    ] = False,
    openspiel: Annotated[
        bool,
        typer.Option(
            "--openspiel",
            help="Measure OpenSpiel rl_environment steps/s instead (random games, each step "
            "with every seat's information state tensor) beside OpenSpiel's C++ hearts through "
            "the same loop and the engine's decisions/s, in the same run (research extra).",
        ),
    ] = False,
    yardstick_file: Annotated[
        Path | None,
        typer.Option(
            "--yardstick-file",
            metavar="FILE",
            help="Time this Python file's plays_per_second() as the yardstick instead.",
        ),
    ] = None,
) -> None:
    """Measure decisions/s, games/s and clones/s of random playouts (median of 5 batches).

    A benchmark, not a test: one process, one core, the public API only.

    --json prints {"GAME": {"decisions_per_s", "games_per_s", "clones_per_s",
    "ismcts_iterations_per_s", "heuristic_ms_per_decision", "players", …}, …}; with
    --pettingzoo, {"GAME": {"pettingzoo_steps_per_s", "engine_decisions_per_s", "ratio",
    "players", "batches"}, …}; with --openspiel, {"GAME": {"openspiel_steps_per_s",
    "hearts_steps_per_s", "engine_decisions_per_s", "ratio_to_hearts", "players", "batches"}, …}.
    """
    if pettingzoo and openspiel:
        raise AnglerError("--pettingzoo and --openspiel: choose one")
    names = games or [game.name for game in all_games()]
    configured = [make_game(name, players) for name in names]  # every name checked first
    figures: dict[str, dict[str, Any]] = {}
    yard = None
    if yardstick_file is not None:
        yard = run_yardstick(yardstick_file)
    elif yardstick:
        yard = plays_per_second()
    measure = (
        interop_measure("pettingzoo")
        if pettingzoo
        else interop_measure("openspiel")
        if openspiel
        else bench_game
    )
    for game in configured:
        if not as_json:
            err.print(f"measuring {game.name} ({game.players} players, ~{seconds:g} s)…")
        entry = measure(game, seconds)
        if yard is not None:
            entry["yardstick_plays_per_s"] = round(yard, 1)
        figures[game.name] = entry
    if as_json:
        emit_json(figures)
        return
    if pettingzoo or openspiel:
        out.print(interop_table("pettingzoo" if pettingzoo else "openspiel", figures, yard))
        return
    table = Table(
        title="angler bench: random playouts and ISMCTS at a mid-game decision, one core "
        "(median of batches)"
    )
    for column in (
        "game",
        "players",
        "decisions/s",
        "games/s",
        "clones/s",
        "ismcts it/s",
        "heuristic ms",
    ):
        table.add_column(column, justify="left" if column == "game" else "right")
    if yard is not None:
        table.add_column("yardstick plays/s", justify="right")
    for name, entry in figures.items():
        row = [
            name,
            str(entry["players"]),
            f"{entry['decisions_per_s']:,.0f}",
            f"{entry['games_per_s']:,.1f}",
            f"{entry['clones_per_s']:,.0f}",
            f"{entry['ismcts_iterations_per_s']:,.0f}",
            f"{entry['heuristic_ms_per_decision']:.2f}",
        ]
        if yard is not None:
            row.append(f"{yard:,.0f}")
        table.add_row(*row)
    out.print(table)


def interop_measure(library: str) -> Callable[[Game[Any, Any], float], dict[str, Any]]:
    """``tools/interop_bench.py``'s measure of ``library`` (``pettingzoo`` or ``openspiel``); a
    one-line error without the research extra."""
    try:
        from angler.tools import interop_bench
    except ImportError:
        raise AnglerError(
            f"--{library} needs PettingZoo and OpenSpiel, an optional extra: "
            "pip install 'angler[research]'"
        ) from None
    steps = (
        interop_bench.pettingzoo_steps_per_s
        if library == "pettingzoo"
        else interop_bench.openspiel_steps_per_s
    )

    def measure(game: Game[Any, Any], seconds: float) -> dict[str, Any]:
        entry = steps(game, seconds=seconds)
        del entry["game"]  # the figures are keyed by the game already
        return entry

    return measure


INTEROP_COLUMNS = {
    "pettingzoo": (
        "angler bench --pettingzoo: PettingZoo steps/s (observation and mask included) beside "
        "the engine's random decisions/s, one core (median of batches)",
        [
            ("PettingZoo steps/s", "pettingzoo_steps_per_s", ",.0f"),
            ("engine decisions/s", "engine_decisions_per_s", ",.0f"),
            ("ratio", "ratio", ".3f"),
        ],
    ),
    "openspiel": (
        "angler bench --openspiel: OpenSpiel rl_environment steps/s (every seat's information "
        "state tensor included) beside OpenSpiel's C++ hearts and the engine's random "
        "decisions/s, one core (median of batches)",
        [
            ("rl_environment steps/s", "openspiel_steps_per_s", ",.0f"),
            ("hearts steps/s", "hearts_steps_per_s", ",.0f"),
            ("of hearts", "ratio_to_hearts", ".2f"),
            ("engine decisions/s", "engine_decisions_per_s", ",.0f"),
        ],
    ),
}


def interop_table(library: str, figures: dict[str, dict[str, Any]], yard: float | None) -> Table:
    title, columns = INTEROP_COLUMNS[library]
    table = Table(title=title)
    headers = ["game", "players", *(header for header, _, _ in columns)]
    for column in headers + (["yardstick plays/s"] if yard is not None else []):
        table.add_column(column, justify="left" if column == "game" else "right")
    for name, entry in figures.items():
        row = [name, str(entry["players"])]
        row += [format(entry[key], shape) for _, key, shape in columns]
        table.add_row(*row, *([f"{yard:,.0f}"] if yard is not None else []))
    return table
