"""The table on a phone (360x740): the end of a game shows who won where the eye is, the whole
table is in view, and the trick, the hand and the choices fit one screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from tests.web.table import create_room
from tests.web.test_replays import finished_room

if TYPE_CHECKING:
    from playwright.sync_api import Locator, ViewportSize
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage
    from tests.web.table import Watched

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 360, "height": 740}
MOST_MOVES = 200  # far above a two-seat Crazy Fishing game


def in_view(locator: Locator) -> bool:
    """Whether the element's box lies wholly inside the window, as it is scrolled now."""
    box = locator.bounding_box()
    assert box is not None, "the element is not drawn"
    return (
        box["x"] >= -0.5  # half a pixel: a scrolled box lies at fractions of one
        and box["y"] >= -0.5
        and box["x"] + box["width"] <= PHONE["width"] + 0.5
        and box["y"] + box["height"] <= PHONE["height"] + 0.5
    )


def tap_to_end(table: Watched) -> None:
    """Tap the first choice whenever the seat decides, until the end screen. A tap scrolls the
    page to the choices, as a person's thumb does."""
    moved_at = -1
    for _ in range(MOST_MOVES):
        if table.wait_turn_or_end(moved_at) == "over":
            return
        moved_at = table.play_first_action()
    raise AssertionError(f"no end screen after {MOST_MOVES} moves")


def test_the_winner_is_in_view_when_a_game_ends_on_a_phone(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, "crazy-fishing")
    table = open_page(viewport=PHONE, reduced_motion=True, frames=False)
    table.open_room(room["room"], 0, room["seats"][0]["token"])
    tap_to_end(table)
    assert table.page.evaluate("scrollY") > 0, "the taps never scrolled the page: no test"
    assert in_view(table.page.locator("#result h2")), "the winner's line is off-screen"
    assert in_view(table.page.locator("#result table")), "the scores are off-screen"


# Each jetty's box and the table's (the drawing's SVG), in page pixels.
JETTY_BOXES = """
() => {
  const edges = (box) => ({ left: box.left, top: box.top, right: box.right, bottom: box.bottom });
  const table = edges(document.querySelector(".board .ff-table").getBoundingClientRect());
  const jetties = [...document.querySelectorAll(".board .ff-jetty")].map((jetty) => ({
    seat: jetty.dataset.seat, ...edges(jetty.getBoundingClientRect()),
  }));
  return { table, jetties };
}
"""


def test_every_flip_and_fish_jetty_is_on_the_phone_s_table(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(
        served, "flip-and-fish", seats=["human", "random", "random"], options={"rounds": 2}
    )
    table = open_page(viewport=PHONE, reduced_motion=True, frames=False)
    table.open_room(room["room"], 0, room["seats"][0]["token"])
    table.wait_turn_or_end(-1)
    boxes = table.page.evaluate(JETTY_BOXES)
    edge = boxes["table"]
    assert len(boxes["jetties"]) == 3
    outside = [
        jetty["seat"]
        for jetty in boxes["jetties"]
        if jetty["left"] < edge["left"] - 0.5
        or jetty["right"] > edge["right"] + 0.5
        or jetty["top"] < edge["top"] - 0.5
        or jetty["bottom"] > edge["bottom"] + 0.5
    ]
    assert not outside, f"jetties of seats {outside} lie outside the table shown: {boxes}"


def test_the_trick_the_hand_and_the_choices_fit_one_phone_screen(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, "fishing")
    table = open_page(viewport=PHONE, reduced_motion=True, frames=False)
    table.open_room(room["room"], 0, room["seats"][0]["token"])
    moved_at = -1
    for move in range(6):  # a few tricks in: cards on the table, a last trick shown
        assert table.wait_turn_or_end(moved_at) == "turn"
        if move < 5:
            moved_at = table.play_first_action()
    page = table.page
    page.locator(".board .fb-table").evaluate("table => table.scrollIntoView()")
    parts = {"trick": ".board .fb-table", "hand": ".board .fb-hand-area", "choices": "#actions"}
    boxes = {name: page.locator(where).bounding_box() for name, where in parts.items()}
    off = [name for name, where in parts.items() if not in_view(page.locator(where))]
    assert not off, f"off the screen with the trick at its top: {off} ({boxes})"
    assert page.locator("#actions [data-action]").first.is_visible()


def test_the_replay_s_step_buttons_stay_in_view_on_a_phone(
    served: Served, open_page: OpenPage
) -> None:
    room = finished_room(served, "fishing")
    page = open_page(viewport=PHONE, frames=False).page
    page.goto(f"/#/replay/{room}?seat=0")
    page.wait_for_selector("main.replay .replay-step")
    page.click("#next")
    page.locator(".board").evaluate("board => board.scrollIntoView({ block: 'end' })")
    assert page.evaluate("scrollY") > 0, "the page never scrolled: no test"
    for button in ("#prev", "#next", "#play"):
        assert in_view(page.locator(button)), f"{button} is off the screen under the board"
    page.click("#next")
    assert page.inner_text(".replay-step").startswith("Step 2 of ")
