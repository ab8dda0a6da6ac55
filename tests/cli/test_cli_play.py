"""``angler play``: a person at the terminal (standard input is fed, not a TTY)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.core import make_game
from angler.core.records import parse_record, replay

if TYPE_CHECKING:
    from tests.conftest import Angler


ALWAYS_FIRST = "1\n" * 3000  # more answers than any game needs
# You against instant bots: the default opponents ("normal") think 0.8 s a move.
VS_HEURISTIC = ["--seat", "human", *["--seat", "heuristic"] * 3]


def prompts(stdout: str) -> int:
    return stdout.count("your choice (")


def test_q_quits_and_writes_nothing(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    run = angler(["play", "fishing", "--seed", "3"], input="q\n")
    assert run.status == 0, run.stderr
    assert "You quit" in run.stdout
    assert "Your hand: " in run.stdout
    assert prompts(run.stdout) == 1
    assert list(tmp_path.iterdir()) == []


def test_end_of_input_quits(angler: Angler) -> None:
    run = angler(["play", "fishing", "--seed", "3"], input="")
    assert run.status == 0
    assert "Input ended" in run.stdout


def test_bad_answers_reprompt_with_one_line_each(angler: Angler) -> None:
    answers = ["foo", "99", "0", "play Z9", "play G16", "", "q"]
    run = angler(["play", "fishing", "--seed", "3"], input="\n".join(answers) + "\n")
    assert run.status == 0
    assert prompts(run.stdout) == len(answers)
    after = run.stdout.split("your choice (")[1:]
    messages = [chunk.splitlines()[1] for chunk in after[:-1]]
    assert "unknown action 'foo'" in messages[0]
    assert "99 is not a choice" in messages[1]
    assert "0 is not a choice" in messages[2]
    assert "unknown card 'Z9'" in messages[3]
    assert "illegal action" in messages[4] and "G16" in messages[4]
    assert "type a number" in messages[5]


def test_an_action_by_its_text_or_card_name(angler: Angler, tmp_path: Path) -> None:
    state = make_game("fishing").new_state(3)
    texts = [state.game.action_to_string(code) for code in state.legal_actions(0)]
    for answer, expected in ((texts[-1], texts[-1]), (texts[1].split()[1].lower(), texts[1])):
        save = tmp_path / "game.json"
        run = angler(
            ["play", "fishing", "--seed", "3", *VS_HEURISTIC, "--save", save],
            input=f"{answer}\nq\n",
        )
        assert run.status == 0, run.stderr
        record = parse_record(save.read_text())
        assert record.actions[0] == {"player": 0, "action": expected}
        assert "Record saved" in run.stdout


def test_a_whole_game_ends_with_scores_and_a_saved_record(angler: Angler, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", "fishing", "-p", "3", "--seed", "4", *VS_HEURISTIC[:6], "--save", save]
    run = angler(args, input=ALWAYS_FIRST)
    assert run.status == 0, run.stderr
    assert "Final scores" in run.stdout
    record = parse_record(save.read_text())
    state = replay(record)
    assert state.is_terminal()
    assert record.result is not None and record.result["scores"] == state.scores()
    winners = " and ".join(f"Player {s + 1}" for s in state.winners())
    assert winners in run.stdout.split("Winner")[-1]
    assert prompts(run.stdout) == sum(1 for entry in record.actions if entry["player"] == 0)
    assert "You play" in run.stdout  # the log is told from the person's seat


def test_without_save_the_end_offers_to_save(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["play", "fishing", "-p", "3", "--seed", "4", *VS_HEURISTIC[:6]]
    first = angler([*args, "--save", "a.json"], input=ALWAYS_FIRST)
    decisions = sum(1 for e in parse_record(Path("a.json").read_text()).actions if e["player"] == 0)
    run = angler(args, input="1\n" * decisions + "b.json\n")
    assert run.status == 0, run.stderr
    assert "Save the record?" in run.stdout
    assert json.loads(Path("b.json").read_text()) == json.loads(Path("a.json").read_text())
    skipped = angler(args, input="1\n" * decisions + "\n")
    assert skipped.status == 0 and "Record saved" not in skipped.stdout
    assert first.status == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"]


def test_every_seat_human_collects_each_secret_pass(angler: Angler, tmp_path: Path) -> None:
    """Seed 0, 3 players, everyone taking the first choice: the game has pass phases."""
    save = tmp_path / "game.json"
    seats = ["--seat", "human"] * 3
    run = angler(
        ["play", "fishing", "-p", "3", "--seed", "0", *seats, "--save", save], input=ALWAYS_FIRST
    )
    assert run.status == 0, run.stderr
    actions = parse_record(save.read_text()).actions
    passes = [entry["player"] for entry in actions if entry["action"].startswith("pass ")]
    assert passes and len(passes) % 3 == 0
    assert sorted(passes[:3]) == [0, 1, 2]
    assert prompts(run.stdout) == len(actions)
    assert "Pass to Player 2 — press Enter" in run.stdout


def test_person_in_another_seat(angler: Angler) -> None:
    run = angler(["play", "fishing", "--seed", "3", "--seat", "random", "--seat", "human"], "q\n")
    assert run.status == 0
    assert "Player 2, your choice" in run.stdout
    assert "Player 1 (random bot), Player 2 (you)" in run.stdout


def test_only_agents_play_to_the_end(angler: Angler) -> None:
    run = angler(["play", "fishing", "--seed", "1", *["--seat", "random"] * 4], "")
    assert run.status == 0
    assert prompts(run.stdout) == 0
    assert "Final scores" in run.stdout


def test_flip_and_fish_lists_an_aim_per_water_card_and_takes_any_point(
    angler: Angler, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    answers = ["fish", "cast 900 0", "cast 123 -41", "q"]
    run = angler(
        ["play", "flip-and-fish", "-p", "2", "--seed", "3", *VS_HEURISTIC[:4], "--save", save],
        input="\n".join(answers) + "\n",
    )
    assert run.status == 0, run.stderr
    assert "1) cast at face-down card 1 (0, 0)" in run.stdout  # the card named, not only the point
    assert "5) cast at face-down card 5 (0, 130)" in run.stdout
    assert "cast -450 -450" not in run.stdout  # the thousands of other aims are not listed
    assert "Or aim anywhere: cast X Y" in run.stdout
    refused = run.stdout.split("your choice (")[2].splitlines()[1]
    assert "outside the table" in refused
    record = parse_record(save.read_text())
    assert [a["action"] for a in record.actions[:2]] == ["fish", "cast 120 -40"]
    assert "outcomes" in record.actions[1]  # the landing is kept beside the aim


def test_by_default_the_other_seats_are_normal_bots(angler: Angler) -> None:
    run = angler(["play", "fishing", "-p", "3", "--seed", "3"], input="q\n")
    assert run.status == 0
    assert "Player 1 (you), Player 2 (normal bot), Player 3 (normal bot)" in run.stdout


def test_a_saved_game_resumes_from_the_command_line(angler: Angler, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = angler(
        ["play", "fishing", "-p", "3", "--seed", "4", *VS_HEURISTIC[:6], "--save", save],
        input="1\n1\nq\n",
    )
    assert first.status == 0, first.stderr
    saved = parse_record(save.read_text())
    assert saved.seats == ["human", "heuristic", "heuristic"]
    again = angler(["play", "--resume", save, "--save", save], input="1\nq\n")
    assert again.status == 0, again.stderr
    resumed = parse_record(save.read_text())
    assert resumed.actions[: len(saved.actions)] == saved.actions
    assert sum(1 for a in resumed.actions if a["player"] == 0) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play"], "name a game to play"),
        (["play", "fishing", "--ui", "web"], "--ui is auto, screen or text, not 'web'"),
        (["play", "--resume", "missing.json"], "cannot read missing.json"),
    ],
)
def test_play_refuses_bad_arguments_in_one_line(
    angler: Angler, args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    run = angler(args, input="")
    assert run.status == 2
    assert message in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
    assert "Traceback" not in run.stderr


def test_a_corrupt_resume_file_is_refused_cleanly(angler: Angler, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"format": "angler-record/1", "game": "fishing", "options": {}, "seed": 1, '
        '"actions": [{"player": 0, "action": "play Z99"}]}',
        encoding="utf-8",
    )
    run = angler(["play", "--resume", bad], input="")
    assert run.status == 2
    assert "step 1" in run.stderr and "Traceback" not in run.stderr


def test_play_takes_a_unicode_digit_as_unknown_text(angler: Angler) -> None:
    run = angler(["play", "fishing", "--seed", "7"], input="²\n" + "9" * 5000 + "\nq\n")
    assert "Traceback" not in run.stdout + run.stderr
    assert run.status == 0
