"""Play again in the browser (docs/web.md, "Play again"): two accounts, each in a browser context
of its own, play a short game to its end, chat, and one asks to play again: the other sees the
ask, each seat's answer in words, and accepts; both are seated at the new table. A decline (the
asker stays, told; the one who declined may still say yes), a second device's ask refused in the
server's line, a hot seat's one press asking for every seat at the screen, and the result panel
with the offer at a phone's width and a desktop's, as screenshots."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from tests.web.table import Watched
from tests.web.test_accounts import sign_up_quietly, unique, wait_name
from tests.web.test_people import chat_line, shots, wait_line

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 360, "height": 740}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PLAY_SECONDS = 60

# What a page at the table may do now: "over", "turn:VERSION" (its seat decides at a version
# past the one it last chose at), "error: …" (a refusal), or "wait".
NOW = """
after => {
  const main = document.querySelector('main.room:not([data-version=""])');
  if (!main) return "wait";
  if (document.querySelector("#result").checkVisibility()) return "over";
  const error = document.querySelector("#error").textContent.trim();
  if (error && !error.startsWith("duplicate move")) return "error: " + error;
  const version = Number(main.dataset.version);
  if (version > after && document.querySelector("#actions [data-action]")) return `turn:${version}`;
  return "wait";
}
"""
TOKENS = "room => JSON.parse(localStorage.getItem(`angler:tokens:${room}`) || '{}')"


def play_together(*tables: Watched) -> None:
    """Each page chooses its first listed action (by key) whenever its seat decides, until
    every page shows the end screen."""
    chose_at = [-1] * len(tables)
    deadline = time.monotonic() + PLAY_SECONDS
    while time.monotonic() < deadline:
        now = [table.page.evaluate(NOW, chose_at[i]) for i, table in enumerate(tables)]
        if all(state == "over" for state in now):
            return
        for i, state in enumerate(now):
            assert not state.startswith("error"), f"{state}; {tables[i].recent()}"
            if state.startswith("turn:"):
                chose_at[i] = int(state.removeprefix("turn:"))
                tables[i].page.keyboard.press("1")
        if not any(state.startswith("turn:") for state in now):
            tables[0].page.wait_for_timeout(50)
    raise AssertionError(f"no end screen within {PLAY_SECONDS} s: {[t.recent() for t in tables]}")


def make_room(page: Page, csrf: str, game: str, seats: list[str], **options: Any) -> dict[str, Any]:
    """A room made by the page's signed-in account (bots at once); the server's answer."""
    answer = page.request.post(
        "/rooms",
        data={"game": game, "options": options, "seats": seats, "settings": {"pace_ms": 0}},
        headers={"X-CSRF-Token": csrf},
    )
    assert answer.status == 201, answer.text()
    made: dict[str, Any] = answer.json()
    return made


def answers(page: Page) -> dict[int, tuple[str, str]]:
    """Each seat's answer on the result panel: (``data-answer``, its words)."""
    found: list[list[str]] = page.eval_on_selector_all(
        "#rematch-answers li",
        "items => items.map(i => [i.dataset.seat, i.dataset.answer, i.textContent])",
    )
    return {int(seat): (answer, words) for seat, answer, words in found}


def focused(page: Page) -> str:
    found: str = page.evaluate("() => document.activeElement.id")
    return found


def wait_answer(page: Page, seat: int, answer: str) -> None:
    page.wait_for_selector(f'#rematch-answers li[data-seat="{seat}"][data-answer="{answer}"]')


def seated_at(page: Page, room: str, seat: int) -> None:
    """Wait until the page is the seat's table in ``room``, a payload drawn."""
    page.wait_for_selector(
        f'main.room[data-room="{room}"][data-seat="{seat}"]:not([data-version=""])'
    )


