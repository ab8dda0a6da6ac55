"""The server's application (FastAPI): rooms over HTTP, and one WebSocket per seat or spectator.

``create_app(store)`` builds the app around an open :class:`~angler.server.store.Store`, so tests
and ``angler serve`` share one construction: the hub (``hub.py``), the limits and the store go in
``app.state``, where the routes reach them (``health.py``, ``routes_rooms.py``,
``routes_socket.py``, ``web.py``). On start (the lifespan) every live room of the store is
rebuilt by replay. FastAPI serves the OpenAPI document of every route at ``/openapi.json`` (and a
browsable page at ``/docs``); every refusal is an ``ErrorBody`` (``refusals.py``). Every HTTP
answer carries the security headers (``security_headers.py``). The protocol is docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import gc
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from angler import __version__
from angler.server import (
    health,
    routes_accounts,
    routes_cards,
    routes_players,
    routes_rooms,
    routes_socket,
    wire,
)
from angler.server.accounts import Accounts, SignInLimits
from angler.server.bodies import BodyLimit
from angler.server.card_checks import CardChecks
from angler.server.health import StoreProbe
from angler.server.hub import Hub
from angler.server.limits import Limits, RoomCreations
from angler.server.refusals import add_refusals
from angler.server.reviews import Reviews
from angler.server.routes_accounts import SameOriginPosts
from angler.server.routes_socket import RoomSocket
from angler.server.searches import BotCap
from angler.server.security_headers import SecurityHeaders
from angler.server.store import Store
from angler.server.web import add_web_table

__all__ = ["MESSAGE_LIMIT", "RoomSocket", "create_app"]

MESSAGE_LIMIT = wire.MESSAGE_LIMIT
WRITER_SWITCH_S = 0.0005  # the GIL switch interval while serving (the default: 0.005)


def create_app(
    store: Store,
    limits: Limits | None = None,
    *,
    freeze_gc: bool = False,
    sign_in_limits: SignInLimits | None = None,
) -> FastAPI:
    """The application serving ``store``'s rooms, keeping ``limits`` (the defaults if None:
    ``limits.py``). ``freeze_gc``: once started, what start-up made (modules, games, rooms
    replayed) leaves the garbage collector's sight, and the collector's passes run by the
    server's policy (``collector.Collections``) instead of by themselves (``angler serve``
    sets it: it owns its process)."""
    limits = limits or Limits()
    accounts = Accounts(store, sign_in_limits)
    hub = Hub(store, BotCap(limits.max_bot_seconds), accounts)
    reviews = Reviews(
        store,
        hub.archive.finished_record,
        limits.review_budget,
        limits.reviews_waiting,
        limits.reviews_per_minute,
    )
    card_checks = CardChecks(
        limits.card_check_games,
        limits.card_report_games,
        limits.card_checks_waiting,
        limits.card_checks_per_minute,
    )

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        await reviews.start()
        await card_checks.start()
        collector = None
        if freeze_gc:
            gc.collect()
            gc.freeze()
            # The store's writer thread gives up the GIL at every database call; at the default
            # 5 ms switch interval it then waits that long for the busy event loop to give it
            # back, and a commit of a few appends took tens of milliseconds under load.
            sys.setswitchinterval(WRITER_SWITCH_S)
            collector = asyncio.create_task(hub.collections.run())
        yield
        if collector is not None:
            collector.cancel()
        await card_checks.stop()  # before the pool they run in stops
        await reviews.stop()
        await hub.stop()

    app = FastAPI(
        title="angler",
        version=__version__,
        summary="Three fishing card games online: rooms, seats and their views.",
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.hub = hub
    app.state.reviews = reviews
    app.state.card_checks = card_checks
    app.state.accounts = accounts
    app.state.limits = limits
    app.state.creations = RoomCreations(limits.rooms_per_minute)
    app.state.probe = StoreProbe(store)
    app.add_middleware(BodyLimit)  # a card set is kilobytes: a body of megabytes is refused
    app.add_middleware(SameOriginPosts)  # another site's page cannot post as its visitor
    add_refusals(app)
    app.include_router(health.router)
    app.include_router(routes_rooms.router)
    app.include_router(routes_socket.router)
    app.include_router(routes_accounts.router)
    app.include_router(routes_players.router)
    app.include_router(routes_cards.router)  # the card-set editor's (card_sets, card_checks)
    add_web_table(app)
    # Added last, so outermost of the added middleware: every answer of the ones above (a
    # refused body, another site's POST) carries the security headers too.
    docs_paths = (app.docs_url, app.redoc_url, app.swagger_ui_oauth2_redirect_url)
    app.add_middleware(SecurityHeaders, docs_paths=docs_paths)
    return app
