"""docs/events.md is written from the games (their event docstrings and events.json): it is
current, and a game whose examples miss an event, name one it lacks, or do not read back is
refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from angler.core import all_games, eventdocs, make_game
from angler.core.errors import EventError

ROOT = Path(__file__).parents[2]


def test_docs_events_md_is_the_page_the_games_write() -> None:
    written = eventdocs.page(make_game(cls.name) for cls in all_games())
    stale = "docs/events.md is stale: run python -m angler.core.eventdocs"
    assert (ROOT / eventdocs.PAGE).read_text(encoding="utf-8") == written, stale


def with_examples(monkeypatch: pytest.MonkeyPatch, change: Any) -> None:
    real = eventdocs.examples_of

    def changed(game: Any) -> dict[str, Any]:
        data = json.loads(json.dumps(real(game)))
        change(data["examples"])
        return data

    monkeypatch.setattr(eventdocs, "examples_of", changed)


def test_a_game_missing_an_example_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with_examples(monkeypatch, lambda examples: examples.pop("play"))
    with pytest.raises(eventdocs.EventDocsError, match="no example of 'play'"):
        eventdocs.section(make_game("fishing"))


def test_an_example_of_no_event_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with_examples(monkeypatch, lambda examples: examples.update(splash={"seat": 0}))
    with pytest.raises(eventdocs.EventDocsError, match="examples of no event: \\['splash'\\]"):
        eventdocs.section(make_game("fishing"))


def test_an_example_that_does_not_read_back_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with_examples(monkeypatch, lambda examples: examples["play"].update(card="B8"))
    with pytest.raises(EventError, match="card"):
        eventdocs.section(make_game("fishing"))


def test_check_says_when_the_page_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(eventdocs, "PAGE", tmp_path / "events.md")
    assert eventdocs.main(["--check"]) == 1
    assert "stale" in capsys.readouterr().out
    assert eventdocs.main([]) == 0
    assert eventdocs.main(["--check"]) == 0
