"""The server's HTTP application (FastAPI): the first routes of the online table.

``create_app(store)`` builds the app around an open :class:`~angler.server.store.Store`, so tests
and ``angler serve`` share one construction. FastAPI serves the OpenAPI document of every route at
``/openapi.json`` (and a browsable page at ``/docs``).
"""

from __future__ import annotations

from fastapi import FastAPI
from pydantic import BaseModel

from angler import __version__
from angler.core import all_games
from angler.server.store import Store


class Health(BaseModel):
    """What ``GET /health`` answers: the server is up, and what it serves."""

    status: str
    version: str
    games: list[str]
    live_rooms: int


def create_app(store: Store) -> FastAPI:
    """The application serving ``store``'s rooms."""
    app = FastAPI(
        title="angler",
        version=__version__,
        summary="Three fishing card games online: rooms, seats and their views.",
    )
    app.state.store = store

    @app.get("/health", response_model=Health, summary="Whether the server is up")
    def health() -> Health:
        return Health(
            status="ok",
            version=__version__,
            games=[game.name for game in all_games()],
            live_rooms=len(store.live_rooms()),
        )

    return app
