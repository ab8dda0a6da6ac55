"""The review of a seat's decisions (docs/review.md): only the seat's view is read, the same
seed gives the same review wherever it runs, and the marks follow the measured loss."""

from __future__ import annotations

import json
import random
from pathlib import Path
from statistics import fmean
from typing import TYPE_CHECKING, Any

import pytest

from angler.agents.base import make_agent
from angler.core import make_game
from angler.core.errors import AnglerError
from angler.core.records import Record, apply_entry, parse_record, record_of, replay, start_state
from angler.review.decisions import decisions_of
from angler.review.estimate import KEPT, MoveWorth, worth_of_moves
from angler.review.labels import BEST, CLOSE, THRESHOLDS, accuracy, label, move_accuracy
from angler.review.report import summary_line
from angler.review.review import (
    Review,
    ReviewedDecision,
    points_lost,
    review_decision,
    review_seat,
)
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


def _swapped(value: Any, a: str, b: str) -> Any:
    """``value`` (a set-up as JSON) with the cards named ``a`` and ``b`` trading places."""
    if isinstance(value, str):
        return b if value == a else a if value == b else value
    if isinstance(value, list):
        return [_swapped(item, a, b) for item in value]
    if isinstance(value, dict):
        return {key: _swapped(item, a, b) for key, item in value.items()}
    return value


def _names_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return set().union(*(_names_in(item) for item in items)) if items else set()


def _seat_s_views(record: Record, seat: int) -> tuple[list[Any], Any]:
    """What ``seat`` saw before and after every action, and the true state at the end."""
    state = start_state(record)
    seen = [state.view(seat)]
    for step, entry in enumerate(record.actions, 1):
        apply_entry(state, entry, step)
        seen.append(state.view(seat))
    return seen, state


def _redealt(record: Record, seat: int, swaps: int = 6) -> Record:
    """The record replayed from another deal that ``seat`` cannot tell from the real one: its
    set-up (``setup_of``) with pairs of cards trading places wherever the trade leaves every one
    of the seat's views, from the first to the last, as it was."""
    game = start_state(record).game
    setup = game.setup_of(game.new_state(record.seed))

    def from_setup(layout: dict[str, Any]) -> Record:
        return Record(
            record.game, record.options, record.seed, record.actions, layout, record.result
        )

    real, _ = _seat_s_views(from_setup(setup), seat)
    cards = sorted(set().union(*(_names_in(v) for v in setup.values() if isinstance(v, list))))
    pairs = [(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]]
    random.Random(0).shuffle(pairs)
    layout, traded = setup, 0
    for a, b in pairs[:2000]:
        candidate = _swapped(layout, a, b)
        try:
            if game.state_from_setup(candidate, record.seed).view(seat) != real[0]:
                continue
            if _seat_s_views(from_setup(candidate), seat)[0] == real:
                layout, traded = candidate, traded + 1
        except AnglerError:
            continue  # the trade makes a recorded move illegal: the seat would have seen it
        if traded == swaps:
            break
    assert traded, "no trade of hidden cards leaves the seat's views as they were"
    return from_setup(layout)


@pytest.mark.parametrize("game", GAMES)
def test_a_record_re_dealt_where_the_seat_cannot_see_gets_the_same_review(game: str) -> None:
    """Issue "Review a game": the record, and a copy whose hidden cards were re-dealt
    consistently with every view of the seat, give the same review with the same seeds."""
    record = played_record(game, 6)
    twin = _redealt(record, 1)
    assert twin.setup != record.setup
    _, real_end = _seat_s_views(twin, 1)
    # replay checks the recorded result: the re-dealt game ends with the same scores
    assert real_end.game.setup_of(replay(twin)) != real_end.game.setup_of(replay(record))
    first = review_seat(record, 1, "8it", seed=5, first=12)
    second = review_seat(twin, 1, "8it", seed=5, first=12)
    assert first.complete and len(first.decisions) == 12
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


def _scored(move: MoveWorth) -> tuple[Estimate, tuple[float, ...]]:
    """A rollout judge's move: its score, and its scores by sample."""
    assert move.score is not None and move.scores is not None
    return move.score, move.scores


def _score_loss(decision: ReviewedDecision) -> Estimate:
    assert decision.score_loss is not None  # the rollout judge's
    return decision.score_loss


