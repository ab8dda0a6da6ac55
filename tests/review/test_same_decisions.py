"""Players' accuracy on the same decisions (docs/review.md, "Judging the searching levels"):
every player asked from the seat's view alone, all their moves judged on the same rounds, so
that two players who choose alike lose alike; and the tool that ranks them."""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

import pytest
from tests.review.test_review import GAMES, _redealt, played_record

from angler.core.registry import make_game
from angler.review.decisions import decisions_of
from angler.review.review import best_move, decision_seed, loss_against
from angler.review.same_decisions import judge_decision, judge_same_decisions
from angler.review.search_judge import search_worth
from angler.tools import level_check

if TYPE_CHECKING:
    from pathlib import Path

PLAYERS = ("random", "heuristic", "ismcts:30it")


@pytest.mark.parametrize("game", GAMES)
def test_every_player_is_asked_from_the_seat_s_view_alone(game: str) -> None:
    """A decision's view taken from another true state gets the same moves and losses; a whole
    record re-dealt where the seat cannot see gets the same judgement of every decision."""
    record = played_record(game, 41)
    configured = make_game(game)
    decision = list(decisions_of(record, 0))[2]
    other_world = configured.search.determinise(decision.view, random.Random(7))
    twin = type(decision)(decision.step, other_world.view(0), decision.legal, decision.played)
    first = judge_decision(configured, decision, PLAYERS, 40, seed=3)
    assert first == judge_decision(configured, twin, PLAYERS, 40, seed=3)
    assert all(move in decision.legal for move in first.moves)
    real = judge_same_decisions([record], 1, PLAYERS, 30, seed=5)
    copy = judge_same_decisions([_redealt(record, 1)], 1, PLAYERS, 30, seed=5)
    assert len(real) == len(list(decisions_of(record, 1))) > 0
    assert real == copy


def test_players_who_choose_alike_lose_alike_and_the_best_loses_nothing() -> None:
    """The heuristic named twice plays the same moves and is charged the same losses, on the
    same rounds; a move the judge holds best is charged 0, and a seed replays the judgement."""
    record = played_record("crazy-fishing", 42)
    judged = judge_same_decisions([record], 0, ("heuristic", "random", "heuristic"), 40, seed=1)
    assert judged == judge_same_decisions(
        [record], 0, ("heuristic", "random", "heuristic"), 40, seed=1
    )
    assert all(d.moves[0] == d.moves[2] and d.losses[0] == d.losses[2] for d in judged)
    assert any(d.moves[0] != d.moves[1] for d in judged)
    assert any(loss == 0.0 for d in judged for loss in d.losses)
    game = make_game("crazy-fishing")
    for decision in list(decisions_of(record, 0))[:6]:
        judged_here = judge_decision(game, decision, ("heuristic", "random"), 40, seed=1)
        worth = search_worth(
            game,
            decision.view,
            decision.legal,
            judged_here.moves[0],
            40,
            None,
            decision_seed(1, decision.step),
            also=judged_here.moves[1:],
        )
        best = best_move(worth, judged_here.moves[0])
        for move, loss in zip(judged_here.moves, judged_here.losses, strict=True):
            played = next(m for m in worth if m.action == move)
            expected = 0.0 if move == best.action else loss_against(best, played)[0].mean
            assert loss == expected
    perfect = [
        a for d in judged for a, loss in zip(d.accuracies(), d.losses, strict=True) if loss <= 0
    ]
    assert perfect == pytest.approx([100.0] * len(perfect), abs=1e-3)


def test_worker_processes_judge_as_this_process_does() -> None:
    records = [played_record("fishing", 43), played_record("fishing", 44)]
    here = judge_same_decisions(records, 2, ("random", "heuristic"), 20, seed=2)
    there = judge_same_decisions(records, 2, ("random", "heuristic"), 20, seed=2, jobs=2)
    assert here == there and {d.record for d in here} == {0, 1}


