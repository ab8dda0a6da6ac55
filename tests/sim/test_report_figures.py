"""The report's figures stay readable: wide enough, labelled by their finding, whole numbers as
bars, legends off the data, the forest plot limited to what its labels can carry."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from angler.sim.analyse import configure, run_analysis
from angler.sim.card_effects import CardEffect
from angler.sim.report_figures import (
    FOREST_CARDS,
    Panel,
    SeatShares,
    Series,
    bin_width,
    forest_cards,
    forest_figure,
    forest_finding,
    inline_svg,
    share_figure,
    share_finding,
    whole_number_figure,
)
from angler.sim.report_html import render
from angler.stats import Estimate

if TYPE_CHECKING:
    from matplotlib.figure import Figure

pytest.importorskip("matplotlib")

PX_PER_PT = 96 / 72
A, B = "A: the game's own card file", "B: b.json"


def series(label: str, values: list[float]) -> Series:
    return Series(label, values, Estimate.of(values), len(values))


def effects(count: int, side: int = 0) -> dict[str, CardEffect]:
    """``count`` cards, card i with an effect of (i - count / 2) points ± 3."""
    made = {}
    for i in range(count):
        effect = (i - count / 2 + side) / 100
        made[f"C{i}"] = CardEffect(f"C{i}", 10, effect, effect - 0.03, effect + 0.03)
    return made


def drawn_figures(page: str) -> list[tuple[str, str]]:
    """Each inline figure's opening ``<svg …>`` tag and the caption it is labelled by."""
    found = []
    for tag in re.findall(r"<svg [^>]*>", page):
        label = re.search(r'aria-labelledby="([^"]+)"', tag)
        assert label, f"a figure without its label: {tag}"
        caption = re.search(rf'<figcaption id="{label[1]}">(.*?)</figcaption>', page)
        assert caption, f"no caption {label[1]}"
        found.append((tag, caption[1]))
    return found


@pytest.mark.parametrize("cards", [("",), ("", "")], ids=["one file", "compared"])
def test_every_figure_is_inline_svg_at_least_800_px_wide_labelled_by_its_finding(
    cards: tuple[str, ...],
) -> None:
    run = run_analysis(configure("flip-and-fish", {}, cards, (3,)), {}, 3, seed=1)
    page = render(run, "angler analyse flip-and-fish")
    figures = drawn_figures(page)
    assert len(figures) == 3  # who wins, scores, lengths
    for tag, caption in figures:
        width = re.search(r'width="([\d.]+)pt"', tag)
        assert width and float(width[1]) * PX_PER_PT >= 800
        assert 'role="img"' in tag
        assert re.search(r"\d", caption) and "figure" not in caption.lower()
    assert "<text" in page  # text stays text: searchable, sharp at any zoom
    assert "http" not in page and "<img" not in page  # one file, nothing fetched
    for svg in re.findall(r"<svg .*?</svg>", page, flags=re.DOTALL):  # no rule for the page
        assert all(rule.startswith("#") for rule in re.findall(r"<style[^>]*>([^{]*)\{", svg))
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids))  # several inline SVGs in one page: no id twice


def test_the_same_figure_gives_the_same_markup() -> None:
    def markup() -> str:
        shares = [SeatShares(A, [Estimate.share([1.0, 0.0, 1.0])] * 2, 3)]
        return inline_svg(share_figure(2, shares), "wins-2", share_finding(2, shares))

    assert markup() == markup()


def test_the_share_caption_states_each_seat_and_whether_one_is_favoured() -> None:
    even = [SeatShares(A, [Estimate.share([1.0] * 10 + [0.0] * 20)] * 3, 30)]
    assert share_finding(3, even) == (
        "3 players, share of victories by seat: seat 1 wins 33% (19%–51%), "
        "seat 2 33% (19%–51%), seat 3 33% (19%–51%); par 33%: "
        "no seat is away from par beyond its interval."
    )
    ahead = Estimate.share([1.0] * 90 + [0.0] * 10)
    behind = Estimate.share([0.0] * 100)
    lopsided = [SeatShares(A, [ahead, behind], 100)]
    assert "seat 1 above par; seat 2 below par" in share_finding(2, lopsided)


def bar_centres(figure: Figure) -> list[list[float]]:
    """Each bar container's bars' centres, panel by panel."""
    return [
        [round(bar.get_x() + bar.get_width() / 2, 6) for bar in container]
        for axes in figure.axes
        for container in axes.containers
    ]


