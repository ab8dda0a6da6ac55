"""angler's games as PettingZoo parallel environments: every seat that decides now acts in the
same step, so a simultaneous secret choice (Crazy Fishing's cast, Fishing's pass) is one step
of all its choosers (``docs/interop.md``, "The parallel environment")::

    from angler.interop.pettingzoo_parallel import parallel_env

    table = parallel_env("crazy-fishing", players=4)
    observations, infos = table.reset(seed=7)
    while table.agents:
        actions = {agent: policy(observations[agent]) for agent in table.agents}
        observations, rewards, terminations, truncations, infos = table.step(actions)

Every agent is observed at every step, each from its own view. Only the deciding seats' actions
are played (a seat that does not decide now has an all-zero mask: whatever it sends is not
read); each deciding seat must send one of its legal indices, or nothing is played.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import ParallelEnv

from angler.core.game import Game
from angler.interop.common import Observation, agent_name, win_shares
from angler.interop.pettingzoo import SeatedTable


def parallel_env(
    game: str | Game[Any, Any],
    players: int | None = None,
    seed: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> AnglerParallelEnv:
    """The parallel environment of ``game`` (a registered name with its player count and
    options, or a configured game). ``seed`` seeds the deals of resets given no seed."""
    return AnglerParallelEnv(game, players, seed, render_mode, **options)


class AnglerParallelEnv(SeatedTable, ParallelEnv):  # type: ignore[misc]  # PettingZoo: untyped
    """Every deciding seat acts in one step; the others wait with an empty mask."""

    def __init__(
        self,
        game: str | Game[Any, Any],
        players: int | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self._seat(game, players, seed, render_mode, options, parallel=True)
        self.agents: list[str] = []

    def deciding(self) -> list[str]:
        """The agents whose actions the next step plays, in seat order."""
        return [agent_name(seat) for seat in sorted(self.game_state.current_players())]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new game dealt from ``seed`` as the AEC environment deals it
        (``SeatedTable._deal``). ``options`` are accepted and unused."""
        self._deal(seed)
        self.agents = self.possible_agents[:]
        if self.render_mode == "human":
            self.render()
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play every deciding seat's action at once (in seat order, as the rules' own loop
        does). ValueError, and nothing is played, if a deciding seat sent nothing, or an index
        that is not one of its legal ones now."""
        state = self.game_state
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        chosen: list[tuple[int, int]] = []
        for agent in self.deciding():
            if agent not in actions:
                raise ValueError(f"{agent} decides now and sent no action")
            seat = self._seats[agent]
            chosen.append((seat, self._observer.code(state, seat, actions[agent], agent)))
        # The choices were all read from the views before any is played: a secret
        # simultaneous choice does not depend on another seat's.
        for seat, code in chosen:
            state.apply_action(code, seat)
        over = state.is_terminal()
        shares = win_shares(state) if over else [0.0] * self.game.players
        agents = self.agents
        rewards = {agent: shares[self._seats[agent]] for agent in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos: dict[str, dict[str, Any]] = {
            agent: {"scores": list(state.scores())} if over else {} for agent in agents
        }
        observations = self._observations()
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Observation]:
        return {
            agent: self._observer.observe(self.game_state, self._seats[agent])
            for agent in self.possible_agents
        }
