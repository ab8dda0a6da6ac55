"""The server's limits as command options, shared by ``angler serve`` and ``angler cluster``
(which hands them to each node)."""

from __future__ import annotations

from typing import Annotated

import typer

MESSAGES_PER_S = 50.0
ROOMS_PER_MINUTE = 30

MessagesPerS = Annotated[
    float,
    typer.Option(
        "--messages-per-s",
        min=0,
        metavar="R",
        help="Messages one socket may send a second (bursts twice that); 0: no limit.",
    ),
]
RoomsPerMinute = Annotated[
    int,
    typer.Option(
        "--rooms-per-minute",
        min=0,
        metavar="N",
        help="Rooms one client address may create a minute (on each node); 0: no limit.",
    ),
]
