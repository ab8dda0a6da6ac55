"""A bound on what an HTTP request may send: a room's body (its options and an uploaded card set)
is a few kilobytes, so a body past ``BODY_LIMIT`` is refused in one line (413) before it is read
into memory, whether it announces its length or streams without one.

FastAPI's own ``max_body_size`` (0.165) answers an announced oversize body in plain text, not
the one-line JSON refusal every other answer is, so the server keeps this small bound instead.

JSON nested deeper than ``MAX_DEPTH`` (100; no angler body or message comes near it) is refused
the same way, a body (422 ``json``) or a socket's message (``read_message``): Python's parser
runs out of stack at about 1,000 levels, which 2 KB of brackets reach."""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from angler.core.data import MAX_DEPTH, too_deep

BODY_LIMIT = 256 * 1024  # bytes: the bundled card sets are 7 to 15 KB


class BodyLimit:
    """ASGI middleware: HTTP requests whose body passes ``limit`` bytes get
    ``413 {"error": "size", "message": ...}``; WebSocket traffic is bounded where it is read."""

    def __init__(self, app: ASGIApp, limit: int = BODY_LIMIT) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self.refuse(send, int(declared))
            return
        # Read the body first (it is small, and the app would read it whole anyway), so a
        # streamed one is cut off at the bound, not after.
        chunks: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            chunks.append(message)
            if message["type"] != "http.request":
                break  # the client left: the app is told so
            seen += len(message.get("body", b""))
            if seen > self.limit:
                await self.refuse(send, seen)
                return
            if not message.get("more_body", False):
                break

        body = b"".join(chunk.get("body", b"") for chunk in chunks)
        if too_deep(body.decode("utf-8", "replace")):
            await self.refuse(send, 0, 422, "json", DEEP)
            return

        async def replay() -> Message:
            return chunks.pop(0) if chunks else await receive()

        await self.app(scope, replay, send)

    async def refuse(
        self, send: Send, size: int, status: int = 413, kind: str = "size", message: str = ""
    ) -> None:
        message = message or f"a request is at most {self.limit} bytes: this one has {size} or more"
        body = json.dumps({"error": kind, "message": message}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [(b"content-type", b"application/json"), (b"connection", b"close")],
            }
        )
        await send({"type": "http.response.body", "body": body})


DEEP = f"JSON is nested at most {MAX_DEPTH} levels deep: this is nested deeper"


def read_message(data: str | bytes) -> Any:
    """A socket message's JSON value; ValueError (as ``json.loads`` raises) for what is not JSON,
    or is nested deeper than ``MAX_DEPTH``."""
    text = data if isinstance(data, str) else data.decode("utf-8", "replace")
    if too_deep(text):
        raise ValueError(DEEP)
    return json.loads(data)
