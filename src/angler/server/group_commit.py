"""Group commit: one writer thread stores the appends that arrive together in one transaction.

A move's append is a few short statements and a commit; the commit (and, on SQLite, the wait
for the write lock) is most of its cost. Rooms hand their appends to ``GroupWriter.submit``,
which answers with a future; the writer thread takes every append waiting when it is free,
writes them in one transaction through ``write_batch`` and resolves each future with that
append's own outcome only after the commit, so nothing is acknowledged before it is stored. A
lone append is written at once: nothing waits for company.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future

from angler.server.journal import StoredAction

MAX_BATCH = 256  # appends in one transaction at most: a bound on a commit's size and latency

Append = tuple[str, StoredAction]
BatchWriter = Callable[[Sequence[Append]], list[BaseException | None]]
"""Writes appends in one transaction; returns each one's refusal (None: stored). An exception it
raises (the database is away) is every append's outcome."""


class GroupWriter:
    """The store's one writer of appends (a daemon thread, started on the first append)."""

    def __init__(self, write_batch: BatchWriter) -> None:
        self._write_batch = write_batch
        self._waiting: list[tuple[Append, Future[None]]] = []
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.batches = 0  # transactions written (GET /health shows the store's writes)
        self.largest = 0  # the most appends one transaction held

    def submit(self, room: str, action: StoredAction) -> Future[None]:
        """Queue ``action`` for ``room``; the future is done once it is committed (or refused:
        then it holds the refusal)."""
        done: Future[None] = Future()
        with self._wake:
            if self._closed:
                raise RuntimeError("the store is closed")
            self._waiting.append(((room, action), done))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="angler-store-writer", daemon=True
                )
                self._thread.start()
            self._wake.notify()
        return done

    def close(self) -> None:
        """Write what waits, then stop the thread."""
        with self._wake:
            self._closed = True
            self._wake.notify()
            thread = self._thread
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._waiting and not self._closed:
                    self._wake.wait()
                if not self._waiting:
                    return  # closed, and nothing left to write
                batch, self._waiting = self._waiting[:MAX_BATCH], self._waiting[MAX_BATCH:]
            self._write(batch)

    def _write(self, batch: list[tuple[Append, Future[None]]]) -> None:
        try:
            outcomes = self._write_batch([append for append, _ in batch])
        except Exception as exc:  # the database is away: every append is refused alike
            outcomes = [exc] * len(batch)
        self.batches += 1
        self.largest = max(self.largest, len(batch))
        for (_, done), outcome in zip(batch, outcomes, strict=True):
            if outcome is None:
                done.set_result(None)
            else:
                done.set_exception(outcome)
