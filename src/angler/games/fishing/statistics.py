"""Fishing's statistics: the end screen's lines, designers' counts and where a game stands."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from angler.core.statistics import Statistics
from angler.core.view import counted
from angler.games.fishing.cards import SUITS
from angler.games.fishing.events import Catch, Forfeit, MinusThree, Play, Trick
from angler.games.fishing.rules import PHASE_NAMES, FishingState

if TYPE_CHECKING:
    from angler.games.fishing.game import FishingGame


class FishingStatistics(Statistics[FishingState]):
    game: FishingGame
    holdings_meaning = "the cards each seat played over the game, once for each time it played one"

    def standings(self, state: FishingState) -> list[str]:
        """Tricks and cards caught over the game, and -3 penalties, per seat."""
        players = self.game.players
        tricks = [0] * players
        cards = [0] * players
        penalties = [0] * players
        for event in state.events:
            match event:
                case Trick():
                    tricks[event.seat] += 1
                    cards[event.seat] += len(event.cards)
                case Catch():
                    cards[event.seat] += 1
                case MinusThree():
                    penalties[event.seat] += 1
        return [
            f"{counted(tricks[seat], 'trick')}, {counted(cards[seat], 'card')} caught"
            + (f", {penalties[seat]} × -3" if penalties[seat] else "")
            for seat in range(players)
        ]

    def tally(self, state: FishingState) -> dict[str, float]:
        """Overfishing, rounds played, -3 penalties, and buoys forfeited in a round's last trick
        (those acting on the next trick, and Pass-left too, though its key names only the first)."""
        events = state.events
        counts: dict[str, float] = {
            "overfished": float(state.overfished),
            "rounds played": float(state.round),
            "-3 penalties": float(sum(1 for e in events if type(e) is MinusThree)),
            "next-trick buoys forfeited": float(sum(1 for e in events if type(e) is Forfeit)),
        }
        return counts

    def counts(self, state: FishingState) -> dict[str, Counter[str]]:
        """Cards caught by star tier (from tricks and from catches out of a trick), and tricks by
        the suit of the card that won them (or the called colour, when nobody followed it)."""
        cards = self.game.cards
        caught: Counter[str] = Counter()
        tricks: Counter[str] = Counter()
        for event in state.events:
            if type(event) is Trick:
                won_by = event.winning_card
                tricks["the called colour" if won_by < 0 else SUITS[cards.suit[won_by]]] += 1
                caught.update(counted(cards.stars[card], "star") for card in event.cards)
            elif type(event) is Catch:
                caught[counted(cards.stars[event.card], "star")] += 1
        return {"cards caught by star tier": caught, "tricks by winning suit": tricks}

    def count_facts(self) -> dict[str, dict[str, dict[str, Any]]]:
        """Every suit, and every star tier in the edition."""
        cards = self.game.cards
        tiers = sorted({card.stars for card in cards.cards})
        return {
            "star tier": {counted(tier, "star"): {} for tier in tiers},
            "winning suit": {suit: {} for suit in SUITS},
        }

    def holdings(self, state: FishingState) -> list[Counter[str]]:
        """The cards each seat played from its hand, counted each time: a caught card scores 1
        point whatever it is, so what a card does for its holder it does from the hand (winning
        or steering tricks); the catch pile would only count points again."""
        names = [card.name for card in self.game.cards.cards]
        held: list[Counter[str]] = [Counter() for _ in range(self.game.players)]
        for event in state.events:
            if type(event) is Play:
                held[event.seat][names[event.card]] += 1
        return held

    def holding_names(self) -> list[str]:
        """Every card in the game: the starting cards for this player count and the ocean's."""
        game = self.game
        in_game = {*game.starting, *(card for tier in game.tiers_bottom_up for card in tier)}
        return [card.name for card in game.cards.cards if card.id in in_game]

    def progress(self, state: FishingState) -> dict[str, Any]:
        """The round (1–8) and whose decision it is: play, catch (a 0's choice), pass, call, or
        over."""
        return {"round": state.round, "phase": PHASE_NAMES[state.phase]}
