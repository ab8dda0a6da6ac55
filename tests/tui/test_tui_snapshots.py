"""Each game's main screen, as text, against a stored snapshot (fixed seed, 120 × 40).

The screen is read once it has settled (tests/tui/screen.py), footer and all. After a deliberate
change to the screen, rewrite the snapshots with
``ANGLER_UPDATE_SNAPSHOTS=1 pytest tests/tui/test_tui_snapshots.py`` and review the diff."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.tui.screen import run, settled_screen, until_asked
from textual.pilot import Pilot

from angler.core import make_game
from angler.play.match import Match
from angler.tui.app import PlayApp

SNAPSHOTS = Path(__file__).with_name("snapshots")
UPDATE = os.environ.get("ANGLER_UPDATE_SNAPSHOTS") == "1"


@pytest.mark.parametrize("name", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_the_main_screen_matches_its_snapshot(name: str) -> None:
    game = make_game(name, 3)
    app = PlayApp(Match(game, 11, ["human", "random", "random"]), pace=0)
    shown: list[str] = []

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        shown.append(await settled_screen(pilot))

    run(app, script)
    path = SNAPSHOTS / f"{name}.txt"
    if UPDATE or not path.exists():
        path.write_text(shown[0], encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"wrote a new snapshot {path.name}: review it and run again")
    assert shown[0] == path.read_text(encoding="utf-8")
    assert "q Quit" in shown[0].splitlines()[-1]  # the footer, last to be drawn, is in it
