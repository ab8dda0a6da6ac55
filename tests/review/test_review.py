"""The review of a seat's decisions (docs/review.md): only the seat's view is read, the same
seed gives the same review wherever it runs, and the marks follow the measured loss."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from angler.agents.base import make_agent
from angler.core import make_game
from angler.core.records import Record, parse_record, record_of
from angler.review.decisions import decisions_of
from angler.review.estimate import worth_of_moves
from angler.review.labels import BEST, CLOSE, THRESHOLDS, accuracy, label, move_accuracy
from angler.review.review import Review, review_decision, review_seat
from angler.stats import Estimate

if TYPE_CHECKING:
    from tests.conftest import Angler

GAMES = ("fishing", "crazy-fishing", "flip-and-fish")


def played_record(
    game: str,
    seed: int,
    agents: tuple[str, ...] = ("heuristic",),
    players: int | None = None,
    **options: Any,
) -> Record:
    """A finished game between seeded agents (one level for every seat unless given each)."""
    configured = make_game(game, players, **options)
    state = configured.new_state(seed)
    kinds = [agents[seat % len(agents)] for seat in range(configured.players)]
    by_seat = [make_agent(kind, seed * 10 + seat, configured) for seat, kind in enumerate(kinds)]
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply_action(by_seat[seat].act(state.view(seat), state.legal_actions(seat)), seat)
    return parse_record(record_of(state).dumps())


@pytest.mark.parametrize("game", GAMES)
def test_the_decisions_are_the_seat_s_own_with_a_choice(game: str) -> None:
    record = played_record(game, 5)
    decisions = list(decisions_of(record, 1))
    assert decisions
    steps = {d.step for d in decisions}
    assert all(record.actions[step - 1]["player"] == 1 for step in steps)
    for decision in decisions:
        assert decision.view.player == 1  # the seat's own view, nobody else's
        assert len(decision.legal) > 1 and decision.played in decision.legal


@pytest.mark.parametrize("game", GAMES)
def test_a_decision_s_review_depends_on_the_seat_s_view_alone(game: str) -> None:
    """Another true state the seat cannot tell from the real one (its hidden parts re-dealt
    from the view) gives the same view, and so the same review: nothing else is read."""
    record = played_record(game, 6)
    configured = make_game(game)
    decision = list(decisions_of(record, 0))[2]
    other_world = configured.search.determinise(decision.view, random.Random(99))
    same_view = other_world.view(0)
    assert same_view == decision.view
    twin = type(decision)(decision.step, same_view, decision.legal, decision.played)
    first = review_decision(configured, decision, "24it", seed=3)
    second = review_decision(configured, twin, "24it", seed=3)
    assert first.as_dict() == second.as_dict()


def test_the_same_seed_gives_the_same_review_and_another_seed_another() -> None:
    record = played_record("flip-and-fish", 7)
    one = review_seat(record, 0, "16it", seed=1, first=6)
    again = review_seat(record, 0, "16it", seed=1, first=6)
    other = review_seat(record, 0, "16it", seed=2, first=6)
    assert one.complete and len(one.decisions) == 6
    assert one.as_dict() == again.as_dict()
    assert one.as_dict()["decisions"] != other.as_dict()["decisions"]


@pytest.mark.slow
def test_worker_processes_give_the_same_review() -> None:
    record = played_record("crazy-fishing", 8)
    alone = review_seat(record, 2, "16it", seed=4, jobs=1, first=8)
    pooled = review_seat(record, 2, "16it", seed=4, jobs=2, first=8)
    assert len(alone.decisions) == 8
    assert alone.as_dict() == pooled.as_dict()


def test_moves_are_compared_on_the_same_worlds_and_dice() -> None:
    """Paired samples: the interval of a difference is narrower than either value's."""
    record = played_record("fishing", 9)
    configured = make_game("fishing")
    decision = max(decisions_of(record, 0), key=lambda d: len(d.legal))
    moves = worth_of_moves(configured, decision.view, decision.legal, decision.played, 400)
    assert len(moves) >= 2 and all(len(move.wins) == len(moves[0].wins) for move in moves)
    scores = sorted(moves, key=lambda move: -move.score.mean)
    first, second = scores[0], scores[1]
    paired = Estimate.of([a - b for a, b in zip(first.scores, second.scores, strict=True)])
    unpaired_half = (first.score.high - first.score.mean) + (second.score.high - second.score.mean)
    assert paired.high - paired.mean < unpaired_half


