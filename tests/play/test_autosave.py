"""Autosave: every move of a game with people is saved in the user's data folder, and the last
unfinished game is offered by ``angler play --resume`` with no file."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.core import make_game
from angler.core.errors import AnglerError
from angler.play import autosave
from angler.play.match import Match

if TYPE_CHECKING:
    from tests.conftest import Angler


def _play(match: Match, moves: int) -> None:
    for _ in range(moves):
        seat = match.to_act()
        assert seat is not None
        if match.is_human(seat):
            match.play(seat, match.menu(seat)[0][0])
        else:
            match.bot_move()


def test_the_data_folder_is_the_one_the_environment_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(autosave.DATA_DIR_VARIABLE, str(tmp_path))
    assert autosave.folder() == tmp_path / "autosave"
    monkeypatch.delenv(autosave.DATA_DIR_VARIABLE)
    assert autosave.data_dir().name.lower() == "angler"


def test_every_move_is_saved_and_the_last_unfinished_game_is_offered() -> None:
    match = Match(make_game("fishing", 3), 8, ["human", "random", "random"])
    autosave.keep(match)
    _play(match, 10)
    last = autosave.last_unfinished()
    assert last is not None and last.path == match.autosave_to
    assert Match.resume(last.path).state.history == match.state.history
    assert last.describe().startswith(f"Fishing, 3 players, move {len(match.state.history)}, ")


def test_an_undo_is_saved_too() -> None:
    match = Match(make_game("fishing", 3), 5, ["random", "human", "random"])
    autosave.keep(match)
    _play(match, 1)
    seat = match.to_act()
    assert seat == 1
    match.play(seat, match.menu(seat)[0][0])
    match.undo(seat)
    assert match.autosave_to is not None
    assert Match.resume(match.autosave_to).state.history == match.state.history


def test_a_finished_game_is_not_offered_but_an_older_unfinished_one_is() -> None:
    game = make_game("crazy-fishing", 2)
    unfinished = Match(game, 1, ["human", "random"])
    autosave.keep(unfinished)
    _play(unfinished, 4)
    finished = Match(game, 2, ["random", "random"])
    autosave.keep(finished)
    while not finished.over:
        finished.bot_move()
    assert finished.autosave_to is not None and unfinished.autosave_to is not None
    stamp = unfinished.autosave_to.stat().st_mtime
    os.utime(finished.autosave_to, (stamp + 60, stamp + 60))  # the finished one is newer
    last = autosave.last_unfinished()
    assert last is not None and last.path == unfinished.autosave_to


def test_a_broken_autosave_is_passed_over() -> None:
    assert autosave.last_unfinished() is None
    autosave.folder().mkdir(parents=True)
    (autosave.folder() / "broken.json").write_text("{not json", encoding="utf-8")
    assert autosave.last_unfinished() is None


def test_only_the_newest_autosaves_are_kept() -> None:
    game = make_game("fishing", 3)
    for seed in range(autosave.KEEP + 3):
        autosave.keep(Match(game, seed, ["human", "random", "random"]))
    assert len(list(autosave.folder().glob("*.json"))) == autosave.KEEP


def test_a_failed_autosave_does_not_stop_the_game(tmp_path: Path) -> None:
    match = Match(make_game("fishing", 3), 3, ["human", "random", "random"])
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    match.autosave_to = blocker / "game.json"  # its folder is a file: cannot be written
    _play(match, 2)
    assert match.autosave_problem is not None and "autosave" in match.autosave_problem
    assert len(match.state.history) == 2


def test_saving_to_a_folder_that_does_not_exist_is_a_one_line_error(tmp_path: Path) -> None:
    match = Match(make_game("fishing", 3), 3, ["human", "random", "random"])
    with pytest.raises(AnglerError, match="cannot save to") as refused:
        match.save(tmp_path / "missing" / "game.json")
    assert "\n" not in str(refused.value)


def test_resume_without_a_file_and_nothing_saved_is_refused(angler: Angler) -> None:
    run = angler(["play", "--resume", "--ui", "text"], input="q\n")
    run.assert_user_error("no unfinished game was autosaved")


def test_resume_without_a_file_in_text_mode_says_which_file_it_resumes(angler: Angler) -> None:
    first = angler(["play", "fishing", "-p", "3", "--seed", "4", "--ui", "text"], input="1\n1\nq\n")
    assert first.status == 0, first.stderr
    last = autosave.last_unfinished()
    assert last is not None and last.moves > 2
    again = angler(["play", "--resume", "--ui", "text"], input="q\n")
    assert again.status == 0, again.stderr
    assert f"Resuming the last game (Fishing, 3 players, move {last.moves}," in again.stdout
    assert str(last.path) in again.stdout.replace("\n", "")
