"""A seat's review on the replay page: asked with a button, its progress shown, then each
reviewed step labelled with the better move, the costliest decisions linked, a chart under the
board; a stored review is shown at once on the next visit, without asking again."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.server.serving import serving
from tests.web.test_replays import finished_room

from angler.server.limits import Limits

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Request
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]
REVIEWED_S = 180_000  # ms: a review of a short game at one rollout a decision, on a busy machine
# Crazy Fishing closed after a few rounds: dozens of decisions to review, not a hundred, and every
# sample played to the closing time, not to an empty sea.
SHORT_CRAZY = {"options": {"rounds": 6}}


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("ANGLER_WEB_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _posts(page: Page) -> list[str]:
    asked: list[str] = []

    def seen(request: Request) -> None:
        if request.method == "POST" and "/reviews/" in request.url:
            asked.append(request.url)

    page.on("request", seen)
    return asked


@pytest.mark.slow  # a whole game's review on the test server
def test_a_seat_s_review_is_asked_shown_and_kept(
    open_page: OpenPage, served: Served, tmp_path: Path
) -> None:
    room = finished_room(served, "crazy-fishing", **SHORT_CRAZY)
    page = open_page(frames=False).page
    posts = _posts(page)
    page.goto(f"/#/replay/{room}?seat=0")
    button = page.locator("#review")
    button.wait_for()
    assert button.inner_text() == "Review Player 1's game"
    button.click()
    page.wait_for_selector("#review-summary .review-accuracy", timeout=REVIEWED_S)
    assert len(posts) == 1
    status, stored = served.request("GET", f"/rooms/{room}/reviews/0")
    assert status == 200 and stored["status"] == "done"
    review = stored["review"]
    decisions = review["decisions"]
    lost = review["points_lost"]["mean"]
    assert f"{lost:.2f} points lost a decision" in page.inner_text("#review-summary")
    # The chart: a dot for each decision, under the board.
    assert page.locator("#review-chart svg circle.review-dot").count() == len(decisions)
    assert page.inner_text("#review-chart h2").endswith("expected share of the victory")
    # A dot leads to the position its decision was made from (the step before the record's
    # action), labelled, with the better move when it was not played; the next step tells it too.
    for decision in decisions[:3] + [d for d in decisions if d["label"] != "best"][:3]:
        page.locator(f'#review-chart circle[data-step="{decision["step"]}"]').dispatch_event(
            "click"
        )
        assert page.input_value("#step") == str(decision["step"] - 1)
        for told in ("#review-ahead", "#review-behind"):
            note = page.inner_text(told)
            assert note.startswith(decision["label"].capitalize()), note
            if decision["best"] != decision["played"]:
                better = "About as good" if decision["label"] == "close" else "Better"
                assert f"{better}: {decision['best']}" in note, note
            page.click("#next")
    # The costliest decisions are links to their step.
    links = page.locator("#review-costly a")
    assert links.count() == len(review["costly"])
    if review["costly"]:
        links.first.click()
        assert page.input_value("#step") == str(review["costly"][0]["step"] - 1)
        marks = page.locator(".review-marks .review-mark").count()
        assert marks == sum(d["label"] in ("inaccuracy", "mistake", "blunder") for d in decisions)
    # Seen again: shown at once from the store, never asked again.
    page.reload()
    page.wait_for_selector("#review-summary .review-accuracy")
    assert len(posts) == 1
    assert page.locator("#review").is_hidden()
    folder = shots(tmp_path)
    page.screenshot(path=str(folder / "review-1280.png"), full_page=True)
    phone = open_page(viewport={"width": 360, "height": 740}, frames=False).page
    phone.goto(f"/#/replay/{room}?seat=0&step={decisions[len(decisions) // 2]['step']}")
    phone.wait_for_selector("#review-summary .review-accuracy")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width  # nothing wider than the phone
    phone.screenshot(path=str(folder / "review-360.png"), full_page=True)
    try:  # axe on the reviewed page, where it is installed (tests/web/test_accessibility.py)
        from tests.web.test_accessibility import violations
    except pytest.skip.Exception:
        return
    assert violations(page) == []
    assert violations(phone) == []


def test_a_spectator_s_replay_and_everything_shown_offer_no_review(
    open_page: OpenPage, served: Served
) -> None:
    room = finished_room(served, "crazy-fishing")
    page = open_page(frames=False).page
    for seat in ("all", "spectator"):
        page.goto(f"/#/replay/{room}?seat={seat}")
        page.wait_for_selector("main.replay .replay-step")
        assert page.locator("#review").count() == 0
        page.goto("about:blank")


@pytest.mark.slow  # a server of its own, and a whole game's review by the search
def test_a_review_by_the_search_names_its_values_as_the_search_s(
    browser: Browser, tmp_path: Path
) -> None:
    """A server whose reviews are by the search (``--review-budget search:…``): the page shows
    the search's value, not an expected share, and no points lost (the search values none)."""
    limits = Limits(rooms_per_minute=0, reviews_per_minute=0, review_budget="search:10it")
    with serving(f"sqlite:///{tmp_path / 'server.sqlite3'}", limits=limits) as searching:
        room = finished_room(searching, "crazy-fishing", **SHORT_CRAZY)
        context = browser.new_context(
            base_url=searching.http, viewport={"width": 360, "height": 740}
        )
        page = context.new_page()
        page.goto(f"/#/replay/{room}?seat=0")
        page.click("#review")
        page.wait_for_selector("#review-summary .review-accuracy", timeout=REVIEWED_S)
        status, stored = searching.request("GET", f"/rooms/{room}/reviews/0")
        assert status == 200 and stored["review"]["judge"] == "search"
        assert "points lost" not in page.inner_text("#review-summary")
        first = stored["review"]["decisions"][0]
        page.locator(f'#review-chart circle[data-step="{first["step"]}"]').dispatch_event("click")
        assert "search value" in page.inner_text("#review-ahead")
        chart = page.get_attribute("#review-chart svg", "aria-label") or ""
        assert "value by the search" in chart, chart
        heading = page.inner_text("#review-chart h2")
        assert heading.endswith("value by the search"), heading
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.screenshot(path=str(shots(tmp_path) / "review-search-360.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})
        page.locator("#review-chart").screenshot(
            path=str(shots(tmp_path) / "review-search-chart-1280.png")
        )
        context.close()
