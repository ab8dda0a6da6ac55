"""The designers' report's figures: matplotlib drawings inlined in the page as SVG, each with a
sentence that states what it shows, computed from the numbers it draws.

Every figure is at least 800 px wide (10 inches at 72 points an inch, 96 px to 72 points), its
text stays text (searchable, sharp at any zoom) at 10 points or more, and its legend sits outside
the axes (constrained layout makes room for it), so it never covers a bar or an interval.
Whole-number values (scores, decisions, rounds) are drawn as one bar per value, or per bin of
whole numbers when their range is wide, A and B side by side.

matplotlib is imported inside the functions: it is an optional extra, checked by the command.
"""

from __future__ import annotations

import html
import io
import math
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from angler.core.view import counted
from angler.sim.card_effects import CardEffect
from angler.stats import Estimate

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.ticker import Formatter

WIDTH_INCHES = 10.0  # 720 points: 960 px in a browser at 100%
MOST_BARS = 30  # more whole numbers than this are grouped into bins of several
FOREST_CARDS = 30  # a forest plot shows this many cards at most; the table has them all
COLOURS = ("#1f77b4", "#ff7f0e")  # A, B (matplotlib's first two)
DARK_COLOURS = ("#0b3a5c", "#8a4300")  # their means' lines, to stand out on their own bars
STYLE: dict[str, Any] = {
    "font.size": 11,
    "axes.titlesize": 11,
    "axes.labelsize": 11,
    "xtick.labelsize": 10,
    "ytick.labelsize": 10,
    "legend.fontsize": 10,
    "figure.titlesize": 12,
}


@dataclass(frozen=True)
class Series:
    """One side's values in one panel: what is drawn, and the per-game mean the caption gives."""

    label: str  # "A: cards.json"
    values: Sequence[float]  # every value drawn (a score per player, a length per game)
    mean: Estimate  # the mean of per-game means, with its interval
    games: int


@dataclass(frozen=True)
class Panel:
    """One player count's distribution, A and B side by side when comparing."""

    players: int
    series: Sequence[Series]


@dataclass(frozen=True)
class SeatShares:
    """One side's share of the victories by seat, each with its Wilson interval."""

    label: str
    seats: Sequence[Estimate]
    games: int


# ----- the page's markup -----


def inline_svg(figure: Figure, slug: str, finding: str) -> str:
    """The figure as inline SVG labelled by its finding, shown below it as its caption; ``slug``
    names it uniquely in the page (its ids are derived from it, so every render is the same)."""
    import matplotlib

    buffer = io.StringIO()
    no_metadata = {"Creator": None, "Date": None, "Format": None, "Type": None}
    with matplotlib.rc_context({"svg.hashsalt": slug, "svg.fonttype": "none"}):
        figure.savefig(buffer, format="svg", metadata=no_metadata)
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg") :]  # no XML declaration nor DOCTYPE inside HTML
    # Namespaces are implied in HTML; dropping them keeps every address out of the page.
    svg = re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", svg)
    svg = re.sub(r"<metadata>.*?</metadata>\s*", "", svg, flags=re.DOTALL)
    svg = _own_ids(svg, slug)
    # An inline SVG's style sheet applies to the whole page: keep matplotlib's to its figure.
    svg = svg.replace('<style type="text/css">*{', f"<style>#{slug} *{{")
    caption = f"{slug}-caption"
    svg = svg.replace("<svg", f'<svg id="{slug}" role="img" aria-labelledby="{caption}"', 1)
    return f'<figure>{svg}<figcaption id="{caption}">{html.escape(finding)}</figcaption></figure>'


def _own_ids(svg: str, slug: str) -> str:
    """Every id of the figure, and every reference to one, prefixed by its slug: matplotlib
    numbers some ids per figure (``axes_1``), which would repeat across one page's figures."""
    svg = svg.replace(' id="', f' id="{slug}-')
    return svg.replace("url(#", f"url(#{slug}-").replace('href="#', f'href="#{slug}-')


@contextmanager
def _style() -> Iterator[None]:
    import matplotlib

    with matplotlib.rc_context(STYLE):  # type: ignore[arg-type]
        yield


