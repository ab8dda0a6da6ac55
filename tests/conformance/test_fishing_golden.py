"""Golden transcript: a seeded 4-player Fishing game played by a fixed policy (the first
deciding seat takes its first legal action) must replay to the same scores and the same public
log, word for word. This catches unintended rule changes.

After an intended rule or wording change, regenerate the files and review the diff::

    ANGLER_UPDATE_GOLDEN=1 .venv/bin/pytest tests/conformance/test_fishing_golden.py
    # or: .venv/bin/python -m tests.conformance.test_fishing_golden
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.conformance.transcripts import seen_by_everyone
from tests.typed import replay_as

from angler.core import make_game
from angler.core.records import load_record, record_of, replay
from angler.core.state import State
from angler.games.fishing.rules import FishingState

GOLDEN = Path(__file__).with_name("golden")
RECORD = GOLDEN / "fishing-4p-seed1.json"
TRANSCRIPT = GOLDEN / "fishing-4p-seed1.log"
PLAYERS, SEED = 4, 1


def play_first_legal_actions() -> State[Any]:
    """The fixed policy: the first deciding seat takes its first legal action, to the end."""
    state: State[Any] = make_game("fishing", PLAYERS).new_state(SEED)
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply_action(state.legal_actions(seat)[0], seat)
    return state


def transcript(state: State[Any]) -> str:
    """What an onlooker reads: every card played and every public event, in order."""
    lines = seen_by_everyone(state)
    lines.append(f"Final scores: {state.scores()}")
    return "\n".join(lines) + "\n"


def regenerate() -> None:
    """Write both golden files (atomically: parallel test workers may regenerate at once)."""
    state = play_first_legal_actions()
    GOLDEN.mkdir(exist_ok=True)
    for path, text in ((RECORD, record_of(state).dumps()), (TRANSCRIPT, transcript(state))):
        partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)


if os.environ.get("ANGLER_UPDATE_GOLDEN") == "1":
    regenerate()


def test_the_golden_record_replays_to_its_scores_and_public_log() -> None:
    record = load_record(RECORD)
    assert record.result is not None
    state = replay(record)
    assert state.is_terminal()
    assert state.scores() == record.result["scores"]
    assert transcript(state) == TRANSCRIPT.read_text(encoding="utf-8")


def test_the_fixed_policy_still_plays_the_golden_game() -> None:
    """Same seed, same policy: the deal, the legal actions' order and the chance are unchanged."""
    assert record_of(play_first_legal_actions()).dumps() == RECORD.read_text(encoding="utf-8")


def test_the_golden_game_is_a_full_game() -> None:
    record = load_record(RECORD)
    state = replay_as(FishingState, record)
    assert record.options["players"] == PLAYERS and record.seed == SEED
    assert state.round == 8 or state.overfished
    assert len(record.actions) > 300


if __name__ == "__main__":
    regenerate()
