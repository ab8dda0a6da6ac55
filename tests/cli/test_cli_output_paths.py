"""Every output path of every command is checked before any work starts, by really opening it:
a name too long for the file system or a folder nobody may write in is one line (status 2), and
nothing is written, not even the outputs that were fine."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.cli.common import write_text
from angler.core.errors import AnglerError
from angler.core.files import check_writable_file, check_writable_folder
from angler.games.flip_and_fish import charts

if TYPE_CHECKING:
    from tests.conftest import Angler

TOO_LONG = "x" * 300  # one name longer than the 255 bytes file systems allow


def unwritable_folder(tmp_path: Path) -> Path:
    """A folder this process may not write in (root may write anywhere on a normal disk, but
    not in /sys)."""
    if os.geteuid() != 0:
        folder = tmp_path / "locked"
        folder.mkdir(mode=0o500)
        return folder
    if not Path("/sys/kernel").is_dir():
        pytest.skip("no folder is closed to root here")
    return Path("/sys/kernel")


TOURNAMENT = ["tournament", "fishing", "-p", "3", "-a", "random,random,random", "-n", "2"]
SIMULATE = ["simulate", "fishing", "-n", "2"]
FLAGS = ["play --save", "simulate --out", "simulate --records", "simulate --records deeper"]
FLAGS += ["tournament --out", "tournament --plot", "balance --out"]


def outputs(place: str) -> list[list[str]]:
    """Each command with one output flag pointing into ``place`` (a file or folder name), in the
    order of FLAGS, the command's other outputs fine."""
    return [
        ["play", "fishing", "--ui", "text", "--seed", "1", "--save", f"{place}.json"],
        [*SIMULATE, "--records", "recs", "--out", f"{place}.json"],
        [*SIMULATE, "--out", "out.json", "--records", place],
        [*SIMULATE, "--records", f"{place}/deeper/recs"],
        [*TOURNAMENT, "--out", f"{place}.csv"],
        [*TOURNAMENT, "--out", "t.json", "--plot", f"{place}.png"],
        ["balance", "fishing", "-p", "3", "-n", "1", "--out", f"{place}.md"],
    ]


def written(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.mark.parametrize("args", outputs(TOO_LONG), ids=FLAGS)
def test_an_output_name_too_long_is_refused_before_the_run(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    run = angler(args, input="q\n")
    run.assert_user_error("the name is longer than the file system allows", "characters)")
    assert written(tmp_path) == []


@pytest.mark.parametrize("index", range(len(FLAGS)), ids=FLAGS)
def test_an_output_in_a_folder_nobody_may_write_in_is_refused_before_the_run(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, index: int
) -> None:
    locked = unwritable_folder(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    args = outputs(str(locked / "out"))[index]
    run = angler(args, input="q\n")
    run.assert_user_error(str(locked))
    assert written(work) == []


def test_simulate_with_good_records_and_a_bad_out_writes_nothing(
    angler: Angler, tmp_path: Path
) -> None:
    args = ["simulate", "fishing", "-n", "2", "--records", tmp_path / "a" / "recs"]
    angler([*args, "--out", tmp_path / "no" / "out.json"]).assert_user_error("does not exist")
    assert written(tmp_path) == []


def test_tournament_does_not_write_out_when_its_plot_cannot_be_written(
    angler: Angler, tmp_path: Path
) -> None:
    bad_plot = tmp_path / f"{TOO_LONG}.png"
    run = angler([*TOURNAMENT, "--out", tmp_path / "t.json", "--plot", bad_plot])
    run.assert_user_error("x.png (", "longer than the file system allows")
    assert written(tmp_path) == []


def test_records_folder_and_its_missing_parents_are_created(angler: Angler, tmp_path: Path) -> None:
    records = tmp_path / "a" / "b"
    run = angler(["simulate", "fishing", "-n", "2", "--records", records])
    assert run.status == 0, run.stderr
    assert written(tmp_path) == ["a", "a/b", "a/b/game-00001.json", "a/b/game-00002.json"]


def test_checking_an_existing_file_leaves_it_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "keep.json"
    path.write_text("precious")
    check_writable_file(path, (".json",))
    assert path.read_text() == "precious"


def test_checking_a_new_file_or_folder_leaves_nothing_behind(tmp_path: Path) -> None:
    check_writable_file(tmp_path / "new.json")
    check_writable_folder(tmp_path / "a" / "b" / "c", "game-00001.json")
    assert written(tmp_path) == []


def test_a_folder_whose_parent_is_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(AnglerError, match="cannot create folder"):
        check_writable_folder(tmp_path / "file" / "recs", "game-00001.json")
    with pytest.raises(AnglerError, match="file is a file, not a folder"):
        check_writable_file(tmp_path / "file" / "out.json")


def test_writing_leaves_the_file_whole_and_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    path.write_text("old")
    write_text(path, "new")
    assert written(tmp_path) == ["out.json"] and path.read_text() == "new"


def test_charts_check_their_file_before_simulating_casts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_chart(*args: object) -> None:
        raise AssertionError("drew before checking the file")

    monkeypatch.setattr(charts, "write_bite_chart", no_chart)
    for bad, message in ((f"{TOO_LONG}.png", "longer than"), ("chart.svg", "end in .png")):
        assert charts.main([str(tmp_path / bad)]) == 2
        assert message in capsys.readouterr().err
    assert written(tmp_path) == []
