"""People playing a room through the balancer, each seat on a socket of its own that comes back
whenever it is closed or cut (as the browser's ``net.js`` does), saying hello again. Each move
carries an id; the state that comes back with it is the move's acknowledgement, and the
version it carries names the stored action it became."""

from __future__ import annotations

import asyncio
import json
import random
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from angler.server.payloads import sendable

GAME_SECONDS = 120.0  # a whole game through the balancer, kills and takeovers included


@dataclass
class Table:
    """What the players saw: each acknowledged move as (action index, seat), the reconnections,
    the refusals by kind, and the last state each seat was sent."""

    acknowledged: list[tuple[int, int]] = field(default_factory=list)
    reconnects: int = 0
    refusals: dict[str, int] = field(default_factory=dict)
    latest: dict[int, dict[str, Any]] = field(default_factory=dict)
    version: int = 0  # the newest version any seat was sent


async def play_through(
    ws: str,
    room: str,
    tokens: dict[int, str],
    seed: int,
    meanwhile: Callable[[Table], Any],
    tls: ssl.SSLContext | None = None,
) -> Table:
    """Every seat plays random offered moves until the game is over; ``meanwhile`` is called
    with the table after every state any seat receives (to kill a node mid-game, say)."""
    table = Table()
    async with asyncio.timeout(GAME_SECONDS):
        await asyncio.gather(
            *(
                _seat(ws, room, seat, token, random.Random(seed + seat), table, meanwhile, tls)
                for seat, token in tokens.items()
            )
        )
    return table


async def _seat(
    ws: str,
    room: str,
    seat: int,
    token: str,
    rng: random.Random,
    table: Table,
    meanwhile: Callable[[Table], Any],
    tls: ssl.SSLContext | None = None,
) -> None:
    moves = 0
    while True:
        try:
            async with connect(f"{ws}/rooms/{room}/ws", open_timeout=5, ssl=tls) as socket:
                await socket.send(json.dumps({"type": "hello", "token": token}))
                pending: str | None = None
                async for raw in socket:
                    message = json.loads(raw)
                    if message["type"] == "error":
                        kind = message["error"]
                        table.refusals[kind] = table.refusals.get(kind, 0) + 1
                        pending = None
                        continue
                    if message["type"] != "state":
                        continue
                    state = table.latest[seat] = _whole(table.latest.get(seat), message)
                    table.version = max(table.version, state["version"])
                    if pending is not None and message.get("id") == pending:
                        table.acknowledged.append((state["version"] - 1, seat))
                        pending = None
                    meanwhile(table)
                    if state["over"]:
                        return
                    if pending is None and seat in state["to_act"] and state["legal"]:
                        moves += 1
                        pending = f"{seat}-{moves}"
                        move = {
                            "type": "move",
                            "action": sendable(rng.choice(state["legal"])),
                            "version": state["version"],
                            "id": pending,
                        }
                        await socket.send(json.dumps(move))
        except (ConnectionClosed, InvalidStatus, OSError, TimeoutError):
            pass  # cut, closed (1012: the room moved) or refused while a node dies: come back
        table.reconnects += 1
        await asyncio.sleep(0.2 + 0.3 * rng.random())


def _whole(held: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """The state as a client keeps it (only what these players read: the board is not)."""
    return {**(held or {}), **message}
