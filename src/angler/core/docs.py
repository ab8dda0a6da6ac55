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
IMAGE = re.compile(r"[a-z0-9][a-z0-9-]{0,60}\.png")  # a chart a page shows, from docs/img


def read_doc(part: str, game_name: str) -> str | None:
    """``docs/<part>/<game>.md`` (``howto`` or ``rules``), or None if it is not installed."""
    if part not in PARTS:
        return None
    for place in DOCS_PLACES:
        try:
            return (place / part / f"{game_name}.md").read_text(encoding="utf-8")
        except OSError:
            continue
    return None


def doc_image(name: str) -> Path | None:
    """``docs/img/<name>`` (a PNG a player's page shows), or None if there is no such image."""
    if not IMAGE.fullmatch(name):
        return None
    found = (place / "img" / name for place in DOCS_PLACES)
    return next((path for path in found if path.is_file()), None)
