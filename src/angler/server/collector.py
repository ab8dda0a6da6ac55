"""The garbage collector's policy for a process that serves many rooms or drives many sockets
(``angler serve``, and ``angler loadtest``'s clients, so that its own pauses are not read as
the server's latency)."""

from __future__ import annotations

import asyncio
import gc
import time

FULL_COLLECTION_S = 300.0  # while serving, the collector's full pass runs this often at least
ROOMS_PER_PASS = 200  # or once this many rooms have left memory since the last one
SOCKETS_PER_PASS = 1000  # or this many sockets have closed
TICK_S = 1.0  # how often the count is looked at
NEVER_BY_ITSELF = 1 << 30  # a threshold for the oldest generation that is never reached


class FullCollections:
    """The garbage collector's full pass, run here and never by itself: once ``rooms`` rooms
    have left memory or ``sockets`` sockets have closed since the last one, or ``every`` seconds
    after it at the latest.

    A full pass walks every object the process holds (a thousand sockets and their rooms are
    some 400,000) and pauses every room for a tenth of a second or more. Left to itself it ran
    every few seconds under load, though play frees nearly everything it makes as it goes, and
    those pauses were the slowest moves (p99). What does wait for a full pass is what dies in
    a cycle after it grew old: a closed socket leaves some 85 objects of the socket stack's own
    in cycles (its protocol, request, tasks, a cancellation's traceback). A finished room leaves
    next to nothing since rooms share their game objects (``rooms.game_of_parts``: a game's
    parts refer to one another, some 200 KB a room when each had its own); it is counted in
    case a cycle comes back. Counting both bounds what waits, however fast games end and
    sockets come and go; a server whose games last do not pause for it. The young generations
    are collected as before (their pauses are a few milliseconds: a larger threshold made
    fewer, longer ones, up to 90 ms)."""

    def __init__(
        self,
        every: float = FULL_COLLECTION_S,
        rooms: int = ROOMS_PER_PASS,
        tick: float = TICK_S,
        sockets: int = SOCKETS_PER_PASS,
    ) -> None:
        self.every = every
        self.rooms = rooms
        self.sockets = sockets
        self.tick = tick
        self.rooms_left = 0  # since the last full pass
        self.sockets_left = 0
        self.passes = 0

    def room_left(self) -> None:
        """A room left memory (finished): what it left in cycles waits for a full pass."""
        self.rooms_left += 1

    def socket_left(self) -> None:
        """A socket closed: what it left in cycles waits for a full pass."""
        self.sockets_left += 1

    def _owed(self) -> bool:
        return self.rooms_left >= self.rooms or self.sockets_left >= self.sockets

    async def run(self) -> None:
        """Run the passes until cancelled; the process's own thresholds come back then."""
        before = gc.get_threshold()
        gc.set_threshold(before[0], before[1], NEVER_BY_ITSELF)
        try:
            while True:
                due = time.monotonic() + self.every
                while not self._owed() and time.monotonic() < due:
                    await asyncio.sleep(self.tick)
                self.rooms_left = self.sockets_left = 0
                gc.collect()
                self.passes += 1
        finally:
            gc.set_threshold(*before)


async def full_collections(every: float = FULL_COLLECTION_S) -> None:
    """Full passes on a timer alone (a process without rooms: the load test's clients)."""
    await FullCollections(every).run()
