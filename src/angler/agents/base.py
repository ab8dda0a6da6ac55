"""The agent protocol and the registry of agents by name.

An agent sees what a player may see and nothing more: its seat's view (``state.view(seat)``) and
the legal action codes. It answers with one of those codes. An agent never reads the state.

Agents are built from a seed and keep their own ``random.Random``: never the global generator, so
a game with the same seeds plays the same way on any machine.

``needs_view`` tells runners whether the agent reads the view. An agent that only picks among the
legal actions (``RandomAgent``) sets it to False and then receives ``None``: building a view costs
more than a whole random decision, so runners skip it.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from angler.core.errors import AnglerError
from angler.core.numbers import decimal_from_text, whole_from_text
from angler.core.plugins import AGENTS, load_plugins

if TYPE_CHECKING:
    from angler.core.game import Game
    from angler.core.view import View


class Agent(Protocol):
    """What every agent provides."""

    name: str
    needs_view: bool

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        """One of ``legal``. ``view`` is None when ``needs_view`` is False. ``legal`` belongs to
        the caller: read it, never change it."""
        ...


AgentFactory = Callable[[int, "Game[Any, Any] | None"], Agent]
"""How an agent is built: ``factory(seed, game)``. ``game`` is the configured game being played
(None when unknown); agents that search need it for ``game.search.determinise``."""

_AGENTS: dict[str, AgentFactory] = {}
_discovered = False

F = TypeVar("F", bound=AgentFactory)


def register_agent(name: str) -> Callable[[F], F]:
    """Decorator for an agent class (or factory): make it available as ``name``."""

    def decorate(factory: F) -> F:
        if name in _AGENTS and _AGENTS[name] is not factory:
            raise ValueError(f"two agents are named {name!r}")
        _AGENTS[name] = factory
        return factory

    return decorate


_discovering = threading.RLock()


def _discover() -> None:
    # Under a lock, and marked done only once every module is imported: the server asks from
    # several threads at once, and none may see a half-filled list.
    global _discovered
    if _discovered:
        return
    with _discovering:
        if _discovered:
            return
        # Each entry point of the agents' group names a module whose import registers its agents
        # (with the decorators below); an agent needing an extra imports it only when built.
        load_plugins(AGENTS)
        _discovered = True


def agent_names() -> list[str]:
    """The registered agent names, sorted."""
    _discover()
    return sorted(_AGENTS)


def resolve_agent(name: str) -> str:
    """An agent name as the registry spells it, whoever typed it: trimmed and in lower case
    (``RANDOM`` is ``random``, ``ISMCTS:2000IT`` is ``ismcts:2000it``). AnglerError if no agent
    has that name, or a budget is given to one that takes none; the budget itself is read by
    :func:`make_agent`.

    Every interface resolves names here, so one spelling works everywhere.
    """
    _discover()
    canonical = name.strip().lower()
    base, colon, _ = canonical.partition(":")
    if base not in _AGENTS:
        raise AnglerError(f"unknown agent {base!r} (agents: {', '.join(agent_names())})")
    if colon and base not in _BUDGETED:
        raise AnglerError(f"agent {base!r} takes no budget (only {', '.join(sorted(_BUDGETED))})")
    return canonical


def make_agent(name: str, seed: int, game: Game[Any, Any] | None = None) -> Agent:
    """A new agent ``name`` (any case, see :func:`resolve_agent`) with its own random stream
    from ``seed``.

    A search agent takes a budget after a colon: ``ismcts:0.5s`` (seconds per decision) or
    ``ismcts:2000it`` (iterations per decision).
    """
    base, colon, budget = resolve_agent(name).partition(":")
    if not colon:
        return _AGENTS[base](seed, game)
    return _BUDGETED[base](seed, game, budget)


_BUDGETED: dict[str, Callable[[int, Game[Any, Any] | None, str], Agent]] = {}
F2 = TypeVar("F2", bound=Callable[[int, "Game[Any, Any] | None", str], Agent])


def register_budgeted(name: str) -> Callable[[F2], F2]:
    """Decorator for ``factory(seed, game, budget)``: how ``name:budget`` is built."""

    def decorate(factory: F2) -> F2:
        _BUDGETED[name] = factory
        return factory

    return decorate


# A search budget's range: beyond these a decision takes hours, which no one means to ask for.
MAX_BUDGET_ITERATIONS = 10_000_000
MIN_BUDGET_SECONDS, MAX_BUDGET_SECONDS = 0.001, 600.0


def read_budget(
    name: str, budget: str, unit: str = "iterations", fewest: int = 1, example: int = 2000
) -> tuple[float | None, int | None]:
    """A search agent's budget after its colon: ``(seconds, None)`` for ``0.5s``, ``(None,
    count)`` for ``2000it`` (at least ``fewest`` of ``unit``); one-line AnglerError otherwise.
    Every searching agent reads its budget here, so ``0.5s`` and ``500it`` mean one thing."""
    if budget.endswith("it") and budget[:-2].strip():
        count = whole_from_text(budget[:-2], f"{name} {unit}", fewest, MAX_BUDGET_ITERATIONS)
        return None, count
    if budget.endswith("s") and budget[:-1].strip():
        seconds = decimal_from_text(
            budget[:-1], f"{name} seconds", MIN_BUDGET_SECONDS, MAX_BUDGET_SECONDS
        )
        return seconds, None
    article = "an" if name[0] in "aeiou" else "a"
    raise AnglerError(
        f"{article} {name} budget is seconds or {unit}, e.g. 0.5s or {example}it, not {budget!r}"
    )


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` for the game dealt from ``game_seed``.

    Stable across Python versions and machines (SHA-256), and different for every seat, so agents
    never share a stream with each other or with the game's chance.
    """
    digest = hashlib.sha256(f"angler-agent/{game_seed}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
