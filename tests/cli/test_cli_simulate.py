"""``angler simulate``: summaries, files, records and reproducibility."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.agents import make_agent
from angler.core import AnglerError, make_game
from angler.games.fishing.cards import DEFAULT_CARDS
from angler.games.fishing.events import Round
from angler.sim.simulate import GameResult, Simulation, play_game, rounds_played, simulate

if TYPE_CHECKING:
    from tests.conftest import Angler


def test_simulate_prints_a_summary_row_per_seat(angler: Angler) -> None:
    run = angler(["simulate", "fishing", "--players", "3", "--games", "3", "--seed", "1"])
    assert run.status == 0, run.stderr
    assert "fishing: 3 games, 3 players, seed 1" in run.stdout
    rows = [line for line in run.stdout.splitlines() if "random" in line]
    assert len(rows) == 3
    assert "mean decisions per game" in run.stdout
    assert "mean rounds" in run.stdout


def test_simulate_json_out_has_summary_and_games(angler: Angler, tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    run = angler(["simulate", "fishing", "--games", "4", "--seed", "7", "--out", out])
    assert run.status == 0, run.stderr
    data = json.loads(out.read_text())
    summary, games = data["summary"], data["games"]
    assert summary["games"] == 4 and summary["players"] == 4 and summary["seed"] == 7
    assert [g["game"] for g in games] == [1, 2, 3, 4]
    assert [g["seed"] for g in games] == [7, 8, 9, 10]
    for seat in range(4):
        assert summary["wins"][seat] == sum(seat in g["winners"] for g in games)
        mean = sum(g["scores"][seat] for g in games) / 4
        assert abs(summary["mean_score"][seat] - mean) < 1e-9
    assert abs(sum(summary["win_share"]) - 1) < 1e-9
    assert summary["mean_decisions"] == sum(g["decisions"] for g in games) / 4
    assert all(1 <= g["rounds"] <= 8 for g in games)


def test_simulate_csv_out_has_one_row_per_game(angler: Angler, tmp_path: Path) -> None:
    out = tmp_path / "run.csv"
    run = angler(["simulate", "fishing", "--players", "5", "--games", "3", "--out", out])
    assert run.status == 0, run.stderr
    rows = list(csv.DictReader(out.read_text().splitlines()))
    assert len(rows) == 3
    assert [row["seed"] for row in rows] == ["0", "1", "2"]
    assert {f"score_{s}" for s in range(5)} <= set(rows[0])
    for row in rows:
        scores = [int(row[f"score_{s}"]) for s in range(5)]
        winners = [int(s) for s in row["winners"].split()]
        assert winners == [s for s in range(5) if scores[s] == max(scores)]


def test_simulate_is_reproducible_from_the_seed(angler: Angler, tmp_path: Path) -> None:
    files = [tmp_path / f"{name}.json" for name in ("a", "b", "c")]
    for file, seed in zip(files, (3, 3, 4), strict=True):
        assert angler(["simulate", "fishing", "-n", "3", "-s", seed, "--out", file]).status == 0
    a, b, c = (json.loads(file.read_text()) for file in files)
    assert a == b
    assert a["games"] != c["games"]


def test_game_i_of_a_run_is_the_first_game_of_a_run_from_seed_plus_i() -> None:
    game = make_game("fishing", 4)
    run = simulate(game, 3, seed=20)
    alone = simulate(game, 1, seed=22)
    assert run.results[2].scores == alone.results[0].scores
    assert run.results[2].decisions == alone.results[0].decisions


def test_records_written_by_simulate_replay_to_the_same_scores(
    angler: Angler, tmp_path: Path
) -> None:
    records, out = tmp_path / "records", tmp_path / "run.json"
    args = ["simulate", "fishing", "--players", "5", "--games", "3", "--seed", "11"]
    run = angler([*args, "--records", records, "--out", out])
    assert run.status == 0, run.stderr
    assert sorted(p.name for p in records.iterdir()) == [
        "game-00001.json",
        "game-00002.json",
        "game-00003.json",
    ]
    games = json.loads(out.read_text())["games"]
    for number, expected in enumerate(games, 1):
        replayed = angler(["replay", records / f"game-{number:05d}.json", "--json"])
        assert replayed.status == 0, replayed.stderr
        result = replayed.json()
        assert result["terminal"] is True
        assert result["scores"] == expected["scores"]
        assert result["winners"] == expected["winners"]
        assert result["steps"] == expected["decisions"]


def test_one_agent_name_serves_every_seat_and_a_list_names_each(
    angler: Angler, tmp_path: Path
) -> None:
    one, each = tmp_path / "one.json", tmp_path / "each.json"
    assert angler(["simulate", "fishing", "-p", "3", "-n", "2", "--out", one]).status == 0
    run = angler(
        ["simulate", "fishing", "-p", "3", "-n", "2", "-a", "random,random,random", "--out", each]
    )
    assert run.status == 0
    a, b = json.loads(one.read_text()), json.loads(each.read_text())
    assert a["summary"]["agents"] == ["random"] * 3
    assert a["games"] == b["games"]


def test_game_options_reach_the_game(angler: Angler, tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    run = angler(
        ["simulate", "fishing", "-n", "1", "--option", f"cards={DEFAULT_CARDS}", "--out", out]
    )
    assert run.status == 0, run.stderr
    assert json.loads(out.read_text())["summary"]["options"]["cards"] == str(DEFAULT_CARDS)


def test_simulate_refuses_zero_games_as_tournament_does(angler: Angler) -> None:
    for command in ("simulate", "tournament"):
        run = angler([command, "fishing", "-a", "random", "--games", "0"])
        run.assert_user_error("--games", "0 is not in the range x>=1")
        assert run.stdout == ""


def test_simulating_zero_games_is_refused_in_the_library_too() -> None:
    with pytest.raises(AnglerError, match="at least 1 game, not 0"):
        simulate(make_game("fishing", 4), 0)


def test_a_shared_victory_counts_as_a_win_for_each_winner() -> None:
    run = Simulation("fishing", 3, {"players": 3}, 0, ["random"] * 3)
    run.results += [
        GameResult(1, 0, (10, 10, 5), (0, 1), 100, 8),
        GameResult(2, 1, (3, 9, 1), (1,), 100, 8),
    ]
    assert run.wins() == [1, 2, 0]
    assert run.win_shares() == [0.25, 0.75, 0.0]
    assert run.mean_scores() == [6.5, 9.5, 3.0]


def test_rounds_played_counts_only_rounds_dealt() -> None:
    """An overfished game ends before dealing its next round, which is not counted."""
    game = make_game("fishing", 5)
    seen = set()
    for seed in range(40):
        agents = [make_agent("random", seed * 10 + seat) for seat in range(5)]
        state = play_game(game.new_state(seed), agents)
        rounds = rounds_played(state)
        dealt = sum(1 for event in state.events if isinstance(event, Round))
        assert rounds == dealt
        assert (rounds < 8) == state.overfished
        seen.add(state.overfished)
        if seen == {True, False}:
            return
    raise AssertionError("40 random 5-player games never (or always) overfished")


def test_simulate_flip_and_fish_with_heuristic_players_reports_its_tallies(
    angler: Angler, tmp_path: Path
) -> None:
    out = tmp_path / "run.json"
    args = ["simulate", "flip-and-fish", "-p", "3", "-a", "heuristic", "--games", "6"]
    run = angler([*args, "--seed", "2", "--out", out, "--records", tmp_path / "records"])
    assert run.status == 0, run.stderr
    assert "flip-and-fish: 6 games, 3 players, seed 2" in run.stdout
    for statistic in ("catch", "got-away", "strike", "turns", "ended at closing time"):
        assert statistic in run.stdout
    games = json.loads(out.read_text())["games"]
    assert all(g["winners"] and max(g["scores"]) == 2 for g in games)  # 2 trophies win
    records = sorted((tmp_path / "records").iterdir())
    assert len(records) == 6 and '"outcomes"' in records[0].read_text()


def test_crazy_fishing_csv_has_no_repeated_column(angler: Angler, tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    assert angler(["simulate", "crazy-fishing", "-n", "2", "--out", out]).status == 0
    header = out.read_text().splitlines()[0].split(",")
    assert len(header) == len(set(header))