def _new_figure(height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(WIDTH_INCHES, height), layout="constrained")


# ----- who wins -----


def share_figure(players: int, sides: Sequence[SeatShares]) -> Figure:
    """Each seat's share of the victories with its interval, A and B side by side, and par."""
    with _style():
        figure = _new_figure(3.8)
        axes = figure.subplots()
        width = 0.8 / len(sides)
        for side, shares in enumerate(sides):
            xs = [seat + 1 + (side - (len(sides) - 1) / 2) * width for seat in range(players)]
            means = [e.mean for e in shares.seats]
            errors = [
                [e.mean - e.low for e in shares.seats],
                [e.high - e.mean for e in shares.seats],
            ]
            label = f"{shares.label} (n = {shares.games})"
            axes.bar(xs, means, width, yerr=errors, capsize=4, label=label, color=COLOURS[side])
        axes.axhline(1 / players, color="grey", linestyle="--", label=f"par {1 / players:.0%}")
        axes.set_xticks(range(1, players + 1))
        axes.set_xlabel("seat (1 plays first)")
        axes.set_ylabel("share of victories")
        axes.yaxis.set_major_formatter(_percent_formatter())
        axes.set_title(f"{players} players: win share by seat, 95% intervals")
        figure.legend(loc="outside lower center", ncols=len(sides) + 1)
    return figure


def share_finding(players: int, sides: Sequence[SeatShares]) -> str:
    """E.g. "3 players: seat 1 wins 31% (28–34%), …; par 33%: no seat is away from par beyond
    its interval"."""
    par = 1 / players
    parts = []
    for shares in sides:
        seats = ", ".join(
            f"seat {seat + 1}{' wins' * (seat == 0)} {_percent_interval(e)}"
            for seat, e in enumerate(shares.seats)
        )
        above = [str(seat + 1) for seat, e in enumerate(shares.seats) if e.low > par]
        below = [str(seat + 1) for seat, e in enumerate(shares.seats) if e.high < par]
        verdict = "; ".join(
            [f"seat {', '.join(above)} above par"] * bool(above)
            + [f"seat {', '.join(below)} below par"] * bool(below)
        )
        verdict = verdict or "no seat is away from par beyond its interval"
        prefix = f"{shares.label}: " if len(sides) > 1 else ""
        parts.append(f"{prefix}{seats}; par {par:.0%}: {verdict}")
    return f"{players} players, share of victories by seat: " + ". ".join(parts) + "."


def _percent_interval(estimate: Estimate) -> str:
    return f"{estimate.mean:.0%} ({estimate.low:.0%}–{estimate.high:.0%})"


def _percent_formatter() -> Formatter:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0, decimals=0)


# ----- whole-number distributions -----


def bin_width(values: Sequence[float], most: int = MOST_BARS) -> int:
    """1 (a bar per value) when the values span at most ``most`` whole numbers, else the
    smallest round width that keeps the bars to about that many."""
    if not values:
        return 1
    span = int(max(values) - min(values)) + 1
    if span <= most:
        return 1
    wanted = math.ceil(span / most)
    return next(width for width in (2, 5, 10, 20, 25, 50, 100, 200, 500, wanted) if width >= wanted)


def whole_number_figure(panels: Sequence[Panel], what: str, unit: str) -> Figure:
    """One panel of bars per player count: the share of the ``unit``s (player, game) at each value
    of ``what``, A and B side by side; a dashed line at each side's mean."""
    columns = min(len(panels), 2 if len(panels[0].series) > 1 else 3)
    rows = math.ceil(len(panels) / columns)
    every = [v for panel in panels for series in panel.series for v in series.values]
    width = bin_width(every)
    with _style():
        figure = _new_figure(0.6 + 2.9 * rows)
        grid = figure.subplots(rows, columns, squeeze=False)
        for axes, panel in zip(grid.flat, panels, strict=False):
            _whole_number_bars(axes, panel, width, unit)
        for axes in list(grid.flat)[len(panels) :]:
            axes.set_visible(False)
        binned = f" (bars of {width} whole numbers)" if width > 1 else ""
        figure.supxlabel(f"{what}{binned}")
        figure.legend(
            *grid.flat[0].get_legend_handles_labels(),
            loc="outside upper center",  # the shared x label takes the bottom
            ncols=len(panels[0].series) + 1,
        )
    return figure


