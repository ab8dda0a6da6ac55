"""The card-set editor (``#/cards/GAME``): a game's set as a table, a value edited and refused
at its cell, fixed, then a quick check's headline figures against the bundled set; the full
report in a tab of its own; a file downloaded and opened again; the page at phone width."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize
    from tests.web.conftest import OpenPage

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]
CHECKED_MS = 120_000  # a quick check of six games a side, on a busy machine
PHONE: ViewportSize = {"width": 360, "height": 740}
# A value of each game to break and mend: the cell's path, a refused text and a good one.
EDITS: dict[str, tuple[list[str | int], str, str, str]] = {
    "fishing": (["cards", 52, "stars"], "-1", "1", "'stars' must be"),
    "crazy-fishing": (["rods", 2, "speed"], "fast", "4", "'speed' must be a whole number"),
    "flip-and-fish": (["fishing", 0, "catch_rate"], "0", "14", "'catch_rate' must be"),
}


def shots() -> Path:
    folder = Path(os.environ.get("ANGLER_EDITOR_SHOTS") or tempfile.gettempdir()) / "angler-editor"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def cell(page: Page, path: Sequence[object]) -> str:
    return "#cell-" + "-".join(str(step) for step in path)


def _open(page: Page, game: str) -> None:
    page.goto(f"/#/cards/{game}")
    page.wait_for_selector("#editor-status:has-text('The card set is valid')")


@pytest.mark.parametrize("game", sorted(EDITS))
def test_edit_a_refusal_at_its_cell_fix_it_and_quick_check(open_page: OpenPage, game: str) -> None:
    page = open_page(frames=False).page
    page.goto("/#/")
    page.click("#card-sets-link")
    page.goto(f"/#/cards/{game}")
    page.wait_for_selector("#editor-status:has-text('The card set is valid')")
    path, wrong, right, words = EDITS[game]
    field = page.locator(cell(page, path))
    field.fill(wrong)
    page.wait_for_selector(f"{cell(page, path)}[aria-invalid='true']")
    described = field.get_attribute("aria-describedby")
    assert described
    message = page.locator(f"#{described}")
    assert message.inner_text().startswith(words) and "\n" not in message.inner_text()
    assert page.locator("#quick-check").is_disabled()
    field.scroll_into_view_if_needed()
    page.screenshot(path=shots() / f"{game}-refused-desktop.png")
    field.fill(right)
    page.wait_for_selector("#editor-status:has-text('The card set is valid')")
    assert field.get_attribute("aria-invalid") is None
    page.click("#quick-check")
    page.wait_for_selector("#check-figures", timeout=CHECKED_MS)
    rows = page.locator("#check-figures tbody tr")
    assert rows.count() >= 4
    assert "win share of seat 1" in page.locator("#check-figures").inner_text()
    changes = page.locator(".check-changes").inner_text()
    assert str(path[0]) in changes and right in changes  # the edit, named as analyse names it
    page.screenshot(path=shots() / f"{game}-checked-desktop.png", full_page=False)


def test_a_rule_value_in_the_form_and_the_full_report(open_page: OpenPage) -> None:
    page = open_page(frames=False).page
    _open(page, "crazy-fishing")
    scatter = page.locator("#value-sea-scatter_mm_per_sqrt_card")
    scatter.fill("0")
    page.wait_for_selector("#value-sea-scatter_mm_per_sqrt_card[aria-invalid='true']")
    scatter.fill("60")
    page.wait_for_selector("#editor-status:has-text('The card set is valid')")
    page.click("#full-report")
    link = page.locator("#open-report")
    link.wait_for(timeout=CHECKED_MS)
    assert link.get_attribute("target") == "_blank"
    with page.context.expect_page() as opened:
        link.click()
    report = opened.value
    report.wait_for_load_state()
    assert "sea.scatter_mm_per_sqrt_card: 29 → 60" in report.content()
    report.screenshot(path=shots() / "crazy-fishing-report.png")


def test_download_then_open_the_file_again(open_page: OpenPage, tmp_path: Path) -> None:
    page = open_page(frames=False).page
    _open(page, "fishing")
    page.locator(cell(page, ["cards", 52, "stars"])).fill("1")
    page.wait_for_selector("#editor-status:has-text('The card set is valid')")
    with page.expect_download() as downloading:
        page.click("#download-cards")
    saved = tmp_path / "edited.json"
    downloading.value.save_as(saved)
    assert downloading.value.suggested_filename == "edited-cards.json"
    assert json.loads(saved.read_text())["cards"][52]["stars"] == 1
    page.click("#reset-cards")
    page.wait_for_selector("#editor-status:has-text('The card set is valid')")
    assert page.locator(cell(page, ["cards", 52, "stars"])).input_value() == "2"
    page.set_input_files("#open-card-file", str(saved))
    page.wait_for_selector("#editor-status:has-text('The card set is valid')")
    assert page.locator(cell(page, ["cards", 52, "stars"])).input_value() == "1"
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    page.set_input_files("#open-card-file", str(broken))
    page.wait_for_selector(".editor-file:has-text('broken.json is not JSON')")


@pytest.mark.parametrize("game", sorted(EDITS))
def test_the_editor_on_a_phone_keeps_the_phone_s_width(open_page: OpenPage, game: str) -> None:
    page = open_page(viewport=PHONE, frames=False).page
    _open(page, game)
    path, wrong, _, _ = EDITS[game]
    page.locator(cell(page, path)).fill(wrong)
    page.wait_for_selector(f"{cell(page, path)}[aria-invalid='true']")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a 360 px phone"
    page.screenshot(path=shots() / f"{game}-phone.png")
    page.locator(cell(page, path)).scroll_into_view_if_needed()
    page.screenshot(path=shots() / f"{game}-phone-refused.png")


# Two games, each at one size: the widest form (Crazy Fishing's) on a desktop, the most columns
# (Flip & Fish's) on a phone; the other pairs draw the same elements.
@pytest.mark.parametrize(
    ("game", "size"), [("crazy-fishing", "desktop"), ("flip-and-fish", "phone")]
)
def test_the_editor_has_no_accessibility_violations_and_keeps_the_policy(
    open_page: OpenPage, game: str, size: str
) -> None:
    """axe-core's rules (as tests/web/test_accessibility.py runs them) with a refusal shown and
    after a quick check; the Content-Security-Policy refuses nothing the editor does."""
    from tests.web.test_accessibility import VIEWPORTS, violations
    from tests.web.test_security_policy import assert_none, watched

    page = watched(open_page(viewport=VIEWPORTS[size], frames=False).page)
    _open(page, game)
    path, wrong, right, _ = EDITS[game]
    page.locator(cell(page, path)).fill(wrong)
    page.wait_for_selector(f"{cell(page, path)}[aria-invalid='true']")
    found = violations(page)
    assert not found, f"{game} editor at {size}:\n" + "\n".join(found)
    page.locator(cell(page, path)).fill(right)
    page.wait_for_selector("#editor-status:has-text('The card set is valid')")
    page.click("#quick-check")
    page.wait_for_selector("#check-figures", timeout=CHECKED_MS)
    page.locator("#check-figures").scroll_into_view_if_needed()
    page.screenshot(path=shots() / f"{game}-checked-{size}.png")
    found = violations(page)
    assert not found, f"{game} quick check at {size}:\n" + "\n".join(found)
    assert_none(page, f"{game} editor")


def test_cards_are_added_and_removed_by_keyboard(open_page: OpenPage) -> None:
    page = open_page(frames=False).page
    _open(page, "flip-and-fish")
    caption = page.locator(".editor-list caption").nth(1)
    assert caption.inner_text() == "shopping: 20 cards"
    page.get_by_role("button", name="Add a card to shopping").focus()
    page.keyboard.press("Enter")
    assert caption.inner_text() == "shopping: 21 cards"
    added = page.locator(cell(page, ["shopping", 20, "name"]))
    assert added.evaluate("node => node === document.activeElement")
    # The copy shares its name with the card it copies: copies of one type, alike, so valid.
    page.wait_for_selector("#editor-status:has-text('The card set is valid')")
    # A rule between a card's fields: at the card's row (its first cell).
    page.locator(cell(page, ["shopping", 20, "kind"])).select_option("discard")
    page.wait_for_selector(f"{cell(page, ['shopping', 20, 'name'])}[aria-invalid='true']")
    page.locator(cell(page, ["shopping", 20, "kind"])).select_option("ongoing")
    # Copies of one type that differ: a problem of the whole set, listed above the tables.
    page.locator(cell(page, ["shopping", 20, "value"])).fill("2")
    page.wait_for_selector("#editor-problems li")
    assert "copies of TackleBox differ" in page.locator("#editor-problems").inner_text()
    page.locator(cell(page, ["shopping", 20, "value"])).fill("1")
    page.wait_for_selector("#editor-status:has-text('The card set is valid')")
    remove = page.get_by_role("button", name=f"Remove {added.input_value()}").last
    remove.focus()
    page.keyboard.press("Enter")
    assert caption.inner_text() == "shopping: 20 cards"
    page.wait_for_selector("#editor-status:has-text('The card set is valid')")
    # The focus stays in the list: on the card before the last one removed.
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == "Remove TackleBox"
    assert page.evaluate("document.activeElement.closest('tr').rowIndex") == 20
