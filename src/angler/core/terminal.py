"""A game's picture on the terminal table, and the text helpers pictures share.

A game returns a :class:`TerminalPicture` from ``presentation.terminal_picture(view)``. The table
asks it for a drawing whenever the pane's size changes, keeps each drawing it showed, and hands a
click on one back to the picture that drew it. Drawings are Rich text; nothing here knows the
terminal library the table runs on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

from rich.text import Text

D = TypeVar("D", bound=Text)


class TerminalPicture(Protocol[D]):
    """One seat's view drawn for the terminal: a drawing fitted to the room it is given, which
    a click can point into."""

    def draw(self, width: int, rows: int | None) -> D | None:
        """The drawing for a pane ``width`` columns wide, every line within that width; as far
        as it stays legible, in ``rows`` lines (None: as many as it needs; it may be fewer than
        one, when the text takes the whole pane). None: nothing to draw now."""
        ...

    def action_at(self, drawing: D, line: int, column: int) -> int | None:
        """The action a click at ``line``, ``column`` of ``drawing`` (one that :meth:`draw`
        made) means, or None where a click means nothing. The table plays it only if legal."""
        return None


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


def append_runs(out: Text, chars: list[str], styles: list[str]) -> None:
    """Append one line of a picture, character by character with its style, as runs of one
    style each (a Text grows much faster by runs than by characters)."""
    start = 0
    for end in range(1, len(chars) + 1):
        if end == len(chars) or styles[end] != styles[start]:
            out.append("".join(chars[start:end]), style=styles[start])
            start = end
