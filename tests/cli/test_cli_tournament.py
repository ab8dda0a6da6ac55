"""``angler tournament``: the standings table, JSON, CSV and PNG output, and bad input."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from matplotlib.figure import Figure

from angler.cli.tournament import draw
from angler.sim.tournament import MatchResult, Tournament

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


def saved_figures(monkeypatch: pytest.MonkeyPatch) -> list[Figure]:
    """Every figure saved from now on, kept after it is drawn (so its layout is done)."""
    saved: list[Figure] = []
    save = Figure.savefig

    def keep(figure: Figure, *args: Any, **kwargs: Any) -> None:
        save(figure, *args, **kwargs)
        saved.append(figure)

    monkeypatch.setattr(Figure, "savefig", keep)
    return saved


def test_a_ladders_csv_plot_and_table_name_each_entry_and_leave_out_one_that_never_sat(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = saved_figures(monkeypatch)
    agents = ",".join(["random"] * 12)  # one name for every entry: only the entry tells them apart
    args = ["tournament", "crazy-fishing", "-p", "3", "-a", agents, "-n", "2", "-j", "1"]
    run = angler([*args, "--out", tmp_path / "l.json"])
    assert run.status == 0, run.stderr
    summary = json.loads((tmp_path / "l.json").read_text())
    run = angler([*args, "--out", tmp_path / "l.csv", "--plot", tmp_path / "l.png"])
    assert run.status == 0, run.stderr
    rows = list(csv.DictReader((tmp_path / "l.csv").read_text().splitlines()))
    assert [[int(row[f"entry_{seat}"]) for seat in range(3)] for row in rows] == [
        game["entries"] for game in summary["games"]
    ]
    entries = summary["summary"]["entries"]
    never = [entry["label"] for entry in entries if entry["games"] == 0]
    sat = 12 - len(never)  # two draws of 3 out of 12: 5 or 6 sat
    assert never and sat >= 3
    lines = [line for line in run.stdout.splitlines() if "random #" in line]
    for line in lines[sat:]:  # the entries that never sat come last, with no figures and no rank
        cells = [cell.strip() for cell in line.split("│")[1:-1]]
        assert cells[1] in never and cells[0] == "—" and cells[2] == "0"
        assert set(cells[3:]) == {"—"}
    (figure,) = saved
    labels = [label.get_text() for label in figure.axes[0].get_yticklabels()]
    ranked = [line.split("│")[2].strip() for line in lines[:sat]]
    assert labels == ranked[::-1]  # the table's order from the top; no row for who never sat


def test_a_tall_ladders_plot_keeps_its_title_clear_of_the_panels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = saved_figures(monkeypatch)
    run = Tournament("fishing", 3, {}, 0, ["random"] * 40)
    for number in range(13):  # entries 0 to 38 sit once each; 39 never does
        lineup = (3 * number, 3 * number + 1, 3 * number + 2)
        run.results.append(MatchResult(number + 1, number, lineup, (3, 2, 1), (0,), 10))
    draw(run, tmp_path / "tall.png")
    (figure,) = saved
    assert len(figure.axes[0].get_yticklabels()) == 39
    title = next(text for text in figure.texts if text.get_text() == figure.get_suptitle())
    panels_top = max(axes.get_window_extent().y1 for axes in figure.axes)
    assert title.get_window_extent().y0 >= panels_top
