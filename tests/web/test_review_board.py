"""A review drawn on the replay's board: at the position a reviewed seat decided from, the move
the review found better and the move played are marked on the board itself (each game's own
elements, found by the action code the board model gives them), never pressable; the chart's
dots are one tab stop, moved through with the arrow keys."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from tests.web.test_replays import finished_room
from tests.web.test_review import REVIEWED_S, SHORT_CRAZY, shots

from angler.games.flip_and_fish import actions as ff_actions

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]
GAMES = ["fishing", "crazy-fishing", "flip-and-fish"]
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}

# Each mark's kind and the codes it carries, as the board drew them.
MARKS = """
() => [...document.querySelectorAll(".board [data-suggest]")].map((node) => ({
  kind: node.dataset.suggest, best: node.dataset.best ?? null, played: node.dataset.played ?? null,
  card: node.dataset.card ?? null, x: node.dataset.x ?? null, y: node.dataset.y ?? null,
  pressable: node.matches("button, [role=button], [tabindex]"),
  badge: Boolean(node.parentElement.querySelector(":scope > .suggest-badge")
    || node.querySelector(".suggest-badge, .suggest-label")
    || (node.dataset.spot
      && node.closest("svg").querySelector(`.suggest-label[data-spot="${node.dataset.spot}"]`))),
}))
"""


def reviewed(served: Served, room: str, seat: int = 0) -> dict[str, Any]:
    """Seat ``seat``'s review of ``room``, asked of the server and waited for."""
    status, _ = served.request("POST", f"/rooms/{room}/reviews/{seat}")
    assert status in (200, 202), status
    deadline = time.monotonic() + REVIEWED_S / 1000
    while True:
        status, answer = served.request("GET", f"/rooms/{room}/reviews/{seat}")
        assert status == 200, answer
        if answer["status"] == "done":
            review: dict[str, Any] = answer["review"]
            return review
        assert answer["status"] != "failed", answer
        assert time.monotonic() < deadline, "the review took too long"
        time.sleep(0.2)


def cards_taking(board: dict[str, Any], code: Any) -> set[str] | None:
    """The ids of the cards a board model gives action ``code``: a Fishing hand or trick card,
    the cards of a Crazy Fishing cast; None for an action of another kind."""
    for entry in board.get("hand") or []:
        if isinstance(entry, dict) and entry.get("action") == code:
            return {str(entry["id"])}
    for play in board.get("trick") or []:
        if play.get("action") == code:
            return {str(play["card"])}
    for option in board.get("cast_options") or []:
        if str(option["code"]) == str(code):
            return {str(card) for card in option["cards"]}
    return None


def aim_of(code: Any) -> tuple[float, float] | None:
    """The aimed point of a Flip & Fish cast, in table mm; None for another action."""
    number = int(code)
    if number & 15 != ff_actions.CAST:
        return None
    return ff_actions.aim_point(number >> 4)


def open_position(page: Page, room: str, step: int) -> None:
    page.goto(f"/#/replay/{room}?seat=0&step={step}")
    page.wait_for_selector("#review-summary .review-accuracy", timeout=REVIEWED_S)
    page.wait_for_selector(".board [data-suggest]")


def check_marks(page: Page, game: str, board: dict[str, Any], decision: dict[str, Any]) -> None:
    """The marks on the board are the decision's better and played moves, and only those."""
    best, played = str(decision["best_code"]), str(decision["played_code"])
    marks = page.evaluate(MARKS)
    assert marks, decision
    assert not any(mark["pressable"] for mark in marks), marks  # a replay's board takes no move
    assert all(mark["badge"] for mark in marks), marks  # a word beside each, not colour alone
    in_best = [mark for mark in marks if mark["best"] is not None]
    in_played = [mark for mark in marks if mark["played"] is not None]
    assert {mark["best"] for mark in in_best} == {best}, (marks, decision)
    assert {mark["played"] for mark in in_played} == {played}, (marks, decision)
    if best == played:
        assert {mark["kind"] for mark in marks} == {"both"}, marks
    else:
        assert {mark["kind"] for mark in marks} <= {"best", "played", "shared"}, marks
    for code, found in ((decision["best_code"], in_best), (decision["played_code"], in_played)):
        cards = cards_taking(board, code)
        if cards is not None:
            assert {mark["card"] for mark in found} == cards, (found, cards)
        aim = aim_of(code) if game == "flip-and-fish" else None
        if aim is not None:
            assert [(float(m["x"]), float(m["y"])) for m in found] == [aim], (found, aim)
    # The note under the caption says what is about to be decided.
    ahead = page.inner_text("#review-ahead")
    assert ahead.startswith(decision["label"].capitalize()), ahead
    assert decision["played"] in ahead, ahead
    if best != played and decision["best"] != decision["played"]:
        assert decision["best"] in ahead, ahead


