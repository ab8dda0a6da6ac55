"""Closing time (ruling 26 of docs/rules/crazy-fishing.md): the ``rounds`` option ends a game after
that many rounds as if the sea had run out, which bounds every game, so the encoding states a
``max_game_length()``: the round limit × ``max_round_length()``, each checked here against seeded
play that leans towards long rounds."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from angler.core import OptionError, make_game
from angler.core.errors import AnglerError
from angler.core.records import parse_record, record_of, replay
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.events import EVENT_TYPES, ClosingTime, GameEnd, RoundEnd
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.crazy_fishing.rules import END_AT, CrazyFishingState
from angler.games.crazy_fishing.scoring import final_scores
from angler.games.crazy_fishing.setup import MAX_ROUND


def test_closing_time_option_defaults_to_100_rounds() -> None:
    game = make_game("crazy-fishing", 4)
    assert isinstance(game, CrazyFishingGame)
    assert game.settings["rounds"] == 100 and game.round_limit == 100
    assert make_game("crazy-fishing", 4, rounds="7").settings["rounds"] == 7  # as the CLI gives it
    assert CrazyFishingGame(4, rounds=MAX_ROUND).round_limit == MAX_ROUND


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (0, "option 'rounds': a round limit is 1 to 999, not the whole number 0"),
        (1000, "option 'rounds': a round limit is 1 to 999, not the whole number 1000"),
        (2.5, "option 'rounds': a round limit is 1 to 999, not the number 2.5"),
        (True, "option 'rounds': a round limit is 1 to 999, not true"),
        (None, "option 'rounds': a round limit is 1 to 999, not null"),
        ("0", "option 'rounds': cannot read '0' (a round limit must be a whole number from 1"),
        ("ten", "option 'rounds': cannot read 'ten' (a round limit must be a whole number"),
    ],
)
def test_closing_time_option_is_refused_outside_1_to_999(value: object, problem: str) -> None:
    with pytest.raises(OptionError) as refused:
        make_game("crazy-fishing", 4, rounds=value)
    message = str(refused.value)
    assert message.startswith(problem), message
    assert "\n" not in message


def test_closing_time_event_is_the_last_event_type() -> None:
    """Appended, so that the event types before it keep their indices."""
    assert EVENT_TYPES[-2:] == (GameEnd, ClosingTime)


def play(state: CrazyFishingState, rng: random.Random) -> Counter[int]:
    """Play to the end, leaning towards long rounds: the biggest cast half the time, a Fish
    Finder look rather than "no more", a try rather than letting a Pair's second fish be. Returns
    the decisions taken in each round."""
    per_round: Counter[int] = Counter()
    skip = act.code(act.SKIP)
    while not state.is_terminal():
        seat = rng.choice(state.current_players())
        legal = state.legal_actions(seat)
        if len(legal) > 1 and skip in legal and rng.random() < 0.9:
            legal = [code for code in legal if code != skip]
        if legal[0] & act.KIND_MASK == act.CAST and rng.random() < 0.5:
            most = max(code.bit_count() for code in legal)
            legal = [code for code in legal if code.bit_count() == most]
        per_round[state.round] += 1
        state.apply_action(rng.choice(legal), seat)
    return per_round


@pytest.mark.parametrize("players", [2, 4, 6])
def test_closing_time_ends_the_game_after_the_last_round(players: int) -> None:
    game = CrazyFishingGame(players, rounds=2)
    for seed in range(1, 4):
        state = game.new_state(seed)
        assert isinstance(state, CrazyFishingState)
        play(state, random.Random(seed))
        assert state.round == 2
        ends = [e for e in state.events if type(e) in (RoundEnd, ClosingTime, GameEnd)]
        last_round, closing, over = ends[-3:]
        assert type(last_round) is RoundEnd and last_round.round == 2
        assert last_round.fish_left > END_AT  # the sea did not run out: closing time ended it
        assert closing == ClosingTime(2)
        # Scored as usual; the highest score wins, a tie shares.
        scores = final_scores(state.piles, game.cards)
        assert over == GameEnd(tuple(scores)) and state.scores() == scores
        assert state.winners() == [s for s in range(players) if scores[s] == max(scores)]
        assert "Closing time after round 2" in game.presentation.describe_event(closing)


def test_closing_time_never_comes_in_a_game_that_ends_by_the_rules() -> None:
    """With the default limit a seeded game ends as before: by the sea, not by the clock."""
    game = make_game("crazy-fishing", 4)
    state = game.new_state(3)
    assert isinstance(state, CrazyFishingState)
    play(state, random.Random(3))
    assert state.round < game.settings["rounds"]
    assert not any(type(e) is ClosingTime for e in state.events)


LIMITS = [
    (players, options)
    for players in (2, 3, 4, 5, 6)
    for options in ({}, {"out_of_series": "all", "oos_rods": True})
]


@pytest.mark.parametrize(("players", "options"), LIMITS)
def test_closing_time_bounds_the_game_and_no_round_exceeds_its_bound(
    players: int, options: dict[str, object]
) -> None:
    game = make_game("crazy-fishing", players, rounds=40, **options)
    assert isinstance(game, CrazyFishingGame)
    encoding = game.encoding
    per_round = encoding.max_round_length()
    longest = encoding.max_game_length()
    assert longest == 40 * per_round
    for seed in range(1, 81):
        state = game.new_state(seed)
        assert isinstance(state, CrazyFishingState)
        rounds = play(state, random.Random(seed))
        assert state.round <= 40
        assert sum(rounds.values()) <= longest
        assert max(rounds.values()) <= per_round, (seed, rounds)


def test_closing_time_bound_for_the_default_edition() -> None:
    """Per round: casts p, draws 6p, first fish p, and for the 3 Reels, Turbulent Baits and Fish
    Finders in play a second fish and a split, a stir, a look; every out-of-series card adds the
    Pair of Fish's tries (1 Pair, and 1 more with a Reel and Sustainable Fishing)."""
    for players, plain, oos in [(2, 25, 29), (3, 36, 42), (4, 44, 52), (5, 52, 62), (6, 60, 72)]:
        game = make_game("crazy-fishing", players)
        every = make_game("crazy-fishing", players, out_of_series="all", oos_rods=True)
        assert isinstance(game, CrazyFishingGame) and isinstance(every, CrazyFishingGame)
        assert game.encoding.max_round_length() == plain
        assert game.encoding.max_game_length() == 100 * plain
        assert every.encoding.max_round_length() == oos


