"""Flip & Fish's length is bounded (ruling 19 of docs/rules/flip-and-fish.md): the recast limit
(option ``recasts``) makes the last of that many casts in a row without a full revolution a miss,
and ``encoding.max_game_length()`` is the round limit × the players × the most decisions in one
turn, counted from the game's own cards. Casts are forced (``state.chance.force_outcomes``)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from tests.typed import replay_as

from angler.core.errors import OptionError
from angler.core.events import same_events
from angler.core.records import load_record, parse_record, record_of
from angler.core.registry import make_game
from angler.games.flip_and_fish.cards import DEFAULT_CARDS
from angler.games.flip_and_fish.events import Cast, Flip, Miss, Slid, Turn
from angler.games.flip_and_fish.game import RECASTS, FlipAndFishGame
from angler.games.flip_and_fish.rules import AIM, LANDED, TURN, FlipAndFishState
from angler.games.flip_and_fish.terminal import cast_story

GOLDEN = (
    Path(__file__).parents[2] / "conformance" / "golden" / "flip-and-fish-3p-seed16-random.json"
)
PLAIN = ["Char#1", "Perch#2", "Squirrelfish#1", "Bluegill#2", "Wrasse"]
FILL = ["Herring#1", "Herring#2", "Herring#3", "Mackerel#1", "Mackerel#2", "Mackerel#3"]
# The default edition: 3 equipment places (a Tackle Box of value 1 fills the place it adds),
# 2 of them Recasts (second-cast), the third a Flashlight or a boost; a Landing Net and a Tackle
# Box of value 1 each. The bait, 3 aims of 20 casts, 2 landings, 1 other card, the bite resolved
# and a snapped line's discard; then at most 2 fish and 2 equipment cards over the limits.
FISHING_TURN = 1 + RECASTS * (1 + 2) + 2 + 1 + 2
DEFAULT_TURN = FISHING_TURN + (1 + 1) + (1 + 1)


def setup(game: FlipAndFishGame, gear: list[str] | None = None) -> dict[str, Any]:
    """Seat 0 to act with a Perch caught (bait) and ``gear``; plain fish in the water."""
    return {
        "water": PLAIN,
        "caught": [["Perch#1"]] + [[] for _ in range(game.players - 1)],
        "gear": [gear or []] + [[] for _ in range(game.players - 1)],
        "deck": FILL,
    }


def new(game: FlipAndFishGame, gear: list[str] | None = None) -> FlipAndFishState:
    return game.state_from_setup(setup(game, gear), 1)


def ident(state: FlipAndFishState, name: str) -> int:
    return state.cards.by_name[name]


def cast(state: FlipAndFishState, revolved: bool, face: int = 12) -> None:
    """Cast at the middle card; the die is forced to stop on it (a strike, if it counted)."""
    x, y = state.table.cards[0]
    state.chance.force_outcomes([[round(x * 10), round(y * 10), int(revolved), face]])
    state.apply("cast 0 0", state.turn)


def turn_lengths(state: FlipAndFishState, rng: random.Random) -> list[int]:
    """Play ``state`` to its end with random legal actions: the decisions of each turn."""
    lengths = [0]
    while not state.is_terminal():
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        turns = state.turns
        state.apply_action(legal[rng.randrange(len(legal))], seat)
        lengths[-1] += 1
        if state.turns != turns and not state.is_terminal():
            lengths.append(0)
    return lengths


# ------------------------------------------------------------------------------- the option


def test_the_recast_limit_is_an_option_of_1_to_100_and_20_by_default() -> None:
    game = make_game("flip-and-fish", 3)
    assert isinstance(game, FlipAndFishGame)
    assert game.recast_limit == RECASTS == 20 and game.settings["recasts"] == 20
    assert FlipAndFishGame(3, recasts=3).recast_limit == 3
    assert FlipAndFishGame(3, recasts="100").recast_limit == 100  # as typed on a command line
    assert FlipAndFishGame(3, recasts=1).describe_options()["recasts"] == 1


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, "a recast limit is 1 to 100, not the whole number 0"),
        (101, "a recast limit is 1 to 100, not the whole number 101"),
        (2.5, "a recast limit is 1 to 100, not the number 2.5"),
        (True, "a recast limit is 1 to 100, not true"),
        (None, "a recast limit is 1 to 100, not null"),
        ("x", "a recast limit must be a whole number from 1 to 100, not the text 'x'"),
        ("0", "a recast limit must be a whole number from 1 to 100, not the whole number 0"),
    ],
)
def test_bad_input_a_recast_limit_outside_1_to_100_is_refused_in_one_line(
    value: object, message: str
) -> None:
    with pytest.raises(OptionError) as raised:
        FlipAndFishGame(3, recasts=value)
    text = str(raised.value)
    assert text.startswith("option 'recasts': ") and message in text and "\n" not in text


# ------------------------------------------------------------------------------- ruling 19


def test_ruling_19_the_last_cast_at_the_recast_limit_is_a_miss_and_the_bait_is_kept() -> None:
    game = FlipAndFishGame(3, recasts=3)
    state = new(game)
    state.apply("fish with Perch#1", 0)
    cast(state, revolved=False)
    cast(state, revolved=False)
    assert (state.phase, state.turn) == (AIM, 0)  # twice: cast again
    log = len(state.events)
    cast(state, revolved=False)  # the third: a miss
    new_events = state.events[log:]
    assert [type(e) for e in new_events] == [Cast, Slid, Turn]
    assert new_events[1] == Slid(0, 3)
    assert (state.phase, state.turn) == (TURN, 1)  # the turn moved on
    assert not any(state.face_up) and not any(isinstance(e, Flip | Miss) for e in state.events)
    assert [state.cards.cards[c].name for c in state.caught[0]] == ["Perch#1"]  # bait kept
    assert state.bait == [] and state.landing is None and state.slid == 0


def test_ruling_19_casts_short_of_the_limit_are_made_again_as_before() -> None:
    state = new(FlipAndFishGame(3, recasts=3))
    state.apply("fish with Perch#1", 0)
    cast(state, revolved=False)
    cast(state, revolved=False)
    cast(state, revolved=True, face=5)  # the third revolves: it counts
    assert not [e for e in state.events if isinstance(e, Slid)]
    assert state.face_up[0] and state.roll == 5 + 2 + 2  # bait 2, a strike


def test_ruling_19_each_aim_counts_its_own_casts_a_second_cast_starts_afresh() -> None:
    state = new(FlipAndFishGame(3, recasts=2), gear=["Recast#1"])
    state.apply("fish", 0)
    cast(state, revolved=False)
    cast(state, revolved=True, face=5)  # one short of the limit: it counts
    assert state.phase == LANDED
    state.apply("use Recast#1", 0)
    cast(state, revolved=False)  # the second aim's first slide: cast again
    assert (state.phase, state.turn) == (AIM, 0)
    cast(state, revolved=False)
    assert (state.phase, state.turn) == (TURN, 1)
    assert [e for e in state.events if isinstance(e, Slid)] == [Slid(0, 2)]


def test_ruling_19_the_log_the_terminal_and_the_board_say_the_die_never_turned_over() -> None:
    game = FlipAndFishGame(3, recasts=3)
    state = new(game)
    state.apply("fish", 0)
    for _ in range(3):
        cast(state, revolved=False)
    said = "The die never turned over in 3 casts in a row: a miss for"
    slid = Slid(0, 3)
    assert game.presentation.describe_event(slid, 1) == f"{said} Player 1"
    assert game.presentation.describe_event(slid, 0) == f"{said} you"
    assert (
        game.presentation.describe_event(Slid(0, 1), 0)
        == "The die never turned over: a miss for you"
    )
    view = state.view(0)
    assert cast_story(view, game.cards)[-2:] == [
        game.presentation.describe_event(state.events[-3], 0),
        f"{said} you",
    ]
    board = game.presentation.board(view)["cast"]
    assert board["outcome"] == "slid" and board["slot"] == -1 and not board["revolved"]


def test_ruling_19_a_record_of_a_capped_cast_replays_identically() -> None:
    # A record as people write one: the third cast in a row slides, a miss; Player 2 bites.
    written = {
        "format": "angler-record/1",
        "game": "flip-and-fish",
        "options": {"players": 3, "recasts": 3},
        "seed": 1,
        "setup": setup(FlipAndFishGame(3)),
        "actions": [
            {"player": 0, "action": "fish with Perch#1"},
            *[{"player": 0, "action": "cast 0 0", "outcomes": [[0, 0, 0, 12]]}] * 3,
            {"player": 1, "action": "fish"},
            {"player": 1, "action": "cast 0 0", "outcomes": [[0, 0, 1, 5]]},
        ],
    }
    state = replay_as(FlipAndFishState, parse_record(json.dumps(written)))
    assert state.game.recast_limit == 3
    assert [e for e in state.events if isinstance(e, Slid)] == [Slid(0, 3)]
    assert state.turn == 1 and state.face_up[0] and state.caught[0] == [ident(state, "Perch#1")]


def test_ruling_19_a_seeded_game_with_capped_casts_records_and_replays_identically() -> None:
    game = FlipAndFishGame(3, recasts=1, rounds=3)
    for seed in range(20):
        state = game.new_state(seed)
        turn_lengths(state, random.Random(seed))
        if any(isinstance(e, Slid) for e in state.events):
            break
    else:
        raise AssertionError("no seed slid")
    text = record_of(state).dumps()
    assert json.loads(text)["options"]["recasts"] == 1
    again = replay_as(FlipAndFishState, parse_record(text))
    assert again.history == state.history and same_events(again.events, state.events)
    assert [again.view(seat) for seat in range(3)] == [state.view(seat) for seat in range(3)]


def test_a_record_written_before_the_option_replays_with_the_default_limit() -> None:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert "recasts" not in data["options"]
    state = replay_as(FlipAndFishState, load_record(GOLDEN))
    assert state.game.recast_limit == RECASTS and state.is_terminal()


# ------------------------------------------------------------------------------- the bound


def test_the_bound_is_rounds_times_players_times_the_longest_turn() -> None:
    for players in (2, 3, 4):
        encoding = FlipAndFishGame(players).encoding
        assert encoding.turn_length == DEFAULT_TURN == 70
        assert encoding.max_game_length() == 100 * players * 70  # 14,000 21,000 28,000


def test_the_bound_scales_with_rounds_and_recasts() -> None:
    def bound(**options: Any) -> int:
        return FlipAndFishGame(3, **options).encoding.max_game_length()

    assert bound(rounds=50) * 2 == bound(rounds=100) == bound()
    assert bound(rounds=7, recasts=5) == 7 * 3 * (DEFAULT_TURN - 3 * (RECASTS - 5))
    # Each aim (the first and one per second-cast card) may take every recast.
    assert bound(recasts=40) - bound() == 100 * 3 * 3 * 20
    assert bound(recasts=1, rounds=1) == 3 * (DEFAULT_TURN - 3 * (RECASTS - 1))


def test_the_bound_counts_the_configured_games_cards(tmp_path: Path) -> None:
    data = json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))
    shopping = data["shopping"]

    def like(effect: str, **change: Any) -> dict[str, Any]:
        return dict(next(card for card in shopping if card["effect"] == effect), **change)

    # 2 more Recasts, a Landing Net of 4 and a Tackle Box of 3.
    shopping += [like("second-cast"), like("second-cast")]
    shopping += [like("landing-net", name="BigNet", value=4)]
    shopping += [like("tackle-box", name="BigBox", value=3)]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    encoding = FlipAndFishGame(2, cards=str(path), recasts=10).encoding
    # 3 + (1 - 1) + (3 - 1) = 5 places: the 4 Recasts (5 aims of 10 casts, 4 landings) and 1
    # other card; at most 1 + 1 + 4 fish and 1 + 1 + 3 equipment cards over the limits.
    assert encoding.turn_length == (1 + 10 * 5 + 4 + 1 + 2) + (1 + 5) + (1 + 4)
    assert encoding.max_game_length() == 100 * 2 * encoding.turn_length


def test_a_turn_can_take_every_fishing_decision_the_bound_counts() -> None:
    """The bound's Fish part is reached: 2 Recasts and a Flashlight held, every aim slides to
    one short of the limit, and the Swordfish snaps the line when it gets away."""
    game = FlipAndFishGame(3)
    state = game.state_from_setup(
        {
            "water": ["Swordfish", *PLAIN[1:]],
            "caught": [[], [], []],
            "gear": [["Recast#1", "Recast#2", "Flashlight#1"], [], []],
            "deck": FILL,
        },
        1,
    )
    start = len(state.history)
    state.apply("fish", 0)
    state.apply("use Flashlight#1 2", 0)
    for recast in ("Recast#1", "Recast#2", None):
        for _ in range(RECASTS - 1):
            cast(state, revolved=False)
        x, y = state.table.cards[0]
        state.chance.force_outcomes([[round(x * 10) + 250, round(y * 10), 1, 2]])  # a bite
        state.apply("cast 0 0", 0)
        if recast:
            state.apply(f"use {recast}", 0)
    state.apply("done", 0)  # 2 against 13: it gets away and snaps the line
    state.apply("discard Flashlight#1", 0)
    assert (state.turn, state.phase) == (1, TURN)
    assert len(state.history) - start == FISHING_TURN == game.encoding.turn_length - 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_stay_within_the_bound_turn_by_turn(players: int) -> None:
    game = FlipAndFishGame(players)
    encoding = game.encoding
    for seed in range(100):
        lengths = turn_lengths(game.new_state(seed), random.Random(seed))
        assert max(lengths) <= encoding.turn_length, (seed, max(lengths))
        assert sum(lengths) <= encoding.max_game_length()


def test_a_game_with_recasts_1_and_rounds_2_ends_within_its_bound() -> None:
    slid = 0
    for players in (2, 3, 4):
        game = FlipAndFishGame(players, recasts=1, rounds=2)
        encoding = game.encoding
        assert encoding.max_game_length() == 2 * players * encoding.turn_length
        for seed in range(40):
            state = game.new_state(seed)
            lengths = turn_lengths(state, random.Random(seed))
            assert state.is_terminal() and len(lengths) <= 2 * players
            assert max(lengths) <= encoding.turn_length
            assert sum(lengths) <= encoding.max_game_length()
            # With a limit of 1, every cast that slides is a miss at once: none is made again.
            log = state.events
            slides = [(at, e) for at, e in enumerate(log) if isinstance(e, Cast) and not e.revolved]
            assert all(log[at + 1] == Slid(e.seat, 1) for at, e in slides)
            slid += len(slides)
    assert slid > 0  # random aims often slide: the capped miss happens
