"""The security headers every HTTP answer carries: a Content-Security-Policy that lets a page run
only the server's own scripts and styles (no inline script, no ``style`` attribute, no other
site's files), and may not be framed by another page; ``X-Content-Type-Options: nosniff``, so a
browser takes each file as the type it is served as; ``Referrer-Policy: no-referrer``, so a link
followed from the table does not carry the page's address (a room's address holds its seat
token); and ``X-Frame-Options: DENY`` for browsers that do not read ``frame-ancestors``.

FastAPI's API pages (``/docs``, ``/redoc``, Swagger UI's OAuth2 redirect) load Swagger UI and
ReDoc from a CDN and start them with an inline script: those paths get a looser policy
(``DOCS_POLICY``), which still refuses framing. A card-set check's full report (its own
``<style>``, no script) gets ``REPORT_POLICY``: inline styles and data: images only, sandboxed.

A pure ASGI middleware: it rewrites the start of each HTTP answer and nothing else, so a streamed
answer is not held back, and a WebSocket passes by untouched."""

from __future__ import annotations

from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",  # the API, and the room socket (ws: and wss: of the same host)
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
# What FastAPI's pages load (fastapi.openapi.docs): Swagger UI's script and styles from
# jsDelivr and its inline start-up script; ReDoc's script from jsDelivr, its inline <style> and
# the styles it injects, its fonts from Google Fonts, its search worker from a blob: URL; both
# take the favicon from fastapi.tiangolo.com.
CDN = "https://cdn.jsdelivr.net"
DOCS_POLICY = "; ".join(
    (
        "default-src 'self'",
        f"script-src 'self' 'unsafe-inline' {CDN}",
        f"style-src 'self' 'unsafe-inline' {CDN} https://fonts.googleapis.com",
        "font-src 'self' https://fonts.gstatic.com",
        "img-src 'self' data: https://fastapi.tiangolo.com",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
DOCS_PATHS = ("/docs", "/docs/oauth2-redirect", "/redoc")
# A card-set check's full report (card_checks.py) is the self-contained page angler analyse
# writes: its own <style> and figures as data: images, no script at all, opened in a tab of its
# own. It may run nothing, load nothing from anywhere, and is sandboxed (an origin of its own).
REPORT_POLICY = "; ".join(
    (
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        "img-src data:",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
        "sandbox",
    )
)


def is_report_path(path: str) -> bool:
    """``/cards/checks/ID/report``: a card-set check's full report."""
    parts = path.split("/")
    return len(parts) == 5 and parts[1:3] == ["cards", "checks"] and parts[4] == "report"


def security_headers(policy: str) -> list[tuple[bytes, bytes]]:
    """The headers added to an answer whose page keeps ``policy``."""
    return [
        (b"content-security-policy", policy.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-frame-options", b"DENY"),
    ]


HEADERS = security_headers(POLICY)
DOCS_HEADERS = security_headers(DOCS_POLICY)
REPORT_HEADERS = security_headers(REPORT_POLICY)
NAMES = {name for name, _ in HEADERS}
ERROR_BODY = b"Internal Server Error"  # as Starlette's ServerErrorMiddleware answers


class SecurityHeaders:
    """ASGI middleware: every HTTP answer's start gains the security headers (replacing any the
    app set itself); the paths in ``docs_paths`` get ``DOCS_POLICY``.

    If the app fails before its answer has started, this sends the 500 itself, with the headers,
    and raises on: Starlette's ``ServerErrorMiddleware``, outside every added middleware, then
    sees an answer started and only logs the error (its own 500 would carry none of them)."""

    def __init__(self, app: ASGIApp, docs_paths: Iterable[str | None] = DOCS_PATHS) -> None:
        self.app = app
        self.docs_paths = frozenset(path for path in docs_paths if path)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        added = (
            DOCS_HEADERS
            if path in self.docs_paths
            else REPORT_HEADERS
            if is_report_path(path)
            else HEADERS
        )
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                kept = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in NAMES]
                message = {**message, "headers": [*kept, *added]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            if not started:
                await send_with_headers(
                    {
                        "type": "http.response.start",
                        "status": 500,
                        "headers": [
                            (b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(ERROR_BODY)).encode()),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": ERROR_BODY})
            raise
