"""Crazy Fishing's picture on the terminal table: the sea as the loose pile it is, seen from
above, every round card where it lies, lower cards drawn first so the upper ones cover them. A
fish you may choose (uncovered) shows its spot and the range printed on its back (and its face if
you know it); a covered one is shaded.

The sea is drawn as wide as the pane allows, and narrower when the lines the pane has left would
not hold it, but not below ``LEGIBLE_COLUMNS`` (there the pane scrolls instead).
"""

from __future__ import annotations

from rich.text import Text

from angler.core.terminal import TerminalPicture, append_runs
from angler.games.crazy_fishing.cards import CardSet
from angler.games.crazy_fishing.view import CrazyFishingView

WIDTH = 64  # characters across the picture when no width is given
MOST_COLUMNS = 96  # wider adds nothing a person needs
LEGIBLE_COLUMNS = 36  # narrower, the labels of neighbouring fish run into each other
MM_PER_ROW_FACTOR = 2.0  # a terminal cell is about twice as tall as wide


class SeaPicture(TerminalPicture[Text]):
    """The sea of one seat's view (nothing once it is empty); a click means nothing here."""

    def __init__(self, view: CrazyFishingView, cards: CardSet) -> None:
        self.view = view
        self.cards = cards

    def draw(self, width: int, rows: int | None) -> Text | None:
        return draw_sea(self.view, self.cards, width, rows)


def draw_sea(
    view: CrazyFishingView, cards: CardSet, width: int = WIDTH, rows: int | None = None
) -> Text | None:
    """The sea at most ``width`` characters wide and, as far as it stays legible, ``rows`` lines
    tall (a blank line below it included); None while the sea is empty."""
    if not view.sea:
        return None
    columns = min(width, MOST_COLUMNS)
    picture = sea_picture(view, cards, columns)
    if rows is None or lines(picture) <= rows:
        return picture
    # The widest sea that fits the lines, found by halving (a narrower sea is never taller).
    low, high = min(columns, LEGIBLE_COLUMNS), columns - 1
    best = sea_picture(view, cards, low)
    while low < high:
        middle = (low + high + 1) // 2
        tried = sea_picture(view, cards, middle)
        if lines(tried) <= rows:
            low, best = middle, tried
        else:
            high = middle - 1
    return best


def lines(picture: Text) -> int:
    """Lines a picture takes on screen (its last line break ends a blank one)."""
    return picture.plain.count("\n") + 1


def sea_picture(view: CrazyFishingView, cards: CardSet, width: int) -> Text:
    diameter = float(cards.sea["diameter"])
    xs = [x for _, x, _, _, _, _ in view.sea]
    ys = [y for _, _, y, _, _, _ in view.sea]
    left, right = min(xs) - diameter, max(xs) + diameter
    top, bottom = max(ys) + diameter, min(ys) - diameter
    per_column = (right - left) / (width - 1)
    per_row = per_column * MM_PER_ROW_FACTOR
    rows = int((top - bottom) / per_row) + 1
    grid = [[" "] * width for _ in range(rows)]
    styles: dict[tuple[int, int], str] = {}

    def cell(x: float, y: float) -> tuple[int, int]:
        return round((top - y) / per_row), round((x - left) / per_column)

    radius = diameter / 2
    labels = []
    for spot, x, y, covered, back, face in view.sea:  # bottom of the pile first
        centre_row, centre_column = cell(x, y)
        reach_rows = int(radius / per_row) + 1
        reach_columns = int(radius / per_column) + 1
        for row in range(centre_row - reach_rows, centre_row + reach_rows + 1):
            for column in range(centre_column - reach_columns, centre_column + reach_columns + 1):
                dx = (column - centre_column) * per_column
                dy = (row - centre_row) * per_row
                if dx * dx + dy * dy <= radius * radius and 0 <= row < rows and 0 <= column < width:
                    grid[row][column] = "░" if covered else "▓"
                    styles[row, column] = "grey42" if covered else "blue"
        if not covered:
            known = f"={cards.names([face])[0]}" if face >= 0 else ""
            labels.append((centre_row, centre_column, f"{spot}:{back}{known}", reach_rows))
    taken: list[tuple[int, int, int]] = []  # (row, first column, last column) of labels placed
    for row, column, label, reach in labels:  # last, so no card hides a choosable fish's name
        start = max(0, min(width - len(label), column - len(label) // 2))
        row = free_row(taken, row, start, start + len(label) - 1, reach, rows)
        taken.append((row, start, start + len(label) - 1))
        for offset, char in enumerate(label[:width]):
            grid[row][start + offset] = char
            styles[row, start + offset] = "bold white on blue"
    drawn = [row for row in range(rows) if any(char != " " for char in grid[row])]
    picture = Text()
    for row in range(drawn[0], drawn[-1] + 1):
        append_runs(picture, grid[row], [styles.get((row, column), "") for column in range(width)])
        picture.append("\n")
    return picture


def free_row(
    taken: list[tuple[int, int, int]], row: int, first: int, last: int, reach: int, rows: int
) -> int:
    """The line nearest ``row`` (within ``reach`` of it, on the picture) where a label spanning
    columns ``first``..``last`` keeps a space from every label already placed; ``row`` if none."""
    for shift in range(reach + 1):
        for candidate in (row - shift, row + shift):
            if 0 <= candidate < rows and all(
                other != candidate or last + 1 < start or end + 1 < first
                for other, start, end in taken
            ):
                return candidate
    return min(max(row, 0), rows - 1)
