"""What the browser table says to people: seats and players numbered from 1, plurals, and
punctuation as a sentence has it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest
from tests.web.conftest import DESKTOP
from tests.web.table import create_room, draw_board

from angler.core.registry import get_game
from angler.games.crazy_fishing.cards import FISH
from angler.server.payloads import seat_payload

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage
    from tests.web.table import Watched

pytestmark = pytest.mark.browser
PHONE: ViewportSize = {"width": 360, "height": 740}


def test_an_invitation_past_the_last_seat_numbers_players_from_one(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, "fishing", seats=["human", "open", "open", "random"])
    page = open_page(frames=False).page
    page.goto(f"/#/join/{room['room']}/9")  # the link's seat counts from 0, as the server's path
    page.wait_for_selector("#app h1:text('Not here')")
    said = page.inner_text("#app p")
    assert "There is no Player 10 in this room (Players 1 to 4)." in said, said
    assert "0 to 3" not in said


# The card names a Crazy Fishing board cut short: an HTML name with hidden overflow, or a sea
# fish's name with an ellipsis.
CUT_NAMES = """
() => [
  ...[...document.querySelectorAll(".cf-card-name")]
    .filter((e) => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight),
  ...[...document.querySelectorAll(".cf-face-name")].filter((e) => e.textContent.includes("…")),
].map((e) => e.textContent)
"""


def start_payload(game_name: str, players: int, seed: int = 5, **options: Any) -> dict[str, Any]:
    state = get_game(game_name)(players, **options).new_state(seed)
    return dict(seat_payload(state, 0, 1))


def draw(table: Watched, game: str, payload: dict[str, Any]) -> str:
    return draw_board(table.page, game, payload)


def played_until(game_name: str, players: int, done: Any, **options: Any) -> Any:
    """A state of the game after random moves (fixed seed) until ``done(state)``."""
    state = get_game(game_name)(players, **options).new_state(5)
    rng = random.Random(5)
    while not done(state):
        seat = state.current_players()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    return state


def test_one_card_in_the_stockroom_is_one_card(open_page: OpenPage) -> None:
    payload = start_payload("fishing", 3)
    board = payload["board"]
    board["stockroom"] = [board["hand"][0]["id"]]
    text = draw(open_page(frames=False), "fishing", payload)
    assert "Your stockroom: 1 card (order unknown)" in text, text


def test_a_cast_s_story_ending_in_a_win_has_one_stop(open_page: OpenPage) -> None:
    state = played_until(
        "flip-and-fish", 2, lambda s: s.game.presentation.board(s.view(0))["cast"], rounds=2
    )
    payload = dict(seat_payload(state, 0, 1))
    payload["board"]["cast"]["story"][-1] = "Player 2 wins!"
    table = open_page(frames=False)
    draw(table, "flip-and-fish", payload)
    line = table.page.inner_text(".ff-cast-line")
    assert line.endswith("Player 2 wins!"), line
    assert "!." not in line and ".." not in line, line


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_card_names_are_whole_where_there_is_room(
    open_page: OpenPage, viewport: ViewportSize
) -> None:
    game: Any = get_game("crazy-fishing")(2)  # its card set: Crazy Fishing's own
    cards = game.cards
    payload = start_payload("crazy-fishing", 2)
    board = payload["board"]
    kept = [card for card in cards.cards if card.kind != FISH]
    # Every rod and bait in the hand (full size) and in a secret cast (small), none offered.
    board["hand"] = board["my_cast"] = [card.id for card in kept]
    board["cast_options"] = board["cast_cards"] = []
    monster = next(card for card in cards.cards if card.special == "monster")
    board["sea"][-1]["card"] = monster.id
    table = open_page(viewport=viewport, frames=False)
    draw(table, "crazy-fishing", payload)
    assert table.page.locator(".cf-face-name").count() > 0
    cut: list[str] = table.page.evaluate(CUT_NAMES)
    assert not cut, f"names cut short: {cut}"


def test_the_player_count_keeps_to_the_game_and_its_seats(open_page: OpenPage) -> None:
    page = open_page(frames=False).page
    page.goto("/#/")
    page.wait_for_selector("#create-room")
    page.select_option("select[name=game]", "fishing")  # 3 to 5 players
    players = page.locator("input[name=players]")
    players.fill("99")
    assert players.input_value() == "5"
    assert page.locator("#seats select").count() == 5
    players.fill("1")
    players.blur()
    assert players.input_value() == "3"
    assert page.locator("#seats select").count() == 3
    players.fill("")
    players.blur()
    assert players.input_value() == str(page.locator("#seats select").count())


LABELS = """
async ([game, payload]) => {
  const board = await (await import("/static/boards.js")).loadBoard(game);
  return payload.legal.map((action) => board.actionLabel(action, payload) || action.label);
}
"""


def test_the_list_offers_a_cast_once_when_the_hand_holds_twins(open_page: OpenPage) -> None:
    game: Any = get_game("crazy-fishing")(3)
    for seed in range(100):  # a deal whose seat 0 holds two copies of one rod or bait
        state = game.new_state(seed)
        names = [game.cards.cards[card].type_name for card in state.view(0).hand]
        if len(set(names)) < len(names):
            break
    payload = dict(seat_payload(state, 0, 1))
    table = open_page(frames=False)
    draw(table, "crazy-fishing", payload)
    labels: list[str] = table.page.evaluate(LABELS, ["crazy-fishing", payload])
    assert len(labels) == len(set(labels)), sorted(labels)
    casts = [option["text"] for option in payload["board"]["cast_options"]]
    assert len(labels) < len(casts), "no twin cast was left out: no test"
