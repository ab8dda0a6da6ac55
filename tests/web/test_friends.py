"""Playing with friends in the browser, each person in a browser context of their own: an
invitation only its link claims, the friend who opens it again lands on their seat, the creator
gives a seat nobody came to to a bot, presence across two browsers with the bot's moves told as
the bot's, resigning, and a game everyone left ended as abandoned."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pytest
from tests.web.table import create_room

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 740}


def make_from_lobby(page: Page, game: str, seats: dict[int, str], **settings: str) -> str:
    """A room set up in the lobby's form (players = seats), its settings typed in; its id."""
    page.goto("/#/")
    page.wait_for_selector("#create-room")
    page.select_option("select[name=game]", game)
    page.fill("input[name=players]", str(len(seats)))
    page.dispatch_event("input[name=players]", "input")
    for seat, kind in seats.items():
        page.select_option(f"select[name=seat-{seat}]", kind)
    page.click("#room-settings summary")
    for field, value in settings.items():
        page.fill(f"#setting-{field}", value)
    page.click("#create-room")
    page.wait_for_selector("#people li")
    return page.get_attribute("main.room", "data-room") or ""


def people(page: Page) -> dict[int, str]:
    """Each seat's presence as the table shows it (``data-state``)."""
    found: dict[int, str] = page.eval_on_selector_all(
        "#people li",
        "items => Object.fromEntries(items.map(i => [i.dataset.seat, i.dataset.state]))",
    )
    return {int(seat): state for seat, state in found.items()}


def test_a_stranger_cannot_take_a_seat_kept_for_a_friend(open_page: OpenPage) -> None:
    creator = open_page(frames=False).page
    room = make_from_lobby(creator, "crazy-fishing", {0: "you", 1: "friend"})
    link = creator.input_value(".invite-link")
    assert f"#/join/{room}/1/" in link

    stranger = open_page(frames=False).page
    stranger.goto("/#/")
    stranger.wait_for_selector("#live-rooms li")
    assert stranger.locator(f'#live-rooms [data-room="{room}"]').count() == 0  # not listed
    stranger.goto(f"/#/join/{room}/1")  # the seat's path, without the invitation's code
    stranger.wait_for_selector("#app h1:text('Not here')")
    assert "kept for an invited friend" in stranger.inner_text("#app")
    stranger.goto(f"/#/join/{room}/1/guessed")
    stranger.wait_for_selector("#app h1:text('Not here')")
    assert "kept for an invited friend" in stranger.inner_text("#app")

    friend = open_page(frames=False).page
    friend.goto(link)
    friend.wait_for_selector('main.room[data-seat="1"]')
    creator.wait_for_function(
        "() => document.querySelector('#people li[data-seat=\"1\"]').dataset.state === 'here'"
    )
    assert "Player 2 takes their seat" in creator.inner_text("#log")
    # The friend opens the same link again: their own seat, not "already taken".
    friend.goto("/#/")
    friend.wait_for_selector("#create-room")
    friend.goto(link)
    friend.wait_for_selector('main.room[data-seat="1"]')
    assert friend.url.endswith(f"#/room/{room}")


def test_the_creator_gives_a_seat_nobody_came_to_to_a_bot(open_page: OpenPage) -> None:
    creator = open_page(frames=False).page
    make_from_lobby(creator, "crazy-fishing", {0: "you", 1: "friend"}, wait="1")
    offer = creator.locator("#seat-offer")
    offer.wait_for(state="visible")  # after the wait the table offers it
    assert "Player 2 has not come yet" in offer.inner_text()
    creator.select_option("#bot-for-1", "easy")
    creator.click("#give-1")
    creator.wait_for_function(
        "() => document.querySelector('#people li[data-seat=\"1\"]').dataset.state === 'bot'"
    )
    assert "easy bot" in creator.inner_text('#people li[data-seat="1"]')
    assert offer.is_hidden()
    assert "Player 2's seat goes to an easy bot" in creator.inner_text("#log")
    # The game goes on: my cast is answered by the bot's.
    creator.click("#actions [data-action]")
    creator.wait_for_function(
        "() => Number(document.querySelector('main.room').dataset.version) >= 2"
    )


