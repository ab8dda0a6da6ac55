"""Confidence intervals, the one place simulation, tournaments, the balance report and the search
bots compute them: the Wilson score interval of a share and the normal interval of a mean. It
imports nothing of angler, so the search bots (``agents/``) read it without reaching into ``sim/``.

>>> Estimate.share([1.0, 0.0, 1.0, 1.0]).text(percent=True)
'75.0% (30.1%–95.4%)'
>>> Estimate.of([2.0, 4.0, 6.0]).text()
'4.00 ± 2.26'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(share: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share observed over ``n`` trials: it stays inside [0, 1]
    and is not empty when every trial or none succeeded. ``[0, 1]`` when there are no trials."""
    if n <= 0:
        return 0.0, 1.0
    z2 = z * z
    centre = (share + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(share * (1 - share) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean with its normal-approximation interval, mean ± ``z`` standard errors (the
    sample's standard deviation over √n). Unbounded from a single value, ``0 (0–0)`` from none."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half)


@dataclass(frozen=True)
class Estimate:
    """A mean and its 95% confidence interval ``[low, high]``."""

    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The mean of ``values`` with its 95% normal-approximation interval."""
        return mean_interval(values)

    @classmethod
    def share(cls, values: Sequence[float]) -> Estimate:
        """A share in [0, 1] (each value one trial's part, e.g. 1/k of a victory shared by k) with
        its 95% Wilson interval."""
        n = len(values)
        p = sum(values) / n if n else 0.0
        return cls(p, *wilson(p, n))

    def as_dict(self) -> dict[str, float | None]:
        """The bounds of an interval one game cannot give are null: JSON has no infinity."""
        return {"mean": self.mean, "low": _bound(self.low), "high": _bound(self.high)}

    def text(self, percent: bool = False) -> str:
        """``61.0% (54.1–67.5%)`` or ``88.47 ± 1.43``."""
        if percent:
            return f"{self.mean:.1%} ({self.low:.1%}–{self.high:.1%})"
        if not math.isfinite(self.high - self.low):
            return f"{self.mean:.2f} ± —"  # one game: no interval
        return f"{self.mean:.2f} ± {(self.high - self.low) / 2:.2f}"


def _bound(value: float) -> float | None:
    return value if math.isfinite(value) else None