def _whole_number_bars(axes: Axes, panel: Panel, width: int, unit: str) -> None:
    sides = len(panel.series)
    bar = 0.8 * width / sides
    for side, series in enumerate(panel.series):
        # A value that is not whole (no game's so far) counts in the bin of the one below it.
        counts = Counter(width * math.floor(v / width) for v in series.values)
        total = len(series.values) or 1
        starts = sorted(counts)
        # A bin [s, s + width - 1] is centred on its middle whole number.
        xs = [s + (width - 1) / 2 + (side - (sides - 1) / 2) * bar for s in starts]
        shares = [counts[s] / total for s in starts]
        axes.bar(xs, shares, bar, color=COLOURS[side], label=series.label)
        if math.isfinite(series.mean.mean):
            axes.axvline(series.mean.mean, color=DARK_COLOURS[side], linestyle="--", linewidth=2)
    # A line of no points: the legend's entry for the dashed means.
    axes.plot([], [], color="#333", linestyle="--", linewidth=2, label="mean per game")
    _whole_number_axis(axes, [v for series in panel.series for v in series.values], width)
    axes.yaxis.set_major_formatter(_percent_formatter())
    axes.set_ylabel(f"% of {unit}s")
    axes.set_title(f"{panel.players} players (n = {counted(panel.series[0].games, 'game')})")


def _whole_number_axis(axes: Axes, values: Sequence[float], width: int) -> None:
    """Ticks on whole numbers only, every one when they are few, and a bin's room on either
    side, so that one value alone is a bar among whole numbers, not a block spanning fractional
    ticks."""
    from matplotlib.ticker import MaxNLocator

    if not values:
        return
    first = width * math.floor(min(values) / width)
    last = width * math.floor(max(values) / width) + width - 1
    axes.set_xlim(first - 0.5 - width, last + 0.5 + width)
    if width == 1 and last - first < 15:
        axes.set_xticks(range(first, last + 1))
    else:
        axes.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=8, steps=[1, 2, 5, 10]))


def distribution_finding(panels: Sequence[Panel], what: str, unit: str) -> str:
    """E.g. "final score, by player count. 3 players: 0 to 9, most often 4 (23% of players),
    mean per game 4.1 (3.8–4.4)"."""
    parts = []
    for panel in panels:
        sides = []
        for series in panel.series:
            prefix = f"{series.label.split(':')[0]} " if len(panel.series) > 1 else ""
            sides.append(prefix + _spread(series, unit))
        parts.append(f"{panel.players} players: " + "; ".join(sides))
    return f"{what[0].upper()}{what[1:]}, by player count. " + ". ".join(parts) + "."


def _spread(series: Series, unit: str) -> str:
    if not series.values:
        return "no games"
    value, count = Counter(series.values).most_common(1)[0]
    mean = series.mean
    interval = f" ({mean.low:.1f}–{mean.high:.1f})" if math.isfinite(mean.high - mean.low) else ""
    if min(series.values) == max(series.values):
        return f"always {value:g} ({counted(len(series.values), unit)})"
    return (
        f"{min(series.values):g} to {max(series.values):g}, most often {value:g} "
        f"({count / len(series.values):.0%} of {unit}s), mean per game {mean.mean:.1f}{interval}"
    )


# ----- each card's effect -----


def forest_cards(
    cards: Sequence[str], effects: Sequence[dict[str, CardEffect]], limit: int = FOREST_CARDS
) -> list[str]:
    """The cards the forest plot shows, in the table's order: every estimable one when they are
    few; else, alone, the ``limit`` largest effects (either sign); compared, the ``limit`` first
    rows (the surest changes)."""
    estimable = [c for c in cards if any(_effect(side, c) is not None for side in effects)]
    if len(estimable) <= limit or len(effects) > 1:
        return estimable[:limit]
    largest = sorted(estimable, key=lambda c: -abs(_effect(effects[0], c) or 0.0))[:limit]
    return [c for c in estimable if c in largest]


