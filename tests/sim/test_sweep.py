"""``analyse --sweep``: a path names one option or one value of the card file; every value plays the
same seeds, and the report draws each headline figure against the value, in the values' order."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from angler.core import make_game
from angler.sim.analyse import Analysis, configure, run_analysis
from angler.sim.sweep import SweepError, parse_sweep, sweep_sides, swept_card_data
from angler.sim.sweep_report import render_sweep, sweep_text


def card_data(game: str) -> Any:
    return json.loads(Path(make_game(game, 3).cards.source).read_text())  # type: ignore[attr-defined]


def swept(game: str, text: str, games: int, players: int = 3, **options: str) -> Analysis:
    """A sweep run to the end, its swept card files alive only while it plays."""
    with ExitStack() as files:
        sides = sweep_sides(game, options, "", text, files)
        analysis = configure(
            game, options, sides.card_files, (players,), variants=sides.variants, sweep=sides.sweep
        )
        return run_analysis(analysis, options, games, seed=1)


def header_values(page: str) -> list[str]:
    """The values over the first table's columns, in the order the page gives them."""
    header = re.search(r"<tr><th>per game, at [^<]*</th>(.*?)</tr>", page)
    assert header is not None
    return re.findall(r"<th>(.*?)</th>", header.group(1))


def means(analysis: Analysis, players: int, figure: str) -> list[float]:
    """A figure's mean at each value: the decisions, or a numeric ``progress`` entry."""
    return [
        sum(o.decisions if figure == "decisions" else o.lengths[figure] for o in played)
        / len(played)
        for played in (analysis.played(side, players) for side in range(analysis.sides))
    ]


# ----- paths -----


def test_a_card_field_changes_every_copy_of_that_card_and_nothing_else() -> None:
    data = card_data("crazy-fishing")
    changed = swept_card_data(data, "F7.size", "30")
    sizes = {(f["name"], f["size"]) for f in changed["fish"]}
    assert ("F7", 30) in sizes and ("F7", 7) not in sizes
    assert [f for f in changed["fish"] if f["name"] != "F7"] == [
        f for f in data["fish"] if f["name"] != "F7"
    ]
    assert swept_card_data(data, "fish.F7.size", "30") == changed  # the list named, the same


def test_a_rule_value_is_named_by_its_keys_and_keeps_its_kind() -> None:
    changed = swept_card_data(card_data("crazy-fishing"), "sea.scatter_mm_per_sqrt_card", "60")
    assert changed["sea"]["scatter_mm_per_sqrt_card"] == 60


def test_a_game_option_is_swept_as_an_option_even_where_the_card_file_has_that_key() -> None:
    sweep = parse_sweep("out_of_series=none,all", ["out_of_series"], card_data("crazy-fishing"))
    assert sweep.option and sweep.label == "option out_of_series"
    assert not sweep.numeric and sweep.positions() == [0.0, 1.0]


def test_a_card_held_by_two_lists_must_be_named_with_its_list() -> None:
    data = {"rods": [{"name": "X", "speed": 1}], "baits": [{"name": "X", "value": 1}]}
    with pytest.raises(SweepError, match=r"X is a card in rods and baits: write rods\.X\.speed"):
        swept_card_data(data, "X.speed", "2")
    assert swept_card_data(data, "rods.X.speed", "2")["rods"] == [{"name": "X", "speed": 2}]


@pytest.mark.parametrize(
    ("game", "text", "says"),
    [
        ("fishing", "G1.value", "--sweep needs PATH=V1,V2,…, not 'G1.value'"),
        ("fishing", "G1.value=5", "give at least 2 values separated by commas"),
        ("fishing", "G1.value=5,,7", "give at least 2 values separated by commas"),
        ("fishing", "G1.value=5,5", "the value 5 is given twice"),
        ("fishing", "G1.value=1,many", "G1.value: it is a number, not 'many'"),
        ("fishing", "G1.valu=1,2", "cards.G1 has no field 'valu' (fields: suit, value, stars)"),
        ("fishing", "G99.value=1,2", "the card file has no key or card 'G99'"),
        ("fishing", "G1=1,2", "name a field of G1, as cards.G1.FIELD"),
        ("fishing", "G1.name=a,b", "a card's name cannot be swept"),
        ("fishing", "cards=a.json,b.json", "use --compare FILE2"),
        ("fishing", "players=3,4", "--players"),
        ("crazy-fishing", "sea=1,2", "sea holds several values; name one"),
        ("crazy-fishing", "rods=1,2", "rods is a list"),
        ("crazy-fishing", "sea.scatter_mm_per_sqrt_card=0,29", "=0: 'sea.scatter_mm_per_sqrt"),
        ("crazy-fishing", "out_of_series=none,Kraken", "out_of_series=Kraken"),
        ("flip-and-fish", "rounds=5,0", "--sweep rounds=0: option 'rounds'"),
    ],
)
def test_a_bad_sweep_is_refused_in_one_line_naming_the_problem(
    game: str, text: str, says: str
) -> None:
    with ExitStack() as files, pytest.raises(SweepError) as refused:
        sweep_sides(game, {}, "", text, files)
    assert says in str(refused.value) and "\n" not in str(refused.value)
    assert str(refused.value).startswith("--sweep")


