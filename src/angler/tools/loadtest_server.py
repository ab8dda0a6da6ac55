"""The server ``angler loadtest`` starts: ``angler serve`` in a process of its own, and what the
load test reads of it in ``/proc`` (CPU time, resident memory).

The server runs as a subprocess, as a deployment runs it, so that its CPU and memory are its own
and it does not share the load generator's GIL. It listens on a free loopback port, on an SQLite
file in a temporary folder that is deleted afterwards, with the limits meant for people off
(rooms a minute, messages a second: the clients are machines playing flat out). uvicorn binds the
port itself, and asyncio sets TCP_NODELAY on every socket accepted from a listener it made (from
a socket made by hand with protocol 0 it does not, and Nagle's algorithm can then hold a small
frame back ~40 ms).

**It never outlives the load generator.** It is started through this module's ``__main__``
(``python -m angler.cli.serve_child serve …``), which runs ``angler serve`` in-process
after starting a thread that reads its stdin, a pipe from the load generator: when the load
generator dies, however (even SIGKILL), the pipe ends and the server exits at once. It also runs
in a process group of its own (a terminal's Ctrl-C reaches the load generator only, which then
stops it), and the load generator ends that whole group in a ``finally``: SIGTERM (uvicorn's
graceful stop, which also ends the bots' search workers), then SIGKILL for anything left. Only a
search worker busy when the load generator is SIGKILLed may outlive it, until its decision ends.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from angler.tools.loadtest_http import LoadTestError, health

LOOPBACK = "127.0.0.1"
START_SECONDS = 30.0  # the server must answer /health by then (it imports, migrates, listens)
STOP_SECONDS = 5.0  # a graceful stop that takes longer is cut short (SIGKILL)
PORT_TRIES = 3  # a free port taken by someone else before the server binds it: try another
POLL_SECONDS = 0.05
TAKEN = "cannot listen"  # how ``angler serve`` begins refusing a port it cannot bind


@dataclass(frozen=True)
class ServerProcess:
    """A server started for the run: its base address and its process id."""

    base: str
    pid: int


def free_port() -> int:
    """A loopback port nothing listens on now (the server binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
    return port


@contextmanager
def serving_subprocess() -> Iterator[ServerProcess]:
    """Start ``angler serve`` on a fresh store in a process of its own; yield once ``/health``
    answers; stop it, and delete its database, when the block ends (LoadTestError, one line, if
    it does not start)."""
    with tempfile.TemporaryDirectory(prefix="angler-loadtest-") as folder:
        log_path = Path(folder) / "server.log"
        for attempt in range(PORT_TRIES):
            port = free_port()
            with log_path.open("wb") as log:
                server = _start(port, Path(folder) / "loadtest.sqlite3", log)
            try:
                base = f"http://{LOOPBACK}:{port}"
                if _wait_until_up(server, base):
                    yield ServerProcess(base, server.pid)
                    return
                said = _last_line(log_path)
                if TAKEN not in said or attempt + 1 == PORT_TRIES:
                    raise LoadTestError(f"the server for the load test did not start: {said}")
            finally:
                stop(server)


def _start(port: int, database: Path, log: IO[bytes]) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "angler.cli.serve_child", "serve"]
    command += ["--port", str(port), "--db", f"sqlite:///{database}"]
    command += ["--rooms-per-minute", "0", "--messages-per-s", "0"]
    return subprocess.Popen(
        command,
        stdin=subprocess.PIPE,  # its end tells the server that the load generator is gone
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # a group of its own: Ctrl-C is the load generator's to handle
        env={**os.environ, "PYTHONPATH": _python_path()},
    )


def _python_path() -> str:
    """The import path that finds this very ``angler`` first (a source tree, not another)."""
    here = str(Path(__file__).resolve().parents[2])
    given = os.environ.get("PYTHONPATH")
    return here if not given else os.pathsep.join([here, given])


def _wait_until_up(server: subprocess.Popen[bytes], base: str) -> bool:
    """Whether the server answers ``/health`` (False if it exited first); LoadTestError if it
    neither answers nor exits in ``START_SECONDS``."""
    deadline = time.monotonic() + START_SECONDS
    while server.poll() is None:
        try:
            health(base)
            return True
        except LoadTestError:
            if time.monotonic() > deadline:
                raise LoadTestError(
                    f"the server for the load test did not answer in {START_SECONDS:g} s"
                ) from None
            time.sleep(POLL_SECONDS)
    return False


def _last_line(log_path: Path) -> str:
    lines = log_path.read_text(errors="replace").strip().splitlines()
    line = lines[-1] if lines else "it exited saying nothing"
    return line.removeprefix("error: ")[:200]


def stop(server: subprocess.Popen[bytes]) -> None:
    """End the server's process group: a graceful SIGTERM, then SIGKILL for what is left."""
    try:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            with suppress(subprocess.TimeoutExpired):
                server.wait(STOP_SECONDS)
        os.killpg(server.pid, signal.SIGKILL)  # its search workers, or itself if it hung
    except ProcessLookupError:  # the group is gone already
        pass
    finally:
        if server.stdin is not None:
            server.stdin.close()
        server.wait()


# ----- what /proc says of a process -----


def group_cpu_seconds(pid: int) -> float | None:
    """User and system CPU seconds of every live process in ``pid``'s process group (the server
    and its search workers; with what they have reaped of their children); None without
    ``/proc``."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    found = False
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):  # gone meanwhile
            continue
        # After the name: state, ppid, pgrp, …; utime, stime, cutime, cstime are 12th to 15th.
        if int(fields[2]) != pid:
            continue
        found = True
        total += sum(int(value) for value in fields[11:15])
    return total / ticks if found else None


def rss_mb(pid: int) -> tuple[float, float] | None:
    """A process's resident memory now and at its peak, in MB (``/proc/PID/status``, unrounded);
    None if it cannot be read."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        now, peak = (int(fields[key].split()[0]) / 1024 for key in ("VmRSS", "VmHWM"))
    except (OSError, KeyError, ValueError):
        return None
    return now, peak


# ----- the server process itself -----