def test_moves_are_compared_on_the_same_worlds_and_dice() -> None:
    """Paired samples: the interval of a difference is narrower than either value's."""
    record = played_record("fishing", 9)
    configured = make_game("fishing")
    decision = max(decisions_of(record, 0), key=lambda d: len(d.legal))
    moves = worth_of_moves(configured, decision.view, decision.legal, decision.played, 400)
    longest = max(len(move.wins) for move in moves)
    kept = [move for move in moves if len(move.wins) == longest]
    assert len(kept) >= 2 and any(move.action == decision.played for move in kept)
    scored = sorted((_scored(move) for move in kept), key=lambda found: -found[0].mean)
    (first, firsts), (second, seconds) = scored[0], scored[1]
    paired = Estimate.of([a - b for a, b in zip(firsts, seconds, strict=True)])
    unpaired_half = (first.high - first.mean) + (second.high - second.mean)
    assert paired.high - paired.mean < unpaired_half


def test_a_screening_round_keeps_the_leaders_and_the_move_played() -> None:
    """With more candidates than ``KEPT`` + 1, all meet the first samples; then the leaders
    and the move played go on alone, on the same worlds, within the counted budget."""
    record = played_record("crazy-fishing", 9)
    configured = make_game("crazy-fishing")
    decision = max(decisions_of(record, 0), key=lambda d: len(d.legal))
    moves = worth_of_moves(configured, decision.view, decision.legal, decision.played, 120)
    assert len(moves) > KEPT + 1
    counts = sorted(len(move.wins) for move in moves)
    longest = counts[-1]
    kept = [move for move in moves if len(move.wins) == longest]
    assert len(kept) in (KEPT, KEPT + 1) and any(m.action == decision.played for m in kept)
    assert counts[0] < longest and sum(counts) <= 120
    screened = counts[0]

    def screening(move: MoveWorth) -> tuple[float, float]:
        return (fmean(move.wins[:screened:2]), fmean(_scored(move)[1][:screened:2]))

    for dropped in (move for move in moves if len(move.wins) < longest):
        ahead = [move for move in kept if screening(move) >= screening(dropped)]
        assert len(ahead) >= KEPT  # it was dropped because the leaders did at least as well


def test_the_marks_follow_the_loss_only_where_it_is_real() -> None:
    assert label(True, Estimate(0.0, 0.0, 0.0)) == BEST
    assert label(False, Estimate(0.2, -0.01, 0.41)) == CLOSE  # could be no loss at all
    bounds = dict(THRESHOLDS)
    assert label(False, Estimate(0.01, 0.005, 0.015)) == "good" and bounds["good"] == 0.02
    assert label(False, Estimate(0.03, 0.02, 0.04)) == "inaccuracy"
    assert label(False, Estimate(0.07, 0.05, 0.09)) == "mistake"
    assert label(False, Estimate(0.3, 0.2, 0.4)) == "blunder"
    # A real loss of points with no measurable loss of win share: the points make it real.
    points = Estimate(2.0, 0.5, 3.5)
    assert label(False, Estimate(0.0, -0.1, 0.1), points) == "good"
    assert label(False, Estimate(0.06, -0.02, 0.14), points) == "mistake"
    assert label(False, Estimate(-0.05, -0.15, 0.05), points) == CLOSE  # won more, scored less
    assert label(False, Estimate(0.06, -0.02, 0.14), Estimate(2.0, -0.5, 4.5)) == CLOSE
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=1e-3)
    assert move_accuracy(0.1) < move_accuracy(0.05) < move_accuracy(0.01) < 100
    assert move_accuracy(1.0) == 0.0
    assert accuracy([]) is None and accuracy([0.0, 0.1]) == pytest.approx(
        (100 + move_accuracy(0.1)) / 2, abs=1e-3
    )


def test_points_lost_average_the_measured_score_losses_below_zero_too() -> None:
    """Unlike accuracy, points lost keep each decision's measured loss as it is, below zero
    too, so that noise cancels over a game (docs/review.md, "Marks")."""
    record = played_record("flip-and-fish", 13, rounds=4)
    review = review_seat(record, 0, "8it")
    losses = [_score_loss(d).mean for d in review.decisions]
    lost = review.points_lost
    assert lost is not None and lost.mean == pytest.approx(fmean(losses))
    assert all(_score_loss(d).mean == 0 for d in review.decisions if d.label == BEST)
    assert points_lost([1.0, -1.0, 3.0]) == Estimate.of([1.0, -1.0, 3.0])
    assert points_lost([]) is None
    shown = review.as_dict()["points_lost"]
    assert shown["mean"] == pytest.approx(lost.mean, abs=1e-3)
    assert "points lost a decision" in summary_line(review)


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
