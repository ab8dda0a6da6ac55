"""A review as people read it: a table for the terminal, and one self-contained HTML page with the
decisions and a chart of the seat's expected share of the victory over the game."""

from __future__ import annotations

import html
import math
from typing import Any

from rich.table import Table

from angler.core.view import seat_name
from angler.review.labels import BEST, CLOSE
from angler.review.review import Review, ReviewedDecision
from angler.stats import Estimate

MARKS = {
    BEST: "best",
    CLOSE: "close",
    "good": "good",
    "inaccuracy": "?!",
    "mistake": "?",
    "blunder": "??",
}
STYLE = """
body{font-family:system-ui,sans-serif;max-width:64em;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.6em 0;width:100%}
th,td{border:1px solid #ccc;padding:.2em .5em}
th{background:#eef;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}
.note{color:#555;font-size:.92em}.blunder,.mistake{color:#a00;font-weight:bold}
.inaccuracy{color:#a60}.best,.good{color:#060}svg{max-width:100%;height:auto}
"""


ROLLOUT_NOTE = (
    "Every move was valued from what this seat could see at the time: the hidden cards re-dealt "
    "consistently with its view, the same worlds and dice for every move, then the heuristic "
    "player to the end. Intervals are 95%. Points lost a decision: the final score the played "
    "moves gave up against the best ones, on average (below zero where played moves did better "
    "than the review's choice on the samples that measured them)."
)
SEARCH_NOTE = (
    "Every move was valued from what this seat could see at the time, by the paired search: "
    "each round re-deals the hidden cards consistently with its view and tries every move on "
    "that world with the same dice, then searches on below it, so every seat's later moves "
    "improve as the search grows. Values are the search's own: the share of the victory where "
    "a playout ends, the standing by score where it stops first. Intervals are 95%. Its marks "
    "compare players, and its advice is for a seat that goes on playing as well as a search."
)


def value_name(review: Review) -> str:
    """What a decision's value is, as a column's heading."""
    return "Search value" if review.judge == "search" else "Win share"


def summary_line(review: Review) -> str:
    shown, lost = review.accuracy, review.points_lost
    accuracy = "no decision to review" if shown is None else f"accuracy {shown:.0f}"
    if lost is not None:
        accuracy += f", {points_text(lost)}"
    counts = ", ".join(f"{n} {name}" for name, n in sorted(review.counts().items()))
    done = "" if review.complete else f" (stopped: {len(review.decisions)} of {review.total})"
    return f"{seat_name(review.seat)} in {review.game}: {accuracy}; {counts or 'none'}{done}"


def points_text(lost: Estimate) -> str:
    """'0.21 points lost a decision (0.05 to 0.37)': the interval where there is one."""
    text = f"{lost.mean:.2f} points lost a decision"
    if math.isfinite(lost.low) and math.isfinite(lost.high):
        text += f" ({lost.low:.2f} to {lost.high:.2f})"
    return text


def decisions_table(review: Review) -> Table:
    table = Table()  # the summary goes above it as a line: a title would wrap inside numbers
    for column, justify in (
        ("Step", "right"),
        ("Played", "left"),
        ("Mark", "left"),
        (value_name(review), "right"),
        ("Lost", "right"),
        ("Best", "left"),
    ):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for decision in review.decisions:
        played = decision.worth(decision.played)
        table.add_row(
            str(decision.step),
            decision.texts[decision.played],
            MARKS[decision.label],
            _percent(played.win.mean),
            _loss(decision),
            "" if decision.best == decision.played else decision.texts[decision.best],
        )
    return table


def costly_lines(review: Review) -> list[str]:
    return [f"Step {d.step} ({d.label}): {d.why()}" for d in review.costly()]


