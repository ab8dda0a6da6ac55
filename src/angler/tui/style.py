"""Colour for the games' text: cards in their colours, the seat's own name picked out."""

from __future__ import annotations

from rich.text import Text

# Truecolor, not the 16 ANSI names, which terminal themes remap (blue came out purple).
COLOUR_STYLE = {
    "blue": "bold #4c8dff",
    "purple": "bold #b36bff",
    "red": "bold #ff4d4d",
    "yellow": "bold #ffd21f",
    "green": "bold #2ecc71",
}
LETTER_STYLE = {"B": "blue", "P": "purple", "R": "red", "Y": "yellow", "G": "green"}

# (regular expression, style) per game; the first group, if any, picks the style by name.
PATTERNS: dict[str, list[tuple[str, str]]] = {
    "fishing": [
        *((rf"\b{letter}-?\d+\b", COLOUR_STYLE[colour]) for letter, colour in LETTER_STYLE.items()),
        *((rf"\b{colour} -?\d+\b", style) for colour, style in COLOUR_STYLE.items()),
        (r"\bbuoy[^,;)\n]*", "bold cyan"),
        (
            r"lowest value wins|call the colour|called colour[^,;\n]*|plays? first",
            "reverse",
        ),
        (  # the -3 cards (-3a, -3b) and their penalty
            r"(?<!\w)-3[ab]?\b|−3",
            "bold reverse",
        ),
    ],
    "crazy-fishing": [
        (r"\bR\d+\+?#\d+|\brod \d+\+?", "bold cyan"),
        (r"\bB\d+\+?#\d+|\bbait \d+\+?", "bold magenta"),
        (r"\b(?:pearl|boot|monster fish)[^,;)\n]*", "bold yellow"),
    ],
    "flip-and-fish": [
        *((rf"\b{colour}\b", style) for colour, style in COLOUR_STYLE.items()),
        (r"\btroph(?:y|ies)\b", "bold yellow"),
        (r"\b(?:catch(?:es)?|caught|bite|strike|snag|miss(?:es)?)\b", "bold"),
    ],
}
COMMON = [(r"\b(?:you|You)\b", "underline")]


def styled(game: str, text: str) -> Text:
    """``text`` as Rich text, its cards and the reader's own name coloured."""
    out = Text(text)
    for pattern, style in PATTERNS.get(game, []) + COMMON:
        out.highlight_regex(pattern, style)
    return out


def append_runs(out: Text, chars: list[str], styles: list[str]) -> None:
    """Append one line of a picture, character by character with its style, as runs of one
    style each (a Text grows much faster by runs than by characters)."""
    start = 0
    for end in range(1, len(chars) + 1):
        if end == len(chars) or styles[end] != styles[start]:
            out.append("".join(chars[start:end]), style=styles[start])
            start = end
