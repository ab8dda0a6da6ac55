"""Accounts over HTTP: sign up, sign in and out, who is signed in, a password change, deleting
the account (``accounts.py``); and what every cookie-authorised request must carry.

The session is a cookie (``SESSION_COOKIE``: HttpOnly, SameSite=Lax, Secure over HTTPS). A
POST that the cookie authorises must carry the session's CSRF token as ``X-CSRF-Token``
(``signed_in``), and any POST whose ``Origin`` names another site is refused before it is read
(``SameOriginPosts``). A cookie that is forged, ended or expired authorises nothing: the request
is a guest's (and the account routes answer 401).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Request, Response
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from angler.server.accounts import (
    SESSION_DAYS,
    Account,
    AccountError,
    Accounts,
    SignedIn,
    SignInError,
    csrf_matches,
    csrf_token,
)
from angler.server.api import (
    AccountInfo,
    AccountRoom,
    Credentials,
    ErrorBody,
    PasswordChange,
    PasswordGiven,
)

SESSION_COOKIE = "angler_session"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
ROOMS_LISTED = 50  # an account's live rooms listed at most

router = APIRouter()
_REFUSALS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody},
    401: {"model": ErrorBody},
    403: {"model": ErrorBody},
    409: {"model": ErrorBody},
    422: {"model": ErrorBody},
    429: {"model": ErrorBody},
}


class CsrfError(AccountError):
    code: ClassVar[str] = "csrf"
    status: ClassVar[int] = 403


def _accounts(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


AccountsOf = Annotated[Accounts, Depends(_accounts)]


def session_token(request: Request) -> str | None:
    return request.cookies.get(SESSION_COOKIE)


async def signed_in(request: Request) -> Account | None:
    """The account the request's session cookie is signed in to, or None (a guest). A POST
    the cookie authorises must carry the session's CSRF token (CsrfError if not)."""
    token = session_token(request)
    if token is None:
        return None
    account = await run_in_threadpool(_accounts(request).account_of, token)
    if account is None:
        return None
    if request.method not in SAFE_METHODS and not csrf_matches(
        token, request.headers.get(CSRF_HEADER)
    ):
        raise CsrfError(
            "a request signed in by cookie needs its CSRF token as X-CSRF-Token "
            "(GET /session gives it)"
        )
    return account


SignedInOrGuest = Annotated[Account | None, Depends(signed_in)]


def _info(signed: SignedIn) -> AccountInfo:
    account = signed.account
    return AccountInfo(id=account.id, name=account.name, csrf=csrf_token(signed.token))


def _set_session(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=SESSION_DAYS * 24 * 3600,
        path="/",
        httponly=True,  # no script reads it: an injected one cannot steal the session
        samesite="lax",  # other sites' POSTs and sockets do not carry it
        secure=request.url.scheme == "https",  # behind TLS (HAProxy's, too) only over TLS
    )


