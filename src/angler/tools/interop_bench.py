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
