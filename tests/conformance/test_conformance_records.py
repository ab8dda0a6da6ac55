"""play -> record -> text -> parse -> replay gives the same game; replay(to_step=k) = step k."""

from __future__ import annotations

from typing import Any

import pytest

from angler.core import Game, RecordError
from angler.core.records import parse_record, record_of, replay
from angler.testing import check_record_replay, play_random, policy, snapshot


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_play_record_replay_gives_the_same_game(game: Game[Any, Any], seed: int) -> None:
    check_record_replay(game, seed, points=4)


def test_replay_to_every_step_of_a_short_prefix_equals_the_game_then(game: Game[Any, Any]) -> None:
    state = game.new_state(3)
    states = [state.clone()]
    rng = policy(3, "record-prefix")
    while len(states) <= 30 and not state.is_terminal():
        play_random(state, rng, steps=1)
        states.append(state.clone())
    record = parse_record(record_of(state).dumps())
    for step, expected in enumerate(states):
        assert snapshot(replay(record, to_step=step)) == snapshot(expected), step


def test_a_record_with_a_changed_result_is_refused(game: Game[Any, Any]) -> None:
    state = game.new_state(4)
    play_random(state, policy(4, "record-result"))
    record = parse_record(record_of(state).dumps())
    assert record.result is not None
    record.result["scores"] = [score + 1 for score in record.result["scores"]]
    with pytest.raises(RecordError, match="differ"):
        replay(record)
