"""``angler games`` and the top-level help."""

from __future__ import annotations

from typing import TYPE_CHECKING

from angler.core import all_games

if TYPE_CHECKING:
    from tests.conftest import Angler


def test_games_lists_every_registered_game(angler: Angler) -> None:
    run = angler(["games"])
    assert run.status == 0
    for game in all_games():
        assert game.name in run.stdout
    assert "3–5 (default 4)" in run.stdout


def test_help_lists_the_commands(angler: Angler) -> None:
    run = angler(["--help"])
    assert run.status == 0
    for command in ("games", "play", "simulate", "replay", "bench"):
        assert command in run.stdout


def test_no_arguments_shows_help_and_fails(angler: Angler) -> None:
    run = angler([])
    assert run.status == 2
    assert "simulate" in run.stdout + run.stderr
    assert "Traceback" not in run.stdout + run.stderr
