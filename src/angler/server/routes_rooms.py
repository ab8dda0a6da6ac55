"""The rooms over HTTP: create one, claim a seat, the lobby and the live and finished lists,
what a room is, what a seat sees now, and a finished room's record and replay. The hub and the
limits are the app's (``request.app.state``), reached through the dependencies below."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from angler.server.api import (
    ChatLineBody,
    ClaimSeat,
    CreateRoom,
    ErrorBody,
    FinishedRoom,
    LiveRoom,
    LobbyRoom,
    QuickPlay,
    QuickSeat,
    RoomCreated,
    RoomInfo,
    SeatClaimed,
)
from angler.server.hub import Hub
from angler.server.limits import Limits, RoomCreations
from angler.server.quick_play import PRIOR_MU, QUICK_TRIES, near_tables, new_table
from angler.server.ratings import RatedRoomError
from angler.server.refusals import ERRORS, UnknownGameAskedError, check_game
from angler.server.reviews import Reviews
from angler.server.rooms import GameOverError, SeatError, TokenError
from angler.server.routes_accounts import SignedInOrGuest
from angler.server.store import RoomFinishedError, RoomMovedError

router = APIRouter()


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _limits(request: Request) -> Limits:
    limits: Limits = request.app.state.limits
    return limits


def _creations(request: Request) -> RoomCreations:
    creations: RoomCreations = request.app.state.creations
    return creations


HubOf = Annotated[Hub, Depends(_hub)]


def _bearer(given: str | None) -> str | None:
    """The seat token of an HTTP request, from ``Authorization: Bearer TOKEN`` (never the URL:
    access logs print URLs); None for a spectator."""
    if given is None:
        return None
    scheme, _, token = given.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise TokenError("give the seat token as 'Authorization: Bearer TOKEN'")
    return token.strip()


def _creation_refused(
    http: Request, limits: Limits, creations: RoomCreations
) -> JSONResponse | None:
    """A 429 when this address made its rooms for the minute; None: it may make one."""
    address = http.client.host if http.client else "unknown"
    wait = creations.take(address)
    if not wait:
        return None
    message = (
        f"at most {limits.rooms_per_minute} new rooms a minute from one address: "
        f"try again in {wait} s"
    )
    body = ErrorBody(error="rate", message=message)
    return JSONResponse(body.model_dump(), status_code=429, headers={"Retry-After": str(wait)})


@router.post(
    "/rooms",
    response_model=RoomCreated,
    status_code=201,
    responses={**ERRORS, 429: {"model": ErrorBody}},
    summary="Create a room: tokens for its human seats, invitations for its open ones",
)
async def create_room(
    request: CreateRoom,
    http: Request,
    hub: HubOf,
    limits: Annotated[Limits, Depends(_limits)],
    creations: Annotated[RoomCreations, Depends(_creations)],
    account: SignedInOrGuest,
) -> RoomCreated | JSONResponse:
    refused = _creation_refused(http, limits, creations)
    if refused is not None:
        return refused
    created = await run_in_threadpool(hub.registry.create, request, account)
    await hub.start_bots(created.room)  # a room of bots (or bots first) starts playing
    return created


@router.post(
    "/rooms/{room}/seats/{seat}",
    response_model=SeatClaimed,
    responses=ERRORS,
    summary="Claim a seat: an invitation with its code (the body's `invite`), a public seat "
    "with none; its token",
)
async def claim_seat(
    room: str, seat: int, hub: HubOf, account: SignedInOrGuest, body: ClaimSeat | None = None
) -> SeatClaimed:
    # A copy held here that another node took over since is let go first, and the room taken
    # over: a friend's claim is never refused because the room moved (its bots play on here).
    live = await hub.live_room(room)
    try:
        claimed = await run_in_threadpool(
            hub.registry.claim, room, seat, body.invite if body else None, account
        )
    except RoomMovedError:  # taken over again meanwhile: refused, and the room let go here
        await hub.let_go(room, live)
        raise
    hub.presence.away_from_the_start(room)  # until the friend's socket says hello
    hub.presence.soon(room)  # the table shows the friend arrived
    return claimed


@router.get(
    "/rooms",
    response_model=list[LobbyRoom],
    responses=ERRORS,
    summary="The lobby: rooms with open seats and who waits there, oldest first",
)
async def lobby(
    hub: HubOf,
    game: Annotated[str | None, Query(description="only this game's rooms")] = None,
    rating_min: Annotated[
        float | None, Query(ge=-100, le=200, description="only rooms rated at least this (mu)")
    ] = None,
    rating_max: Annotated[
        float | None, Query(ge=-100, le=200, description="only rooms rated at most this (mu)")
    ] = None,
) -> list[LobbyRoom]:
    if game is not None:
        check_game(game, UnknownGameAskedError)
    return await run_in_threadpool(hub.registry.lobby, game, rating_min, rating_max)


@router.post(
    "/quickplay",
    response_model=QuickSeat,
    responses={**ERRORS, 429: {"model": ErrorBody}},
    summary="Quick play: a seat at the next open table of a game near my rating, or a new "
    "table whose free seats go to bots after the wait chosen",
)
async def quick_play(
    ask: QuickPlay,
    http: Request,
    hub: HubOf,
    limits: Annotated[Limits, Depends(_limits)],
    creations: Annotated[RoomCreations, Depends(_creations)],
    account: SignedInOrGuest,
) -> QuickSeat | JSONResponse:
    check_game(ask.game, UnknownGameAskedError)
    if ask.rated and account is None:
        raise RatedRoomError("sign in to play rated")
    mine = PRIOR_MU
    if account is not None:
        ratings = await run_in_threadpool(hub.ratings.of, [account.id], ask.game)
        mine = ratings[account.id].mu
    rooms = await run_in_threadpool(hub.registry.lobby, ask.game)
    for table in near_tables(rooms, ask, mine, account is not None)[:QUICK_TRIES]:
        for seat in table.open_seats:
            try:
                claimed = await claim_seat(table.room, seat, hub, account)
            except (SeatError, GameOverError, RatedRoomError, RoomFinishedError, RoomMovedError):
                continue  # taken meanwhile, or the account sits there already: the next one
            return QuickSeat(room=table.room, seat=claimed.seat, token=claimed.token, created=False)
    refused = _creation_refused(http, limits, creations)
    if refused is not None:
        return refused
    created = await run_in_threadpool(
        hub.registry.create, new_table(ask, account is not None), account
    )
    await hub.start_bots(created.room)
    mine_seat = created.seats[0]
    assert mine_seat.token is not None  # the creator's seat: claimed as it was made
    return QuickSeat(room=created.room, seat=mine_seat.seat, token=mine_seat.token, created=True)


@router.get("/rooms/finished", response_model=list[FinishedRoom], summary="Finished rooms")
async def finished(hub: HubOf) -> list[FinishedRoom]:
    return await run_in_threadpool(hub.archive.finished)


@router.get(
    "/rooms/{room}/record",
    responses={403: {"model": ErrorBody}, 404: {"model": ErrorBody}},
    summary="A finished room's record (docs/records.md)",
)
async def record(room: str, hub: HubOf) -> dict[str, Any]:
    return await run_in_threadpool(hub.archive.record, room)


@router.get(
    "/rooms/{room}/view",
    responses=ERRORS,
    summary="What a seat sees now (its token as `Authorization: Bearer TOKEN`), or, with no "
    "token, what a spectator sees: the same payload its socket is sent",
)
async def view(
    room: str,
    hub: HubOf,
    authorization: Annotated[
        str | None, Header(description="`Bearer TOKEN`: a seat's token (none: a spectator)")
    ] = None,
) -> dict[str, Any]:
    token = _bearer(authorization)
    live = await hub.live_room(room)

    def payload() -> dict[str, Any]:
        seat = None if token is None else live.seat_of(token)
        return {"type": "state", **live.payload(seat)}

    return await run_in_threadpool(payload)


@router.get(
    "/rooms/{room}/chat",
    response_model=list[ChatLineBody],
    responses={403: {"model": ErrorBody}, 404: {"model": ErrorBody}},
    summary="A finished room's chat, both its people's and its spectators' (403 while live)",
)
async def chat(room: str, hub: HubOf) -> list[ChatLineBody]:
    lines = await run_in_threadpool(hub.chat.finished_lines, room)
    return [ChatLineBody(**msgspec.structs.asdict(line)) for line in lines]


@router.get("/rooms/live", response_model=list[LiveRoom], summary="Live rooms, to watch or join")
async def live(hub: HubOf) -> list[LiveRoom]:
    return await run_in_threadpool(hub.registry.live)


@router.get("/rooms/{room}", response_model=RoomInfo, responses=ERRORS, summary="What a room is")
async def room_info(room: str, hub: HubOf) -> RoomInfo:
    return await run_in_threadpool(hub.registry.info, room)


@router.get(
    "/rooms/{room}/replay",
    responses={400: {"model": ErrorBody}, 403: {"model": ErrorBody}, 404: {"model": ErrorBody}},
    summary="A finished game step by step, as one seat saw it (seat=0, 1…), as a spectator "
    "did (no seat) or with everything shown (seat=all: every hand and face-down card)",
)
async def replay(room: str, hub: HubOf, seat: str | None = None) -> dict[str, Any]:
    return await run_in_threadpool(hub.archive.replay, room, seat)


def _reviews(request: Request) -> Reviews:
    reviews: Reviews = request.app.state.reviews
    return reviews


ReviewsOf = Annotated[Reviews, Depends(_reviews)]
REVIEW_REFUSALS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody},
    403: {"model": ErrorBody},
    404: {"model": ErrorBody},
    429: {"model": ErrorBody},
}


@router.post(
    "/rooms/{room}/reviews/{seat}",
    status_code=202,
    responses=REVIEW_REFUSALS,
    summary="Queue the review of a seat of a finished room (anyone may ask; a review asked "
    "already is returned as it stands, never computed again)",
)
async def ask_review(
    room: str, seat: str, http: Request, reviews: ReviewsOf, account: SignedInOrGuest
) -> dict[str, Any]:
    # ``account``: not needed to ask, but a POST a session cookie comes with carries its CSRF
    # token, as every other does.
    address = http.client.host if http.client else "unknown"
    shown, _ = await reviews.ask(room, seat, address)
    return shown


@router.get(
    "/rooms/{room}/reviews/{seat}",
    responses={400: {"model": ErrorBody}, 403: {"model": ErrorBody}, 404: {"model": ErrorBody}},
    summary="A seat's review of a finished room: queued, running (done of total decisions), "
    "done (with the review) or failed",
)
async def review(room: str, seat: str, reviews: ReviewsOf) -> dict[str, Any]:
    return await run_in_threadpool(reviews.status, room, seat)
