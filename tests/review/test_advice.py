"""The check of a review's advice (docs/review.md, "Measurements"): the real game replayed from
a marked decision with the recommended move and with the move played, on the same chance and by
the same players; and ``angler review-check``, which sums reviews of many games up."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from tests.review.test_review import played_record

from angler.core.errors import AnglerError
from angler.core.records import Record
from angler.review.advice import Advice, check_advice
from angler.review.review import review_seat

if TYPE_CHECKING:
    from tests.conftest import Angler


def _marked_all(record: Record, seat: int, first: int) -> list[Advice]:
    """The seat's first decisions, reviewed and every one marked a blunder (to be checked)."""
    review = review_seat(record, seat, "8it", seed=1, first=first)
    return [Advice.of(dataclasses.replace(d, label="blunder")) for d in review.decisions]


@pytest.mark.parametrize("game", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_advice_that_is_the_move_played_gains_exactly_nothing(game: str) -> None:
    """Both branches meet the same chance and the same players' seeds: with the recommended
    move the same as the played one, random players and fresh chance seeds still give two
    identical games, try after try."""
    record = played_record(game, 21)
    decisions = [dataclasses.replace(d, best=d.played) for d in _marked_all(record, 1, 3)]
    players = ["random"] * len(record.result["scores"])  # type: ignore[index]
    checks = check_advice(record, 1, decisions, tries=3, seed=2, players=players)
    assert [check.step for check in checks] == [d.step for d in decisions]
    assert all(check.win_gain == 0 and check.score_gain == 0 for check in checks)


def test_a_different_move_changes_the_real_game() -> None:
    """The recommended branch is really played: some recommended move that differs from the
    played one changes the seat's final score in a whole game of Flip & Fish."""
    record = played_record("flip-and-fish", 22)
    review = review_seat(record, 0, "8it", seed=1)
    swapped = []
    for decision in review.decisions:
        other = next((m.action for m in decision.moves if m.action != decision.played), None)
        if other is not None:
            swapped.append(Advice.of(dataclasses.replace(decision, best=other, label="mistake")))
    checks = check_advice(record, 0, swapped, tries=2, seed=3)
    assert len(checks) == len(swapped) > 0
    assert any(check.score_gain != 0 for check in checks)


def test_only_the_marks_asked_for_are_checked() -> None:
    record = played_record("flip-and-fish", 23)
    decisions = _marked_all(record, 0, 4)
    decisions[1] = dataclasses.replace(decisions[1], label="inaccuracy")
    assert len(check_advice(record, 0, decisions, labels=["blunder"])) == 3
    assert len(check_advice(record, 0, decisions, labels=["inaccuracy"])) == 1
    with pytest.raises(AnglerError, match="no mark 'close' to check"):
        check_advice(record, 0, decisions, labels=["close"])


def _records(tmp_path: Path, game: str, seeds: range) -> list[Path]:
    paths = []
    for seed in seeds:
        path = tmp_path / f"{game}-{seed}.json"
        options: dict[str, Any] = {"rounds": 4} if game == "flip-and-fish" else {}
        path.write_text(played_record(game, seed, **options).dumps(), encoding="utf-8")
        paths.append(path)
    return paths


def test_the_command_sums_up_reviews_and_checks(angler: Angler, tmp_path: Path) -> None:
    files = _records(tmp_path, "flip-and-fish", range(30, 33))
    reviews = tmp_path / "reviews"
    args = ["review-check", *files, "--seat", "1", "--budget", "8it", "--marks", "good,blunder"]
    run = angler([*args, "--reviews", reviews, "--json"])
    assert run.status == 0, run.stderr
    result = run.json()
    assert [row["record"] for row in result["records"]] == [f.name for f in files]
    accuracies = [row["accuracy"] for row in result["records"]]
    assert result["accuracy"]["mean"] == pytest.approx(sum(accuracies) / len(accuracies))
    assert result["accuracy"]["low"] <= result["accuracy"]["mean"] <= result["accuracy"]["high"]
    losses = [row["points_lost"] for row in result["records"]]
    assert result["points_lost"]["mean"] == pytest.approx(sum(losses) / len(losses))
    kept_reviews = [json.loads((reviews / f"{f.stem}.review.json").read_text()) for f in files]
    assert losses == [review["points_lost"]["mean"] for review in kept_reviews]
    for row, review in zip(result["records"], kept_reviews, strict=True):
        measured = [d["loss"]["mean"] for d in review["decisions"]]
        assert row["value_lost"] == pytest.approx(sum(measured) / len(measured), abs=1e-4)
        real = [d for d in review["decisions"] if d["label"] not in ("best", "close")]
        assert row["real_losses"] == pytest.approx(len(real) / len(measured), abs=1e-4)
    assert 0 <= result["real_losses"]["mean"] <= 1
    checks = [check for row in result["records"] for check in row["checks"]]
    assert result["checked"] == len(checks)
    assert all(check["label"] in ("good", "blunder") for check in checks)
    assert sorted(p.name for p in reviews.iterdir()) == sorted(
        f"{f.stem}.review.json" for f in files
    )
    table = angler(args)
    assert table.status == 0 and "accuracy over the games:" in table.stdout
    assert "points lost a decision over the games:" in table.stdout
    assert "share of decisions with a real loss:" in table.stdout
    # A review kept in --reviews is read back, not made again: an edited one shows through.
    kept = reviews / f"{files[0].stem}.review.json"
    edited = json.loads(kept.read_text(encoding="utf-8")) | {"accuracy": 12.5}
    kept.write_text(json.dumps(edited), encoding="utf-8")
    again = angler([*args, "--reviews", reviews, "--json"]).json()
    assert again["records"][0]["accuracy"] == 12.5
    assert again["records"][1:] == result["records"][1:]


def test_the_command_refuses_bad_asks_in_one_line(angler: Angler, tmp_path: Path) -> None:
    (fish,) = _records(tmp_path, "flip-and-fish", range(40, 41))
    (other,) = _records(tmp_path, "crazy-fishing", range(41, 42))
    angler(["review-check", fish, "--seat", "1", "--marks", "best"]).assert_user_error(
        "no mark 'best' to check"
    )
    angler(["review-check", fish, other, "--seat", "1"]).assert_user_error("one game")
    angler(["review-check", fish, "--seat", "7"]).assert_user_error("--seat")
    angler(["review-check", fish, "--seat", "1", "--players", "nobody"]).assert_user_error(
        "unknown agent"
    )
