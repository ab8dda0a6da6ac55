"""A cluster node's heartbeat and sweep (``server/sweep.py``) go on whatever one sweep meets:
the store away, or a defect."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from angler.server import sweep as sweep_module
from angler.server.store import StoreUnavailableError
from angler.server.sweep import Sweep


class _Store:
    def __init__(self) -> None:
        self.beats = 0
        self.sweeps = 0

    def beat(self) -> None:
        self.beats += 1
        if self.beats == 2:
            raise StoreUnavailableError("away")

    def orphans(self, dead_after: float, limit: int) -> list[tuple[str, str | None, int]]:
        self.sweeps += 1
        if self.sweeps == 1:
            raise RuntimeError("a defect")
        return [("r1", None, 3)]


class _Registry:
    def __init__(self) -> None:
        self.taken: list[tuple[str, str | None, int]] = []

    def take_over_orphan(self, room: str, owner: str | None, epoch: int) -> Any:
        self.taken.append((room, owner, epoch))
        return object()


def test_the_heartbeat_and_sweep_go_on_past_an_outage_and_a_defect(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sweep_module, "BEAT_SECONDS", 0.01)
    monkeypatch.setattr(sweep_module, "SWEEP_SECONDS", 0.0)
    store, registry, started = _Store(), _Registry(), []

    async def start_bots(room: str) -> None:
        started.append(room)

    hub = SimpleNamespace(store=store, registry=registry, start_bots=start_bots)
    sweep = Sweep(hub)  # type: ignore[arg-type]

    async def run_a_while() -> None:
        task = asyncio.create_task(sweep.run())
        for _ in range(500):
            await asyncio.sleep(0.01)
            if sweep.taken >= 2:
                break
        task.cancel()

    asyncio.run(run_a_while())
    assert store.beats >= 4 and store.sweeps >= 3  # past the outage and the defect
    assert registry.taken[0] == ("r1", None, 3) and started[:2] == ["r1", "r1"]
    assert sweep.taken >= 2
