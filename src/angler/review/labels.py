"""How a decision is marked, and a seat's accuracy over a game (docs/review.md).

A decision's **loss** is the expected share of the victory the played move gave up against the
best candidate, measured sample by sample on the same worlds and dice. It is marked by the loss
only where the loss is real: its 95% interval, or that of the final score lost, lies above
zero; otherwise the move is "close".
"""

from __future__ import annotations

import math

from angler.stats import Estimate

BEST, CLOSE = "best", "close"
# Upper bounds of expected win share lost (0.05 = five games in a hundred), worst label last.
THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("good", 0.02),
    ("inaccuracy", 0.05),
    ("mistake", 0.10),
    ("blunder", math.inf),
)
LABELS = (BEST, CLOSE, *(label for label, _ in THRESHOLDS))


def label(played_is_best: bool, loss: Estimate, score_loss: Estimate | None = None) -> str:
    """The mark of a decision whose played move lost ``loss`` of expected win share (and
    ``score_loss`` of expected final score) against the best candidate.

    The loss is real when its interval lies above zero, or when the score's loss does while
    the win share's is not below zero: a move can clearly cost points and yet rarely change
    who wins, and a few hundred rollouts see the points long before the rare changed winner.
    Its mark is then by the win share lost."""
    if played_is_best:
        return BEST
    real = loss.low > 0 or (score_loss is not None and score_loss.low > 0 and loss.mean >= 0)
    if not real:
        return CLOSE
    return next(name for name, bound in THRESHOLDS if loss.mean < bound)


def move_accuracy(loss: float) -> float:
    """One decision's accuracy, 0 to 100, from its win share lost, on the curve lichess fits
    to win percentage lost (a loss of 0 is 100; 10 points of win share lost is about 64)."""
    points = 100 * max(0.0, loss)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * points) - 3.1669))


def accuracy(losses: list[float]) -> float | None:
    """A seat's accuracy over its decisions: the mean of theirs (None with no decision)."""
    if not losses:
        return None
    return sum(move_accuracy(loss) for loss in losses) / len(losses)
