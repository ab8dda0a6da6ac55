"""People in the browser: a rated game played to its end, then the player's page (the rating
moved from 25, its history drawn) and the leaderboard; two accounts chatting at one table (a line
of markup shown as text, a muted writer's lines hidden); the spectators' chat apart; and the
pages at a phone's width and a desktop's, as screenshots."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.web.test_accounts import sign_up_quietly, unique, wait_name
from tests.web.test_friends import make_from_lobby

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize
    from tests.web.conftest import OpenPage
    from tests.web.table import Watched

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 360, "height": 740}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
MOST_MOVES = 200
HOSTILE = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">'
# The screenshots go to the test's own folder, or to ANGLER_WEB_SHOTS when it names one.


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("ANGLER_WEB_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def play_rated_game(open_page: OpenPage, name: str, say: str = "") -> tuple[Page, str]:
    """Sign up, set up a rated Flip & Fish against an easy bot in the lobby and play it to its
    end (saying `say` in the table's chat first); the page and the room."""
    table = open_page(reduced_motion=True, frames=False)
    sign_up_quietly(table.page, name)
    return table.page, play_rated(table, say)


def play_rated(table: Watched, say: str = "", game: str = "flip-and-fish") -> str:
    """A rated game (Flip & Fish of 2 rounds unless told) against an easy bot set up in the
    lobby by the signed-in page, and played to its end; the room."""
    page = table.page
    page.goto("/#/")
    page.wait_for_selector("#rated-field:not([hidden])")
    page.select_option("select[name=game]", game)
    page.fill("input[name=players]", "2")
    page.dispatch_event("input[name=players]", "input")
    page.select_option("select[name=seat-1]", "easy")
    page.check("#setting-rated")
    page.click("#room-settings summary")
    page.select_option("#setting-pace", "200")
    if game == "flip-and-fish":
        page.click("text=Options and card file")
        page.fill("#option-rounds", "2")
    page.click("#create-room")
    page.wait_for_selector("#people li")
    room = page.get_attribute("main.room", "data-room") or ""
    # Beside each name, its rating (μ ± σ): the account's starts at 25.
    page.wait_for_selector('#people li[data-seat="0"] .person-rating')
    assert page.inner_text('#people li[data-seat="0"] .person-rating').startswith("μ ")
    if say:
        chat_line(page, say)
        wait_line(page, say)
        page.locator("#chat-input").blur()  # the keys choose actions again, not letters
    table.play_to_end(MOST_MOVES)
    return room


def test_a_rated_game_moves_the_rating_on_the_player_page_and_leaderboard(
    open_page: OpenPage,
) -> None:
    name = unique("Rita")
    page, room = play_rated_game(open_page, name)
    page.click('#people li[data-seat="0"] a.person-name')
    page.wait_for_selector(f'main.player-page[data-player="{name}"]')
    card = page.locator('.game-card[data-game="flip-and-fish"]')
    card.locator(".rating-value").wait_for()
    rating = card.locator(".rating-value").inner_text()
    assert rating.startswith("μ ") and rating != "μ 25.0 ± 8.3", rating
    assert "1 rated game" in card.inner_text()
    assert card.locator("svg.rating-chart path.mu").count() == 1
    assert card.locator("svg.rating-chart path.band").count() == 1
    assert page.locator(f'#recent-games a[href="#/replay/{room}?seat=0"]').count() == 1

    page.goto("/#/")
    page.click("#leaderboard-link")
    page.wait_for_selector("main.leaderboard")
    page.goto("/#/leaderboard/flip-and-fish?least=1")
    page.wait_for_selector(f'#leaderboard tr[data-name="{name}"]')
    row = page.inner_text(f'#leaderboard tr[data-name="{name}"]')
    assert "μ" in row and "±" in row

    page.goto("/#/player/nobody-has-this-name")
    page.wait_for_selector("main.panel h1:text('Not here')")
    assert "player" in page.inner_text("main.panel").lower()


def chat_line(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def wait_line(page: Page, text: str) -> None:
    page.wait_for_function(
        "text => [...document.querySelectorAll('#chat-lines .chat-text')]"
        ".some((line) => line.textContent === text)",
        arg=text,
    )


def test_two_accounts_chat_a_line_of_markup_is_text_and_muting_hides(
    open_page: OpenPage,
) -> None:
    ann, bob = unique("Ann"), unique("Bob")
    first = open_page(frames=False).page
    sign_up_quietly(first, ann)
    room = make_from_lobby(first, "crazy-fishing", {0: "you", 1: "public"})
    friend = open_page(frames=False).page
    sign_up_quietly(friend, bob)
    friend.goto(f"/#/join/{room}/1")
    friend.wait_for_selector('main.room[data-seat="1"]')
    wait_name(first, 1, bob)
    assert first.inner_text("#chat-title") == "Table chat"

    chat_line(first, "hello Bob")
    wait_line(friend, "hello Bob")
    chat_line(friend, HOSTILE)
    wait_line(first, HOSTILE)
    line = first.locator("#chat-lines li", has_text="window.pwned").first
    assert line.locator(".chat-text").inner_text() == HOSTILE
    assert line.locator(".chat-text").evaluate("node => node.childElementCount") == 0
    assert first.evaluate("() => window.pwned") is None
    assert first.locator("#chat-lines img, #chat-lines script").count() == 0

    # Ann mutes Bob: his lines go, hers stay; unmuted, they come back.
    first.click(f'#chat-lines button[aria-label="Mute {bob}"] >> nth=0')
    first.wait_for_selector(f'#chat-muted button[aria-label="Unmute {bob}"]')
    assert first.locator("#chat-lines .chat-text", has_text="window.pwned").count() == 0
    wait_line(first, "hello Bob")
    chat_line(friend, "still here")
    wait_line(friend, "still here")
    first.wait_for_timeout(300)
    assert first.locator("#chat-lines .chat-text", has_text="still here").count() == 0
    first.click(f'#chat-muted button[aria-label="Unmute {bob}"]')
    wait_line(first, "still here")
    # Ann's own line has no Mute beside it.
    assert first.locator(f'#chat-lines button[aria-label="Mute {ann}"]').count() == 0

    # A spectator hears the spectators' chat only, not the table's.
    watcher = open_page(frames=False).page
    watcher.goto(f"/#/room/{room}?watch")
    watcher.wait_for_selector('main.room[data-seat="spectator"]')
    assert watcher.inner_text("#chat-title") == "Spectators' chat"
    chat_line(watcher, "watching quietly")
    wait_line(watcher, "watching quietly")
    assert watcher.locator("#chat-lines .chat-text", has_text="hello Bob").count() == 0
    first.wait_for_timeout(300)
    assert first.locator("#chat-lines .chat-text", has_text="watching quietly").count() == 0


def test_the_pages_at_a_phone_and_a_desktop(open_page: OpenPage, tmp_path: Path) -> None:
    folder = shots(tmp_path)
    name = unique("Petra")
    _page, room = play_rated_game(open_page, name, say="good luck, bot")
    for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        size = viewport["width"]
        table = open_page(viewport=viewport, frames=False)
        look = table.page
        sign_up_quietly(look, unique("Looker"))
        room_made = make_from_lobby(look, "crazy-fishing", {0: "you", 1: "easy"})
        chat_line(look, "a line to see how the chat looks, long enough to wrap on a phone")
        wait_line(look, "a line to see how the chat looks, long enough to wrap on a phone")
        assert table.fits_width(), f"table {size}: {table.overflow()}"
        look.locator("#chat").scroll_into_view_if_needed()
        look.screenshot(path=str(folder / f"table-{label}.png"))
        look.goto(f"/#/player/{name}")
        look.wait_for_selector("svg.rating-chart")
        assert table.fits_width(), f"player {size}: {table.overflow()}"
        look.screenshot(path=str(folder / f"player-{label}.png"), full_page=True)
        look.goto("/#/leaderboard/flip-and-fish?least=1")
        look.wait_for_selector(f'#leaderboard tr[data-name="{name}"]')
        assert table.fits_width(), f"leaderboard {size}: {table.overflow()}"
        look.screenshot(path=str(folder / f"leaderboard-{label}.png"), full_page=True)
        look.goto(f"/#/replay/{room}?seat=0")
        look.wait_for_selector("#chat .chat-text")
        assert look.inner_text("#chat .chat-text") == "good luck, bot"
        look.screenshot(path=str(folder / f"replay-{label}.png"), full_page=True)
        assert room_made


def test_the_rated_box_is_an_account_s_and_a_refusal_is_the_server_s_line(
    open_page: OpenPage,
) -> None:
    page = open_page(frames=False).page
    page.goto("/#/")
    page.wait_for_selector("#create-room")
    assert page.locator("#rated-field").is_hidden()  # a guest plays unrated
    sign_up_quietly(page, unique("Rhea"))
    page.reload()
    page.wait_for_selector("#rated-field:not([hidden])")
    page.select_option("select[name=game]", "crazy-fishing")
    page.fill("input[name=players]", "2")
    page.dispatch_event("input[name=players]", "input")
    page.select_option("select[name=seat-1]", "hotseat")  # a second person: not rated
    page.check("#setting-rated")
    page.click("#create-room")
    page.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
    assert "rated" in page.inner_text("#error").lower()
    assert page.locator("main.room").count() == 0
