"""The heuristic agent: each game's own rule-of-thumb player (``game.search.heuristic(seed)``).

The policy is an object with ``act(view, legal)``; the agent reads only the view it is given,
like every agent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from angler.agents.base import register_agent
from angler.core.errors import AnglerError

if TYPE_CHECKING:
    from angler.core.game import Game
    from angler.core.search import Policy
    from angler.core.view import View


@register_agent("heuristic")
class HeuristicAgent:
    """Plays each game the way a sensible player does; see the game's ``heuristic.py``."""

    name = "heuristic"
    needs_view = True

    def __init__(self, seed: int, game: Game[Any, Any] | None = None) -> None:
        if game is None:
            raise AnglerError("the heuristic agent needs the game it plays")
        policy = game.search.heuristic(seed)
        if policy is None:
            raise AnglerError(f"the heuristic agent has no policy for {game.name} yet")
        self.policy: Policy = policy

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        if view is None:
            raise ValueError("the heuristic agent needs its view")
        action: int = self.policy.act(view, legal)
        return action