def marked_decisions(review: dict[str, Any]) -> list[dict[str, Any]]:
    """The decisions to look at: the costly ones first (both moves marked), then a best one."""
    decisions = review["decisions"]
    wrong = [d for d in decisions if d["best_code"] != d["played_code"]]
    right = [d for d in decisions if d["best_code"] == d["played_code"]]
    return wrong[:3] + right[:1]


@pytest.mark.parametrize("game", GAMES)
def test_the_better_move_is_marked_on_the_board(
    open_page: OpenPage, served: Served, game: str, tmp_path: Path
) -> None:
    room = finished_room(served, game, **(SHORT_CRAZY if game == "crazy-fishing" else {}))
    review = reviewed(served, room)
    _, replay = served.request("GET", f"/rooms/{room}/replay?seat=0")
    page = open_page(frames=False).page
    looked = 0
    for decision in marked_decisions(review):
        before = decision["step"] - 1
        open_position(page, room, before)
        assert page.input_value("#step") == str(before)
        check_marks(page, game, replay["steps"][before]["boards"][0], decision)
        looked += 1
        # One step on, the board shows what was played: no marks unless the seat decides again.
        if decision["step"] + 1 not in {d["step"] for d in review["decisions"]}:
            page.click("#next")
            assert page.locator(".board [data-suggest]").count() == 0
            behind = page.inner_text("#review-behind")
            assert behind.startswith(decision["label"].capitalize()), behind
    assert looked, "no decision reviewed"
    # A picture at a costly decision, on a phone and on a desktop (docs: ANGLER_WEB_SHOTS).
    shown = marked_decisions(review)[0]
    folder = shots(tmp_path)
    for name, viewport in (("360", PHONE), ("1280", DESKTOP)):
        seen = open_page(viewport=viewport, frames=False).page
        open_position(seen, room, shown["step"] - 1)
        width = seen.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], width
        seen.screenshot(path=str(folder / f"review-board-{game}-{name}.png"), full_page=True)


def test_the_chart_s_dots_are_one_tab_stop_moved_with_the_arrow_keys(
    open_page: OpenPage, served: Served
) -> None:
    room = finished_room(served, "crazy-fishing", **SHORT_CRAZY)
    decisions = reviewed(served, room)["decisions"]
    assert len(decisions) >= 3
    page = open_page(frames=False).page
    open_position(page, room, decisions[0]["step"] - 1)
    dots = page.locator("#review-chart .review-dot")
    assert dots.count() == len(decisions)
    assert page.locator('#review-chart .review-dot[tabindex="0"]').count() == 1
    first = dots.first
    assert first.get_attribute("role") == "button"
    label = first.get_attribute("aria-label") or ""
    assert label.startswith(f"Step {decisions[0]['step']}: "), label
    first.focus()
    # Right: the next decision's position, and the focus on its dot (not a step of the replay).
    page.keyboard.press("ArrowRight")
    assert page.input_value("#step") == str(decisions[1]["step"] - 1)
    focused = page.evaluate("document.activeElement.dataset.step")
    assert focused == str(decisions[1]["step"])
    assert page.locator('#review-chart .review-dot[tabindex="0"]').count() == 1
    page.keyboard.press("End")
    assert page.input_value("#step") == str(decisions[-1]["step"] - 1)
    page.keyboard.press("ArrowLeft")
    assert page.input_value("#step") == str(decisions[-2]["step"] - 1)
    # Elsewhere the page's arrows still move one step; the tab stop follows the replay to the
    # decision made from (else just made at) its step, and Enter goes to that decision.
    page.locator("#log").focus()
    page.keyboard.press("ArrowRight")
    step = decisions[-2]["step"]
    assert page.input_value("#step") == str(step)
    steps = {d["step"] for d in decisions}
    shown = step + 1 if step + 1 in steps else step
    stop = page.locator('#review-chart .review-dot[tabindex="0"]')
    assert stop.get_attribute("data-step") == str(shown)
    stop.focus()
    page.keyboard.press("Enter")
    assert page.input_value("#step") == str(shown - 1)
    # Left to the decision before, then Space on its dot: still there (not a step back).
    previous = [d["step"] for d in decisions if d["step"] < shown][-1]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press(" ")
    assert page.evaluate("document.activeElement.dataset.step") == str(previous)
    assert page.input_value("#step") == str(previous - 1)
