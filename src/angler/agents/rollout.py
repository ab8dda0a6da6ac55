"""A rollout player: the game's heuristic, improved by one step of lookahead on the real objective.

After Tesauro & Galperin, "On-line Policy Improvement using Monte-Carlo Search" (NIPS 1996).
For each of its moves the player re-deals what it cannot see (``game.search.determinise``) and,
on that sample and one chance seed shared by every move (the paired search of ``ismcts.py``),
plays the move and then the game's heuristic player for every seat to the end of the game. The
move is scored by the real outcome (``outcome_values``: mostly the share of the victory), not by
a hand-made evaluation; only a rollout that has not ended after ``ROLLOUT_CAP`` decisions is
scored by the game's ``evaluate``.

The heuristic's own move is played unless another's paired gain over it is clearly above zero
(``anchored_choice``): a one-step lookahead over a policy, scored by that policy's true outcome,
can only improve on it. Everything else (settling early, banking the budget, Flip & Fish's aims
left to the heuristic) is the paired ISMCTS's, unchanged.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from angler.agents.base import read_budget, register_agent, register_budgeted
from angler.agents.ismcts import DEFAULT_SECONDS, ISMCTSAgent, Node
from angler.core.errors import AnglerError
from angler.core.search import outcome_values

if TYPE_CHECKING:
    from angler.core.game import Game
    from angler.core.search import Policy
    from angler.core.state import State

# Decisions a rollout plays before ``evaluate`` scores it: far beyond any game at its default
# options (190 to 363 decisions), so in practice every rollout is played to the end.
ROLLOUT_CAP = 2000


class RolloutAgent(ISMCTSAgent):
    """Rolls out ``seconds`` (or exactly ``iterations`` rollouts when given) per decision."""

    name = "rollout"

    def __init__(
        self,
        seed: int,
        game: Game[Any, Any] | None = None,
        seconds: float = DEFAULT_SECONDS,
        iterations: int | None = None,
        cap: int = ROLLOUT_CAP,
    ) -> None:
        if game is not None and game.search.heuristic() is None:
            raise AnglerError(f"the rollout agent has no heuristic to roll out for {game.name}")
        super().__init__(seed, game, seconds=seconds, iterations=iterations, paired=True)
        assert self.anchor is not None  # paired search is anchored on the heuristic
        # The game's heuristic keeps no memory between decisions (``Policy``), so one object
        # plays every seat of every rollout, as the anchor it already is.
        self.policy: Policy = self.anchor.policy
        self.cap = cap

    def paired_sample(
        self, root: Node, state: State[Any], action: int, rng: random.Random, me: int
    ) -> float:
        """``action``, then the heuristic for every seat to the end: what ``me`` gets."""
        child = root.children.get(action)
        if child is None:
            child = root.children[action] = Node()
        state.apply_action(action, me)
        reward = self.rollout(state)[me]
        child.visits += 1
        child.reward += reward
        return reward

    def rollout(self, state: State[Any]) -> list[float]:
        """The heuristic plays every seat of the searcher's own sample, each from its seat's
        view of it; the outcome once over, else (after ``cap`` decisions) the game's evaluation."""
        act = self.policy.act
        for _ in range(self.cap):
            if state.is_terminal():
                return outcome_values(state)
            seat = state.current_players()[0]
            state.apply_action(act(state.view(seat), state.legal_actions(seat)), seat)
        return outcome_values(state) if state.is_terminal() else self.game.search.evaluate(state)


@register_agent("rollout")
def make_rollout(seed: int, game: Game[Any, Any] | None = None) -> RolloutAgent:
    return RolloutAgent(seed, game)


@register_budgeted("rollout")
def make_budgeted_rollout(seed: int, game: Game[Any, Any] | None, budget: str) -> RolloutAgent:
    """``rollout:0.5s`` rolls out for half a second per decision, ``rollout:800it`` 800 times."""
    seconds, iterations = read_budget("rollout", budget, unit="rollouts", example=800)
    if iterations is not None:
        return RolloutAgent(seed, game, iterations=iterations)
    return RolloutAgent(seed, game, seconds=seconds if seconds is not None else DEFAULT_SECONDS)
