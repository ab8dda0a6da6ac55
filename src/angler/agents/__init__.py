"""Agents: anything that picks an action from a player's view and the legal actions.

Each agent lives in its own module and registers itself with :func:`register_agent`; the
registry imports every module named by an ``angler.agents`` entry point (``pyproject.toml``), so
adding an agent is one module and one entry point. Agents built on a research library live with
its adapter in ``angler.interop`` (``openspiel-ismcts``).
"""

from angler.agents.base import Agent, agent_names, agent_seed, make_agent, register_agent

__all__ = ["Agent", "agent_names", "agent_seed", "make_agent", "register_agent"]
