"""The analysis as one self-contained HTML page for designers: tables and matplotlib figures
(inline SVG, :mod:`angler.sim.report_figures`), every figure with its 95% interval, its number
of games and a caption that states its finding.

With two card files, every figure shows both side by side and the difference B − A, paired game
by game on the same seeds: the mean of the per-game differences with its normal interval
(:func:`angler.stats.mean_interval`); a difference is *significant* when that interval leaves
out 0. Shares (a seat's part of each victory) are compared the same way, as per-game numbers.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from angler.core.view import counted
from angler.sim.analyse import Analysis, Outcome, counted_rows
from angler.sim.card_effects import CardEffect, same_total_in_each_game, seat_rows
from angler.sim.differences import CORRECTION, Difference
from angler.sim.findings import Findings, all_played, figure_groups, findings, per_game
from angler.sim.glossary import GLOSSARY
from angler.sim.report_figures import (
    Panel,
    SeatShares,
    Series,
    distribution_finding,
    forest_cards,
    forest_figure,
    forest_finding,
    forest_title,
    inline_svg,
    share_figure,
    share_finding,
    whole_number_figure,
)
from angler.sim.verdict import difference_text, verdict
from angler.stats import Estimate

STYLE = """
body{font-family:system-ui,sans-serif;max-width:70em;margin:2em auto;padding:0 1em;color:#222}
pre{background:#f4f4f4;padding:.6em;white-space:pre-wrap;word-break:break-all}
table{border-collapse:collapse;margin:.6em 0}th,td{border:1px solid #ccc;padding:.2em .5em}
td{text-align:right}td:first-child{text-align:left}th{background:#eef}
.note{color:#555;font-size:.92em}.sig{color:#a00;font-weight:bold}
figure{margin:1em 0;overflow-x:auto}figcaption{color:#555;font-size:.92em;max-width:60em}
figure svg{display:block;max-width:100%;min-width:45em;height:auto}
table{display:block;overflow-x:auto}
.answer{border:2px solid #88a;padding:0 1em;margin:1em 0}.changed{color:#06c;font-weight:bold}
dt{font-weight:bold}dd{margin:0 0 .5em 1.5em}
"""
SIDES = ("A", "B")


def render(analysis: Analysis, command: str, found: Findings | None = None) -> str:
    """The whole page; ``found``, the tested figures, computed here unless given."""
    found = found if found is not None else findings(analysis)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_e(analysis.title)}: analysis</title><style>{STYLE}</style></head><body>",
        *_header(analysis, command),
        *_answer(analysis, found),
        *_wins(analysis, found),
        *_scores(analysis, found),
        *_lengths(analysis, found),
        *_tallies(analysis, found),
        *_counts(analysis, found),
        *_card_effects(analysis, found),
        *_anomalies(analysis),
        *_glossary(),
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


# ----- numbers -----


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """B − A, game by game on the same seeds: the mean difference with its 95% interval."""
    return Estimate.of([y - x for x, y in zip(a, b, strict=True)])


def significant(estimate: Estimate) -> bool:
    return estimate.low > 0 or estimate.high < 0


def _difference_cell(difference: Difference | None, percent: bool = False) -> str:
    """B − A with its interval, its raw p-value and the corrected one, and the verdict."""
    if difference is None or not difference.n:
        return "–"
    text = _e(difference_text(difference, percent))
    if difference.significant:
        return f'<span class="sig">{text}: significant</span>'
    return f"{text}: not significant"


# ----- sections -----


def _header(analysis: Analysis, command: str) -> list[str]:
    options = ", ".join(f"{key} = {_shown(value)}" for key, value in analysis.options.items())
    agents = "; ".join(f"{count} players: {analysis.seating(count)}" for count in analysis.agents)
    lines = [
        f"<h1>{_e(analysis.title)}: analysis for designers</h1>",
        "<p>Made by this command (run it again to get the same report):</p>",
        f"<pre>{_e(command)}</pre>",
        "<ul>",
    ]
    for side, cards in enumerate(analysis.card_files):
        label = f"card file {SIDES[side]}: " if analysis.compared else "card file: "
        lines.append(f"<li>{_e(label)}<b>{_e(_card_name(cards))}</b></li>")
    finished = len(analysis.outcomes)
    lines += [
        *_games_line(analysis),
        f"<li>players in each seat: {_e(agents)}</li>",
        f"<li>game options: {_e(options) or 'none'}</li>",
        f"<li>games played: {finished} of {analysis.planned}; "
        f"anomalies (left out of every figure): {len(analysis.anomalies())}</li>",
        "</ul>",
    ]
    lines += stopped_note(analysis, finished)
    lines.append(
        '<p class="note">Every range is a 95% confidence interval; n is the number of games '
        "behind a figure. Shares use the Wilson interval, means the normal one."
        + (
            " B − A is the mean of the per-game differences on the same seeds, with its 95% "
            "interval; it is significant when that interval does not include 0."
            if analysis.compared
            else ""
        )
        + "</p>"
    )
    return lines


def _games_line(analysis: Analysis) -> list[str]:
    """Which games: seeded simulations, or records read (how many used, why others were not)."""
    if analysis.records is None:
        return [
            f"<li>{counted(analysis.games, 'game')} per player count"
            + (" and card file" if analysis.compared else "")
            + f", seeds {analysis.seed} to {analysis.seed + analysis.games - 1}"
            + (", the same seeds for both card files (paired games)" if analysis.compared else "")
            + "</li>"
        ]
    read = analysis.records
    lines = [
        f"<li>real games from the records in <b>{_e(read.source)}</b>: {_e(read.counts())}"
        + (
            _e(", B's bots playing the same deals (the records' seeds: paired games)")
            if analysis.compared
            else ""
        )
        + "</li>"
    ]
    lines += [f"<li>skipped, {_e(reason)}</li>" for reason in read.reasons()]
    return lines


def stopped_note(analysis: Analysis, finished: int) -> list[str]:
    """A run stopped early says so at the top: its figures are of the games that finished."""
    if analysis.stopped is None:
        return []
    return [
        f'<p class="sig">This run was {analysis.stopped.how} after {finished} of '
        f"{analysis.planned} games: this report shows only the games that finished.</p>"
    ]


def _answer(analysis: Analysis, found: Findings) -> list[str]:
    """The comparison's answer, first: what changed, what moved, what did not."""
    sections = verdict(analysis, found)
    if not sections:
        return []
    lines = ['<div class="answer">', "<h2>The answer: what B changes, and what that moved</h2>"]
    for section in sections:
        lines.append(f"<h3>{_e(section.title)}</h3><ul>")
        lines += [f"<li>{_e(item)}</li>" for item in section.items]
        lines.append("</ul>")
    lines.append(
        f'<p class="note">B − A is the mean of the per-game differences on the same seeds, with '
        f"its 95% interval and p-value; significant means its p-value stays under 0.05 after "
        f"{CORRECTION}'s correction for the number of figures tested together (the raw p-value "
        "is shown beside the corrected one). The changed cards are tested as a family of their "
        "own; every other card is corrected for the number of cards in its table. The details "
        "follow.</p>"
    )
    lines.append("</div>")
    return lines


def _wins(analysis: Analysis, found: Findings) -> list[str]:
    lines = [
        "<h2>Who wins: share of victories by seat</h2>",
        '<p class="note">A victory shared by k players counts 1/k for each. Par is 1 in the '
        "number of players. Seat 1 plays first.</p>",
    ]
    for players in analysis.player_counts:
        wins = figure_groups(analysis, players)[0]
        seats = [per_game(analysis, players, value) for value in wins.figures.values()]
        n = len(seats[0][0])
        lines.append(f"<h3>{players} players (n = {counted(n, 'game')})</h3>")
        header = ["seat", *_side_labels(analysis, "win share")]
        if analysis.compared:
            header.append("B − A per game")
        rows = []
        for seat, (label, sides) in enumerate(zip(wins.figures, seats, strict=True)):
            cells = [_e(analysis.seat_label(players, seat)), *(_share(values) for values in sides)]
            if analysis.compared:
                cells.append(_difference_cell(found.figures.get((players, label)), True))
            rows.append(cells)
        advantage = [
            _e("first player's advantage over par"),
            *(_advantage(values, players) for values in seats[0]),
        ]
        if analysis.compared:  # seat 1's share moves as its advantage over par does
            advantage.append(
                _difference_cell(found.figures.get((players, "win share of seat 1")), True)
            )
        rows.append(advantage)
        lines.append(_table(header, rows, raw=True))
        lines.append(_share_figure(analysis, players, seats))
    return lines


def _scores(analysis: Analysis, found: Findings) -> list[str]:
    lines = [
        "<h2>Scores</h2>",
        '<p class="note">The bars count every player\'s final score, one bar per score (or per '
        "bin of whole numbers when they spread wide). The mean score is each game's average "
        "over its players, then averaged over the games (the dashed lines).</p>",
    ]
    lines += _per_count_table(analysis, found, 1)
    lines.append(
        _distribution_figure(
            analysis, "scores", "final score", "player", lambda o: [float(s) for s in o.scores]
        )
    )
    return lines


def _lengths(analysis: Analysis, found: Findings) -> list[str]:
    lines = ["<h2>How long games last</h2>"]
    keys = list(dict.fromkeys(key for o in analysis.outcomes for key in o.lengths))
    lines += _per_count_table(analysis, found, 2)
    what = keys[0] if keys else "decisions"
    lines.append(
        _distribution_figure(
            analysis,
            "lengths",
            f"{what}s per game" if keys else "decisions per game",
            "game",
            lambda o: [o.lengths.get(what, 0.0) if keys else float(o.decisions)],
        )
    )
    return lines


def _tallies(analysis: Analysis, found: Findings) -> list[str]:
    if not any(o.tally for o in analysis.outcomes):
        return []
    return [
        "<h2>What the game tallies, per game on average</h2>",
        *_per_count_table(analysis, found, 3),
    ]


def _counts(analysis: Analysis, found: Findings) -> list[str]:
    names = analysis.count_names()
    if not names:
        return []
    lines = [
        "<h2>How often each rule, card or ability comes up</h2>",
        '<p class="note">Over every player count together. "per game" is the mean number of '
        "times per game with its 95% interval; the columns beside the name are what the card "
        "file says about it.</p>",
    ]
    if analysis.compared:
        lines.append(
            f'<p class="note">Rows sorted by how sure the change is (smallest p-value first); '
            f"corrected with {CORRECTION}'s method for the number of rows of the table.</p>"
        )
    for name in names:
        lines += _count_table(analysis, found, name)
    return lines


def _count_table(analysis: Analysis, found: Findings, name: str) -> list[str]:
    _, by, thing = name.rpartition(" by ")
    facts = analysis.facts[0].get(thing, {}) if by else {}
    fact_keys = list(dict.fromkeys(key for row in facts.values() for key in row))
    facts_b = analysis.facts[-1].get(thing, {}) if by else {}
    changed = analysis.compared and facts_b != facts  # B's own numbers shown beside A's
    rows_shown = list(
        dict.fromkeys(
            row
            for side in range(len(analysis.card_files))
            for row in counted_rows(analysis, side, name)
        )
    )
    per_side = [
        [o for players in analysis.player_counts for o in analysis.played(side, players)]
        for side in range(len(analysis.card_files))
    ]
    n = len(per_side[0])
    header = [
        name,
        *fact_keys,
        *(f"{key} (B)" for key in fact_keys if changed),
        *_side_labels(analysis, "total"),
        *_side_labels(analysis, "per game"),
    ]
    changes = found.count_changes.get(name, {})
    if analysis.compared:
        rows_shown.sort(key=lambda row: _change_order(changes.get(row)))
        header += ["B − A per game", "changed in B"]
    # Shares the game asks for beside this table, e.g. landed = caught / bites.
    shares = [(label, whole) for label, part, whole in analysis.shares if part == name]
    for label, _ in shares:
        header += _side_labels(analysis, label)
    rows = []
    for row in rows_shown:
        values = [[float(o.counts.get(name, {}).get(row, 0)) for o in side] for side in per_side]
        cells = [_e(row), *(_e(_shown(facts.get(row, {}).get(key, ""))) for key in fact_keys)]
        if changed:
            cells += [_e(_shown(facts_b.get(row, {}).get(key, ""))) for key in fact_keys]
        cells += [str(int(sum(side))) for side in values]
        cells += [_e(Estimate.of(side).text()) for side in values]
        if analysis.compared:
            cells += [_difference_cell(changes.get(row)), _changed_mark(found, row)]
        for _, whole in shares:
            for side, part in zip(per_side, values, strict=True):
                total = sum(o.counts.get(whole, {}).get(row, 0) for o in side)
                cells.append(f"{sum(part) / total:.0%}" if total else "–")
        rows.append(cells)
    return [f"<h3>{_e(name)} (n = {counted(n, 'game')})</h3>", _table(header, rows, raw=True)]


def _card_effects(analysis: Analysis, found: Findings) -> list[str]:
    """Each card's effect on its holder's win share, side by side with B − A when comparing."""
    sides = range(len(analysis.card_files))
    played = [all_played(analysis, side) for side in sides]
    rows = [seat_rows(outcomes) for outcomes in played]
    effects = found.effects
    if not any(effects):
        return []  # the game names no holdings
    cards = sorted(
        dict.fromkeys(card for side in effects for card in side),
        key=lambda card: _effect_order(card, effects, found),
    )
    lines = [
        "<h2>Each card's effect on its holder's win share</h2>",
        _effects_explained(analysis, all(same_total_in_each_game(side) for side in rows if side)),
        "<h3>"
        + "; ".join(
            f"{_side_name(analysis, side)}: " * analysis.compared
            + f"n = {counted(len(rows[side]), 'seat')} in {counted(len(played[side]), 'game')}"
            for side in sides
        )
        + "</h3>",
    ]
    header = ["card"]
    for label in SIDES[: len(sides)] if analysis.compared else [""]:
        header += [
            f"seats holding it {label}".strip(),
            f"effect of one more copy {label}".strip(),
            f"interval leaves out 0 {label}".strip(),
        ]
    if analysis.compared:
        header += ["B − A", "changed in B"]
    header.append("note")
    table = []
    for card in cards:
        cells = [_e(card)]
        notes = []
        for side in sides:
            effect = effects[side].get(card)
            cells += _effect_cells(effect)
            if effect is not None and effect.note:
                notes.append(f"{SIDES[side]}: " * analysis.compared + effect.note)
        if analysis.compared:
            cells += [
                _difference_cell(found.effect_changes.get(card), True),
                _changed_mark(found, card),
            ]
        table.append([*cells, _e("; ".join(notes))])
    lines.append(_table(header, table, raw=True))
    if any(effect.estimable for side in effects for effect in side.values()):
        lines += _forest_figure(analysis, cards, effects)
    return lines


def _effects_explained(analysis: Analysis, same_total: bool) -> str:
    controls = (
        "the seat and the player count (every seat of a game holds as many cards as the others "
        "here, so that number cannot confound: one more X means one other card fewer)"
        if same_total
        else "the seat, the player count and how many other cards the seat held (a seat that "
        "holds more of everything both wins more and holds more of any one card)"
    )
    text = (
        f"Holding a card means here: {analysis.holdings_meaning or 'what the game counts'}. "
        "For each card, a logistic regression of each seat's share of the victory (1 for a win, "
        "1/k for a victory shared by k, 0 for a loss) on how many copies of the card it held, "
        f"controlling for {controls}. The effect is the average marginal effect of one more "
        "copy: a seat holding one more X won that many percentage points more often, other "
        "things equal. Its 95% interval is clustered by game (the seats of one game share one "
        "victory); a card that no seat held, that every seat held alike or whose count alone "
        "tells winners from losers cannot be estimated, and its note says why. Caution: this is "
        "an association in games played by these agents, not proof of cause: the agents choose "
        "what they catch, play or buy, so a card good positions seek out looks good. With many "
        "cards, about one interval in twenty leaves out 0 by chance alone."
    )
    if analysis.compared:
        text += (
            " A and B are estimated each on its own games; B − A is the difference of the two "
            "estimates, its interval from their two standard errors as if the estimates were "
            "independent (they play the same seeds and move together, so the true interval is "
            "narrower: this one errs on the safe side). Rows are sorted by how sure the change "
            f"is (smallest p-value first). Significant means after {CORRECTION}'s correction: the "
            "changed cards among themselves, every other card for the number of such cards."
        )
    return f'<p class="note">{_e(text)}</p>'


def _effect_order(
    card: str, effects: Sequence[dict[str, CardEffect]], found: Findings
) -> tuple[int, float, float]:
    """When comparing, the surest change first; else the largest effect first (A's, or B's for a
    card only B has). Cards not estimable last."""
    if len(effects) == 2:
        return _change_order(found.effect_changes.get(card))
    for side in effects:
        effect = side.get(card)
        if effect is not None and effect.effect is not None:
            return (0, -effect.effect, 0.0)
    return (1, 0.0, 0.0)


def _effect_cells(effect: CardEffect | None) -> list[str]:
    """Seats holding it, the effect in points with its interval, and whether it leaves out 0;
    empty cells for a card this side's file does not have."""
    if effect is None:
        return ["", "", ""]
    if effect.effect is None or effect.low is None or effect.high is None:
        return [str(effect.held_by), "not estimable", ""]
    low, high = effect.low * 100, effect.high * 100
    text = f"{effect.effect * 100:+.1f} points ({low:+.1f} to {high:+.1f})"
    leaves = '<span class="sig">yes</span>' if effect.leaves_out_zero else "no"
    return [str(effect.held_by), _e(text), leaves]


def _anomalies(analysis: Analysis) -> list[str]:
    found = analysis.anomalies()
    lines = ["<h2>Things that should never happen</h2>"]
    if not found:
        lines.append(
            "<p>None: every game ended, with a winner, within the move cap, and no game raised "
            "an error.</p>"
        )
        return lines
    lines.append("<ul>")
    for outcome in found:
        where = f"{outcome.players} players, seed {outcome.seed}"
        if analysis.compared:
            where = f"card file {SIDES[outcome.side]}, {where}"
        lines.append(f"<li>{_e(where)}: {_e(outcome.anomaly)}</li>")
    lines.append("</ul>")
    return lines


def _per_count_table(analysis: Analysis, found: Findings, group: int) -> list[str]:
    """Rows: the figures of one group; columns: each player count (and side, and B − A), mean ±
    interval."""
    header = ["per game"]
    for players in analysis.player_counts:
        n = len(analysis.played(0, players))
        header += [f"{label}, {players} players (n = {n})" for label in _side_labels(analysis, "")]
        if analysis.compared:
            header.append(f"B − A, {players} players")
    figures = {
        players: figure_groups(analysis, players)[group].figures
        for players in analysis.player_counts
    }
    rows = []
    for label in figures[analysis.player_counts[0]]:
        cells = [_e(label)]
        for players in analysis.player_counts:
            sides = per_game(analysis, players, figures[players][label])
            cells += [_e(Estimate.of(values).text()) for values in sides]
            if analysis.compared:
                cells.append(_difference_cell(found.figures.get((players, label))))
        rows.append(cells)
    return [_table(header, rows, raw=True)]


def _change_order(difference: Difference | None) -> tuple[int, float, float]:
    """The surest change first (smallest p-value, then the largest change); untested last."""
    if difference is None or not difference.n:
        return (1, 0.0, 0.0)
    return (0, difference.p, -abs(difference.mean))


def _changed_mark(found: Findings, name: str) -> str:
    return '<span class="changed">changed</span>' if name in found.changed else ""


def _glossary() -> list[str]:
    lines = ["<h2>Glossary</h2>", "<dl>"]
    for term, meaning in GLOSSARY.items():
        lines.append(f"<dt>{_e(term)}</dt><dd>{_e(meaning)}</dd>")
    lines.append("</dl>")
    return lines


# ----- figures -----


def _share_figure(analysis: Analysis, players: int, seats: list[list[list[float]]]) -> str:
    sides = [
        SeatShares(
            _side_name(analysis, side),
            [Estimate.share(seat[side]) for seat in seats],
            len(seats[0][side]),
        )
        for side in range(len(analysis.card_files))
    ]
    return inline_svg(
        share_figure(players, sides), f"wins-{players}", share_finding(players, sides)
    )


def _distribution_figure(
    analysis: Analysis, slug: str, what: str, unit: str, values_of: Callable[[Outcome], list[float]]
) -> str:
    """Every value of ``what`` at each player count (one per player or per game), and the mean
    of the per-game means: games are independent, players in one game are not."""
    panels = []
    for players in analysis.player_counts:
        series = []
        for side in range(len(analysis.card_files)):
            played = analysis.played(side, players)
            values = [value for o in played for value in values_of(o)]
            mean = Estimate.of([sum(values_of(o)) / len(values_of(o)) for o in played])
            series.append(Series(_side_name(analysis, side), values, mean, len(played)))
        panels.append(Panel(players, series))
    if not any(s.values for panel in panels for s in panel.series):
        return ""
    figure = whole_number_figure(panels, what, unit)
    return inline_svg(figure, slug, distribution_finding(panels, what, unit))


def _forest_figure(
    analysis: Analysis, cards: Sequence[str], effects: Sequence[dict[str, CardEffect]]
) -> list[str]:
    """The forest plot of the cards it can show legibly, under a heading saying which."""
    shown = forest_cards(cards, effects)
    labels = [_side_name(analysis, side) for side in range(len(effects))]
    figure = forest_figure(shown, effects, labels)
    return [
        f"<h3>{_e(forest_title(shown, effects))}</h3>",
        inline_svg(figure, "effects", forest_finding(shown, effects, labels)),
    ]


# ----- text -----


def _side_labels(analysis: Analysis, what: str) -> list[str]:
    if not analysis.compared:
        return [what or "mean"]
    return [f"{what} {side}".strip() for side in SIDES]


def _side_name(analysis: Analysis, side: int) -> str:
    if not analysis.compared:
        return _card_name(analysis.card_files[0])
    return f"{SIDES[side]}: {_card_name(analysis.card_files[side])}"


def _card_name(cards: str) -> str:
    return cards or "the game's own card file"


def _share(values: Sequence[float]) -> str:
    return _e(Estimate.share(values).text(percent=True))


def _advantage(values: Sequence[float], players: int) -> str:
    """Seat 1's share minus par, with the Wilson interval shifted by par."""
    share = Estimate.share(values)
    par = 1 / players
    return _e(
        f"{(share.mean - par) * 100:+.1f} points "
        f"({(share.low - par) * 100:+.1f} to {(share.high - par) * 100:+.1f})"
    )


def _shown(value: Any) -> str:
    if isinstance(value, tuple | list):
        return ",".join(str(item) for item in value)
    return "default" if value is None else str(value)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], raw: bool = False) -> str:
    """An HTML table; cells are escaped already when ``raw``."""
    cell: Callable[[str], str] = (lambda text: text) if raw else _e
    uneven = [row for row in rows if len(row) != len(header)]
    if uneven:  # a column without its heading (or a heading without its column) misleads
        raise ValueError(f"a row of {len(uneven[0])} cells under {len(header)} headings")
    head = "".join(f"<th>{_e(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{cell(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _e(text: str) -> str:
    return html.escape(str(text))
