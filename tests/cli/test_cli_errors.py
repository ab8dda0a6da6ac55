"""Bad input everywhere: one line on stderr naming the problem, status 2, no traceback, and
nothing written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from angler.core import make_game
from angler.core.records import record_of

if TYPE_CHECKING:
    from tests.conftest import Angler


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty current folder: after a bad command it must still be empty."""
    folder = tmp_path / "work"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def written(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def finished_record(seed: int = 1, players: int = 4) -> dict[str, Any]:
    """A finished Fishing game's record as its JSON document (loose, as a file is: it gets
    broken by hand)."""
    state = make_game("fishing", players).new_state(seed)
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply_action(state.legal_actions(seat)[0], seat)
    record: dict[str, Any] = json.loads(record_of(state).dumps())
    return record


SIMULATE = ["simulate", "fishing", "--games", "2", "--records", "recs", "--out", "out.json"]


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["simulate", "nope", "--records", "recs"], ["unknown game 'nope'", "fishing"]),
        ([*SIMULATE, "--option", "colour=red"], ["no option 'colour'", "cards"]),
        ([*SIMULATE, "--option", "cards"], ["key=value"]),
        ([*SIMULATE, "--option", "players=3"], ["--players"]),
        ([*SIMULATE, "--option", "cards=missing.json"], ["cannot read card file"]),
        ([*SIMULATE, "--players", "2"], ["3–5 players, not 2"]),
        ([*SIMULATE, "--players", "6"], ["3–5 players, not 6"]),
        ([*SIMULATE, "--agents", "random,clever,random,random"], ["unknown agent 'clever'"]),
        ([*SIMULATE, "--agents", "random,random"], ["1 agent or 4"]),
        ([*SIMULATE, "--bogus"], ["--bogus"]),
        ([*SIMULATE, "--games", "x"], ["--games"]),
        ([*SIMULATE, "--games", "-1"], ["--games"]),
        (["simulate", "fishing", "--out", "out.txt"], [".json or .csv"]),
        (["simulate", "fishing", "--out", "no/such/folder/out.json"], ["does not exist"]),
        (["bench", "nope"], ["unknown game 'nope'"]),
        (["bench", "fishing", "--players", "9", "--seconds", "0.05"], ["3–5 players"]),
        (["bench", "--yardstick-file", "missing.py", "--seconds", "0.05"], ["missing.py"]),
        (["replay", "missing.json"], ["cannot read missing.json"]),
        (["play", "nope"], ["unknown game 'nope'"]),
        (["play", "fishing", "--players", "7"], ["3–5 players"]),
        (["play", "fishing", "--seat", "alien"], ["--seat 'alien'"]),
        (["play", "fishing", "-p", "3", *["--seat", "human"] * 4], ["4 times for 3 players"]),
        (["play", "fishing", "--cards", "missing.json"], ["cannot read card file"]),
        (["play", "fishing", "--save", "no/folder/game.json"], ["does not exist"]),
        (["nonsense"], ["nonsense"]),
    ],
)
def test_bad_command_line(
    angler: Angler, workdir: Path, args: list[str], fragments: list[str]
) -> None:
    run = angler(args, input="q\n")
    run.assert_user_error(*fragments)
    assert written(workdir) == []


def test_records_folder_that_is_a_file(angler: Angler, workdir: Path) -> None:
    (workdir / "recs").write_text("a file")
    angler(SIMULATE).assert_user_error("not a folder")
    assert written(workdir) == ["recs"]


def test_yardstick_without_plays_per_second(angler: Angler, workdir: Path) -> None:
    (workdir / "yard.py").write_text("x = 1\n")
    angler(["bench", "--yardstick-file", "yard.py"]).assert_user_error("plays_per_second")


def test_yardstick_that_raises(angler: Angler, workdir: Path) -> None:
    (workdir / "yard.py").write_text("def plays_per_second():\n    raise RuntimeError('boom')\n")
    angler(["bench", "--yardstick-file", "yard.py"]).assert_user_error("boom")


# ----- records -----


def bad_record(workdir: Path, text: str) -> Path:
    path = workdir / "bad.json"
    path.write_text(text)
    return path


