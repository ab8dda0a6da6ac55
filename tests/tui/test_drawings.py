"""The table pane draws whatever picture the game brings: fitted to the pane, kept per width,
and a click mapped through the very drawing on screen. The terminal table itself names no game."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from angler.core.presentation import Presentation
from angler.core.registry import all_games, make_game
from angler.core.terminal import TerminalPicture
from angler.tui.drawings import Picture

TUI = Path(__file__).parents[2] / "src" / "angler" / "tui"


class Ruled(TerminalPicture[Text]):
    """A stand-in for a fourth game's picture: a row of digits as wide as it is let be, on as
    many lines as are left; a click means the action ``100 * line + column``."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, int | None]] = []

    def draw(self, width: int, rows: int | None) -> Text:
        self.asked.append((width, rows))
        line = "".join(str(column % 10) for column in range(width))
        return Text("\n".join([line] * max(rows or 1, 1)))

    def action_at(self, drawing: Text, line: int, column: int) -> int | None:
        lines = drawing.plain.split("\n")
        if 0 <= line < len(lines) and 0 <= column < len(lines[line]):
            return 100 * line + column
        return None


def render(picture: Picture, width: int) -> list[str]:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(picture)
    return console.export_text().splitlines()


def test_a_games_picture_is_drawn_for_the_width_and_the_lines_the_text_leaves() -> None:
    ruled = Ruled()
    shown = render(Picture(ruled, Text("table text\nsecond line"), rows=6), 30)
    assert ruled.asked == [(30, 4)]
    assert shown == ["012345678901234567890123456789"] * 4 + ["table text", "second line"]


def test_each_width_is_drawn_once_and_a_click_maps_through_the_drawing_shown_there() -> None:
    ruled = Ruled()
    picture = Picture(ruled, Text("text"), rows=3)
    render(picture, 12)
    render(picture, 12)
    assert ruled.asked == [(12, 2)]
    assert picture.action_at(1, 11, width=12) == 111
    assert picture.action_at(2, 0, width=12) is None  # the text under the drawing
    assert picture.action_at(0, 0, width=40) is None  # no drawing was shown 40 wide


def test_a_game_without_a_picture_shows_its_text_alone_and_clicks_mean_nothing() -> None:
    game = make_game("fishing")
    plain = Presentation(game)  # the core's defaults: no picture, no colours
    view = game.new_state(1).view(0)
    assert plain.terminal_picture(view) is None and plain.terminal_styles == ()
    picture = Picture(None, Text("only text"), rows=10)
    assert render(picture, 20) == ["only text"]
    assert picture.action_at(0, 0, width=20) is None


@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_every_games_picture_fits_any_width_and_a_click_means_one_of_its_actions(
    name: str,
) -> None:
    """For positions of a random game, the game's own picture (if any) keeps within every
    width, and every cell of it means no action or an action code the game can write."""
    game = make_game(name)
    state = game.new_state(3)
    chooser = random.Random(3)
    for _ in range(4):
        for _ in range(chooser.randrange(30)):  # a few moves on
            if state.is_terminal():
                break
            seat = state.current_players()[0]
            legal = state.legal_actions(seat)
            state.apply_action(legal[chooser.randrange(len(legal))], seat)
        picture = game.presentation.terminal_picture(state.view(0))
        if picture is None:
            continue
        for width in (24, 47, 100):
            for rows in (None, 12, -3):
                drawing = picture.draw(width, rows)
                if drawing is None:
                    continue
                lines = drawing.plain.split("\n")
                assert all(cell_len(line) <= width for line in lines), (width, rows)
                for line, text in enumerate(lines):
                    for column in range(cell_len(text)):
                        action = picture.action_at(drawing, line, column)
                        if action is not None:
                            game.action_to_string(action)  # raises for a code it cannot write


def test_the_terminal_table_names_no_game_and_imports_none() -> None:
    """Every game brings its own looks; a fourth one must not need the table edited."""
    names = {word.lower() for game in all_games() for word in (game.name, game.title)}
    for path in sorted(TUI.rglob("*.*")):
        source = path.read_text(encoding="utf-8")
        assert "angler.games" not in source, path.name
        found = [name for name in names if re.search(re.escape(name), source, re.IGNORECASE)]
        assert not found, (path.name, found)
