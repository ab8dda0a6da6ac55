"""Replays in the browser: each step captioned in the game's words, and the replay with
everything shown drawing every hidden card at once."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

import pytest
from tests.web.table import create_room

if TYPE_CHECKING:
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage

pytestmark = pytest.mark.browser
RAW_CODE = re.compile(r"\b[RB]\d\+?#\d|\bB\d#|Bucket#")  # a record's card codes (R3#1, B2+#1)


def finished_room(served: Served, game: str, **body: object) -> str:
    """A room of bots only, played to its end."""
    seats = ["random", "random"] if game != "fishing" else ["random"] * 3
    room: str = create_room(served, game, seats=seats, **body)["room"]
    deadline = time.monotonic() + 60
    while room not in [done["room"] for done in served.request("GET", "/rooms/finished")[1]]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return room


@pytest.mark.parametrize("seat", ["0", "all"])
def test_a_replay_step_is_captioned_in_the_game_s_words(
    open_page: OpenPage, served: Served, seat: str
) -> None:
    room = finished_room(served, "crazy-fishing")
    page = open_page(frames=False).page
    page.goto(f"/#/replay/{room}?seat={seat}")
    page.wait_for_selector("main.replay .replay-step")
    for _ in range(4):
        page.click("#next")
        caption = page.inner_text(".replay-step")
        assert not RAW_CODE.search(caption), caption
    page.click("#first")
    page.click("#next")
    caption = page.inner_text(".replay-step")
    assert re.search(r"casts? rod", caption), caption
