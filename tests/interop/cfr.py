"""CFR on an exported small variant's tree, for the tests of each game's mini."""

from __future__ import annotations

from typing import Any

import pyspiel


def nash_convs(tree: Any, iterations: int) -> tuple[float, float]:
    """NashConv of C++ CFR's average policy after its first iteration (the uniform policy) and
    after ``iterations``."""
    solver = pyspiel.CFRSolver(tree)
    solver.evaluate_and_update_policy()
    uniform = pyspiel.nash_conv(tree, solver.average_policy())
    for _ in range(iterations - 1):
        solver.evaluate_and_update_policy()
    return uniform, pyspiel.nash_conv(tree, solver.average_policy())
