"""Any command line: the command works, or it fails with the project's one-line error.

Hypothesis builds ``angler`` command lines from every command's flags, with values drawn from
garbage (non-finite and huge numbers, bools, empty and long texts, missing folders) and from
small valid values, so a run stays short. Whatever it builds must end with status 0, or with
status 2 and one ``error: …`` line; never a traceback, never another status.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

if TYPE_CHECKING:
    from tests.conftest import Angler

GAMES = st.sampled_from(["fishing", "crazy-fishing", "flip-and-fish", "nope", "", "FISHING"])
GARBAGE_NUMBERS = [
    "nan",
    "inf",
    "-inf",
    "1e400",
    "-1",
    "0",
    "1.5",
    "x",
    "",
    "true",
    "9" * 5000,
    "٣",  # an Arabic-Indic digit: str.isdecimal() says yes, int() reads 3
]
SMALL_COUNTS = st.sampled_from(["1", "2", *GARBAGE_NUMBERS])
SEEDS = st.sampled_from(["0", "7", "-3", "12345678901234567890", *GARBAGE_NUMBERS])
PLAYERS = st.sampled_from(["2", "3", "4", "6", "0", *GARBAGE_NUMBERS])
AGENTS = st.sampled_from(
    ["random", "RANDOM", "heuristic", "easy", "clever", "random,heuristic", ""]
)
OPTIONS = st.sampled_from(
    [
        "layout=ring",
        "layout=",
        "layout=nan",
        "skill=good",
        "skill=2.5",
        "out_of_series=all",
        "oos_rods=maybe",
        "cards=missing.json",
        "nope=1",
        "=",
        "novalue",
    ]
)


def output_paths(tmp: Path) -> st.SearchStrategy[str]:
    return st.sampled_from(
        [
            str(tmp / "out.json"),
            str(tmp / "out.csv"),
            str(tmp / "plot.png"),
            str(tmp / "missing" / "out.json"),
            str(tmp / ("x" * 300 + ".json")),
            str(tmp),
            "",
        ]
    )


@st.composite
def command_lines(draw: st.DrawFn, tmp: Path) -> list[str]:
    command = draw(st.sampled_from(["games", "play", "simulate", "tournament", "replay", "bench"]))
    args = [command]
    paths = output_paths(tmp)
    if command == "games":
        return args
    if command == "replay":
        args.append(draw(paths))
        if draw(st.booleans()):
            args.append("--json")
        for flag in draw(st.lists(st.sampled_from(["--as", "--to"]), max_size=2)):
            args += [flag, draw(SMALL_COUNTS)]
        return args
    if command == "bench":
        args += draw(st.lists(GAMES, max_size=2))
        args += ["--seconds", draw(st.sampled_from(["0.01", "0", "nan", "-1", "x"]))]
        if draw(st.booleans()):
            args += ["--players", draw(PLAYERS)]
        return args
    args.append(draw(GAMES))
    flags = {
        "play": ["--players", "--seed", "--seat", "--option", "--save", "--resume"],
        "simulate": ["--players", "--seed", "--agents", "--option", "--out", "--records"],
        "tournament": ["--players", "--seed", "--option", "--out", "--plot", "--jobs"],
    }[command]
    for flag in draw(st.lists(st.sampled_from(flags), max_size=4)):
        value = {
            "--players": PLAYERS,
            "--seed": SEEDS,
            "--seat": st.sampled_from(["human", "RANDOM", "easy", "nobody", ""]),
            "--agents": AGENTS,
            "--option": OPTIONS,
            "--jobs": st.sampled_from(["1", "0", "-2", "x"]),
        }.get(flag, paths)
        args += [flag, draw(value)]
    if command == "play":
        args += ["--ui", "text"]
    if command in ("simulate", "tournament"):
        args += ["--games", draw(SMALL_COUNTS)]
    if command == "tournament":
        args += ["--agents", draw(AGENTS), "--jobs", "1"]
    return args


@pytest.mark.slow
@settings(
    max_examples=120,
    derandomize=True,  # the same command lines every run: no flakes
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_any_command_line_succeeds_or_fails_in_one_line(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: st.DataObject
) -> None:
    monkeypatch.chdir(tmp_path)  # play's default save names land here, not in the repository
    args = data.draw(command_lines(tmp_path), label="argv")
    run = angler(args, input="q\n")
    assert "Traceback" not in run.stdout + run.stderr, (args, run.stderr[-2000:])
    assert run.status in (0, 2), (args, run.status, run.stderr[-2000:])
    if run.status == 2:
        run.assert_user_error()
