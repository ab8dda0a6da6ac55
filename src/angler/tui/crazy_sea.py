"""Crazy Fishing's sea as the loose pile it is, seen from above: every round card where it lies,
lower cards drawn first so the upper ones cover them. A fish you may choose (uncovered) shows its
spot and the range printed on its back (and its face if you know it); a covered one is shaded.
"""

from __future__ import annotations

from rich.text import Text

from angler.games.crazy_fishing.cards import CardSet
from angler.games.crazy_fishing.view import CrazyFishingView

WIDTH = 64  # characters across the picture
MM_PER_ROW_FACTOR = 2.0  # a terminal cell is about twice as tall as wide


def draw_sea(view: CrazyFishingView, cards: CardSet) -> Text | None:
    if not view.sea:
        return None
    diameter = float(cards.sea["diameter"])
    xs = [x for _, x, _, _, _, _ in view.sea]
    ys = [y for _, _, y, _, _, _ in view.sea]
    left, right = min(xs) - diameter, max(xs) + diameter
    top, bottom = max(ys) + diameter, min(ys) - diameter
    per_column = (right - left) / (WIDTH - 1)
    per_row = per_column * MM_PER_ROW_FACTOR
    rows = int((top - bottom) / per_row) + 1
    grid = [[" "] * WIDTH for _ in range(rows)]
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
                if dx * dx + dy * dy <= radius * radius and 0 <= row < rows and 0 <= column < WIDTH:
                    grid[row][column] = "░" if covered else "▓"
                    styles[row, column] = "grey42" if covered else "blue"
        if not covered:
            known = f"={cards.names([face])[0]}" if face >= 0 else ""
            labels.append((centre_row, centre_column, f"{spot}:{back}{known}"))
    for row, column, label in labels:  # labels last, so no card hides a choosable fish's name
        start = max(0, min(WIDTH - len(label), column - len(label) // 2))
        for offset, char in enumerate(label):
            if 0 <= row < rows:
                grid[row][start + offset] = char
                styles[row, start + offset] = "bold white on blue"
    drawn = [row for row in range(rows) if any(char != " " for char in grid[row])]
    picture = Text()
    for row in range(drawn[0], drawn[-1] + 1):
        for column in range(WIDTH):
            picture.append(grid[row][column], style=styles.get((row, column), ""))
        picture.append("\n")
    return picture
