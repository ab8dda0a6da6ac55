"""The server's limits against slow readers and floods (docs/server.md, "Limits").

- **Send queue.** Each socket's outgoing messages wait in a queue of at most ``send_queue``
  messages and ``send_queue_chars`` characters of JSON, drained by a writer task of its own
  (``hub.Connection``). A socket whose reader falls that far behind is closed with code 1013
  (``SLOW_CODE``, "try again later"): a client that comes back says ``hello`` again and is sent
  the latest state, which is all it missed.
- **Message rate.** Each socket may send ``messages_per_s`` messages a second, in bursts of up to
  ``message_burst`` (a token bucket). A message over the rate is refused (``rate``) and changes
  nothing; a socket refused ``flood_refusals`` times within ``FLOOD_WINDOW_S`` seconds is closed
  with code 4429 (``FLOOD_CODE``, as HTTP's 429).
- **Room creation.** Each client address may create ``rooms_per_minute`` rooms a minute (a token
  bucket as large as a minute's allowance); past it ``POST /rooms`` is answered ``429`` with a
  ``Retry-After``.

- **Bot budgets.** A bot's search may take at most ``max_bot_seconds`` a decision (and, counted
  in iterations, ``searches.ITERATIONS_PER_SECOND`` times as many): a room asking for more is
  refused (``header``), and the search workers are shared between rooms in turn (``searches.py``).

- **Reviews.** A finished game's review (``reviews.py``) runs one at a time on a node, one
  decision at a time in the bots' pool, at ``review_budget`` a decision; at most
  ``reviews_waiting`` wait, and each client address may queue ``reviews_per_minute`` a minute
  (a token bucket, as room creation's); past either, ``429`` with a ``Retry-After``.

- **Card-set checks.** The card-set editor's quick check plays ``card_check_games`` games a side,
  its full report ``card_report_games`` (``card_checks.py``), one check at a time on a node, a
  few games at a time in the bots' pool; at most ``card_checks_waiting`` wait, and each person
  (an account, else an address) may queue ``card_checks_per_minute`` a minute; past either,
  ``429`` with a ``Retry-After``.

Zero turns a rate off (``messages_per_s``, ``rooms_per_minute``): ``angler loadtest``'s own server
does that, since its clients are machines playing as fast as they can.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from angler.core.errors import AnglerError
from angler.review.review import read_review_budget

SLOW_CODE = 1013  # a reader too slow for its queue: reconnect, and be sent the latest state
FLOOD_CODE = 4429  # a socket that kept sending past its rate
# A socket whose room could not be read because the store is away: "try again later" (not 4404,
# which tells a client the room does not exist and not to come back).
UNAVAILABLE_CODE = 1013
# The room moved to another node (service restart): the client comes back through the balancer.
MOVED_CODE = 1012
FLOOD_WINDOW_S = 10.0
MIN_BOT_SECONDS, MAX_BOT_SECONDS = 0.01, 600.0  # the agents' own budget range ends at 600 s
ADDRESSES_KEPT = 4096  # room-creation buckets kept before the refilled ones are forgotten

Clock = Callable[[], float]


@dataclass(frozen=True)
class Limits:
    """The limits one server keeps (``create_app(store, limits)``, ``angler serve`` options)."""

    send_queue: int = 64  # messages waiting for one socket
    # and their JSON text at most (a state payload is a few KiB, tens late in a long game)
    send_queue_chars: int = 1 << 20
    # A person sends a message every second or so; scripted clients (tests, `angler loadtest`
    # against a server) send a move as soon as the last state arrives: 50 a second covers both.
    messages_per_s: float = 50.0  # per socket, sustained (0: no limit)
    message_burst: int = 100  # per socket, at once
    flood_refusals: int = 50  # rate refusals within FLOOD_WINDOW_S that close the socket
    rooms_per_minute: int = 30  # rooms one client address may create a minute (0: no limit)
    # One bot decision's search, at most: searches share the machine's few workers, so a long
    # one makes every other room's bots wait (docs/server.md, "Budgets and fairness").
    max_bot_seconds: float = 5.0
    # A review's decision: counted (rollouts, or ``search:1000it``), so every node stores the
    # same review.
    review_budget: str = "100it"
    reviews_waiting: int = 20  # reviews queued on one node at most
    reviews_per_minute: int = 6  # reviews one client address may queue a minute (0: no limit)
    # The card-set editor's checks: the games a side are the server's to choose, not the asker's.
    card_check_games: int = 60  # a quick check's games a side: seconds on one core
    card_report_games: int = 200  # a full report's, as angler analyse's default
    card_checks_waiting: int = 4  # checks queued on one node at most
    card_checks_per_minute: int = 4  # checks one person may queue a minute (0: no limit)

    def __post_init__(self) -> None:
        read_review_budget(self.review_budget)
        for name in (
            "send_queue",
            "send_queue_chars",
            "message_burst",
            "flood_refusals",
            "reviews_waiting",
            "card_check_games",
            "card_report_games",
            "card_checks_waiting",
        ):
            if getattr(self, name) < 1:
                raise AnglerError(f"{name} must be at least 1, not {getattr(self, name)}")
        for name in (
            "messages_per_s",
            "rooms_per_minute",
            "reviews_per_minute",
            "card_checks_per_minute",
        ):
            if getattr(self, name) < 0:
                raise AnglerError(f"{name} must be 0 (no limit) or more, not {getattr(self, name)}")
        if not MIN_BOT_SECONDS <= self.max_bot_seconds <= MAX_BOT_SECONDS:
            raise AnglerError(
                f"max_bot_seconds must be {MIN_BOT_SECONDS:g} to {MAX_BOT_SECONDS:g}, "
                f"not {self.max_bot_seconds:g}"
            )


class TokenBucket:
    """``burst`` tokens at most, refilled at ``rate`` a second; each request takes one."""

    __slots__ = ("burst", "clock", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.clock = clock
        self.stamp = clock()

    def take(self) -> float:
        """0 if a token was taken; otherwise the seconds until one will be there."""
        if self.rate <= 0:
            return 0.0
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate

    def full(self) -> bool:
        return self.tokens + (self.clock() - self.stamp) * self.rate >= self.burst


class SocketRate:
    """One socket's message rate: whether each message may go on, and when it has flooded."""

    def __init__(self, limits: Limits, clock: Clock = time.monotonic) -> None:
        self.bucket = TokenBucket(limits.messages_per_s, limits.message_burst, clock)
        self.refusals: deque[float] = deque(maxlen=limits.flood_refusals)
        self.clock = clock

    def allow(self) -> bool:
        return self.bucket.take() == 0.0

    def flooded(self) -> bool:
        """Count one refusal: True once the socket has been refused too often, too fast."""
        now = self.clock()
        self.refusals.append(now)
        full = len(self.refusals) == self.refusals.maxlen
        return full and now - self.refusals[0] <= FLOOD_WINDOW_S


class RoomCreations:
    """Room creations by client address: a minute's allowance, refilled continuously."""

    def __init__(self, per_minute: int, clock: Clock = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str) -> int:
        """0 if ``address`` may create a room now; otherwise the whole seconds to wait."""
        if self.per_minute <= 0:
            return 0
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= ADDRESSES_KEPT:
                self._forget_refilled()
            bucket = self.buckets[address] = TokenBucket(
                self.per_minute / 60, self.per_minute, self.clock
            )
        return math.ceil(bucket.take())

    def _forget_refilled(self) -> None:
        # A full bucket is the same as none: forgetting it keeps memory bounded.
        for address in [a for a, bucket in self.buckets.items() if bucket.full()]:
            del self.buckets[address]
        while len(self.buckets) >= ADDRESSES_KEPT:  # all busy: the oldest go
            del self.buckets[next(iter(self.buckets))]
