"""Every figure of an analysis that a comparison tests, computed once for the report's top, its
tables and the terminal: B − A of the headline figures (win shares, scores, length, tallies), of
each card's effect on its holder's win share and of each row of the counts tables, each with its
p-value corrected for the number tested (:func:`angler.sim.differences.holm`).

The families corrected together: all the headline figures; each card table's rows. In a card
table the cards the designer changed (read from the two card files) are their own family: they
are the question asked, tested as such, while every other card is a search among many, and
corrected for their number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from angler.sim.analyse import Analysis, Outcome
from angler.sim.card_effects import CardEffect, card_effects, seat_rows
from angler.sim.differences import Difference, effect_difference, holm, paired_difference

Figure = Callable[[Outcome], float]


@dataclass(frozen=True)
class FigureGroup:
    """A section's per-game figures: their labels, and whether they are shares (in points)."""

    title: str
    figures: dict[str, Figure]
    percent: bool = False


@dataclass(frozen=True)
class Findings:
    effects: list[dict[str, CardEffect]]  # by side: each card's effect on its holder's win share
    changed: list[str] = field(default_factory=list)  # the cards B changes, adds or removes
    figures: dict[tuple[int, str], Difference] = field(default_factory=dict)  # (players, label)
    effect_changes: dict[str, Difference] = field(default_factory=dict)  # by card
    count_changes: dict[str, dict[str, Difference]] = field(default_factory=dict)  # table, row


def figure_groups(analysis: Analysis, players: int) -> list[FigureGroup]:
    """The headline figures at one player count, as the report's sections show them."""
    lengths: dict[str, Figure] = {"decisions": lambda o: float(o.decisions)}
    for key in dict.fromkeys(key for o in analysis.outcomes for key in o.lengths):
        lengths[f"{key}s (at the end)"] = _length(key)
    tallies = sorted({key for o in analysis.outcomes for key in o.tally})
    return [
        FigureGroup(
            "Who wins",
            {f"win share of seat {seat + 1}": _seat_share(seat) for seat in range(players)},
            percent=True,
        ),
        FigureGroup(
            "Scores",
            {
                "mean score per player": lambda o: sum(o.scores) / len(o.scores),
                "winning score": lambda o: float(max(o.scores)),
                "gap between first and last": lambda o: float(max(o.scores) - min(o.scores)),
            },
        ),
        FigureGroup("How long games last", lengths),
        FigureGroup("What the game tallies", {key: _tally(key) for key in tallies}),
    ]


def per_game(analysis: Analysis, players: int, value: Figure) -> list[list[float]]:
    """One list per side: ``value`` of each sound game at this player count, paired by seed."""
    return [
        [value(outcome) for outcome in analysis.played(side, players)]
        for side in range(len(analysis.card_files))
    ]


def all_played(analysis: Analysis, side: int) -> list[Outcome]:
    return [o for players in analysis.player_counts for o in analysis.played(side, players)]


def findings(analysis: Analysis) -> Findings:
    sides = range(len(analysis.card_files))
    played = [all_played(analysis, side) for side in sides]
    names = [analysis.held_names[side] if analysis.held_names else [] for side in sides]
    effects = [
        {effect.card: effect for effect in card_effects(seat_rows(played[side]), names[side])}
        if names[side] or any(o.holdings for o in played[side])
        else {}
        for side in sides
    ]
    if not analysis.compared:
        return Findings(effects)
    changed = set(analysis.changed_cards)
    return Findings(
        effects,
        analysis.changed_cards,
        _figures(analysis),
        _by_family(_effect_changes(effects, len(played[0])), changed),
        {
            table: _by_family(_count_changes(analysis, table, played), changed)
            for table in analysis.count_names()
        },
    )


def _figures(analysis: Analysis) -> dict[tuple[int, str], Difference]:
    tested = {
        (players, label): paired_difference(label, *per_game(analysis, players, value))
        for players in analysis.player_counts
        for group in figure_groups(analysis, players)
        for label, value in group.figures.items()
    }
    return dict(zip(tested, holm(list(tested.values())), strict=True))


def _effect_changes(effects: list[dict[str, CardEffect]], games: int) -> dict[str, Difference]:
    """B − A of each card both sides could estimate."""
    tested = {}
    for card, a in effects[0].items():
        b = effects[1].get(card)
        estimates = [_interval(a), _interval(b)]
        if estimates[0] is not None and estimates[1] is not None:
            tested[card] = effect_difference(card, estimates[0], estimates[1], games)
    return tested


def _interval(effect: CardEffect | None) -> tuple[float, float, float] | None:
    """A card's effect and its 95% interval, when it was estimable."""
    if effect is None or effect.effect is None or effect.low is None or effect.high is None:
        return None
    return effect.effect, effect.low, effect.high


def _count_changes(
    analysis: Analysis, table: str, played: list[list[Outcome]]
) -> dict[str, Difference]:
    rows = dict.fromkeys(row for o in (*played[0], *played[1]) for row in o.counts.get(table, {}))
    return {
        row: paired_difference(
            row, *([float(o.counts.get(table, {}).get(row, 0)) for o in side] for side in played)
        )
        for row in rows
    }


def _by_family(tested: dict[str, Difference], changed: Iterable[str]) -> dict[str, Difference]:
    """Holm's correction within the changed cards, and within the others."""
    asked = [key for key in tested if key in set(changed)]
    searched = [key for key in tested if key not in set(changed)]
    corrected: dict[str, Difference] = {}
    for family in (asked, searched):
        corrected.update(zip(family, holm([tested[key] for key in family]), strict=True))
    return {key: corrected[key] for key in tested}


def _seat_share(seat: int) -> Figure:
    return lambda outcome: outcome.share(seat)


def _length(key: str) -> Figure:
    return lambda outcome: outcome.lengths.get(key, 0.0)


def _tally(key: str) -> Figure:
    return lambda outcome: outcome.tally.get(key, 0.0)
