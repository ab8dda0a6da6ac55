"""The load test's bot rooms (``--bots LEVEL``): how many bot seats one server keeps at pace.

Each match is a room whose every seat is a bot of one level, moving at the room's pace
(``pace_ms``, by default the server's: 800 ms), watched by one spectator socket. The server does
all the playing; the spectator only times it. A bot waits the pace after the state that makes it
decide, then thinks, then its move is stored and sent: the state that shows it comes one version
later. A move's **lag** is the time between those two states, as the spectator receives them,
minus the pace: what the server adds to the pace (the bot's thinking, the database write, the
broadcast, and the wait for a turn on a busy machine). The first move a spectator sees is not
timed: the bot's pace began before the spectator said hello.

The spectator reads of a ``state`` only ``version`` and ``over``.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import TYPE_CHECKING, Any

from angler.tools.loadtest_play import (
    RETRY_SECONDS,
    SILENCE_SECONDS,
    Failed,
    Table,
    Tally,
    connecting,
    create_room,
    receive_state,
)

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection


async def bot_match(table: Table, level: str, pace_ms: int | None, tally: Tally) -> None:
    """One match of bot rooms: a game after another until cancelled; an error abandons it."""
    from websockets.exceptions import WebSocketException

    from angler.server.bots import PACE_MS

    pace = (PACE_MS if pace_ms is None else pace_ms) / 1000
    settings = {} if pace_ms is None else {"pace_ms": pace_ms}
    silence = SILENCE_SECONDS + pace
    while True:
        try:
            room = await create_room(table, [level] * table.players, settings)
            tally.started()
            try:
                async with connecting(table, room) as connection:
                    await _watch(connection, pace, silence, tally)
            except TimeoutError:
                raise Failed("timeout", f"a spectator heard nothing for {silence:g} s") from None
            except (OSError, WebSocketException) as exc:
                raise Failed("socket", str(exc)) from None
            tally.finished()
        except Failed as failed:
            tally.error(failed.kind, failed.message)
            await asyncio.sleep(RETRY_SECONDS)


async def _watch(connection: ClientConnection, pace: float, silence: float, tally: Tally) -> None:
    """Follow one room as a spectator until its game is over, counting and timing its moves."""
    await connection.send(json.dumps({"type": "hello", "token": None}))
    latest: dict[str, Any] = await receive_state(connection, silence)
    version, seen_at, timed = latest["version"], time.perf_counter(), False
    while not latest["over"]:
        latest = await receive_state(connection, silence)
        now = time.perf_counter()
        steps = latest["version"] - version
        if steps <= 0:  # nothing moved (a seat came or went)
            continue
        if tally.measuring:
            tally.moves += steps
            if steps == 1 and timed:  # one move since the last state: its own lag
                tally.lags.append(now - seen_at - pace)
        version, seen_at, timed = latest["version"], now, True
