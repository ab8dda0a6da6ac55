"""Typed events: declared once per kind, filtered by audience, written to JSON and read back, and
every one of every game documented in docs/events.md."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from angler.core import all_games, make_game
from angler.core.errors import EventError
from angler.core.events import (
    PUBLIC,
    Event,
    audience_of,
    event_from_json,
    event_to_json,
    kind_of,
    kinds,
    private,
    public,
    visible,
)
from angler.games.fishing.events import Drew, Play, Trick

DOCS = Path(__file__).parents[2] / "docs" / "events.md"
GAMES = [cls.name for cls in all_games()]


def documented_examples() -> dict[str, list[dict[str, Any]]]:
    """The JSON examples under each game's heading (``## Title (`name`)``) of docs/events.md."""
    examples: dict[str, list[dict[str, Any]]] = {}
    game = None
    for block in re.split(r"^(## .*)$", DOCS.read_text(encoding="utf-8"), flags=re.M):
        heading = re.match(r"## .*\(`([a-z-]+)`\)$", block)
        if heading:
            game = heading.group(1)
        elif game is not None:
            found = re.findall(r"```json\n(.*?)\n```", block, flags=re.S)
            examples[game] = [json.loads(text) for text in found]
    return examples


@pytest.mark.parametrize("name", GAMES)
def test_docs_give_every_event_of_every_game_a_json_form_that_reads_back(name: str) -> None:
    game = make_game(name)
    assert game.event_types, f"{name} declares no event types"
    examples = documented_examples().get(name, [])
    read = [event_from_json(example, game.event_types) for example in examples]
    documented = [kind_of(event) for event in read]
    assert sorted(documented) == sorted(kinds(game.event_types))  # each once, none missing


@pytest.mark.parametrize("name", GAMES)
def test_events_of_real_games_read_back_equal_from_their_json(name: str) -> None:
    cls = next(cls for cls in all_games() if cls.name == name)
    seen: set[type[Any]] = set()
    for players, variant in cls.configurations():
        game = make_game(name, players, **variant)
        for seed in range(3):
            state = game.new_state(seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                seat = rng.choice(state.current_players())
                state.apply_action(rng.choice(state.legal_actions(seat)), seat)
            views = [state.view(seat) for seat in range(game.players)]
            for event in [*state.events, *(e for view in views for e in view.events)]:
                text = json.dumps(event_to_json(event))
                back = event_from_json(json.loads(text), game.event_types)
                assert type(back) is type(event) and back == event, text
                seen.add(type(event))
    assert seen <= set(cls.event_types)
    assert len(seen) >= len(cls.event_types) // 2  # the games were long enough to tell


def test_an_event_is_written_as_kind_audience_and_named_fields() -> None:
    assert event_to_json(Trick(1, 39, (36, 39, 33))) == {
        "kind": "trick",
        "audience": PUBLIC,
        "seat": 1,
        "winning_card": 39,
        "cards": [36, 39, 33],
    }
    assert event_to_json(Drew(2, (5, 7), "ocean"))["audience"] == 2


def test_a_private_event_is_seen_by_its_seat_alone() -> None:
    events: list[Event] = [Play(0, 3), Drew(1, (5,), "stockroom"), Drew(2, (6,), "ocean")]
    assert [audience_of(e) for e in events] == [PUBLIC, 1, 2]
    assert visible(events, 1) == (Play(0, 3), Drew(1, (5,), "stockroom"))
    assert visible(events, 0) == (Play(0, 3),)


FISHING = make_game("fishing").event_types
GOOD = {"kind": "trick", "audience": -1, "seat": 1, "winning_card": 39, "cards": [36]}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({**GOOD, "kind": "splash"}, "unknown event kind 'splash'"),
        ({key: value for key, value in GOOD.items() if key != "kind"}, "unknown event kind None"),
        ({key: value for key, value in GOOD.items() if key != "cards"}, "field 'cards'"),
        ({**GOOD, "seat": True}, "field 'seat'"),
        ({**GOOD, "seat": "1"}, "field 'seat'"),
        ({**GOOD, "seat": 1.5}, "field 'seat'"),
        ({**GOOD, "cards": [36, "Y7"]}, "field 'cards.1'"),
        ({**GOOD, "caught": []}, "unknown field 'caught'"),
        ({**GOOD, "audience": 2}, "audience 2 does not match"),
        ({**GOOD, "audience": True}, "audience True does not match"),
        ({**GOOD, "seat": float("nan")}, "trick:"),
        ([1, 2], "a JSON object"),
    ],
)
def test_a_bad_event_is_refused_in_one_line_naming_the_field(data: Any, message: str) -> None:
    with pytest.raises(EventError, match=re.escape(message)) as raised:
        event_from_json(data, FISHING)
    assert "\n" not in str(raised.value) and str(raised.value).startswith("bad event: ")


def test_a_kind_of_another_game_is_unknown_here() -> None:
    flip = make_game("flip-and-fish").event_types
    with pytest.raises(EventError, match="unknown event kind 'call'"):
        event_from_json({"kind": "call", "audience": -1, "seat": 0, "suit": 1}, flip)


def test_a_private_event_must_name_its_seat_first() -> None:
    with pytest.raises(TypeError, match="first field must be the seat"):

        @private("whisper")
        class Whisper(NamedTuple):
            card: int
            seat: int


def test_an_event_is_a_named_tuple_without_kind_or_audience_fields() -> None:
    with pytest.raises(TypeError, match="not a NamedTuple"):
        public("plain")(dict)
    with pytest.raises(TypeError, match="not fields"):

        @public("shout")
        class Shout(NamedTuple):
            kind: str


def test_two_events_of_one_game_cannot_share_a_kind() -> None:
    @public("trick")
    class OtherTrick(NamedTuple):
        seat: int

    with pytest.raises(TypeError, match="two events are named 'trick'"):
        kinds([Trick, OtherTrick])
