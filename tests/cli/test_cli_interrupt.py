"""Ctrl-C and SIGTERM stop ``tournament`` and ``simulate`` at once, say how many games finished,
exit 130 (143 for SIGTERM) and leave no worker process behind; nor does a parent killed outright.

These run the real command in a subprocess and signal it, as a terminal or a process manager
would. Processes are found through /proc, so they run on Linux only.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from angler.core.records import load_record

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

LONG_TOURNAMENT = [
    *("tournament", "fishing", "-p", "3", "-a", "random,random,heuristic"),
    *("-n", "100000", "--jobs", "2", "--seed", "1"),
]
GRACE = 20.0  # seconds a stopped run may take on a loaded machine, far above what it needs


def process_table() -> dict[int, tuple[int, str]]:
    """Every process: pid -> (parent pid, state letter)."""
    table = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # it ended while we looked
        fields = stat[stat.rindex(")") + 2 :].split()  # the name in brackets may hold spaces
        table[int(entry.name)] = (int(fields[1]), fields[0])
    return table


def descendants(pid: int) -> set[int]:
    table = process_table()
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, (parent, _) in table.items() if parent in frontier}
        found |= frontier
    return found


def running(pids: set[int]) -> set[int]:
    """Those still running (a zombie has ended: it only waits for a parent to collect it)."""
    table = process_table()
    return {pid for pid in pids if pid in table and table[pid][1] not in "ZX"}


def is_worker(pid: int) -> bool:
    """A process started by multiprocessing to run tasks (not, e.g., its resource tracker)."""
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def wait_until(condition: Callable[[], object], what: str, seconds: float = GRACE) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(0.05)


def as_a_shell_starts_it() -> None:
    """In the child before it runs: signals at their defaults and none blocked, as a shell starts
    a command. The test process may have inherited otherwise from what ran before it in the same
    worker (a library that ignores or blocks SIGINT in its thread), which a real terminal never
    passes on."""
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)


def start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "angler", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=as_a_shell_starts_it,
    )


def signal_state(pid: int) -> str:
    """The process's blocked and ignored signal masks, for a failure's message."""
    try:
        status = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return "gone"
    return " ".join(line for line in status if line.startswith(("SigBlk", "SigIgn", "SigCgt")))


def workers_of(proc: subprocess.Popen[str], count: int) -> set[int]:
    """The descendants of a tournament once its ``count`` workers are playing."""

    def playing() -> bool:
        return len([pid for pid in running(descendants(proc.pid)) if is_worker(pid)]) >= count

    wait_until(playing, f"{count} workers to start")
    time.sleep(1.0)  # let them play a few games
    return descendants(proc.pid)


def stop(proc: subprocess.Popen[str], signum: int) -> tuple[int, str, str]:
    proc.send_signal(signum)
    try:
        out, err = proc.communicate(timeout=GRACE)
    except subprocess.TimeoutExpired:
        state = signal_state(proc.pid)
        proc.kill()
        _, err = proc.communicate()
        raise AssertionError(
            f"still running {GRACE} s after signal {signum} ({state}; stderr: {err[-500:]!r})"
        ) from None
    return proc.returncode, out, err


def finished_games(stderr: str, how: str, total: int) -> int:
    match = re.fullmatch(rf"{how}: (\d+) of {total} games finished; (.*)\n", stderr)
    assert match, stderr
    return int(match.group(1))


def test_ctrl_c_stops_a_tournament_on_two_processes_at_once(tmp_path: Path) -> None:
    proc = start([*LONG_TOURNAMENT, "--out", "t.json"], tmp_path)
    family = workers_of(proc, 2)
    status, out, err = stop(proc, signal.SIGINT)
    assert status == 130, err
    assert 0 <= finished_games(err, "interrupted", 100000) < 100000
    assert err.endswith("; nothing written\n") and "Traceback" not in err
    assert out == ""
    wait_until(lambda: not running(family), "the workers to end")
    assert list(tmp_path.iterdir()) == []


def test_sigterm_stops_a_tournament_and_ends_its_workers(tmp_path: Path) -> None:
    proc = start(LONG_TOURNAMENT, tmp_path)
    family = workers_of(proc, 2)
    status, _, err = stop(proc, signal.SIGTERM)
    assert status == 143, err
    finished_games(err, "terminated", 100000)
    wait_until(lambda: not running(family), "the workers to end")


def test_workers_end_when_their_parent_is_killed_outright(tmp_path: Path) -> None:
    """SIGKILL reaches no handler: the workers notice that their parent is gone."""
    proc = start(LONG_TOURNAMENT, tmp_path)
    family = workers_of(proc, 2)
    status, _, _ = stop(proc, signal.SIGKILL)
    assert status == -signal.SIGKILL
    wait_until(lambda: not running(family), "the orphaned workers to end")


def test_ctrl_c_stops_simulate_and_says_which_records_it_kept(tmp_path: Path) -> None:
    records = tmp_path / "recs"
    proc = start(["simulate", "fishing", "-n", "100000", "--records", "recs"], tmp_path)
    wait_until(lambda: records.is_dir() and len(list(records.iterdir())) >= 3, "a few games")
    status, out, err = stop(proc, signal.SIGINT)
    assert status == 130, err
    finished = finished_games(err, "interrupted", 100000)
    assert err.endswith("; their records are in recs, nothing else written\n")
    assert out == ""
    files = sorted(records.iterdir())
    # Records are written whole or not at all; the game being written when Ctrl-C came may
    # have made it before it was counted.
    assert finished <= len(files) <= finished + 1
    assert all(file.name.startswith("game-") for file in files)
    for file in files:
        assert len(load_record(file).actions) > 0


def test_sigterm_stops_simulate_too(tmp_path: Path) -> None:
    records = tmp_path / "recs"
    proc = start(["simulate", "fishing", "-n", "100000", "--records", "recs"], tmp_path)
    wait_until(lambda: records.is_dir() and any(records.iterdir()), "the first game")
    status, _, err = stop(proc, signal.SIGTERM)
    assert status == 143, err
    assert finished_games(err, "terminated", 100000) >= 1
