"""A Flip & Fish record stores every cast's aim and outcome, so a replay never re-simulates."""

from __future__ import annotations

import json

import pytest
from tests.typed import replay_as

from angler.core.errors import RecordError
from angler.core.events import same_events
from angler.core.records import parse_record, record_of, replay
from angler.games.flip_and_fish.events import Cast
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.games.flip_and_fish.rules import FlipAndFishState
from angler.testing import play_random, policy


def played(seed: int = 3, steps: int = 400) -> FlipAndFishState:
    state = FlipAndFishGame(3).new_state(seed)
    play_random(state, policy(seed, "records"), steps=steps)
    return state


def casts(state: FlipAndFishState) -> list[Cast]:
    return [event for event in state.events if isinstance(event, Cast)]


def test_every_cast_action_carries_its_outcome() -> None:
    state = played()
    record = record_of(state)
    with_outcomes = [entry for entry in record.actions if "outcomes" in entry]
    assert with_outcomes and all(e["action"].startswith(("cast", "use")) for e in with_outcomes)
    outcomes = [o for entry in with_outcomes for o in entry["outcomes"]]
    landings = [
        [round(e.stop[0] * 10), round(e.stop[1] * 10), int(e.revolved), e.face]
        for e in casts(state)
    ]
    assert [o for o in outcomes if len(o) == 4] == landings


def test_a_replay_takes_the_recorded_outcome_not_the_seed() -> None:
    state = played()
    record = record_of(state)
    step, entry = next(
        (k, e) for k, e in enumerate(record.actions) if e["action"].startswith("cast")
    )
    entry["outcomes"] = [[0, 0, 1, 7]]  # the die stopped dead centre, showing a 7
    again = replay_as(FlipAndFishState, record, to_step=step + 1)
    last = casts(again)[-1]
    assert (last.stop, last.revolved, last.face) == ((0.0, 0.0), True, 7)


def test_a_record_round_trips_through_json_with_its_outcomes() -> None:
    state = played(seed=8)
    text = record_of(state).dumps()
    assert '"outcomes"' in text
    again = replay(parse_record(text))
    assert again.history == state.history and same_events(again.events, state.events)


@pytest.mark.parametrize(
    ("outcomes", "message"),
    [
        ([[1, 2, 3]], "not a cast outcome|unpack"),
        ([[0, 0, 1, 13]], "not a cast outcome"),
        ([[0, 0, 1, 5], [0, 0, 1, 5]], "not used"),
        ("x", "'outcomes' must be a list, not the text 'x'"),
    ],
)
def test_a_bad_recorded_outcome_names_its_step(outcomes: object, message: str) -> None:
    state = played()
    data = json.loads(record_of(state).dumps())
    step = next(k for k, e in enumerate(data["actions"]) if e["action"].startswith("cast"))
    data["actions"][step]["outcomes"] = outcomes
    with pytest.raises(RecordError, match=message) as caught:
        replay(parse_record(json.dumps(data)))
    assert f"step {step + 1}" in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("text", ["cast 1e400 nan", "cast nan 0", "cast inf -inf"])
def test_a_recorded_cast_at_no_point_of_the_table_names_its_step(text: str) -> None:
    data = json.loads(record_of(played()).dumps())
    step = next(k for k, e in enumerate(data["actions"]) if e["action"].startswith("cast"))
    data["actions"][step]["action"] = text
    with pytest.raises(RecordError, match="the aim must be a point on the table") as caught:
        replay(parse_record(json.dumps(data)))
    assert f"step {step + 1}" in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("number", [10**400, -(10**30), True])
def test_a_recorded_outcome_beyond_any_table_or_die_is_refused(number: object) -> None:
    data = json.loads(record_of(played()).dumps())
    step = next(k for k, e in enumerate(data["actions"]) if e["action"].startswith("cast"))
    data["actions"][step]["outcomes"] = [[number, 0, 1, 5]]
    with pytest.raises(
        RecordError, match=r"'outcomes\[0\]\[0\]' must be a whole number from -1000000 to 1000000"
    ) as caught:
        replay(parse_record(json.dumps(data)))
    assert f"step {step + 1}" in str(caught.value)
