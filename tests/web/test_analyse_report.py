"""The designers' report in Chromium: every figure drawn at least 800 px wide with text of 10 px
or more at desktop width, nothing fetched, and on a phone the page itself never scrolls sideways
(wide figures and tables scroll inside their own box)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.sim.analyse import configure, run_analysis
from angler.sim.report_html import render

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
SMALLEST_TEXT = """() => Math.min(...[...document.querySelectorAll('figure svg text')]
    .map(t => parseFloat(getComputedStyle(t).fontSize)
        * t.closest('svg').getBoundingClientRect().width
        / t.closest('svg').viewBox.baseVal.width))"""


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A compared Flip & Fish report: A and B in every figure (the same file twice)."""
    run = run_analysis(configure("flip-and-fish", {}, ("", ""), (2, 3)), {}, 4, seed=1)
    page = tmp_path_factory.mktemp("report") / "report.html"
    page.write_text(render(run, "angler analyse flip-and-fish --compare cards.json"))
    return page


def opened(browser: Browser, report: Path, viewport: dict[str, int]) -> tuple[Page, list[str]]:
    page = browser.new_page(viewport={"width": viewport["width"], "height": viewport["height"]})
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(report.as_uri())
    return page, [url for url in fetched if url != report.as_uri()]


def test_every_figure_is_at_least_800_px_wide_with_readable_text(
    browser: Browser, report: Path
) -> None:
    page, fetched = opened(browser, report, DESKTOP)
    assert fetched == []
    figures = page.locator("figure svg")
    assert figures.count() == 4  # win shares at 2 and 3 players, scores, lengths
    for index in range(figures.count()):
        box = figures.nth(index).bounding_box()
        assert box is not None and box["width"] >= 800
    assert page.locator("figure svg text").count() > 0  # text stays text
    assert page.evaluate(SMALLEST_TEXT) >= 10  # px, at 100% zoom
    page.close()


def test_on_a_phone_the_page_does_not_scroll_sideways(browser: Browser, report: Path) -> None:
    page, _ = opened(browser, report, PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.close()