def broken(change: str) -> str:
    """A finished record with one thing broken; the test names what."""
    data = finished_record()
    actions = data["actions"]
    if change == "illegal action at step 5":
        actions[4]["action"] = "play G16"
    elif change == "wrong seat at step 2":
        actions[1]["player"] = 3
    elif change == "no seat 9 at step 3":
        actions[2]["player"] = 9
    elif change == "unknown action at step 7":
        actions[6]["action"] = "dance"
    elif change == "bad chance at step 1":
        actions[0]["chance"] = "G1"
    elif change == "cut short":
        del actions[-10:]
    elif change == "scores changed":
        data["result"] = {"scores": [1, 2, 3, 4], "winners": [3]}
    elif change == "unknown game":
        data["game"] = "chess"
    elif change == "bad player count":
        data["options"] = {"players": 8}
    elif change == "wrong format":
        data["format"] = "pgn"
    elif change == "no actions":
        del data["actions"]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "fragments"),
    [
        ("illegal action at step 5", ["step 5:", "play G16", "illegal action"]),
        ("wrong seat at step 2", ["step 2:", "by Player 4:", "Player 4 does not decide now"]),
        ("no seat 9 at step 3", ["step 3:", '"player": 9', "players 0 to 3"]),
        ("unknown action at step 7", ["step 7:", "dance"]),
        ("bad chance at step 1", ["step 1:", "chance"]),
        ("cut short", ["not over"]),
        ("scores changed", ["differ from the recorded [1, 2, 3, 4]"]),
        ("unknown game", ["unknown game 'chess'"]),
        ("bad player count", ["3–5 players, not 8"]),
        ("wrong format", ["format"]),
        ("no actions", ["'actions'"]),
    ],
)
def test_bad_record(angler: Angler, workdir: Path, change: str, fragments: list[str]) -> None:
    path = bad_record(workdir, broken(change))
    for extra in ([], ["--json"], ["--as", "1"]):
        run = angler(["replay", path, *extra])
        run.assert_user_error("bad record", *fragments)
        assert run.stdout == ""
    assert written(workdir) == ["bad.json"]


def test_truncated_record_file(angler: Angler, workdir: Path) -> None:
    text = json.dumps(finished_record())
    path = bad_record(workdir, text[: len(text) // 2])
    angler(["replay", path]).assert_user_error("bad record", "not JSON")


def test_record_that_is_not_an_object(angler: Angler, workdir: Path) -> None:
    angler(["replay", bad_record(workdir, "[1, 2]")]).assert_user_error("JSON object")


def test_record_that_is_not_text(angler: Angler, workdir: Path) -> None:
    path = workdir / "bad.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    angler(["replay", path]).assert_user_error("bad record")


def test_record_path_that_is_a_folder(angler: Angler, workdir: Path) -> None:
    angler(["replay", workdir]).assert_user_error("bad record")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [(["--as", "5"], "--as must be a seat from 1 to 4"), (["--as", "0"], "from 1 to 4")],
)
def test_replay_bad_seat(angler: Angler, workdir: Path, args: list[str], fragment: str) -> None:
    path = bad_record(workdir, json.dumps(finished_record()))
    angler(["replay", path, *args]).assert_user_error(fragment)


@pytest.mark.parametrize("to", ["-1", "100000"])
def test_replay_bad_step(angler: Angler, workdir: Path, to: str) -> None:
    path = bad_record(workdir, json.dumps(finished_record()))
    angler(["replay", path, "--to", to]).assert_user_error("--to must be 0 to")


def test_the_installed_entry_point_reports_one_line(tmp_path: Path) -> None:
    """The real process: python -m angler, as a user runs it."""
    env = {**os.environ, "COLUMNS": "60"}
    proc = subprocess.run(
        [sys.executable, "-m", "angler", "replay", str(tmp_path / "none.json")],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1
    assert proc.stderr.startswith("error: bad record: cannot read")
    assert "Traceback" not in proc.stderr


def test_a_card_file_that_is_not_utf8_is_one_line(angler: Angler, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe\x00")
    angler(["simulate", "fishing", "-n", "1", "--cards", bad]).assert_user_error("not UTF-8")
    angler(["simulate", "crazy-fishing", "-n", "1", "--cards", bad]).assert_user_error("not UTF-8")
