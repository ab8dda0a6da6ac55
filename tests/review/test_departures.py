"""A seat's departures from the heuristic's moves, and what each judge makes of them
(docs/review.md, "Judging the searching levels")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.review.test_review import GAMES, played_record

from angler.core.records import record_of, start_state
from angler.core.registry import make_game
from angler.review.decisions import decisions_of
from angler.review.departures import departures, rollout_gain, search_gain
from angler.tools import judge_check


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_playing_the_heuristic_departs_nowhere(game: str) -> None:
    record = played_record(game, 31)
    assert list(decisions_of(record, 1))
    assert list(departures(record, 1)) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_departure_is_a_decision_where_the_move_was_not_the_heuristic_s(game: str) -> None:
    record = played_record(game, 32, agents=("heuristic", "random"))
    decisions = {d.step: d for d in decisions_of(record, 1)}
    found = list(departures(record, 1))
    assert found
    for departure in found:
        assert departure.decision == decisions[departure.decision.step]  # the seat's view alone
        assert departure.heuristic != departure.decision.played
        assert departure.heuristic in departure.decision.legal


def test_the_rollout_judge_pairs_both_moves_on_the_same_worlds() -> None:
    """Deterministic in its seed; the paired gain's interval is narrower than a move's value's
    would be (both moves met the same worlds and dice)."""
    record = played_record("crazy-fishing", 33, agents=("heuristic", "random"))
    game = start_state(record).game
    departure = next(departures(record, 1))
    first = rollout_gain(game, departure, 40, seed=5)
    assert first == rollout_gain(game, departure, 40, seed=5)
    assert first.score is not None
    assert first.score.high - first.score.low < 20  # final scores alone spread far wider


def test_random_play_s_departures_lose_to_the_heuristic_s_moves_by_either_judge() -> None:
    """Random moves in place of the heuristic's cost the seat: over the random seat's first
    departures, both judges value the played moves below the heuristic's on average."""
    record = played_record("crazy-fishing", 34, agents=("heuristic", "random"))
    game = start_state(record).game
    found = list(departures(record, 1))[:6]
    by_rollouts = [rollout_gain(game, d, 40, seed=1).score for d in found]
    assert sum(g.mean for g in by_rollouts if g is not None) < 0
    by_search = [search_gain(game, d, 300, seed=1) for d in found]
    measured = [g.value.mean for g in by_search if g is not None]
    assert len(measured) >= 3 and sum(measured) < 0


def test_the_tool_sums_up_the_departures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(played_record("crazy-fishing", 35, agents=("heuristic", "random")).dumps())
    judge_check.main([str(path), "--seat", "2", "--samples", "4", "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert summary["judge"] == "rollout" and summary["games"] == 1
    assert summary["departures"] == summary["measured"] == len(summary["by_departure"]) > 0
    assert summary["value_gain"]["mean"] is not None and summary["score_gain"] is not None
    judge_check.main([str(path), "--seat", "2", "--judge", "search", "--iterations", "50"])
    lines = capsys.readouterr().out.splitlines()
    assert "by the search judge" in lines[-2] and "search value" in lines[-1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "7"], "there is no seat 7 in this 4-player game"),
        (["--seat", "2", "--samples", "1"], "--samples needs 2 or more"),
    ],
)
def test_the_tool_refuses_bad_asks_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(played_record("crazy-fishing", 36).dumps())
    with pytest.raises(SystemExit) as stopped:
        judge_check.main([str(path), *args])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert message in error and len(error.strip().splitlines()) == 1


def test_the_tool_refuses_an_unfinished_or_missing_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = make_game("crazy-fishing", 4).new_state(37)
    for _ in range(5):
        seat = state.current_players()[0]
        state.apply_action(state.legal_actions(seat)[0], seat)
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(record_of(state).dumps())
    for path, message in ((tmp_path / "none.json", "none.json"), (unfinished, "not finished")):
        with pytest.raises(SystemExit) as stopped:
            judge_check.main([str(path), "--seat", "1"])
        assert stopped.value.code == 2
        assert message in capsys.readouterr().err


def test_ctrl_c_sums_up_the_departures_measured_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    path.write_text(played_record("crazy-fishing", 40, agents=("heuristic", "random")).dumps())
    measured = rollout_gain
    calls: list[int] = []

    def stopped_on_the_third(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return measured(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(judge_check, "rollout_gain", stopped_on_the_third)
    judge_check.main([str(path), "--seat", "2", "--samples", "4"])
    captured = capsys.readouterr()
    assert "stopped" in captured.err
    assert "2 departures measured (2 in 1 games)" in captured.out
