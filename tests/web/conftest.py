"""Fixtures for the browser tests: one real server and one Chromium for the whole session (per
xdist worker), a fresh browser context per page, and a watch on every page's console.

The browser is Debian's Chromium at /usr/bin/chromium, driven by Playwright (its own browser
download is not used); ``make test`` installs the package when it is missing. Without it, or
without Playwright, these tests skip and say why.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from tests.server.serving import Served, serving
from tests.web.table import Watched

from angler.server.limits import Limits

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright, ViewportSize

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox cannot start
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
ERRORS = pytest.StashKey[list[str]]()

OpenPage = Callable[..., Watched]
"""``open_page(viewport=DESKTOP, reduced_motion=False, frames=True) -> Watched``: a page in a
new context (``frames``: keep the socket frames it receives)."""


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is not installed: pip install -e '.[dev]'"
    )
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(
            f"Debian's Chromium is not at {CHROMIUM}: `make test` installs the chromium package "
            "with apt-get, which was not available here (or failed)"
        )
    with sync_api.sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("web-server")
    # One server for the whole session's rooms, from one address: no per-address room limit
    # (tests/server/test_limits.py checks that limit).
    # Reviews at one rollout a decision: the machinery is tested, not the values.
    # Card-set checks of a few games a side: the editor is tested, not the figures.
    unlimited = Limits(
        rooms_per_minute=0,
        review_budget="1it",
        reviews_per_minute=0,
        card_check_games=6,
        card_report_games=6,
        card_checks_per_minute=0,
    )
    with serving(f"sqlite:///{folder / 'server.sqlite3'}", limits=unlimited) as running:
        yield running


@pytest.fixture
def open_page(
    browser: Browser, served: Served, request: pytest.FixtureRequest
) -> Iterator[OpenPage]:
    """Pages, each in a context of its own (its own localStorage: another person). Every console
    error and uncaught exception of any of them fails the test."""
    errors = request.node.stash.setdefault(ERRORS, [])
    contexts: list[Any] = []

    def open_one(
        viewport: ViewportSize = DESKTOP, reduced_motion: bool = False, frames: bool = True
    ) -> Watched:
        context = browser.new_context(
            base_url=served.http,
            viewport=viewport,
            reduced_motion="reduce" if reduced_motion else "no-preference",
        )
        contexts.append(context)
        page = context.new_page()
        name = f"page {len(contexts)}"
        page.on("console", lambda message: errors.extend(console_error(name, served, message)))
        page.on("pageerror", lambda error: errors.append(f"{name}: uncaught: {error}"))
        return Watched(page, served, frames)

    yield open_one
    for context in contexts:
        context.close()
    assert not errors, "the page reported errors:\n" + "\n".join(errors)


def console_error(name: str, served: Served, message: Any) -> list[str]:
    """A console error, or a warning from the table's own scripts (the shell warns when a
    board cannot draw a payload): as a line to report, else nothing."""
    url = str(message.location.get("url", ""))
    ours = url.startswith(served.http)
    # The API's refusals are answers the page shows in one line; Chromium still logs each one
    # (a guest's GET /session is a 401, too: nobody is signed in).
    routes = ("/rooms", "/session", "/account", "/players", "/quickplay")  # and "/accounts"
    api = url.startswith(tuple(served.http + route for route in routes)) or "/page/" in url
    refused = ours and api and " status of 4" in message.text
    if refused:
        return []
    if message.type == "error" or (message.type == "warning" and ours):
        return [f"{name}: console {message.type}: {message.text} ({message.location})"]
    return []


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A console error fails the test itself (not only its teardown), even if it passed."""
    outcome = yield
    errors = item.stash.get(ERRORS, [])
    if errors:
        reported = list(errors)
        errors.clear()  # told once: the fixture's teardown checks only what comes later
        raise AssertionError("the page reported errors:\n" + "\n".join(reported))
    return outcome
