"""``angler replay``: checks a record and shows the result or one seat's view."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from tests.typed import replay_as

from angler.core import State, make_game
from angler.core.records import parse_record, record_of, replay
from angler.games.fishing.rules import FishingState
from angler.games.fishing.view import describe, render

if TYPE_CHECKING:
    from tests.conftest import Angler


DOCS = Path(__file__).resolve().parents[2] / "docs" / "records.md"


def played(seed: int, players: int = 4) -> State[Any]:
    """A finished game in which every seat always takes its last legal action."""
    state = make_game("fishing", players).new_state(seed)
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply_action(state.legal_actions(seat)[-1], seat)
    return state


@pytest.fixture
def record_file(tmp_path: Path) -> tuple[Path, State[Any]]:
    state = played(5)
    path = tmp_path / "game.json"
    path.write_text(record_of(state).dumps())
    return path, state


def test_replay_prints_the_final_scores(
    angler: Angler, record_file: tuple[Path, State[Any]]
) -> None:
    path, state = record_file
    run = angler(["replay", path])
    assert run.status == 0, run.stderr
    assert f"{len(state.history)} steps checked, game over" in run.stdout
    for seat, score in enumerate(state.scores()):
        assert re.search(rf"│\s+{seat + 1} │\s+{score} │", run.stdout), run.stdout
    assert run.stdout.count("winner") == len(state.winners())


def test_replay_json_gives_scores_terminal_steps_winners(
    angler: Angler, record_file: tuple[Path, State[Any]]
) -> None:
    path, state = record_file
    result = angler(["replay", path, "--json"]).json()
    assert result["scores"] == state.scores()
    assert result["terminal"] is True
    assert result["steps"] == len(state.history)
    assert result["winners"] == state.winners()
    assert result["ranking"] == state.ranking()


def test_replay_to_a_step_stops_there(angler: Angler, record_file: tuple[Path, State[Any]]) -> None:
    path, _ = record_file
    expected = replay(parse_record(path.read_text()), 37)
    result = angler(["replay", path, "--json", "--to", "37"]).json()
    assert result["steps"] == 37
    assert result["terminal"] is False
    assert result["winners"] == []
    assert result["scores"] == expected.scores()
    assert result["current"] == list(expected.current_players())
    start = angler(["replay", path, "--json", "--to", "0"]).json()
    assert start["steps"] == 0 and start["scores"] == [0, 0, 0, 0]


def test_replay_as_a_seat_prints_only_that_view(
    angler: Angler, record_file: tuple[Path, State[Any]]
) -> None:
    path, _ = record_file
    state = replay_as(FishingState, parse_record(path.read_text()), 40)
    view = state.view(2)
    run = angler(["replay", path, "--to", "40", "--as", "3"])
    assert run.status == 0, run.stderr
    cards = state.cards
    assert render(view, cards) in run.stdout
    for event in view.events:
        assert describe(event, cards, 2) in run.stdout
    others = [state.hands[seat] for seat in (0, 1, 3)]
    hidden = {cards.cards[c].name for hand in others for c in hand}
    shown = set(run.stdout.split("Your hand: ")[1].splitlines()[0].split())
    assert shown == {cards.cards[c].name for c in state.hands[2]}
    assert not shown & hidden


def test_replay_json_as_a_seat_prints_its_view(
    angler: Angler, record_file: tuple[Path, State[Any]]
) -> None:
    path, _ = record_file
    state = replay(parse_record(path.read_text()), 40)
    data = angler(["replay", path, "--to", "40", "--as", "1", "--json"]).json()
    data.pop("names")  # words beside the numbers: tests/cli/test_cli_replay_json.py
    assert data == json.loads(json.dumps(state.view(0).as_dict()))
    assert data["player"] == 0


def test_replay_accepts_a_record_without_result(angler: Angler, tmp_path: Path) -> None:
    state = make_game("fishing", 3).new_state(2)
    for _ in range(10):
        seat = state.current_players()[0]
        state.apply_action(state.legal_actions(seat)[0], seat)
    path = tmp_path / "part.json"
    path.write_text(record_of(state).dumps())
    result = angler(["replay", path, "--json"]).json()
    assert result["terminal"] is False and result["steps"] == 10


def test_the_example_in_docs_records_md_replays(angler: Angler, tmp_path: Path) -> None:
    blocks = re.findall(r"```json\n(.*?)```", DOCS.read_text(), flags=re.DOTALL)
    examples = [block for block in blocks if '"format": "angler-record/1"' in block]
    assert examples, "docs/records.md has no full record example"
    for number, example in enumerate(examples):
        path = tmp_path / f"example-{number}.json"
        path.write_text(example)
        run = angler(["replay", path, "--json"])
        assert run.status == 0, run.stderr
        data = json.loads(example)
        if "result" in data:
            assert run.json()["scores"] == data["result"]["scores"]
