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
    page.click("#next")  # the first cast: seen whole by everything shown, or as seat 0's own
    caption = page.inner_text(".replay-step")
    if seat == "all" or "You" in caption:  # another's secret cast: "Player 2 moves"
        assert re.search(r"\bcasts? .*\brod \d", caption), caption


# The last log line's number, and whether the log's padding (where an <ol>'s numbers sit, and
# which its scroll box clips) holds it: the width "412. " takes in the line's font.
LAST_NUMBER = """
() => {
  const log = document.querySelector("#log");
  const last = log.lastElementChild;
  const number = log.start + log.children.length - 1;
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = getComputedStyle(last).font;
  const room = parseFloat(getComputedStyle(log).paddingLeft);
  return { number, fits: pen.measureText(`${number}. `).width <= room };
}
"""


def test_log_numbers_past_a_hundred_are_whole(open_page: OpenPage, served: Served) -> None:
    room = finished_room(served, "fishing")  # 3 seats: some 400 lines
    page = open_page(frames=False).page
    page.goto(f"/#/room/{room}")
    page.wait_for_selector('main.room:not([data-version=""]) #log li')
    shown = page.evaluate(LAST_NUMBER)
    assert shown["number"] >= 100 and shown["fits"], shown
    page.goto("about:blank")
    page.goto(f"/#/replay/{room}?seat=0")
    page.wait_for_selector("main.replay .replay-step")
    page.keyboard.press("End")
    replayed = page.evaluate(LAST_NUMBER)
    assert replayed["number"] >= 100 and replayed["fits"], replayed
    # The replay numbers its last 200 lines from where they stand in the whole log.
    status, record = served.request("GET", f"/rooms/{room}/replay?seat=0")
    assert status == 200
    said = sum(len(step["said"][0]) for step in record["steps"])
    assert replayed["number"] == said


def test_everything_shown_draws_every_fishing_hand_at_once(
    open_page: OpenPage, served: Served
) -> None:
    room = finished_room(served, "fishing")
    hands: dict[int, set[str]] = {}
    for seat in range(3):  # each seat's own hand, as its own replay draws it
        status, replay = served.request("GET", f"/rooms/{room}/replay?seat={seat}")
        assert status == 200
        hands[seat] = {str(card["id"]) for card in replay["steps"][10]["boards"][0]["hand"]}
    assert all(hands.values()), "a seat held no card at step 10: no test"
    page = open_page(frames=False).page
    page.goto(f"/#/replay/{room}?seat=all&step=10")
    page.wait_for_selector("main.replay .replay-step")
    assert page.locator("[data-lens]").count() == 0, "one board shows everything: no turns"
    for seat, held in hands.items():
        shown = page.eval_on_selector_all(
            f'.board [data-seat="{seat}"] [data-open="hand"] [data-card]',
            "chips => chips.map((chip) => chip.dataset.card)",
        )
        assert set(shown) == held, (seat, shown, held)


def test_everything_shown_turns_face_down_fish_face_up(open_page: OpenPage, served: Served) -> None:
    room = finished_room(served, "flip-and-fish", options={"rounds": 2})
    status, watched = served.request("GET", f"/rooms/{room}/replay")  # a spectator's
    assert status == 200
    down = [s["slot"] for s in watched["steps"][1]["boards"][0]["water"] if s["state"] == "down"]
    assert down, "no face-down fish at step 1: no test"
    page = open_page(frames=False).page
    page.goto(f"/#/replay/{room}?seat=all&step=1")
    page.wait_for_selector("main.replay .replay-step")
    shown = page.eval_on_selector_all(
        ".board .ff-card-open[data-card]", "cards => cards.map((card) => Number(card.dataset.slot))"
    )
    assert sorted(shown) == down
