"""Accounts in the browser, each person in a browser context of their own: signing up, in and
out through the pages (the server's one line shown when it refuses), names at the table drawn as
text, an account's seat taken up on another device that holds no token, a password change that
signs the other devices out, and a deleted account's name gone from the table."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

import pytest
from tests.web.test_friends import make_from_lobby

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize
    from tests.web.conftest import OpenPage

pytestmark = pytest.mark.browser

PASSWORD = "a long enough password"
PHONE: ViewportSize = {"width": 360, "height": 740}

# Each seat's name in the Players panel, as the element that draws it holds it: its text, and
# how many elements it holds (a name is text: none).
NAMES = """
() => Object.fromEntries([...document.querySelectorAll("#people li")].map((item) => {
  const name = item.querySelector(".person-name");
  return [item.dataset.seat, name ? [name.textContent, name.childElementCount] : null];
}))
"""


def unique(stem: str) -> str:
    """A name no other test took (the server is the session's)."""
    return f"{stem}{secrets.token_hex(3)}"


def sign_up_quietly(page: Page, name: str, password: str = PASSWORD) -> dict[str, Any]:
    """Sign the page's browser up without the pages (its context keeps the cookie); the answer."""
    answer = page.request.post("/accounts", data={"name": name, "password": password})
    assert answer.status == 201, answer.text()
    info: dict[str, Any] = answer.json()
    return info


def sign_in_quietly(page: Page, name: str, password: str = PASSWORD) -> None:
    answer = page.request.post("/session", data={"name": name, "password": password})
    assert answer.ok, answer.text()


def signed_in_as(page: Page, name: str) -> None:
    """Wait until the account bar shows the name."""
    page.wait_for_selector("#account-button")
    assert page.inner_text("#account-name") == name


def names(page: Page) -> dict[int, tuple[str, int] | None]:
    found: dict[str, Any] = page.evaluate(NAMES)
    return {int(seat): tuple(entry) if entry else None for seat, entry in found.items()}


def wait_name(page: Page, seat: int, name: str) -> None:
    page.wait_for_function(
        "([seat, name]) => document.querySelector(`#people li[data-seat='${seat}'] .person-name`)"
        "?.textContent === name",
        arg=[seat, name],
    )


def test_sign_up_sign_out_and_sign_in_again_in_the_browser(open_page: OpenPage) -> None:
    page = open_page(frames=False).page
    name = unique("Marguerite")
    page.goto("/#/howto/fishing")
    page.wait_for_selector("article.howto > *")
    page.click("#bar-signup")
    page.wait_for_selector("#signup")
    assert page.url.endswith("#/signup?next=%2Fhowto%2Ffishing")
    assert page.get_attribute("#signup-name", "autocomplete") == "username"
    assert page.get_attribute("#signup-password", "autocomplete") == "new-password"
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.check("#signup-show")  # the password shown as typed
    assert page.get_attribute("#signup-password", "type") == "text"
    page.click("#signup-submit")
    signed_in_as(page, name)
    assert page.url.endswith("#/howto/fishing"), "not back where the person came from"

    page.reload()
    signed_in_as(page, name)

    page.click("#account-button")
    assert page.get_attribute("#account-button", "aria-expanded") == "true"
    page.keyboard.press("Escape")  # the menu closes, and its button keeps the focus
    assert page.is_hidden("#account-menu")
    assert page.evaluate("document.activeElement.id") == "account-button"
    page.click("#account-button")
    page.click("#menu-signout")
    page.wait_for_selector("#bar-signin")
    page.reload()
    page.wait_for_selector("#bar-signin")

    page.click("#bar-signin")
    page.wait_for_selector("#signin")
    assert page.get_attribute("#signin-password", "autocomplete") == "current-password"
    page.fill("#signin-name", name)
    page.fill("#signin-password", "not the password")
    # While the server answers, the form is busy: its button disabled and saying so.
    busy = page.evaluate(
        """() => {
          const form = document.querySelector("#signin");
          form.requestSubmit();
          const button = document.querySelector("#signin-submit");
          return [button.disabled, button.textContent, form.getAttribute("aria-busy")];
        }"""
    )
    assert busy == [True, "Signing in…", "true"]
    alert = page.locator("#signin-error")
    alert.wait_for(state="visible")
    assert alert.get_attribute("role") == "alert"
    assert alert.inner_text() == "that name and password do not match an account"
    assert page.is_enabled("#signin-submit")
    page.fill("#signin-password", PASSWORD)
    page.click("#signin-submit")
    signed_in_as(page, name)
    assert page.url.endswith("#/howto/fishing")

    # Another person tries the same name, in other letters' case: the server's line.
    other = open_page(frames=False).page
    other.goto("/#/signup")
    other.fill("#signup-name", name.upper())
    other.fill("#signup-password", PASSWORD)
    other.click("#signup-submit")
    taken = other.locator("#signup-error")
    taken.wait_for(state="visible")
    assert taken.inner_text() == f"the name '{name.upper()}' is taken: choose another"
    other.fill("#signup-name", "G")  # a rule broken: the server names it
    other.click("#signup-submit")
    other.wait_for_function(
        "() => document.querySelector('#signup-error').textContent.includes('3 to 20')"
    )
    assert other.is_visible("#bar-signin")


def test_names_at_the_table_and_the_account_s_seat_on_another_device(
    open_page: OpenPage,
) -> None:
    ann, bob = unique("Ann"), unique("Bob")
    first = open_page(frames=False).page
    sign_up_quietly(first, ann)
    room = make_from_lobby(first, "crazy-fishing", {0: "you", 1: "public"})

    friend = open_page(frames=False).page
    sign_up_quietly(friend, bob)
    friend.goto("/#/")
    friend.click(f'#live-rooms [data-room="{room}"] a:text("Join as Player 2")')
    friend.wait_for_selector('main.room[data-seat="1"]')
    for page in (first, friend):
        wait_name(page, 0, ann)
        wait_name(page, 1, bob)
        # Each name is its element's text alone: no element inside it.
        assert names(page) == {0: (ann, 0), 1: (bob, 0)}
    assert "Player 1 (you)" in first.inner_text('#people li[data-seat="0"]')
    assert "here" in friend.inner_text('#people li[data-seat="0"]')

    # Ann's other device: signed in, no token for the room in its storage.
    device = open_page()
    other = device.page
    sign_in_quietly(other, ann)
    other.goto("/#/")
    other.wait_for_selector(f'#your-tables [data-room="{room}"]')
    other.click(f'#your-tables [data-room="{room}"] a')
    other.wait_for_selector('main.room[data-seat="0"]')
    held = other.evaluate("room => localStorage.getItem(`angler:tokens:${room}`)", room)
    assert held is None, "the device was given a token"
    assert {"type": "hello", "account": True} in device.sent
    assert "You are Player 1" in other.inner_text(".room-head")
    friend.click("#actions [data-action]")  # Bob casts; Ann's cast, from her other device, ends
    assert device.wait_turn_or_end(-1) == "turn"  # the round's casts
    before = device.play_first_action()
    first.wait_for_function(
        "v => Number(document.querySelector('main.room').dataset.version) > v", arg=before
    )
    wait_name(other, 1, bob)

    # Bob's invitation link opened on Bob's other device: his seat, not "already taken".
    bob_device = open_page(frames=False).page
    sign_in_quietly(bob_device, bob)
    bob_device.goto(f"/#/join/{room}/1")
    bob_device.wait_for_selector('main.room[data-seat="1"]')

    # Signed out on the other device, its table is a spectator's.
    other.click("#account-button")
    other.click("#menu-signout")
    other.wait_for_selector('main.room[data-seat="spectator"]')
    other.wait_for_selector("#bar-signin")


def test_a_new_password_signs_the_other_devices_out(open_page: OpenPage) -> None:
    name = unique("Cleo")
    here = open_page(frames=False).page
    sign_up_quietly(here, name)
    elsewhere = open_page(frames=False).page
    sign_in_quietly(elsewhere, name)
    elsewhere.goto("/#/")
    signed_in_as(elsewhere, name)

    here.goto("/#/")
    here.click("#account-button")
    here.click("#menu-account")
    here.wait_for_selector("#change-password")
    assert here.inner_text("#account-page-name") == name
    here.fill("#current-password", "a wrong password")
    here.fill("#new-password", "another long password")
    here.click("#password-submit")
    here.locator("#password-error").wait_for(state="visible")
    assert here.inner_text("#password-error") == "the current password is not right"
    here.fill("#current-password", PASSWORD)
    here.click("#password-submit")
    here.locator("#password-done").wait_for(state="visible")
    assert "Your other devices are signed out" in here.inner_text("#password-done")
    assert here.is_hidden("#password-error")

    elsewhere.reload()
    elsewhere.wait_for_selector("#bar-signin")
    here.reload()  # this browser's new session stays
    signed_in_as(here, name)
    # The new CSRF token is the one sent: signing out works.
    here.click("#account-button")
    here.click("#menu-signout")
    here.wait_for_selector("#bar-signin")
    sign_in_quietly(here, name, "another long password")


def test_a_deleted_account_s_name_leaves_the_table(open_page: OpenPage) -> None:
    name = unique("Dora")
    owner = open_page(frames=False).page
    sign_up_quietly(owner, name)
    room = make_from_lobby(owner, "crazy-fishing", {0: "you", 1: "public"})
    guest = open_page(frames=False).page
    guest.goto(f"/#/join/{room}/1")
    guest.wait_for_selector('main.room[data-seat="1"]')
    wait_name(guest, 0, name)
    wait_name(guest, 1, "Guest 2")

    owner.goto("/#/account")
    owner.wait_for_selector(f'#account-rooms [data-room="{room}"]')
    assert "cannot be undone" in owner.inner_text("#delete-warning")
    owner.fill("#delete-password", "not it")
    owner.click("#delete-submit")
    owner.locator("#delete-error").wait_for(state="visible")
    assert owner.inner_text("#delete-error") == "the password is not right"
    owner.fill("#delete-password", PASSWORD)
    owner.click("#delete-submit")
    owner.wait_for_selector("#account-deleted")
    owner.wait_for_selector("#bar-signin")

    wait_name(guest, 0, "Deleted player")
    assert name not in guest.inner_text("#people")
    # The browser that made the room still holds its seat by its token.
    owner.goto(f"/#/room/{room}")
    owner.wait_for_selector('main.room[data-seat="0"]')
    wait_name(owner, 0, "Deleted player")


def test_the_account_bar_and_pages_fit_a_phone(open_page: OpenPage) -> None:
    table = open_page(viewport=PHONE, frames=False)
    page = table.page
    page.goto("/#/signin")
    page.wait_for_selector("#signin")
    assert table.fits_width()
    name = unique("Maximiliane") + "xxx"  # 20 characters: the longest name
    assert len(name) == 20
    sign_up_quietly(page, name)
    page.reload()  # the page asks who is signed in as it loads
    for address in ("/#/", "/#/account", "/#/howto/fishing"):
        page.goto(address)
        signed_in_as(page, name)
        assert table.fits_width(), address
        header = page.locator("header.top").bounding_box()
        assert header is not None and header["height"] < 60, f"the header wraps: {header}"
    page.click("#account-button")
    menu = page.locator("#account-menu").bounding_box()
    assert menu is not None
    assert menu["x"] >= 0 and menu["x"] + menu["width"] <= PHONE["width"], menu


def test_a_sign_in_elsewhere_in_this_browser_is_learnt_at_the_next_post(
    open_page: OpenPage,
) -> None:
    """The page holds the CSRF token of the session it knew; another sign-in in the same browser
    (here without a page, so no tab is told) replaces the cookie. The page's next POST is refused
    `csrf`: it asks who is signed in now, and posts again as them."""
    first, second = unique("Edda"), unique("Fritz")
    page = open_page(frames=False).page
    sign_up_quietly(page, first)
    page.goto("/#/")
    signed_in_as(page, first)
    sign_up_quietly(page, second)  # the cookie is now the second account's
    room = make_from_lobby(page, "crazy-fishing", {0: "you", 1: "easy"})
    signed_in_as(page, second)
    wait_name(page, 0, second)  # the room was made as the second account
    assert room
