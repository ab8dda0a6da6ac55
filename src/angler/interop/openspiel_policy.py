"""An angler agent as an OpenSpiel policy, so that OpenSpiel's exact tools measure it on a small
variant: ``exploitability.nash_conv``, a best response's gain in each seat, the value of a set
of policies (docs/interop.md, "Small variants").

The agent chooses from the deciding seat's view alone (``Position.view``), as it does at a
table, and its move becomes the encoding's action index. A policy is a function of the
information state, so the agent is made afresh at each information state with a seed drawn
from it (and the policy's own seed): its move there is then always the same, a pure policy. An
agent that searches by the clock would not be, and is refused: give it a counted budget
(``ismcts:400it``). A random agent becomes one pure policy drawn at random, not the uniform one
(OpenSpiel's ``UniformRandomPolicy`` is that).
"""

from __future__ import annotations

import hashlib
from typing import Any

from open_spiel.python import policy

from angler.agents.base import make_agent
from angler.core.errors import AnglerError
from angler.interop.openspiel import AnglerSpielGame, AnglerSpielState


class AgentPolicy(policy.Policy):  # type: ignore[misc]
    """An angler agent, by name, in every seat as a pure OpenSpiel policy (see the module)."""

    def __init__(
        self, spiel_game: AnglerSpielGame, agent: str = "heuristic", seed: int = 0
    ) -> None:
        super().__init__(spiel_game, list(range(spiel_game.num_players())))
        self.game = spiel_game.configuration.game
        self.encoding = spiel_game.configuration.encoding
        self.agent, self.seed = agent, seed
        probe = make_agent(agent, seed, self.game)
        if getattr(probe, "seconds", None) is not None and getattr(probe, "iterations", 0) is None:
            raise AnglerError(
                f"agent {agent!r} searches by the clock, so its moves are not a policy: give it "
                "a counted budget (such as ismcts:400it)"
            )
        self._moves: dict[tuple[int, str], dict[int, float]] = {}  # by seat and information

    def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
        """Probability 1 on the agent's move from the deciding seat's view."""
        if not isinstance(state, AnglerSpielState):
            raise AnglerError("an agent policy reads states of an angler game only")
        seat = state.current_player() if player_id is None else player_id
        information = state.information_state_string(seat)
        known = self._moves.get((seat, information))
        if known is not None:
            return known
        digest = hashlib.sha256(f"angler-policy/{self.seed}/{information}".encode()).digest()
        agent = make_agent(self.agent, int.from_bytes(digest[:8], "big"), self.game)
        position = state.position
        view = position.view(seat)
        code = agent.act(view if agent.needs_view else None, position.state.legal_actions(seat))
        move = self._moves[(seat, information)] = {self.encoding.action_index(view, code): 1.0}
        return move
