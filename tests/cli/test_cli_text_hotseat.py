"""``angler play --ui text`` with several people at one screen (hot-seat), and the prompt a
person answers: what it offers and what a typed line is told."""

from __future__ import annotations

import io
import sys
from typing import TYPE_CHECKING

import pytest

from angler.cli.play import Session
from angler.core import make_game
from angler.play.match import Match

if TYPE_CHECKING:
    from pathlib import Path

    from tests.conftest import Angler

CLEAR_SCREEN = "\x1b[2J"  # the ANSI "erase the screen" sequence

TWO_PEOPLE = ["play", "fishing", "-p", "3", "--seed", "3", "--ui", "text"]
TWO_PEOPLE += ["--seat", "human", "--seat", "human", "--seat", "heuristic"]


def test_text_hotseat_waits_for_enter_before_the_next_persons_hand(angler: Angler) -> None:
    # Enter for Player 1, their first choice; then the device goes to Player 2 and input ends.
    run = angler(TWO_PEOPLE, input="\n1\n")
    assert run.status == 0, run.stderr
    first, _, rest = run.stdout.partition("Pass to Player 2 — press Enter when only they can see")
    assert "Pass to Player 1 — press Enter" in first and "Your hand" in first
    assert "Your hand" not in rest and "Player 2, your choice" not in rest
    assert "Input ended" in rest


def test_text_hotseat_shows_each_hand_only_after_its_pass_prompt(angler: Angler) -> None:
    run = angler(TWO_PEOPLE, input="\n1\n\n1\nq\n")
    assert run.status == 0, run.stderr
    turns = run.stdout.split("Pass to Player ")[1:]
    assert [turn[0] for turn in turns] == ["1", "2", "1"]
    assert "you are Player 1 of 3" in turns[0] and "you are Player 2 of 3" in turns[1]


def test_q_at_the_pass_prompt_quits(angler: Angler) -> None:
    run = angler(TWO_PEOPLE, input="q\n")
    assert run.status == 0, run.stderr
    assert "You quit" in run.stdout and "Your hand" not in run.stdout


def test_text_hotseat_header_calls_nobody_you(angler: Angler) -> None:
    run = angler(TWO_PEOPLE, input="q\n")
    header = run.stdout.splitlines()[0]
    assert "Player 1 (human), Player 2 (human), Player 3 (heuristic bot)" in header
    assert "you" not in header


def test_text_hotseat_end_of_game_shows_only_public_events_once(
    angler: Angler, tmp_path: Path
) -> None:
    everyone = ["play", "fishing", "-p", "3", "--seed", "0", "--ui", "text"]
    save = ["--save", tmp_path / "game.json"]  # else the end offers to save, and "1" is a name
    run = angler([*everyone, *["--seat", "human"] * 3, *save], input="1\n" * 3000)
    assert run.status == 0, run.stderr
    after_last_choice = run.stdout.rpartition("your choice (")[2]
    assert after_last_choice.count("Game over") == 1
    log = [line for line in after_last_choice.splitlines() if line.startswith("  ")]
    assert log and not any(line.strip().startswith("You ") for line in log)


def test_text_hotseat_piped_output_is_never_cleared(angler: Angler) -> None:
    run = angler(TWO_PEOPLE, input="\n1\n\n1\nq\n")
    assert CLEAR_SCREEN not in run.stdout


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_text_hotseat_clears_a_terminal_while_the_device_changes_hands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    screen = Terminal()
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n1\n\n"))
    monkeypatch.setattr(sys, "stdout", screen)
    match = Match(make_game("fishing", 3), 3, ["human", "human", "heuristic"])
    assert Session(match).run() is False  # input ends at Player 2's first choice
    shown = screen.getvalue()
    before, _, after = shown.partition("Pass to Player 2")
    assert "you are Player 1 of 3" in before
    # Player 1's table is wiped before the pass prompt, and the prompt before Player 2's table.
    assert before.rindex(CLEAR_SCREEN) > before.rindex("you are Player 1 of 3")
    assert CLEAR_SCREEN in after.partition("you are Player 2 of 3")[0]


def test_a_card_typed_alone_that_is_not_in_hand_is_explained(angler: Angler) -> None:
    state = make_game("fishing", 4).new_state(3)
    hand = {state.game.action_to_string(code).split()[1] for code in state.legal_actions(0)}
    missing = next(name for name in ("B2", "B3", "B4", "Y2", "Y5") if name not in hand)
    run = angler(["play", "fishing", "--seed", "3", "--ui", "text"], input=f"{missing}\nq\n")
    assert run.status == 0, run.stderr
    told = run.stdout.split("your choice (")[1].splitlines()[1]
    assert f"{missing} is not in your hand" in told
    assert "unknown action" not in told


def test_a_single_choice_is_offered_as_1_not_a_range(angler: Angler) -> None:
    run = angler(["play", "flip-and-fish", "-p", "2", "--seed", "2", "--ui", "text"], input="q\n")
    assert "Player 1, your choice (1, text, or q): " in run.stdout  # only "fish" at the start
    assert "(1-1," not in run.stdout
