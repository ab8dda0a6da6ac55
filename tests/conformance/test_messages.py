"""Messages people read name players as "Player N" (from 1) and read as plain English.

Seeded random games of every registered game at every player count: every illegal action tried
by every seat in every phase reached, a record replayed with an illegal step by every seat, and
every log line as each seat (and an onlooker) reads it. Records keep 0-based seats only as JSON
field values, so no message says "seat 0".
"""

from __future__ import annotations

import importlib
import random
import re
from collections import Counter
from typing import Any

import pytest
from tests.conformance.conftest import CASES, NAMES
from tests.toy_game import ToyGame

from angler.core import Game, IllegalActionError, get_game, make_game
from angler.core.errors import RecordError
from angler.core.events import PUBLIC, audience_of
from angler.core.records import record_of, replay
from angler.core.state import State
from angler.core.view import game_over_line
from angler.testing import policy

SEAT_NUMBER = re.compile(r"\bseat \d", re.IGNORECASE)  # players are "Player N" in words
PLAYER_NUMBER = re.compile(r"\bPlayer (\d+)")
YOU_AND_VERB = re.compile(r"\byou ([a-z]+)\b", re.IGNORECASE)
# Counted nouns that are never verbs ("slot 1 turns up" is fine; "1 cards" is not).
ONE_AND_PLURAL = re.compile(r"\b1 (cards|games|trophies|rods|baits|rounds|tricks|players|steps)\b")
INTERNAL_ID = re.compile(r"#\d")  # a copy's unique name (Shiner#1), for actions, not for reading
SEEDS = (1, 2)
STEP_LIMIT = 1500  # Flip & Fish random players may fish for a long time; enough to see every phase
TRIES_PER_SEAT = 3
PROBES_PER_PHASE = 12  # positions probed per phase and set-up: a few of each is enough
SEEDS_FOR_PHASES = 8  # games per set-up at most, to reach its rare phases


# What players read is the real games' polish, not part of the contract: the toy game of the rest
# of the conformance suite keeps the core's plain defaults, so this module runs on the registered
# games only.
REAL_CASES = [case for case in CASES if ToyGame.name not in case.id]  # type: ignore[operator]
REAL_NAMES = [name for name in NAMES if name.values[0] != ToyGame.name]


@pytest.fixture(params=REAL_CASES)
def game(request: pytest.FixtureRequest) -> Game[Any, Any]:
    name, players, options = request.param
    return make_game(name, players, **options)


