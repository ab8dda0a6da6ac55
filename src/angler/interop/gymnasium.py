"""angler's games as single-agent Gymnasium environments: one seat, the learner, against
angler's own agents (``docs/interop.md``, "PettingZoo and Gymnasium").

Importing this module registers ``angler/<Game>-v0`` for every registered game, its name in
capitalised words (``angler/Fishing-v0``, ``angler/CrazyFishing-v0``,
``angler/FlipAndFish-v0``)::

    import gymnasium
    import angler.interop.gymnasium  # registers the ids

    env = gymnasium.make("angler/CrazyFishing-v0", players=4, opponents="heuristic")
    observation, info = env.reset(seed=7)

An action is an index of the game's encoding; ``observation["action_mask"]`` (and
``action_masks()``, for sb3-contrib's MaskablePPO) marks the legal ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

from angler.agents import agent_seed, make_agent
from angler.agents.base import Agent, resolve_agent
from angler.core.encoding import Encoding
from angler.core.game import Game
from angler.core.registry import all_games
from angler.core.state import State
from angler.core.view import View
from angler.interop.common import (
    RENDER_MODES,
    IllegalActionIndex,
    Observation,
    Observer,
    action_index,
    check_render_mode,
    encoded_game,
    illegal_message,
    observation_of,
    observation_space,
    shown,
    win_shares,
)
from angler.play.loop import play_out

ILLEGAL_REWARD = -1.0
"""The reward of an illegal action index when ``illegal="lose"``: below any win share."""


class AnglerEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a game against agents in every other seat.

    ``opponents`` sits in the other seats: an agent's name (``angler.agents``: ``random``,
    ``heuristic``, ``easy``, ``normal``, …), a policy of one's own (``policy(observation, mask)
    -> action index``, given that seat's observation and legal indices, as the learner gets
    them: self-play), or an angler agent; one for every other seat, or one per other seat in
    seat order. They are stepped inside
    ``reset`` and ``step`` until the learner decides or the game ends; the learner decides as
    soon as it is among the seats choosing at once. The reward is 0 until the end, then the
    learner's win share. ``illegal`` says what an in-range index the learner may not choose now
    does: ``"lose"`` ends the episode with ILLEGAL_REWARD (learning code that samples without
    the mask, and Gymnasium's own checker, do send them), ``"raise"`` raises ValueError."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 1}  # noqa: RUF012 (Gymnasium's own)

    def __init__(
        self,
        game: str | Game[Any, Any],
        players: int | None = None,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "heuristic",
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game, self.encoding = encoded_game(game, players, options)
        if type(seat) is not int or not 0 <= seat < self.game.players:
            raise ValueError(f"seat {seat!r}: a seat of this game is 0 to {self.game.players - 1}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal={illegal!r}: 'lose' or 'raise'")
        check_render_mode(render_mode)
        self.seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.opponent_seats = [other for other in range(self.game.players) if other != seat]
        self.opponents = _opponents(opponents, len(self.opponent_seats))
        self.observation_space = observation_space(self.encoding)
        self.action_space = gymnasium.spaces.Discrete(self.encoding.action_count())
        self._observer = Observer(self.encoding)
        self._game_state: State[Any] | None = None
        self.game_seed: int | None = None
        self._opponents: dict[int, Agent] = {}
        self._over = False

    @property
    def game_state(self) -> State[Any]:
        """The game being played (angler's own state: read it for analysis, never to act)."""
        if self._game_state is None:
            raise RuntimeError("call reset() first")
        return self._game_state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game dealt from ``seed`` (the game's own seed: ``game.new_state(seed)``), or
        from the next seed of the environment's generator; the opponents' seeds follow from the
        game's (``agent_seed``). ``options`` are accepted and unused."""
        super().reset(seed=seed)
        self.game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        self._game_state = self.game.new_state(self.game_seed)
        self._opponents = {
            other: self._seated(opponent, other)
            for other, opponent in zip(self.opponent_seats, self.opponents, strict=True)
        }
        self._observer.forget()
        self._over = False
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        state = self.game_state
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        try:
            code = self._observer.code(state, self.seat, action, f"seat {self.seat}")
        except IllegalActionIndex:
            if self.illegal == "raise":
                raise
            self._over = True
            index = action_index(action, self.encoding.action_count())
            return self._observe(), ILLEGAL_REWARD, True, False, {"illegal_action": index}
        state.apply_action(code, self.seat)
        self._play_opponents()
        reward = 0.0
        if state.is_terminal():
            self._over = True
            reward = win_shares(state)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, self._over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The learner's legal indices now, as booleans (what MaskablePPO asks for)."""
        return self._observer.mask(self.game_state, self.seat)

    def render(self) -> str | None:
        """The table as the learner sees it: returned with ``render_mode="ansi"``, printed with
        ``"human"``."""
        return shown(
            self.render_mode,
            lambda: self.game.presentation.render_view(self.game_state.view(self.seat)),
        )

    def _seated(self, opponent: Opponent, seat: int) -> Agent:
        """The agent of ``seat`` for a new game: a named one made afresh with its seed."""
        if isinstance(opponent, str):
            return make_agent(opponent, agent_seed(self.game_seed or 0, seat), self.game)
        if _is_agent(opponent):
            return opponent  # type: ignore[return-value]
        return PolicyAgent(opponent, self.encoding, seat)  # type: ignore[arg-type]

    def _play_opponents(self) -> None:
        play_out(
            self.game_state,
            self._opponents,
            until=lambda state: self.seat in state.current_players(),
        )

    def _observe(self) -> Observation:
        return self._observer.observe(self.game_state, self.seat)

    def _info(self) -> dict[str, Any]:
        state = self.game_state
        if not state.is_terminal():
            return {}
        return {"scores": list(state.scores()), "winners": list(state.winners())}


Policy = Callable[[Observation, np.ndarray], Any]
"""An opponent of one's own: ``policy(observation, mask) -> action index``, given its seat's
observation (the dictionary the learner gets, from that seat's view alone) and its legal
indices as booleans (as ``action_masks()``)."""

Opponent = str | Policy | Agent
"""An agent's name (``random``, ``heuristic``, ``normal``, …), a ``Policy``, or an angler agent."""


class PolicyAgent:
    """A ``Policy`` in a seat, as an angler agent: it sees the seat's view (nothing else), made
    into the observation and mask the learner would get there."""

    name = "policy"
    needs_view = True

    def __init__(self, policy: Policy, encoding: Encoding[Any], seat: int) -> None:
        self.policy = policy
        self.encoding = encoding
        self.seat = seat

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        assert view is not None  # needs_view
        observation = observation_of(self.encoding, view, self.encoding.action_mask(view, legal))
        mask = observation["action_mask"]
        chosen = self.policy(observation, mask.astype(bool))
        who = f"the policy in seat {self.seat}"
        try:
            index = action_index(chosen, len(mask))
        except ValueError as exc:
            raise ValueError(f"{who}: {exc}") from None
        if not mask[index]:
            raise IllegalActionIndex(illegal_message(index, who, np.flatnonzero(mask).tolist()))
        return self.encoding.action_code(view, index)


def _opponents(opponents: Opponent | Sequence[Opponent], count: int) -> list[Opponent]:
    """One opponent for each other seat: one given for all, or one per seat in seat order; an
    agent's name is checked (and an alias resolved) at once."""
    if isinstance(opponents, str) or callable(opponents) or _is_agent(opponents):
        chosen: list[Any] = [opponents] * count
    elif isinstance(opponents, Sequence):
        chosen = list(opponents)
    else:
        raise ValueError(
            f"opponents {opponents!r}: an agent's name, a policy (observation, mask -> action) "
            "or an angler agent, or one of these for each other seat"
        )
    if len(chosen) != count:
        raise ValueError(f"opponents: {len(chosen)} given for {count} other seats")
    for opponent in chosen:
        if not (isinstance(opponent, str) or callable(opponent) or _is_agent(opponent)):
            raise ValueError(
                f"opponent {opponent!r}: an agent's name, a policy (observation, mask -> "
                "action) or an angler agent"
            )
    return [resolve_agent(each) if isinstance(each, str) else each for each in chosen]


def _is_agent(thing: object) -> bool:
    return callable(getattr(thing, "act", None)) and hasattr(thing, "needs_view")


def env_id(game_name: str) -> str:
    """The Gymnasium id of a game: ``crazy-fishing`` is ``angler/CrazyFishing-v0``."""
    return "angler/" + "".join(word.capitalize() for word in game_name.split("-")) + "-v0"


def register_games() -> list[str]:
    """Register every registered game's id (again is harmless); returns the ids."""
    ids = []
    for game in all_games():
        ident = env_id(game.name)
        if ident not in gymnasium.registry:
            gymnasium.register(
                ident, entry_point="angler.interop.gymnasium:AnglerEnv", kwargs={"game": game.name}
            )
        ids.append(ident)
    return ids


register_games()
