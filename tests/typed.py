"""Typed ways to the games for tests, so a test gets each game's own state and view types
without narrowing by hand. Make a game by calling its class (``FishingGame(4)``: the same
checks as ``make_game``); this module holds what the engine can only type loosely."""

from __future__ import annotations

from typing import Any, TypeVar

from angler.agents.base import Agent, make_agent
from angler.core.game import Game
from angler.core.records import Record, replay
from angler.core.state import State

S = TypeVar("S", bound=State[Any])
A = TypeVar("A", bound=Agent)


def replay_as(state_type: type[S], record: Record, to_step: int | None = None) -> S:
    """``replay(record, to_step)`` as the state type of the record's game."""
    state = replay(record, to_step)
    assert isinstance(state, state_type), type(state)  # a record names its game: checked here
    return state


def make_agent_as(
    agent_type: type[A], name: str, seed: int, game: Game[Any, Any] | None = None
) -> A:
    """``make_agent(name, seed, game)``, which must make an ``agent_type`` (checked here: a
    name picks the class at run time)."""
    agent = make_agent(name, seed, game)
    assert isinstance(agent, agent_type), (
        f"make_agent({name!r}) made a {type(agent).__name__}, not a {agent_type.__name__}"
    )
    return agent