def test_closing_time_bound_scales_with_the_rounds_option() -> None:
    lengths = {
        rounds: CrazyFishingGame(4, rounds=rounds).encoding.max_game_length()
        for rounds in (1, 2, 100, MAX_ROUND)
    }
    assert lengths == {rounds: rounds * lengths[1] for rounds in lengths}


def test_closing_time_bound_reads_the_card_file(tmp_path: Path) -> None:
    """A designer's edition with no special rods or baits asks only casts, fish and draws."""
    data = json.loads(
        (Path(__file__).parents[3] / "src/angler/games/crazy_fishing/cards.json").read_text()
    )
    for entry in data["rods"] + data["baits"]:
        if entry["special"] == "most-tempting":
            entry["value"] = 9
        entry["special"] = None
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(data))
    game = make_game("crazy-fishing", 4, cards=str(path))
    assert isinstance(game, CrazyFishingGame)
    assert game.encoding.max_round_length() == 4 + 4 * 6 + 4


def test_closing_time_record_without_rounds_takes_the_default() -> None:
    """A record written before the option existed names no ``rounds``: it plays to 100."""
    state = make_game("crazy-fishing", 2).new_state(1)
    assert isinstance(state, CrazyFishingState)
    play(state, random.Random(1))
    data = json.loads(record_of(state).dumps())
    assert data["options"].pop("rounds") == 100
    again = replay(parse_record(json.dumps(data)))
    assert again.game.settings["rounds"] == 100
    assert again.is_terminal() and again.scores() == state.scores()


def test_closing_time_record_keeps_the_round_limit() -> None:
    game = make_game("crazy-fishing", 3, rounds=2)
    state = game.new_state(5)
    assert isinstance(state, CrazyFishingState)
    play(state, random.Random(5))
    record = record_of(state)
    again = replay(parse_record(record.dumps()))
    assert again.game.settings["rounds"] == 2
    assert again.is_terminal() and again.scores() == state.scores()
    assert type(again.events[-2]) is ClosingTime


def test_closing_time_set_up_past_the_round_limit_is_refused() -> None:
    game = make_game("crazy-fishing", 2, rounds=5)
    setup = game.setup_of(game.new_state(1))
    assert game.state_from_setup({**setup, "round": 5}, 1).round == 5
    with pytest.raises(AnglerError, match=r"round 6 comes after closing time \(rounds=5\)"):
        game.state_from_setup({**setup, "round": 6}, 1)
