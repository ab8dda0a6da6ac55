"""A cluster on loopback for tests: N ``angler serve --node`` processes on one PostgreSQL schema,
behind HAProxy running the shipped ``deploy/haproxy.cfg`` as it is (its addresses from the
environment, as the file says)."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import IO, Any

import pytest

HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"
CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "haproxy.cfg"
SRC = Path(__file__).resolve().parents[2] / "src"
START_SECONDS = 30.0

NEEDS_HAPROXY = pytest.mark.skipif(
    not Path(HAPROXY).exists(),
    reason="HAProxy is not installed (make test installs Debian's haproxy)",
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def free_ports_in_a_row(count: int) -> int:
    """The first of ``count`` free ports in a row (``angler cluster`` puts its nodes on P+1…),
    below the range the system gives outgoing connections their local ports from: a busy test
    run's connections took P+1 once, and a node that cannot listen never answers."""
    rng = random.Random()
    for _ in range(200):
        first = rng.randrange(20_000, 32_000 - count)
        try:
            for port in range(first, first + count):
                with socket.socket() as probe:
                    probe.bind(("127.0.0.1", port))
        except OSError:
            continue
        return first
    raise AssertionError(f"no {count} free ports in a row")


class Cluster:
    """The nodes (``node1``…) and the balancer in front of them (``base``, ``ws``)."""

    def __init__(self, db: str, nodes: int, logs: Path, tls: bool = False) -> None:
        self.db = db
        # TLS ended at HAProxy, with a self-signed certificate for 127.0.0.1 (``wss``).
        self.cert = _self_signed(logs) if tls else None
        self.tls_port = free_port()
        self.wss = f"wss://127.0.0.1:{self.tls_port}"
        self.logs = logs
        self.ports = {f"node{i}": free_port() for i in range(1, nodes + 1)}
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        self.nodes: dict[str, subprocess.Popen[bytes]] = {}
        self.balancer: subprocess.Popen[bytes] | None = None
        self._files: list[IO[bytes]] = []

    # ----- processes -----
    def start_node(self, name: str) -> None:
        log = (self.logs / f"{name}.log").open("ab")
        self._files.append(log)
        command = [sys.executable, "-m", "angler.cli.serve_child", "serve", "--node", name]
        command += ["--port", str(self.ports[name]), "--db", self.db]
        command += ["--rooms-per-minute", "0", "--messages-per-s", "0"]
        self.nodes[name] = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,  # its end closed, or this process gone: the node exits
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONPATH": str(SRC)},
        )
        _wait_for(f"http://127.0.0.1:{self.ports[name]}/health", self.nodes[name])

    def start_balancer(self) -> None:
        log = (self.logs / "haproxy.log").open("ab")
        self._files.append(log)
        env = {**os.environ, "ANGLER_LISTEN": f"127.0.0.1:{self.port}"}
        if self.cert is not None:
            env["ANGLER_TLS_LISTEN"] = f"127.0.0.1:{self.tls_port}"
            env["ANGLER_CERT"] = str(self.cert)
        for index, port in enumerate(self.ports.values(), start=1):
            env[f"ANGLER_NODE{index}"] = f"127.0.0.1:{port}"
        self.balancer = subprocess.Popen(
            [HAPROXY, "-db", "-f", str(CONFIG)], stdout=log, stderr=subprocess.STDOUT, env=env
        )
        _wait_for(f"{self.base}/health", self.balancer)
        self.wait_until_serving(set(self.ports))

    def kill(self, name: str) -> None:
        """SIGKILL: the node dies at once, mid-whatever."""
        process = self.nodes[name]
        process.send_signal(signal.SIGKILL)
        process.wait(10)

    def restart(self, name: str) -> None:
        """SIGTERM, as an upgrade stops a node (it closes its sockets), then the node again."""
        process = self.nodes[name]
        process.terminate()
        process.wait(20)
        self.start_node(name)

    def stall(self, name: str) -> None:
        """SIGSTOP: the node stops where it is, its connections open, as a stalled machine."""
        self.nodes[name].send_signal(signal.SIGSTOP)

    def wake(self, name: str) -> None:
        self.nodes[name].send_signal(signal.SIGCONT)

    def node_request(self, name: str, path: str) -> tuple[int, Any]:
        """A GET sent to one node, not through the balancer."""
        url = f"http://127.0.0.1:{self.ports[name]}{path}"
        with urllib.request.urlopen(url, timeout=20) as answer:
            return answer.status, json.loads(answer.read() or b"null")

    def stop(self) -> None:
        for process in [*self.nodes.values(), *([self.balancer] if self.balancer else [])]:
            if process.poll() is None:
                process.send_signal(signal.SIGCONT)  # a stalled one must hear the TERM
                process.terminate()
        for process in [*self.nodes.values(), *([self.balancer] if self.balancer else [])]:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
        for file in self._files:
            file.close()

    def wait_until_serving(self, names: set[str], seconds: float = 20.0) -> None:
        """Until HAProxy's checks see exactly ``names`` up (through each node's /health)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.up() == names:
                return
            time.sleep(0.2)
        raise AssertionError(f"HAProxy sees {sorted(self.up())} up, not {sorted(names)}")

    def up(self) -> set[str]:
        """The nodes whose /health answers (what HAProxy's checks see, a second or two later)."""
        alive = set()
        for name, port in self.ports.items():
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as r:
                    if r.status == 200:
                        alive.add(name)
            except (OSError, urllib.error.URLError):
                pass
        return alive

    # ----- through the balancer -----
    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.base}{path}",
            data=data,
            method=method,
            headers={"content-type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=20) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


def _self_signed(folder: Path) -> Path:
    """A PEM file of a self-signed certificate for 127.0.0.1 and its key (HAProxy's form)."""
    key, cert = folder / "key.pem", folder / "cert.pem"
    command = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    command += ["-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1"]
    command += ["-addext", "subjectAltName=IP:127.0.0.1"]
    subprocess.run(
        command,
        check=True,
        capture_output=True,
    )
    both = folder / "angler.pem"
    both.write_bytes(cert.read_bytes() + key.read_bytes())
    return both


def _wait_for(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"{process.args!r} exited ({process.returncode}) before serving")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except (OSError, urllib.error.URLError):
            time.sleep(0.1)
    raise AssertionError(f"nothing answered {url} in {START_SECONDS:g} s")


@contextmanager
def cluster(db: str, nodes: int, logs: Path, tls: bool = False) -> Iterator[Cluster]:
    running = Cluster(db, nodes, logs, tls)
    with ExitStack() as stack:
        stack.callback(running.stop)
        for name in running.ports:
            running.start_node(name)
        running.start_balancer()
        yield running
