"""Group commit: one writer thread stores the appends that arrive together in one transaction.

A move's append is a few short statements and a commit; the commit (and, on SQLite, the wait
for the write lock) is most of its cost. Rooms hand their appends to ``GroupWriter.submit_soon``
(on the event loop, answered by an asyncio future) or ``submit`` (from any thread, answered by a
``concurrent.futures`` one). The writer thread takes every append waiting when it is free, writes
them in one transaction through ``write_batch`` and settles each future with that append's own
outcome only after the commit, so nothing is acknowledged before it is stored. A lone append is
written at once: nothing waits for company.

The hand-over is cheap on purpose, because it happens once a move: a C queue in, and one wake-up
of the event loop per transaction out (not one per append).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from queue import Empty, SimpleQueue

from angler.server.journal import StoredAction

MAX_BATCH = 256  # appends in one transaction at most: a bound on a commit's size and latency

Append = tuple[str, StoredAction]
BatchWriter = Callable[[Sequence[Append]], list[BaseException | None]]
"""Writes appends in one transaction; returns each one's refusal (None: stored). An exception it
raises (the database is away) is every append's outcome."""

Answer = Future[None] | asyncio.Future[None]
Waiting = tuple[Append, Answer]
Outcome = BaseException | None


class GroupWriter:
    """The store's one writer of appends (a daemon thread, started on the first append)."""

    def __init__(self, write_batch: BatchWriter) -> None:
        self._write_batch = write_batch
        self._waiting: SimpleQueue[Waiting | None] = SimpleQueue()  # None: close
        self._starting = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.batches = 0  # transactions written (GET /health shows the store's writes)
        self.largest = 0  # the most appends one transaction held

    def submit(self, room: str, action: StoredAction) -> Future[None]:
        """Queue ``action`` for ``room``; the future is done once it is committed (or refused:
        then it holds the refusal)."""
        done: Future[None] = Future()
        self._put(((room, action), done))
        return done

    def submit_soon(self, room: str, action: StoredAction) -> asyncio.Future[None]:
        """``submit`` on the event loop: an asyncio future, settled on its loop after the
        commit."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._put(((room, action), done))
        return done

    def close(self) -> None:
        """Write what waits, then stop the thread."""
        with self._starting:
            self._closed = True
            thread = self._thread
        if thread is not None:
            self._waiting.put(None)
            thread.join()

    def _put(self, waiting: Waiting) -> None:
        if self._thread is None or self._closed:
            with self._starting:
                if self._closed:
                    raise RuntimeError("the store is closed")
                if self._thread is None:
                    self._thread = threading.Thread(
                        target=self._run, name="angler-store-writer", daemon=True
                    )
                    self._thread.start()
        self._waiting.put(waiting)

    def _run(self) -> None:
        closing = False
        while not closing:
            first = self._waiting.get()  # waits without the GIL
            batch: list[Waiting] = []
            if first is None:
                closing = True
            else:
                batch.append(first)
            while len(batch) < MAX_BATCH:  # and every append that came meanwhile
                try:
                    more = self._waiting.get_nowait()
                except Empty:
                    break
                if more is None:
                    closing = True
                else:
                    batch.append(more)
            if batch:
                self._write(batch)
            if closing:  # what came with the close is written too
                closing = self._waiting.empty()

    def _write(self, batch: list[Waiting]) -> None:
        try:
            outcomes: list[Outcome] = self._write_batch([append for append, _ in batch])
        except Exception as exc:  # the database is away: every append is refused alike
            outcomes = [exc] * len(batch)
        self.batches += 1
        self.largest = max(self.largest, len(batch))
        on_loops: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], Outcome]]] = {}
        for (_, done), outcome in zip(batch, outcomes, strict=True):
            if isinstance(done, asyncio.Future):
                on_loops.setdefault(done.get_loop(), []).append((done, outcome))
            elif outcome is None:
                done.set_result(None)
            else:
                done.set_exception(outcome)
        for loop, settled in on_loops.items():
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits there
                loop.call_soon_threadsafe(_settle, settled)


def _settle(settled: list[tuple[asyncio.Future[None], Outcome]]) -> None:
    """On the event loop: each future its outcome (one whose waiter went away is left)."""
    for done, outcome in settled:
        if done.done():
            continue
        if outcome is None:
            done.set_result(None)
        else:
            done.set_exception(outcome)
