"""The random agent: a uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from angler.agents.base import register_agent

if TYPE_CHECKING:
    from angler.core.game import Game
    from angler.core.view import View


@register_agent("random")
class RandomAgent:
    """Picks each legal action with equal chance. Reads no view (``needs_view`` is False)."""

    name = "random"
    needs_view = False

    def __init__(self, seed: int, game: Game[Any, Any] | None = None) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        if not legal:
            raise ValueError("the random agent was asked to act with no legal action")
        return legal[int(self._random() * len(legal))]
