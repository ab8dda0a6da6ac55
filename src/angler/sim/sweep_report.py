"""A sweep's report (``angler analyse --sweep``): every headline figure of the designers' report
(win share by seat, scores, game length, the game's tallies) drawn against the swept value, with
its 95% interval, and the same numbers in a table; one self-contained HTML page.

Every value plays the same seeds, and only the seeds every value finished soundly are counted, so
a figure's change from one value to the next is the value's, not the deal's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from angler.core.view import counted
from angler.sim.analyse import Analysis, Outcome
from angler.sim.findings import FigureGroup, figure_groups, per_game
from angler.sim.glossary import GLOSSARY
from angler.sim.report_figures import _new_figure, _percent_formatter, _style, inline_svg
from angler.sim.report_html import STYLE, _e, _shown, _table, stopped_note
from angler.sim.sweep import Sweep
from angler.stats import Estimate

OWN_CARDS = "the game's own card file"
NONE_PAIRED = "No seed was played soundly at every value: nothing to draw."
COLUMNS = 3  # small figures side by side in one image, before the next row
TERMS = ("n", "95% interval", "Wilson interval", "normal interval of a mean", "paired games")
TERMINAL_GROUPS = 3  # the terminal shows wins, scores and length; the tallies are in the report


def render_sweep(analysis: Analysis, command: str) -> str:
    """The whole page: the command first, then each figure against the swept value."""
    sweep = _sweep_of(analysis)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_e(analysis.title)}: sweep of {_e(sweep.label)}</title>",
        f"<style>{STYLE}</style></head><body>",
        *_header(analysis, sweep, command),
    ]
    for index, title in enumerate(_group_titles(analysis)):
        groups = [(n, figure_groups(analysis, n)[index]) for n in analysis.player_counts]
        if not any(group.figures for _, group in groups):
            continue  # a game that tallies nothing
        parts.append(f"<h2>{_e(title)}, by {_e(sweep.label)}</h2>")
        for players, group in groups:
            parts += _group_section(analysis, sweep, players, group)
    parts += [*_anomalies(analysis, sweep), *_glossary(), "</body></html>"]
    return "\n".join(parts) + "\n"


def sweep_text(analysis: Analysis) -> str:
    """The headline figures by value, for a terminal: wins, scores and length."""
    sweep = _sweep_of(analysis)
    lines = [
        f"{analysis.title}, by {sweep.label} ({counted(analysis.games, 'game')} per player count "
        "at each value, the same seeds; mean and 95% interval):"
    ]
    for players in analysis.player_counts:
        lines.append(f"  {players} players ({analysis.seating(players)}):")
        if not analysis.played(0, players):
            lines.append(f"    {NONE_PAIRED}")
            continue
        for group in figure_groups(analysis, players)[:TERMINAL_GROUPS]:
            for label, cells in _rows(analysis, players, group):
                values = "; ".join(
                    f"{value}: {cell}" for value, cell in zip(sweep.values, cells, strict=True)
                )
                lines.append(f"    {label}: {values}")
    return "\n".join(lines)


def _sweep_of(analysis: Analysis) -> Sweep:
    if analysis.sweep is None:
        raise ValueError("this analysis is not a sweep")
    return analysis.sweep


def _group_titles(analysis: Analysis) -> list[str]:
    return [group.title for group in figure_groups(analysis, analysis.player_counts[0])]


def _header(analysis: Analysis, sweep: Sweep, command: str) -> list[str]:
    options = {k: v for k, v in analysis.options.items() if k != sweep.path or not sweep.option}
    shown = ", ".join(f"{key} = {_shown(value)}" for key, value in options.items())
    finished = len(analysis.outcomes)
    lines = [
        f"<h1>{_e(analysis.title)}: {_e(sweep.label)} swept</h1>",
        "<p>Made by this command (run it again to get the same report):</p>",
        f"<pre>{_e(command)}</pre>",
        "<ul>",
        f"<li>swept: <b>{_e(sweep.label)}</b> = {_e(', '.join(sweep.values))}"
        + ("" if sweep.option else " (in the card file; every other value as it is)")
        + "</li>",
        f"<li>card file: <b>{_e(sweep.cards or OWN_CARDS)}</b></li>",
        f"<li>{counted(analysis.games, 'game')} per player count at each value, seeds "
        f"{analysis.seed} to {analysis.seed + analysis.games - 1}: the same seeds at every value "
        "(paired games)</li>",
        "<li>players in each seat: "
        + _e("; ".join(f"{n} players: {analysis.seating(n)}" for n in analysis.player_counts))
        + "</li>",
        f"<li>game options: {_e(shown) or 'none'}</li>",
        f"<li>games played: {finished} of {analysis.planned}; anomalies (left out of every "
        f"figure): {len(analysis.anomalies())}</li>",
        "</ul>",
    ]
    lines += stopped_note(analysis, finished)
    lines.append(
        '<p class="note">Every point is the mean over games at that value with its 95% interval '
        "(shares: Wilson; means: normal). Only the seeds every value finished soundly are "
        "counted, so each value plays the very same deals.</p>"
    )
    return lines


def _group_section(analysis: Analysis, sweep: Sweep, players: int, group: FigureGroup) -> list[str]:
    n = len(analysis.played(0, players))
    if not n:
        return [f"<h3>{players} players</h3>", f"<p>{NONE_PAIRED}</p>"]
    header = [f"per game, at {sweep.label} =", *sweep.values]
    rows = [[_e(label), *map(_e, cells)] for label, cells in _rows(analysis, players, group)]
    return [
        f"<h3>{players} players (n = {counted(n, 'game')} at each value)</h3>",
        _figure(analysis, sweep, players, group),
        _table(header, rows, raw=True),
    ]


def _rows(analysis: Analysis, players: int, group: FigureGroup) -> list[tuple[str, list[str]]]:
    """Each figure's label (a seat with its agent) and its estimate's text at every value."""
    rows = []
    for label, estimates in _estimates(analysis, players, group).items():
        rows.append((label, [estimate.text(percent=group.percent) for estimate in estimates]))
    return rows


def _estimates(analysis: Analysis, players: int, group: FigureGroup) -> dict[str, list[Estimate]]:
    """Each figure of a group at every value: a share's Wilson estimate, or a mean's."""
    estimate = Estimate.share if group.percent else Estimate.of
    shown: dict[str, list[Estimate]] = {}
    for seat, (label, value) in enumerate(group.figures.items()):
        if group.percent:  # a seat's share: name the seat's agent
            label = f"win share of {analysis.seat_label(players, seat)}"
        shown[label] = [estimate(values) for values in per_game(analysis, players, value)]
    return shown


def _figure(analysis: Analysis, sweep: Sweep, players: int, group: FigureGroup) -> str:
    """The win shares on one axes (they share a scale and par); every other figure on its own;
    drawn as the report's figures are (``report_figures``): inline SVG, legends outside the data,
    captioned by what they show."""
    estimates = _estimates(analysis, players, group)
    xs = sweep.positions()
    slug = f"sweep-{players}-{_slug(group.title)}"
    with _style():
        if group.percent:
            figure = _new_figure(4.2)
            axes = figure.subplots()
            step = _spacing(xs) * 0.06  # seats side by side, so their error bars do not hide
            for k, (label, values) in enumerate(estimates.items()):
                offset = (k - (len(estimates) - 1) / 2) * step
                _error_line(axes, [x + offset for x in xs], values, label)
            axes.axhline(1 / players, color="grey", linestyle="--", label=f"par {1 / players:.0%}")
            axes.set_ylabel("share of victories")
            axes.yaxis.set_major_formatter(_percent_formatter())
            figure.legend(loc="outside lower center", ncols=min(4, len(estimates) + 1))
            _x_axis(axes, sweep, xs)
            axes.set_title(f"{players} players: win share by seat, 95% intervals")
        else:
            rows = math.ceil(len(estimates) / COLUMNS)
            columns = min(COLUMNS, len(estimates))
            figure = _new_figure(3.0 * rows + 0.6)
            grid = figure.subplots(rows, columns, squeeze=False)
            for axes, (label, values) in zip(grid.flat, estimates.items(), strict=False):
                _error_line(axes, xs, values, label)
                _x_axis(axes, sweep, xs)
                axes.set_title(label)
            for axes in list(grid.flat)[len(estimates) :]:
                axes.set_visible(False)
            figure.suptitle(f"{players} players: {group.title.lower()}, 95% intervals")
    return inline_svg(figure, slug, _finding(sweep, estimates, group.percent))


def _finding(sweep: Sweep, estimates: dict[str, list[Estimate]], percent: bool) -> str:
    """What the figure shows, in words: each figure from the first value to the last, and
    whether their intervals leave each other (a change the seeds cannot explain)."""
    first, last = sweep.values[0], sweep.values[-1]
    parts = []
    for label, values in estimates.items():
        start, end = values[0], values[-1]
        moved = start.high < end.low or end.high < start.low
        verdict = "a change beyond the intervals" if moved else "within the intervals"
        parts.append(
            f"{label}: {_mean(start, percent)} at {first}, {_mean(end, percent)} at {last} "
            f"({verdict})"
        )
    return f"{sweep.label}, from {first} to {last}: " + "; ".join(parts)


def _mean(estimate: Estimate, percent: bool) -> str:
    return f"{estimate.mean:.0%}" if percent else f"{estimate.mean:.2f}"


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


def _error_line(axes: Any, xs: Sequence[float], estimates: Sequence[Estimate], label: str) -> None:
    means = [e.mean for e in estimates]
    below = [e.mean - e.low for e in estimates]
    above = [e.high - e.mean for e in estimates]
    axes.errorbar(xs, means, yerr=[below, above], fmt="-o", capsize=3, markersize=4, label=label)


def _x_axis(axes: Any, sweep: Sweep, xs: Sequence[float]) -> None:
    axes.set_xticks(list(xs), list(sweep.values))
    axes.set_xlabel(sweep.label)


def _spacing(xs: Sequence[float]) -> float:
    """The smallest gap between two values: how far apart points may be drawn."""
    gaps = [b - a for a, b in zip(sorted(xs), sorted(xs)[1:], strict=False) if b > a]
    return min(gaps) if gaps else 1.0


def _anomalies(analysis: Analysis, sweep: Sweep) -> list[str]:
    found: list[Outcome] = analysis.anomalies()
    lines = ["<h2>Things that should never happen</h2>"]
    if not found:
        return [*lines, "<p>None: every game ended, with a winner, and none raised an error.</p>"]
    lines.append("<ul>")
    for outcome in found:
        where = f"{sweep.label} = {sweep.values[outcome.side]}, {outcome.players} players"
        lines.append(f"<li>{_e(where)}, seed {outcome.seed}: {_e(outcome.anomaly)}</li>")
    lines.append("</ul>")
    return lines


def _glossary() -> list[str]:
    lines = ["<h2>Glossary</h2>", "<dl>"]
    for term in TERMS:
        lines.append(f"<dt>{_e(term)}</dt><dd>{_e(GLOSSARY[term])}</dd>")
    lines.append("</dl>")
    return lines
