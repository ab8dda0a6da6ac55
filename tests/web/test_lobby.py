"""The lobby, hot seat, replays and how-to pages in the browser: a game set up from the form,
the pass screen that hides one person's table from the next, a card file the server refuses in
one line, a finished game stepped through, and each game's how-to-play page."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.web.table import create_room

from angler.core import all_games

if TYPE_CHECKING:
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage

pytestmark = pytest.mark.browser
GAMES = [game.name for game in all_games()]


def test_a_hot_seat_game_from_the_lobby_passes_the_screen_between_people(
    open_page: OpenPage,
) -> None:
    table = open_page(frames=False)
    page = table.page
    page.goto("/#/")
    page.wait_for_selector("#create-room")
    page.select_option("select[name=game]", "fishing")
    page.fill("input[name=players]", "3")
    page.dispatch_event("input[name=players]", "input")
    page.select_option("select[name=seat-1]", "hotseat")
    page.select_option("select[name=seat-2]", "easy")
    page.click("#create-room")
    seen: list[str] = []
    for _ in range(6):  # moves; the same person moving again (a trick won) needs no pass
        page.wait_for_selector("#pass-screen:not([hidden]), #actions [data-action]")
        if page.is_visible("#pass-screen"):
            who = page.inner_text("#pass-screen h2")
            seen.append(who)
            # Nothing of anyone's table is on the page while it is being passed.
            assert page.eval_on_selector(".board", "board => board.children.length") == 0
            assert page.eval_on_selector("#log", "log => log.children.length") == 0
            assert page.locator("[data-card]").count() == 0
            page.click("#pass-ready")
            page.wait_for_selector("#actions [data-action]")
            seat = int(page.get_attribute("main.room", "data-seat") or "-1")
            assert who == f"Pass to Player {seat + 1}"
        moved_at = table.play_first_action()
        page.wait_for_function(
            "v => Number(document.querySelector('main.room').dataset.version) > v"
            " || !document.querySelector('#pass-screen').hidden",
            arg=moved_at,
        )
    assert {"Pass to Player 1", "Pass to Player 2"} <= set(seen)


def test_a_card_file_the_server_refuses_is_one_line_and_makes_no_room(
    open_page: OpenPage, served: Served, tmp_path: Path
) -> None:
    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps({"cards": [{"name": "nonsense"}]}), encoding="utf-8")
    page = open_page(frames=False).page
    page.goto("/#/")
    page.wait_for_selector("#create-room")
    page.select_option("select[name=game]", "fishing")
    rooms_before = {room["room"] for room in served.request("GET", "/rooms/live")[1]}
    page.click("details summary")
    page.set_input_files("input[name=cards]", str(bad))
    page.click("#create-room")
    page.wait_for_selector("#error:not(:empty)")
    message = page.inner_text("#error")
    assert "\n" not in message and "card" in message.lower(), message
    assert page.url.endswith("/#/")
    # Other tests' rooms play on; none was added.
    assert {room["room"] for room in served.request("GET", "/rooms/live")[1]} <= rooms_before


def test_the_lobby_lists_a_live_game_to_join_or_watch(open_page: OpenPage, served: Served) -> None:
    room = create_room(served, "fishing", seats=["human", "public", "easy"])["room"]
    page = open_page(frames=False).page
    page.goto("/#/")
    listed = page.locator(f'#live-rooms [data-room="{room}"]')
    listed.wait_for()
    assert listed.locator(f'a[href="#/join/{room}/1"]').count() == 1
    assert "person, open seat, easy bot" in listed.inner_text()
    status, _ = served.request("POST", f"/rooms/{room}/seats/1")  # a stranger takes the seat
    assert status == 200
    page.reload()
    listed.wait_for()
    assert "person, person, easy bot" in listed.inner_text()
    assert listed.locator(f'a[href="#/join/{room}/1"]').count() == 0
    listed.locator("text=Watch").click()
    page.wait_for_selector('main.room[data-seat="spectator"]')


def test_a_finished_game_replays_step_by_step(open_page: OpenPage, served: Served) -> None:
    room = create_room(served, "crazy-fishing", seats=["random", "random"])["room"]
    deadline = time.monotonic() + 30
    while room not in [done["room"] for done in served.request("GET", "/rooms/finished")[1]]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    page = open_page(frames=False).page
    page.goto(f"/#/replay/{room}?seat=0")
    page.wait_for_selector("main.replay .replay-step")
    assert page.inner_text(".replay-step").startswith("Step 0 of ")
    assert page.eval_on_selector("main.replay .board", "board => board.children.length") > 0
    page.click("#next")
    page.click("#next")
    assert page.inner_text(".replay-step").startswith("Step 2 of ")
    page.keyboard.press("End")
    assert "the end" in page.inner_text(".replay-step")
    assert page.locator("#log li").count() > 0
    assert page.get_attribute("#download", "href") == f"/rooms/{room}/record"
    page.select_option("#seat-select", "all")
    page.wait_for_selector('.board [data-open="hand"]')
    page.keyboard.press("Home")  # the deal: both hands held, on one board
    assert page.locator('.board [data-open="hand"]').count() == 2


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_how_to_play_page(open_page: OpenPage, game: str) -> None:
    page = open_page(frames=False).page
    page.goto(f"/#/howto/{game}")
    heading = page.locator("article.howto h1")
    heading.wait_for()
    assert heading.inner_text().startswith("How to play")


@pytest.mark.parametrize(
    ("fragment", "says"),
    [
        ("#/room/nope", "unknown room 'nope'"),
        ("#/join/nope/abc", "is not a number"),
        ("#/room/nope?seat=abc&token=x", 'its seat "abc" is not a number'),
        ("#/replay/nope?seat=9", "unknown room 'nope'"),
        ("#/room/%E0%A4%A", "unknown room"),
        ("#/howto/nope", "No how-to-play page for nope"),
        ("#/nowhere", "There is no page #/nowhere"),
    ],
)
def test_a_broken_link_is_one_line_and_a_way_back(
    open_page: OpenPage, fragment: str, says: str
) -> None:
    page = open_page(frames=False).page
    page.goto(f"/{fragment}")
    page.wait_for_selector("#app h1:text('Not here')")
    assert says in page.inner_text("#app p")
    assert page.locator("#app a[href='#/']").count() == 1
