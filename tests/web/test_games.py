"""Each game in the browser: one whole game against bots to the end screen, and the table on a
phone (360x740) with no horizontal scrolling."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.web.table import GAMES, create_room

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 360, "height": 740}
MOST_MOVES = 400  # far above a game of GAMES (Fishing, 3 seats: about 100 of the person's)
PHONE_MOVES = 4  # the table is looked at after each of the first few moves
# The phone screenshots go to the test's own folder, or to ANGLER_WEB_SHOTS when it names one.


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_against_bots_reaches_the_end_screen(
    game: str, served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, game)
    table = open_page(reduced_motion=True, frames=False)
    table.open_room(room["room"], 0, room["seats"][0]["token"])
    assert table.seat == "0"

    moves = table.play_to_end(MOST_MOVES)

    assert moves > 0
    assert table.page.get_attribute("main.room", "data-over") == "true"
    assert table.page.locator("#actions [data-action]").count() == 0
    status, record = served.request("GET", f"/rooms/{room['room']}/record")
    assert status == 200, record
    shown = table.page.get_attribute("#result", "data-winners")
    assert shown == ",".join(str(seat) for seat in record["result"]["winners"])


@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_fits_a_phone_without_horizontal_scrolling(
    game: str, served: Served, open_page: OpenPage, tmp_path: Path
) -> None:
    room = create_room(served, game)
    table = open_page(viewport=PHONE)
    table.open_room(room["room"], 0, room["seats"][0]["token"])
    moved_at = -1
    for move in range(PHONE_MOVES + 1):
        over = table.wait_turn_or_end(moved_at) == "over"
        assert table.page.locator(".board *").count() > 0, "the board drew nothing"
        assert table.fits_width(), f"{game} after {move} moves: {table.overflow()}"
        if over or move == PHONE_MOVES:
            break
        moved_at = table.play_first_action()
    shot = Path(os.environ.get("ANGLER_WEB_SHOTS", tmp_path)) / f"{game}-phone.png"
    table.page.screenshot(path=shot, full_page=True)
    assert shot.stat().st_size > 0
    board = table.page.locator(".board").bounding_box()
    assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"]
