"""Fishing's hooks for search bots: re-deals, its heuristic, a mid-round evaluation and cheap
playouts that stop before the round's end."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from angler.core.search import SearchSupport, outcome_values
from angler.games.fishing.cards import TRUMP
from angler.games.fishing.determinise import determinise
from angler.games.fishing.heuristic import FishingHeuristic, policy
from angler.games.fishing.rules import FishingState
from angler.games.fishing.view import FishingView

if TYPE_CHECKING:
    from angler.games.fishing.game import FishingGame


class FishingSearch(SearchSupport[FishingState, FishingView]):
    game: FishingGame

    def determinise(self, view: FishingView, rng: random.Random) -> FishingState:
        return determinise(self.game, view, rng)

    def heuristic(self, seed: int) -> FishingHeuristic:
        return policy(seed, self.game)

    def evaluate(self, state: FishingState) -> list[float]:
        """For search: mid-round, the cards on each fisher count already (a point each at the
        round's end)."""
        if state.is_terminal():
            return outcome_values(state)
        points = [score + len(pile) for score, pile in zip(state.score, state.fisher, strict=True)]
        low, spread = min(points), max(points) - min(points)
        return [(p - low) / spread if spread else 0.5 for p in points]

    def playout_action(
        self, state: FishingState, player: int, legal: Sequence[int], rnd: Callable[[], float]
    ) -> int:
        """Playouts win a trick with the highest card that beats the trick so far, else shed the
        lowest card (trumps last); a fifth of the moves, and every other decision, are random.
        (On the determinised state, in search only.) One pass, no allocation: it runs in the
        innermost loop of the search."""
        cards = self.game.cards
        if not state.trick or legal[0] >= len(cards) or rnd() < 0.2:
            return legal[int(rnd() * len(legal))]
        _, best = state.trick_winner()
        if best < 0:
            return legal[int(rnd() * len(legal))]
        suit, value = cards.suit, cards.value
        target, beat, lowest = suit[best], value[best], state.lowest
        win, win_value, shed, shed_key = -1, -2, -1, 1 << 30
        for card in legal:
            colour, number = suit[card], value[card]
            if colour == target:
                wins = number < beat if lowest else number > beat
            else:
                wins = colour == TRUMP
            if wins:
                if number > win_value:
                    win, win_value = card, number
            else:
                key = number + (100 if colour == TRUMP else 0)
                if key < shed_key:
                    shed, shed_key = card, key
        return win if win >= 0 else shed if shed >= 0 else legal[0]

    def playout_horizon(self, state: FishingState) -> int | None:
        """The cards left to play in this round, but the last: the round's end (scoring,
        shuffles, the next deal) is the costly part of a playout and changes nothing that
        ``evaluate`` does not already count."""
        return max(1, sum(len(hand) for hand in state.hands) - 1)
