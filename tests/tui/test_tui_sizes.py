"""The pictures fit the terminal they are shown in, and a click aims at what is drawn under it.

From 80 × 24 (the smallest table) to 160 × 50: no line of a picture is wider than its pane, so
nothing wraps into a garbled drawing, and in Flip & Fish a click on a water card's centre, as the
screen shows it, aims at that card (the picture may be scaled or the pane scrolled)."""

from __future__ import annotations

import dataclasses

import pytest
from rich.cells import cell_len
from tests.tui.screen import run, settled_lines, table_app, until_asked
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Static

from angler.core import make_game
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.crazy_fishing.terminal import draw_sea
from angler.games.fishing.cards import MINUS_THREE
from angler.games.fishing.game import FishingGame
from angler.games.fishing.terminal import draw_fishing
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.games.flip_and_fish.table import CARD_LENGTH, CARD_WIDTH
from angler.games.flip_and_fish.terminal import draw_table
from angler.play.match import Match
from angler.tui.app import PlayApp
from angler.tui.screens import EndScreen

SIZES = [(80, 24), (100, 30), (120, 40), (160, 50)]
BLOCKS = "▒█"  # a water card's shading, face down or face up


async def wait_to_be_asked(pilot: Pilot[None]) -> list[str]:
    """Wait for the person's turn (or the end); the settled screen's lines."""
    await until_asked(pilot, or_over=True)
    return await settled_lines(pilot)


def advance(match: Match, moves: int) -> None:
    """Play ``moves`` decisions straight through the match (the person takes the first choice),
    then the bots' until it is the person's turn again, without drawing the screen between."""
    for _ in range(moves):
        seat = match.to_act()
        if seat is None:
            return
        if match.is_human(seat):
            match.play(seat, match.menu(seat)[0][0])
        else:
            match.bot_move()
    while (seat := match.to_act()) is not None and not match.is_human(seat):
        match.bot_move()


def label_of(digit: str, lines: list[str]) -> tuple[int, int]:
    """(line, column) of a water card's number: the digit with the card's shading beside it."""

    def at(line: int, column: int) -> str:
        inside = 0 <= line < len(lines) and 0 <= column < len(lines[line])
        return lines[line][column] if inside else ""

    for line, text in enumerate(lines):
        for column, char in enumerate(text):
            around = at(line, column - 1) + at(line, column + 1)
            if char == digit and set(around) & set(BLOCKS):
                return line, column
    raise AssertionError(f"card {digit} is not drawn")


def card_centres(app: PlayApp, screen: list[str]) -> dict[int, tuple[int, int]]:
    """Screen (x, y) of each water card's number as drawn: the digit amid the card's shading."""
    pane = app.query_one("#table-pane", VerticalScroll).scrollable_content_region
    found = {}
    for y, line in enumerate(screen):
        if not pane.y <= y < pane.bottom:
            continue
        for x in range(pane.x, min(pane.right, len(line))):
            shaded = {line[x - 1 : x], line[x + 1 : x + 2]} & set(BLOCKS)
            if line[x] in "12345" and shaded:
                found[int(line[x])] = (x, y)
    return found


async def click_each_card(
    pilot: Pilot[None], game: FlipAndFishGame, aimed: list[int], least: int, screen: list[str]
) -> None:
    """Click every card whose number shows on screen; each click must aim at its card."""
    app = table_app(pilot)
    centres = card_centres(app, screen)
    assert len(centres) >= least, centres
    for number, (x, y) in sorted(centres.items()):
        before = len(aimed)
        await pilot.click(offset=(x, y))
        await pilot.pause()
        assert len(aimed) == before + 1, f"the click on card {number} aimed nowhere"
        words = game.action_to_string(aimed[-1]).split()
        assert words[0] == "cast"
        aim_x, aim_y = int(words[1]), int(words[2])
        card_x, card_y = game.table.cards[number - 1]
        assert abs(aim_x - card_x) <= CARD_WIDTH / 2, (number, aim_x, aim_y)
        assert abs(aim_y - card_y) <= CARD_LENGTH / 2, (number, aim_x, aim_y)


def assert_drawn_whole(app: PlayApp, screen: list[str]) -> int:
    """The picture drawn for the table pane's width fits it, and the screen shows each of its
    lines whole from the top of the pane (nothing wrapped). Returns its number of lines."""
    table = app.query_one("#table", Static)
    picture = app.picture
    assert picture is not None
    width = table.content_size.width
    drawn = picture.drawn(width, app.console)
    lines = drawn.plain.split("\n") if drawn is not None else []
    assert all(cell_len(line) <= width for line in lines)
    top = table.content_region
    shown = app.query_one("#table-pane", VerticalScroll).scrollable_content_region
    for number, line in enumerate(lines[: shown.height]):
        on_screen = screen[top.y + number][top.x : top.x + width]
        assert on_screen.rstrip() == line.rstrip(), (number, line)
    return len(lines)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 50)])
