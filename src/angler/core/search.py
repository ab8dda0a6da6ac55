"""What a game gives its search bots: re-deals, a playout policy, an evaluation and its heuristic.

ISMCTS (``agents/ismcts.py``), the rollout player (``agents/rollout.py``) and the levels
(``agents/levels.py``) read a game only through its ``game.search``; the rules themselves never
call these hooks.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from angler.core.view import View

if TYPE_CHECKING:
    from angler.core.game import Game
    from angler.core.state import State

S = TypeVar("S", bound="State[Any]")
V = TypeVar("V", bound=View)


class Policy(Protocol):
    """A rule-of-thumb player: it reads a seat's view and the legal codes, nothing else. It keeps
    no memory between decisions, so search may start it at any decision of a sample and let one
    object play every seat (``agents/rollout.py``)."""

    def act(self, view: Any, legal: Sequence[int]) -> int: ...


class SearchSupport(ABC, Generic[S, V]):
    """A game's hooks for search. ``determinise`` is required; the rest have fair defaults."""

    search_levels: ClassVar[bool] = True
    """The ``normal`` and ``hard`` levels search (ISMCTS). False where search does not yet beat
    the heuristic player: those levels then play the heuristic (``agents/levels.py``)."""
    paired_search: ClassVar[bool] = False
    """Search compares root moves on common random numbers (``agents/ismcts.py``): for games
    where luck swamps the worth of a single move."""

    def __init__(self, game: Game[S, V]) -> None:
        self.game = game

    def heuristic_settles(self, view: V) -> bool:
        """Paired search plays the heuristic's move here without searching, banking the time
        for contested decisions: for decisions where measured search never left it."""
        return False

    @abstractmethod
    def determinise(self, view: V, rng: random.Random) -> S:
        """A full state consistent with everything ``view`` shows, hidden parts sampled by rng."""

    def heuristic(self) -> Policy | None:
        """The game's rule-of-thumb player (the ``heuristic`` agent), or None if it has none."""
        return None

    def search_actions(self, state: S, player: int) -> Sequence[int]:
        """The actions a search considers for ``player`` (all legal ones here; a game with a huge
        action set offers a well-chosen few, e.g. Flip & Fish's aims at each water card)."""
        return state.legal_actions(player)

    def evaluate(self, state: S) -> list[float]:
        """How good ``state`` is for each seat, in [0, 1], for search. Over: mostly the share of
        the victory, a little the score; not over: the scores, scaled from worst to best."""
        return outcome_values(state)

    def playout_action(
        self, state: S, player: int, legal: Sequence[int], rnd: Callable[[], float]
    ) -> int:
        """A search playout's move: uniformly random here. A game may play a cheap rule of thumb
        instead; it reads the determinised state, the searcher's own sample, never the real one."""
        return legal[int(rnd() * len(legal))]

    def playout_horizon(self, state: S) -> int | None:
        """How many decisions a search playout plays from ``state`` before scoring it with
        ``evaluate`` (None: the searcher's own limit). Fishing stops before a round ends."""
        return None


def outcome_values(state: State[Any]) -> list[float]:
    """The default evaluation: the scores scaled from worst to best, and once the game is over
    mostly the share of the victory (0.8) and a little the scaled score (0.2)."""
    scores = state.scores()
    low, spread = min(scores), max(scores) - min(scores)
    scaled = [(score - low) / spread if spread else 0.5 for score in scores]
    if not state.is_terminal():
        return scaled
    winners = state.winners()
    share = 1 / len(winners)
    return [
        0.8 * (share if seat in winners else 0.0) + 0.2 * scaled[seat]
        for seat in range(len(scores))
    ]