def test_the_tool_sums_up_each_player_and_each_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = []
    for seed in (45, 46):
        path = tmp_path / f"game-{seed}.json"
        path.write_text(played_record("crazy-fishing", seed).dumps())
        paths.append(str(path))
    level_check.main(
        [*paths, "--seat", "1", "--players", "Random,heuristic", "--iterations", "20", "--json"]
    )
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2 and summary["decisions"] == len(summary["by_decision"]) > 0
    assert [row["player"] for row in summary["players"]] == ["random", "heuristic"]
    by_decision = summary["by_decision"]
    differing = sum(1 for d in by_decision if d["moves"][0] != d["moves"][1])
    (step,) = summary["steps"]
    assert step["players"] == ["random", "heuristic"] and step["decisions_differing"] == differing
    losses = [d["losses"][1] - d["losses"][0] for d in by_decision]
    games = {d["record"] for d in by_decision}
    by_game = [
        sum(x for x, d in zip(losses, by_decision, strict=True) if d["record"] == g)
        / sum(1 for d in by_decision if d["record"] == g)
        for g in games
    ]
    assert step["value_lost"]["mean"] == pytest.approx(sum(by_game) / len(by_game))
    level_check.main([*paths, "--seat", "1", "--players", "random,heuristic", "--iterations", "20"])
    shown = capsys.readouterr().out
    assert f"{summary['decisions']} decisions in 2 games" in shown
    step_row = next(line for line in shown.splitlines() if line.startswith("│ heuristic −"))
    assert step_row.rstrip("│ ").endswith(f"│ {differing:>6}"), step_row
    accuracy = summary["players"][1]["accuracy"]
    assert f"{accuracy['mean']:.1f} ({accuracy['low']:.1f} to {accuracy['high']:.1f})" in shown
    assert all(len(line) <= 80 for line in shown.splitlines())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "7", "--players", "random,heuristic"], "there is no seat 7 in this 4-player"),
        (["--seat", "1", "--players", "heuristic"], "--players needs two or more players"),
        (["--seat", "1", "--players", "random,oracle"], "unknown agent 'oracle'"),
        (["--seat", "1", "--players", "random,heuristic:5it"], "takes no budget"),
        (["--seat", "1", "--players", "random,heuristic", "--iterations", "3"], "10 or more"),
    ],
)
def test_the_tool_refuses_bad_asks_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(played_record("crazy-fishing", 47).dumps())
    with pytest.raises(SystemExit) as stopped:
        level_check.main([str(path), *args])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert message in error and len(error.strip().splitlines()) == 1


def test_the_tool_refuses_records_of_two_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = []
    for game in ("crazy-fishing", "fishing"):
        path = tmp_path / f"{game}.json"
        path.write_text(played_record(game, 48).dumps())
        paths.append(str(path))
    with pytest.raises(SystemExit) as stopped:
        level_check.main([*paths, "--seat", "1", "--players", "random,heuristic"])
    assert stopped.value.code == 2
    assert "more than one game" in capsys.readouterr().err


def test_ctrl_c_sums_up_the_decisions_judged_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    path.write_text(played_record("crazy-fishing", 49).dumps())
    judged = judge_same_decisions

    def stopped_after_three(*args: Any, **kwargs: Any) -> object:
        finish = kwargs["finish"]
        calls: list[object] = []

        def counted(decision: object) -> None:
            if len(calls) == 3:
                raise KeyboardInterrupt
            calls.append(decision)
            finish(decision)

        kwargs["finish"] = counted
        return judged(*args, **kwargs)

    monkeypatch.setattr(level_check, "judge_same_decisions", stopped_after_three)
    level_check.main(
        [str(path), "--seat", "1", "--players", "random,heuristic", "--iterations", "20", "--json"]
    )
    captured = capsys.readouterr()
    assert "stopped: the summary covers the decisions judged so far" in captured.err
    summary = json.loads(captured.out)
    assert summary["decisions"] == len(summary["by_decision"]) == 3
