"""Driving the terminal table under Textual's pilot: bounded waits, and the screen read as text.

Every wait here gives up with a message naming what it waited for, so a test that would hang
fails instead (pytest-timeout is the last resort, not the message). The screen is read once it has
settled, through Textual's public screenshot (``App.export_screenshot``), never its compositor.
"""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from rich.cells import cell_len
from textual.pilot import Pilot
from textual.screen import Screen

from angler.play.match import Match
from angler.tui.app import PlayApp
from angler.tui.screens import EndScreen, PassScreen

SIZE = (120, 40)
PAUSE = 0.02  # seconds between two looks: bots answer from a worker thread
TRIES = 1500  # 30 s of pauses at the least: far beyond any wait a test means, under any load

S = TypeVar("S", bound=Screen[Any])


def run(
    app: PlayApp,
    script: Callable[[Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = SIZE,
) -> None:
    """Run ``app`` headless at ``size`` and drive it with ``script``."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await script(pilot)

    asyncio.run(main())


def table_app(pilot: Pilot[None]) -> PlayApp:
    app = pilot.app
    assert isinstance(app, PlayApp)
    return app


def showing(app: PlayApp, screen_type: type[S]) -> S:
    """The screen on top of ``app``, which must be a ``screen_type`` (checked here)."""
    screen = app.screen
    assert isinstance(screen, screen_type), (
        f"{type(screen).__name__} is on top, not {screen_type.__name__}"
    )
    return screen


async def wait_for(
    pilot: Pilot[None], condition: Callable[[], object], what: str, tries: int = TRIES
) -> None:
    """Pause until ``condition()`` holds; fail naming ``what`` after ``tries`` pauses."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(PAUSE)
    if not condition():
        raise AssertionError(f"gave up waiting for {what}")


async def until_asked(pilot: Pilot[None], or_over: bool = False) -> None:
    """Wait until a person is asked for a move (or, with ``or_over``, the game has ended)."""
    app = table_app(pilot)
    if or_over:
        await wait_for(
            pilot, lambda: app.asking is not None or app.match.over, "a question or the end"
        )
    else:
        await wait_for(pilot, lambda: app.asking is not None, "a person to be asked")


async def mounted(pilot: Pilot[None], end: EndScreen) -> EndScreen:
    """The end screen once its parts are mounted: shown first, on a busy machine."""
    await wait_for(pilot, lambda: end.is_mounted, "the end screen's parts")
    return end


async def play_out(pilot: Pilot[None], presses: int = 4000) -> EndScreen:
    """Press Enter on whatever is offered (the first action, "I am ready") until the end screen."""
    app = table_app(pilot)
    for _ in range(presses):
        await pilot.pause()
        if isinstance(app.screen, EndScreen):
            return await mounted(pilot, app.screen)
        if isinstance(app.screen, PassScreen) or app.asking is not None:
            await pilot.press("enter")
    raise AssertionError("the game did not reach its end screen")


def near_the_end(match: Match, moves_left: int) -> Match:
    """The same match (game, seed, seats) started ``moves_left`` moves before its end: played
    out once without a screen (each person taking the first choice), then replayed to there."""
    rehearsal = Match(match.game, match.seed, match.kinds, match.state.clone())
    while (seat := rehearsal.to_act()) is not None:
        if rehearsal.is_human(seat):
            rehearsal.play(seat, rehearsal.menu(seat)[0][0])
        else:
            rehearsal.bot_move()
    history = rehearsal.state.history[len(match.state.history) :]
    state = match.state.clone()
    for seat, action in history[: max(0, len(history) - moves_left)]:
        state.apply_action(action, seat)
    return Match(match.game, match.seed, match.kinds, state)


# ----- the screen as text -----
_TEXT = re.compile(
    r'<text [^>]*?x="(?P<x>[0-9.]+)" [^>]*?textLength="(?P<length>[0-9.]+)" '
    r'clip-path="url\(#[^)]*-line-(?P<line>\d+)\)"[^>]*>(?P<text>.*?)</text>'
)


def screen_lines(app: PlayApp) -> list[str]:
    """The whole screen as plain text, one string a line, one character a cell (a wide
    character takes two cells and one character), read from the SVG screenshot."""
    width, height = app.size
    cells = [[" "] * width for _ in range(height)]
    for found in _TEXT.finditer(app.export_screenshot()):
        text = html.unescape(found["text"]).replace("\xa0", " ")
        char_width = float(found["length"]) / len(text)
        column, line = round(float(found["x"]) / char_width), int(found["line"])
        for char in text:
            if 0 <= line < height and 0 <= column < width:
                cells[line][column] = char
                for extra in range(1, cell_len(char)):  # the cell a wide character covers
                    if column + extra < width:
                        cells[line][column + extra] = ""
            column += max(cell_len(char), 1)
    return ["".join(row).rstrip() for row in cells]


def screen_text(app: PlayApp) -> str:
    return "\n".join(screen_lines(app)) + "\n"


async def settled_lines(pilot: Pilot[None], tries: int = 100) -> list[str]:
    """The screen's lines once it has settled: animations done, and two looks a pause apart
    read the same (a footer or a table drawn a frame late is in it)."""
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    app = table_app(pilot)
    last = screen_lines(app)
    for _ in range(tries):
        await pilot.pause(PAUSE)
        now = screen_lines(app)
        if now == last:
            return now
        last = now
    raise AssertionError("the screen kept changing: it did not settle")


async def settled_screen(pilot: Pilot[None]) -> str:
    """The settled screen as one text, a line break after each line."""
    return "\n".join(await settled_lines(pilot)) + "\n"
