"""Stopping a long run cleanly: Ctrl-C (SIGINT) or SIGTERM ends it at once, says how far it got,
and never leaves a worker process behind.

The parent process alone reacts to Ctrl-C: workers ignore SIGINT (a terminal sends it to the
whole process group), and the parent ends them when it stops. A worker also watches its parent
and exits when the parent is gone, however it died (even SIGKILL, which no handler sees).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from angler.core.view import counted

PARENT_CHECK_SECONDS = 0.2  # how often a worker looks for its parent


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread like Ctrl-C so that a run cleans up the same way."""


class Stopped(KeyboardInterrupt):
    """A run ended early by Ctrl-C or SIGTERM (``signum``). A KeyboardInterrupt, so that
    ``except Exception`` never swallows it; each kind of run says how far it got."""

    def __init__(self, *details: object, signum: int = signal.SIGINT) -> None:
        super().__init__(*details, signum)
        self.signum = signum

    @property
    def status(self) -> int:
        """The exit status a shell expects of a process stopped by this signal (130, 143)."""
        return 128 + self.signum

    @property
    def how(self) -> str:
        return "terminated" if self.signum == signal.SIGTERM else "interrupted"


class RunStopped(Stopped):
    """A run of games ended early after ``finished`` of its ``total`` games."""

    def __init__(self, finished: int, total: int, signum: int = signal.SIGINT) -> None:
        super().__init__(finished, total, signum=signum)
        self.finished = finished
        self.total = total

    def __str__(self) -> str:
        return f"{self.how}: {self.finished} of {counted(self.total, 'game')} finished"


def signal_of(interrupt: BaseException) -> int:
    """The signal behind a KeyboardInterrupt: SIGTERM for Terminated, else SIGINT."""
    if isinstance(interrupt, RunStopped):
        return interrupt.signum
    return signal.SIGTERM if isinstance(interrupt, Terminated) else signal.SIGINT


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


def _in_main_thread() -> bool:
    # Python lets only the main thread set signal handlers.
    return threading.current_thread() is threading.main_thread()


@contextmanager
def sigterm_stops_runs() -> Iterator[None]:
    """While active, SIGTERM raises :class:`Terminated` instead of killing the process outright,
    so a run ends its workers and reports how far it got. Does nothing outside the main thread."""
    if not _in_main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def signals_ignored(*signums: int) -> Iterator[None]:
    """Ignore these signals for a moment: while workers start (they inherit SIGINT ignored) and
    while they are ended (a second Ctrl-C must not break the clean-up)."""
    if not _in_main_thread():
        yield
        return
    previous = [(signum, signal.signal(signum, signal.SIG_IGN)) for signum in signums]
    try:
        yield
    finally:
        for signum, handler in previous:
            signal.signal(signum, handler)


def start_worker(parent: int) -> None:
    """Initialiser of a worker process whose parent has process id ``parent``.

    Ctrl-C is the parent's to handle; SIGTERM (how the parent ends a worker) kills at once; and a
    daemon thread ends the worker when its parent is gone.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    watch = threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True)
    watch.start()


def _exit_with_parent(parent: int) -> None:
    # An orphan is adopted by another process, so its parent id changes.
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)
