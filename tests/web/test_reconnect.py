"""A page reloaded mid-game takes up its seat again: the token kept by the shell (not left in the
address), the same hand drawn, and a move works after."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from tests.web.table import DRAWN, WAIT_MS, create_room, seat_view

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage
    from tests.web.table import Watched

pytestmark = pytest.mark.browser

MOVES_BEFORE = 2
# Run what a page has queued: an import of the board's module (loaded already), then a task and
# a frame.
SETTLE = """
async () => {
  await import("/static/boards.js").then((boards) => boards.loadBoard("fishing"));
  await new Promise((done) => setTimeout(done, 0));
  await new Promise((done) => requestAnimationFrame(done));
}
"""


def test_a_reloaded_page_keeps_its_seat_and_hand_and_plays_on(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, "fishing")
    room_id, token = room["room"], room["seats"][0]["token"]
    table = open_page()
    table.open_room(room_id, 0, token)
    assert "token" not in table.page.url, "the token stays in the address bar"
    moved_at = -1
    for _ in range(MOVES_BEFORE):
        assert table.wait_turn_or_end(moved_at) == "turn"
        moved_at = table.play_first_action()
    assert table.wait_turn_or_end(moved_at) == "turn"
    version, cards, frames = table.version, table.dom_cards(), len(table.frames)
    held = seat_view(served, room_id, token)["view"]["hand"]

    table.page.reload()
    table.page.wait_for_selector(DRAWN)
    assert table.wait_turn_or_end(version - 1) == "turn"

    assert table.seat == "0"
    assert table.version == version
    assert table.dom_cards() == cards
    assert {str(card) for card in held} <= cards, "the hand is drawn"
    again = table.states()[-1]
    assert len(table.frames) > frames  # a new socket said hello and was answered
    drawn_hand = {card["id"] for card in again["board"]["hand"]}
    assert again["seat"] == 0 and drawn_hand == set(held) and again["legal"]
    pressed = table.play_first_action()
    assert table.wait_turn_or_end(pressed) in ("turn", "over")
    assert table.version > pressed
    assert seat_view(served, room_id, token)["view"]["hand"] != held  # the card left the hand


def test_a_link_with_a_token_the_room_does_not_know_is_forgotten_and_the_room_watched(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, "fishing")
    room_id, token = room["room"], room["seats"][0]["token"]
    table = open_page()
    table.open_room(room_id, 0, "a-token-of-no-seat")
    notice = table.page.wait_for_selector("#notice:not(:empty)")
    assert notice is not None
    assert "Player 1's seat is not a seat of this room" in notice.inner_text()
    assert "You are watching" in table.page.inner_text(".room-head")
    stored = table.page.evaluate(f"localStorage.getItem('angler:tokens:{room_id}')")
    assert stored is None, "the refused token was kept"
    table.page.reload()  # nothing of it comes back
    table.page.wait_for_selector(DRAWN)
    assert "You are watching" in table.page.inner_text(".room-head")
    assert table.page.inner_text("#notice") == ""

    table.open_room(room_id, 0, token)  # the seat's own link still seats it
    assert table.wait_turn_or_end(-1) == "turn"
    assert table.seat == "0" and "You are Player 1" in table.page.inner_text(".room-head")


def held_room_requests(page: Page, room: str) -> list[Route]:
    """``GET /rooms/ROOM`` is answered the first time, then held (kept here, unanswered): the
    table's redraw after its token was refused waits on it."""
    answered: list[Route] = []
    held: list[Route] = []

    def hold(route: Route) -> None:
        if answered:
            held.append(route)
        else:
            answered.append(route)
            route.continue_()

    page.route(f"**/rooms/{room}", hold)
    return held


