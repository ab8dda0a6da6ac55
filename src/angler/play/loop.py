"""The one loop that drives a game between bots. Simulation, tournaments, the balance report, the
bench's heuristic timing, the text prompt, the terminal table (through ``Match``) and the
Gymnasium environment's opponents all play their bots' moves here, so that every interface asks
an agent the same way: its seat's view (built only for an agent that reads it) and the legal
actions. (The bench's random playouts, the terminal's thinking bot and the server's bots say
where they are why they cannot.)

During a simultaneous choice each deciding seat is asked in turn; its view shows who has chosen,
never what.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from angler.agents.base import Agent
    from angler.core.state import State

S = TypeVar("S", bound="State[Any]")

Step = Callable[[int, int], None]
"""Told ``(seat, action)`` after each bot move is applied."""


def bot_action(state: State[Any], seat: int, agent: Agent) -> int:
    """The action ``agent`` chooses for ``seat`` now (not yet applied)."""
    view = state.view(seat) if agent.needs_view else None
    return agent.act(view, state.legal_actions(seat))


def play_out(
    state: S,
    agents: Sequence[Agent] | Mapping[int, Agent],
    on_step: Step | None = None,
    until: Callable[[S], bool] | None = None,
) -> S:
    """Let ``agents`` (by seat) play ``state`` on until it ends, until a seat with no agent is
    to act (a person, in a ``Match``), or until ``until(state)`` holds (checked before each
    move: the Gymnasium environment stops as soon as its learner decides, even beside another
    seat in a simultaneous choice); returns the same state, played on."""
    bots: Mapping[int, Agent] = dict(enumerate(agents)) if isinstance(agents, Sequence) else agents
    while not state.is_terminal() and not (until is not None and until(state)):
        seat = state.current_players()[0]
        agent = bots.get(seat)
        if agent is None:
            break
        action = bot_action(state, seat, agent)
        state.apply_action(action, seat)
        if on_step is not None:
            on_step(seat, action)
    return state
