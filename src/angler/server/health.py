"""``GET /health`` asks the store too: a server whose database is away is not healthy, and a
load balancer reading 503 sends its players elsewhere (docs/server.md, "Faults")."""

from __future__ import annotations

import asyncio

from starlette.concurrency import run_in_threadpool

from angler.server.store import Store, StoreUnavailableError

PING_SECONDS = 2.0  # a store that does not answer SELECT 1 by then counts as away


class StoreProbe:
    """One ``SELECT 1`` at a time, however often /health is asked: a probe already under way is
    awaited by the others, so a hung database never piles up threads."""

    def __init__(self, store: Store, seconds: float = PING_SECONDS) -> None:
        self.store = store
        self.seconds = seconds
        self._probe: asyncio.Future[None] | None = None

    async def answers(self) -> bool:
        if self._probe is None or self._probe.done():
            self._probe = asyncio.ensure_future(run_in_threadpool(self.store.ping))
            self._probe.add_done_callback(_retrieved)  # a probe nobody awaited any more
        try:
            await asyncio.wait_for(asyncio.shield(self._probe), self.seconds)
        except (StoreUnavailableError, TimeoutError):
            return False
        return True


def _retrieved(probe: asyncio.Future[None]) -> None:
    if not probe.cancelled():
        probe.exception()