def two_at_a_finished_game(
    open_page: OpenPage, game: str, seats: list[str], asker: ViewportSize, other: ViewportSize
) -> tuple[Watched, Watched, str, str, str]:
    """Ann makes a room (seat 0), Bob takes its public seat 1, each signed in in a browser
    context of their own; the pages, the room and the two names. The game is not played yet."""
    ann, bob = unique("Ann"), unique("Bob")
    first = open_page(viewport=asker, reduced_motion=True)
    csrf = sign_up_quietly(first.page, ann)["csrf"]
    made = make_room(
        first.page, csrf, game, seats, **({"rounds": 1} if game == "flip-and-fish" else {})
    )
    room = made["room"]
    first.open_room(room, 0, made["seats"][0]["token"])
    second = open_page(viewport=other, reduced_motion=True)
    sign_up_quietly(second.page, bob)
    second.page.goto(f"/#/join/{room}/1")
    seated_at(second.page, room, 1)
    wait_name(first.page, 1, bob)
    return first, second, room, ann, bob


def test_two_accounts_play_chat_and_play_again(
    open_page: OpenPage, served: Served, tmp_path: Path
) -> None:
    folder = shots(tmp_path)
    first, second, room, ann, bob = two_at_a_finished_game(
        open_page, "flip-and-fish", ["human", "public", "random"], DESKTOP, PHONE
    )
    play_together(first, second)
    chat_line(first.page, "good game: again?")
    wait_line(second.page, "good game: again?")
    chat_line(second.page, "yes!")
    wait_line(first.page, "yes!")

    # Before anyone asks: Play again, nothing to decline, no answers yet.
    for table in (first, second):
        page = table.page
        assert (
            page.is_visible("#result #rematch-yes")
            and page.inner_text("#rematch-yes") == "Play again"
        )
        assert page.is_hidden("#rematch-no") and page.is_hidden("#rematch-go")
        assert page.is_hidden("#rematch-answers")
    first.page.click("#rematch-yes")
    wait_answer(first.page, 0, "yes")
    # The asker stays on the end screen while Bob has not answered, and may go on ahead.
    assert first.page.is_visible("#rematch-go") and first.page.is_hidden("#rematch-yes")
    assert focused(first.page) == "rematch-go"  # the button pressed went: its successor
    assert first.page.inner_text("#rematch-words").startswith("You are in.")
    new = (first.page.get_attribute("#rematch-go", "href") or "").removeprefix("#/room/")
    assert new and new != room
    assert list(first.page.evaluate(TOKENS, new)) == ["0"]

    # Bob is asked: each seat's answer in words, and the two buttons.
    look = second.page
    wait_answer(look, 0, "yes")
    assert answers(look) == {
        0: ("yes", f"Player 1 ({ann}): wants to play again"),
        1: ("waiting", "Player 2 (you): waiting"),
        2: ("bot", "Player 3 (random bot): accepted"),
    }
    assert look.is_visible("#rematch-yes") and look.is_visible("#rematch-no")
    assert look.is_hidden("#rematch-go")
    assert look.get_attribute("#result", "aria-live") == "polite"  # the answers are announced
    assert second.fits_width(), second.overflow()
    look.locator("#result").scroll_into_view_if_needed()
    look.screenshot(path=str(folder / "rematch-offer-phone.png"))
    look.locator("#result").screenshot(path=str(folder / "rematch-result-phone.png"))

    # Bob says yes: both go to the new table, each at their seat.
    look.click("#rematch-yes")
    seated_at(look, new, 1)
    seated_at(first.page, new, 0)
    assert list(look.evaluate(TOKENS, new)) == ["1"]
    wait_name(first.page, 1, bob)
    wait_name(look, 0, ann)
    status, info = served.request("GET", f"/rooms/{new}")
    assert status == 200, info
    assert info["game"] == "flip-and-fish" and info["options"]["rounds"] == 1
    assert info["seats"] == ["human", "open", "random"] and info["open_seats"] == []
    assert info["listed"] is False and info["over"] is False


