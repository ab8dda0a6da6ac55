"""Difficulty levels for people: ``easy``, ``normal`` and ``hard`` name an agent and its budget.

| level | agent | budget per decision |
|---|---|---|
| easy | heuristic | instant (well under 100 ms) |
| normal | ismcts | 0.8 s on one core |
| hard | ismcts | 2.5 s on one core |

In a game with a cast skill (Flip & Fish), ``angler play`` also gives the level's seat a skill:
easy casts like a novice, normal like a fair caster, hard like a good one. A game whose search
does not yet beat its heuristic player (``game.search.search_levels`` false: Flip & Fish) plays the
heuristic at every level, the cast skill making the difference.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from angler.agents.base import register_agent
from angler.agents.heuristic import HeuristicAgent
from angler.agents.ismcts import ISMCTSAgent

if TYPE_CHECKING:
    from angler.core.game import Game

LEVELS = ("easy", "normal", "hard")
SKILL = {"easy": "novice", "normal": "fair", "hard": "good"}
NORMAL_SECONDS = 0.8
HARD_SECONDS = 2.5


@register_agent("easy")
def easy(seed: int, game: Game[Any, Any] | None = None) -> HeuristicAgent:
    return HeuristicAgent(seed, game)


@register_agent("normal")
def normal(seed: int, game: Game[Any, Any] | None = None) -> ISMCTSAgent | HeuristicAgent:
    if game is not None and not game.search.search_levels:
        return HeuristicAgent(seed, game)
    return ISMCTSAgent(seed, game, seconds=NORMAL_SECONDS)


@register_agent("hard")
def hard(seed: int, game: Game[Any, Any] | None = None) -> ISMCTSAgent | HeuristicAgent:
    if game is not None and not game.search.search_levels:
        return HeuristicAgent(seed, game)
    return ISMCTSAgent(seed, game, seconds=HARD_SECONDS)
