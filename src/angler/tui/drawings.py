"""Pictures a game adds above its table text on screen: Fishing's trick and hand as cards,
Flip & Fish's table from above and Crazy Fishing's sea.

A picture is drawn for the room it has, never for a fixed size: Rich tells it the pane's width when
it is rendered, and it takes the lines the table text leaves of the pane, shrinking or re-flowing
to fit (down to a size that stays legible; past that the pane scrolls). So no line of a picture is
ever wider than its pane, and nothing wraps into a garbled drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from angler.core.game import Game
from angler.core.view import View
from angler.tui.flip_table import TablePicture

# A drawing for (columns wide, lines it may take or None for any); every line fits the width.
Draw = Callable[[int, int | None], Text | None]


class Picture:
    """The table pane's content: a game's drawing (if it has one) above its table text.

    ``rows`` is how many lines the pane shows; the drawing gets what the text leaves of them.
    Each width is drawn once and kept, so a click can be mapped through the very drawing that is
    on screen (:meth:`point_at`)."""

    def __init__(self, draw: Draw | None, text: Text, rows: int | None = None) -> None:
        self.draw = draw
        self.text = text
        self.rows = rows
        self._drawn: dict[tuple[int, int | None], Text | None] = {}
        self._shown: dict[int, Text | None] = {}  # by width: the drawing last rendered there

    def drawn(self, width: int, console: Console) -> Text | None:
        """The drawing for a pane ``width`` columns wide, in the lines the text leaves."""
        if self.draw is None:
            return None
        room = None if self.rows is None else self.rows - len(self.text.wrap(console, width))
        key = (width, room)
        if key not in self._drawn:
            self._drawn[key] = self.draw(width, room)
        self._shown[width] = self._drawn[key]
        return self._drawn[key]

    def point_at(self, line: int, column: int, width: int) -> tuple[int, int] | None:
        """The table point (mm) drawn at ``line``, ``column`` of the pane rendered ``width``
        columns wide; None where the drawing shows no table (or has none)."""
        drawn = self._shown.get(width)
        if isinstance(drawn, TablePicture):
            return drawn.point_at(line, column)
        return None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        drawn = self.drawn(options.max_width, console)
        if drawn is not None:
            yield drawn
        yield self.text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, options.max_width)


def flow(items: Iterable[Text], width: int, gap: int = 2) -> Text:
    """``items`` left to right, ``gap`` spaces apart, starting a new line rather than crossing
    ``width`` (an item wider than the width is cut at it)."""
    out = Text()
    used = 0
    for item in items:
        item = item.copy()
        item.truncate(width)
        size = item.cell_len
        if used and used + gap + size > width:
            out.append("\n")
            used = 0
        if used:
            out.append(" " * gap)
            used += gap
        out.append(item)
        used += size
    return out


def drawing(game: Game[Any, Any], view: View) -> Draw | None:
    """How to draw ``view`` for the screen, or None for games that have only text."""
    from angler.games.crazy_fishing.game import CrazyFishingGame
    from angler.games.crazy_fishing.view import CrazyFishingView
    from angler.games.fishing.game import FishingGame
    from angler.games.fishing.view import FishingView
    from angler.games.flip_and_fish.game import FlipAndFishGame
    from angler.games.flip_and_fish.view import FlipAndFishView

    if isinstance(game, FishingGame) and isinstance(view, FishingView):
        from angler.tui.fishing_cards import draw_fishing

        cards = game.cards
        return lambda width, rows: draw_fishing(view, cards, width, rows)
    if isinstance(game, FlipAndFishGame) and isinstance(view, FlipAndFishView):
        from angler.tui.flip_table import draw_table

        table, flip_cards = game.table, game.cards
        return lambda width, rows: draw_table(view, table, flip_cards, width, rows)
    if isinstance(game, CrazyFishingGame) and isinstance(view, CrazyFishingView):
        from angler.tui.crazy_sea import draw_sea

        sea_cards = game.cards
        return lambda width, rows: draw_sea(view, sea_cards, width, rows)
    return None
