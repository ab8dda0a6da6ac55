"""Quick play and the lobby's live list in the browser: two guests pressing "Play now" meet at
one table; a refusal is the server's one line; a quick-play table's free seat goes to a bot after
its wait, and the game starts; the live list names who waits with their rating (a name holding
markup shown as text); and its filters by game and table rating, kept across the list's refreshes
and in the address. The lobby with its quick play panel and waiting tables at a phone's width and
a desktop's, as screenshots."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest
from tests.server.browsers import give_rating
from tests.web.table import DRAWN, create_room
from tests.web.test_accounts import sign_up_quietly, unique, wait_name
from tests.web.test_people import DESKTOP, HOSTILE, PHONE, shots

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage

pytestmark = pytest.mark.browser

BOT_WAIT_MS = 20_000  # the shortest wait (5 s), the bot's seat and the first state, with room


def take_open_seats(served: Served, game: str, players: int) -> None:
    """Claim every free public seat of the lobby's tables of ``game`` with ``players`` seats: the
    server is the session's, and quick play would seat a test at another test's table."""
    status, rooms = served.request("GET", f"/rooms?game={game}")
    assert status == 200, rooms
    for room in rooms:
        if room["players"] == players:
            for seat in room["open_seats"]:
                served.request("POST", f"/rooms/{room['room']}/seats/{seat}")


def set_rating(served: Served, page: Page, game: str, mu: float, sigma: float = 2.0) -> None:
    """Give the page's signed-in account a rating in ``game`` (as rated games would)."""
    account = page.request.get("/session").json()["id"]
    give_rating(served.app.state.hub.store, account, game, mu, sigma)


def open_lobby(page: Page) -> None:
    page.goto("/#/")
    page.wait_for_selector("#quick-play-now")
    page.wait_for_selector("#live-rooms li")


def play_now(page: Page, game: str, players: str, wait: str, rated: bool = False) -> str:
    """Quick play from the lobby's panel; the room the page goes to (once drawn)."""
    page.select_option("#quick-game", game)
    page.select_option("#quick-players", players)
    page.select_option("#quick-wait", wait)
    if rated:
        page.check("#quick-rated")
    page.click("#quick-play-now")
    page.wait_for_selector(DRAWN)
    return page.get_attribute("main.room", "data-room") or ""


def held_tokens(page: Page, room: str) -> dict[str, str]:
    held: dict[str, str] = page.evaluate(
        "room => JSON.parse(localStorage.getItem(`angler:tokens:${room}`) || '{}')", room
    )
    return held


def test_two_guests_pressing_play_now_meet_at_one_table(
    open_page: OpenPage, served: Served
) -> None:
    take_open_seats(served, "flip-and-fish", 2)
    first = open_page(frames=False).page
    second = open_page(frames=False).page
    for page in (first, second):
        open_lobby(page)
    # The panel: players Any or the game's counts, the waits, no "Rated" for a guest.
    first.select_option("#quick-game", "flip-and-fish")
    counts = first.eval_on_selector_all("#quick-players option", "os => os.map(o => o.value)")
    assert counts[0] == "" and counts[1] == "2", counts
    assert first.input_value("#quick-wait") == "60"
    assert first.is_hidden("#quick-rated")

    room = play_now(first, "flip-and-fish", "2", "15")
    assert first.get_attribute("main.room", "data-seat") == "0"
    assert list(held_tokens(first, room)) == ["0"]  # kept as a claimed seat's token
    assert first.inner_text("#notice") == (
        "Quick play: a new table of Flip & Fish waits for people. "
        "If nobody comes, bots take its free seats after 15 seconds."
    )

    assert play_now(second, "flip-and-fish", "2", "15") == room
    assert second.get_attribute("main.room", "data-seat") == "1"
    assert list(held_tokens(second, room)) == ["1"]
    joined = "Quick play: you joined a table of Flip & Fish as Player 2."
    assert second.inner_text("#notice") == joined
    status, info = served.request("GET", f"/rooms/{room}")
    assert status == 200 and info["seats"] == ["human", "public"] and info["open_seats"] == []
    wait_name(first, 1, "Guest 2")  # the first page sees the second person sit down
    # The lobby remembers the game quick play last started.
    open_lobby(first)
    assert first.input_value("#quick-game") == "flip-and-fish"
    assert first.input_value("select[name=game]") == "flip-and-fish"


def test_a_refusal_is_the_server_s_one_line_and_the_lobby_stays(open_page: OpenPage) -> None:
    page = open_page(frames=False).page
    line = "too many new rooms from this address: try again in 12 s"

    def refuse(route: Route) -> None:
        route.fulfill(
            status=429, json={"error": "rate", "message": line}, headers={"retry-after": "12"}
        )

    page.route("**/quickplay", refuse)
    open_lobby(page)
    page.click("#quick-play-now")
    page.wait_for_selector("#quick-error:not(:empty)")
    assert page.inner_text("#quick-error") == line
    assert page.get_attribute("#quick-error", "role") == "alert"
    assert page.inner_text("#quick-status") == "" and page.is_enabled("#quick-play-now")
    assert page.url.endswith("/#/")


