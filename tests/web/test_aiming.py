"""Flip & Fish's aiming in the browser: a cast aimed by dragging on the table goes where the
pointer was released, and the die's animation ends where the server says the die stopped; a drag
either casts or says why not (let go off the table), and a payload that comes mid-drag does not
lose it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest
from tests.web.table import create_room, draw_board

from angler.core.registry import get_game
from angler.server.payloads import seat_payload

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage
    from tests.web.table import Watched

pytestmark = pytest.mark.browser

AIM_SURFACE = '.board svg[role="application"]'  # the table, while the seat may cast on it
DIE = "[data-die]"
MOVES_BEFORE_A_CAST = 10  # decisions before the first cast (none in a fresh game): chosen first
# A point of the page in table millimetres: the board's SVG units, y pointing north (docs).
TABLE_POINT = """
([x, y]) => {
  const svg = document.querySelector('.board svg[role="application"]');
  const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM().inverse());
  return [p.x, -p.y];
}
"""
# Where the die is drawn (its own origin), in table millimetres, and what it says of itself.
DRAWN_DIE = """
die => {
  const svg = die.ownerSVGElement;
  const origin = new DOMPoint(0, 0).matrixTransform(die.getScreenCTM());
  const p = origin.matrixTransform(svg.getScreenCTM().inverse());
  return {
    at: [p.x, -p.y],
    stop: [Number(die.dataset.stopX), Number(die.dataset.stopY)],
    animating: die.dataset.animating,
  };
}
"""


def casts(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every cast the page was shown, in order: each state's board draws its latest cast, and
    every accepted action gets a state of its own."""
    seen: dict[str, dict[str, Any]] = {}
    for frame in frames:
        cast = frame["board"].get("cast")
        if cast is not None:
            seen.setdefault(cast["key"], cast)
    return list(seen.values())


def near(point: list[float], other: list[float], within: float) -> bool:
    return all(abs(a - b) <= within for a, b in zip(point, other, strict=True))


def wait_for_aim(table: Watched) -> None:
    moved_at = -1
    for _ in range(MOVES_BEFORE_A_CAST):
        if table.wait_turn_or_end(moved_at) == "over":
            break
        if table.page.locator(AIM_SURFACE).count():
            return
        moved_at = table.press_first_action()
    raise AssertionError(f"the seat was never offered a table to aim on ({AIM_SURFACE})")


def test_a_dragged_aim_casts_there_and_the_die_stops_where_the_server_says(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, "flip-and-fish")
    table = open_page()  # animations on: the die rolls from the aim to its stop
    table.open_room(room["room"], 0, room["seats"][0]["token"])
    wait_for_aim(table)
    page = table.page
    box = page.locator(AIM_SURFACE).bounding_box()
    assert box is not None
    start = (box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.3)
    end = (box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.55)
    released_at = page.evaluate(TABLE_POINT, list(end))
    version = table.version
    before = table.states()[-1]
    step = before["board"]["table"]["step"]
    cast_before = len([cast for cast in casts(table.states()) if cast["seat"] == 0])

    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=8)  # the aim follows the pointer; the release casts
    page.mouse.up()
    table.wait_turn_or_end(version)
    assert page.locator(DIE).count() == 1, f"after a cast the table draws one die ({DIE})"
    page.wait_for_selector(f'{DIE}[data-animating="false"]')

    shown = next(f for f in reversed(table.states()) if f["version"] == table.version)
    mine = [cast for cast in casts(table.states()) if cast["seat"] == 0][cast_before:]
    assert mine, "no cast of this seat reached the page"
    assert near(mine[0]["aim"], released_at, step), (mine[0]["aim"], released_at)
    latest = shown["board"]["cast"]  # the die shows the latest (a bot's may follow this seat's)
    die = page.eval_on_selector(DIE, DRAWN_DIE)
    assert die["animating"] == "false"
    assert near(die["stop"], latest["stop"], 1e-6), (die, latest)
    assert near(die["at"], latest["stop"], 0.5), (die, latest)  # drawn there, to half a mm


