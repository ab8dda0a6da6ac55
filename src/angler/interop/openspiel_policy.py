"""An angler agent as an OpenSpiel policy, so that OpenSpiel's exact tools measure it on a small
variant: ``exploitability.nash_conv``, a best response's gain in each seat
(docs/interop.md, "Small variants").

The agent chooses from the deciding seat's view alone (``Position.view``), as it does at a
table, and its move becomes the encoding's action index. A policy is a function of the
information state, so only an agent that plays the same move from the same view can be one:
the game's heuristic player is (``game.search.heuristic()``); a searching or random agent is
not, and is refused.
"""

from __future__ import annotations

from typing import Any

from open_spiel.python import policy

from angler.core.errors import AnglerError
from angler.interop.openspiel import AnglerSpielGame, AnglerSpielState


class HeuristicPolicy(policy.Policy):  # type: ignore[misc]
    """The game's heuristic player in every seat, as a deterministic OpenSpiel policy."""

    def __init__(self, spiel_game: AnglerSpielGame) -> None:
        super().__init__(spiel_game, list(range(spiel_game.num_players())))
        game = spiel_game.configuration.game
        player = game.search.heuristic()
        if player is None:
            raise AnglerError(f"{game.name} has no heuristic player")
        self.player = player
        self.encoding = spiel_game.configuration.encoding

    def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
        """Probability 1 on the heuristic's move from the deciding seat's view."""
        if not isinstance(state, AnglerSpielState):
            raise AnglerError("a heuristic policy reads states of an angler game only")
        seat = state.current_player() if player_id is None else player_id
        position = state.position
        view = position.view(seat)
        code = self.player.act(view, position.state.legal_actions(seat))
        return {self.encoding.action_index(view, code): 1.0}