@pytest.fixture(params=REAL_NAMES)
def game_name(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


def random_game(game: Game[Any, Any], seed: int) -> State[Any]:
    """A random game, whole or cut at STEP_LIMIT (then still a real position)."""
    state = game.new_state(seed)
    rng = policy(seed, "messages")
    for _ in range(STEP_LIMIT):
        if state.is_terminal():
            break
        seat = state.current_players()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    return state


def wording_problems(message: str, players: int) -> list[str]:
    """What is wrong with how ``message`` names players."""
    problems = []
    if SEAT_NUMBER.search(message):
        problems.append("names a seat by number")
    for number in PLAYER_NUMBER.findall(message):
        if not 1 <= int(number) <= players:
            problems.append(f"Player {number} does not exist (players count from 1)")
    return problems


def grammar_problems(line: str) -> list[str]:
    """What is wrong with one log or table line as English."""
    problems = []
    if line[:1].islower():
        problems.append("starts in lower case")
    for verb in YOU_AND_VERB.findall(line):
        if verb.endswith("s") and not verb.endswith("ss"):  # you draws, you has (not: you pass)
            problems.append(f"'you {verb}'")
    if ONE_AND_PLURAL.search(line):
        problems.append("1 with a plural")
    return problems


def configurations(name: str) -> list[Game[Any, Any]]:
    """The game at every player count, for each option set it lists in ``variants``."""
    cls = get_game(name)
    return [make_game(name, players, **options) for players, options in cls.configurations()]


def phase_names(game: Game[Any, Any]) -> set[str]:
    """The phases the game's views name (its rules module lists them)."""
    rules = importlib.import_module(type(game).__module__.rpartition(".")[0] + ".rules")
    return set(getattr(rules, "PHASE_NAMES", ()))


def phase(state: State[Any]) -> str:
    return "over" if state.is_terminal() else str(getattr(state.view(0), "phase", ""))


def illegal_attempts(state: State[Any], tried: set[int], rng: random.Random) -> list[str]:
    """Every seat tries a few codes that were legal somewhere in this game but are not legal for
    it now; what each refusal says."""
    told = []
    for seat in range(state.game.players):
        legal = state.legal_actions(seat)
        tried.update(legal[:50])  # Flip & Fish lists thousands of aims
        pool = sorted(code for code in tried if code not in legal)
        for code in rng.sample(pool, min(TRIES_PER_SEAT, len(pool))):
            try:
                state.apply_action(code, seat)
            except IllegalActionError as exc:
                told.append(str(exc))
            else:
                raise AssertionError(f"{code} by seat index {seat} was accepted")
    return told


def test_illegal_actions_by_every_seat_in_every_phase_name_players_from_1(game_name: str) -> None:
    rng = random.Random(7)
    problems: dict[str, list[str]] = {}
    probed: set[str] = set()
    for game in configurations(game_name):
        per_phase: Counter[str] = Counter()
        for seed in range(1, SEEDS_FOR_PHASES + 1):
            state = game.new_state(seed)
            moves = policy(seed, "messages")
            tried: set[int] = set()
            for _ in range(STEP_LIMIT):
                now = phase(state)
                if per_phase[now] < PROBES_PER_PHASE:
                    per_phase[now] += 1
                    for message in illegal_attempts(state, tried, rng):
                        problems.setdefault(message, wording_problems(message, game.players))
                if state.is_terminal():
                    break
                seat = state.current_players()[0]
                state.apply_action(moves.choice(state.legal_actions(seat)), seat)
            if set(per_phase) >= phase_names(game):
                break
        probed |= set(per_phase)
    assert probed >= phase_names(configurations(game_name)[0])  # every phase, in some set-up
    assert not {message: why for message, why in problems.items() if why}


def test_a_seat_past_the_last_is_named_as_the_player_that_does_not_exist(
    game: Game[Any, Any],
) -> None:
    state = game.new_state(1)
    try:
        state.apply_action(0, game.players)
    except IllegalActionError as exc:
        assert (
            exc.detail == f"there is no Player {game.players + 1} in a {game.players}-player game"
        )
    else:
        raise AssertionError("a seat past the last was accepted")


def test_the_turn_order_message_names_the_player_who_tried(game: Game[Any, Any]) -> None:
    state = game.new_state(3)
    moves = policy(3, "messages")
    while len(state.current_players()) == game.players:  # everyone decides: nobody out of turn
        seat = state.current_players()[0]
        state.apply_action(moves.choice(state.legal_actions(seat)), seat)
    deciding = state.current_players()
    waiting = next(seat for seat in range(game.players) if seat not in deciding)
    code = state.legal_actions(deciding[0])[0]
    try:
        state.apply_action(code, waiting)
    except IllegalActionError as exc:
        assert exc.detail.startswith(f"Player {waiting + 1} does not decide now"), exc.detail
    else:
        raise AssertionError("an action out of turn was accepted")


def test_a_record_with_an_illegal_step_by_every_seat_names_the_player_from_1(
    game: Game[Any, Any],
) -> None:
    state = random_game(game, 5)
    actions = record_of(state).actions
    step = len(actions) // 2
    replayed = replay(record_of(state), to_step=step)
    for seat in range(game.players):
        legal = {game.action_to_string(c) for c in replayed.legal_actions(seat)[:5000]}
        wrong = next(
            (entry["action"] for entry in actions if entry["action"] not in legal), None
        ) or game.action_to_string(0)
        record = record_of(state)
        record.actions = [*actions[:step], {"player": seat, "action": wrong}]
        record.result = None
        try:
            replay(record)
        except RecordError as exc:
            message = str(exc)
        else:
            continue  # that action happens to be legal for this seat here: nothing to read
        assert f"step {step + 1}: {wrong!r} by Player {seat + 1}: " in message, message
        assert not wording_problems(message, game.players), message


def test_a_record_naming_a_seat_that_does_not_exist_shows_its_json_value(
    game: Game[Any, Any],
) -> None:
    state = random_game(game, 5)
    record = record_of(state)
    record.actions = [{**record.actions[0], "player": game.players}]
    record.result = None
    try:
        replay(record)
    except RecordError as exc:
        assert f'"player": {game.players}' in str(exc)
        assert f"0 to {game.players - 1}" in str(exc)
    else:
        raise AssertionError("a seat past the last was accepted")


def test_every_log_line_reads_as_english_for_every_seat(game: Game[Any, Any]) -> None:
    problems: dict[str, list[str]] = {}
    for seed in SEEDS:
        state = random_game(game, seed)
        for viewer in [*range(game.players), None]:
            events = state.view(0 if viewer is None else viewer).events
            for event in events:
                if viewer is None and audience_of(event) != PUBLIC:
                    continue  # an onlooker reads public events only
                line = game.presentation.describe_event(event, viewer)
                why = grammar_problems(line) + wording_problems(line, game.players)
                if INTERNAL_ID.search(line):
                    why.append("shows a card's internal id")
                if why:
                    problems.setdefault(line, why)
    assert not problems


def test_every_table_text_names_players_from_1_in_good_english(game: Game[Any, Any]) -> None:
    problems: dict[str, list[str]] = {}
    for seed in SEEDS:
        state = game.new_state(seed)
        rng = policy(seed, "messages")
        for step in range(STEP_LIMIT):
            if state.is_terminal():
                break
            if step % 5 == 0:
                for seat in range(game.players):
                    for line in game.presentation.render_view(state.view(seat)).splitlines():
                        why = wording_problems(line, game.players) + grammar_problems(line.strip())
                        if why:
                            problems.setdefault(line, why)
            seat = state.current_players()[0]
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    assert not problems


def test_flip_and_fish_table_names_cards_as_people_read_them() -> None:
    game = make_game("flip-and-fish", 3)
    state = random_game(game, 4)
    text = "\n".join(game.presentation.render_view(state.view(seat)) for seat in range(3))
    assert "Player 2" in text
    assert not INTERNAL_ID.search(text), text


def test_flip_and_fish_writes_no_minus_zero_for_a_point_on_an_axis() -> None:
    game = make_game("flip-and-fish", 4, layout="ring")
    state = game.new_state(1)
    for seat in range(4):
        view = state.view(seat)
        text = game.presentation.render_view(view)
        menu, hint = game.presentation.menu(view, state.legal_actions(seat))
        labels = [game.presentation.menu_label(view, code) for code in menu]
        assert "-0," not in text and "-0)" not in text, text
        assert not any("-0," in label or "-0)" in label for label in [*labels, hint])


def test_a_list_of_players_reads_as_english_with_one_and() -> None:
    state = make_game("crazy-fishing", 4).new_state(5)  # everyone casts at once
    state.apply_action(state.legal_actions(0)[0], 0)
    try:
        state.apply_action(state.legal_actions(1)[0], 0)
    except IllegalActionError as exc:
        assert exc.detail == "Player 1 does not decide now (Player 2, Player 3 and Player 4 do)"
    else:
        raise AssertionError("a second cast by the same seat was accepted")
    assert game_over_line([5, 5, 5, 1], None) == (
        "Game over: Player 1, Player 2 and Player 3 win with 5"
    )