PHONE: ViewportSize = {"width": 360, "height": 740}
NOTE = ".board .ff-aim-note"  # the line saying why a drag cast nothing


def aiming_payload() -> dict[str, Any]:
    """Seat 0's payload when it aims its first cast (a seeded two-seat game, random moves)."""
    state = get_game("flip-and-fish")(2, rounds=2).new_state(3)
    rng = random.Random(3)
    while True:
        seat = state.current_players()[0]
        if seat == 0 and state.game.presentation.board(state.view(0))["aim"]:
            return dict(seat_payload(state, 0, 1))
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)


def table_box(page: Page) -> dict[str, float]:
    box = page.locator(AIM_SURFACE).bounding_box()
    assert box is not None
    return {"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}


def test_a_drag_let_go_off_the_table_says_why_it_cast_nothing(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE, frames=False).page
    draw_board(page, "flip-and-fish", aiming_payload())
    box = table_box(page)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] + 20, steps=6)
    page.mouse.up()  # below the table, on the page
    assert page.evaluate("window.acted") == []
    assert page.locator(NOTE).is_visible(), "a drag cast nothing and said nothing"
    assert "no cast" in page.inner_text(NOTE)
    # The next press clears the line, and a drag let go over the table casts.
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    assert not page.locator(NOTE).is_visible()
    page.mouse.move(box["x"] + box["width"] * 0.4, box["y"] + box["height"] * 0.4, steps=4)
    page.mouse.up()
    acted = page.evaluate("window.acted")
    assert len(acted) == 1 and acted[0].startswith("cast "), acted


def test_a_drag_casts_though_a_payload_came_while_it_was_under_way(
    open_page: OpenPage,
) -> None:
    page = open_page(viewport=PHONE, frames=False).page
    draw_board(page, "flip-and-fish", aiming_payload())
    box = table_box(page)
    page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.3)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.4, steps=4)
    page.evaluate("window.drawAgain()")  # another seat's news reaches the table mid-drag
    page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] * 0.5, steps=4)
    page.mouse.up()
    acted = page.evaluate("window.acted")
    assert len(acted) == 1 and acted[0].startswith("cast "), f"the drag cast {acted}"
    assert page.locator(AIM_SURFACE).count() == 1  # the payload is drawn once the drag ends


def test_in_the_mini_a_press_off_the_cards_casts_at_the_nearest_water_card(
    served: Served, open_page: OpenPage
) -> None:
    """The mini aims only at its water cards' centres (docs/rules/flip-and-fish.md, "The mini
    variant"): a press anywhere on the table casts at the card nearest to it, never a refused
    free aim."""
    room = create_room(served, "flip-and-fish", options={"size": "mini"})
    table = open_page()
    table.open_room(room["room"], 0, room["seats"][0]["token"])
    wait_for_aim(table)
    page = table.page
    aim = table.states()[-1]["board"]["aim"]
    assert aim["skill"] == 0 and aim["cards"] == [[0.0, 0.0], [-110.0, 0.0]]
    surface = page.locator(AIM_SURFACE)
    surface.focus()  # the keyboard's aim starts on a card; an arrow steps to the other one
    labels = []
    for _ in range(3):
        page.keyboard.press("ArrowRight")
        labels.append(surface.get_attribute("aria-label"))
    assert labels[0] != labels[1] and labels[2] == labels[0]
    assert set(labels) == {"Aim at 0, 0 mm; Enter casts", "Aim at -110, 0 mm; Enter casts"}
    box = table_box(page)
    pressed = (box["x"] + box["width"] * 0.15, box["y"] + box["height"] * 0.8)  # off the cards
    released_at = page.evaluate(TABLE_POINT, list(pressed))
    nearest = min(
        aim["cards"], key=lambda c: (c[0] - released_at[0]) ** 2 + (c[1] - released_at[1]) ** 2
    )
    version = table.version
    page.mouse.click(*pressed)
    assert table.wait_turn_or_end(version) in ("turn", "over")
    mine = [cast for cast in casts(table.states()) if cast["seat"] == 0]
    assert mine and mine[0]["aim"] == nearest, (mine, nearest)
