"""How the server refuses over HTTP: every refusal is an ``ErrorBody`` (its kind and one line),
whether a room refused (an ``AnglerError``), the request was malformed, or Starlette answered
(404, 405); the OpenAPI document says so for every route."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.routing import BaseRoute, Match

from angler.core import all_games
from angler.core.errors import AnglerError
from angler.server.api import ErrorBody, declare_room_settings
from angler.server.rooms import HeaderError, InviteError, SeatError
from angler.server.store import RoomFinishedError, SeatTakenError, UnknownRoomError
from angler.server.unfinished import UnfinishedError


class NoSuchGameError(AnglerError):
    """A game the server does not offer, named in a path (404)."""

    code: ClassVar[str] = "game"
    status: ClassVar[int] = 404


class UnknownGameAskedError(NoSuchGameError):
    """A game the server does not offer, asked for in a query or a body (422)."""

    status: ClassVar[int] = 422


def check_game(name: str, refusal: type[NoSuchGameError] = NoSuchGameError) -> None:
    """``refusal`` in one line unless the server offers the game ``name``."""
    if name not in {known.name for known in all_games()}:
        raise refusal(f"there is no game {name[:40]!r} (GET /games lists them)")


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody},
    403: {"model": ErrorBody},
    404: {"model": ErrorBody},
    409: {"model": ErrorBody},
    422: {"model": ErrorBody},
}


def refusal(exc: AnglerError) -> tuple[int, ErrorBody]:
    """The HTTP status and body of a refusal: one line, and its kind."""
    if isinstance(exc, UnknownRoomError):
        return 404, ErrorBody(error="room", message=str(exc))
    if isinstance(exc, RoomFinishedError):
        return 409, ErrorBody(error="finished", message=str(exc))
    if isinstance(exc, SeatTakenError | SeatError):
        return 409, ErrorBody(error="seat", message=str(exc))
    if isinstance(exc, UnfinishedError | InviteError):
        return 403, ErrorBody(error=exc.code, message=str(exc))
    if isinstance(exc, HeaderError):
        return 422, ErrorBody(error=exc.code, message=str(exc))
    status = getattr(exc, "status", 400)  # a refusal may name its own (404: no such file)
    return status, ErrorBody(error=getattr(exc, "code", "refused"), message=str(exc))


def _one_line(exc: RequestValidationError) -> str:
    first = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    return f"{where or 'request'}: {first.get('msg', 'invalid request')}".lower()


def _allowed(request: Request) -> str:
    """The methods some route answers at the request's path (a path's GET and POST are two
    routes, and Starlette's 405 names only the first's); empty under a mount (its own 405 says)."""
    methods: set[str] = set()
    for route in _routes(request.app.router.routes):
        if route.matches(request.scope)[0] != Match.NONE:
            methods |= getattr(route, "methods", None) or set()
    return ", ".join(sorted(methods))


def _routes(routes: Iterable[BaseRoute]) -> Iterator[BaseRoute]:
    """Every route, those of an included ``APIRouter`` too: FastAPI keeps an included router as
    one entry (its ``original_router``; ours have no prefix, so their paths match as they are)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from _routes(inner.routes)
        else:
            yield route


def _declare_refusals(document: dict[str, Any]) -> None:
    """Every refusal's body is an ``ErrorBody`` as JSON, whatever the route answers when it
    succeeds (an HTML page) and for a malformed request too (FastAPI would document its own
    validation error, which ``invalid`` below turns into an ``ErrorBody``)."""
    refusal_content = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
    for operations in document.get("paths", {}).values():
        for operation in operations.values():
            for status, response in operation.get("responses", {}).items():
                if status.startswith("4"):
                    response["content"] = refusal_content
    schemas = document.get("components", {}).get("schemas", {})
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)


def add_refusals(app: FastAPI) -> None:
    """Every refusal of ``app`` answered as an ``ErrorBody``, and documented so."""
    document = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            _declare_refusals(document())
            declare_room_settings(document())
        return document()

    app.openapi = openapi  # type: ignore[method-assign]  # FastAPI's way to amend the document

    @app.exception_handler(AnglerError)
    async def angler_error(_: Request, exc: AnglerError) -> JSONResponse:
        status, body = refusal(exc)
        retry = getattr(exc, "retry_after", None)  # too many attempts: when to try again
        headers = {"Retry-After": str(retry)} if retry is not None else None
        return JSONResponse(body.model_dump(), status_code=status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        body = ErrorBody(error="request", message=_one_line(exc))
        return JSONResponse(body.model_dump(), status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        body = ErrorBody(error="http", message=str(exc.detail).lower())
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # HTTP requires a 405 to name the allowed methods
            headers["Allow"] = _allowed(request) or headers.get("Allow", "")
        return JSONResponse(body.model_dump(), status_code=exc.status_code, headers=headers)
