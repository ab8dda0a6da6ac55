"""Colour for the games' text: each game's own patterns (its cards in their colours), and the
reader's own name picked out in every game."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

COMMON = [(r"\b(?:you|You)\b", "underline")]


def styled(patterns: Sequence[tuple[str, str]], text: str) -> Text:
    """``text`` as Rich text, coloured by ``patterns`` ((regular expression, style) pairs: a
    game's ``presentation.terminal_styles``) and with the reader's own name underlined."""
    out = Text(text)
    for pattern, style in [*patterns, *COMMON]:
        out.highlight_regex(pattern, style)
    return out
