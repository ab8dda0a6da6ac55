"""The paired search as a review's judge (docs/review.md, "The search as judge").

The rollout judge (``estimate.py``) plays every candidate out with the heuristic for every
seat, so it can hardly see what a stronger player's moves are worth: the heuristic squanders
them after one move. This judge is the paired information-set search of ``agents/ismcts.py``
from the seat's view alone: each round re-deals one world (``game.search.determinise(view)``)
and one chance seed, tries every root move on it (the search's own candidates, the heuristic's
move and the move played), and goes one iteration down each move's tree, which improves every
seat's next moves as it grows. A move's value on a round is what that iteration brought the
seat: its share of the victory where the playout ends, its standing by score where the playout
stops first. So the values are the search's own, near a share of the victory but not one.

Unlike a searching player, the judge spends its whole budget (a player stops once every other
move is clearly worse than the heuristic's, or plays a decision its game settles without
search), and it searches ``FEWEST_ROUNDS`` rounds at least, so that every decision has a value
with an interval.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from angler.agents.ismcts import DEFAULT_SECONDS, ISMCTSAgent, Node
from angler.core.game import Game
from angler.core.view import View
from angler.review.estimate import MoveWorth
from angler.stats import Estimate

FEWEST_ROUNDS = 4  # two to choose the best move, two to measure its lead


class _JudgingSearch(ISMCTSAgent):
    """The paired search, trying the played move too and keeping every round's values."""

    def __init__(
        self,
        seed: int,
        game: Game[Any, Any],
        seconds: float | None,
        iterations: int | None,
        also_try: tuple[int, ...],
    ) -> None:
        timed = seconds if seconds is not None else DEFAULT_SECONDS
        super().__init__(seed, game, seconds=timed, iterations=iterations, paired=True)
        self.also_try = also_try
        self.fewest_rounds = FEWEST_ROUNDS
        self.rounds: list[dict[int, float]] = []

    def settled(self) -> bool:
        return False  # a judge values the moves it would not play too

    def on_round(self, rewards: dict[int, float]) -> None:
        self.rounds.append(dict(rewards))


def search_worth(
    game: Game[Any, Any],
    view: View,
    legal: Sequence[int],
    played: int,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    also: Sequence[int] = (),
) -> list[MoveWorth]:
    """Each root move's value to ``view.player`` on every round of the paired search, by
    round (a MoveWorth's ``wins``), from the view alone: ``iterations`` in all, or as many as
    ``seconds`` allow. Only moves tried on every round are returned (the played one and those
    in ``also`` always are), so that any two compare round by round. Deterministic in ``seed``
    when counted."""
    tried = tuple(dict.fromkeys((played, *also)))
    search = _JudgingSearch(seed, game, seconds, iterations, tried)
    assert search.anchor is not None  # paired: anchored on the heuristic's move
    search.anchor_move = search.anchor.act(view, legal)
    search.search_paired(Node(), view, random.Random(search.rng.getrandbits(64)))
    allowed = set(legal)
    every_round = [a for a in search.rounds[0] if a in allowed]
    every_round = [a for a in every_round if all(a in values for values in search.rounds)]
    return [
        MoveWorth(
            action=action,
            win=Estimate.of(values := [found[action] for found in search.rounds]),
            score=None,
            wins=tuple(values),
            scores=None,
        )
        for action in every_round
    ]
