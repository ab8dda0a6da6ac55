"""The how-to-play and rules pages in the browser: every one fits a phone's width (a wide table
scrolls inside its own box), and they speak to a browser player of clicks and taps."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from angler.core import all_games

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize
    from tests.web.conftest import OpenPage

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 360, "height": 740}
PAGES = [f"#/howto/{game.name}{part}" for game in all_games() for part in ("", "/rules")]


def test_every_how_to_and_rules_page_fits_a_phone(open_page: OpenPage) -> None:
    table = open_page(viewport=PHONE, frames=False)
    wide: dict[str, int] = {}
    for address in PAGES:
        table.page.goto("about:blank")  # a fresh load: no waiting on the page before's article
        table.page.goto(f"/{address}")
        table.page.wait_for_selector("article.howto > *")
        width = table.page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"] or not table.fits_width():
            wide[address] = width
    assert not wide, f"pages wider than the phone's {PHONE['width']} px: {wide}"