def test_a_click_on_each_water_cards_centre_aims_at_that_card(
    size: tuple[int, int], players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = FlipAndFishGame(players)
    app = PlayApp(Match(game, 3, ["human"] + ["heuristic"] * (players - 1)), pace=0)
    aimed: list[int] = []

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        app.choose(game.action_from_string("fish"))
        screen = await wait_to_be_asked(pilot)
        assert app.match.state.view(0).phase == "aim"
        monkeypatch.setattr(app, "choose", aimed.append)  # record each aim, cast none
        await click_each_card(pilot, game, aimed, least=5, screen=screen)

    run(app, script, size)


def test_a_click_aims_true_with_the_table_scrolled(monkeypatch: pytest.MonkeyPatch) -> None:
    game = FlipAndFishGame(4)
    app = PlayApp(Match(game, 3, ["human", "heuristic", "heuristic", "heuristic"]), pace=0)
    aimed: list[int] = []

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        app.choose(game.action_from_string("fish"))
        await until_asked(pilot)
        pane = app.query_one("#table-pane", VerticalScroll)
        pane.scroll_to(y=4, animate=False)
        screen = await settled_lines(pilot)
        assert pane.scroll_y == 4
        monkeypatch.setattr(app, "choose", aimed.append)  # record each aim, cast none
        await click_each_card(pilot, game, aimed, least=3, screen=screen)

    run(app, script, (80, 24))


def test_the_table_is_drawn_again_for_a_resized_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four players, the tallest table: after each resize it is drawn for the new width and
    lines, on screen whole even at 80 x 24, and clicks still aim true."""
    game = FlipAndFishGame(4)
    app = PlayApp(Match(game, 3, ["human"] + ["heuristic"] * 3), pace=0)
    aimed: list[int] = []

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        app.choose(game.action_from_string("fish"))
        await wait_to_be_asked(pilot)
        monkeypatch.setattr(app, "choose", aimed.append)  # record each aim, cast none
        for size in ((80, 24), (160, 50), (100, 30)):
            await pilot.resize_terminal(*size)
            screen = await settled_lines(pilot)
            pane = app.query_one("#table-pane", VerticalScroll).scrollable_content_region
            assert assert_drawn_whole(app, screen) <= pane.height  # the whole table is on screen
            await click_each_card(pilot, game, aimed, least=5, screen=screen)

    run(app, script, (160, 50))


@pytest.mark.parametrize("name", ["fishing", "crazy-fishing", "flip-and-fish"])
@pytest.mark.parametrize("size", SIZES)
def test_no_picture_line_is_wider_than_its_pane(name: str, size: tuple[int, int]) -> None:
    """At several moments of a game (tricks, casts, the sea emptying), the picture drawn for the
    pane fits its width, and the screen shows each of its lines whole, unwrapped."""
    game = make_game(name, 4 if name == "fishing" else 3)
    kinds = ["human"] + ["random"] * (game.players - 1)
    app = PlayApp(Match(game, 5, kinds), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(8):
            screen = await wait_to_be_asked(pilot)
            if app.match.over or isinstance(app.screen, EndScreen):
                return
            assert_drawn_whole(app, screen)
            advance(app.match, 6)  # a few moves on (tricks, casts, catches), then ask again
            app.step()

    run(app, script, size)


WIDTHS = range(24, 121, 6)
ROOMS = (None, 30, 12, -3)  # lines the text leaves the picture (-3: none at all)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_flip_table_fits_any_width_and_each_card_drawn_maps_back_to_that_card(
    players: int,
) -> None:
    game = FlipAndFishGame(players)
    view = game.new_state(1).view(0)
    for width in WIDTHS:
        for rows in ROOMS:
            picture = draw_table(view, game.table, game.cards, width, rows)
            lines = picture.plain.split("\n")
            assert all(cell_len(line) <= width for line in lines), (width, rows)
            for slot, (card_x, card_y) in enumerate(game.table.cards):
                line, column = label_of(str(slot + 1), lines)
                point = picture.point_at(line, column)
                assert point is not None
                assert abs(point[0] - card_x) <= CARD_WIDTH / 2, (width, rows, slot)
                assert abs(point[1] - card_y) <= CARD_LENGTH / 2, (width, rows, slot)
            assert picture.point_at(0, 1) is None  # the frame is not the table
            assert picture.point_at(1, len(lines[1]) - 1) is None


def test_the_fishing_banner_trick_and_hand_fit_any_width() -> None:
    game = FishingGame(4)
    view = game.new_state(7).view(0)
    cards = game.cards
    minus = next(c for c in range(len(cards.cards)) if cards.effect[c] == MINUS_THREE)
    busy = dataclasses.replace(  # every effect in force and a full trick: the widest picture
        view,
        call_suit=2,
        lowest=True,
        trick=((1, minus), (2, view.hand[0]), (3, view.hand[1])),
        next_first=2,
        next_call=0,
        next_lowest=True,
    )
    for width in WIDTHS:
        for rows in ROOMS:
            picture = draw_fishing(busy, cards, width, rows).plain
            assert all(cell_len(line) <= width for line in picture.split("\n")), (width, rows)
            assert "Next trick" in picture and "Lowest value wins" in picture
            assert all(name in picture for name in cards.names(list(view.hand)))


def test_the_fishing_cards_become_one_line_chips_when_the_tiles_would_not_fit() -> None:
    game = FishingGame(4)
    view = game.new_state(7).view(0)
    tiled = draw_fishing(view, game.cards, 44).plain
    assert "┌" in tiled
    compact = draw_fishing(view, game.cards, 44, rows=4).plain
    assert "┌" not in compact and compact.count("\n") < tiled.count("\n")
    assert all(f" {name} " in compact for name in game.cards.names(list(view.hand)))


def test_the_sea_fits_any_width_and_shrinks_to_the_lines_left_while_legible() -> None:
    game = CrazyFishingGame(4)
    view = game.new_state(2).view(0)
    free = [f"{spot}:{back}" for spot, _, _, covered, back, _ in view.sea if not covered]
    for width in WIDTHS:
        for rows in ROOMS:
            picture = draw_sea(view, game.cards, width, rows)
            assert picture is not None
            lines = picture.plain.split("\n")
            assert all(cell_len(line) <= width for line in lines), (width, rows)
            if rows == 30:  # room enough at a legible size
                assert len(lines) <= rows
            if width >= 40:
                assert all(label in picture.plain for label in free), (width, rows)
