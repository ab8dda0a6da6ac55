"""``GET /health`` asks the store too: a server whose database is away is not healthy, and a
load balancer reading 503 sends its players elsewhere (docs/server.md, "Faults")."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from angler import __version__
from angler.core import all_games
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


class Health(BaseModel):
    """What ``GET /health`` answers: the server is up, and what it serves."""

    status: str
    version: str
    games: list[str]
    live_rooms: int
    node: str = Field(description="this server's name among the nodes of its database")
    rooms_moved_away: int = Field(
        description="rooms this node let go since it started because another node took them "
        "over (the store's fence refused a write here, or a request found it so)"
    )
    rooms_swept: int = Field(
        description="rooms this node took over since it started because no living node held "
        "them and no one asked for them (a cluster's sweep: docs/scaling.md)"
    )
    store_writes: int = Field(
        description="write transactions committed by this process since it started (rooms, "
        "moves, seats, finishes): the load test's database writes per second"
    )


router = APIRouter()


@router.get(
    "/health",
    response_model=Health,
    responses={503: {"model": Health, "description": "the store does not answer"}},
    summary="Whether the server is up and its store answers",
)
async def health(request: Request) -> Health | JSONResponse:
    state = request.app.state
    up = await state.probe.answers()
    body = Health(
        status="ok" if up else "store unavailable",
        version=__version__,
        games=[game.name for game in all_games()],
        live_rooms=len(state.hub.rooms),
        node=state.store.node,
        rooms_moved_away=state.hub.moved_away,
        rooms_swept=state.hub.sweep.taken,
        store_writes=state.store.writes,
    )
    return body if up else JSONResponse(body.model_dump(), status_code=503)
