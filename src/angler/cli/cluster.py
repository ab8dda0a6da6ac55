"""``angler cluster``: every core of one machine, with one command. HAProxy (the shipped
``deploy/haproxy.cfg``, as it is) in front of N ``angler serve --node`` processes on one
PostgreSQL database; a node that exits is started again; Ctrl-C stops them all."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from angler.cli.common import err
from angler.cli.server_options import (
    MESSAGES_PER_S,
    ROOMS_PER_MINUTE,
    MessagesPerS,
    RoomsPerMinute,
)
from angler.core.errors import AnglerError

MAX_NODES = 8  # the shipped configuration names ANGLER_NODE1 to ANGLER_NODE8
RESTART_S = 1.0  # a node that exited is started again after this
STOP_S = 10.0  # on Ctrl-C, how long the nodes and HAProxy have, together, to stop


def cluster_command(
    db: Annotated[
        str,
        typer.Option(
            "--db",
            metavar="URL",
            help="The PostgreSQL database the nodes share, e.g. "
            "postgresql+psycopg://angler@localhost/angler.",
        ),
    ],
    nodes: Annotated[
        int | None,
        typer.Option(
            "--nodes",
            min=1,
            max=MAX_NODES,
            metavar="N",
            help=f"Nodes to run, 1 to {MAX_NODES} (default: one a core).",
            show_default=False,
        ),
    ] = None,
    port: Annotated[
        int,
        typer.Option("--port", min=1, max=65535, metavar="P", help="Where players connect."),
    ] = 8000,
    host: Annotated[
        str, typer.Option("--host", metavar="H", help="The balancer's address to listen on.")
    ] = "127.0.0.1",
    rooms_per_minute: RoomsPerMinute = ROOMS_PER_MINUTE,
    messages_per_s: MessagesPerS = MESSAGES_PER_S,
    config: Annotated[
        Path | None,
        typer.Option(
            "--config",
            metavar="FILE",
            help="HAProxy's configuration (default: the shipped deploy/haproxy.cfg).",
        ),
    ] = None,
) -> None:
    """Run a cluster on this machine: HAProxy on HOST:PORT in front of N nodes (ports P+1…P+N,
    on loopback) sharing one PostgreSQL database.

    Each room's requests and sockets go to one node, and a node that stops answering is taken
    out until it answers again, its rooms taken over by the others (docs/deploy.md). A node
    that exits is started again. Stop with Ctrl-C.
    """
    count = nodes or min(MAX_NODES, os.cpu_count() or 1)
    if not db.startswith("postgresql"):
        raise AnglerError(
            "--db: the nodes of a cluster share a PostgreSQL database "
            "(postgresql+psycopg://…); SQLite serves one process (angler serve)"
        )
    haproxy = _haproxy()
    shipped = config or shipped_config()
    if not shipped.is_file():
        raise AnglerError(f"--config: no such file {shipped}")
    ports = {f"node{index}": port + index for index in range(1, count + 1)}
    env = {**os.environ, "ANGLER_LISTEN": f"{host}:{port}"}
    for index, node_port in enumerate(ports.values(), start=1):
        env[f"ANGLER_NODE{index}"] = f"127.0.0.1:{node_port}"
    limits = [
        "--rooms-per-minute",
        str(rooms_per_minute),
        "--messages-per-s",
        f"{messages_per_s:g}",
    ]
    running: dict[str, subprocess.Popen[bytes]] = {}
    balancer: subprocess.Popen[bytes] | None = None
    signal.signal(signal.SIGTERM, _interrupted)  # a service manager's stop: all stop, in order
    # Ctrl-C too, even where SIGINT came in ignored (a process a script started in the
    # background), which leaves Python without its KeyboardInterrupt handler.
    signal.signal(signal.SIGINT, _interrupted)
    try:
        for name, node_port in ports.items():
            running[name] = _start_node(name, node_port, db, limits)
        balancer = subprocess.Popen(
            [haproxy, "-db", "-f", str(shipped)], env=env, preexec_fn=_die_with_parent
        )
        err.print(
            f"angler cluster: {count} nodes behind HAProxy at http://{host}:{port} "
            f"(nodes on 127.0.0.1:{port + 1}–{port + count}); Ctrl-C stops them",
            markup=False,
        )
        _supervise(running, ports, db, limits, balancer)
    except KeyboardInterrupt:
        pass
    finally:
        _stop({**running, **({"HAProxy": balancer} if balancer is not None else {})})


def shipped_config() -> Path:
    """``deploy/haproxy.cfg``: in a source tree beside ``src/``, or in the installed package."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (
        package.parents[1] / "deploy" / "haproxy.cfg",
        package / "deploy" / "haproxy.cfg",
    ):
        if candidate.is_file():
            return candidate
    return package / "deploy" / "haproxy.cfg"


def _haproxy() -> str:
    found = shutil.which("haproxy") or (
        "/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None
    )
    if found is None:
        raise AnglerError("HAProxy is not installed (Debian: apt-get install haproxy)")
    return found


def _interrupted(*_: object) -> None:
    raise KeyboardInterrupt


def _die_with_parent() -> None:
    """In HAProxy's process, before it runs: end it if this command dies, even by SIGKILL (the
    nodes see their stdin end instead). Linux only; elsewhere a no-op."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


PR_SET_PDEATHSIG = 1  # prctl(2)


def _start_node(name: str, port: int, db: str, limits: list[str]) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "angler.cli.serve_child", "serve", "--node", name]
    command += ["--host", "127.0.0.1", "--port", str(port), "--db", db, *limits]
    # Its stdin is this process's pipe: a cluster command killed leaves no node behind.
    return subprocess.Popen(command, stdin=subprocess.PIPE)


def _supervise(
    running: dict[str, subprocess.Popen[bytes]],
    ports: dict[str, int],
    db: str,
    limits: list[str],
    balancer: subprocess.Popen[bytes],
) -> None:
    """Until the balancer exits (or Ctrl-C): start again any node that exited."""
    while balancer.poll() is None:
        for name, process in running.items():
            if process.poll() == 2:  # it refused its options or its database: so would a restart
                raise AnglerError(f"{name} could not start (its error is above): stopping")
            if process.poll() is not None:
                err.print(
                    f"angler cluster: {name} exited ({process.returncode}); starting it again"
                )
                time.sleep(RESTART_S)
                running[name] = _start_node(name, ports[name], db, limits)
        time.sleep(0.5)
    raise AnglerError(f"HAProxy exited ({balancer.returncode}): stopping the nodes")


def _stop(processes: dict[str, subprocess.Popen[bytes]]) -> None:
    """Ask every process to stop at once, give them ``STOP_S`` together, then kill those left
    (saying which): a stop takes ``STOP_S`` at most, however many are slow."""
    for process in processes.values():
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + STOP_S
    for name, process in processes.items():
        try:
            process.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            err.print(f"angler cluster: {name} did not stop within {STOP_S:g} s: killed")
            process.kill()
            process.wait()
