"""axe-core (through axe-playwright-python) on every page of the browser table, at a desktop's
size and a phone's: the lobby (a guest's, and an account's with a rated table waiting and the live
list filtered), each game's how-to-play and rules pages, each game's table mid-game
and at its end, each game's replay, the hot-seat pass screen, a spectator's table, an invitation,
a finished table offering to play again, the keys list, the sign-in page (refusing), the sign-up
page, the account's page, a table with names and the account menu open, and a page that is not
there. Every violation of axe's default rules (WCAG A and AA, and its best practices such as
landmarks and heading order), of any impact, fails the test, named by its rule, impact and
elements; so does one of ``label-content-name-mismatch`` (an experimental rule, off by default: a
card's accessible name must contain the text it shows)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import pytest
from tests.web.table import FAST_BOTS, GAMES, create_room

from angler.server import rooms as server_rooms

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage
    from tests.web.table import Watched

pytestmark = pytest.mark.browser

axe_sync = pytest.importorskip(
    "axe_playwright_python.sync_playwright",
    reason="axe-playwright-python is not installed: pip install -e '.[dev]'",
)

VIEWPORTS: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 360, "height": 740},
}
AXE_OPTIONS = {
    "resultTypes": ["violations"],
    "rules": {"label-content-name-mismatch": {"enabled": True}},
}
SEED = 2026  # every room's deal, and its bots' choices: the same table states each run
FINISH_S = 60.0  # a room of bots plays to its end well within this
# A finished room's person's seat: every decision of theirs is taken by a random bot at once.
AT_ONCE = {**FAST_BOTS, "turn_s": 0, "takeover": "random"}

Finished = dict[str, dict[str, Any]]
"""Each game's finished room, as ``POST /rooms`` answered (seat 0: a person's, with its token)."""


def violations(page: Page) -> list[str]:
    """axe's violations on the page as it is now: one line each, its rule, impact and the
    elements that break it."""
    results = axe_sync.Axe().run(page, options=AXE_OPTIONS)
    return [
        f"{rule['id']} ({rule['impact']}): {rule['help']}: "
        + "; ".join(" ".join(map(str, node["target"])) for node in rule["nodes"])
        for rule in results.response["violations"]
    ]


@contextmanager
def seeded() -> Iterator[None]:
    """Rooms made meanwhile are dealt from SEED: the server draws each room's seed from
    ``secrets``, which the test's server (in this process) finds replaced by a stand-in."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(server_rooms, "secrets", SimpleNamespace(randbits=lambda bits: SEED))
        yield


@pytest.fixture(autouse=True)
def _seeded() -> Iterator[None]:
    with seeded():
        yield


@pytest.fixture(scope="module")
def finished(served: Served) -> Finished:
    """One finished room of each game, whose seat 0 is a person's (bots moved for it)."""
    with seeded():
        rooms = {game: create_room(served, game, settings=AT_ONCE) for game in GAMES}
    deadline = time.monotonic() + FINISH_S
    waiting = {room["room"] for room in rooms.values()}
    while waiting:
        assert time.monotonic() < deadline, f"rooms not finished: {waiting}"
        waiting -= {done["room"] for done in served.request("GET", "/rooms/finished")[1]}
        time.sleep(0.05)
    return rooms


# ----- the pages: each brings a fresh page to one state -----


def lobby(table: Watched, served: Served, rooms: Finished) -> None:
    create_room(served, "fishing", seats=["human", "public", "random"])  # a game to join or watch
    table.page.goto("/#/")
    table.page.wait_for_selector("#live-rooms li[data-room]")
    table.page.wait_for_selector("#finished-rooms li[data-room]")


def lobby_people(table: Watched, served: Served, rooms: Finished) -> None:
    """The lobby signed in (quick play's "Rated" shown), a rated table waiting with the account's
    name and rating, and the live list filtered by a rating range (its count and help shown)."""
    request = table.page.request
    answer = request.post(
        "/accounts", data={"name": f"Axe{secrets.token_hex(3)}", "password": "long enough"}
    )
    assert answer.status == 201, answer.text()
    body = {"game": "fishing", "seats": ["human", "public", "normal"], "settings": {"rated": True}}
    made = request.post("/rooms", data=body, headers={"x-csrf-token": answer.json()["csrf"]})
    assert made.status == 201, made.text()
    table.page.goto("/#/?rating_min=0&rating_max=100")
    table.page.wait_for_selector("#quick-rated")
    table.page.wait_for_selector(f'#live-rooms li[data-room="{made.json()["room"]}"] .tag.rated')
    table.page.wait_for_selector("#live-shown:not(:empty)")


