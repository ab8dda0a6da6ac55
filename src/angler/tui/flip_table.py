"""Flip & Fish's table seen from above, in text: the water cards, the jetties, where the die
stopped and how far the ruler reaches from it. The latest cast, a bot's too, stays drawn (its aim
``+``, its stop and face) until the next turn starts, with what came of it written beneath.

Only the part of the table in use is drawn. One character is ``MM_PER_COLUMN`` mm across and a
line ``MM_PER_ROW`` mm (terminal cells are about twice as tall as wide, so the picture keeps its
proportions). North is up: seat 1's jetty lies at the bottom.
"""

from __future__ import annotations

import math

from rich.text import Text

from angler.games.flip_and_fish.cards import BOOT, TROPHY, CardSet
from angler.games.flip_and_fish.table import (
    CARD_LENGTH,
    CARD_WIDTH,
    RULER,
    TABLE_HALF,
    Table,
)
from angler.games.flip_and_fish.view import FlipAndFishView

MM_PER_COLUMN = 15.0
MM_PER_ROW = 30.0
COLUMNS = int(2 * TABLE_HALF / MM_PER_COLUMN) + 1
ROWS = int(2 * TABLE_HALF / MM_PER_ROW) + 1


def cell(x: float, y: float) -> tuple[int, int]:
    """(row, column) of a point in mm."""
    return round((TABLE_HALF - y) / MM_PER_ROW), round((x + TABLE_HALF) / MM_PER_COLUMN)


class TablePicture(Text):
    """The drawing, which also knows the table point under each of its characters."""

    first_row = 0
    first_column = 0

    def point_at(self, line: int, column: int) -> tuple[int, int] | None:
        """The aim (mm, on the 10 mm grid) under character ``column`` of picture line ``line``
        (0 is the top border), or None off the table."""
        row, col = self.first_row + line - 1, self.first_column + column - 1
        if line < 1 or column < 1 or not (0 <= row < ROWS and 0 <= col < COLUMNS):
            return None
        x = col * MM_PER_COLUMN - TABLE_HALF
        y = TABLE_HALF - row * MM_PER_ROW
        return round(x / 10) * 10, round(y / 10) * 10


def draw_table(view: FlipAndFishView, table: Table, cards: CardSet) -> TablePicture:
    grid = [[" "] * COLUMNS for _ in range(ROWS)]
    styles: dict[tuple[int, int], str] = {}

    def put(row: int, column: int, char: str, style: str = "") -> None:
        if 0 <= row < ROWS and 0 <= column < COLUMNS:
            grid[row][column] = char
            if style:
                styles[row, column] = style

    def write(row: int, column: int, text: str, style: str = "") -> None:
        for offset, char in enumerate(text):
            put(row, column + offset, char, style)

    for slot, (cx, cy) in enumerate(table.cards):
        card = view.water[slot]
        if card == -2:
            continue
        top, left = cell(cx - CARD_WIDTH / 2, cy + CARD_LENGTH / 2)
        bottom, right = cell(cx + CARD_WIDTH / 2, cy - CARD_LENGTH / 2)
        style = _card_style(card, cards)
        for row in range(top, bottom + 1):
            for column in range(left, right + 1):
                put(row, column, "▒" if card == -1 else "█", style)
        middle, centre = cell(cx, cy)
        write(middle, centre, str(slot + 1), "bold reverse")
    cast = last_cast(view)
    if cast is not None:
        aim, (x, y), face, current = cast
        ring, die = ("yellow", "bold red") if current else ("grey50", "bold magenta")
        for step in range(72):  # the ruler's reach: a ring round the die
            angle = step * math.pi / 36
            row, column = cell(x + RULER * math.cos(angle), y + RULER * math.sin(angle))
            if 0 <= row < ROWS and 0 <= column < COLUMNS and grid[row][column] == " ":
                put(row, column, "·", ring)
        row, column = cell(*aim)
        if grid[row][column] in (" ", "·"):
            put(row, column, "+", "bold")  # where the cast was aimed
        row, column = cell(x, y)
        put(row, column, "◆", die)
        write(row, column + 1, f"{face}", die)
    for seat, (jx, jy) in enumerate(table.jetties):
        row, column = cell(jx, jy)
        label = "YOU" if seat == view.player else f"J{seat + 1}"
        write(row, column - len(label) // 2, label, "bold green" if seat == view.player else "")
    # Only the part of the table in use: the water, the jetties and the die, with a margin.
    used = [(r, c) for r in range(ROWS) for c in range(COLUMNS) if grid[r][c] != " "]
    first_row = max(0, min(r for r, _ in used) - 1)
    last_row = min(ROWS - 1, max(r for r, _ in used) + 1)
    first_column = max(0, min(c for _, c in used) - 3)
    last_column = min(COLUMNS - 1, max(c for _, c in used) + 3)
    lines = TablePicture()
    lines.first_row, lines.first_column = first_row, first_column
    border = "+" + "-" * (last_column - first_column + 1) + "+"
    lines.append(border + "\n", style="dim")
    for row in range(first_row, last_row + 1):
        lines.append("|", style="dim")
        for column in range(first_column, last_column + 1):
            lines.append(grid[row][column], style=styles.get((row, column), ""))
        lines.append("|\n", style="dim")
    lines.append(border, style="dim")
    story = cast_story(view, cards)
    if story:
        lines.append("\nLast cast: ", style="bold")
        lines.append("; ".join(story))
    return lines


def last_cast(
    view: FlipAndFishView,
) -> tuple[tuple[float, float], tuple[float, float], int, bool] | None:
    """(aim, where the die stopped, its face, whether this cast is still being resolved) of the
    latest cast this turn or the turn before, from the view's public log; None if none."""
    turns_back = 0
    for event in reversed(view.events):
        kind = event[1]
        if kind == "turn":
            turns_back += 1
            if turns_back > 1:
                return None
        elif kind == "cast":
            _, _, _, aim, stop, _, face = event
            return aim, stop, face, view.landing is not None and turns_back == 0
    return None


def cast_story(view: FlipAndFishView, cards: CardSet) -> list[str]:
    """The latest cast and what came of it (strike, bite, catch, got away, miss), in words."""
    from angler.games.flip_and_fish.view import describe

    events = list(view.events)
    start = next((i for i in range(len(events) - 1, -1, -1) if events[i][1] == "cast"), None)
    if start is None or last_cast(view) is None:
        return []
    told = []
    for event in events[start:]:
        if event[1] in ("turn", "fish"):
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
