"""The confidence intervals every report uses, checked against values worked out by hand."""

from __future__ import annotations

import math

import pytest

from angler.stats import Z95, Estimate, mean_interval, wilson


def test_the_wilson_interval_matches_known_values() -> None:
    # 50 of 100 and 8 of 10, as tabulated for the 95% Wilson score interval.
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(0.8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)


def test_the_wilson_interval_stays_in_0_to_1_at_every_or_no_success() -> None:
    low, high = wilson(1.0, 60)
    assert high == 1.0 and low == pytest.approx(60 / (60 + Z95**2))
    low, high = wilson(0.0, 60)
    assert low == 0.0 and high == pytest.approx(Z95**2 / (60 + Z95**2))
    assert wilson(0.3, 0) == (0.0, 1.0)


def test_a_share_estimate_is_the_mean_share_with_its_wilson_interval() -> None:
    shared = Estimate.share([1.0, 0.5, 0.0, 0.5])  # a victory shared by two counts 1/2
    assert shared.mean == 0.5
    assert (shared.low, shared.high) == wilson(0.5, 4)
    even = Estimate.share([1.0, 0.0] * 50)
    assert math.isclose(even.low + even.high, 1.0)


def test_the_mean_interval_matches_a_worked_example() -> None:
    # 2, 4, 6: mean 4, sample standard deviation 2, standard error 2 / √3.
    estimate = mean_interval([2.0, 4.0, 6.0])
    assert estimate.mean == 4.0
    assert estimate.low == pytest.approx(4 - Z95 * 2 / math.sqrt(3))
    assert estimate.high == pytest.approx(6.2632, abs=1e-4)
    assert Estimate.of([0.0, 1.0, 0.0, 1.0]).high == pytest.approx(0.5 + Z95 * math.sqrt(1 / 12))


def test_the_mean_interval_takes_another_quantile() -> None:
    assert mean_interval([2.0, 4.0, 6.0], z=1.0).low == pytest.approx(4 - 2 / math.sqrt(3))


def test_one_value_gives_no_interval_and_none_gives_zero() -> None:
    one = mean_interval([3.0])
    assert one.mean == 3.0 and one.low == -math.inf and one.high == math.inf
    assert one.as_dict() == {"mean": 3.0, "low": None, "high": None}
    assert one.text() == "3.00 ± —"
    assert mean_interval([]) == Estimate(0.0, 0.0, 0.0)


def test_estimates_read_as_percent_or_plus_minus() -> None:
    assert Estimate(0.61, 0.541, 0.675).text(percent=True) == "61.0% (54.1%–67.5%)"
    assert Estimate(88.47, 87.04, 89.90).text() == "88.47 ± 1.43"