def howto(game: str, part: str) -> Callable[[Watched, Served, Finished], None]:
    def show(table: Watched, served: Served, rooms: Finished) -> None:
        table.page.goto(f"/#/howto/{game}{'/rules' if part == 'rules' else ''}")
        table.page.wait_for_selector("article.howto > *")

    return show


def mid_game(game: str) -> Callable[[Watched, Served, Finished], None]:
    def show(table: Watched, served: Served, rooms: Finished) -> None:
        room = create_room(served, game)
        table.open_room(room["room"], 0, room["seats"][0]["token"])
        moved_at = table.play_first_action() if table.wait_turn_or_end(-1) == "turn" else -1
        assert table.wait_turn_or_end(moved_at) == "turn", "the game ended at its first move"

    return show


def game_over(game: str) -> Callable[[Watched, Served, Finished], None]:
    def show(table: Watched, served: Served, rooms: Finished) -> None:
        room = rooms[game]
        table.open_room(room["room"], 0, room["seats"][0]["token"])
        assert table.wait_turn_or_end(-1) == "over"

    return show


def replay(game: str) -> Callable[[Watched, Served, Finished], None]:
    def show(table: Watched, served: Served, rooms: Finished) -> None:
        table.page.goto(f"/#/replay/{rooms[game]['room']}?seat=all&step=3")
        table.page.wait_for_selector("main.replay .board *")

    return show


def pass_screen(table: Watched, served: Served, rooms: Finished) -> None:
    room = create_room(served, "fishing", seats=["human", "human", "random"])
    for seat in room["seats"][:2]:  # this browser holds both people's seats: a hot seat
        table.page.goto(f"/#/room/{room['room']}?seat={seat['seat']}&token={seat['token']}")
        table.page.wait_for_selector("main.room")
    table.page.wait_for_selector("#pass-screen:not([hidden]) #pass-ready")


def spectator(table: Watched, served: Served, rooms: Finished) -> None:
    room = create_room(served, "crazy-fishing", seats=["random", "open"])
    table.page.goto(f"/#/room/{room['room']}?watch")
    table.page.wait_for_selector('main.room[data-seat="spectator"]')


def invitation(table: Watched, served: Served, rooms: Finished) -> None:
    """The creator's table while a friend has not come: the link, giving the seat to a bot."""
    settings = {"pace_ms": 0, "claim_wait_s": 0}  # the table offers the seat at once
    room = create_room(served, "fishing", seats=["human", "open", "random"], settings=settings)
    table.page.goto("/#/")
    table.page.evaluate(  # the code, as the browser that made the room keeps it
        "([room, code]) =>"
        " localStorage.setItem(`angler:invites:${room}`, JSON.stringify({1: code}))",
        [room["room"], room["seats"][1]["code"]],
    )
    table.open_room(room["room"], 0, room["seats"][0]["token"])
    table.page.wait_for_selector(".invite-link")
    table.page.wait_for_selector("#seat-offer:not([hidden])")


def resigning(table: Watched, served: Served, rooms: Finished) -> None:
    """The question before a person resigns."""
    mid_game("crazy-fishing")(table, served, rooms)
    table.page.click("#resign")
    table.page.wait_for_selector("dialog.confirm[open]")


def rematch(table: Watched, served: Served, rooms: Finished) -> None:
    """A finished table whose other person asked to play again: each seat's answer, and the
    two buttons."""
    room = create_room(served, "crazy-fishing", seats=["human", "public"])
    status, claimed = served.request("POST", f"/rooms/{room['room']}/seats/1")
    assert status == 200, claimed
    table.open_room(room["room"], 0, room["seats"][0]["token"])
    other = served.socket(room["room"], claimed["token"])
    try:
        other.send({"type": "resign"})  # two players: the page's seat wins at once
        table.page.wait_for_selector("#result:not([hidden]) #rematch-yes")
        other.send({"type": "rematch"})
        table.page.wait_for_selector("#rematch-answers li[data-answer='yes']")
        table.page.wait_for_selector("#rematch-no:not([hidden])")
    finally:
        other.close()


