"""Flip & Fish's statistics: the end screen's lines, designers' counts and where a game stands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from angler.core.events import kind_of, kinds
from angler.core.statistics import Statistics
from angler.core.view import counted
from angler.games.flip_and_fish.events import (
    Boot,
    Catch,
    Equip,
    GotAway,
    Miss,
    Snag,
    Stocktake,
    Strike,
)
from angler.games.flip_and_fish.rules import PHASE_NAMES, FlipAndFishState

if TYPE_CHECKING:
    from angler.games.flip_and_fish.game import FlipAndFishGame


class FlipAndFishStatistics(Statistics[FlipAndFishState]):
    game: FlipAndFishGame

    def standings(self, state: FlipAndFishState) -> list[str]:
        """Trophies and other fish caught, and gear held, per seat."""
        return [
            f"{counted(trophies, 'trophy', 'trophies')}, {len(pile) - trophies} other fish, "
            f"{len(gear)} gear"
            for trophies, pile, gear in zip(state.scores(), state.caught, state.gear, strict=True)
        ]

    def tally(self, state: FlipAndFishState) -> dict[str, float]:
        counts: dict[str, float] = {"turns": float(state.turns + 1)}
        tracked = (Catch, GotAway, Miss, Snag, Strike, Boot, Stocktake, Equip)
        counts |= {kind: 0.0 for kind in kinds(tracked)}  # each named by its event's kind
        for event in state.events:
            if isinstance(event, tracked):
                counts[kind_of(event)] += 1
        winners = state.winners()
        counts["first player won"] = float(0 in winners) / len(winners)
        counts["ended at closing time"] = float(state.winner < 0)
        return counts

    def progress(self, state: FlipAndFishState) -> dict[str, Any]:
        """The round (every seat's turn once; closing time comes after the ``rounds`` option),
        the turn counted over the game, and the phase: turn, aim, landed, boost, snagged, snap,
        limit, shop, or over."""
        players = self.game.players
        return {
            "round": min(state.turns // players + 1, self.game.round_limit),
            "turn": state.turns + 1,
            "phase": PHASE_NAMES[state.phase],
        }
