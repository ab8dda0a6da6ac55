"""The one way angler finds its games and agents: entry points (``importlib.metadata``).

A game is named in its package's ``pyproject.toml`` under the :data:`GAMES` entry-point group
(``name = "module:GameClass"``), an agent's module under :data:`AGENTS`.
The built-in ones are declared there too, so nothing in ``core`` names a game.

An editable install made before the built-in entry points were declared has none in its
metadata; then the entry points are read from the source tree's ``pyproject.toml`` instead, so
such a checkout keeps working until it is reinstalled.
"""

from __future__ import annotations

import tomllib
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from angler.core.errors import AnglerError

DISTRIBUTION = "angler"
# The entry-point groups, as ``[project.entry-points."<group>"]`` names them.
GAMES = "angler.games"
AGENTS = "angler.agents"
# src/angler/core/plugins.py: the project root is three folders up from this one.
_SOURCE_PYPROJECT = Path(__file__).resolve().parents[3] / "pyproject.toml"


def _declared_in_source(group: str) -> list[EntryPoint]:
    """The group's entry points as the source tree's ``pyproject.toml`` declares them."""
    try:
        project = tomllib.loads(_SOURCE_PYPROJECT.read_text(encoding="utf-8"))["project"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return []  # an installed wheel: no source tree, and its metadata is current
    declared = project.get("entry-points", {}).get(group, {})
    return [EntryPoint(name, value, group) for name, value in sorted(declared.items())]


def plugin_entries(group: str) -> list[EntryPoint]:
    """Every entry point of ``group``, sorted by name: every installed distribution's, and
    angler's own from its source tree when its installed metadata predates them."""
    installed = list(entry_points(group=group))
    ours = [e for e in installed if e.dist is not None and e.dist.name == DISTRIBUTION]
    if not ours:
        names = {entry.name for entry in installed}
        installed += [e for e in _declared_in_source(group) if e.name not in names]
    return sorted(installed, key=lambda entry: entry.name)


def load_plugins(group: str) -> list[tuple[str, Any]]:
    """``(name, object)`` for every entry point of ``group``, each loaded (imported). A plug-in
    that fails to load is a one-line AnglerError naming it, not a traceback from its import."""
    return [(entry.name, _load(entry)) for entry in plugin_entries(group)]


def _load(entry: EntryPoint) -> Any:
    try:
        return entry.load()
    except (ImportError, AttributeError) as exc:
        raise AnglerError(
            f"the {entry.group} plug-in {entry.name!r} ({entry.value}) does not load: {exc}"
        ) from None
