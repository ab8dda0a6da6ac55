"""The players' pages that ship with angler: how to play each game (``docs/howto``) and the
rules as implemented, with every ruling (``docs/rules``). The terminal table and the browser
table read them from here: inside an installed package, or the source tree."""

from __future__ import annotations

from pathlib import Path

DOCS_PLACES = (
    Path(__file__).resolve().parents[1] / "docs",  # installed: the wheel force-includes them
    Path(__file__).resolve().parents[3] / "docs",  # the source tree
)
PARTS = ("howto", "rules")


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
    """``docs/img/<name>``, a picture a page shows (the rules' chart), or None if not installed."""
    for place in DOCS_PLACES:
        path = place / "img" / name
        if path.is_file():
            return path
    return None
