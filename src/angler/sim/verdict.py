"""The answer a comparison leads with, in plain words: what B's card file changes, what that
moved (by how much, with its interval), and what it did not move. The same sections head the
HTML report and are printed on the terminal."""

from __future__ import annotations

import math
from dataclasses import dataclass

from angler.sim.analyse import Analysis
from angler.sim.differences import CORRECTION, Difference, p_text
from angler.sim.findings import Findings, figure_groups

MOST_LISTED = 8  # rows of a card table named as moved; more are counted, the tables list them


@dataclass(frozen=True)
class Section:
    title: str
    items: list[str]


def verdict(analysis: Analysis, found: Findings) -> list[Section]:
    """What changed, the changed cards, what moved and what did not (only when comparing)."""
    if not analysis.compared:
        return []
    changes = [change.text for change in analysis.changes] or [
        "nothing: the two card files hold the same cards and values and the game options are "
        "the same, so any difference below is chance"
    ]
    where = "read from the two card files and the game options"
    if analysis.records is not None:  # real games against bots: who plays changed too
        where = "read from the records' seats, the two card files and the game options"
    sections = [Section(f"What changed from A to B ({where})", changes)]
    if found.changed:
        sections.append(Section("The changed cards", _changed_cards(analysis, found)))
    moved, still = _headline(analysis, found)
    moved += _cards_moved(found)
    sections.append(
        Section(
            f"What moved: B − A significant after {CORRECTION}'s correction",
            moved or ["nothing: no figure differs by more than chance"],
        )
    )
    sections.append(Section("What did not move (no significant difference)", still))
    return sections


def text(sections: list[Section]) -> str:
    """The sections for a terminal."""
    lines = []
    for section in sections:
        lines.append(section.title + ":")
        lines += [f"  - {item}" for item in section.items]
    return "\n".join(lines)


def difference_text(difference: Difference, percent: bool = False) -> str:
    """``+5.4 points (+2.1 to +8.7), p = 0.002, Holm p = 0.04``."""
    scale, unit, digits = (100, " points", 1) if percent else (1, "", 2)
    mean, low, high = (
        value * scale for value in (difference.mean, difference.low, difference.high)
    )
    tested = not math.isnan(difference.corrected)
    corrected = f", {CORRECTION} {p_text(difference.corrected)}" * tested
    return (
        f"{mean:+.{digits}f}{unit} ({low:+.{digits}f} to {high:+.{digits}f}), "
        f"{p_text(difference.p)}{corrected}"
    )


def _changed_cards(analysis: Analysis, found: Findings) -> list[str]:
    items = []
    for card in found.changed:
        said = []
        effect = found.effect_changes.get(card)
        if effect is not None:
            said.append(
                f"its effect on its holder's win share {_moved(effect)}: "
                + difference_text(effect, percent=True)
            )
        for table, rows in found.count_changes.items():
            if card in rows:
                said.append(
                    f'"{table}" per game {_moved(rows[card])}: ' + difference_text(rows[card])
                )
        if not said:
            said.append("not estimable on both sides (see the card tables' notes)")
        items.append(f"{card}: " + "; ".join(said))
    return items


def _moved(difference: Difference) -> str:
    return "moved" if difference.significant else "did not move significantly"


def _headline(analysis: Analysis, found: Findings) -> tuple[list[str], list[str]]:
    """The headline figures that moved, one line each, and those that did not, grouped by
    figure with the player counts where they did not."""
    moved: list[str] = []
    unmoved: list[str] = []
    for players in analysis.player_counts:
        for group in figure_groups(analysis, players):
            still = []
            for label in group.figures:
                difference = found.figures.get((players, label))
                if difference is None:
                    continue
                if difference.significant:
                    moved.append(
                        f"{players} players, {label}: "
                        + difference_text(difference, group.percent)
                        + f" (n = {difference.n} paired games)"
                    )
                else:
                    still.append(label)
            if still:
                every = len(still) == len(group.figures) and len(still) > 1
                unmoved.append(
                    f"{group.title}, {players} players: "
                    + ("every figure (" + ", ".join(still) + ")" if every else ", ".join(still))
                )
    others = [card for card, d in found.effect_changes.items() if not d.significant]
    if others:
        unmoved.append(f"the effect on the win share of {len(others)} of the cards estimated")
    return moved, unmoved


def _cards_moved(found: Findings) -> list[str]:
    moved = []
    effects = sorted((d for d in found.effect_changes.values() if d.significant), key=lambda d: d.p)
    for difference in effects[:MOST_LISTED]:
        mark = " (changed)" * (difference.label in found.changed)
        moved.append(
            f"{difference.label}{mark}: its effect on its holder's win share: "
            + difference_text(difference, percent=True)
        )
    if len(effects) > MOST_LISTED:
        moved.append(f"and {len(effects) - MOST_LISTED} more cards' effects (see the table)")
    for table, rows in found.count_changes.items():
        significant = sorted((d for d in rows.values() if d.significant), key=lambda d: d.p)
        for difference in significant[:MOST_LISTED]:
            mark = " (changed)" * (difference.label in found.changed)
            moved.append(
                f'"{table}", {difference.label}{mark}, per game: ' + difference_text(difference)
            )
        if len(significant) > MOST_LISTED:
            moved.append(f'and {len(significant) - MOST_LISTED} more rows of "{table}"')
    return moved