def test_presence_across_two_browsers_and_the_bots_move_told_as_the_bots(
    open_page: OpenPage, served: Served
) -> None:
    settings = {"pace_ms": 0, "grace_s": 1, "takeover": "random"}
    room = create_room(served, "crazy-fishing", seats=["human", "open"], settings=settings)
    room_id = room["room"]
    me = open_page(frames=False)
    me.open_room(room_id, 0, room["seats"][0]["token"])
    friend = open_page(frames=False, viewport=PHONE)
    friend.accept_invitation(room_id, 1, room["seats"][1]["code"])
    me.page.wait_for_function(
        "() => document.querySelector('#people li[data-seat=\"1\"]').dataset.state === 'here'"
    )
    assert people(friend.page) == {0: "here", 1: "here"}
    me.page.click("#actions [data-action]")  # my cast waits for the friend's
    friend.page.context.close()  # the friend's browser goes
    me.page.wait_for_function(
        "() => document.querySelector('#people li[data-seat=\"1\"]').dataset.state === 'away'"
    )
    assert "a bot plays for them in" in me.page.inner_text('#people li[data-seat="1"]')
    me.page.wait_for_function(
        "() => document.querySelector('#people li[data-seat=\"1\"]').dataset.state === 'bot'"
    )
    me.page.wait_for_function(
        "() => document.querySelector('#log').innerText.includes('Bot for Player 2')"
    )
    log = me.page.inner_text("#log")
    assert "Player 2 is away: a bot plays for them" in log


def test_a_person_who_resigns_a_two_player_game_loses_it(
    open_page: OpenPage, served: Served
) -> None:
    room = create_room(served, "crazy-fishing", seats=["human", "open"])
    me = open_page(frames=False)
    me.open_room(room["room"], 0, room["seats"][0]["token"])
    friend = open_page(frames=False, viewport=PHONE)
    friend.accept_invitation(room["room"], 1, room["seats"][1]["code"])
    friend.page.click("#resign")
    friend.page.click("#confirm-yes")
    me.page.wait_for_selector("#result:not([hidden])")
    assert me.page.get_attribute("#result", "data-winners") == "0"
    assert me.page.get_attribute("#result", "data-ended") == "resigned"
    assert "You win!" in me.page.inner_text("#result h2")
    friend.page.wait_for_selector("#result:not([hidden])")
    assert "Resigned: You" in friend.page.inner_text("#result")
    assert friend.page.is_hidden("#resign")


def test_a_game_everyone_left_is_abandoned_and_not_counted(
    open_page: OpenPage, served: Served
) -> None:
    settings = {"pace_ms": 0, "grace_s": 0, "abandon_s": 1}
    room = create_room(served, "fishing", seats=["human", "random", "random"], settings=settings)
    me = open_page(frames=False)
    me.open_room(room["room"], 0, room["seats"][0]["token"])
    me.page.goto("/#/")  # the only person leaves the table
    deadline = time.monotonic() + 20
    while room["room"] not in [
        done["room"] for done in served.request("GET", "/rooms/finished")[1]
    ]:
        assert time.monotonic() < deadline, "the room was not abandoned"
        time.sleep(0.05)
    listed = me.page.locator(f'#finished-rooms [data-room="{room["room"]}"]')
    listed.wait_for()
    assert listed.get_attribute("data-ended") == "abandoned"
    assert "abandoned" in listed.inner_text() and "won by" not in listed.inner_text()
    me.page.goto(f"/#/room/{room['room']}")
    me.page.wait_for_selector("#result:not([hidden])")
    assert "Game abandoned" in me.page.inner_text("#result h2")
    assert "counts for nobody" in me.page.inner_text("#result")


def test_a_bot_pace_none_of_the_three_shows_as_it_is_not_blank(
    open_page: OpenPage, served: Served
) -> None:
    """A pace set through the API (0 here) is listed in the Bot speed menu, and chosen."""
    room = create_room(served, "crazy-fishing", seats=["human", "easy"], settings={"pace_ms": 0})
    me = open_page(frames=False)
    me.open_room(room["room"], 0, room["seats"][0]["token"])
    me.page.wait_for_selector("#bot-pace")
    assert me.page.input_value("#bot-pace") == "0"
    chosen = me.page.eval_on_selector("#bot-pace", "s => s.selectedOptions[0].textContent")
    assert chosen == "0 ms a move"
