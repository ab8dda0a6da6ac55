"""Reviews of finished games on the server (docs/server.md, "Reviews"): anyone may ask for one
seat's review of a finished room (``POST /rooms/{room}/reviews/{seat}``); it is queued, run one
decision at a time in the bots' process pool (``bots.shared_pool``) and stored with the room, so
it is computed once and any node answers ``GET`` with its progress, then the review itself.

The review is ``review/review.py``'s: each decision valued from the seat's view alone, at the
server's budget (``Limits.review_budget``) and seed ``SEED``, so the stored review is the one
``angler review --budget B --seed 0`` gives for the room's record. A bot's seat may be reviewed
too: it is a seat of the record like any other, and the record is public once the game is over.

Limits, so that reviews never slow live tables: one review runs at a time on a node, and it
hands the pool one decision at a time (a bot's search waits behind one decision at most, well
under a second at the default budget); at most ``Limits.reviews_waiting`` reviews wait on a node
(past that, ``429 rate``); an address may queue ``Limits.reviews_per_minute`` reviews a minute.
Asking for a review already asked returns it as it stands, never recomputed; a failed one is
queued again.

A restart: the node's queued and running reviews (the ``node`` column) are queued again on start,
from their first decision; nothing half-done is kept. A node that never comes back leaves its
reviews queued: asking for one of those after ``STALE_S`` without progress queues it on the node
asked.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar, Literal

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from angler.core.errors import AnglerError
from angler.core.records import Record, parse_record, player_count, start_state
from angler.review.decisions import decisions_of
from angler.review.review import Review, ReviewedDecision, review_decision
from angler.server.limits import RoomCreations
from angler.server.store import NODE_LENGTH, Base, Store
from angler.server.unfinished import UnfinishedError

log = logging.getLogger(__name__)

Status = Literal["queued", "running", "done", "failed"]
QUEUED: Status = "queued"
RUNNING: Status = "running"
DONE: Status = "done"
FAILED: Status = "failed"
SEED = 0  # every review's seed: the same review on every node, and from the command line
RETRY_AFTER_S = 30  # a full queue: when to ask again
STALE_S = 600.0  # a queued or running review without progress this long is taken over


class ReviewSeatError(AnglerError):
    code: ClassVar[str] = "seat"
    status: ClassVar[int] = 400


class ReviewUnknownError(AnglerError):
    code: ClassVar[str] = "review"
    status: ClassVar[int] = 404


class ReviewsBusyError(AnglerError):
    """Too many reviews waiting, or asked from one address: 429 with ``retry_after``."""

    code: ClassVar[str] = "rate"
    status: ClassVar[int] = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ReviewRow(Base):
    """One seat's review of a finished room: asked once, computed once."""

    __tablename__ = "reviews"

    room_id: Mapped[str] = mapped_column(
        ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    budget: Mapped[str] = mapped_column(String(16))
    seed: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    node: Mapped[str] = mapped_column(String(NODE_LENGTH))  # the node that runs it
    done: Mapped[int] = mapped_column(Integer)  # decisions reviewed so far
    total: Mapped[int] = mapped_column(Integer)  # decisions to review
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    message: Mapped[str | None] = mapped_column(Text)  # why it failed
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    moved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # its last progress
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    def as_dict(self) -> dict[str, Any]:
        shown: dict[str, Any] = {
            "room": self.room_id,
            "seat": self.seat,
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "budget": self.budget,
        }
        if self.status == DONE:
            shown["review"] = self.result
        if self.status == FAILED:
            shown["message"] = self.message or "the review failed"
        return shown


def review_one(
    record_json: str, seat: int, budget: str, seed: int, number: int
) -> ReviewedDecision:
    """The seat's decision numbered ``number`` (0 = its first), in a worker of the pool: the
    same as ``review_seat`` values it (the decision's seed depends on its step alone)."""
    record = parse_record(record_json)
    game = start_state(record).game
    (decision,) = itertools.islice(decisions_of(record, seat), number, number + 1)
    return review_decision(game, decision, budget, seed)


async def shared_pool() -> Executor:
    """The bots' pool (imported here: ``store.py`` imports this module for its table, and the
    bots' module the store)."""
    from angler.server.bots import running_pool

    return await running_pool()


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Reviews:
    """This node's reviews: asked, queued, run one at a time, stored."""

    def __init__(
        self,
        store: Store,
        record_of: Callable[[str], Record],
        budget: str,
        waiting: int,
        per_minute: int,
        pool: Callable[[], Awaitable[Executor]] = shared_pool,
    ) -> None:
        self.store = store
        self.record_of = record_of  # a finished room's record (UnfinishedError while live)
        self.budget = budget
        self.waiting = waiting
        self.asks = RoomCreations(per_minute)  # buckets by address, as room creations are
        self.pool = pool
        self.queue: deque[tuple[str, int]] = deque()
        self.computed = 0  # reviews finished on this node since the start (tests look)
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """This node's reviews a restart interrupted are queued again, and the runner starts."""
        for key in await asyncio.to_thread(self._interrupted):
            self.queue.append(key)
        self._task = asyncio.create_task(self._run())
        self._wake.set()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    def _interrupted(self) -> list[tuple[str, int]]:
        query = (
            select(ReviewRow)
            .where(ReviewRow.node == self.store.node)
            .where(ReviewRow.status.in_((QUEUED, RUNNING)))
            .order_by(ReviewRow.created_at)
        )
        with self.store._session(write=False) as session:  # mostly none: no write at start
            if session.scalars(query.limit(1)).first() is None:
                return []
        with self.store._session(write=True) as session:
            rows = session.scalars(query).all()
            for row in rows:
                row.status, row.done, row.moved_at = QUEUED, 0, _now()
            return [(row.room_id, row.seat) for row in rows]

    # Asking.

    async def ask(self, room: str, seat: str, address: str) -> tuple[dict[str, Any], bool]:
        """The review of ``seat`` (as given in the path) of the finished ``room``, queued if it
        was never asked (or failed): its status, and whether it was queued now."""
        number = await asyncio.to_thread(self._check, room, seat)
        shown = await asyncio.to_thread(self._stored, room, number)
        if shown is not None and not self._retake(shown):
            return shown.as_dict(), False
        if len(self.queue) >= self.waiting:
            raise ReviewsBusyError(
                f"{self.waiting} reviews wait already: try again in {RETRY_AFTER_S} s",
                RETRY_AFTER_S,
            )
        wait = self.asks.take(address)
        if wait:
            raise ReviewsBusyError(
                f"at most {self.asks.per_minute} reviews a minute from one address: "
                f"try again in {wait} s",
                wait,
            )
        row, queued = await asyncio.to_thread(self._queue_row, room, number, shown is not None)
        if queued:
            self.queue.append((room, number))
            self._wake.set()
        return row, queued

    def _check(self, room: str, seat: str) -> int:
        """The seat's number; refusals for a room unknown (404), live or stopped before its end
        (403) and a seat it does not have (400)."""
        record = self.record_of(room)
        players = player_count(record)
        if not seat.isdigit() or int(seat) >= players:
            raise ReviewSeatError(f"seat must be 0 to {players - 1}, not {seat[:20]!r}")
        if record.result is None:
            raise UnfinishedError("this game stopped before its end: a review needs a whole game")
        return int(seat)

    def _retake(self, row: ReviewRow) -> bool:
        """Whether an asked review is queued again: it failed, or its node went quiet."""
        if row.status == FAILED:
            return True
        quiet = _now() - _aware(row.moved_at) > timedelta(seconds=STALE_S)
        return row.status in (QUEUED, RUNNING) and row.node != self.store.node and quiet

    def _stored(self, room: str, seat: int) -> ReviewRow | None:
        with self.store._session(write=False) as session:
            row = session.get(ReviewRow, (room, seat))
            if row is not None:
                session.expunge(row)
            return row

    def _queue_row(self, room: str, seat: int, again: bool) -> tuple[dict[str, Any], bool]:
        now = _now()
        try:
            with self.store._session(write=True) as session:
                row = session.get(ReviewRow, (room, seat), with_for_update=True)
                if row is not None and not (again and self._retake(row)):
                    return row.as_dict(), False  # another asker's came first
                if row is None:
                    row = ReviewRow(room_id=room, seat=seat, created_at=now)
                    session.add(row)
                row.budget, row.seed, row.status, row.node = (
                    self.budget,
                    SEED,
                    QUEUED,
                    self.store.node,
                )
                row.done, row.total, row.result, row.message = 0, 0, None, None
                row.moved_at, row.finished_at = now, None
                session.flush()
                return row.as_dict(), True
        except IntegrityError:  # two asked at once: the other's row stands
            stored = self._stored(room, seat)
            assert stored is not None
            return stored.as_dict(), False

    def status(self, room: str, seat: str) -> dict[str, Any]:
        """A review's status (blocking): 404 for a room unknown or a review never asked. A
        stored review is read alone (it is polled); the room is looked at only without one."""
        row = self._stored(room, int(seat)) if seat.isdigit() and len(seat) < 4 else None
        if row is None:
            number = self._check(room, seat)
            raise ReviewUnknownError(f"seat {number} of room {room!r} was never reviewed")
        return row.as_dict()

    # Running.

    async def _run(self) -> None:
        while True:
            while not self.queue:
                self._wake.clear()
                await self._wake.wait()
            room, seat = self.queue.popleft()
            try:
                await self._review(room, seat)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a review's failure is its own: the next one runs
                log.exception("the review of seat %s of room %s failed", seat, room)
                message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                await asyncio.to_thread(self._update, room, seat, status=FAILED, message=message)

    async def _review(self, room: str, seat: int) -> None:
        row = await asyncio.to_thread(self._stored, room, seat)
        if row is None or row.status not in (QUEUED, RUNNING) or row.node != self.store.node:
            return  # taken over by another node meanwhile
        record = await asyncio.to_thread(self.record_of, room)
        total = await asyncio.to_thread(lambda: sum(1 for _ in decisions_of(record, seat)))
        await asyncio.to_thread(self._update, room, seat, status=RUNNING, done=0, total=total)
        review = Review(record.game, seat, player_count(record), row.budget, row.seed, total)
        text = record.dumps()
        for number in range(total):
            pool = await self.pool()
            # One decision at a time: a bot's search waits behind one at most.
            job = pool.submit(review_one, text, seat, row.budget, row.seed, number)
            review.decisions.append(await asyncio.wrap_future(job))
            await asyncio.to_thread(self._update, room, seat, done=number + 1)
        await asyncio.to_thread(
            self._update, room, seat, status=DONE, result=review.as_dict(), finished=True
        )
        self.computed += 1

    def _update(
        self,
        room: str,
        seat: int,
        *,
        status: Status | None = None,
        done: int | None = None,
        total: int | None = None,
        result: dict[str, Any] | None = None,
        message: str | None = None,
        finished: bool = False,
    ) -> None:
        with self.store._session(write=True) as session:
            row = session.get(ReviewRow, (room, seat))
            if row is None:
                return  # its room went meanwhile
            now = _now()
            row.moved_at = now
            if status is not None:
                row.status = status
            if done is not None:
                row.done = done
            if total is not None:
                row.total = total
            if result is not None:
                row.result = result
            if message is not None:
                row.message = message
            if finished or status == FAILED:
                row.finished_at = now
