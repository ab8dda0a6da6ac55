"""Games and agents are plug-ins found by one function through entry points; core names no game."""

from __future__ import annotations

import ast
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from angler.core import plugins, registry
from angler.core.errors import AnglerError
from angler.games.fishing.game import FishingGame

CORE = Path(plugins.__file__).parent


class ChessGame(FishingGame):
    """A plug-in game from outside angler: only its name differs."""

    name = "chess"


def test_a_plugin_s_entry_point_is_found_beside_the_built_in_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    foreign = EntryPoint("chess", f"{__name__}:ChessGame", "angler.games")
    monkeypatch.setattr(plugins, "entry_points", lambda group: [foreign])
    names = [name for name, _ in plugins.load_plugins("angler.games")]
    assert names == ["chess", "crazy-fishing", "fishing", "flip-and-fish"]


def test_the_game_registry_registers_what_the_entry_points_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    foreign = EntryPoint("chess", f"{__name__}:ChessGame", "angler.games")
    monkeypatch.setattr(plugins, "entry_points", lambda group: [foreign])
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_discovered", False)
    assert registry.get_game("chess") is ChessGame
    assert [game.name for game in registry.all_games()][:2] == ["chess", "crazy-fishing"]


def test_an_entry_point_named_otherwise_than_its_game_is_refused() -> None:
    with pytest.raises(ValueError, match="'fish' names game 'fishing'"):
        registry._register_entry("fish", FishingGame)
    with pytest.raises(TypeError, match="names no Game class"):
        registry._register_entry("fishing", object)


def test_the_source_tree_declares_every_built_in_game_and_agent_module() -> None:
    games = {entry.name for entry in plugins._declared_in_source("angler.games")}
    agents = {entry.value for entry in plugins._declared_in_source("angler.agents")}
    assert games == {"fishing", "crazy-fishing", "flip-and-fish"}
    assert "angler.interop.openspiel_ismcts" in agents


def test_nothing_in_core_imports_a_game() -> None:
    imported = [
        (path.name, name)
        for path in CORE.glob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        for name in _imported(node)
        if name == "angler.games" or name.startswith("angler.games.")
    ]
    assert imported == []


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module:
        return [node.module]
    return []


def test_a_plugin_that_does_not_load_is_one_line_naming_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    broken = EntryPoint("ghost", "angler_ghost_plugin.game:GhostGame", "angler.games")
    monkeypatch.setattr(plugins, "entry_points", lambda group: [broken])
    with pytest.raises(AnglerError) as refused:
        plugins.load_plugins("angler.games")
    message = str(refused.value)
    assert "'ghost'" in message and "angler_ghost_plugin" in message and "\n" not in message
