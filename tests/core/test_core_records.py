"""Records: the JSON format, its parse errors (step 0 = the header, else the 1-based step),
and replay's checks. Fishing serves as the concrete game."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from tests.typed import replay_as

from angler.core import AnglerError, RecordError, make_game
from angler.core.game import Game
from angler.core.records import (
    FORMAT,
    Record,
    load_record,
    parse_record,
    player_count,
    record_of,
    replay,
)
from angler.core.state import State
from angler.games.fishing.rules import FishingState


def played(steps: int | None = None, seed: int = 1, players: int = 4) -> State[Any]:
    state = make_game("fishing", players).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal() and (steps is None or len(state.history) < steps):
        seat = rng.choice(state.current_players())
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    return state


@pytest.fixture(scope="module")
def finished_text() -> str:
    return record_of(played()).dumps()


def as_data(text: str) -> dict[str, Any]:
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


def parse_error(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    assert "\n" not in str(caught.value)
    return caught.value


def replay_error(record: Record, to_step: int | None = None) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(record, to_step)
    assert "\n" not in str(caught.value)
    return caught.value


# ----- the format -----
def test_a_record_holds_the_game_options_seed_actions_and_result(finished_text: str) -> None:
    data = as_data(finished_text)
    assert data["format"] == FORMAT
    assert data["game"] == "fishing"
    assert data["options"] == {"players": 4, "cards": None}
    assert data["seed"] == 1
    assert all(set(entry) == {"player", "action"} for entry in data["actions"])
    assert data["result"]["scores"] == played().scores()
    assert data["result"]["winners"] == played().winners()


def test_dumps_writes_one_action_per_line(finished_text: str) -> None:
    lines = finished_text.splitlines()
    actions = as_data(finished_text)["actions"]
    assert len(lines) == len(actions) + 2
    assert json.loads(lines[1].rstrip(",")) == actions[0]


def test_an_unfinished_game_has_no_result() -> None:
    record = record_of(played(steps=10))
    assert record.result is None
    assert "result" not in record.to_json()
    assert len(record.actions) == 10


def test_load_record_reads_a_file(tmp_path: Path, finished_text: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(finished_text, encoding="utf-8")
    assert load_record(path).to_json() == as_data(finished_text)


def test_a_missing_file_is_a_record_error_with_no_step(tmp_path: Path) -> None:
    with pytest.raises(RecordError) as caught:
        load_record(tmp_path / "missing.json")
    assert caught.value.step is None
    assert "cannot read" in str(caught.value) and "missing.json" in str(caught.value)


def test_a_file_that_is_not_utf8_is_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(RecordError, match="not UTF-8"):
        load_record(path)


# ----- header problems name step 0 -----
@pytest.mark.parametrize("cut", [1, 10, 100, -2])
def test_truncated_json_is_a_header_error(finished_text: str, cut: int) -> None:
    error = parse_error(finished_text[:cut])
    assert error.step == 0
    assert "not JSON" in str(error)


def test_a_record_must_be_an_object() -> None:
    error = parse_error("[1, 2, 3]")
    assert error.step == 0
    assert "object" in str(error)


@pytest.mark.parametrize("fmt", ["angler-record/2", "pgn", None, 1])
def test_a_wrong_format_string_is_a_header_error(finished_text: str, fmt: object) -> None:
    data = as_data(finished_text)
    data["format"] = fmt
    error = parse_error(json.dumps(data))
    assert error.step == 0
    assert FORMAT in str(error)


def test_a_missing_format_is_a_header_error(finished_text: str) -> None:
    data = as_data(finished_text)
    del data["format"]
    assert parse_error(json.dumps(data)).step == 0


@pytest.mark.parametrize(
    ("key", "value"),
    [("game", 3), ("options", []), ("seed", "1"), ("actions", {}), ("game", None)],
)
def test_a_header_field_of_the_wrong_type_is_named(
    finished_text: str, key: str, value: object
) -> None:
    data = as_data(finished_text)
    data[key] = value
    error = parse_error(json.dumps(data))
    assert error.step == 0
    assert repr(key) in str(error)


@pytest.mark.parametrize("key", ["game", "options", "seed", "actions"])
def test_a_missing_header_field_is_named(finished_text: str, key: str) -> None:
    data = as_data(finished_text)
    del data[key]
    error = parse_error(json.dumps(data))
    assert error.step == 0
    assert repr(key) in str(error)


def test_a_setup_that_is_not_an_object_is_a_header_error(finished_text: str) -> None:
    data = as_data(finished_text)
    data["setup"] = ["B1"]
    assert parse_error(json.dumps(data)).step == 0


@pytest.mark.parametrize("result", [[1, 2], {"winners": [0]}, {"scores": 5}])
def test_a_result_without_scores_is_a_header_error(finished_text: str, result: object) -> None:
    data = as_data(finished_text)
    data["result"] = result
    assert parse_error(json.dumps(data)).step == 0


def test_an_unknown_game_is_a_header_error_on_replay(finished_text: str) -> None:
    data = as_data(finished_text)
    data["game"] = "chess"
    error = replay_error(parse_record(json.dumps(data)))
    assert error.step == 0
    assert "chess" in str(error)


def test_bad_options_are_a_header_error_on_replay(finished_text: str) -> None:
    data = as_data(finished_text)
    data["options"]["players"] = 9
    assert replay_error(parse_record(json.dumps(data))).step == 0


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"seed": ' + "9" * 5000 + "}",
        '{"seed": 1e400}',
        '{"seed": NaN}',
    ],
    ids=["nested-100000-deep", "nested-5000-deep", "5000-digit-seed", "1e400", "NaN"],
)
def test_json_no_parser_should_take_is_a_one_line_header_error(text: str) -> None:
    error = parse_error(text)
    assert error.step == 0
    assert "not JSON" in str(error)


def test_a_player_of_over_4300_digits_is_a_one_line_error(finished_text: str) -> None:
    text = finished_text.replace('"player": 1,', '"player": ' + "1" * 4400 + ",", 1)
    assert text != finished_text
    assert parse_error(text).step == 0  # the text no longer parses as JSON Python reads


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("seed", True, "'seed' must be a whole number, not true"),
        ("seed", "1", "'seed' must be a whole number, not the text '1'"),
        ("seed", 2.5, "'seed' must be a whole number, not the number 2.5"),
        ("options", [], "'options' must be an object, not a list"),
        ("game", 3, "'game' must be a text, not the whole number 3"),
        ("actions", {}, "'actions' must be a list, not an object"),
    ],
)
def test_a_header_field_of_the_wrong_type_is_named_in_words(
    finished_text: str, key: str, value: object, words: str
) -> None:
    data = as_data(finished_text)
    data[key] = value
    message = str(parse_error(json.dumps(data)))
    assert message.endswith(words)
    assert " int" not in message and " dict" not in message and " str" not in message


def test_a_missing_header_field_says_it_is_missing(finished_text: str) -> None:
    data = as_data(finished_text)
    del data["seed"]
    assert str(parse_error(json.dumps(data))).endswith("'seed' is missing")


@pytest.mark.parametrize("player", [False, True, 0.0])
def test_a_player_that_is_not_a_whole_number_names_its_step(
    finished_text: str, player: object
) -> None:
    data = as_data(finished_text)
    data["actions"][2]["player"] = player  # false used to be taken as seat 0
    assert parse_error(json.dumps(data)).step == 3


@pytest.mark.parametrize(
    ("players", "words"),
    [
        ("4", "the player count must be a whole number, not the text '4'"),
        (True, "the player count must be a whole number, not true"),
        (4.0, "the player count must be a whole number, not the number 4"),
        ([4], "the player count must be a whole number, not a list"),
        (10**40, "not a whole number too large to use"),
        (9, "fishing is for 3–5 players, not 9"),
    ],
)
def test_a_player_count_that_is_not_a_whole_number_says_so_in_words(
    finished_text: str, players: object, words: str
) -> None:
    data = as_data(finished_text)
    data["options"]["players"] = players
    error = replay_error(parse_record(json.dumps(data)))
    assert error.step == 0 and str(error).endswith(words)


def test_player_count_gives_the_checked_count_or_the_games_default(finished_text: str) -> None:
    record = parse_record(finished_text)
    assert player_count(record) == 4
    del record.options["players"]
    assert player_count(record) == 4  # Fishing's default
    record.options["players"] = "abc"
    with pytest.raises(RecordError, match="must be a whole number, not the text 'abc'"):
        player_count(record)


@pytest.mark.parametrize("name", ["name", "self", "players "])
def test_an_option_named_like_a_parameter_is_an_unknown_option(
    finished_text: str, name: str
) -> None:
    data = as_data(finished_text)
    data["options"][name] = 1
    error = replay_error(parse_record(json.dumps(data)))
    assert error.step == 0 and f"fishing has no option {name!r}" in str(error)


def test_a_chance_outcome_of_true_is_not_the_number_1() -> None:
    # Games that write shuffles as numbers (the base hook) take whole numbers, never a bool.
    game = make_game("fishing", 3)
    with pytest.raises(AnglerError, match="a chance outcome must be a list of integers"):
        Game.chance_from_json(game, [True, 0])


# ----- action problems name their step -----
@pytest.mark.parametrize(
    "entry", [{"player": 0}, {"action": "play B3"}, {"player": "0", "action": "play B3"}, 5]
)
def test_a_malformed_action_entry_names_its_step(finished_text: str, entry: object) -> None:
    data = as_data(finished_text)
    data["actions"][6] = entry
    error = parse_error(json.dumps(data))
    assert error.step == 7
    assert "step 7" in str(error)


def test_malformed_chance_names_its_step(finished_text: str) -> None:
    data = as_data(finished_text)
    data["actions"][2]["chance"] = "B1 B2"
    assert parse_error(json.dumps(data)).step == 3


def test_an_illegal_action_names_its_step_on_replay(finished_text: str) -> None:
    record = parse_record(finished_text)
    state = replay(record, to_step=11)
    seat = record.actions[11]["player"]
    illegal = next(
        code
        for code in range(100)  # Fishing's play codes are the card ids
        if code not in state.legal_actions(seat)
    )
    record.actions[11]["action"] = state.game.action_to_string(illegal)
    error = replay_error(record)
    assert error.step == 12
    assert "step 12" in str(error)
    assert "illegal action" in str(error)


def test_an_unreadable_action_names_its_step_on_replay(finished_text: str) -> None:
    record = parse_record(finished_text)
    record.actions[4]["action"] = "fly away"
    error = replay_error(record)
    assert error.step == 5
    assert "fly away" in str(error)


@pytest.mark.parametrize("seat", [-1, 4, 17])
def test_a_seat_outside_the_table_names_its_step(finished_text: str, seat: int) -> None:
    record = parse_record(finished_text)
    record.actions[0]["player"] = seat
    error = replay_error(record)
    assert error.step == 1


def test_an_action_by_the_wrong_seat_names_its_step(finished_text: str) -> None:
    record = parse_record(finished_text)
    record.actions[0]["player"] = (record.actions[0]["player"] + 1) % 4
    error = replay_error(record)
    assert error.step == 1
    assert "turn order" in str(error)


# ----- results -----
def test_a_result_that_does_not_match_the_replay_is_refused(finished_text: str) -> None:
    data = as_data(finished_text)
    data["result"]["scores"][0] += 5
    error = replay_error(parse_record(json.dumps(data)))
    assert "differ" in str(error)


def test_a_result_on_a_record_that_stops_early_is_refused(finished_text: str) -> None:
    data = as_data(finished_text)
    data["actions"] = data["actions"][:-3]
    error = replay_error(parse_record(json.dumps(data)))
    assert "not over" in str(error)


def test_a_record_without_result_may_stop_anywhere(finished_text: str) -> None:
    data = as_data(finished_text)
    data["actions"] = data["actions"][:50]
    del data["result"]
    assert len(replay(parse_record(json.dumps(data))).history) == 50


@pytest.mark.parametrize("to_step", [-1, 10_000])
def test_replay_to_a_step_outside_the_record_is_refused(finished_text: str, to_step: int) -> None:
    error = replay_error(parse_record(finished_text), to_step)
    assert "--to" in str(error)


def test_replay_to_step_stops_there_and_skips_the_result_check(finished_text: str) -> None:
    record = parse_record(finished_text)
    state = replay(record, to_step=40)
    assert state.history == played(steps=40).history
    assert not state.is_terminal()


# ----- chance outcomes in a record -----
def round_end_step(state: State[Any]) -> int:
    """The 1-based step whose action ended round 1 (it triggers the stockroom shuffles)."""
    record = record_of(state)
    for step in range(1, len(state.history) + 1):
        after = replay_as(FishingState, record, to_step=step)
        if after.round == 2:
            return step
    raise AssertionError("round 1 never ended")


def test_forced_chance_outcomes_replace_the_seeded_shuffle() -> None:
    """Round 1's caught cards are shuffled into stockrooms; forcing each pile into sorted order
    puts the highest ids on top, so the rest of the stockroom is the sorted low end."""
    state = played(steps=60)
    record = record_of(state)
    step = round_end_step(state)
    twin = replay_as(FishingState, record, to_step=step - 1)
    twin.chance.log = []
    seat, code = state.history[step - 1]
    twin.apply_action(code, seat)
    seeded = twin.chance.log
    assert seeded  # the round end shuffled the caught piles
    record.actions[step - 1]["chance"] = [state.game.chance_to_json(sorted(o)) for o in seeded]
    forced = replay_as(FishingState, record, to_step=step)
    differs = False
    for order in seeded:
        pile = sorted(order)
        owner = next(s for s in range(4) if set(pile) <= set(twin.hands[s] + twin.stock[s]))
        kept = len(twin.stock[owner])
        assert forced.stock[owner] == pile[:kept]
        differs |= twin.stock[owner] != pile[:kept]
    assert differs  # the seeded shuffle was not already sorted


def test_a_chance_outcome_that_is_not_a_shuffle_of_the_cards_names_its_step() -> None:
    state = played(steps=60)
    record = record_of(state)
    step = round_end_step(state)
    record.actions[step - 1]["chance"] = [["B1", "B2"]]
    error = replay_error(record, to_step=step)
    assert error.step == step


def test_a_chance_outcome_naming_unknown_cards_names_its_step() -> None:
    state = played(steps=60)
    record = record_of(state)
    step = round_end_step(state)
    record.actions[step - 1]["chance"] = [["Z99"]]
    assert replay_error(record, to_step=step).step == step


@pytest.mark.parametrize(
    ("outcomes", "said"),
    [([[1, 2, 1, 3]], "1 outcome was not used"), ([[1], [2]], "2 outcomes were not used")],
)
def test_unused_outcomes_are_counted_in_the_right_number(
    finished_text: str, outcomes: list[list[int]], said: str
) -> None:
    record = parse_record(finished_text)
    record.actions[0]["outcomes"] = outcomes  # Fishing uses none
    error = replay_error(record)
    assert f"step 1: {record.actions[0]['action']!r} by Player 1: {said} by this action" in str(
        error
    )


def test_a_huge_action_text_is_quoted_briefly_in_the_one_line_error(finished_text: str) -> None:
    record = parse_record(finished_text)
    record.actions[0]["action"] = "play " + "Y" * 100_000
    message = str(replay_error(record))
    assert message.startswith("bad record: step 1: 'play YYYY")
    assert "(100005 characters)" in message
    assert len(message) < 400 and "\n" not in message


def test_a_huge_typed_action_is_quoted_briefly() -> None:
    with pytest.raises(AnglerError) as refused:
        make_game("fishing", 4).action_from_string("x" * 100_000)
    assert len(str(refused.value)) < 400