def test_a_quick_play_table_s_free_seat_goes_to_a_bot_and_the_game_starts(
    open_page: OpenPage, served: Served
) -> None:
    take_open_seats(served, "crazy-fishing", 2)
    table = open_page(frames=False)
    page = table.page
    open_lobby(page)
    room = play_now(page, "crazy-fishing", "2", "5")
    assert "after 5 seconds" in page.inner_text("#notice")
    page.wait_for_selector('#people li[data-seat="1"][data-state="waiting"]')
    page.wait_for_selector('#people li[data-seat="1"][data-state="bot"]', timeout=BOT_WAIT_MS)
    status, info = served.request("GET", f"/rooms/{room}")
    assert status == 200 and info["seats"][1] not in ("public", "human"), info
    # The game has started: this seat decides (now, or once the bot has moved) and moves.
    assert table.wait_turn_or_end(-1) == "turn"
    moved_at = table.play_first_action()
    page.wait_for_function(
        "v => Number(document.querySelector('main.room').dataset.version) > v", arg=moved_at
    )


def hostile_room(live: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The live list with one more table, whose person's name holds markup: no account may
    hold such a name (letters, digits, spaces and _ - . ' only), so it is made up here."""
    made_up = {
        "room": "made-up-room",
        "game": "fishing",
        "players": 3,
        "seats": ["human", "public", "public"],
        "open_seats": [1, 2],
        "to_act": [],
        "version": 0,
        "people": [{"seat": 0, "name": HOSTILE, "rating": {"mu": 20.0, "sigma": 3.0}}],
        "rating": 20.0,
        "rated": False,
    }
    return [*live, made_up]


def test_the_live_list_names_who_waits_with_their_rating_as_text(
    open_page: OpenPage, served: Served
) -> None:
    name = unique("O'Neil-Ann")  # an apostrophe and a hyphen: names allow them
    host = open_page(frames=False).page
    sign_up_quietly(host, name)
    set_rating(served, host, "crazy-fishing", 31.2)
    open_lobby(host)
    host.wait_for_selector("#quick-rated")  # "Rated", for an account
    assert host.is_visible("#quick-rated")
    room = play_now(host, "crazy-fishing", "3", "300", rated=True)
    assert "new table" in host.inner_text("#notice")

    viewer = open_page(frames=False).page

    def with_markup(route: Route) -> None:
        answer = route.fetch()
        route.fulfill(response=answer, json=hostile_room(answer.json()))

    viewer.route("**/rooms/live", with_markup)
    open_lobby(viewer)
    listed = viewer.locator(f'#live-rooms li[data-room="{room}"]')
    listed.wait_for()
    person = listed.locator(".person-name")
    assert person.inner_text() == name
    assert person.get_attribute("href") == "#/player/" + quote(name, safe="'")
    assert listed.locator(".room-person").text_content() == f"{name} (μ 31.2 ± 2.0)"
    words = listed.inner_text()
    assert "table rating μ 31.2" in words and "Join as Player 2" in words
    assert listed.locator(".tag.rated").inner_text() == "Rated"

    made_up = viewer.locator('#live-rooms li[data-room="made-up-room"]')
    assert made_up.locator(".person-name").inner_text() == HOSTILE
    assert made_up.locator(".person-name").evaluate("node => node.childElementCount") == 0
    assert viewer.locator("#live-rooms img, #live-rooms script").count() == 0
    assert viewer.evaluate("() => window.pwned") is None

    # A table of guests says it has no rating, and names its guests without a link.
    guests = create_room(served, "fishing", seats=["human", "public", "random"])
    guest_row = viewer.locator(f'#live-rooms li[data-room="{guests["room"]}"]')
    guest_row.wait_for()  # at the list's next refresh
    assert "no table rating" in guest_row.inner_text()
    assert guest_row.locator("span.person-name").inner_text() == "Guest 1"

    # The host cancels the waiting table: nothing is left to play on after the test.
    host.click("#cancel-room")
    host.click("#confirm-yes")
    host.wait_for_selector("#result:not([hidden])")


def visible_rooms(page: Page) -> set[str]:
    rooms: list[str] = page.eval_on_selector_all(
        "#live-rooms li[data-room]", "items => items.map(item => item.dataset.room)"
    )
    return set(rooms)


def ratings_shown(page: Page) -> list[str | None]:
    found: list[str | None] = page.eval_on_selector_all(
        "#live-rooms li[data-room]", "items => items.map(item => item.dataset.rating ?? null)"
    )
    return found


def next_live_list(page: Page, holding: str) -> int:
    """Wait for the lobby's next refresh whose live list holds the room ``holding``; its length."""
    for _ in range(5):
        with page.expect_response(lambda answer: answer.url.endswith("/rooms/live")) as live:
            pass
        rooms: list[dict[str, Any]] = live.value.json()
        if any(room["room"] == holding for room in rooms):
            return len(rooms)
    raise AssertionError(f"the lobby's live list never held {holding}")


MAKE_ROOM = """
async (body) => (await (await import("/static/net.js")).api("/rooms", {
  method: "POST", body: JSON.stringify(body) })).room
"""


def test_the_live_list_filters_by_game_and_table_rating(
    open_page: OpenPage, served: Served
) -> None:
    host = open_page(frames=False).page
    sign_up_quietly(host, unique("Hana"))
    set_rating(served, host, "crazy-fishing", 40.0)
    host.goto("/#/")
    host.wait_for_selector("#quick-play-now")
    # Hana's table waits for a second person (no wait for bots): rated 40.
    high = host.evaluate(MAKE_ROOM, {"game": "crazy-fishing", "seats": ["human", "public"]})
    guests = create_room(served, "fishing", seats=["human", "public", "random"])["room"]

    viewer = open_page(frames=False).page
    open_lobby(viewer)
    viewer.wait_for_selector(f'#live-rooms li[data-room="{high}"]')
    assert {high, guests} <= visible_rooms(viewer)
    assert viewer.is_hidden("#live-shown")  # no filter: no count

    viewer.select_option("#filter-game", "crazy-fishing")
    shown = visible_rooms(viewer)
    assert high in shown and guests not in shown
    assert viewer.eval_on_selector_all(
        "#live-rooms li[data-room]", "items => items.every(i => i.dataset.game === 'crazy-fishing')"
    )
    assert viewer.inner_text("#live-shown").startswith(f"Showing {len(shown)} of ")
    assert "game=crazy-fishing" in viewer.url

    # A range: the guests' table (no rating) is left out, as GET /rooms does.
    viewer.select_option("#filter-game", "")
    viewer.fill("#filter-min", "35")
    shown = visible_rooms(viewer)
    assert high in shown and guests not in shown
    assert all(r is not None and float(r) >= 35 for r in ratings_shown(viewer))
    viewer.fill("#filter-max", "39.5")
    assert high not in visible_rooms(viewer)
    viewer.fill("#filter-max", "45")
    assert high in visible_rooms(viewer)
    assert viewer.url.endswith("#/?rating_min=35&rating_max=45")

    # The filters hold across the list's refreshes: a new table of guests, listed at the next
    # refresh, stays out, and Hana's stays in.
    later = create_room(served, "fishing", seats=["human", "public", "random"])["room"]
    total = next_live_list(viewer, later)
    viewer.wait_for_function(
        "n => document.querySelector('#live-shown').textContent.includes(`of ${n} `)", arg=total
    )
    shown = visible_rooms(viewer)
    assert high in shown and later not in shown

    # They stay on a reload (the address), and on the lobby's own link (the tab's session).
    viewer.reload()
    viewer.wait_for_selector(f'#live-rooms li[data-room="{high}"]')
    assert viewer.input_value("#filter-min") == "35" and viewer.input_value("#filter-max") == "45"
    assert guests not in visible_rooms(viewer)
    viewer.goto("/#/howto/fishing")
    viewer.wait_for_selector("article.howto > *")
    viewer.goto("/#/")
    viewer.wait_for_selector(f'#live-rooms li[data-room="{high}"]')
    assert viewer.input_value("#filter-min") == "35"
    assert guests not in visible_rooms(viewer)

    viewer.click("#filter-clear")
    assert {high, guests, later} <= visible_rooms(viewer)
    assert viewer.url.endswith("#/") and viewer.is_hidden("#filter-clear")

    # A filter with nothing to show says so.
    viewer.fill("#filter-min", "1000")
    viewer.wait_for_selector("#live-rooms li:text('No live game matches these filters.')")


def test_the_lobby_with_quick_play_and_waiting_tables_at_a_phone_and_a_desktop(
    open_page: OpenPage, served: Served, tmp_path: Path
) -> None:
    folder = shots(tmp_path)
    host = open_page(frames=False).page
    name = unique("Ann")
    sign_up_quietly(host, name)
    set_rating(served, host, "flip-and-fish", 27.4, 3.1)
    host.goto("/#/")
    host.wait_for_selector("#quick-play-now")
    host.evaluate(
        MAKE_ROOM,
        {"game": "flip-and-fish", "seats": ["human", "public", "public"]},
    )
    create_room(served, "fishing", seats=["human", "public", "random"])
    for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        table = open_page(viewport=viewport, frames=False)
        look = table.page
        sign_up_quietly(look, unique("Looker"))
        open_lobby(look)
        look.wait_for_selector("#quick-rated")
        look.wait_for_selector(f"#live-rooms .person-name:text('{name}')")
        assert table.fits_width(), f"lobby {viewport['width']}: {table.overflow()}"
        look.screenshot(path=str(folder / f"lobby-{label}.png"), full_page=True)
        look.locator("#live-title").scroll_into_view_if_needed()
        look.screenshot(path=str(folder / f"lobby-live-{label}.png"))
