"""A stand-in encoding for Fishing, so the OpenSpiel adapter is tested before the games' own
encodings land: an action's index is its code (with N cards, Fishing's codes are below 3N + 5:
play, catch and pass a card, call one of 5 colours), and the observation is a few plain numbers
from the view. Tests install it only on a game without an encoding of its own."""

from __future__ import annotations

from typing import Any

from angler.core.encoding import Encoding
from angler.core.events import PUBLIC

MAX_GAME_LENGTH = 2000  # far above the longest game random play gives (about 370 decisions)


class FishingStandIn(Encoding[Any]):
    def action_count(self) -> int:
        return 3 * len(self.game.cards.cards) + 5  # type: ignore[attr-defined]

    def action_index(self, view: Any, code: int) -> int:
        return code

    def action_code(self, view: Any, index: int) -> int:
        if not 0 <= index < self.action_count():
            raise ValueError(f"no action has index {index}")
        return index

    def max_game_length(self) -> int:
        return MAX_GAME_LENGTH

    def observation_shape(self) -> tuple[int, ...]:
        cards = len(self.game.cards.cards)  # type: ignore[attr-defined]
        players = self.game.players
        return (cards + 3 * players + 1 + players + 1,)

    def observation(self, view: Any) -> list[float]:
        """The seat's hand, the sizes of hands and stockrooms, the scores, the round, and
        who is looking (the last slot: a spectator)."""
        hand = [0.0] * len(self.game.cards.cards)  # type: ignore[attr-defined]
        for card in view.hand:
            hand[card] = 1.0
        seat = [0.0] * (view.players + 1)
        seat[view.players if view.player == PUBLIC else view.player] = 1.0
        return [
            *hand,
            *map(float, view.hand_sizes),
            *map(float, view.stock_sizes),
            *map(float, view.scores),
            float(view.round),
            *seat,
        ]
