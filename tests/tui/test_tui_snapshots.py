"""Each game's main screen, as text, against a stored snapshot (fixed seed, 120 × 40).

After a deliberate change to the screen, rewrite the snapshots with
``ANGLER_UPDATE_SNAPSHOTS=1 pytest tests/tui/test_tui_snapshots.py`` and review the diff."""

from __future__ import annotations

import asyncio
import io
import os
from pathlib import Path

import pytest
from rich.console import Console

from angler.core import make_game
from angler.play.match import Match
from angler.tui.app import PlayApp

SNAPSHOTS = Path(__file__).with_name("snapshots")
UPDATE = os.environ.get("ANGLER_UPDATE_SNAPSHOTS") == "1"


def screen_text(app: PlayApp) -> str:
    """The whole screen as plain text, as a person would read it."""
    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        record=True,
        color_system=None,
        legacy_windows=False,
    )
    console.print(app.screen._compositor.render_update(full=True))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines()) + "\n"


@pytest.mark.parametrize("name", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_the_main_screen_matches_its_snapshot(name: str) -> None:
    game = make_game(name, 3)
    app = PlayApp(Match(game, 11, ["human", "random", "random"]), pace=0)
    shown: list[str] = []

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            while app.asking is None:
                await pilot.pause(0.02)
            await pilot.pause()
            shown.append(screen_text(app))

    asyncio.run(main())
    path = SNAPSHOTS / f"{name}.txt"
    if UPDATE or not path.exists():
        path.write_text(shown[0], encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"wrote a new snapshot {path.name}: review it and run again")
    assert shown[0] == path.read_text(encoding="utf-8")
