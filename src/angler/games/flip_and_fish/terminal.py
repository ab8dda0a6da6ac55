"""Flip & Fish's picture on the terminal table: the table seen from above, in text, with the
water cards, the jetties, where the die stopped and how far the ruler reaches from it. The latest
cast, a bot's too, stays drawn (its aim ``+``, its stop and face) until the next turn starts,
with what came of it written beneath. A click on the table aims a cast there.

Only the part of the table in use is drawn, at the finest scale that fits the room: one character
is ``mm`` millimetres across and a line ``2 * mm`` (terminal cells are about twice as tall as wide,
so the picture keeps its proportions). North is up: seat 1's jetty lies at the bottom.
"""

from __future__ import annotations

import math
import textwrap

from rich.text import Text

from angler.core.errors import AnglerError
from angler.core.terminal import TerminalPicture, append_runs
from angler.games.flip_and_fish.actions import aim_code
from angler.games.flip_and_fish.cards import BOOT, TROPHY, CardSet
from angler.games.flip_and_fish.events import Cast, Fish, Turn
from angler.games.flip_and_fish.table import (
    CARD_LENGTH,
    CARD_WIDTH,
    RULER,
    TABLE_HALF,
    Table,
)
from angler.games.flip_and_fish.view import FlipAndFishView

# Millimetres a character stands for, finest first. Finer than 15 adds nothing (aims lie on a
# 10 mm grid). Up to LEGIBLE_MM the picture coarsens to save lines, past it only to fit its width.
SCALES = (15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 22.0, 25.0, 30.0, 40.0, 60.0, 90.0)
LEGIBLE_MM = 22.0
MARGIN_COLUMNS, MARGIN_ROWS = 3, 1  # room to aim round what is drawn


class Grid:
    """The whole table as characters at one scale; (row, column) 0, 0 is its north-west corner."""

    def __init__(self, mm: float) -> None:
        self.mm = mm
        # Rounded as cell() rounds, so that every point of the table has a cell.
        self.columns = round(2 * TABLE_HALF / mm) + 1
        self.rows = round(TABLE_HALF / mm) + 1
        self.chars = [[" "] * self.columns for _ in range(self.rows)]
        self.styles: dict[tuple[int, int], str] = {}

    def cell(self, x: float, y: float) -> tuple[int, int]:
        """(row, column) of a point in mm."""
        return round((TABLE_HALF - y) / (2 * self.mm)), round((x + TABLE_HALF) / self.mm)

    def point(self, row: int, column: int) -> tuple[int, int] | None:
        """The aim (mm, on the 10 mm grid) at a cell, or None off the table."""
        if not (0 <= row < self.rows and 0 <= column < self.columns):
            return None
        x = column * self.mm - TABLE_HALF
        y = TABLE_HALF - row * 2 * self.mm
        return round(x / 10) * 10, round(y / 10) * 10

    def put(self, row: int, column: int, char: str, style: str = "") -> None:
        if 0 <= row < self.rows and 0 <= column < self.columns:
            self.chars[row][column] = char
            if style:
                self.styles[row, column] = style

    def write(self, row: int, column: int, text: str, style: str = "") -> None:
        for offset, char in enumerate(text):
            self.put(row, column + offset, char, style)

    def char(self, row: int, column: int) -> str:
        """The character at a cell; "" off the table."""
        if 0 <= row < self.rows and 0 <= column < self.columns:
            return self.chars[row][column]
        return ""


class TablePicture(Text):
    """The drawing, which also knows the table point under each of its characters."""

    grid: Grid | None = None
    first_row = first_column = 0  # the grid cell drawn just inside the frame's top left corner
    last_row = last_column = -1
    width = height = 0  # characters across and lines down, frame included

    def point_at(self, line: int, column: int) -> tuple[int, int] | None:
        """The aim (mm, on the 10 mm grid) under character ``column`` of picture line ``line``
        (0 is the top border), or None off the table."""
        row, col = self.first_row + line - 1, self.first_column + column - 1
        if self.grid is None or not (
            self.first_row <= row <= self.last_row and self.first_column <= col <= self.last_column
        ):
            return None
        return self.grid.point(row, col)


class FlipAndFishPicture(TerminalPicture[TablePicture]):
    """The table of one seat's view; a click on it aims a cast at the point under the pointer."""

    def __init__(self, view: FlipAndFishView, table: Table, cards: CardSet) -> None:
        self.view = view
        self.table = table
        self.cards = cards

    def draw(self, width: int, rows: int | None) -> TablePicture:
        return draw_table(self.view, self.table, self.cards, width, rows)

    def action_at(self, drawing: TablePicture, line: int, column: int) -> int | None:
        point = drawing.point_at(line, column)
        if point is None:
            return None
        try:
            return aim_code(*point)
        except AnglerError:  # a point of the margin beyond the table's edge
            return None


