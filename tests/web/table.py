"""Helpers for the browser tests: rooms made over HTTP, and a page at the table (``Watched``) that
records the socket frames it receives and plays through the shell's DOM (docs/web.md)."""

from __future__ import annotations

import json
import urllib.request
from typing import TYPE_CHECKING, Any

from tests.json_tree import board_card_ids
from tests.server.serving import RECEIVE_SECONDS, Served

from angler.server.payloads import whole_state

if TYPE_CHECKING:
    from playwright.sync_api import Page

WAIT_MS = 15_000  # a page that shows nothing new for this long has stopped
FAST_BOTS = {"pace_ms": 0}  # bots answer at once: the tests wait on the page, never on a clock
# Each game as a whole-game test plays it: few seats, and Flip & Fish closes after 2 rounds
# (else first-listed aims can fish on for its 100 rounds).
GAMES: dict[str, dict[str, Any]] = {
    "fishing": {"seats": ["human", "random", "random"]},
    "crazy-fishing": {"seats": ["human", "random"]},
    "flip-and-fish": {"seats": ["human", "random"], "options": {"rounds": 2}},
}

DRAWN = 'main.room:not([data-version=""])'  # the room page, once a payload is drawn
# What the page is doing now, read in one look: over, refused, or waiting on this seat.
# A "duplicate" refusal is no failure: in a simultaneous choice another seat's choice can reach
# the page before this seat's own is taken, and the page offers the same choice once more; the
# server then says it has this seat's choice already (docs/protocol.md), and the game goes on.
TABLE_STATE = """
after => {
  const main = document.querySelector('main.room:not([data-version=""])');
  if (!main) return false;
  const result = document.querySelector("#result");
  if (result && result.checkVisibility()) return "over";
  const error = document.querySelector("#error");
  const refusal = error && error.checkVisibility() ? error.textContent.trim() : "";
  if (refusal && !refusal.startsWith("duplicate move")) return "error: " + refusal;
  if (Number(main.dataset.version) > after && document.querySelector("#actions [data-action]"))
    return "turn";
  return false;
}
"""

LOOKS = """
() => ({
  version: document.querySelector("main.room")?.dataset.version,
  status: document.querySelector(".room-head .status")?.textContent,
  prompt: document.querySelector("#prompt")?.textContent,
  actions: [...document.querySelectorAll("#actions [data-action]")].map((b) => b.title).slice(0, 3),
  error: document.querySelector("#error")?.textContent,
})
"""

WIDTHS = """
() => ({
  document: document.scrollingElement.scrollWidth,
  body: document.body.scrollWidth,
  window: document.scrollingElement.clientWidth,
})
"""


def create_room(served: Served, game: str, **body: Any) -> dict[str, Any]:
    """A new room of ``game`` (seats and options as in GAMES unless given), with fast bots."""
    wanted = {"game": game, **GAMES.get(game, {}), "settings": FAST_BOTS, **body}
    status, room = served.request("POST", "/rooms", wanted)
    assert status == 201, room
    return room


def seat_view(served: Served, room: str, token: str | None = None) -> dict[str, Any]:
    """``GET /rooms/ROOM/view`` as the token's seat (a spectator without one)."""
    headers = {} if token is None else {"authorization": f"Bearer {token}"}
    request = urllib.request.Request(f"{served.http}/rooms/{room}/view", headers=headers)
    with urllib.request.urlopen(request, timeout=RECEIVE_SECONDS) as answer:
        payload: dict[str, Any] = json.loads(answer.read())
    return payload


def card_ids(model: Any) -> set[str]:
    """Every card a board model shows, by id (as the DOM's ``data-card`` text)."""
    return {str(card) for card in board_card_ids(model)}


