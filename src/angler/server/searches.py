"""How bots' searches share the machine (docs/server.md, "Budgets and fairness").

- **The cap.** One decision's search takes at most ``BotCap.seconds`` (the server's
  ``max_bot_seconds``), or, counted in iterations, ``ITERATIONS_PER_SECOND`` times as many. A new
  room whose bot asks for more is refused (``bots.check_bots``); a stored room's bot made before
  a lower cap is held to it (``BotCap.clamp``), and so is what a paired search draws from the
  budget it banked.
- **Deadlines.** A bot whose budget is in seconds (the levels ``normal`` and ``hard``) decides
  within it, counted from when it asked: the wait for a worker comes out of its search, and a
  bot whose turn has not come by ``WAIT_SHARE`` of its budget plays its game's heuristic move
  instead (``bots.BotDriver._choose``). So no room's search holds up another room's bot past
  that bot's own budget. Budgets counted in iterations (for reproducible runs) wait their turn.
- **Turns.** The search workers are shared by every room: ``FairShare`` hands a free worker to
  the waiting room served least recently (round robin), and never a second worker to a room
  while another room waits for its first. So a room's search waits at most for the searches
  running when it asked and one search of each other waiting room, each within the cap: with W
  workers and R rooms searching, about ceil((R - 1) / W) + 1 caps at worst, whatever budgets
  the other rooms asked for.

Everything here runs on the server's event loop (one ``FairShare`` per loop), so it needs no lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

# Fishing's search, the fastest, makes about 9,000 iterations a second on one core: an iteration
# budget within the cap's seconds times this searches no longer than the cap.
ITERATIONS_PER_SECOND = 10_000
WAIT_SHARE = 0.9  # of a timed bot's budget, the most it waits for a worker; the rest searches
SERVED_KEPT = 4096  # rooms whose last turn is remembered (the least recent are forgotten first)


@dataclass(frozen=True)
class BotCap:
    """The most one bot decision may search: ``seconds``, or as many iterations."""

    seconds: float

    @property
    def iterations(self) -> int:
        return max(1, round(self.seconds * ITERATIONS_PER_SECOND))

    def problem(self, agent: object) -> str | None:
        """Why ``agent``'s budget is over the cap (one line), or None. Any agent with a
        ``seconds`` or ``iterations`` budget is a search (ISMCTS, rollout, OpenSpiel's)."""
        iterations = getattr(agent, "iterations", None)
        if iterations is not None:
            if iterations > self.iterations:
                return (
                    f"{iterations} iterations a decision is over this server's cap of "
                    f"{self.iterations} ({self.seconds:g} s)"
                )
            return None
        seconds = getattr(agent, "seconds", None)
        if isinstance(seconds, int | float) and seconds > self.seconds:
            return f"{seconds:g} s a decision is over this server's cap of {self.seconds:g} s"
        return None

    def clamp(self, agent: Any) -> None:
        """Hold ``agent`` to the cap before a decision: its budget (a room stored under a higher
        cap) and what a paired search may add from its bank (``ISMCTSAgent.bank``: a decision's
        allowance is its budget and at most the bank)."""
        iterations = getattr(agent, "iterations", None)
        if iterations is not None:
            agent.iterations = budget = min(iterations, self.iterations)
            most: float = self.iterations
        elif isinstance(getattr(agent, "seconds", None), int | float):
            agent.seconds = budget = min(agent.seconds, self.seconds)
            most = self.seconds
        else:
            return
        if isinstance(getattr(agent, "bank", None), float):
            agent.bank = min(agent.bank, most - budget)


class FairShare:
    """``slots`` search workers shared by rooms in turn. ``take(room)`` waits for a worker;
    ``give_back(room)`` frees it. A free worker goes to the waiting room with no search running,
    served least recently (never first; then whoever waited first): round robin, and no room
    holds a second worker while another room waits for its first."""

    def __init__(self, slots: int) -> None:
        self.free = max(1, slots)
        self.running: dict[Hashable, int] = {}
        self.waiting: dict[Hashable, deque[asyncio.Future[None]]] = {}
        self.served: OrderedDict[Hashable, int] = OrderedDict()  # least recently served first
        self.grants = 0
        self.order: list[Hashable] = []  # rooms in the order they were given a worker (tests)

    async def take(self, room: Hashable) -> None:
        if self.free > 0 and not self.waiting:
            self._grant(room)
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(room, deque()).append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # granted, then cancelled: unused
                self.give_back(room)
            else:
                self._forget(room, waiter)
            raise

    def give_back(self, room: Hashable) -> None:
        left = self.running.get(room, 0) - 1
        if left > 0:
            self.running[room] = left
        else:
            self.running.pop(room, None)
        self.free += 1
        self._dispatch()

    def _grant(self, room: Hashable) -> None:
        self.free -= 1
        self.running[room] = self.running.get(room, 0) + 1
        self.served.pop(room, None)
        self.served[room] = self.grants
        self.grants += 1
        if len(self.served) > SERVED_KEPT:  # forgotten: as if never served, the least recent
            self.served.popitem(last=False)
        self.order.append(room)
        del self.order[:-64]  # only the latest matter

    def _dispatch(self) -> None:
        while self.free > 0 and self.waiting:
            room = min(  # stable: among equals, the room that waited first
                self.waiting, key=lambda r: (r in self.running, self.served.get(r, -1))
            )
            queue = self.waiting[room]
            waiter = queue.popleft()
            if not queue:
                del self.waiting[room]
            if waiter.done():  # cancelled while waiting
                continue
            self._grant(room)
            waiter.set_result(None)

    def _forget(self, room: Hashable, waiter: asyncio.Future[None]) -> None:
        queue = self.waiting.get(room)
        if queue is None:
            return
        with contextlib.suppress(ValueError):
            queue.remove(waiter)
        if not queue:
            del self.waiting[room]


_shares: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, FairShare] = (
    weakref.WeakKeyDictionary()
)


def fair_share(slots: int) -> FairShare:
    """The running event loop's ``FairShare`` (a server is one loop; tests run several)."""
    loop = asyncio.get_running_loop()
    share = _shares.get(loop)
    if share is None:
        share = _shares[loop] = FairShare(slots)
    return share


async def search_in_turn(
    share: FairShare,
    room: Hashable,
    pool: Executor,
    work: Callable[..., T],
    *args: Any,
    wait_at_most: float | None = None,
) -> T:
    """``work(*args)`` in ``pool`` once ``room``'s turn comes; TimeoutError if it has not come
    within ``wait_at_most`` seconds (the room's place in line is given up). The worker is given
    back when the work ends, not when its caller stops waiting: a search cancelled while running
    still holds its worker until it finishes there."""
    await asyncio.wait_for(share.take(room), wait_at_most)
    loop = asyncio.get_running_loop()
    try:
        future = pool.submit(work, *args)
    except BaseException:
        share.give_back(room)
        raise

    def done(_: object) -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed (shutdown): nothing waits
            loop.call_soon_threadsafe(share.give_back, room)

    future.add_done_callback(done)
    return await asyncio.wrap_future(future)