def draw_table(
    view: FlipAndFishView,
    table: Table,
    cards: CardSet,
    width: int | None = None,
    rows: int | None = None,
) -> TablePicture:
    """The table at the finest scale whose picture is at most ``width`` characters wide and, if
    it can be done legibly, ``rows`` lines tall (None: no limit)."""
    story = cast_story(view, cards)
    told = "Last cast: " + "; ".join(story) if story else ""
    lines = textwrap.wrap(told, width) if width and told else ([told] if told else [])
    picture = TablePicture()
    for mm in SCALES:
        picture = framed(draw_grid(view, table, cards, mm))
        if width is not None and picture.width > width:
            continue
        if rows is not None and picture.height + len(lines) > rows and mm < LEGIBLE_MM:
            continue
        break
    for number, line in enumerate(lines):
        picture.append("\n")
        if number == 0:
            picture.append(line[: len("Last cast:")], style="bold")
            picture.append(line[len("Last cast:") :])
        else:
            picture.append(line)
    return picture


def draw_grid(view: FlipAndFishView, table: Table, cards: CardSet, mm: float) -> Grid:
    """Everything on the table at ``mm`` millimetres a character."""
    grid = Grid(mm)
    for slot, (cx, cy) in enumerate(table.cards):
        card = view.water[slot]
        if card == -2:
            continue
        top, left = grid.cell(cx - CARD_WIDTH / 2, cy + CARD_LENGTH / 2)
        bottom, right = grid.cell(cx + CARD_WIDTH / 2, cy - CARD_LENGTH / 2)
        style = _card_style(card, cards)
        for row in range(top, bottom + 1):
            for column in range(left, right + 1):
                grid.put(row, column, "▒" if card == -1 else "█", style)
    for slot, (cx, cy) in enumerate(table.cards):  # numbers last: no card covers another's
        if view.water[slot] != -2:
            middle, centre = grid.cell(cx, cy)
            grid.write(middle, centre, str(slot + 1), "bold reverse")
    cast = last_cast(view)
    if cast is not None:
        aim, (x, y), face, current = cast
        ring, die = ("yellow", "bold red") if current else ("grey50", "bold magenta")
        for step in range(72):  # the ruler's reach: a ring round the die
            angle = step * math.pi / 36
            row, column = grid.cell(x + RULER * math.cos(angle), y + RULER * math.sin(angle))
            if grid.char(row, column) == " ":
                grid.put(row, column, "·", ring)
        row, column = grid.cell(*aim)
        if grid.char(row, column) in (" ", "·"):
            grid.put(row, column, "+", "bold")  # where the cast was aimed
        row, column = grid.cell(x, y)
        grid.put(row, column, "◆", die)
        grid.write(row, column + 1, f"{face}", die)
    for seat, (jx, jy) in enumerate(table.jetties):
        row, column = grid.cell(jx, jy)
        label = "YOU" if seat == view.player else f"J{seat + 1}"
        grid.write(
            row, column - len(label) // 2, label, "bold green" if seat == view.player else ""
        )
    return grid


def framed(grid: Grid) -> TablePicture:
    """Only the part of the table in use (the water, the jetties and the die, with a margin to
    aim in), inside a frame."""
    used = [
        (r, c) for r in range(grid.rows) for c in range(grid.columns) if grid.chars[r][c] != " "
    ]
    first_row = max(0, min(r for r, _ in used) - MARGIN_ROWS)
    last_row = min(grid.rows - 1, max(r for r, _ in used) + MARGIN_ROWS)
    first_column = max(0, min(c for _, c in used) - MARGIN_COLUMNS)
    last_column = min(grid.columns - 1, max(c for _, c in used) + MARGIN_COLUMNS)
    lines = TablePicture()
    lines.grid, lines.first_row, lines.first_column = grid, first_row, first_column
    lines.last_row, lines.last_column = last_row, last_column
    lines.width, lines.height = last_column - first_column + 3, last_row - first_row + 3
    border = "+" + "-" * (last_column - first_column + 1) + "+"
    lines.append(border + "\n", style="dim")
    for row in range(first_row, last_row + 1):
        lines.append("|", style="dim")
        columns = range(first_column, last_column + 1)
        append_runs(
            lines,
            grid.chars[row][first_column : last_column + 1],
            [grid.styles.get((row, column), "") for column in columns],
        )
        lines.append("|\n", style="dim")
    lines.append(border, style="dim")
    return lines


def last_cast(
    view: FlipAndFishView,
) -> tuple[tuple[float, float], tuple[float, float], int, bool] | None:
    """(aim, where the die stopped, its face, whether this cast is still being resolved) of the
    latest cast this turn or the turn before, from the view's public log; None if none."""
    turns_back = 0
    for event in reversed(view.events):
        if isinstance(event, Turn):
            turns_back += 1
            if turns_back > 1:
                return None
        elif isinstance(event, Cast):
            return event.aim, event.stop, event.face, view.landing is not None and turns_back == 0
    return None


def cast_story(view: FlipAndFishView, cards: CardSet) -> list[str]:
    """The latest cast and what came of it (strike, bite, catch, got away, miss), in words."""
    from angler.games.flip_and_fish.view import describe

    events = list(view.events)
    start = next((i for i in range(len(events) - 1, -1, -1) if isinstance(events[i], Cast)), None)
    if start is None or last_cast(view) is None:
        return []
    told = []
    for event in events[start:]:
        if isinstance(event, Turn | Fish):
            break
        told.append(describe(event, cards, view.player))
    return told


def _card_style(card: int, cards: CardSet) -> str:
    if card < 0:
        return "blue"
    if cards.kind[card] == TROPHY:
        return "bold yellow"
    if cards.kind[card] == BOOT:
        return "grey50"
    return "cyan"