class Watched:
    """A page at the table, with every socket frame it has received (parsed)."""

    def __init__(self, page: Page, served: Served, frames: bool = True) -> None:
        self.page = page
        self.served = served
        self.frames: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        if frames:  # a whole game's frames come to megabytes: kept only where a test reads them
            page.on("websocket", self._watch)
        page.set_default_timeout(WAIT_MS)

    def _watch(self, socket: Any) -> None:
        held: list[dict[str, Any]] = []  # this socket's last state, made whole as the page does

        def received(text: str) -> None:
            frame = json.loads(text)
            if frame.get("type") == "state":
                frame = whole_state(held[-1] if held else None, frame)
                held[:] = [frame]
            self.frames.append(frame)

        socket.on("framereceived", received)
        socket.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    # ----- going places -----

    def open_room(self, room: str, seat: int | None = None, token: str | None = None) -> None:
        """The room's page as the seat (its token in the fragment) or as a spectator."""
        fragment = (
            f"/#/room/{room}" if token is None else f"/#/room/{room}?seat={seat}&token={token}"
        )
        self.page.goto(fragment)
        self.page.wait_for_selector(DRAWN)

    def accept_invitation(self, room: str, seat: int, code: str | None = None) -> str:
        """Follow the seat's invitation link (``/#/join/ROOM/SEAT/CODE``, a public seat's has no
        code): the shell claims the seat and opens the room. The seat's token, as it keeps it."""
        self.page.goto(f"/#/join/{room}/{seat}" + ("" if code is None else f"/{code}"))
        self.page.wait_for_selector(DRAWN)
        held: dict[str, str] = self.page.evaluate(
            "room => JSON.parse(localStorage.getItem(`angler:tokens:${room}`) || '{}')", room
        )
        assert list(held) == [str(seat)], held
        return held[str(seat)]

    # ----- reading the table -----

    @property
    def version(self) -> int:
        return int(self.page.get_attribute("main.room", "data-version") or "-1")

    @property
    def seat(self) -> str | None:
        return self.page.get_attribute("main.room", "data-seat")

    def dom_cards(self) -> set[str]:
        """The ``data-card`` id of every card drawn anywhere in the document."""
        cards: list[str] = self.page.eval_on_selector_all(
            "[data-card]", "nodes => nodes.map(node => node.dataset.card)"
        )
        return set(cards)

    def states(self) -> list[dict[str, Any]]:
        """The ``state`` frames received so far."""
        return [frame for frame in self.frames if frame.get("type") == "state"]

    def overflow(self) -> dict[str, int]:
        """How wide the document's content is against its window. The body's width counts too:
        content that ``overflow-x: hidden`` clips is as lost as content one must scroll to."""
        widths: dict[str, int] = self.page.evaluate(WIDTHS)
        return widths

    def fits_width(self) -> bool:
        """Whether the document needs no horizontal scrolling, and clips nothing."""
        widths = self.overflow()
        return max(widths["document"], widths["body"]) <= widths["window"]

    # ----- playing -----

    def wait_turn_or_end(self, after: int) -> str:
        """Wait until the seat decides at a version past ``after`` ("turn") or the game is over
        ("over"); a refusal shown in ``#error`` fails the test."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

        try:
            handle = self.page.wait_for_function(TABLE_STATE, arg=after)
        except PlaywrightTimeoutError:
            raise AssertionError(
                f"no turn past version {after} and no end: the page shows {self.looks()}; "
                f"the last frames: {self.recent()}"
            ) from None
        state: str = handle.json_value()
        assert not state.startswith("error"), f"{state}; the last frames: {self.recent()}"
        return state

    def looks(self) -> dict[str, Any]:
        """What the table shows now, in short, for a failure's message: a page stuck waiting
        tells whether it waits on a bot, on a lost press, or on its socket."""
        shown: dict[str, Any] = self.page.evaluate(LOOKS)
        return shown

    def recent(self, count: int = 4) -> list[str]:
        """The last frames in short, for a failure's message."""
        return [
            f"v{frame.get('version')} {frame.get('type')} to_act={frame.get('to_act')} "
            f"legal={[a['text'] for a in frame.get('legal', [])][:3]} {frame.get('message', '')}"
            for frame in self.frames[-count:]
        ] + [f"sent {message}" for message in self.sent[-2:]]

    def play_first_action(self) -> int:
        """Press the first legal action the shell lists; the version it was pressed at."""
        version = self.version
        self.page.locator("#actions [data-action]").first.click()
        return version

    def press_first_action(self) -> int:
        """Choose the first legal action with its key (1), as a person at the keyboard; the
        version it was chosen at."""
        version = self.version
        self.page.keyboard.press("1")
        return version

    def play_to_end(self, most_moves: int) -> int:
        """Choose the first listed action (by key) whenever the seat decides, until the end
        screen; how many moves that took."""
        moved_at = -1
        for moves in range(most_moves + 1):
            if self.wait_turn_or_end(moved_at) == "over":
                return moves
            moved_at = self.press_first_action()
        raise AssertionError(f"no end screen after {most_moves} moves")


# A board drawn on a page of the site from a payload a test makes (as the server makes one), with
# the shell's ui: what it plays is kept in ``window.acted``. Its innerText is returned.
RENDER = """
async ([game, payload]) => {
  const board = await (await import("/static/boards.js")).loadBoard(game);
  const sheet = document.querySelector(`link[data-board="${game}"]`);
  if (sheet && !sheet.sheet) await new Promise((done) => sheet.addEventListener("load", done));
  const root = document.createElement("div");
  root.className = "board";
  document.querySelector("#app").replaceChildren(root);
  window.acted = [];
  window.drawAgain = () => board.render(root, payload, ui);
  const ui = { act: (action) => window.acted.push(action), replay: false, reducedMotion: true,
    seatName: (s) => (s === payload.seat ? "You" : `Player ${s + 1}`) };
  board.render(root, payload, ui);
  return root.innerText;
}
"""


def draw_board(page: Page, game: str, payload: dict[str, Any]) -> str:
    """Draw ``payload`` with ``game``'s board on a page of the site (the how-to page: any page
    loads the board's modules); ``window.drawAgain()`` draws it once more, as a new payload."""
    page.goto("/#/howto")
    page.wait_for_selector("article.howto > *")
    text: str = page.evaluate(RENDER, [game, payload])
    return text