FINISHED = "/rooms/finished"


def abandoned(table: Watched, served: Served, rooms: Finished) -> None:
    """A game every person left, as its person finds it afterwards."""
    settings = {"pace_ms": 0, "abandon_s": 0}  # nobody comes: it ends at once
    room = create_room(served, "fishing", seats=["human", "random", "random"], settings=settings)
    deadline = time.monotonic() + FINISH_S
    while room["room"] not in {done["room"] for done in served.request("GET", FINISHED)[1]}:
        assert time.monotonic() < deadline, "the room was not abandoned"
        time.sleep(0.05)
    table.open_room(room["room"], 0, room["seats"][0]["token"])
    table.page.wait_for_selector('#result[data-ended="abandoned"]:not([hidden])')


def keys(table: Watched, served: Served, rooms: Finished) -> None:
    mid_game("flip-and-fish")(table, served, rooms)
    table.page.keyboard.press("?")
    table.page.wait_for_selector("dialog.keys[open]")


def signin_refused(table: Watched, served: Served, rooms: Finished) -> None:
    table.page.goto("/#/signin")
    table.page.fill("#signin-name", "Nobody here")
    table.page.fill("#signin-password", "not the password")
    table.page.click("#signin-submit")
    table.page.wait_for_selector("#signin-error:not(:empty)")


def signup(table: Watched, served: Served, rooms: Finished) -> None:
    table.page.goto("/#/signup")
    table.page.wait_for_selector("#signup")


def signed_in_room(table: Watched) -> dict[str, Any]:
    """A new account signed in on the page, and a room it made (seat 0 its own)."""
    request = table.page.request
    answer = request.post(
        "/accounts", data={"name": f"Axe{secrets.token_hex(3)}", "password": "long enough"}
    )
    assert answer.status == 201, answer.text()
    body = {"game": "fishing", "seats": ["human", "random", "random"], "settings": FAST_BOTS}
    made = request.post("/rooms", data=body, headers={"x-csrf-token": answer.json()["csrf"]})
    assert made.status == 201, made.text()
    room: dict[str, Any] = made.json()
    return room


def account(table: Watched, served: Served, rooms: Finished) -> None:
    signed_in_room(table)
    table.page.goto("/#/account")
    table.page.wait_for_selector("#account-rooms li[data-room]")


def account_menu(table: Watched, served: Served, rooms: Finished) -> None:
    """A table whose Players panel shows a name, with the account's menu open."""
    room = signed_in_room(table)
    table.open_room(room["room"], 0, room["seats"][0]["token"])
    table.page.wait_for_selector("#people .person-name")
    table.page.click("#account-button")
    table.page.wait_for_selector("#account-menu:not([hidden])")


def nowhere(table: Watched, served: Served, rooms: Finished) -> None:
    table.page.goto("/#/nowhere")
    table.page.wait_for_selector("#app main")


PAGES: dict[str, Callable[[Watched, Served, Finished], None]] = {
    "lobby": lobby,
    "lobby-people": lobby_people,
    **{f"howto-{game}": howto(game, "howto") for game in GAMES},
    **{f"rules-{game}": howto(game, "rules") for game in GAMES},
    **{f"table-{game}": mid_game(game) for game in GAMES},
    **{f"over-{game}": game_over(game) for game in GAMES},
    **{f"replay-{game}": replay(game) for game in GAMES},
    "pass-screen": pass_screen,
    "spectator": spectator,
    "invitation": invitation,
    "resigning": resigning,
    "rematch": rematch,
    "abandoned": abandoned,
    "keys": keys,
    "signin": signin_refused,
    "signup": signup,
    "account": account,
    "account-menu": account_menu,
    "not-here": nowhere,
}


@pytest.mark.parametrize("size", list(VIEWPORTS))
@pytest.mark.parametrize("name", list(PAGES))
def test_the_page_has_no_accessibility_violations(
    name: str, size: str, served: Served, open_page: OpenPage, finished: Finished
) -> None:
    table = open_page(viewport=VIEWPORTS[size], reduced_motion=True, frames=False)
    PAGES[name](table, served, finished)
    found = violations(table.page)
    assert not found, f"{name} at {size}: {len(found)} rules broken:\n" + "\n".join(found)
