"""Who sits in each seat: ``human``, or an agent by name or level (``easy``, ``normal``, …)."""

from __future__ import annotations

from angler.agents import agent_names
from angler.core.errors import AnglerError

HUMAN = "human"
DEFAULT_OPPONENT = "normal"  # a bot worth beating that still moves in under a second


def check_kinds(kinds: list[str], players: int) -> list[str]:
    """The seat kinds, normalised; AnglerError naming a wrong count or an unknown kind."""
    kinds = [kind.strip().lower() for kind in kinds]
    if len(kinds) != players:
        raise AnglerError(f"{len(kinds)} seats given for {players} players")
    known = [HUMAN, *agent_names()]
    for kind in kinds:
        if kind not in known and not _budgeted(kind):
            raise AnglerError(f"seat {kind!r} is not one of {', '.join(known)}")
    return kinds


def seat_kinds(given: list[str] | None, players: int, default: str = DEFAULT_OPPONENT) -> list[str]:
    """'human' or an agent name for every seat; by default a person in seat 1 and ``default``
    bots in the others."""
    kinds = [kind.strip().lower() for kind in given] if given else [HUMAN]
    if len(kinds) > players:
        raise AnglerError(f"--seat was given {len(kinds)} times for {players} players")
    known = [HUMAN, *agent_names()]
    for kind in kinds:
        if kind not in known and not _budgeted(kind):
            raise AnglerError(f"--seat {kind!r} is not one of {', '.join(known)}")
    return check_kinds(kinds + [default] * (players - len(kinds)), players)


def _budgeted(kind: str) -> bool:
    """``ismcts:0.5s``-style names: checked when the agent is made."""
    return ":" in kind and kind.partition(":")[0] in agent_names()
