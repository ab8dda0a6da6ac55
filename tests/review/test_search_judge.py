"""The search as a review's judge (docs/review.md, "The search as judge"): from the seat's view
alone like the rollouts, the same review for the same seed, the move played always valued, and
its budget read in one line."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest
from tests.review.test_review import GAMES, _record_file, _redealt, played_record

from angler.core import make_game
from angler.core.errors import AnglerError
from angler.review.decisions import decisions_of
from angler.review.review import (
    judged_budget,
    read_review_budget,
    review_decision,
    review_seat,
)
from angler.review.search_judge import FEWEST_ROUNDS, search_worth

if TYPE_CHECKING:
    from pathlib import Path

    from tests.conftest import Angler


@pytest.mark.parametrize("game", GAMES)
def test_the_search_judge_reads_the_seat_s_view_alone(game: str) -> None:
    """A decision's view taken from another true state re-dealt from it gets the same valuation;
    and a whole record re-dealt where the seat cannot see gets the same review."""
    record = played_record(game, 6)
    configured = make_game(game)
    decision = list(decisions_of(record, 0))[2]
    other_world = configured.search.determinise(decision.view, random.Random(99))
    twin = type(decision)(decision.step, other_world.view(0), decision.legal, decision.played)
    first = review_decision(configured, decision, "search:60it", seed=3)
    assert first.as_dict() == review_decision(configured, twin, "search:60it", seed=3).as_dict()
    redealt = _redealt(record, 1)
    real = review_seat(record, 1, "search:40it", seed=5, first=6)
    copy = review_seat(redealt, 1, "search:40it", seed=5, first=6)
    assert real.complete and len(real.decisions) == 6
    assert real.as_dict() == copy.as_dict()


@pytest.mark.parametrize("game", GAMES)
def test_the_move_played_is_valued_on_every_round_whatever_it_was(game: str) -> None:
    """Random play's moves, Flip & Fish's aims off the search's few included, are compared with
    the others round by round: every returned move has one value a round, at least four."""
    record = played_record(game, 8, agents=("random",))
    configured = make_game(game)
    for decision in list(decisions_of(record, 0))[:4]:
        moves = search_worth(configured, decision.view, decision.legal, decision.played, 30)
        rounds = {len(move.wins) for move in moves}
        assert decision.played in {move.action for move in moves}
        assert len(rounds) == 1 and rounds.pop() >= FEWEST_ROUNDS
        assert all(move.score is None for move in moves)


def test_a_search_review_is_the_same_for_the_same_seed_and_has_no_points() -> None:
    record = played_record("crazy-fishing", 4)
    one = review_seat(record, 0, "search:60it", seed=1, first=5)
    again = review_seat(record, 0, "search:60it", seed=1, first=5)
    other = review_seat(record, 0, "search:60it", seed=2, first=5)
    assert one.as_dict() == again.as_dict()
    assert one.as_dict()["decisions"] != other.as_dict()["decisions"]
    shown = one.as_dict()
    assert shown["judge"] == "search" and shown["points_lost"] is None
    assert all(d["score_loss"] is None for d in shown["decisions"])
    assert all(0 <= d["win_share"]["mean"] <= 1 for d in shown["decisions"])
    costly = one.costly()
    assert all("to the search" in d.why() for d in costly)


def test_a_review_s_budget_names_its_judge() -> None:
    assert read_review_budget("200it") == ("rollout", None, 200)
    assert read_review_budget("rollout:2s") == ("rollout", 2.0, None)
    assert read_review_budget("search:3000it") == ("search", None, 3000)
    assert judged_budget(None, None) == "200it"
    assert judged_budget("search", None) == "search:3000it"
    assert judged_budget("search", "1s") == "search:1s"
    assert judged_budget("rollout", "50it") == "50it"
    refusals: list[tuple[Any, str]] = [
        (lambda: read_review_budget("oracle:10it"), "judge is rollout or search, not 'oracle'"),
        (lambda: read_review_budget("search:5it"), "from 10 to"),
        (lambda: read_review_budget("search:many"), "search judge budget"),
        (lambda: judged_budget("oracle", None), "not 'oracle'"),
        (lambda: judged_budget("search", "rollout:20it"), "give --budget as 20it"),
    ]
    for ask, words in refusals:
        with pytest.raises(AnglerError, match=words):
            ask()


def test_the_commands_take_the_search_judge(angler: Angler, tmp_path: Path) -> None:
    record = _record_file(tmp_path)
    page = tmp_path / "review.html"
    run = angler(
        [
            *("review", record, "--seat", "2", "--judge", "search", "--budget", "40it"),
            *("--json", "--out", page),
        ]
    )
    assert run.status == 0, run.stderr
    review: dict[str, Any] = run.json()
    assert review["judge"] == "search" and review["budget"] == "search:40it"
    assert review["complete"] and review["points_lost"] is None
    text = page.read_text(encoding="utf-8")
    assert "Search value" in text and "by the paired search" in text
    replayed = angler(
        ["replay", record, "--as", "2", "--review", "--judge", "search", "--budget", "20it"]
    )
    assert replayed.status == 0, replayed.stderr
    assert "Player 2 in flip-and-fish: accuracy" in replayed.stdout
    angler(["review", record, "--seat", "2", "--judge", "oracle"]).assert_user_error(
        "judge is rollout or search"
    )
    angler(
        ["review", record, "--seat", "2", "--judge", "search", "--budget", "2it"]
    ).assert_user_error("from 10 to")
