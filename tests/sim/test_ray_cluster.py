"""Joining a Ray cluster by HOST:PORT with its token (docs/scaling.md, "Joining a cluster").

The module starts one head as a user would, ``ray start --head`` with token authentication
(Ray 2.59 and later turn it on for a head that finds a token), on free ports, a temporary
folder and home of its own, so that it meets no other Ray on the machine; it is stopped, with
every process it started, at the end. The runs that join it are ``angler`` processes of their
own with a home holding no token, as on another machine: the token reaches Ray only as given.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from tests.conftest import Run

if TYPE_CHECKING:
    from tests.conftest import Angler

pytestmark = pytest.mark.slow
pytest.importorskip("ray")

RAY = Path(sys.executable).parent / "ray"
GAMES = ("fishing", "crazy-fishing", "flip-and-fish")
STARTED = "Ray runtime started"  # what ``ray start`` prints once the head takes drivers
START_TIMEOUT = 90  # seconds; a head starts in about 4 on the 2-core machine
RUN_TIMEOUT = 120
TIMINGS = {"thinking", "slowest", "seconds_per_move"}  # a tournament's clock times: never equal


@dataclass(frozen=True)
class Head:
    address: str  # HOST:PORT, as a user gives --address
    token_file: Path
    home: Path  # a home without ~/.ray/auth_token, for the joining runs


def free_port() -> int:
    # Ephemeral ports: outside Ray's own worker-port range (10002-19999).
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def without_ray_tokens(home: Path, **extra: str) -> dict[str, str]:
    """This process's environment without any Ray token setting, with ``home`` as HOME."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("RAY_AUTH")}
    return {**env, "HOME": str(home), "RAY_USAGE_STATS_ENABLED": "0", **extra}


@pytest.fixture(scope="module")
def head() -> Iterator[Head]:
    if not RAY.exists():
        pytest.skip(f"no ray command beside {sys.executable}")
    root = Path(tempfile.mkdtemp(prefix="angler-ray-"))  # short: Ray's socket paths must fit
    (root / "home").mkdir()
    token_file = root / "token"
    token_file.write_text(secrets.token_hex(32))
    token_file.chmod(0o600)
    port = free_port()
    env = without_ray_tokens(
        root / "home", RAY_AUTH_MODE="token", RAY_AUTH_TOKEN_PATH=str(token_file)
    )
    log = root / "head.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            [
                *(RAY, "start", "--head", "--block", "--port", str(port)),
                *("--node-ip-address", "127.0.0.1", "--num-cpus", "1", "--temp-dir", str(root)),
                *("--include-dashboard", "false", "--disable-usage-stats"),
                *("--dashboard-port", str(free_port())),
                *("--dashboard-agent-listen-port", str(free_port())),
            ],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # the head and all it starts: one process group to end
        )
    try:
        wait_for_head(process, log)
        yield Head(f"127.0.0.1:{port}", token_file, root / "home")
    finally:
        stop_head(process)
        shutil.rmtree(root, ignore_errors=True)


def wait_for_head(process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while STARTED not in log.read_text():
        if process.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"ray start --head did not start:\n{log.read_text()[-2000:]}")
        time.sleep(0.2)


def stop_head(process: subprocess.Popen[bytes]) -> None:
    """``ray start --block`` stops what it started on SIGTERM; anything left is killed. Not
    ``ray stop``, which would stop every Ray on the machine."""
    process.terminate()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(30)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def joined(head: Head, args: list[str], token_file: Path | None, **env: str) -> Run:
    """``angler ARGS --backend ray --address HEAD`` in a process of its own, the token given
    by ``--ray-token-file`` when ``token_file`` is set."""
    token = ["--ray-token-file", str(token_file)] if token_file else []
    command = [sys.executable, "-m", "angler", *args, "--backend", "ray"]
    command += ["--address", head.address, *token]
    done = subprocess.run(
        command,
        env=without_ray_tokens(head.home, **env),
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        check=False,
    )
    return Run(done.returncode, done.stdout, done.stderr)


def without_timings(figures: Any) -> Any:
    if isinstance(figures, dict):
        return {k: without_timings(v) for k, v in figures.items() if k not in TIMINGS}
    if isinstance(figures, list):
        return [without_timings(value) for value in figures]
    return figures


@pytest.mark.parametrize("game", GAMES)
def test_a_simulation_on_the_cluster_joined_by_address_and_token_is_the_local_one(
    head: Head, angler: Angler, tmp_path: Path, game: str
) -> None:
    here, there = tmp_path / "here.json", tmp_path / "cluster.json"
    args = ["simulate", game, "-n", "6", "-s", "11", "-a", "heuristic"]
    assert angler([*args, "--out", here]).status == 0
    run = joined(head, [*args, "--out", str(there)], head.token_file)
    assert run.status == 0, run.stderr
    assert json.loads(there.read_text()) == json.loads(here.read_text())


def test_a_tournament_joined_with_rays_own_token_variable_is_the_local_one(
    head: Head, angler: Angler, tmp_path: Path
) -> None:
    here, there = tmp_path / "here.json", tmp_path / "cluster.json"
    args = ["tournament", "fishing", "-p", "3", "-a", "heuristic,random,random", "-n", "6"]
    assert angler([*args, "--out", here]).status == 0
    token = {"RAY_AUTH_TOKEN_PATH": str(head.token_file)}  # as Ray's docs give it
    run = joined(head, [*args, "--out", str(there)], None, **token)
    assert run.status == 0, run.stderr
    on_cluster, local = (json.loads(file.read_text()) for file in (there, here))
    assert without_timings(on_cluster) == without_timings(local)
    assert len(local["games"]) == 6


def test_an_analysis_on_the_cluster_is_the_local_one(
    head: Head, angler: Angler, tmp_path: Path
) -> None:
    here, there = tmp_path / "here.html", tmp_path / "cluster.html"
    args = ["analyse", "flip-and-fish", "-p", "2", "-n", "4", "-s", "7"]
    assert angler([*args, "-j", "1", "--out", here]).status == 0
    run = joined(head, [*args, "--out", str(there)], head.token_file)
    assert run.status == 0, run.stderr
    assert there.read_text().replace(str(there), "") == here.read_text().replace(str(here), "")


def test_a_missing_or_wrong_token_is_one_line_saying_how_to_give_it(
    head: Head, tmp_path: Path
) -> None:
    wrong = tmp_path / "wrong-token"
    wrong.write_text(secrets.token_hex(32))
    args = ["simulate", "fishing", "-n", "2"]
    for token_file in (None, wrong):
        started = time.monotonic()
        run = joined(head, args, token_file)
        run.assert_user_error("refused the token", "--ray-token-file", "RAY_AUTH_TOKEN")
        assert time.monotonic() - started < 30  # not Ray's 20 s of retries and log lines
        assert wrong.read_text() not in run.stderr + run.stdout


def test_a_token_file_that_cannot_be_read_is_one_line(head: Head, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.write_text("")
    args = ["simulate", "fishing", "-n", "2"]
    joined(head, args, tmp_path / "absent").assert_user_error("--ray-token-file", "absent")
    joined(head, args, empty).assert_user_error("--ray-token-file", "is empty")
