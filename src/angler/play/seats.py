"""Who sits in each seat: ``human``, or an agent by name or level (``easy``, ``normal``, …)."""

from __future__ import annotations

from angler.agents import agent_names
from angler.agents.base import resolve_agent
from angler.core.errors import AnglerError

HUMAN = "human"
DEFAULT_OPPONENT = "normal"  # a bot worth beating that still moves in under a second


def seat_kind(kind: str, flag: str = "seat") -> str:
    """``human`` or an agent name as the registry spells it, whatever the case typed
    (``Human``, ``RANDOM``, ``ISMCTS:0.5S``); AnglerError naming ``flag`` for an unknown kind."""
    lowered = kind.strip().lower()
    if lowered == HUMAN:
        return HUMAN
    if lowered.partition(":")[0] not in agent_names():
        known = ", ".join([HUMAN, *agent_names()])
        raise AnglerError(f"{flag} {kind.strip()!r} is not one of {known}")
    return resolve_agent(lowered)  # the budget's form is checked when the agent is made


def check_kinds(kinds: list[str], players: int) -> list[str]:
    """The seat kinds, normalised; AnglerError naming a wrong count or an unknown kind."""
    if len(kinds) != players:
        raise AnglerError(f"{len(kinds)} seats given for {players} players")
    return [seat_kind(kind) for kind in kinds]


def seat_kinds(given: list[str] | None, players: int, default: str = DEFAULT_OPPONENT) -> list[str]:
    """'human' or an agent name for every seat; by default a person in seat 1 and ``default``
    bots in the others."""
    kinds = [seat_kind(kind, "--seat") for kind in given] if given else [HUMAN]
    if len(kinds) > players:
        raise AnglerError(f"--seat was given {len(kinds)} times for {players} players")
    return check_kinds(kinds + [default] * (players - len(kinds)), players)
