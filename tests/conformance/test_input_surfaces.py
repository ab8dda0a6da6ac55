"""Every input surface, fed anything: the outcome is success or the project's one-line error.

The surfaces: records (parsed and replayed), card files, explicit set-ups, game options (as any
JSON value from a record and as any text from ``-o key=value``), typed action texts, and the
``angler replay`` / ``angler play --resume`` commands fed record files. Hypothesis takes a valid
input, replaces a node with arbitrary JSON (or with a value found elsewhere in the same input,
which makes near-valid inputs), deletes or adds a key; the call must then succeed or raise
``AnglerError`` with a one-line message, and never any other exception. Where a state results,
a few random moves are played from it, since an accepted input must also be a playable one.
Examples are derandomised (the same run every time) and shrinking is left on.
"""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from angler.core import AnglerError, all_games, make_game
from angler.core.records import parse_record, record_of, replay
from angler.core.state import State
from angler.testing import play_random, policy

if TYPE_CHECKING:
    from conftest import Angler

GAMES = sorted(cls.name for cls in all_games())
BUNDLED = Path(__file__).parents[2] / "src" / "angler" / "games"
CARD_FILES = {name: BUNDLED / name.replace("-", "_") / "cards.json" for name in GAMES}
BOUNDED = settings(
    max_examples=40,
    derandomize=True,  # fixed examples: the same run every time; shrinking stays on
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# ----------------------------------------------------------------------------- JSON values

ODD_NUMBERS = [0, 1, -1, 2, 3, 5, 7, 100, 10**6, 10**30, -(10**30), 0.5, 2.5, 1e300, -0.0]
scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from(ODD_NUMBERS)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


def node_paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every node below ``doc`` (keys and list indexes)."""
    found: list[tuple[Any, ...]] = []
    items = (
        doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    )
    for key, child in items:
        found.append((*prefix, key))
        found += node_paths(child, (*prefix, key))
    return found


def leaves(doc: Any) -> list[Any]:
    if isinstance(doc, dict):
        return [leaf for child in doc.values() for leaf in leaves(child)]
    if isinstance(doc, list):
        return [leaf for child in doc for leaf in leaves(child)]
    return [doc]


@st.composite
def mutations(
    draw: st.DrawFn,
    doc: Any,
    keys: tuple[str, ...] = (),
    near: tuple[Any, ...] = (),
    splice: bool = False,
) -> Any:
    """``doc`` with 1 to 3 changes: a node replaced (by arbitrary JSON, by a leaf found elsewhere
    in ``doc`` or by one of ``near``), a key or list item deleted, or a key (one of ``keys`` or
    any text) added."""
    doc = copy.deepcopy(doc)
    own = sorted(set(map(json.dumps, leaves(doc))))
    values = json_values | st.sampled_from(own).map(json.loads)
    if near:
        values |= st.sampled_from(near)
    if splice:  # a place in the text for a literal json.dumps never writes
        values |= st.just(SPLICE)
    for _ in range(draw(st.integers(1, 3), label="changes")):
        paths = node_paths(doc)
        if not paths:
            return draw(values)
        path = draw(st.sampled_from(paths), label="where")
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        how = draw(st.sampled_from(["replace", "delete", "add"]), label="how")
        if how == "replace":
            parent[key] = draw(values, label="new value")
        elif how == "delete":
            del parent[key]
        elif isinstance(parent, dict):
            name = draw(st.sampled_from(keys) | st.text(max_size=8)) if keys else draw(st.text())
            parent[name] = draw(values, label="added value")
        else:
            parent.insert(key, draw(values, label="inserted value"))
    return doc


# ------------------------------------------------------------------------------- outcomes


def succeeds_or_refuses(call: Callable[[], Any]) -> Any:
    """``call()``'s result, or None if it raised AnglerError with a one-line message."""
    try:
        return call()
    except AnglerError as exc:
        message = str(exc)
        assert message.strip(), "an error without a message"
        assert "\n" not in message and "\r" not in message, message
        return None


def plays_on(state: State, steps: int = 30) -> None:
    """An accepted input is a playable one: views, text and random moves work from it."""
    game = state.game
    for seat in range(game.players):
        game.presentation.render_view(state.view(seat))
    play_random(state, policy(0, "input-surfaces"), steps=steps)
    state.scores()


# --------------------------------------------------------------------------- base inputs


def played(name: str, steps: int, seed: int = 3) -> State:
    state = make_game(name).new_state(seed)
    play_random(state, policy(seed, "input-surfaces-base"), steps=steps)
    return state


def setup_of(name: str) -> dict[str, Any]:
    """A valid explicit set-up for ``name``, written from a fresh deal."""
    state: Any = make_game(name).new_state(5)
    names = state.game.cards.names
    if name == "fishing":
        return {
            "round": 1,
            "leader": 0,
            "scores": [0] * len(state.hands),
            "hands": [names(hand) for hand in state.hands],
            "stockrooms": [[] for _ in state.hands],
        }
    if name == "crazy-fishing":
        return {
            "hands": [names(hand) for hand in state.hands],
            "sea": names(state.sea_card),
            "positions": [[x, y] for x, y in zip(state.sea.xs, state.sea.ys, strict=True)],
            "piles": [[] for _ in state.hands],
            "beside": [],
        }
    return {
        "water": [names([card])[0] if card >= 0 else None for card in state.water],
        "caught": [[] for _ in range(state.game.players)],
        "gear": [[] for _ in range(state.game.players)],
        "turn": 0,
        "shop_open": False,
    }


SETUPS = {name: setup_of(name) for name in GAMES}
CARD_NAMES: dict[str, tuple[Any, ...]] = {
    name: tuple(make_game(name).cards.by_name) for name in GAMES
}
SETUP_KEYS = {
    "fishing": ("round", "leader", "scores", "hands", "stockrooms", "ocean"),
    "crazy-fishing": ("hands", "sea", "positions", "rod_deck", "bait_deck", "piles", "beside"),
    "flip-and-fish": ("water", "caught", "gear", "deck", "shop_deck", "shop_open", "turn"),
}


def record_base(name: str, with_setup: bool) -> dict[str, Any]:
    game = make_game(name)
    if with_setup:
        state = game.state_from_setup(SETUPS[name], 9)
        play_random(state, policy(9, "input-surfaces-base"), steps=25)
        return record_of(state, SETUPS[name]).to_json()
    return record_of(played(name, 40)).to_json()


RECORDS = {(name, setup): record_base(name, setup) for name in GAMES for setup in (False, True)}
SPLICE = "<an odd literal goes here>"  # replaced in the record's text by one of ODD_LITERALS
ODD_LITERALS = st.sampled_from(
    ["1e400", "-1e400", "NaN", "Infinity", "-Infinity", "9" * 5000, "-" + "9" * 4400,
     "[" * 100_000 + "]" * 100_000, '{"a": ' * 5000 + "0" + "}" * 5000, "true", "false",
     "null", '"4"', "{}", "[]", "2.5", "1e-400", "-0", '"\\u0000"', '"a\\nb"']
)  # fmt: skip
RECORD_KEYS = ("format", "game", "options", "seed", "setup", "seats", "actions", "result")


# ------------------------------------------------------------------------------- records


@BOUNDED
@pytest.mark.parametrize(("name", "with_setup"), sorted(RECORDS))
@given(data=st.data())
def test_a_mutated_record_replays_or_is_refused_in_one_line(
    name: str, with_setup: bool, data: st.DataObject
) -> None:
    base = RECORDS[name, with_setup]
    doc = data.draw(mutations(base, RECORD_KEYS, CARD_NAMES[name], splice=True), label="record")
    text = json.dumps(doc).replace(json.dumps(SPLICE), data.draw(ODD_LITERALS, label="literal"))
    state = succeeds_or_refuses(lambda: replay(parse_record(text)))
    if state is not None:
        plays_on(state, steps=10)


@BOUNDED
@given(doc=json_values)
def test_any_json_value_as_a_record_is_parsed_or_refused_in_one_line(doc: Any) -> None:
    succeeds_or_refuses(lambda: replay(parse_record(json.dumps(doc))))


# ---------------------------------------------------------------------------- card files

_file_numbers = itertools.count()


def card_file_at(folder: Path, data: Any) -> str:
    """A new file for every example: ``load_cards`` caches by path."""
    path = folder / f"cards-{next(_file_numbers)}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@BOUNDED
@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_a_mutated_card_file_loads_or_is_refused_in_one_line(
    name: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    original = json.loads(CARD_FILES[name].read_text(encoding="utf-8"))
    doc = data.draw(mutations(original), label="card file")
    path = card_file_at(tmp_path_factory.getbasetemp(), doc)
    game = succeeds_or_refuses(lambda: make_game(name, cards=path))
    if game is not None:
        plays_on(game.new_state(data.draw(st.integers(0, 99), label="seed")), steps=60)


# -------------------------------------------------------------------------------- set-ups


@BOUNDED
@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_a_mutated_setup_is_laid_out_or_refused_in_one_line(name: str, data: st.DataObject) -> None:
    setup = data.draw(mutations(SETUPS[name], SETUP_KEYS[name], CARD_NAMES[name]), label="setup")
    game = make_game(name)
    state = succeeds_or_refuses(lambda: game.state_from_setup(setup, 1))
    if state is not None:
        plays_on(state)


# -------------------------------------------------------------------------------- options

OPTIONS = [(cls.name, option.name) for cls in all_games() for option in cls.options]
NEAR_OPTIONS = st.sampled_from(
    ["none", "all", "Prawn,Crab", "true", "no", "ring", "cross", "0,0;1,1", "fair", "good,novice",
     "0.1", "3", "nan", "inf", "1e400", "-1", "1000", "1001", "0,0;-110,0;110,0;0,-130;0,130",
     "0,nan;-110,0;110,0;0,-130;0,130"]
)  # fmt: skip


@BOUNDED
@pytest.mark.parametrize(("name", "option"), OPTIONS)
@given(
    value=json_values
    | NEAR_OPTIONS
    | st.floats()
    | st.lists(st.lists(scalars, max_size=3), max_size=6)
)
def test_an_option_given_any_json_value_is_read_or_refused_in_one_line(
    name: str, option: str, value: Any
) -> None:
    if option == "cards" and isinstance(value, str):
        value = f"no-such-dir/{value}"  # a text names a file: never one outside the test
    game = succeeds_or_refuses(lambda: make_game(name, **{option: value}))
    if game is not None:
        plays_on(game.new_state(0), steps=20)


@BOUNDED
@pytest.mark.parametrize(("name", "option"), OPTIONS)
@given(text=st.text(max_size=30) | NEAR_OPTIONS)
def test_an_option_given_any_text_is_read_or_refused_in_one_line(
    name: str, option: str, text: str
) -> None:
    if option == "cards":
        text = f"no-such-dir/{text}"
    game = succeeds_or_refuses(lambda: make_game(name, **{option: text}))
    if game is not None:
        plays_on(game.new_state(0), steps=20)


@BOUNDED
@pytest.mark.parametrize("name", GAMES)
@given(players=json_values | st.text(max_size=3))
def test_a_player_count_of_any_json_value_is_taken_or_refused_in_one_line(
    name: str, players: Any
) -> None:
    succeeds_or_refuses(lambda: make_game(name, players))


# ------------------------------------------------------------------------- typed actions


ODD_NUMBERS_TYPED = ["0", "1", "-40", "1e400", "nan", "inf", "-inf", "1" * 50, "٣", "0x10", "1_0"]


def action_words(name: str) -> list[str]:
    """Words that make near-valid action texts: the words of real actions, and card names."""
    state = played(name, 10)
    game = state.game
    texts = [game.action_to_string(code) for code in list(state.legal_actions(0))[:40]]
    texts += [game.action_to_string(code) for _, code in state.history]
    cards: Any = game
    names = list(cards.cards.by_name)[:30]
    return sorted({word for text in texts for word in text.split()}) + names


WORDS = {name: action_words(name) for name in GAMES}
VERBS = {  # each game's first words, as its action parser reads them
    "fishing": ["play", "catch", "pass", "call"],
    "crazy-fishing": ["cast", "peek", "skip", "turbulent", "fish", "split", "draw"],
    "flip-and-fish": ["fish", "buy", "stocktake", "gear", "cast", "use", "discard", "done"],
}


@settings(BOUNDED, max_examples=200)  # each example is a parse and at most one action: cheap
@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_any_typed_action_text_is_read_or_refused_in_one_line(
    name: str, data: st.DataObject
) -> None:
    game = make_game(name)
    verbs = VERBS[name]
    words = (
        st.sampled_from(WORDS[name])
        | st.sampled_from(ODD_NUMBERS_TYPED)
        | st.integers(-999, 999).map(str)
        | st.floats().map(repr)  # NaN and infinities among them
    )
    near = st.tuples(st.sampled_from(verbs), st.lists(words, max_size=3)).map(
        lambda parts: " ".join([parts[0], *parts[1]])
    )
    text = data.draw(near | st.text(max_size=20), label="text")
    code = succeeds_or_refuses(lambda: game.action_from_string(text))
    if code is not None:
        assert type(code) is int
        state = game.new_state(2)
        seat = state.current_players()[0]
        succeeds_or_refuses(lambda: state.apply_action(code, seat))


NUMBER_ACTIONS = [  # the action texts that carry numbers, with a place for each
    ("flip-and-fish", "cast {} {}"),
    ("flip-and-fish", "buy {}"),
    ("flip-and-fish", "use Flashlight#1 {}"),
    ("crazy-fishing", "peek {}"),
    ("crazy-fishing", "fish {}"),
]
typed_numbers = (
    st.floats().map(repr)  # NaN and the infinities among them
    | st.floats().map("{:g}".format)
    | st.integers().map(str)
    | st.sampled_from(ODD_NUMBERS_TYPED)
    | st.text(max_size=6)
)


@settings(BOUNDED, max_examples=100)
@pytest.mark.parametrize(("name", "form"), NUMBER_ACTIONS)
@given(numbers=st.lists(typed_numbers, min_size=2, max_size=2))
def test_an_action_text_with_any_typed_number_is_read_or_refused_in_one_line(
    name: str, form: str, numbers: list[str]
) -> None:
    game = make_game(name)
    text = form.format(*numbers)
    code = succeeds_or_refuses(lambda: game.action_from_string(text))
    if code is not None:
        assert game.action_to_string(code).split()[0] == text.split()[0]


# --------------------------------------------------------------- the commands, fed records

CLI_RECORDS = {name: {**RECORDS[name, False], "seats": ["human"] * 3} for name in GAMES}


@settings(  # ``angler`` runs a fresh command each call: nothing to reset between examples
    BOUNDED, max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_replay_and_resume_fed_a_mutated_record_answer_or_refuse_in_one_line(
    name: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory, angler: Angler
) -> None:
    base = CLI_RECORDS[name]
    base = {**base, "seats": ["human"] * base["options"]["players"]}
    doc = data.draw(mutations(base, RECORD_KEYS), label="record")
    if doc.get("seats") != base["seats"]:
        doc["seats"] = base["seats"]  # bots would think for seconds: people sit in every seat
    path = tmp_path_factory.getbasetemp() / f"record-{next(_file_numbers)}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    for args in (["replay", path], ["play", "--resume", path, "--ui", "text"]):
        run = angler(args, input="q\n")
        if run.status != 0:
            run.assert_user_error()


def test_the_base_inputs_are_valid() -> None:
    """The mutations start from valid inputs (else every test above only tests refusals)."""
    for (name, with_setup), doc in RECORDS.items():
        assert replay(parse_record(json.dumps(doc))).game.name == name, with_setup
    for name in GAMES:
        make_game(name).state_from_setup(SETUPS[name], 1)
        make_game(name, cards=str(CARD_FILES[name]))


# ------------------------------------------------- the cases, through the commands


def record_file(folder: Path, doc: Any) -> Path:
    path = folder / f"record-{next(_file_numbers)}.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def test_replay_of_a_cast_at_no_point_of_the_table_is_one_line(
    tmp_path: Path, angler: Angler
) -> None:
    doc = copy.deepcopy(RECORDS["flip-and-fish", False])
    step = next(k for k, e in enumerate(doc["actions"]) if e["action"].startswith("cast"))
    doc["actions"][step]["action"] = "cast 1e400 nan"
    run = angler(["replay", record_file(tmp_path, doc)])
    run.assert_user_error(f"step {step + 1}", "the aim must be a point on the table")


def test_resume_with_seats_and_a_player_count_that_is_text_is_one_line(
    tmp_path: Path, angler: Angler
) -> None:
    doc = copy.deepcopy(RECORDS["fishing", False])
    doc["options"]["players"] = "abc"  # int("abc") used to escape as a ValueError
    run = angler(["play", "--resume", record_file(tmp_path, doc), "--seat", "human"])
    run.assert_user_error("the player count must be a whole number, not the text 'abc'")


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"format": "angler-record/1", "seed": ' + "9" * 5000 + "}"],
    ids=["nested-100000-deep", "5000-digit-seed"],
)
def test_replay_and_resume_of_json_no_parser_should_take_are_one_line(
    tmp_path: Path, angler: Angler, text: str
) -> None:
    path = record_file(tmp_path, text)
    for args in (["replay", path], ["play", "--resume", path]):
        angler(args).assert_user_error("not JSON")