def test_a_swept_card_file_lasts_as_long_as_the_sweep() -> None:
    with ExitStack() as files:
        sides = sweep_sides("fishing", {}, "", "G1.value=1,30", files)
        paths = [Path(cards) for cards in sides.card_files]
        assert all(path.exists() for path in paths)
    assert not any(path.exists() for path in paths)


# ----- runs: small, fixed seeds -----


@pytest.mark.slow
def test_crazy_fishing_scatter_sweep_plays_the_same_seeds_and_changes_game_length() -> None:
    run = swept("crazy-fishing", "sea.scatter_mm_per_sqrt_card=10,29,60", 12)
    seeds = [[o.seed for o in run.played(side, 3)] for side in range(3)]
    assert seeds[0] == seeds[1] == seeds[2] == list(range(1, 13))
    decisions = means(run, 3, "decisions")
    assert decisions[0] > decisions[2]  # a tight sea: casts reach fewer fish, games run longer
    page = render_sweep(run, "angler analyse crazy-fishing --sweep sea.scatter_mm_per_sqrt_card=…")
    assert header_values(page) == ["10", "29", "60"]
    assert page.count("<figure><svg") == 4  # wins, scores, length, tallies
    assert page.count("<figcaption") == 4 and "rounds (at the end): " in page
    assert "<pre>angler analyse crazy-fishing --sweep" in page.split("<h2>")[0]


@pytest.mark.slow
def test_crazy_fishing_out_of_series_option_sweep_brings_its_fish_in() -> None:
    run = swept("crazy-fishing", "out_of_series=none,all", 8)
    caught = [{k for o in run.played(side, 3) for k in o.tally} for side in range(2)]
    assert caught[1] - caught[0]  # fish caught only where they are in the sea
    page = render_sweep(run, "angler analyse crazy-fishing --sweep out_of_series=none,all")
    assert header_values(page) == ["none", "all"]
    assert "option out_of_series" in page and "out_of_series = none" not in page


@pytest.mark.slow
def test_flip_and_fish_rounds_option_sweep_shortens_games() -> None:
    run = swept("flip-and-fish", "rounds=3,100", 6, players=2)
    rounds = [max(o.lengths["round"] for o in run.played(side, 2)) for side in range(2)]
    assert rounds[0] <= 3 < rounds[1]
    assert "rounds (at the end): 3: " in sweep_text(run)


@pytest.mark.slow
def test_flip_and_fish_card_field_sweep_moves_the_catch() -> None:
    run = swept("flip-and-fish", "BlueMarlin.catch_rate=2,15", 10, players=2)
    caught = [
        sum(o.counts["caught by fish type"].get("BlueMarlin", 0) for o in run.played(side, 2))
        for side in range(2)
    ]
    assert caught[0] > caught[1]  # a catch rate of 2 lands it far more often than 15


def test_fishing_card_value_sweep_plays_every_value_on_the_same_seeds() -> None:
    run = swept("fishing", "G1.value=1,30", 4)
    assert [[o.seed for o in run.played(side, 3)] for side in range(2)] == [[1, 2, 3, 4]] * 2
    page = render_sweep(run, "angler analyse fishing --sweep G1.value=1,30")
    assert header_values(page) == ["1", "30"]
    assert "<b>G1.value</b> = 1, 30" in page


WIDER = "sea.scatter_mm_per_sqrt_card=10,60"


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    from angler.sim.backends import start_local_ray

    start_local_ray(2)
    yield
    ray.shutdown()


@pytest.mark.slow
def test_a_sweep_on_ray_draws_the_local_sweep(local_ray: None) -> None:
    def page(backend: Any) -> str:
        with ExitStack() as files:
            sides = sweep_sides("crazy-fishing", {}, "", WIDER, files)
            analysis = configure("crazy-fishing", {}, sides.card_files, (2,), sweep=sides.sweep)
            run = run_analysis(analysis, {}, 4, seed=2, jobs=2, backend=backend)
        return render_sweep(run, f"angler analyse crazy-fishing --sweep {WIDER}")

    assert page("ray") == page("local")
