"""The players' pages that ship with angler: how to play each game (``docs/howto``) and the
rules as implemented, with every ruling (``docs/rules``). The terminal table and the browser
table read them from here: inside an installed package, or the source tree."""

from __future__ import annotations

import re
from pathlib import Path

DOCS_PLACES = (
    Path(__file__).resolve().parents[1] / "docs",  # installed: the wheel force-includes them
    Path(__file__).resolve().parents[3] / "docs",  # the source tree
)
PARTS = ("howto", "rules")
SURFACES = ("terminal", "browser")
# A block (text up to a blank line) that begins with this line is for one table only: how to
# choose differs (type a menu's text, or click and tap), the rest of a page is shared.
SURFACE_MARK = re.compile(r"<!-- (terminal|browser) -->\n")
IMAGE = re.compile(r"[a-z0-9][a-z0-9-]{0,60}\.png")  # a chart a page shows, from docs/img


def read_doc(part: str, game_name: str, surface: str = "terminal") -> str | None:
    """``docs/<part>/<game>.md`` (``howto`` or ``rules``) as the ``surface`` (``terminal`` or
    ``browser``) shows it, or None if it is not installed."""
    if part not in PARTS:
        return None
    for place in DOCS_PLACES:
        try:
            text = (place / part / f"{game_name}.md").read_text(encoding="utf-8")
        except OSError:
            continue
        return for_surface(text, surface)
    return None


def for_surface(text: str, surface: str) -> str:
    """``text`` without the blocks marked for the other table, and without the marks."""
    kept = []
    for block in text.split("\n\n"):
        mark = SURFACE_MARK.match(block)
        if mark is None:
            kept.append(block)
        elif mark.group(1) == surface:
            kept.append(block[mark.end() :])
    return "\n\n".join(kept)


def doc_image(name: str) -> Path | None:
    """``docs/img/<name>`` (a PNG a player's page shows), or None if there is no such image."""
    if not IMAGE.fullmatch(name):
        return None
    found = (place / "img" / name for place in DOCS_PLACES)
    return next((path for path in found if path.is_file()), None)
