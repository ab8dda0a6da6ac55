"""PettingZoo's throughput beside the engine's: random games stepped through the AEC
environment, every step observing (the tensor and the mask, from the seat's view), against the
engine's own random playouts (``tools/bench.py``), in alternating batches of the same run so both
see the same machine. Each figure is the median over the batches."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import numpy as np

from angler.core.errors import AnglerError
from angler.core.game import Game
from angler.interop.pettingzoo import env
from angler.tools.bench import BATCHES, _playout_batch


def pettingzoo_steps_per_s(
    game: str | Game[Any, Any], players: int | None = None, seconds: float = 3.0, seed: int = 0
) -> dict[str, Any]:
    """PettingZoo steps per second (each with its observation) and the engine's decisions per
    second, measured in about ``seconds`` in all, and their ratio."""
    if seconds <= 0:
        raise AnglerError(f"seconds must be more than 0, not {seconds}")
    table = env(game, players)
    configured = table.unwrapped.game
    _pettingzoo_batch(table, seed, 0.0)  # warm-up: one game each
    _playout_batch(configured, seed, 0.0)
    share = seconds / 2 / BATCHES
    steps: list[float] = []
    decisions: list[float] = []
    for batch in range(BATCHES):
        games_seed = seed + 1000 * batch
        steps.append(_pettingzoo_batch(table, games_seed, share))
        _, made, elapsed = _playout_batch(configured, games_seed, share)
        decisions.append(made / elapsed)
    pettingzoo, engine = statistics.median(steps), statistics.median(decisions)
    return {
        "game": configured.name,
        "players": configured.players,
        "pettingzoo_steps_per_s": round(pettingzoo, 1),
        "engine_decisions_per_s": round(engine, 1),
        "ratio": round(pettingzoo / engine, 4),
        "batches": BATCHES,
    }


def _pettingzoo_batch(table: Any, seed: int, seconds: float) -> float:
    """Steps per second of random games (uniform over the mask) from ``seed`` on, the loop a
    PettingZoo user writes, until ``seconds`` have passed (at least one game). A step is a
    decision: the dead agents' closing steps are not counted."""
    rnd = random.Random(seed).random
    steps = games = 0
    clock = time.perf_counter
    start = clock()
    while True:
        table.reset(seed=seed + games)
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(legal[int(rnd() * len(legal))])
            steps += 1
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return steps / elapsed


REFERENCE_GAME = "hearts"
"""OpenSpiel's own C++ game that the issue measures against: its ``rl_environment`` steps/s."""


def openspiel_steps_per_s(
    game: str | Game[Any, Any], players: int | None = None, seconds: float = 3.0, seed: int = 0
) -> dict[str, Any]:
    """OpenSpiel ``rl_environment`` steps per second of the game (each step with every seat's
    information state tensor and legal actions, as the environment gives them), of OpenSpiel's
    C++ hearts through the same loop, and the engine's own random decisions per second: in
    alternating batches of about ``seconds`` in all, each figure the median of its batches."""
    import pyspiel
    from open_spiel.python import rl_environment

    from angler.core.registry import make_game
    from angler.interop.openspiel import load

    if seconds <= 0:
        raise AnglerError(f"seconds must be more than 0, not {seconds}")
    configured = game if isinstance(game, Game) else make_game(game, players)
    ours = rl_environment.Environment(load(configured))
    hearts = rl_environment.Environment(pyspiel.load_game(REFERENCE_GAME))
    for table in (ours, hearts):  # the environments' chance, then a game each to warm up
        table.seed(seed)
        _environment_batch(table, seed, 0.0)
    _playout_batch(configured, seed, 0.0)
    share = seconds / 3 / BATCHES
    figures: dict[str, list[float]] = {"ours": [], "hearts": [], "engine": []}
    for batch in range(BATCHES):
        games_seed = seed + 1000 * batch
        figures["ours"].append(_environment_batch(ours, games_seed, share))
        figures["hearts"].append(_environment_batch(hearts, games_seed, share))
        _, made, elapsed = _playout_batch(configured, games_seed, share)
        figures["engine"].append(made / elapsed)
    steps, reference, engine = (statistics.median(figures[key]) for key in figures)
    return {
        "game": configured.name,
        "players": configured.players,
        "openspiel_steps_per_s": round(steps, 1),
        "hearts_steps_per_s": round(reference, 1),
        "engine_decisions_per_s": round(engine, 1),
        "ratio_to_hearts": round(steps / reference, 4),
        "batches": BATCHES,
    }


def _environment_batch(table: Any, seed: int, seconds: float) -> float:
    """Steps per second of random games through an ``rl_environment`` (uniform over the legal
    actions it gives), until ``seconds`` have passed (at least one game)."""
    rnd = random.Random(seed).random
    steps = 0
    clock = time.perf_counter
    start = clock()
    while True:
        step = table.reset()
        while not step.last():
            seat = step.observations["current_player"]
            legal = step.observations["legal_actions"][seat]
            step = table.step([legal[int(rnd() * len(legal))]])
            steps += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return steps / elapsed
