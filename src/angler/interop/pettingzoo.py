"""angler's games as PettingZoo AEC environments (``docs/interop.md``, "PettingZoo and
Gymnasium")::

    from angler.interop.pettingzoo import env

    table = env("fishing", players=4)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        action = None if terminated or truncated else policy(observation)  # an action index
        table.step(action)

Agents are ``player_0`` … (seat 0 …). Turns follow the rules: ``agent_selection`` is the first
seat that decides now; in a simultaneous secret choice the deciding seats are stepped one after
another, each observing its own view, which shows who has chosen but never what. Rewards come
at the end only: each seat's win share.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from angler.core.events import PUBLIC
from angler.core.game import Game
from angler.core.state import State
from angler.interop.common import (
    RENDER_MODES,
    Observation,
    Observer,
    agent_name,
    check_render_mode,
    encoded_game,
    observation_space,
    shown,
    win_shares,
)


def env(
    game: str | Game[Any, Any],
    players: int | None = None,
    seed: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> AECEnv:
    """The AEC environment of ``game`` (a registered name with its player count and options,
    or a configured game), wrapped as PettingZoo's own environments are, so that stepping
    before ``reset`` is refused. ``seed`` seeds the deals of resets given no seed."""
    return OrderEnforcingWrapper(raw_env(game, players, seed, render_mode, **options))


class SeatedTable:
    """What the AEC and the parallel environment share: the configured game, an agent per seat
    with its spaces, the seats' observer, the deals, and the spectator's render."""

    def _seat(
        self,
        game: str | Game[Any, Any],
        players: int | None,
        seed: int | None,
        render_mode: str | None,
        options: dict[str, Any],
        parallel: bool,
    ) -> None:
        self.game, self.encoding = encoded_game(game, players, options)
        self.render_mode = check_render_mode(render_mode)
        kind = "_parallel" if parallel else ""
        self.metadata = {
            "name": f"angler_{self.game.name.replace('-', '_')}{kind}_v0",
            "render_modes": RENDER_MODES,
            "is_parallelizable": parallel,
        }
        self.possible_agents = [agent_name(seat) for seat in range(self.game.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: observation_space(self.encoding) for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(self.encoding.action_count())
            for agent in self.possible_agents
        }
        self._observer = Observer(self.encoding)
        self._deals = np.random.default_rng(seed)
        self._game_state: State[Any] | None = None
        self.game_seed: int | None = None

    # ----- spaces -----
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----- the game -----
    @property
    def game_state(self) -> State[Any]:
        """The game being played (angler's own state: read it for analysis, never to act)."""
        if self._game_state is None:
            raise RuntimeError("call reset() first")
        return self._game_state

    def _deal(self, seed: int | None) -> None:
        """A new game dealt from ``seed`` (the game's own seed: ``game.new_state(seed)``); with
        no seed, from the next seed of the environment's generator, itself reseeded by every
        seed given."""
        if seed is not None:
            self._deals = np.random.default_rng(seed)
            self.game_seed = seed
        else:
            self.game_seed = int(self._deals.integers(2**63))
        self._game_state = self.game.new_state(self.game_seed)
        self._observer.forget()

    def render(self) -> str | None:
        """The table as a spectator sees it (no seat's secrets): returned with
        ``render_mode="ansi"``, printed with ``"human"``."""
        return shown(
            self.render_mode,
            lambda: self.game.presentation.render_view(self.game_state.view(PUBLIC)),
        )

    def close(self) -> None:
        """Nothing to release."""


class raw_env(SeatedTable, AECEnv):  # type: ignore[misc]  # PettingZoo's name; it is untyped
    """The unwrapped AEC environment; ``env`` wraps it."""

    def __init__(
        self,
        game: str | Game[Any, Any],
        players: int | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self._seat(game, players, seed, render_mode, options, parallel=False)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game dealt from ``seed`` (``SeatedTable._deal``). ``options`` are accepted and
        unused."""
        self._deal(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self.game_state.current_players()[0])
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation from its own view; its mask is all zeros unless it decides."""
        return self._observer.observe(self.game_state, self._seats[agent])

    def step(self, action: Any) -> None:
        """Apply action index ``action`` for ``agent_selection``: ValueError (and nothing
        changes) if it is not an index of the action space or not legal for that seat now."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state, seat = self.game_state, self._seats[agent]
        code = self._observer.code(state, seat, action, agent)
        state.apply_action(code, seat)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.is_terminal():
            for other, reward in zip(self.possible_agents, win_shares(state), strict=True):
                self.rewards[other] = reward
                self.terminations[other] = True
                self.infos[other] = {"scores": list(state.scores())}
            self.agent_selection = self.possible_agents[(seat + 1) % self.game.players]
        else:
            self.agent_selection = agent_name(state.current_players()[0])
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def action_mask(self, agent: str) -> np.ndarray:
        """``agent``'s legal indices as booleans."""
        return self._observer.mask(self.game_state, self._seats[agent])
