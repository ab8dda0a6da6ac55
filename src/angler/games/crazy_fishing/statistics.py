"""Crazy Fishing's statistics: the end screen's lines, designers' counts and where a game stands."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from angler.core.statistics import Statistics
from angler.core.view import counted
from angler.games.crazy_fishing.cards import BAIT, ROD
from angler.games.crazy_fishing.events import (
    Caught,
    ClosingTime,
    GotAway,
    GotAwayBeside,
    NobodyCasts,
    Reveal,
    SitsOut,
)
from angler.games.crazy_fishing.rules import PHASE_NAMES, CrazyFishingState, cast_parts_of

if TYPE_CHECKING:
    from angler.games.crazy_fishing.game import CrazyFishingGame


class CrazyFishingStatistics(Statistics[CrazyFishingState]):
    game: CrazyFishingGame
    holdings_meaning = "the fish in each seat's catch pile at the end of the game"

    def standings(self, state: CrazyFishingState) -> list[str]:
        """Fish caught per seat, with boots and pearls."""
        special = self.game.cards.special
        lines = []
        for pile in state.piles:
            boots = sum(1 for c in pile if special[c] == "boot")
            pearls = sum(1 for c in pile if special[c] == "pearl")
            extras = [counted(boots, "boot")] * bool(boots) + [counted(pearls, "pearl")] * bool(
                pearls
            )
            lines.append(f"{len(pile)} fish caught" + "".join(f", {e}" for e in extras))
        return lines

    def tally(self, state: CrazyFishingState) -> dict[str, float]:
        """Rounds, fish left, whether it ended as nobody could cast or at closing time, rounds
        sat out, and how many of each kind of fish were caught."""
        counts: dict[str, float] = {
            "rounds played": float(state.round),
            "fish left in the sea": float(len(state.sea_fish()) + len(state.beside)),
            "ended as nobody could cast": float(any(type(e) is NobodyCasts for e in state.events)),
            "ended at closing time": float(any(type(e) is ClosingTime for e in state.events)),
            "rounds sat out": float(sum(1 for e in state.events if type(e) is SitsOut)),
        }
        for pile in state.piles:
            for fish in pile:
                key = f"caught {self.game.cards.cards[fish].type_name}"
                counts[key] = counts.get(key, 0.0) + 1
        return counts

    def counts(self, state: CrazyFishingState) -> dict[str, Counter[str]]:
        """Fish caught and fish that got away by fish type; the rods and baits cast, by card."""
        cards = self.game.cards
        tables: dict[str, Counter[str]] = {
            name: Counter()
            for name in (
                "caught by fish type",
                "got away by fish type",
                "cast by rod",
                "cast by bait",
            )
        }
        for event in state.events:
            if type(event) is Caught:
                tables["caught by fish type"][cards.cards[event.fish].type_name] += 1
            elif type(event) is GotAway or type(event) is GotAwayBeside:
                tables["got away by fish type"][cards.cards[event.fish].type_name] += 1
            elif type(event) is Reveal:
                rods, baits, _ = cast_parts_of(event.mask, cards.kind)
                tables["cast by rod"].update(cards.cards[card].label() for card in rods)
                tables["cast by bait"].update(cards.cards[card].label() for card in baits)
        return tables

    def count_facts(self) -> dict[str, dict[str, dict[str, Any]]]:
        """Every rod and bait in the edition, so that one never cast shows too."""
        cards = self.game.cards.cards
        return {
            "rod": {card.label(): {} for card in cards if card.kind == ROD},
            "bait": {card.label(): {} for card in cards if card.kind == BAIT},
        }

    def holdings(self, state: CrazyFishingState) -> list[Counter[str]]:
        """The fish in each seat's catch pile at the end, by fish type: what it scores. Rods and
        baits only pass through a hand on their way to the discard piles."""
        cards = self.game.cards.cards
        return [Counter(cards[fish].type_name for fish in pile) for pile in state.piles]

    def holding_names(self) -> list[str]:
        """Every fish type in the sea for this player count and these options."""
        cards = self.game.cards.cards
        return list(dict.fromkeys(cards[fish].type_name for fish in sorted(self.game.fish_in_play)))

    def progress(self, state: CrazyFishingState) -> dict[str, Any]:
        """The round (a cast by everyone, then the catches) and its phase: cast, turbulent,
        peek, choose, split, retry, collect, or over."""
        return {"round": state.round, "phase": PHASE_NAMES[state.phase]}
