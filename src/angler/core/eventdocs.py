"""``docs/events.md``, written from the games: each event kind's heading, JSON example and meaning.

A game documents its events where it declares them: each event type's docstring says what it
means, and ``events.json`` beside the game's module holds a word on the fields' units
(``about``) and an example of each kind's fields, read back through the event's own type (so a
stale example fails here, not in a reader's code). A new game adds both in its own folder; the
page lists every registered game.

    python -m angler.core.eventdocs            # writes docs/events.md
    python -m angler.core.eventdocs --check    # exit status 1 when it is stale
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from angler.core.errors import AnglerError
from angler.core.events import (
    ALL_BUT_SEAT,
    PUBLIC,
    event_from_json,
    event_to_json,
    is_private,
    kinds,
    reveals_rule,
)
from angler.core.game import Game

PAGE = Path("docs/events.md")
WIDTH = 100
EXAMPLES = "events.json"

INTRO = Path(__file__).with_name("eventdocs_intro.md")  # the page's opening, as prose


class EventDocsError(AnglerError):
    """A game's events cannot be documented: an example missing, extra or not readable."""


def examples_of(game: Game[Any, Any]) -> dict[str, Any]:
    """A game's ``events.json``: ``about`` its fields, and ``examples`` by kind."""
    module = sys.modules[type(game).__module__]
    path = Path(module.__file__ or "").parent / EXAMPLES
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def section(game: Game[Any, Any]) -> str:
    """One game's part of the page."""
    data = examples_of(game)
    examples: dict[str, dict[str, Any]] = data["examples"]
    declared = kinds(game.event_types)
    unknown = sorted(set(examples) - set(declared))
    if unknown:
        raise EventDocsError(f"{game.name}: {EXAMPLES} gives examples of no event: {unknown}")
    parts = [f"## {game.title} (`{game.name}`)", _wrap(data["about"])]
    for kind, cls in declared.items():
        if kind not in examples:
            raise EventDocsError(f"{game.name}: {EXAMPLES} has no example of {kind!r}")
        fields = examples[kind]
        audience = fields.get("seat") if is_private(cls) else PUBLIC
        event = event_from_json({"kind": kind, "audience": audience, **fields}, game.event_types)
        who = "the seat alone" if is_private(cls) else "everyone"
        text = json.dumps(event_to_json(event), ensure_ascii=False)
        heading = f"### `{kind}` · {who}{_reveals(cls)}"
        parts += [heading, f"```json\n{text}\n```", _meaning(cls)]
    return "\n\n".join(parts)


def _reveals(cls: type[Any]) -> str:
    """The heading's word on what the event reveals (``reveals=``), if it does."""
    rule = reveals_rule(cls)
    if rule is False:
        return ""
    if rule is True:
        return " · reveals"
    if rule == ALL_BUT_SEAT:
        return " · reveals to all but `seat`"
    return f" · reveals when `{rule}`"


def _meaning(cls: type[Any]) -> str:
    """An event type's docstring as Markdown: ``code`` becomes `code`, paragraphs reflowed."""
    text = textwrap.dedent(cls.__doc__ or "").strip().replace("``", "`")
    return "\n\n".join(_wrap(paragraph) for paragraph in text.split("\n\n"))


def _wrap(text: str) -> str:
    return textwrap.fill(
        " ".join(text.split()), WIDTH, break_long_words=False, break_on_hyphens=False
    )


def page(games: Iterable[Game[Any, Any]]) -> str:
    """The whole of docs/events.md for ``games``."""
    opening = INTRO.read_text(encoding="utf-8")
    return opening + "\n" + "\n\n".join(section(game) for game in games) + "\n"


def main(argv: list[str]) -> int:
    from angler.core.registry import all_games, make_game  # the page lists every game

    written = page(make_game(cls.name) for cls in all_games())
    if "--check" in argv:
        stale = not PAGE.exists() or PAGE.read_text(encoding="utf-8") != written
        print(f"{PAGE} is stale: run python -m angler.core.eventdocs" if stale else "up to date")
        return 1 if stale else 0
    PAGE.write_text(written, encoding="utf-8")
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