def test_the_marks_follow_the_loss_only_where_it_is_real() -> None:
    assert label(True, Estimate(0.0, 0.0, 0.0)) == BEST
    assert label(False, Estimate(0.2, -0.01, 0.41)) == CLOSE  # could be no loss at all
    bounds = dict(THRESHOLDS)
    assert label(False, Estimate(0.01, 0.005, 0.015)) == "good" and bounds["good"] == 0.02
    assert label(False, Estimate(0.03, 0.02, 0.04)) == "inaccuracy"
    assert label(False, Estimate(0.07, 0.05, 0.09)) == "mistake"
    assert label(False, Estimate(0.3, 0.2, 0.4)) == "blunder"
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=1e-3)
    assert move_accuracy(0.1) < move_accuracy(0.05) < move_accuracy(0.01) < 100
    assert move_accuracy(1.0) == 0.0
    assert accuracy([]) is None and accuracy([0.0, 0.1]) == pytest.approx(
        (100 + move_accuracy(0.1)) / 2, abs=1e-3
    )


def test_an_unfinished_game_is_not_reviewed() -> None:
    record = played_record("flip-and-fish", 10)
    unfinished = Record(record.game, record.options, record.seed, record.actions[:5])
    with pytest.raises(Exception, match="not finished"):
        review_seat(unfinished, 0, "8it")


# ----- the command -----


def _record_file(tmp_path: Path, seed: int = 11) -> Path:
    """A short finished game: Flip & Fish closing after five rounds."""
    path = tmp_path / "game.json"
    path.write_text(played_record("flip-and-fish", seed, rounds=5).dumps(), encoding="utf-8")
    return path


def test_the_command_prints_json_and_writes_the_page(angler: Angler, tmp_path: Path) -> None:
    record = _record_file(tmp_path)
    page = tmp_path / "review.html"
    run = angler(["review", record, "--seat", "2", "--budget", "8it", "--json", "--out", page])
    assert run.status == 0, run.stderr
    review: dict[str, Any] = run.json()
    assert review["seat"] == 1 and review["complete"] is True
    assert review["reviewed"] == review["decisions_total"] == len(review["decisions"])
    assert set(review["decisions"][0]) >= {"step", "played", "best", "label", "loss", "moves"}
    assert 0 <= review["accuracy"] <= 100
    text = page.read_text(encoding="utf-8")
    assert "<svg" in text and "Every decision" in text and "<script" not in text


def test_the_command_refuses_bad_asks_in_one_line(angler: Angler, tmp_path: Path) -> None:
    record = _record_file(tmp_path)
    angler(["review", record, "--seat", "9"]).assert_user_error("--seat must be a seat from 1")
    angler(["review", record, "--seat", "1", "--budget", "many"]).assert_user_error("budget")
    angler(["review", record, "--seat", "1", "--out", tmp_path / "x.txt"]).assert_user_error(
        ".html"
    )
    data = json.loads(record.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:3]
    data.pop("result", None)
    record.write_text(json.dumps(data), encoding="utf-8")
    angler(["review", record, "--seat", "1"]).assert_user_error("not finished")
    assert not (tmp_path / "x.txt").exists()


def test_a_review_kept_when_stopped_says_so(tmp_path: Path) -> None:
    review = Review("fishing", 0, 4, "8it", 0, total=10)
    assert not review.complete and review.accuracy is None
    assert review.as_dict()["complete"] is False


def test_replay_marks_each_decision_where_the_seat_made_it(angler: Angler, tmp_path: Path) -> None:
    record = _record_file(tmp_path, 12)
    decisions = list(decisions_of(parse_record(record.read_text(encoding="utf-8")), 1))
    assert decisions
    run = angler(["replay", record, "--as", "2", "--review", "--budget", "16it"])
    assert run.status == 0, run.stderr
    marked = [line for line in run.stdout.splitlines() if "** " in line]
    assert [int(line.split()[0]) for line in marked] == [d.step for d in decisions]
    assert "Player 2 in flip-and-fish: accuracy" in run.stdout
    angler(["replay", record, "--review"]).assert_user_error("--review needs --as")
    angler(["replay", record, "--as", "2", "--review", "--json"]).assert_user_error("--json")
