"""``angler tournament``: the standings table, JSON, CSV and PNG output, and bad input."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.conftest import Angler


def test_tournament_prints_standings_and_writes_json_csv_and_a_plot(
    angler: Angler, tmp_path: Path
) -> None:
    args = ["tournament", "fishing", "-p", "3", "-a", "heuristic,random,random", "-n", "6"]
    run = angler([*args, "--seed", "3", "--jobs", "1", "--out", tmp_path / "t.json"])
    assert run.status == 0, run.stderr
    assert "fishing: 6 games, 3 players, seed 3" in run.stdout
    assert "random #2" in run.stdout and "par 33.3%" in run.stdout
    data = json.loads((tmp_path / "t.json").read_text())
    entries = data["summary"]["entries"]
    assert [e["label"] for e in entries] == ["heuristic", "random #1", "random #2"]
    assert abs(sum(e["win_share"]["mean"] for e in entries) - 1) < 1e-9
    assert [g["seats"] for g in data["games"][:2]] == [
        ["heuristic", "random", "random"],
        ["random", "heuristic", "random"],
    ]
    run = angler([*args, "--out", tmp_path / "t.csv", "--plot", tmp_path / "t.png"])
    assert run.status == 0, run.stderr
    rows = list(csv.DictReader((tmp_path / "t.csv").read_text().splitlines()))
    assert len(rows) == 6 and rows[1]["agent_1"] == "heuristic"
    assert (tmp_path / "t.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_tournament_bad_input_is_one_line_and_writes_nothing(
    angler: Angler, tmp_path: Path
) -> None:
    base = ["tournament", "fishing", "-p", "3"]
    angler([*base, "-a", "heuristic,random"]).assert_user_error("one agent per seat")
    angler([*base, "-a", "heuristic,random,ghost"]).assert_user_error("unknown agent 'ghost'")
    plot = tmp_path / "t.svg"
    angler([*base, "-a", "random,random,random", "--plot", plot]).assert_user_error(".png")
    assert not plot.exists()


def test_more_agents_than_seats_make_a_ladder_ranked_by_rating(
    angler: Angler, tmp_path: Path
) -> None:
    agents = "random,heuristic,random,heuristic"
    args = ["tournament", "crazy-fishing", "-p", "2", "-a", agents, "-n", "16", "-j", "1"]
    run = angler([*args, "--out", tmp_path / "ladder.json"])
    assert run.status == 0, run.stderr
    assert "rank" in run.stdout and "games" in run.stdout and "ranked by μ − 3σ" in run.stdout
    entries = json.loads((tmp_path / "ladder.json").read_text())["summary"]["entries"]
    assert sum(entry["games"] for entry in entries) == 16 * 2
    rows = [line for line in run.stdout.splitlines() if "heuristic" in line or "random" in line]
    ranked = [row.split("│")[2].strip() for row in rows]
    ordinal = {e["label"]: e["rating"]["ordinal"] for e in entries}
    assert ranked == sorted(ordinal, key=lambda label: -ordinal[label])
