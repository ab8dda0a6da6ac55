"""``angler cluster``: HAProxy (the shipped configuration) and N nodes with one command; a node
that dies is started again; Ctrl-C stops them all; a cluster on SQLite is refused in one line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.cluster.cluster import NEEDS_HAPROXY, SRC, free_ports_in_a_row
from tests.server.conftest import POSTGRES_URL, SKIP_POSTGRES, postgres_schema_url

from angler.cli.cluster import shipped_config

if TYPE_CHECKING:
    from tests.conftest import Angler


def test_a_cluster_on_sqlite_is_refused_in_one_line(angler: Angler) -> None:
    run = angler(["cluster", "--db", "sqlite:///x.sqlite3"])
    run.assert_user_error()
    assert "share a PostgreSQL database" in run.stderr


def test_the_shipped_configuration_is_found_in_the_source_tree() -> None:
    assert shipped_config() == Path(SRC).parent / "deploy" / "haproxy.cfg"


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _answers(url: str) -> dict[str, object] | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            body: dict[str, object] = json.loads(answer.read())
            return body
    except OSError:
        return None


# A bound, not a speed claim: two nodes and HAProxy start in some 6 s alone, but a CI run's
# browser tests on the same two cores have taken a start past 30 s.
STARTS_WITHIN = 90.0


# A bound too: the command gives its processes 10 s together to stop (``STOP_S``), then kills
# them. A stop that outlasts it reports where each process waits.
STOPS_WITHIN = 30.0


def _until(check: object, seconds: float = STARTS_WITHIN) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(check) and check():
            return
        time.sleep(0.2)
    raise AssertionError("not in time")


@pytest.fixture
def database() -> Iterator[str]:
    yield from postgres_schema_url(POSTGRES_URL)


@NEEDS_HAPROXY
@SKIP_POSTGRES
@pytest.mark.slow
def test_one_command_runs_the_balancer_and_its_nodes_and_ctrl_c_stops_them(
    database: str,
) -> None:
    port = free_ports_in_a_row(3)  # the balancer's, then its two nodes'
    command = [sys.executable, "-m", "angler", "cluster", "--db", database, "--nodes", "2"]
    command += ["--port", str(port)]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    # Started with SIGINT ignored, as a process started in the background by a script is (and
    # as a test runner's worker once left it): the command must stop on Ctrl-C all the same.
    cluster = subprocess.Popen(
        command, env=env, stderr=subprocess.PIPE, text=True, preexec_fn=_ignoring_sigint
    )
    said = _drained(cluster)
    try:
        health = f"http://127.0.0.1:{port}/health"
        _until(lambda: _answers(health) is not None)
        nodes = [f"http://127.0.0.1:{port + index}/health" for index in (1, 2)]
        _until(lambda: all(_answers(node) for node in nodes))
        answered = _answers(health)
        assert answered is not None and answered["node"] in ("node1", "node2")

        node_pids = [pid for pid in _children(cluster.pid) if "serve_child" in _command(pid)]
        assert len(node_pids) == 2
        os.kill(node_pids[0], signal.SIGKILL)  # a node dies: it is started again
        _until(
            lambda: (
                all(_answers(node) for node in nodes) and node_pids[0] not in _children(cluster.pid)
            )
        )
        cluster.send_signal(signal.SIGINT)
        try:
            stopped = cluster.wait(STOPS_WITHIN)
        except subprocess.TimeoutExpired:
            raise AssertionError(_stuck(cluster.pid, said)) from None
        assert stopped == 0, "".join(said)
        assert all(_answers(node) is None for node in nodes)
        assert _answers(health) is None
    finally:
        if cluster.poll() is None:
            cluster.kill()
            cluster.wait(10)
    assert "2 nodes behind HAProxy" in "".join(said)


def _ignoring_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _drained(process: subprocess.Popen[str]) -> list[str]:
    """The lines ``process`` writes to its stderr pipe, read as they come (a pipe nobody reads
    blocks its writers once full)."""
    lines: list[str] = []

    def drain() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            lines.append(line)

    threading.Thread(target=drain, daemon=True).start()
    return lines


def _stuck(pid: int, said: list[str]) -> str:
    """Why a cluster command did not stop: where it and its children wait, and its last words."""
    waits = [f"{p} {_command(p)[:60]} waits in {_wchan(p)}" for p in [pid, *_children(pid)]]
    last = "".join(said[-30:])
    return (
        f"Ctrl-C did not stop the cluster in {STOPS_WITHIN:g} s\n" + "\n".join(waits) + "\n" + last
    )


def _wchan(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/wchan").read_text() or "(running)"
    except OSError:
        return "(gone)"


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
    except OSError:
        return ""


@NEEDS_HAPROXY
@SKIP_POSTGRES
@pytest.mark.slow
def test_a_cluster_command_killed_leaves_nothing_running(database: str) -> None:
    """SIGKILL gives the command no time to stop its children: the nodes see their stdin end,
    and HAProxy gets its parent's death signal."""
    port = free_ports_in_a_row(3)  # the balancer's, then its two nodes'
    command = [sys.executable, "-m", "angler", "cluster", "--db", database, "--nodes", "1"]
    command += ["--port", str(port)]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    cluster = subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)
    health, node = f"http://127.0.0.1:{port}/health", f"http://127.0.0.1:{port + 1}/health"
    try:
        _until(lambda: _answers(health) is not None)
    finally:
        cluster.kill()
        cluster.wait(10)
    _until(lambda: _answers(health) is None and _answers(node) is None, seconds=15)