def render_html(review: Review, command: str) -> str:
    """The whole page."""
    e = html.escape
    title = f"Review of {seat_name(review.seat)}, {review.game}"
    rows = "\n".join(_html_row(decision) for decision in review.decisions)
    costly = "".join(f"<li>{e(line)}</li>" for line in costly_lines(review)) or "<li>none</li>"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        f"<p>{e(summary_line(review))}</p>",
        f'<p class="note">Made by <code>{e(command)}</code>. Budget {e(review.budget)} a '
        f"decision, seed {review.seed}. "
        f"{SEARCH_NOTE if review.judge == 'search' else ROLLOUT_NOTE}</p>",
        "<h2>The decisions that cost the most</h2>",
        f"<ol>{costly}</ol>",
        "<h2>The search's value of the played moves over the game</h2>"
        if review.judge == "search"
        else "<h2>Expected share of the victory over the game</h2>",
        _chart(review),
        "<h2>Every decision</h2>",
        "<table><thead><tr><th>Step</th><th>Deciding</th><th>Played</th><th>Mark</th>"
        f"<th>{value_name(review)}</th><th>Lost (95%)</th><th>Best</th></tr></thead>",
        f"<tbody>{rows}</tbody></table>",
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def _html_row(decision: ReviewedDecision) -> str:
    e = html.escape
    played = decision.worth(decision.played)
    best = "" if decision.best == decision.played else decision.texts[decision.best]
    return (
        f"<tr><td class=n>{decision.step}</td><td>{e(decision.prompt)}</td>"
        f"<td>{e(decision.texts[decision.played])}</td>"
        f'<td class="{decision.label}">{e(decision.label)}</td>'
        f"<td class=n>{_percent(played.win.mean)}</td><td class=n>{e(_loss(decision))}</td>"
        f"<td>{e(best)}</td></tr>"
    )


def _chart(review: Review, width: int = 720, height: int = 220) -> str:
    """An SVG line of the played moves' expected share of the victory, step by step."""
    if not review.decisions:
        return "<p>No decision to draw.</p>"
    pad = 30
    points = [(d.step, d.worth(d.played).win.mean) for d in review.decisions]
    last = max(step for step, _ in points) or 1

    def x(step: int) -> float:
        return pad + (width - 2 * pad) * step / last

    def y(value: float) -> float:
        return height - pad - (height - 2 * pad) * value

    line = " ".join(f"{x(step):.1f},{y(value):.1f}" for step, value in points)
    marks = "".join(
        f'<circle cx="{x(d.step):.1f}" cy="{y(d.worth(d.played).win.mean):.1f}" r="4" '
        f'fill="#a00"><title>step {d.step}: {html.escape(d.label)}</title></circle>'
        for d in review.decisions
        if d.label in ("mistake", "blunder")
    )
    fair = 1 / review.players
    return (
        f'<svg viewBox="0 0 {width} {height}" role="img" aria-label="expected win share by step">'
        f'<line x1="{pad}" y1="{y(fair):.1f}" x2="{width - pad}" y2="{y(fair):.1f}" '
        'stroke="#bbb" stroke-dasharray="4 4"/>'
        f'<text x="{pad}" y="{y(fair) - 4:.1f}" font-size="11" fill="#777">an even share '
        f"({_percent(fair)})</text>"
        f'<text x="{pad}" y="{pad - 8}" font-size="11">100%</text>'
        f'<text x="{pad}" y="{height - pad + 14}" font-size="11">0% · step 1</text>'
        f'<text x="{width - pad}" y="{height - pad + 14}" font-size="11" '
        f'text-anchor="end">step {last}</text>'
        f'<polyline points="{line}" fill="none" stroke="#246" stroke-width="2"/>{marks}</svg>'
    )


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def _loss(decision: ReviewedDecision) -> str:
    if decision.label == BEST:
        return ""
    loss = decision.loss
    if not (math.isfinite(loss.low) and math.isfinite(loss.high)):  # one sample: no interval
        return f"{100 * loss.mean:.1f}"
    return f"{100 * loss.mean:.1f} ({100 * loss.low:.1f} to {100 * loss.high:.1f})"


def review_json(review: Review) -> dict[str, Any]:
    return review.as_dict()