def test_whole_numbers_are_drawn_one_bar_per_value() -> None:
    scores = [0.0, 1.0, 1.0, 2.0, 2.0, 2.0, 5.0]
    figure = whole_number_figure([Panel(3, [series(A, scores)])], "final score", "player")
    assert bar_centres(figure) == [[0, 1, 2, 5]]
    heights = [bar.get_height() for bar in figure.axes[0].containers[0]]
    assert heights == pytest.approx([1 / 7, 2 / 7, 3 / 7, 1 / 7])


def test_compared_whole_numbers_are_dodged_side_by_side_around_each_value() -> None:
    panel = Panel(2, [series(A, [1.0, 2.0]), series(B, [2.0, 3.0])])
    a, b = bar_centres(whole_number_figure([panel], "rounds per game", "game"))
    assert [round(x) for x in a] == [1, 2] and [round(x) for x in b] == [2, 3]
    assert all(x < round(x) for x in a) and all(x > round(x) for x in b)


def test_a_wide_range_of_whole_numbers_is_binned_in_round_widths() -> None:
    assert bin_width(list(range(30))) == 1
    assert bin_width([0, 100]) == 5
    decisions = [float(d) for d in range(100, 400, 7)]
    figure = whole_number_figure([Panel(3, [series(A, decisions)])], "decisions", "game")
    widths = {round(bar.get_width(), 6) for bar in figure.axes[0].containers[0]}
    assert widths == {0.8 * 10}  # bins of 10 whole numbers


def legend_overlaps(figure: Figure) -> list[str]:
    """Which visible axes any legend of the figure covers, once laid out."""
    figure.draw_without_rendering()  # constrained layout places the axes and legends
    legends = [*figure.legends, *(a.legend_ for a in figure.axes if a.legend_ is not None)]
    assert legends, "a figure with more than one series names them"
    return [
        axes.get_title()
        for legend in legends
        for axes in figure.axes
        if axes.get_visible() and legend.get_window_extent().overlaps(axes.get_window_extent())
    ]


def test_no_legend_covers_the_data_of_any_figure() -> None:
    full = [Estimate.share([1.0] * 9 + [0.0])] * 4  # tall bars reach the top-right corner
    shares = [SeatShares(A, full, 10), SeatShares(B, full, 10)]
    panels = [Panel(p, [series(A, [9.0, 10.0]), series(B, [10.0, 11.0])]) for p in (2, 3, 4)]
    figures = [
        share_figure(4, shares),
        whole_number_figure(panels, "final score", "player"),
        forest_figure(["C0", "C1"], [effects(2), effects(2, 1)], [A, B]),
    ]
    for figure in figures:
        assert legend_overlaps(figure) == []


def test_the_forest_plot_shows_the_largest_effects_of_many_cards_in_readable_labels() -> None:
    many = effects(100)
    cards = sorted(many, key=lambda c: -(many[c].effect or 0))  # the table's order
    shown = forest_cards(cards, [many])
    assert len(shown) == FOREST_CARDS
    assert set(shown) == {f"C{i}" for i in [*range(15), *range(85, 100)]}  # both tails
    assert shown == [c for c in cards if c in shown]  # in the table's order
    figure = forest_figure(shown, [many], [A])
    labels = figure.axes[0].get_yticklabels()
    assert [label.get_text() for label in labels] == shown
    assert min(float(label.get_fontsize()) for label in labels) * PX_PER_PT >= 10
    assert figure.get_figwidth() * 72 * PX_PER_PT >= 800


def test_the_forest_caption_names_the_largest_effects_and_the_intervals_that_leave_out_0() -> None:
    text = forest_finding(["C0", "C9"], [effects(10)], [A])
    assert text == (
        "The plot shows 2 cards. Of 10 estimable cards, 3 have an interval that leaves out 0; "
        "the largest effect is C9 +4.0 points (+1.0 to +7.0), the smallest C0 -5.0 points "
        "(-8.0 to -2.0)."
    )


def test_a_compared_forest_caption_leads_with_the_surest_change_on_top() -> None:
    text = forest_finding(["C9", "C0"], [effects(10), effects(10, 1)], [A, B])
    assert text.startswith(
        "The plot shows 2 cards. The surest change, on top: C9, A +4.0 points (+1.0 to +7.0), "
        "B +5.0 points (+2.0 to +8.0). A: of 10 estimable cards,"
    )
