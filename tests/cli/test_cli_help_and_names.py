"""Help and listings read well, agent names mean the same in every command, garbage is refused,
and the commands' own counts agree in number ("1 game", "2 games")."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.agents.base import make_agent, resolve_agent
from angler.cli.main import main
from angler.core import AnglerError
from angler.tools.yardstick import play_deal, plays_per_second

if TYPE_CHECKING:
    from tests.conftest import Angler

Capture = pytest.CaptureFixture[str]
COMMANDS = ["games", "play", "simulate", "tournament", "replay", "bench", "balance", "serve"]
COMMANDS += ["loadtest", "analyse", "cluster", "review", "review-check"]


def help_text(args: list[str], width: int, monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> str:
    """``angler ARGS --help`` on a terminal ``width`` columns wide. (The test runner's own
    isolation would force 80 columns, so the entry point is called directly.)"""
    monkeypatch.setenv("COLUMNS", str(width))
    with pytest.raises(SystemExit) as exit:
        main([*args, "--help"])
    assert exit.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", ["", *COMMANDS])
@pytest.mark.parametrize("width", [60, 100])
def test_help_fits_the_terminal_and_shows_flags_without_a_type(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture, command: str, width: int
) -> None:
    text = help_text([command] if command else [], width, monkeypatch, capsys)
    lines = text.splitlines()
    assert all(len(line) <= width for line in lines), max(lines, key=len)
    assert "<bool>" not in text
    assert any(line.split()[:1] == ["--help"] for line in lines)


@pytest.mark.parametrize("command", COMMANDS)
def test_help_names_option_values_in_words_not_python_types(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture, command: str
) -> None:
    text = help_text([command], 100, monkeypatch, capsys)
    options = text[text.index("Options:") :]
    for python_type in ("<int>", "<str>", "<path>", "<list[str]>", "<float range>"):
        assert python_type not in options, python_type


def test_help_rewraps_a_paragraph_instead_of_breaking_it_where_the_source_did(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    text = help_text(["tournament"], 100, monkeypatch, capsys)
    # The docstring's line ends after "win"; at 100 columns the sentence runs on.
    assert "report each entry's win share and\n" in text


def test_bool_flags_read_as_plain_flags(monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    for command in ("bench", "replay"):
        text = help_text([command], 100, monkeypatch, capsys)
        options = text[text.index("Options:") :].splitlines()
        (json_line,) = [line for line in options if line.strip().startswith("--json")]
        assert json_line.split()[1] == "Print"  # the help follows the flag: no value


def test_the_command_list_shows_every_command_in_one_whole_line(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    text = help_text([], 80, monkeypatch, capsys)
    listed = text[text.index("Commands:") :].splitlines()[1:]
    assert sorted(line.split()[0] for line in listed) == sorted(COMMANDS)
    assert not any(line.endswith("...") for line in listed)


def test_games_says_what_each_default_means(angler: Angler) -> None:
    text = angler(["games"]).stdout
    for wrong in ("default None", "default False", "default True", "default '"):
        assert wrong not in text
    assert "oos_rods (default off)" in text
    assert "layout (default cross)" in text
    assert "default: the bundled edition" in text


def test_agent_names_are_resolved_in_one_place_whatever_the_case() -> None:
    assert resolve_agent(" RANDOM ") == "random"
    assert resolve_agent("ISMCTS:200IT") == "ismcts:200it"
    assert make_agent("Random", 1).act(None, [4, 5, 6]) == make_agent("random", 1).act(
        None, [4, 5, 6]
    )
    with pytest.raises(AnglerError, match="unknown agent 'clever'"):
        resolve_agent("Clever")
    with pytest.raises(AnglerError, match="takes no budget"):
        resolve_agent("random:5s")


def test_every_command_takes_agent_names_in_any_case(angler: Angler, tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    run = angler(["simulate", "fishing", "-p", "3", "-n", "1", "-a", "RANDOM", "--out", out])
    assert run.status == 0, run.stderr
    assert json.loads(out.read_text())["summary"]["agents"] == ["random"] * 3
    args = ["tournament", "fishing", "-p", "3", "-a", "Heuristic,RANDOM,random", "-n", "1"]
    run = angler([*args, "--out", out])
    assert run.status == 0, run.stderr
    assert json.loads(out.read_text())["summary"]["entries"][1]["agent"] == "random"
    run = angler(["play", "fishing", "-p", "3", "--seat", "RANDOM", "--seat", "Human"], "q\n")
    assert run.status == 0, run.stderr


def test_simulate_and_play_refuse_an_unknown_agent_alike(angler: Angler) -> None:
    angler(["simulate", "fishing", "-a", "Clever"]).assert_user_error("unknown agent 'clever'")
    angler(["play", "fishing", "--seat", "Clever"]).assert_user_error("--seat 'Clever'")


@pytest.mark.parametrize(
    ("args", "dropped"),
    [
        (
            ["crazy-fishing", "-p", "6", "--seed", "1"],
            "drop the game 'crazy-fishing', --players and --seed",
        ),
        (["--cards", "my.json"], "drop --cards"),
        (["-o", "layout=ring"], "drop --option"),
    ],
)
def test_resume_refuses_what_the_record_already_sets(
    angler: Angler, args: list[str], dropped: str
) -> None:
    run = angler(["play", *args, "--resume", "saved.json"], "q\n")
    run.assert_user_error("--resume continues the game as recorded", dropped)


def test_one_game_is_counted_in_the_singular(angler: Angler, tmp_path: Path) -> None:
    record = tmp_path / "records"
    run = angler(["simulate", "fishing", "-n", "1", "--records", record])
    assert "fishing: 1 game, 4 players" in run.stdout
    run = angler(["tournament", "fishing", "-p", "3", "-a", "random,random,random", "-n", "1"])
    assert "fishing: 1 game, 3 players" in run.stdout
    run = angler(["replay", record / "game-00001.json", "--to", "1"])
    assert "fishing, 1 step checked, in progress" in run.stdout


def test_bench_times_the_shipped_yardstick_with_no_path(angler: Angler) -> None:
    run = angler(["bench", "fishing", "--json", "--seconds", "0.05", "--yardstick"])
    assert run.status == 0, run.stderr
    assert run.json()["fishing"]["yardstick_plays_per_s"] > 0


def test_the_yardstick_plays_every_card_of_a_deal_once() -> None:
    assert play_deal(random.Random(3)) == 52
    assert plays_per_second(seconds=0.05) > 0


def test_play_refuses_two_game_names_without_resume(angler: Angler) -> None:
    angler(["play", "fishing", "saved.json"]).assert_user_error(
        "one game name", "'fishing' and 'saved.json'"
    )
