"""The server ``angler loadtest`` starts: a process of its own that answers, stops when the block
ends, and exits by itself when the load generator dies, even by SIGKILL; what ``/proc`` says of a
process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from angler.tools.loadtest_http import health
from angler.tools.loadtest_server import group_cpu_seconds, rss_mb, serving_subprocess

GONE_SECONDS = 10.0  # how long a process may take to exit once told (not a speed measure)

LOAD_GENERATOR = """
import time
from angler.tools.loadtest_server import serving_subprocess
with serving_subprocess() as server:
    print(server.pid, flush=True)
    time.sleep(60)
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def wait_gone(pid: int) -> bool:
    deadline = time.monotonic() + GONE_SECONDS
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_the_server_is_a_process_of_its_own_gone_after_the_block() -> None:
    with serving_subprocess() as server:
        assert server.pid != os.getpid() and alive(server.pid)
        answer = health(server.base)
        assert answer["live_rooms"] == 0 and answer["store_writes"] == 0
        assert os.getpgid(server.pid) == server.pid  # a group of its own: Ctrl-C is ours
        assert group_cpu_seconds(server.pid) is not None
    assert not alive(server.pid)


def test_the_server_exits_when_the_load_generator_is_killed(tmp_path: Path) -> None:
    source = str(Path(__file__).resolve().parents[2] / "src")
    env = {**os.environ, "PYTHONPATH": source, "TMPDIR": str(tmp_path)}
    generator = subprocess.Popen(
        [sys.executable, "-c", LOAD_GENERATOR], stdout=subprocess.PIPE, env=env, text=True
    )
    try:
        assert generator.stdout is not None
        server = int(generator.stdout.readline())
        assert alive(server)
        generator.send_signal(signal.SIGKILL)  # no finally of its own runs
        generator.wait()
        assert wait_gone(server)
    finally:
        generator.kill()
        generator.wait()


def test_proc_readings_of_this_process() -> None:
    memory = rss_mb(os.getpid())
    assert memory is not None and 0 < memory[0] <= memory[1]
    assert rss_mb(2**22 + 1) is None  # no such process
    cpu = group_cpu_seconds(os.getpgrp())
    assert cpu is not None and cpu > 0
    assert group_cpu_seconds(2**22 + 1) is None
