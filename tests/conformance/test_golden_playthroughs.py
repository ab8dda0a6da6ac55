"""Golden playthroughs: for every registered game, a seeded game where each decision is a random
legal action (``random.Random(seed)``) must play out word for word as its checked-in transcript,
and the record saved beside it must replay to the same public log and scores. This catches any
unintended change of the rules, the deal, the chance, the order of legal actions or the wording.

A transcript gives, per step, the seat, the action's text and the public log lines it caused (what
every seat reads, told to an onlooker), then the final scores. After an intended change,
regenerate the files and review the diff::

    ANGLER_UPDATE_GOLDEN=1 .venv/bin/pytest tests/conformance/test_golden_playthroughs.py
"""

from __future__ import annotations

import os
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tests.conformance.conftest import GAMES, known
from tests.conformance.transcripts import events_seen, seen_by_everyone

from angler.core import Game, make_game
from angler.core.records import load_record, record_of, replay
from angler.core.state import State

GOLDEN = Path(__file__).with_name("golden")
STEP = re.compile(r"\d+\. Player \d+: (.*)")  # a step's line; the log lines under it are indented
UPDATE = os.environ.get("ANGLER_UPDATE_GOLDEN") == "1"


@dataclass(frozen=True)
class Playthrough:
    """Which game to play: few players and a seed whose game ends in a few hundred lines."""

    players: int
    seed: int = 1
    steps: int = 1000  # a cap, so that a game that never ends still gives a finite transcript


# Seeds chosen for a short game that reaches its end: Flip & Fish's seed 16 ends with a catch of
# two trophies after 87 decisions (most seeds play on to closing time, a thousand lines or more).
PLAYTHROUGHS = {
    "fishing": Playthrough(players=3),
    "crazy-fishing": Playthrough(players=2),
    "flip-and-fish": Playthrough(players=3, seed=16),
}


def playthrough_of(game_class: type[Game[Any, Any]]) -> Playthrough:
    """A game registered later plays with the fewest players it allows, from seed 1."""
    return PLAYTHROUGHS.get(game_class.name, Playthrough(players=game_class.min_players))


def file_stem(name: str, plan: Playthrough) -> Path:
    return GOLDEN / f"{name}-{plan.players}p-seed{plan.seed}-random"


def play(name: str, plan: Playthrough) -> tuple[State[Any], str]:
    """The seeded random game and its transcript."""
    game = make_game(name, plan.players)
    state = game.new_state(plan.seed)
    rng = random.Random(plan.seed)
    lines = [f"{game.name}, {game.players} players, seed {plan.seed}, random legal actions"]
    lines += [f"    {line}" for line in seen_by_everyone(state)]  # the deal
    for step in range(1, plan.steps + 1):
        if state.is_terminal():
            break
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        seen = events_seen(state)
        state.apply_action(action, seat)
        lines.append(f"{step}. Player {seat + 1}: {game.action_to_string(action)}")
        lines += [f"    {line}" for line in seen_by_everyone(state, seen)]
    lines.append(ending(state, plan))
    return state, "\n".join(lines) + "\n"


def ending(state: State[Any], plan: Playthrough) -> str:
    said = "Final scores" if state.is_terminal() else f"Stopped after {plan.steps} steps"
    return f"{said}: {state.scores()}"


def write(path: Path, text: str) -> None:
    """Atomically: two test workers may regenerate at once."""
    partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


CASES = [pytest.param(cls, id=cls.name) for cls in GAMES]


@pytest.mark.parametrize("game_class", CASES)
def test_a_seeded_random_game_plays_out_as_its_golden_transcript(
    game_class: type[Game[Any, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    known(game_class.name, monkeypatch)
    plan = playthrough_of(game_class)
    state, transcript = play(game_class.name, plan)
    stem = file_stem(game_class.name, plan)
    if UPDATE or not stem.with_suffix(".txt").exists():
        GOLDEN.mkdir(exist_ok=True)
        write(stem.with_suffix(".txt"), transcript)
        write(stem.with_suffix(".json"), record_of(state).dumps())
        if not UPDATE:
            pytest.fail(f"wrote a new golden playthrough {stem.name}: review it and run again")
    assert transcript == stem.with_suffix(".txt").read_text(encoding="utf-8")
    if game_class.name in PLAYTHROUGHS:  # each chosen seed reaches the game's end
        assert state.is_terminal()


@pytest.mark.parametrize("game_class", CASES)
def test_the_golden_record_replays_to_the_transcripts_log_and_scores(
    game_class: type[Game[Any, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    known(game_class.name, monkeypatch)
    """The record saved with the transcript (a record as players save them) replays to the same
    actions, public log lines and scores, whatever the seeded policy now plays."""
    plan = playthrough_of(game_class)
    stem = file_stem(game_class.name, plan)
    if not stem.with_suffix(".json").exists():
        pytest.skip("no golden record yet: the transcript test writes it")
    state = replay(load_record(stem.with_suffix(".json")))
    game = state.game
    transcript = stem.with_suffix(".txt").read_text(encoding="utf-8").splitlines()
    steps = [found[1] for line in transcript if (found := STEP.fullmatch(line))]
    assert [game.action_to_string(code) for _, code in state.history] == steps
    logged = [line.removeprefix("    ") for line in transcript if line.startswith("    ")]
    assert seen_by_everyone(state) == logged
    assert transcript[-1] == ending(state, plan)
