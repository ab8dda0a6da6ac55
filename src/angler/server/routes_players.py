"""Players over HTTP: a player's page and each game's leaderboard (``profiles.py``,
``ratings.py``). Public: what they show, every finished game's record shows everyone."""

from __future__ import annotations

from typing import Any, ClassVar

from fastapi import APIRouter, Query, Request
from starlette.concurrency import run_in_threadpool

from angler.core.errors import AnglerError
from angler.server.api import ErrorBody, LeaderboardEntry
from angler.server.hub import Hub
from angler.server.profiles import profile
from angler.server.ratings import LEADERBOARD_LEAST_GAMES
from angler.server.refusals import check_game

router = APIRouter()


class NoSuchPlayerError(AnglerError):
    code: ClassVar[str] = "player"
    status: ClassVar[int] = 404


@router.get(
    "/players/{name}",
    responses={404: {"model": ErrorBody}},
    summary="A player's page: games, win share and mean score per game and player count, "
    "ratings and their history, recent games",
)
async def player(name: str, request: Request) -> dict[str, Any]:
    hub: Hub = request.app.state.hub
    page = await run_in_threadpool(profile, hub.store, hub.accounts, hub.ratings, name)
    if page is None:
        raise NoSuchPlayerError(f"there is no player {name[:40]!r}")
    return page


@router.get(
    "/leaderboard/{game}",
    response_model=list[LeaderboardEntry],
    responses={404: {"model": ErrorBody}},
    summary="A game's best players by rating (mu - 3 sigma), with at least a few rated games",
)
async def leaderboard(
    game: str,
    request: Request,
    least_games: int = Query(
        default=LEADERBOARD_LEAST_GAMES, ge=1, le=1000, description="rated games at least"
    ),
) -> list[LeaderboardEntry]:
    check_game(game)
    hub: Hub = request.app.state.hub
    rows = await run_in_threadpool(hub.ratings.leaderboard, game, least_games)
    return [
        LeaderboardEntry(
            rank=rank,
            name=name,
            mu=round(rating.mu, 2),
            sigma=round(rating.sigma, 2),
            ordinal=round(rating.ordinal, 2),
            games=rating.games,
        )
        for rank, (name, rating) in enumerate(rows, start=1)
    ]
