"""The garbage collector's policy for a process that serves many rooms or drives many sockets
(``angler serve``, and ``angler loadtest``'s clients, so that its own pauses are not read as
the server's latency)."""

from __future__ import annotations

import asyncio
import gc

FULL_COLLECTION_S = 300.0  # while serving, the collector's full pass runs this often, no more
NEVER_BY_ITSELF = 1 << 30  # a threshold for the oldest generation that is never reached


async def full_collections(every: float = FULL_COLLECTION_S) -> None:
    """The garbage collector's full pass, every ``every`` seconds and never by itself.

    A full pass walks every object the process holds (a thousand sockets and their rooms are
    some 400,000) and pauses every room for a tenth of a second or more. Left to itself it ran
    every few seconds under load, and those pauses were the slowest moves (p99). The young
    generations are collected as before (their pauses are a few milliseconds: a larger
    threshold made fewer, longer ones, up to 90 ms); what outlives them and then dies in a cycle
    waits at most ``every`` seconds."""
    before = gc.get_threshold()
    gc.set_threshold(before[0], before[1], NEVER_BY_ITSELF)
    try:
        while True:
            await asyncio.sleep(every)
            gc.collect()
    finally:
        gc.set_threshold(*before)
