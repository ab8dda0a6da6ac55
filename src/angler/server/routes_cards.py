"""The card-set editor's routes (docs/protocol.md, "Card sets"): a game's bundled set and its
schema, an edited set checked as ``--cards`` checks a file, and its comparison with the bundled
set queued on the bots' pool (``card_checks.py``): a quick check's headline figures, or the full
HTML report.

The POSTs take a session cookie's CSRF token as every POST does (``SignedInOrGuest``); a check
is counted against its person: the account signed in, else the address."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from angler.core.registry import get_game
from angler.server.api import BundledCardSet, CardSetBody, CardSetChecked, ErrorBody
from angler.server.card_checks import CardChecks, Kind
from angler.server.card_sets import bundled_cards, card_schema, check_card_set, require_card_set
from angler.server.limits import Limits
from angler.server.routes_accounts import SignedInOrGuest

router = APIRouter()
REFUSALS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody},  # a body that is not JSON, or a card set that is not an object
    403: {"model": ErrorBody},
    404: {"model": ErrorBody},
    422: {"model": ErrorBody},
    429: {"model": ErrorBody},
}


def _checks(request: Request) -> CardChecks:
    checks: CardChecks = request.app.state.card_checks
    return checks


ChecksOf = Annotated[CardChecks, Depends(_checks)]


@router.get(
    "/cards/{game}",
    response_model=BundledCardSet,
    responses={404: {"model": ErrorBody}},
    summary="A game's own card set, the JSON Schema of its card files, and what a check plays",
)
async def bundled(game: str, request: Request) -> dict[str, Any]:
    cards = await run_in_threadpool(bundled_cards, game)
    limits: Limits = request.app.state.limits
    cls = get_game(game)
    return {
        "game": game,
        "title": cls.title,
        "players": cls.default_players,
        "check_games": limits.card_check_games,
        "report_games": limits.card_report_games,
        "cards": cards,
        "schema": card_schema(game),
    }


@router.post(
    "/cards/{game}/check",
    response_model=CardSetChecked,
    responses=REFUSALS,
    summary="Check a card set as --cards checks a file: every problem with its place",
)
async def check(game: str, body: CardSetBody, account: SignedInOrGuest) -> dict[str, Any]:
    # ``account``: not needed, but a POST a session cookie comes with carries its CSRF token.
    problems = await run_in_threadpool(check_card_set, game, body.cards)
    return {"ok": not problems, "problems": [problem.as_dict() for problem in problems]}


async def _ask(
    game: str, body: CardSetBody, kind: Kind, http: Request, account: Any, checks: CardChecks
) -> dict[str, Any]:
    cards = await run_in_threadpool(require_card_set, game, body.cards)
    address = http.client.host if http.client else "unknown"
    person = f"account:{account.id}" if account is not None else f"address:{address}"
    return checks.ask(game, cards, kind, person)


@router.post(
    "/cards/{game}/quick-check",
    status_code=202,
    responses=REFUSALS,
    summary="Queue a quick check: the edited set (B) against the bundled one (A), a few games, "
    "headline figures",
)
async def quick_check(
    game: str, body: CardSetBody, http: Request, account: SignedInOrGuest, checks: ChecksOf
) -> dict[str, Any]:
    return await _ask(game, body, "quick", http, account, checks)


@router.post(
    "/cards/{game}/report",
    status_code=202,
    responses=REFUSALS,
    summary="Queue a full report: the edited set (B) against the bundled one (A), as angler "
    "analyse --compare writes it",
)
async def full_report(
    game: str, body: CardSetBody, http: Request, account: SignedInOrGuest, checks: ChecksOf
) -> dict[str, Any]:
    return await _ask(game, body, "report", http, account, checks)


@router.get(
    "/cards/checks/{check_id}",
    responses={404: {"model": ErrorBody}},
    summary="A check's progress (done of total games), then its figures or its report's address",
)
async def check_status(check_id: str, checks: ChecksOf) -> dict[str, Any]:
    return checks.status(check_id)


@router.get(
    "/cards/checks/{check_id}/report",
    response_class=HTMLResponse,
    responses={404: {"model": ErrorBody}, 409: {"model": ErrorBody}},
    summary="A full report's page: one self-contained HTML file",
)
async def report_page(check_id: str, checks: ChecksOf) -> HTMLResponse:
    return HTMLResponse(checks.report(check_id))