def forest_figure(
    shown: Sequence[str], effects: Sequence[dict[str, CardEffect]], labels: Sequence[str]
) -> Figure:
    """Each shown card's effect with its 95% interval, top to bottom in the given order."""
    with _style():
        figure = _new_figure(1.6 + 0.3 * len(shown))
        axes = figure.subplots()
        for side, by_card in enumerate(effects):
            offset = (side - (len(effects) - 1) / 2) * 0.3
            points = [
                (y + offset, e.effect * 100, e.low * 100, e.high * 100)
                for y, card in enumerate(shown)
                if (e := by_card.get(card)) is not None
                and e.effect is not None
                and e.low is not None
                and e.high is not None
            ]
            if not points:
                continue
            ys, means, lows, highs = zip(*points, strict=True)
            below = [mean - low for mean, low in zip(means, lows, strict=True)]
            above = [high - mean for mean, high in zip(means, highs, strict=True)]
            axes.errorbar(
                means,
                ys,
                xerr=[below, above],
                fmt="o",
                capsize=3,
                color=COLOURS[side],
                label=labels[side],
            )
        axes.axvline(0, color="grey", linestyle="--")
        axes.set_yticks(range(len(shown)), shown)
        axes.set_ylim(len(shown) - 0.5, -0.5)  # the table's first row on top
        axes.grid(axis="y", color="#eee")
        axes.set_xlabel("effect of one more copy on the holder's win share (points), 95% interval")
        if len(effects) > 1:
            figure.legend(loc="outside lower center", ncols=len(effects))
    return figure


def forest_title(shown: Sequence[str], effects: Sequence[dict[str, CardEffect]]) -> str:
    """What the plot shows of the table: all its estimable cards, or which part."""
    estimable = {c for side in effects for c, e in side.items() if e.estimable}
    if len(shown) == len(estimable):
        return "Each estimable card's effect, in the table's order"
    if len(effects) > 1:
        return f"The {len(shown)} surest changes of {len(estimable)} estimable cards"
    return f"The {len(shown)} largest effects (either sign) of {len(estimable)} estimable cards"


def forest_finding(
    shown: Sequence[str], effects: Sequence[dict[str, CardEffect]], labels: Sequence[str]
) -> str:
    """How many intervals leave out 0 on each side, and the largest effect up and down; compared,
    first the card on top, the surest change."""
    parts = [_surest_change(shown[0], effects, labels)] if len(effects) > 1 and shown else []
    for side, by_card in enumerate(effects):
        estimable = [e for e in by_card.values() if e.estimable]
        if not estimable:
            continue
        apart = [e for e in estimable if e.leaves_out_zero]
        of = f"{labels[side].split(':')[0]}: of" if len(effects) > 1 else "Of"
        top = max(estimable, key=lambda e: e.effect or 0.0)
        bottom = min(estimable, key=lambda e: e.effect or 0.0)
        parts.append(
            f"{of} {len(estimable)} estimable cards, {len(apart)} have an interval that "
            f"leaves out 0; the largest effect is {_points(top)}, the smallest {_points(bottom)}"
        )
    return f"The plot shows {len(shown)} cards. " + ". ".join(parts) + "."


def _surest_change(
    card: str, effects: Sequence[dict[str, CardEffect]], labels: Sequence[str]
) -> str:
    sides = [
        f"{label.split(':')[0]} {_points(e, named=False)}"
        if (e := side.get(card)) is not None and e.estimable
        else f"{label.split(':')[0]} not estimable"
        for side, label in zip(effects, labels, strict=True)
    ]
    return f"The surest change, on top: {card}, " + ", ".join(sides)


def _points(effect: CardEffect, named: bool = True) -> str:
    assert effect.effect is not None and effect.low is not None and effect.high is not None
    return (
        f"{effect.card} " if named else ""
    ) + f"{effect.effect * 100:+.1f} points ({effect.low * 100:+.1f} to {effect.high * 100:+.1f})"


def _effect(by_card: dict[str, CardEffect], card: str) -> float | None:
    effect = by_card.get(card)
    return effect.effect if effect is not None else None
