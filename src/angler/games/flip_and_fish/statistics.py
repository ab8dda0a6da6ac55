"""Flip & Fish's statistics: the end screen's lines, designers' counts and where a game stands."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from angler.core.events import kind_of, kinds
from angler.core.statistics import Statistics
from angler.core.view import counted
from angler.games.flip_and_fish.cards import BOOT, ONGOING, TROPHY
from angler.games.flip_and_fish.events import (
    Ability,
    Boot,
    Catch,
    Equip,
    GotAway,
    Miss,
    Snag,
    Speared,
    Stocktake,
    Strike,
    Use,
)
from angler.games.flip_and_fish.rules import PHASE_NAMES, FlipAndFishState

if TYPE_CHECKING:
    from angler.games.flip_and_fish.game import FlipAndFishGame


class FlipAndFishStatistics(Statistics[FlipAndFishState]):
    game: FlipAndFishGame
    count_shares = (("landed", "caught", "bites"),)
    holdings_meaning = (
        "every fish each seat caught (trophies and others, with a roll or a spear) and every "
        "equipment card it took from the shop, over the game"
    )

    def standings(self, state: FlipAndFishState) -> list[str]:
        """Trophies and other fish caught, and gear held, per seat."""
        return [
            f"{counted(trophies, 'trophy', 'trophies')}, {len(pile) - trophies} other fish, "
            f"{len(gear)} gear"
            for trophies, pile, gear in zip(
                (state.trophies(s) for s in range(state.n)), state.caught, state.gear, strict=True
            )
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

    def counts(self, state: FlipAndFishState) -> dict[str, Counter[str]]:
        """Bites (a catch or a fish that got away), catches and spearings by fish type; abilities
        fired; flip and discard equipment used."""
        cards = state.cards
        tables: dict[str, Counter[str]] = {
            name: Counter()
            for name in (
                "bites by fish type",
                "caught by fish type",
                "speared by fish type",
                "fired by ability",
                "used by equipment",
            )
        }
        for event in state.events:
            if type(event) is Catch or type(event) is GotAway:
                name = cards.cards[event.fish].type_name
                tables["bites by fish type"][name] += 1
                tables["caught by fish type"][name] += type(event) is Catch
            elif type(event) is Speared:
                tables["speared by fish type"][cards.cards[event.fish].type_name] += 1
            elif type(event) is Ability:
                tables["fired by ability"][event.effect] += 1
            elif type(event) is Use:
                tables["used by equipment"][cards.equipment(event.card).effect] += 1
        return tables

    def count_facts(self) -> dict[str, dict[str, dict[str, Any]]]:
        """Each fish type that can be caught, least likely first (kind, printed catch rate and
        copies); every printed ability; every equipment effect used by flipping or discarding."""
        cards = self.game.cards
        fish = [cards.fish(card) for card in cards.fishing_ids]
        types: dict[str, dict[str, Any]] = {}
        for card in sorted(fish, key=lambda card: card.catch_rate or 0):
            if card.catch_rate is None:
                continue
            row = types.setdefault(
                card.type_name,
                {
                    "kind": "trophy" if card.kind == TROPHY else "regular",
                    "catch rate": card.catch_rate,
                    "copies": 0,
                },
            )
            row["copies"] += 1
        usable = [cards.equipment(card) for card in cards.shopping_ids]
        return {
            "fish type": types,
            "ability": {card.ability.effect: {} for card in fish if card.ability},
            "equipment": {card.effect: {} for card in usable if card.kind != ONGOING},
        }

    def holdings(self, state: FlipAndFishState) -> list[Counter[str]]:
        """Every fish each seat caught (with a roll or a spear) and every equipment card it took
        from the shop, over the game: what it took into its hands. Not its catch at the end: a
        regular fish goes on as bait or payment, a discard card leaves when used, and the limits
        force more out, so the end would hide the cards that did their work."""
        cards = state.cards.cards
        held: list[Counter[str]] = [Counter() for _ in range(self.game.players)]
        for event in state.events:
            if type(event) is Catch or type(event) is Speared:
                held[event.seat][cards[event.fish].type_name] += 1
            elif type(event) is Equip:
                held[event.seat][cards[event.card].type_name] += 1
        return held

    def holding_names(self) -> list[str]:
        """Every fish type that can be caught (not the boot), then every equipment card."""
        cards = self.game.cards
        fish = [card for card in cards.fishing_ids if cards.kind[card] != BOOT]
        ids = [*fish, *cards.shopping_ids]
        return list(dict.fromkeys(cards.cards[card].type_name for card in ids))

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
