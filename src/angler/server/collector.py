"""The garbage collector's policy for a process that serves many rooms or drives many sockets
(``angler serve``, and ``angler loadtest``'s clients, so that their own pauses are not read as
the server's latency)."""

from __future__ import annotations

import asyncio
import gc
import time

PASS_S = 300.0  # while serving, a pass over what is new runs this often at least
GROWTH_PER_PASS = 100_000  # or once this many more objects are held than after the last pass,
# and twice as many as then
THOROUGH_S = 3600.0  # and a pass over everything this often
TICK_S = 1.0  # how often the growth is looked at


class Collections:
    """The garbage collector switched off, and its passes run here instead.

    Play frees what it makes by reference counts as it goes: a played room, a closed socket
    and a finished game leave nothing in cycles (tests count it). The collector's own young
    passes found nothing, yet under 250 busy rooms they cost a tenth of the server's time and
    paused every room for up to 36 ms: a room's state lives half a second, long enough to be
    promoted and walked again and again. A full pass walks everything the process holds (some
    300,000 objects under 250 rooms, 700,000 under 500) and pauses every room for 150 to
    400 ms.

    So a pass runs only when something may be waiting for it: once the objects held have
    doubled since the last pass (and grown by ``growth`` at least), or ``every`` seconds after
    it at the latest. The count of objects grows with each one made and shrinks with each one
    freed: growth that stays is more rooms and sockets, or garbage in cycles, and the pass
    tells which. Garbage in cycles, if any, thus stays within what the process holds, and a
    growing server is not paused again and again for what is alive. What survives a pass is
    frozen (``gc.freeze``), out of the next one's sight: long-lived sockets, tasks and the
    socket stack are walked once, not at every pass. Every ``thorough`` seconds a
    pass thaws everything first and walks it all: what dies in a cycle after it was frozen
    waits for that one, at most an hour."""

    def __init__(
        self,
        every: float = PASS_S,
        growth: int = GROWTH_PER_PASS,
        thorough: float = THOROUGH_S,
        tick: float = TICK_S,
    ) -> None:
        self.every = every
        self.growth = growth
        self.thorough = thorough
        self.tick = tick
        self.passes = 0
        self.thorough_passes = 0
        self.found = 0  # what the passes found unreachable, in all
        self.held = 0  # the objects held after the last pass (all frozen then)

    def _grown(self) -> bool:
        # With the collector off, the youngest generation's count is the objects made less
        # those freed since the last pass.
        return gc.get_count()[0] >= max(self.growth, self.held)

    async def run(self) -> None:
        """Run the passes until cancelled; then what was frozen is thawed, and the collector is
        switched back on if it was."""
        was_on = gc.isenabled()
        gc.disable()
        self.held = gc.get_freeze_count()  # what start-up made, frozen by ``angler serve``
        thorough_due = time.monotonic() + self.thorough
        try:
            while True:
                due = time.monotonic() + self.every
                while not self._grown() and time.monotonic() < due:
                    await asyncio.sleep(self.tick)
                thorough = time.monotonic() >= thorough_due
                if thorough:
                    thorough_due = time.monotonic() + self.thorough
                self.pass_once(thorough)
        finally:
            gc.unfreeze()
            if was_on:
                gc.enable()

    def pass_once(self, thorough: bool = False) -> None:
        """A pass over what is new (``thorough``: over everything), and what survives it
        frozen."""
        if thorough:
            gc.unfreeze()
            self.thorough_passes += 1
        self.found += gc.collect()
        gc.freeze()
        self.held = gc.get_freeze_count()
        self.passes += 1
