"""``angler loadtest --yardstick FILE``: a bare match-server script run beside angler's own run
with the same settings, its figures read and set beside ours as ratios; a yardstick that is not
there, not for this table, or that fails, is one line and status 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.tools.ws_yardstick import YardstickError, ratios, run_yardstick

if TYPE_CHECKING:
    from tests.conftest import Angler

# A stand-in for a real yardstick: it prints its arguments back among the figures, so the test
# sees what it was asked to run.
FAKE = """
import json, sys
args = sys.argv[1:]
if "--fail" in open(__file__).read().split("#")[-1]:
    sys.exit("the stack is not installed")
print("warming up")
print(json.dumps({"moves_per_s": 400.0, "p50_ms": 2.0, "p99_ms": 8.0, "args": args}))
#
"""


def fake(tmp_path: Path, failing: bool = False) -> Path:
    path = tmp_path / "ws_yardstick.py"
    path.write_text(FAKE + ("--fail\n" if failing else ""), encoding="utf-8")
    return path


def test_the_yardstick_runs_with_the_same_settings_and_its_figures_are_read(
    tmp_path: Path,
) -> None:
    figures = run_yardstick(
        fake(tmp_path), matches=7, think_ms=500, seconds=2.5, deflate=True, warmup=1.5
    )
    assert figures["moves_per_s"] == 400.0
    assert figures["args"] == [
        "--matches", "7", "--think-ms", "500", "--seconds", "2.5", "--warmup", "1.5", "--deflate"
    ]  # fmt: skip


def test_a_failing_yardstick_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(YardstickError, match=r"failed: the stack is not installed$"):
        run_yardstick(fake(tmp_path, failing=True), 1, 0, 1.0, False, 0.0)


def test_ratios_are_ours_over_the_yardstick_s() -> None:
    ours = {"moves_per_s": 300.0, "p50_ms": 4.0, "p99_ms": 16.0, "server_rss_mb": 120.0}
    ours["server_cpu_us_per_move"] = 900.0
    theirs = {"moves_per_s": 400.0, "p50_ms": 2.0, "p99_ms": None, "server_rss_mb": 40.0}
    theirs["server_cpu_us_per_move"] = 300.0
    assert ratios(ours, theirs) == {
        "moves_per_s": 0.75,
        "p50_ms": 2.0,
        "p99_ms": None,
        "server_cpu_us_per_move": 3.0,
        "server_rss_mb": 3.0,
    }


def test_loadtest_prints_both_runs_and_the_ratio(angler: Angler, tmp_path: Path) -> None:
    settings = ["-g", "fishing", "-p", "4", "-m", "1", "-s", "1", "--warmup", "0.5", "--json"]
    run = angler(["loadtest", *settings, "--yardstick", str(fake(tmp_path))])
    assert run.status == 0, run.stderr
    report = run.json()
    assert report["angler"]["errors"] == 0
    assert report["yardstick"]["args"] == [
        "--matches", "1", "--think-ms", "0", "--seconds", "1", "--warmup", "0.5"
    ]  # fmt: skip
    assert report["ratio"]["moves_per_s"] == round(report["angler"]["moves_per_s"] / 400.0, 3)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["-p", "4", "--yardstick", "no-such-file.py"], "no such file"),
        (["-p", "3", "--yardstick", "FAKE"], "give --players 4"),
    ],
)
def test_a_yardstick_that_cannot_run_is_one_line(
    angler: Angler, tmp_path: Path, args: list[str], fragment: str
) -> None:
    args = [str(fake(tmp_path)) if arg == "FAKE" else arg for arg in args]
    run = angler(["loadtest", "-g", "fishing", "-s", "1", *args])
    run.assert_user_error(fragment)
    assert json.dumps(run.stdout) == '""'
