"""The table pane's content: the picture a game draws of the seat's view (its
``presentation.terminal_picture``), above the table text.

A picture is drawn for the room it has, never for a fixed size: Rich tells it the pane's width when
it is rendered, and it takes the lines the table text leaves of the pane, shrinking or re-flowing
to fit (down to a size that stays legible; past that the pane scrolls). So no line of a picture is
ever wider than its pane, and nothing wraps into a garbled drawing.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from angler.core.terminal import TerminalPicture


class Picture:
    """The table pane's content: a game's drawing (if it has one) above its table text.

    ``rows`` is how many lines the pane shows; the drawing gets what the text leaves of them.
    Each width is drawn once and kept, so a click can be mapped through the very drawing that is
    on screen (:meth:`action_at`)."""

    def __init__(
        self, picture: TerminalPicture[Any] | None, text: Text, rows: int | None = None
    ) -> None:
        self.picture = picture
        self.text = text
        self.rows = rows
        self._drawn: dict[tuple[int, int | None], Text | None] = {}
        self._shown: dict[int, Text | None] = {}  # by width: the drawing last rendered there

    def drawn(self, width: int, console: Console) -> Text | None:
        """The drawing for a pane ``width`` columns wide, in the lines the text leaves."""
        if self.picture is None:
            return None
        room = None if self.rows is None else self.rows - len(self.text.wrap(console, width))
        key = (width, room)
        if key not in self._drawn:
            self._drawn[key] = self.picture.draw(width, room)
        self._shown[width] = self._drawn[key]
        return self._drawn[key]

    def action_at(self, line: int, column: int, width: int) -> int | None:
        """The action a click at ``line``, ``column`` of the pane rendered ``width`` columns wide
        means, through the drawing shown there; None where it means none (or nothing is drawn)."""
        drawn = self._shown.get(width)
        if self.picture is None or drawn is None:
            return None
        return self.picture.action_at(drawn, line, column)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        drawn = self.drawn(options.max_width, console)
        if drawn is not None:
            yield drawn
        yield self.text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, options.max_width)
