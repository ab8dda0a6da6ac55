"""One socket's side of the server: what it is sent goes through a bounded queue drained by a
writer task of its own, so a broadcast never waits for a slow reader (``limits.py``)."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable

from starlette.websockets import WebSocket, WebSocketDisconnect

from angler.server import wire
from angler.server.limits import SLOW_CODE, Limits
from angler.server.payloads import Payload

CLOSE_SECONDS = 2.0  # a close waits this long for a reader that does not read, then is dropped


class Connection:
    """One socket: a seat's (``seat`` 0, 1…) or a spectator's (``seat`` None, also before its
    ``hello``).

    Messages go out as JSON text through a queue of at most ``limit`` messages and
    ``limit_chars`` characters (one message is always let in), drained by a writer task of the
    socket's own, so a broadcast never waits for a slow reader. A reader that falls that far
    behind is dropped: what it was owed is forgotten, and the socket is closed with ``SLOW_CODE``
    (it may come back and be sent the latest state). ``queued``, ``queued_chars`` and ``peak``
    show how long the queue is and was at most."""

    def __init__(
        self,
        websocket: WebSocket,
        seat: int | None = None,
        limit: int = Limits.send_queue,
        on_overflow: Callable[[], None] | None = None,
        limit_chars: int = Limits.send_queue_chars,
    ) -> None:
        self.websocket = websocket
        self.seat = seat
        self.limit = limit
        self.limit_chars = limit_chars
        self.queued_chars = 0
        self.on_overflow = on_overflow  # the socket's reader stops waiting for messages
        self.peak = 0  # the most messages that ever waited
        self.close_code: int | None = None  # set once the socket is to be closed
        self._reason = ""
        self._queue: deque[str] = deque()
        self._ready = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None
        self._gone = False  # the socket went: nothing more can be sent
        # The log entries this socket was sent (None: no state yet): the next state sends only
        # the entries after these (``payloads.py``). Set under the room's broadcast lock.
        self.told: int | None = None
        self.wants_view = False  # its hello asked for the view as JSON in every state
        # The board it holds, each top-level field as a plain value or its JSON
        # (``fanout.held_board``): later states patch it.
        self.board: dict[str, object] | None = None
        # The chat lines it was sent, by id: a line written as it said hello comes once.
        self.chat_ids: set[int] = set()

    @property
    def queued(self) -> int:
        return len(self._queue)

    @property
    def closing(self) -> bool:
        return self.close_code is not None or self._gone

    def offer(self, message: Payload) -> None:
        """Queue ``message`` for the socket, at once (never waits)."""
        self.offer_text(encode(message))

    def offer_message(self, message: wire.ServerMessage) -> None:
        """Queue a declared message (``wire.py``)."""
        self.offer_text(wire.encode(message).decode())

    def offer_text(self, text: str) -> None:
        """Queue a message already made JSON text (a broadcast encodes once per seat)."""
        if self.closing:
            return
        queue = self._queue
        if queue and (
            len(queue) >= self.limit or self.queued_chars + len(text) > self.limit_chars
        ):  # the reader fell too far behind: it is dropped
            queue.clear()
            self.queued_chars = 0
            self.close(SLOW_CODE, "too slow: reconnect for the latest state")
            if self.on_overflow is not None:
                self.on_overflow()
            return
        queue.append(text)
        self.queued_chars += len(text)
        if len(queue) > self.peak:
            self.peak = len(queue)
        self._wake()

    async def send(self, message: Payload) -> None:
        """``offer``, for callers that await a send."""
        self.offer(message)

    def close(self, code: int, reason: str = "") -> None:
        """Close the socket once what is queued has gone out."""
        if self.closing:
            return
        self.close_code, self._reason = code, reason
        self._wake()

    async def finish(self) -> None:
        """The conversation is over: a close asked for goes out (after what is queued, waiting
        at most ``CLOSE_SECONDS`` for a reader that does not read), then the writer stops."""
        self.on_overflow = None  # the reader's own method: a cycle through it outlives the socket
        writer = self._writer
        if writer is None:
            return
        if self.close_code is not None and not self._gone:
            await asyncio.wait([writer], timeout=CLOSE_SECONDS)
        self._gone = True
        writer.cancel()
        await asyncio.wait([writer])
        # A cancelled writer keeps its CancelledError, whose traceback holds this connection:
        # let go of the task, or the pair waits for the collector's full pass.
        self._writer = None

    def _wake(self) -> None:
        self._ready.set()
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        queue = self._queue
        # The socket may close meanwhile: it is leaving, and nothing more is owed to it.
        try:
            while True:
                while queue:
                    text = queue.popleft()
                    self.queued_chars -= len(text)
                    await self.websocket.send_text(text)
                if self.close_code is not None:
                    await self.websocket.close(code=self.close_code, reason=self._reason)
                    return
                self._ready.clear()
                await self._ready.wait()
        except (RuntimeError, OSError, WebSocketDisconnect):
            pass
        finally:
            self._gone = True
            queue.clear()
            self.queued_chars = 0


def encode(message: Payload | wire.ServerMessage) -> str:
    """A message as the JSON text a socket is sent (a text frame: browsers read text)."""
    return wire.encode(message).decode()
