"""The cast model: statistical checks with fixed seeds and bounds far from the expected values.

Each bound sits at least 5 standard errors from the value the model implies, so a check can only
fail if the model changes, never by chance (the seeds are fixed anyway)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from angler.games.flip_and_fish.cast import (
    SKILLS,
    Landing,
    aim_from_direction,
    measure,
    revolution_chance,
    spread,
    throw,
)
from angler.games.flip_and_fish.table import PRESETS, RULER, Table, check_layout, jetties

TABLE = Table.for_players(2, "cross")
ALL = (True,) * 5


def casts(
    aim: tuple[float, float], skill: float = 1.0, n: int = 4000, seed: int = 1
) -> list[Landing]:
    rng = random.Random(seed)
    return [throw(TABLE.jetties[0], aim, skill, rng) for _ in range(n)]


def test_the_face_is_uniform_from_1_to_12() -> None:
    faces = Counter(landing.face for landing in casts(TABLE.cards[0], n=12000))
    assert sorted(faces) == list(range(1, 13))
    assert all(800 <= count <= 1200 for count in faces.values())  # expected 1000, sd ≈ 30


def test_the_face_does_not_depend_on_the_aim() -> None:
    near = Counter(landing.face for landing in casts(TABLE.cards[3], n=6000, seed=2))
    far = Counter(landing.face for landing in casts(TABLE.cards[4], n=6000, seed=3))
    for face in range(1, 13):
        assert abs(near[face] - far[face]) < 200  # each ≈ 500 ± 22


def test_the_spread_grows_with_the_length_of_the_throw() -> None:
    def mean_error(aim: tuple[float, float]) -> float:
        return sum(math.dist((shot.x, shot.y), aim) for shot in casts(aim)) / 4000

    short, long = mean_error(TABLE.cards[3]), mean_error(TABLE.cards[4])  # 200 vs 460 mm away
    assert long > 1.8 * short


def test_a_near_card_bites_more_often_than_a_far_one() -> None:
    def bite_rate(slot: int) -> float:
        hits = [measure(TABLE, shot, ALL) for shot in casts(TABLE.cards[slot])]
        return sum(r.bite and r.slot == slot for r in hits) / len(hits)

    assert bite_rate(3) > bite_rate(4) + 0.25  # ≈ 0.73 vs ≈ 0.31


def test_a_strike_is_rarer_than_a_bite() -> None:
    readings = [measure(TABLE, shot, ALL) for shot in casts(TABLE.cards[0])]
    bites = sum(r.bite for r in readings)
    strikes = sum(r.strike for r in readings)
    assert 0 < strikes < bites / 3
    assert all(r.bite for r in readings if r.strike)


def test_skill_narrows_the_spread() -> None:
    def mean_error(skill: str) -> float:
        aim = TABLE.cards[0]
        return sum(math.dist((shot.x, shot.y), aim) for shot in casts(aim, SKILLS[skill])) / 4000

    assert mean_error("expert") < 0.6 * mean_error("fair") < 0.6 * mean_error("novice")


def test_short_flicks_often_fail_to_revolve() -> None:
    assert revolution_chance(50) < 0.5 < revolution_chance(330)
    slid = sum(not shot.revolved for shot in casts(aim_from_direction(TABLE.jetties[0], 90, 60)))
    assert slid > 1600  # P ≈ 0.50 at 60 mm


def test_a_seed_reproduces_every_cast() -> None:
    assert casts(TABLE.cards[1], n=50, seed=9) == casts(TABLE.cards[1], n=50, seed=9)
    assert casts(TABLE.cards[1], n=50, seed=9) != casts(TABLE.cards[1], n=50, seed=10)


def test_an_outcome_round_trips_through_a_record() -> None:
    for landing in casts(TABLE.cards[2], n=20):
        assert Landing.from_outcome(landing.as_outcome()) == landing
    with pytest.raises(ValueError):
        Landing.from_outcome([0, 0, 2, 5])


def test_the_ruler_measures_the_gap_between_die_and_card() -> None:
    cx, cy = TABLE.cards[0]
    on_card = Landing(cx, cy, True, 5)
    assert measure(TABLE, on_card, ALL).strike
    # Just inside the ruler beside the card's right edge (half width 31.5, die radius 10).
    edge = Landing(cx + 31.5 + 10 + RULER - 1, cy, True, 5)
    assert measure(TABLE, edge, (True, False, False, False, False)).bite
    beyond = Landing(cx + 31.5 + 10 + RULER + 1, cy, True, 5)
    assert not measure(TABLE, beyond, (True, False, False, False, False)).bite
    assert not measure(TABLE, Landing(449, 449, True, 5), (False,) * 5).bite


def test_a_die_off_the_table_is_a_miss() -> None:
    assert not measure(TABLE, Landing(600, 0, True, 7), ALL).bite


def test_spread_formula_is_the_documented_one() -> None:
    assert spread(100, 1.0) == pytest.approx((45, 26))
    assert spread(100, 0.5) == pytest.approx((22.5, 13))


def test_six_distinct_preset_layouts_fit_the_table() -> None:
    assert len(PRESETS) == 6
    assert len({tuple(cards) for cards in PRESETS.values()}) == 6
    assert all(check_layout(cards) is None for cards in PRESETS.values())


def test_a_custom_layout_is_checked() -> None:
    assert check_layout(((0, 0),) * 4) == "the water holds 5 cards, not 4"
    assert "overlap" in str(check_layout(((0, 0), (10, 0), (200, 0), (-200, 0), (0, 200))))
    assert "off the table" in str(check_layout(((0, 0), (440, 0), (-110, 0), (0, 110), (0, -110))))


def test_the_drawn_box_holds_the_water_cards_and_the_jetties() -> None:
    table = Table.for_players(2, "line")  # cards from x -220 to 220, jetties at y +-330
    assert table.drawn == (-220 - 31.5, -330 - 62.0, 220 + 31.5, 330 + 62.0)
    assert table.drawn is table.drawn  # worked out once per table


def test_jetties_sit_evenly_round_the_water() -> None:
    for players in (2, 3, 4):
        seats = jetties(players)
        radii = {round(math.hypot(x, y)) for x, y in seats}
        assert radii == {330}
        assert seats[0] == (0.0, -330.0)


def test_the_documented_bite_curve_falls_with_distance() -> None:
    from angler.games.flip_and_fish.charts import bite_curve

    curve = bite_curve("fair", distances=(150, 300, 450), casts=600, seed=3)
    bites = [point.bite for point in curve]
    strikes = [point.strike for point in curve]
    assert bites[0] > bites[1] + 0.1 > bites[2] + 0.2  # ≈ 0.96, 0.70, 0.44
    assert all(s < b / 3 for s, b in zip(strikes, bites, strict=True))