def test_a_decline_is_told_and_a_second_device_is_refused_in_the_server_s_line(
    open_page: OpenPage, tmp_path: Path
) -> None:
    folder = shots(tmp_path)
    first, second, room, _ann, bob = two_at_a_finished_game(
        open_page, "crazy-fishing", ["human", "public"], PHONE, DESKTOP
    )
    old_token = second.page.evaluate(TOKENS, room)["1"]
    second.page.click("#resign")  # two players: Ann wins at once
    second.page.click("#confirm-yes")
    for table in (first, second):
        table.page.wait_for_selector("#result:not([hidden]) #rematch-yes")

    first.page.click("#rematch-yes")
    look = second.page
    wait_answer(look, 0, "yes")
    look.locator("#result").scroll_into_view_if_needed()
    look.screenshot(path=str(folder / "rematch-offer-desktop.png"))
    look.locator("#result").screenshot(path=str(folder / "rematch-result-desktop.png"))
    look.click("#rematch-no")
    wait_answer(look, 1, "no")
    assert "You declined" in look.inner_text("#rematch-words")
    assert look.is_visible("#rematch-yes") and look.is_hidden("#rematch-no")
    assert focused(look) == "rematch-yes"

    # Ann stays on the end screen, told; the new table is hers to give the seat to a bot.
    wait_answer(first.page, 1, "no")
    assert answers(first.page)[1] == ("no", f"Player 2 ({bob}): declined")
    assert first.page.inner_text("#rematch-words").startswith(
        "Not everyone will play again: at the new table you may give"
    )
    assert first.page.is_visible("#rematch-go")
    assert first.page.get_attribute("main.room", "data-room") == room
    assert first.fits_width(), first.overflow()
    first.page.locator("#result").scroll_into_view_if_needed()
    first.page.screenshot(path=str(folder / "rematch-declined-phone.png"))
    new = (first.page.get_attribute("#rematch-go", "href") or "").removeprefix("#/room/")

    # Bob changes his mind: both go to the new table.
    look.click("#rematch-yes")
    seated_at(look, new, 1)
    seated_at(first.page, new, 0)

    # Bob's other device, holding his old seat's link, knows nothing of it: its ask is refused
    # in the server's line, under the buttons.
    other = open_page(viewport=PHONE).page
    other.goto(f"/#/room/{room}?seat=1&token={old_token}")
    other.wait_for_selector("#result:not([hidden]) #rematch-yes")
    other.click("#rematch-yes")
    other.wait_for_selector("#rematch-error:not(:empty)")
    assert "in the rematch already" in other.inner_text("#rematch-error")
    assert other.get_attribute("#rematch-error", "role") == "alert"
    assert other.is_enabled("#rematch-yes")
    assert other.inner_text("#error") == ""  # said where it was asked, not with the moves


def test_a_hot_seat_plays_again_at_one_press(open_page: OpenPage, served: Served) -> None:
    table = open_page(reduced_motion=True)
    page = table.page
    status, made = served.request(
        "POST",
        "/rooms",
        {"game": "crazy-fishing", "seats": ["human", "human"], "settings": {"pace_ms": 0}},
    )
    assert status == 201, made
    room = made["room"]
    page.goto("/#/")
    page.wait_for_selector("#create-room")
    page.evaluate(
        "([room, held]) => localStorage.setItem(`angler:tokens:${room}`, JSON.stringify(held))",
        [room, {str(seat["seat"]): seat["token"] for seat in made["seats"]}],
    )
    page.goto(f"/#/room/{room}")
    page.click("#pass-ready")
    page.wait_for_selector("main.room:not([data-version=''])")
    page.click("#resign")
    page.click("#confirm-yes")
    if page.is_visible("#pass-ready"):
        page.click("#pass-ready")
    page.wait_for_selector("#result:not([hidden]) #rematch-yes")
    page.click("#rematch-yes")  # for both people at this screen: one seat asks, then the other
    page.wait_for_function(
        "room => location.hash.startsWith('#/room/') && location.hash !== `#/room/${room}`",
        arg=room,
    )
    new = page.evaluate("() => location.hash").removeprefix("#/room/")
    assert sorted(page.evaluate(TOKENS, new)) == ["0", "1"]
    page.wait_for_selector("#pass-ready")  # a hot seat again: the screen is passed
    assert "Hot seat" in page.inner_text(".room-head")
    status, info = served.request("GET", f"/rooms/{new}")
    assert status == 200 and info["open_seats"] == [] and info["seats"] == ["human", "open"]
