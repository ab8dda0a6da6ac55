"""A cluster node's watch over rooms whose node died (docs/scaling.md, "A node's death").

A room is taken over by whichever node the balancer sends it to next, so a room someone plays
or watches is back within a second of its node's death. A room nobody asks for (bots playing
each other, a turn clock running out for someone away, a room waiting to be ended as
abandoned) would wait for a visitor. So each node says it is alive every ``BEAT_SECONDS``
(``Store.beat``), and every ``SWEEP_SECONDS`` takes over, at most ``SWEEP_AT_MOST`` at a time,
the live rooms no living node holds: rooms of a node not seen for ``DEAD_AFTER_SECONDS``, or
let go by a node's earlier run (``Store.release_mine`` at its start). A take-over is
conditional on the holder and epoch the sweep saw, so two nodes sweeping at once never take a
room twice; the balancer may later send it to a third, which takes it over as usual.
"""

from __future__ import annotations

import asyncio
import logging
import random
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool

from angler.server.store import StoreUnavailableError

if TYPE_CHECKING:
    from angler.server.hub import Hub

log = logging.getLogger(__name__)

BEAT_SECONDS = 2.0
DEAD_AFTER_SECONDS = 10.0  # five beats missed: stopped, stalled or cut off
SWEEP_SECONDS = 3.0
SWEEP_AT_MOST = 20  # rooms taken over in one sweep: a node is not stalled rebuilding hundreds


class Sweep:
    """Says ``hub``'s node is alive and takes over rooms whose node is not (``run``)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.taken = 0  # rooms taken over by sweeps since the start (GET /health)
        # Accounts deleted on other nodes are looked for from here on (``forget_deleted``).
        self.deleted_after = datetime.now(UTC) - timedelta(seconds=DEAD_AFTER_SECONDS)

    async def start(self) -> None:
        """At the node's start: its earlier run's rooms are let go, and it is alive."""
        released = await run_in_threadpool(self.hub.store.release_mine)
        if released:
            log.info("%d live rooms of this node's earlier run are let go", released)
        await run_in_threadpool(self.hub.store.beat)

    async def run(self) -> None:
        """Beat and sweep until cancelled; a store that does not answer is tried again."""
        rng = random.Random()
        swept_at = asyncio.get_running_loop().time()
        while True:
            await asyncio.sleep(BEAT_SECONDS * rng.uniform(0.8, 1.0))
            try:
                await run_in_threadpool(self.hub.store.beat)
                now = asyncio.get_running_loop().time()
                if now - swept_at >= SWEEP_SECONDS:
                    swept_at = now
                    await self.sweep_once()
                    await self.forget_deleted()
            except StoreUnavailableError:
                continue  # logged by the store; the next beat tries again
            except Exception:  # a defect in one sweep must not end the node's heartbeat
                log.exception("the sweep failed; it runs again at the next beat")

    async def forget_deleted(self) -> None:
        """Accounts deleted on any node since the last look: their names leave this node's
        tables too."""
        looked_at = datetime.now(UTC)
        accounts = self.hub.accounts
        # A little overlap: a deletion committed just before the last look is not missed.
        since = self.deleted_after - timedelta(seconds=SWEEP_SECONDS)
        for account in await run_in_threadpool(accounts.deleted_since, since):
            self.hub.account_deleted(account)
        self.deleted_after = looked_at

    async def sweep_once(self) -> list[str]:
        """Take over the live rooms no living node holds: the ones taken here."""
        store, registry = self.hub.store, self.hub.registry
        orphans = await run_in_threadpool(store.orphans, DEAD_AFTER_SECONDS, SWEEP_AT_MOST)
        taken = []
        for room_id, owner, epoch in orphans:
            room = await run_in_threadpool(registry.take_over_orphan, room_id, owner, epoch)
            if room is None:  # another node took it first, or it finished, or will not rebuild
                continue
            log.info("room %s taken over from %s, which is gone", room_id, owner or "nobody")
            taken.append(room_id)
            await self.hub.start_bots(room_id)
        self.taken += len(taken)
        return taken
