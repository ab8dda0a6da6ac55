"""The browser table under its Content-Security-Policy (``server/security_headers.py``): the
server's own scripts and styles only, no style attribute written as text. Every page is used as
a person uses it (each game's table for a few moves, a replay, the lobby, signing up, out and in,
the account page, a player page with its rating chart, a leaderboard, how to play) with a record
of every ``securitypolicyviolation`` the document reports, which must stay empty; the console is
watched too (``conftest.py``: Chromium logs each refusal as an error). And the policy is in force:
an inline style or script is refused, where the kit's ``style`` object still applies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from tests.web.table import GAMES, create_room
from tests.web.test_accounts import PASSWORD, signed_in_as, unique
from tests.web.test_people import play_rated
from tests.web.test_replays import finished_room

from angler.server.security_headers import POLICY

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage

pytestmark = pytest.mark.browser

MOVES = 5  # each game's first few moves: every part of its board drawn at least once
# Before any script of the page runs: each violation the document reports, in one line.
RECORD = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.violations.push(
    `${event.effectiveDirective} refused ${event.blockedURI || "inline"} ` +
    `at ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
  );
});
"""


def watched(page: Page) -> Page:
    page.add_init_script(RECORD)
    return page


def violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.violations")
    return found


def assert_none(page: Page, where: str) -> None:
    assert violations(page) == [], f"{where}: {violations(page)}"


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_s_table_runs_under_the_policy(
    game: str, served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, game)
    table = open_page(frames=False)
    page = watched(table.page)
    response = page.goto("/")
    assert response is not None and response.headers["content-security-policy"] == POLICY
    table.open_room(room["room"], 0, room["seats"][0]["token"])
    moved_at = -1
    for _ in range(MOVES):
        if table.wait_turn_or_end(moved_at) == "over":
            break
        moved_at = table.play_first_action()
        assert_none(page, f"{game} after a move")
    # The boards' sizes set through the CSSOM (kit.h's style object) took.
    styled: dict[str, list[str]] = page.evaluate(
        """() => ({
          tiers: [...document.querySelectorAll(".fb-tier-bar span")].map((e) => e.style.width),
          area: [...document.querySelectorAll(".ff-table-area")].map((e) => e.style.flexBasis),
          table: [...document.querySelectorAll("svg.ff-table")].map((e) => e.style.maxWidth),
        })"""
    )
    if game == "fishing":
        assert styled["tiers"] and all(width.endswith("%") for width in styled["tiers"])
    if game == "flip-and-fish":
        assert styled["area"] and all(basis.startswith("calc(") for basis in styled["area"])
        assert styled["table"] and all(width.startswith("calc(") for width in styled["table"])
    assert_none(page, game)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_replay_runs_under_the_policy(game: str, served: Served, open_page: OpenPage) -> None:
    room = finished_room(served, game)
    page = watched(open_page(frames=False).page)
    page.goto(f"/#/replay/{room}?seat=all")
    page.wait_for_selector("main.replay .replay-step")
    for _ in range(4):
        page.click("#next")
    page.click("#last")
    page.wait_for_selector("main.replay .board *")
    assert_none(page, f"the replay of {game}")


def test_the_lobby_accounts_and_players_pages_run_under_the_policy(open_page: OpenPage) -> None:
    table = open_page(reduced_motion=True, frames=False)
    page = watched(table.page)
    name = unique("Paz")
    page.goto("/#/")
    page.wait_for_selector("#create-room")
    assert_none(page, "the lobby")

    for game in GAMES:
        for part in ("", "/rules"):
            page.goto(f"/#/howto/{game}{part}")
            page.wait_for_selector("article.howto > *")
    assert_none(page, "how to play")

    page.click("#bar-signup")
    page.wait_for_selector("#signup")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-submit")
    signed_in_as(page, name)
    assert_none(page, "signing up")

    room = play_rated(table)  # a rated game, set up in the lobby: a rating to chart
    assert_none(page, "a rated game")

    page.goto(f"/#/player/{name}")
    page.wait_for_selector("svg.rating-chart path.mu")
    page.goto("/#/leaderboard/flip-and-fish?least=1")
    page.wait_for_selector(f'#leaderboard tr[data-name="{name}"]')
    page.goto(f"/#/replay/{room}?seat=0")
    page.wait_for_selector("main.replay .replay-step")
    page.goto("/#/player/nobody-has-this-name")
    page.wait_for_selector("main.panel h1:text('Not here')")
    assert_none(page, "the player page and the leaderboard")

    page.click("#account-button")
    page.click("#menu-account")
    page.wait_for_selector("#change-password")
    page.click("#account-button")
    page.click("#menu-signout")
    page.wait_for_selector("#bar-signin")
    page.click("#bar-signin")
    page.fill("#signin-name", name)
    page.fill("#signin-password", PASSWORD)
    page.click("#signin-submit")
    signed_in_as(page, name)
    assert_none(page, "the account page, signing out and in")


# An inline style and an inline script, as a page that broke the rule would write them, and the
# kit's style object beside them.
BREAK_THE_RULE = """
async () => {
  const { h } = await import("/static/kit.js");
  const attribute = document.createElement("span");
  attribute.setAttribute("style", "max-width: 3px");
  const script = document.createElement("script");
  script.textContent = "window.inlineRan = true";
  const kit = h("span", { style: { "max-width": "4px" } });
  document.body.append(attribute, script, kit);
  await new Promise((done) => setTimeout(done, 100));  // the reports are queued as tasks
  return {
    attribute: getComputedStyle(attribute).maxWidth,
    script: window.inlineRan === true,
    kit: getComputedStyle(kit).maxWidth,
    violations: window.violations.map((line) => line.split(" ")[0]),
  };
}
"""


def test_the_policy_refuses_inline_styles_and_scripts(browser: Browser, served: Served) -> None:
    """The test's own context, unwatched: the refusals it provokes are logged as errors."""
    context = browser.new_context(base_url=served.http)
    try:
        page = watched(context.new_page())
        page.goto("/#/howto")
        page.wait_for_selector("article.howto > *")
        found: dict[str, Any] = page.evaluate(BREAK_THE_RULE)
    finally:
        context.close()
    assert found["attribute"] == "none"
    assert found["script"] is False
    assert found["kit"] == "4px"
    assert sorted(found["violations"]) == ["script-src-elem", "style-src-attr"]