def _end_session(response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


@router.post(
    "/accounts",
    response_model=AccountInfo,
    status_code=201,
    responses=_REFUSALS,
    summary="Sign up: a new account with this name and password, signed in (a session cookie)",
)
async def sign_up(
    body: Credentials, request: Request, response: Response, accounts: AccountsOf
) -> AccountInfo:
    signed = await run_in_threadpool(accounts.sign_up, body.name, body.password)
    await _leave_old_session(request, accounts)
    _set_session(request, response, signed.token)
    return _info(signed)


@router.post(
    "/session",
    response_model=AccountInfo,
    responses=_REFUSALS,
    summary="Sign in: a session cookie for the account of this name and password",
)
async def sign_in(
    body: Credentials, request: Request, response: Response, accounts: AccountsOf
) -> AccountInfo:
    signed = await run_in_threadpool(accounts.sign_in, body.name, body.password, _address(request))
    await _leave_old_session(request, accounts)
    _set_session(request, response, signed.token)
    return _info(signed)


@router.get(
    "/session",
    response_model=AccountInfo,
    responses={401: {"model": ErrorBody}},
    summary="Who is signed in here, and the CSRF token for their POSTs (401: nobody)",
)
async def who(request: Request, account: SignedInOrGuest) -> AccountInfo:
    token = session_token(request)
    if account is None or token is None:
        raise SignInError("not signed in")
    return AccountInfo(id=account.id, name=account.name, csrf=csrf_token(token))


@router.post(
    "/session/end",
    status_code=204,
    responses={403: {"model": ErrorBody}},
    summary="Sign out: this browser's session ends",
)
async def sign_out(
    request: Request, response: Response, accounts: AccountsOf, account: SignedInOrGuest
) -> None:
    token = session_token(request)
    if account is not None and token is not None:
        await run_in_threadpool(accounts.sign_out, token)
    _end_session(response)


@router.post(
    "/account/password",
    response_model=AccountInfo,
    responses=_REFUSALS,
    summary="Change the password (the current one given): every other session ends",
)
async def change_password(
    body: PasswordChange,
    request: Request,
    response: Response,
    accounts: AccountsOf,
    account: SignedInOrGuest,
) -> AccountInfo:
    token = _required(request, account)
    signed = await run_in_threadpool(accounts.change_password, token, body.current, body.new)
    _set_session(request, response, signed.token)
    return _info(signed)


@router.post(
    "/account/delete",
    status_code=204,
    responses=_REFUSALS,
    summary="Delete the account (its password given): signed out, its name gone from every "
    "table; its games keep their seats",
)
async def delete_account(
    body: PasswordGiven,
    request: Request,
    response: Response,
    accounts: AccountsOf,
    account: SignedInOrGuest,
) -> None:
    token = _required(request, account)
    deleted = await run_in_threadpool(accounts.delete, token, body.password)
    request.app.state.hub.account_deleted(deleted.id)
    _end_session(response)


@router.get(
    "/account/rooms",
    response_model=list[AccountRoom],
    responses={401: {"model": ErrorBody}},
    summary="The live rooms where the signed-in account holds a seat, newest first",
)
async def account_rooms(
    request: Request, accounts: AccountsOf, account: SignedInOrGuest
) -> list[AccountRoom]:
    _required(request, account)
    assert account is not None
    rows = await run_in_threadpool(accounts.store.account_rooms, account.id, ROOMS_LISTED)
    return [AccountRoom(room=room, game=game, seat=seat) for room, game, seat in rows]


def _required(request: Request, account: Account | None) -> str:
    token = session_token(request)
    if account is None or token is None:
        raise SignInError("not signed in: sign in first")
    return token


async def _leave_old_session(request: Request, accounts: Accounts) -> None:
    """A browser signing in again (or up) ends the session it had: one session per cookie."""
    old = session_token(request)
    if old is not None:
        await run_in_threadpool(accounts.sign_out, old)


# ----- other sites' requests -----
def same_origin(origin: str | None, host: str | None) -> bool:
    """Whether a request's ``Origin`` (none: not a browser's cross-site request) names the host
    it was sent to. Only host and port are compared: TLS may end at a balancer in front."""
    if origin is None:
        return True
    if host is None or origin == "null":
        return False
    return urlsplit(origin).netloc.lower() == host.lower()


class SameOriginPosts:
    """Refuses (403 ``origin``) a request other than GET/HEAD/OPTIONS whose ``Origin`` header
    names another site, before the app reads it: a page elsewhere cannot sign a visitor in or
    act for them. Sockets pass through (``routes_socket`` checks the origin of a socket that a
    cookie authorises)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        origin = headers.get(b"origin")
        host = headers.get(b"host")
        if same_origin(
            origin.decode("latin-1") if origin is not None else None,
            host.decode("latin-1") if host is not None else None,
        ):
            await self.app(scope, receive, send)
            return
        body = ErrorBody(error="origin", message="a request from another site is refused")
        payload = body.model_dump_json().encode()
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(payload)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": payload})
