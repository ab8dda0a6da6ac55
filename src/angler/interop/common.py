"""What the PettingZoo and Gymnasium adapters share: the configured game and its encoding, the
observation space, a seat's observation (tensor and action mask, from its view alone), reading
an action index, and the reward (``docs/interop.md``, "PettingZoo and Gymnasium")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from angler.core.encoding import Encoding
from angler.core.errors import AnglerError
from angler.core.game import Game
from angler.core.registry import make_game
from angler.core.state import State
from angler.core.view import View

Observation = dict[str, np.ndarray]
"""``{"observation": float32 tensor of the encoding's shape, "action_mask": int8 0/1 vector}``."""


class IllegalActionIndex(ValueError):
    """An action index within the action space that the deciding seat may not choose now."""


def encoded_game(
    game: str | Game[Any, Any], players: int | None, options: dict[str, Any]
) -> tuple[Game[Any, Any], Encoding[Any]]:
    """The configured game (a name with its players and options, or a game already configured)
    and its encoding; an error if it has none, since its actions then have no numbers."""
    if isinstance(game, Game):
        if players is not None or options:
            raise ValueError("players and options go with a game's name, not a configured game")
        configured = game
    else:
        configured = make_game(game, players, **options)
    if configured.encoding is None:
        raise AnglerError(
            f"{configured.name} has no encoding yet (game.encoding is None), "
            "so learning libraries cannot load it"
        )
    return configured, configured.encoding


def agent_name(seat: int) -> str:
    """PettingZoo's name for a seat: ``player_0`` is seat 0."""
    return f"player_{seat}"


def observation_space(encoding: Encoding[Any]) -> spaces.Dict:
    """The tensor, each index within its own ``observation_limits()``; the mask one 0/1 per
    index. The limits become float32 as the observations do, rounding the same way, so a number
    within its limits stays within them."""
    shape = encoding.observation_shape()
    low, high = encoding.observation_limits()
    return spaces.Dict(
        {
            "observation": spaces.Box(
                np.asarray(low, dtype=np.float32).reshape(shape),
                np.asarray(high, dtype=np.float32).reshape(shape),
                dtype=np.float32,
            ),
            "action_mask": spaces.Box(0, 1, shape=(encoding.action_count(),), dtype=np.int8),
        }
    )


class Observer:
    """Each seat's view and action mask at the state's current position.

    Observing a seat and then stepping it needs its view twice; the view is the dearest part
    of a step, so the last position's are kept (the history's length marks a position: it
    grows with every action). Call ``forget`` when the state is replaced."""

    def __init__(self, encoding: Encoding[Any]) -> None:
        self.encoding = encoding
        self.shape = encoding.observation_shape()
        self.count = encoding.action_count()
        self._position = -1
        self._seen: dict[int, tuple[View, bytearray]] = {}

    def forget(self) -> None:
        self._position = -1
        self._seen = {}

    def decision(self, state: State[Any], seat: int) -> tuple[View, bytearray]:
        """``seat``'s view and its action mask: ``action_count()`` bytes, 1 at each legal index
        (all 0 when ``seat`` does not decide now). The mask is the observer's: do not change it."""
        position = len(state.history)
        if position != self._position:
            self._position = position
            self._seen = {}
        seen = self._seen.get(seat)
        if seen is None:
            view = state.view(seat)
            mask = self.encoding.action_mask(view, state.legal_actions(seat))
            seen = self._seen[seat] = (view, mask)
        return seen

    def observe(self, state: State[Any], seat: int) -> Observation:
        """A new observation of ``seat`` (new arrays every call: callers keep them). The
        encoding's array of doubles is read by NumPy in place, then made float32 in one go."""
        view, legal = self.decision(state, seat)
        return observation_of(self.encoding, view, legal)

    def mask(self, state: State[Any], seat: int) -> np.ndarray:
        """``seat``'s legal indices as booleans (sb3-contrib's ``action_masks``)."""
        return np.frombuffer(self.decision(state, seat)[1], dtype=np.int8).astype(bool)

    def code(self, state: State[Any], seat: int, action: object, who: str) -> int:
        """The code of action index ``action`` for ``seat`` (named ``who`` in errors):
        ValueError if it is no index of the action space, IllegalActionIndex if it is not
        legal for the seat now."""
        index = action_index(action, self.count)
        view, legal = self.decision(state, seat)
        if not legal[index]:
            indices = [i for i, legal_here in enumerate(legal) if legal_here]
            raise IllegalActionIndex(illegal_message(index, who, indices))
        return self.encoding.action_code(view, index)


def observation_of(encoding: Encoding[Any], view: View, legal: bytearray) -> Observation:
    """A seat's observation from its view and its mask bytes (``encoding.action_mask``), in new
    arrays. The encoding's array of doubles is read by NumPy in place, then made float32."""
    numbers = np.frombuffer(encoding.observation_array(view), dtype=np.float64)
    return {
        "observation": numbers.astype(np.float32).reshape(encoding.observation_shape()),
        "action_mask": np.frombuffer(legal, dtype=np.int8).copy(),
    }


def batch_observations(
    encoding: Encoding[Any], views: Sequence[View], out: np.ndarray | None = None
) -> np.ndarray:
    """The observation tensors of many views (seats of one state, or positions of many) as
    the rows of one float32 array of shape ``(len(views), *encoding.observation_shape())``,
    written into ``out`` when given (preallocated once, reused for every batch: no array is
    made per view), else into a new one. Each row is what ``observation_of`` gives the view."""
    shape = (len(views), *encoding.observation_shape())
    if out is None:
        out = np.empty(shape, dtype=np.float32)
    elif out.shape != shape or out.dtype != np.float32:
        raise ValueError(
            f"out must be a float32 array of shape {shape}, not {out.dtype} {out.shape}"
        )
    rows = out.reshape(len(views), -1)
    for row, view in zip(rows, views, strict=True):
        row[:] = np.frombuffer(encoding.observation_array(view), dtype=np.float64)
    return out


def action_index(action: object, count: int) -> int:
    """``action`` as an index of an action space of ``count``: a whole number (Python's or
    NumPy's, or a NumPy array of one) from 0 to ``count - 1``; ValueError otherwise."""
    if isinstance(action, np.ndarray) and action.size == 1:
        action = action.reshape(()).item()
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise ValueError(f"action {action!r} is not an action index (0 to {count - 1})")
    index = int(action)
    if not 0 <= index < count:
        raise ValueError(f"action index {index} is out of range (0 to {count - 1})")
    return index


def illegal_message(index: int, who: str, legal: list[int]) -> str:
    if not legal:
        return f"action index {index} is not legal: {who} does not decide now"
    shown = ", ".join(map(str, legal[:8])) + (", …" if len(legal) > 8 else "")
    return f"action index {index} is not legal for {who} now (legal: {shown})"


RENDER_MODES = ["human", "ansi"]
"""``ansi`` returns the table as text; ``human`` prints it to standard output after every reset
and step (as PettingZoo's chess does), the terminal being where a person reads a text table."""


def check_render_mode(mode: str | None) -> str | None:
    if mode not in (None, *RENDER_MODES):
        raise ValueError(f"render_mode {mode!r}: 'human' (printed) or 'ansi' (text) is offered")
    return mode


def shown(mode: str | None, text: Callable[[], str]) -> str | None:
    """What ``render()`` gives in ``mode``: ``text()`` for ``ansi``; printed, and None, for
    ``human``; None without a mode."""
    if mode == "ansi":
        return text()
    if mode == "human":
        print(text(), flush=True)
    return None


def win_shares(state: State[Any]) -> list[float]:
    """The reward at the end: the victory split between the seats sharing the top score (1 to a
    lone winner, 1/2 each to two, ...), 0 to the others. The rewards sum to 1."""
    winners = state.winners()
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(state.game.players)]
