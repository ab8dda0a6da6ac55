"""The learned agent ``ppo``: a masked policy network trained by ``angler.tools.train_ppo``, shipped
as a small weights file per game and player count (``policies/<game>-<N>p.npz``) and run here
with NumPy alone (docs/interop.md, "A learned baseline").

The network reads the seat's observation tensor (``Encoding.observation_array`` of its view:
nothing else) and scores every action index; the legal index with the highest score is played,
so the agent is deterministic and draws nothing. Its layers are dense, with tanh between them,
as the trainer's (Stable-Baselines3's) policy network has them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

from angler.agents.base import register_agent
from angler.core.errors import AnglerError

if TYPE_CHECKING:
    import numpy as np

    from angler.core.encoding import Encoding
    from angler.core.game import Game
    from angler.core.view import View

POLICIES = "policies"  # the package folder of the shipped weights


@dataclass(frozen=True)
class Network:
    """Dense layers (weights ``(inputs, outputs)``, biases), tanh between them: action scores
    (of one observation, or of a batch of them as rows)."""

    weights: tuple[np.ndarray, ...]
    biases: tuple[np.ndarray, ...]

    def scores(self, observation: np.ndarray) -> np.ndarray:
        import numpy as np  # here, not at the top: listing the agents must not import NumPy

        hidden = observation
        last = len(self.weights) - 1
        for number, (weight, bias) in enumerate(zip(self.weights, self.biases, strict=True)):
            hidden = hidden @ weight + bias
            if number < last:
                hidden = np.tanh(hidden)
        return hidden


def policy_name(game: str, players: int, size: str = "full") -> str:
    """The weights file of a game at a player count: ``fishing-4p.npz``; a small variant's
    (``size=mini``) is ``crazy-fishing-mini-2p.npz``."""
    return f"{game}-{players}p.npz" if size == "full" else f"{game}-{size}-{players}p.npz"


def policy_configuration(name: str) -> tuple[str, int, dict[str, str]]:
    """What a weights file's name says it plays: the game, the player count, its options."""
    stem, _, players = name.removesuffix("p.npz").rpartition("-")
    game, _, size = stem.rpartition("-")
    if size == "mini":
        return game, int(players), {"size": "mini"}
    return stem, int(players), {}


def size_of(game: Game[Any, Any]) -> str:
    """``full``, or a small variant's ``mini`` (a game without the option is always full)."""
    return str(game.settings.get("size", "full"))


def shipped_policies() -> list[str]:
    """The names of the weights files that ship (``fishing-4p.npz``…), sorted."""
    folder = resources.files("angler.agents").joinpath(POLICIES)
    if not folder.is_dir():
        return []
    return sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".npz"))


def save_network(path: Any, network: Network, **about: Any) -> None:
    """Write ``network`` (as float16: half the size, and a policy's argmax does not move) with
    what it was trained on (``about``: game, players, sizes, the training command)."""
    import numpy as np

    arrays: dict[str, Any] = {}
    for number, (weight, bias) in enumerate(zip(network.weights, network.biases, strict=True)):
        arrays[f"w{number}"] = weight.astype(np.float16)
        arrays[f"b{number}"] = bias.astype(np.float16)
    for key, value in about.items():
        arrays[f"about_{key}"] = np.array(str(value))
    np.savez_compressed(path, **arrays)


def read_network(source: Any) -> tuple[Network, dict[str, str]]:
    """A weights file's network (as float32) and what it says it was trained on."""
    import numpy as np

    with np.load(source) as data:
        layers = sum(1 for key in data.files if key.startswith("w"))
        weights = tuple(data[f"w{n}"].astype(np.float32) for n in range(layers))
        biases = tuple(data[f"b{n}"].astype(np.float32) for n in range(layers))
        about = {key[6:]: str(data[key]) for key in data.files if key.startswith("about_")}
    return Network(weights, biases), about


@functools.cache
def _shipped(name: str) -> tuple[Network, dict[str, str]]:
    with resources.files("angler.agents").joinpath(POLICIES, name).open("rb") as file:
        return read_network(file)


class GreedyPolicy:
    """A network in a seat: the legal action it scores highest, from the seat's view alone."""

    name = "ppo"
    needs_view = True

    def __init__(self, network: Network, encoding: Encoding[Any]) -> None:
        if network.weights[0].shape[0] != encoding.observation_size():
            raise AnglerError("this policy does not fit the game's observations")
        self.network, self.encoding = network, encoding

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        assert view is not None  # needs_view
        if not legal:
            raise ValueError("the ppo agent was asked to act with no legal action")
        import numpy as np

        observation = np.frombuffer(self.encoding.observation_array(view), dtype=np.float64)
        scores = self.network.scores(observation.astype(np.float32))
        indices = self.encoding.action_indices(view, legal)
        best = max(range(len(legal)), key=lambda number: scores[indices[number]])
        return legal[best]


def load_policy(path: Any, game: Game[Any, Any]) -> GreedyPolicy:
    """A saved policy file (``train_ppo``'s ``policy.npz``, or any written by ``save_network``)
    as an agent of the configured ``game``: it can sit in any seat, a Gymnasium opponent's too."""
    if game.encoding is None:
        raise AnglerError(f"{game.name} has no encoding: a policy network cannot play it")
    try:
        network, _ = read_network(path)
    except (OSError, ValueError, KeyError) as exc:
        raise AnglerError(f"{path}: not a policy file ({exc})") from None
    return GreedyPolicy(network, game.encoding)


@register_agent("ppo")
def shipped_policy(seed: int, game: Game[Any, Any] | None = None) -> GreedyPolicy:
    """The shipped policy of the game at its player count (it draws nothing: ``seed`` is
    unused). A game or player count with no trained policy is refused in one line."""
    if game is None or game.encoding is None:
        raise AnglerError("the ppo agent needs the game it plays (its policy is per game)")
    size = size_of(game)
    name = policy_name(game.name, game.players, size)
    shipped = shipped_policies()
    if name not in shipped:
        trained = ", ".join(n.removesuffix(".npz") for n in shipped) or "none"
        variant = "" if size == "full" else f" size={size}"
        raise AnglerError(
            f"no trained ppo policy for {game.name}{variant} at {game.players} players "
            f"(trained: {trained})"
        )
    return GreedyPolicy(_shipped(name)[0], game.encoding)
