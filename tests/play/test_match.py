"""A match with people in it: whose move, undo only where fair, save and resume."""

from __future__ import annotations

from pathlib import Path

import pytest

from angler.core import AnglerError, make_game
from angler.core.errors import IllegalActionError, RecordError
from angler.games.crazy_fishing.view import CrazyFishingView
from angler.play.match import UNDO_CHAIN, Match
from angler.play.seats import seat_kinds


def test_a_match_runs_to_the_end_with_a_person_and_bots() -> None:
    game = make_game("fishing", 4)
    match = Match(game, 3, ["human", "heuristic", "random", "heuristic"])
    while not match.over:
        seat = match.to_act()
        assert seat is not None
        if match.is_human(seat):
            legal, _ = match.menu(seat)
            match.play(seat, legal[0])
        else:
            match.bot_move()
    assert match.to_act() is None and match.state.winners()


def test_by_default_a_person_plays_seat_1_against_normal_bots() -> None:
    assert seat_kinds(None, 4) == ["human", "normal", "normal", "normal"]
    assert seat_kinds(["Human", "easy"], 3) == ["human", "easy", "normal"]
    with pytest.raises(AnglerError, match="not one of"):
        seat_kinds(["wizard"], 3)
    with pytest.raises(AnglerError, match="3 times for 2 players"):
        seat_kinds(["human"] * 3, 2)


def _to_human_turn(match: Match) -> int:
    while True:
        seat = match.to_act()
        assert seat is not None
        if match.is_human(seat):
            return seat
        match.bot_move()


def test_undo_takes_back_a_persons_move_before_anyone_else_acts() -> None:
    match = Match(make_game("fishing", 3), 5, ["heuristic", "human", "heuristic"])
    seat = _to_human_turn(match)
    before = list(match.state.history)
    legal, _ = match.menu(seat)
    match.play(seat, legal[-1])
    assert match.undo_refusal(seat) is None
    match.undo(seat)
    assert match.state.history == before
    assert match.to_act() == seat


def test_undo_is_refused_once_another_player_has_moved() -> None:
    match = Match(make_game("fishing", 3), 5, ["heuristic", "human", "heuristic"])
    seat = _to_human_turn(match)
    match.play(seat, match.menu(seat)[0][0])
    if match.to_act() is not None and not match.is_human(match.to_act() or 0):
        match.bot_move()
    with pytest.raises(AnglerError, match="cannot undo: undo never goes back past"):
        match.undo(seat)


def test_undo_is_refused_after_a_chance_event() -> None:
    """A Flip & Fish cast rolls the die: it cannot be taken back, though choosing to fish can."""
    game = make_game("flip-and-fish", 2)
    match = Match(game, 2, ["human", "heuristic"])
    match.play(0, game.action_from_string("fish"))
    assert match.undo_refusal(0) is None
    aim = game.action_from_string("cast 0 -130")
    match.play(0, aim)
    assert match.undo_refusal(0) is not None
    assert not match.undo_points


def test_undo_is_refused_after_a_move_that_revealed_a_card() -> None:
    """Crazy Fishing's Fish Finder peek shows the peeker a face-down fish."""
    game = make_game("crazy-fishing", 2)
    for seed in range(200):
        match = Match(game, seed, ["human", "human"])
        for _ in range(300):
            seat = match.to_act()
            if seat is None:
                break
            legal, _ = match.menu(seat)
            view: CrazyFishingView = match.state.view(seat)
            if view.phase == "peek":
                peek = next(a for a in legal if game.action_to_string(a).startswith("peek"))
                match.play(seat, peek)
                assert match.undo_refusal(seat) is not None
                return
            match.play(seat, legal[0])
    pytest.fail("no Fish Finder peek came up")


def test_a_move_out_of_turn_is_refused_and_changes_nothing() -> None:
    match = Match(make_game("fishing", 3), 1, ["human", "human", "human"])
    seat = match.to_act()
    assert seat is not None
    other = (seat + 1) % 3
    history = list(match.state.history)
    with pytest.raises(IllegalActionError):
        match.play(other, match.state.legal_actions(seat)[0])
    assert match.state.history == history


def test_a_saved_match_resumes_where_it_stopped_with_the_same_seats(tmp_path: Path) -> None:
    game = make_game("flip-and-fish", 3)
    match = Match(game, 8, ["human", "easy", "heuristic"])
    for _ in range(10):
        seat = _to_human_turn(match)
        match.play(seat, match.menu(seat)[0][0])
    path = tmp_path / "game.json"
    match.save(path)
    again = Match.resume(path)
    assert again.kinds == ["human", "easy", "heuristic"]
    assert again.state.history == match.state.history
    assert again.state.view(0) == match.state.view(0)


def test_a_corrupt_resume_file_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "angler-record/1", "game": "fishing"', encoding="utf-8")
    with pytest.raises(RecordError, match="not JSON"):
        Match.resume(path)
    path.write_text(
        '{"format": "angler-record/1", "game": "fishing", "options": {}, "seed": 1,'
        ' "actions": [], "seats": "human"}',
        encoding="utf-8",
    )
    with pytest.raises(RecordError, match="'seats' must be a list"):
        Match.resume(path)


def test_undo_takes_back_at_most_the_last_eight_moves_in_a_row() -> None:
    """People at one table may each take back their last move in turn, latest first, back to
    eight moves (``UNDO_CHAIN``): a server's room keeps no more states than that for undo."""
    game = make_game("fishing", 4)
    match = Match(game, 5, ["human"] * 4)
    played: list[int] = []
    while len(played) < UNDO_CHAIN + 3:
        seat = match.to_act()
        assert seat is not None
        match.play(seat, match.menu(seat)[0][0])
        if match.undo_points:
            played.append(seat)
        else:  # a deal: nothing before it is taken back
            played.clear()
    assert len(match.undo_points) == UNDO_CHAIN
    for seat in reversed(played[-UNDO_CHAIN:]):  # each maker in turn, the latest first
        match.undo(seat)
    with pytest.raises(AnglerError, match="cannot undo: undo never goes back past"):
        match.undo(played[-UNDO_CHAIN - 1])
