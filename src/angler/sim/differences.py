"""B − A, and whether it is more than chance: the paired difference of two card files' games, the
difference of two estimates of a card's effect, and Holm's correction for testing many at once.

Holm's step-down correction (statsmodels' ``multipletests``) is used rather than
Benjamini–Hochberg's because its promise is the one a designer reads a table with: the chance
that even one row of the family is flagged by chance alone stays under 5%.

>>> d = paired_difference("score", [1.0, 2.0, 3.0, 4.0], [3.0, 4.1, 5.0, 5.9])
>>> round(d.mean, 2), d.n, d.p < 0.001
(2.0, 4, True)
>>> [round(c.corrected, 3) for c in holm([d, paired_difference("x", [1.0, 2.0], [2.0, 1.0])])]
[0.0, 1.0]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from angler.stats import Z95, Estimate

LEVEL = 0.05  # a difference is significant when its corrected p-value is below this
CORRECTION = "Holm"


@dataclass(frozen=True)
class Difference:
    """B − A for one figure: the mean difference, its 95% interval, the number of paired games
    (or seats) behind it, the raw two-sided p-value and the p-value after Holm's correction
    over its family (the raw one until :func:`holm` sets it)."""

    label: str
    mean: float
    low: float
    high: float
    n: int
    p: float
    corrected: float = math.nan

    @property
    def significant(self) -> bool:
        """Significant after the correction (or, before it, by itself)."""
        p = self.p if math.isnan(self.corrected) else self.corrected
        return p < LEVEL


def paired_difference(label: str, a: Sequence[float], b: Sequence[float]) -> Difference:
    """B − A game by game on the same seeds: the mean of the differences, with its normal 95%
    interval and p-value."""
    estimate = Estimate.of([y - x for x, y in zip(a, b, strict=True)])
    return _from_interval(label, estimate.mean, estimate.low, estimate.high, len(a))


def effect_difference(
    label: str, a: tuple[float, float, float], b: tuple[float, float, float], n: int
) -> Difference:
    """B's estimate minus A's, each given as (estimate, low, high) of a 95% interval, their
    standard errors combined as if independent. A and B play the same seeds, so their estimates
    go up and down together and the true interval is narrower: this one errs on the safe side."""
    se_a, se_b = ((high - low) / (2 * Z95) for _, low, high in (a, b))
    mean, se = b[0] - a[0], math.hypot(se_a, se_b)
    return _from_interval(label, mean, mean - Z95 * se, mean + Z95 * se, n)


def holm(family: Sequence[Difference]) -> list[Difference]:
    """The family with each p-value corrected for testing all of them (Holm)."""
    if not family:
        return []
    from statsmodels.stats.multitest import multipletests

    corrected = multipletests([d.p for d in family], alpha=LEVEL, method="holm")[1]
    return [replace(d, corrected=float(p)) for d, p in zip(family, corrected, strict=True)]


def _from_interval(label: str, mean: float, low: float, high: float, n: int) -> Difference:
    se = (high - low) / (2 * Z95)
    if not math.isfinite(se):  # one game: no interval, no test
        p = 1.0
    elif se == 0:  # every pair differs by the same amount: certain, or no difference at all
        p = 0.0 if mean else 1.0
    else:
        p = math.erfc(abs(mean) / se / math.sqrt(2))
    return Difference(label, mean, low, high, n, p)


def p_text(p: float) -> str:
    """A p-value as a report shows it: ``p = 0.03``, ``p < 0.001``."""
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}" if p < 0.01 else f"p = {p:.2f}"
