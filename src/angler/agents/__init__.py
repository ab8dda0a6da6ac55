"""Agents: anything that picks an action from a player's view and the legal actions.

Each agent lives in its own module here and registers itself with :func:`register_agent`; the
registry finds every module of this package, so adding an agent is adding one file.
"""

from angler.agents.base import Agent, agent_names, agent_seed, make_agent, register_agent

__all__ = ["Agent", "agent_names", "agent_seed", "make_agent", "register_agent"]