def refused_and_redrawing(table: Watched, room: str) -> Route:
    """Open the room with a token it does not know; the redraw's request, held."""
    held = held_room_requests(table.page, room)
    table.page.goto(f"/#/room/{room}?seat=0&token=a-token-of-no-seat")
    for _ in range(WAIT_MS // 20):  # the socket's hello is refused; the redraw asks again
        if held:
            return held[0]
        table.page.wait_for_timeout(20)
    raise AssertionError("the refused token's table was not drawn again")


def test_a_redraw_that_ends_after_the_page_was_left_draws_nothing(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, "fishing")["room"]
    table = open_page()
    sockets: list[str] = []
    table.page.on("websocket", lambda socket: sockets.append(socket.url))
    redraw = refused_and_redrawing(table, room)
    table.page.evaluate("location.hash = '#/'")  # to the lobby, while the room is fetched
    table.page.wait_for_selector("#live-rooms")
    opened = len(sockets)
    with table.page.expect_response(lambda answer: answer.url.endswith(f"/rooms/{room}")) as got:
        redraw.continue_()
    got.value.finished()  # its body read too
    table.page.evaluate(SETTLE)  # what the answer starts has run
    assert table.page.locator("main.room").count() == 0, "the left table was drawn over the lobby"
    assert table.page.locator("#live-rooms").count() == 1
    assert len(sockets) == opened, "the left table opened a socket"


def test_a_redraw_that_cannot_fetch_the_room_says_so(served: Served, open_page: OpenPage) -> None:
    room = create_room(served, "fishing")["room"]
    table = open_page()
    redraw = refused_and_redrawing(table, room)
    gone = {"error": "room", "message": f"There is no room {room} any more."}
    redraw.fulfill(status=404, json=gone)
    table.page.wait_for_selector("text=Not here")
    assert gone["message"] in table.page.inner_text("#app")


def test_two_refused_tokens_of_one_hot_seat_are_both_forgotten_and_named(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, "fishing")["room"]
    table = open_page()
    table.page.goto("/#/")
    held = json.dumps({"0": "no-seat-a", "2": "no-seat-b"})
    table.page.evaluate(f"localStorage.setItem('angler:tokens:{room}', {json.dumps(held)})")
    table.page.goto(f"/#/room/{room}")
    # Each refusal redraws the table: the first may be drawn, watching, while the other seat's
    # socket is still to be refused. Once both are forgotten, the notice names both.
    table.page.wait_for_function(
        "room => localStorage.getItem(`angler:tokens:${room}`) === null", arg=room
    )
    both = "the seats of Player 1 and Player 3 are not seats of this room"
    table.page.wait_for_function(
        "words => (document.querySelector('#notice')?.innerText || '').includes(words)", arg=both
    )
    table.page.wait_for_selector(DRAWN)  # as a spectator
    assert "You are watching" in table.page.inner_text(".room-head")
    assert both in table.page.inner_text("#notice")


def test_a_page_left_while_it_loads_does_not_draw_over_the_next_one(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, "fishing")["room"]
    table = open_page()
    held: list[Route] = []

    def hold_the_first(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    table.page.route(f"**/rooms/{room}", hold_the_first)
    closed: list[str] = []
    table.page.on(
        "websocket", lambda socket: socket.on("close", lambda gone: closed.append(gone.url))
    )
    opened: list[str] = []
    table.page.on("websocket", lambda socket: opened.append(socket.url))
    table.page.goto(f"/#/room/{room}")  # the room's page asks for the room, and waits
    for _ in range(WAIT_MS // 20):
        if held:
            break
        table.page.wait_for_timeout(20)
    assert held, "the room's page did not ask for the room"
    table.page.evaluate("location.hash = '#/'")  # to the lobby before the answer comes
    table.page.wait_for_selector("#live-rooms")
    with table.page.expect_response(lambda answer: answer.url.endswith(f"/rooms/{room}")) as got:
        held[0].continue_()
    got.value.finished()
    table.page.evaluate(SETTLE)
    table.page.wait_for_selector("#live-rooms")
    assert table.page.locator("main.room").count() == 0, "the left room was drawn over the lobby"
    for _ in range(WAIT_MS // 20):  # a socket the left page opened is closed again
        if len(closed) >= len(opened):
            break
        table.page.wait_for_timeout(20)
    assert sorted(closed) == sorted(opened)


def test_a_link_whose_seat_number_is_not_its_tokens_seat_takes_the_tokens_seat(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, "fishing")
    room_id, token = room["room"], room["seats"][0]["token"]
    table = open_page()
    table.open_room(room_id, 2, token)  # seat 0's token, under seat 2's number
    table.page.wait_for_selector("text=You are Player 1")
    assert table.wait_turn_or_end(-1) == "turn" and table.seat == "0"
    stored = table.page.evaluate(f"localStorage.getItem('angler:tokens:{room_id}')")
    assert json.loads(stored) == {"0": token}
