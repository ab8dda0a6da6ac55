"""Bots in a room: they move when due, paced like the terminal's, without blocking the server.

A ``BotDriver`` per room. The web layer calls ``await driver.wake()`` after every change to the
room; the driver's own task then plays each bot move now due, one at a time, each after the
room's pace, until a person is to act or the game ends, awaiting ``notify()`` after each move
(the web layer broadcasts then). ``wake`` returns at once: a broadcast that wakes the driver
again never waits for the bots it is announcing (``settled()`` waits, for tests and shutdown).

**Where bots think.** A decision is made from the seat's view and legal actions only
(``Room.decision``), never the state. Search (ISMCTS, levels normal and hard) is CPU-heavy: it
runs in one process pool sized to the machine, shared by every room, created on first use and
shut down by ``shutdown_pool()``; rooms take its workers in turn, and no decision searches
longer than the server's cap (``searches.py``). Agent and view are pickled to the worker, which
sends back the action and the agent (so its random stream goes on where it left off). Cheap
agents (random, heuristic: well under 100 ms) run in a thread instead: a round trip to a process
costs more than their whole decision. The pool's processes come from a fork server: forking the
server itself, which runs threads, could copy a lock held by one of them.

**Races.** A move chosen against a version the room has left (a person moved meanwhile) is
refused by the room as stale and dropped; the driver then looks again.

**Takeover and turn timers** (room settings, ``header.settings``):

- ``pace_ms`` (default 800, the terminal's): the wait before each bot move.
- ``grace_s`` (default 60): after ``seat_left(seat)``, once this runs out a bot (level
  ``takeover``, default ``normal``) moves for that person's seat whenever it is to act, until
  ``seat_returned(seat)`` hands the seat back.
- ``turn_s`` (default none): when a person's decision takes longer, the bot moves for that seat
  once.

A bot's move for a person's seat goes through ``room.play_bot(..., for_person=True)``: journaled
as a bot's, so nobody undoes back across it, after a rebuild too.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from typing import Any

from angler.agents import Agent, agent_seed, make_agent
from angler.agents.ismcts import ISMCTSAgent
from angler.core.errors import AnglerError
from angler.core.game import Game
from angler.core.numbers import decimal, described
from angler.play.seats import HUMAN, seat_kind
from angler.server.journal import RoomHeader
from angler.server.limits import Limits
from angler.server.rooms import (
    PERSON_KINDS,
    GameOverError,
    HeaderError,
    Room,
    Staged,
    StaleVersionError,
    TurnError,
    carry_out_alone,
)
from angler.server.searches import WAIT_SHARE, BotCap, fair_share, search_in_turn
from angler.server.store import RoomMovedError, StoreUnavailableError

PACE_MS = 800  # the terminal's default pace
GRACE_S = 60.0
TAKEOVER = "normal"
FALLBACK_SALT = 104729  # a fallback heuristic's stream, apart from any other seat's
TAKEOVER_SALT = 7919  # a person's stand-in draws a stream apart from any bot seat's

MAX_SECONDS = 24 * 3600.0  # a pace, grace or turn longer than a day is a mistake
STORE_RETRY_SECONDS = 1.0  # a bot's move the database refused is tried again after this
SEARCH_WORKERS = os.cpu_count() or 1  # the shared pool's processes: one per core
DEFAULT_CAP = BotCap(Limits.max_bot_seconds)

Notify = Callable[[], Awaitable[None]]
log = logging.getLogger(__name__)


def check_settings(
    settings: Mapping[str, Any], game: Game[Any, Any] | None = None
) -> dict[str, Any]:
    """The driver's room settings as it reads them (defaults filled in); HeaderError (one line)
    for a bad one. The web layer checks a new room's settings here before making it; with the
    room's ``game``, the takeover bot is built once to check its budget too."""

    def seconds(key: str, default: float | None, scale: float = 1.0) -> float | None:
        value = settings.get(key, default)
        if value is None:
            return None
        try:  # the one reader of user numbers: no bool, NaN or infinity; ranges in words
            number = decimal(value, f"setting {key}", 0, int(MAX_SECONDS * scale))
        except AnglerError as exc:
            raise HeaderError(str(exc)) from None
        return number / scale

    takeover = settings.get("takeover", TAKEOVER)
    if not isinstance(takeover, str):
        raise HeaderError(f"setting takeover is a bot level, not {described(takeover)}")
    try:
        takeover = seat_kind(takeover, "setting takeover")
        if takeover != HUMAN and game is not None:
            make_agent(takeover, 0, game)  # a budget's form is checked when an agent is made
    except AnglerError as exc:
        raise HeaderError(str(exc)) from None
    if takeover == HUMAN:
        raise HeaderError("setting takeover is a bot level, not human")
    return {
        "pace": seconds("pace_ms", PACE_MS, 1000.0),
        "grace": seconds("grace_s", GRACE_S),
        "turn": seconds("turn_s", None),
        "takeover": takeover,
    }


def check_bots(header: RoomHeader, game: Game[Any, Any], cap: BotCap = DEFAULT_CAP) -> None:
    """Every bot a new room would run (its bot seats' and the takeover's), made once before
    anything is stored: a kind whose budget does not read, or names one past the server's
    ``cap`` (``ismcts:15s``), is a HeaderError naming the seat. A level's own budget (``hard``:
    2.5 s) is not the room's asking: past a low cap it is held to it (``BotCap.clamp``). A room
    refused here leaves nothing behind."""
    settings = check_settings(header.settings, game)
    bots = [(f"seat {seat}", kind) for seat, kind in enumerate(header.seats)]
    bots.append(("setting takeover", settings["takeover"]))
    for where, kind in bots:
        if kind in PERSON_KINDS:
            continue
        try:
            agent = make_agent(kind, 0, game)
            problem = cap.problem(agent) if ":" in kind else None
        except AnglerError as exc:
            problem = str(exc)
        if problem is not None:
            raise HeaderError(f"{where} ({kind}): {problem}")


# ----- the shared pool -----

_pool_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def shared_pool() -> ProcessPoolExecutor:
    """The process pool every room's search runs in, one worker per core, made on first use."""
    global _pool
    with _pool_lock:
        if _pool is None:
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context(
                "forkserver" if "forkserver" in methods else "spawn"
            )
            if context.get_start_method() == "forkserver":
                context.set_forkserver_preload(["angler.server.bots"])  # workers start warm
            _pool = ProcessPoolExecutor(max_workers=SEARCH_WORKERS, mp_context=context)
        return _pool


def _nothing() -> None:
    """A job that only makes a worker start."""


def started_pool() -> ProcessPoolExecutor:
    """The shared pool with its workers running: call it off the event loop.

    A pool starts its workers as jobs arrive, and the first start waits for the fork server to
    load the bots (half a second): done in a thread, that wait never holds the loop.
    """
    pool = shared_pool()
    for job in [pool.submit(_nothing) for _ in range(SEARCH_WORKERS)]:
        job.result()
    return pool


async def running_pool() -> ProcessPoolExecutor:
    """The shared pool, started in a thread the first time."""
    pool = _pool
    return pool if pool is not None else await asyncio.to_thread(started_pool)


def _discard_pool(pool: Executor) -> None:
    """A worker died (killed, out of memory): the next search makes a new pool."""
    global _pool
    with _pool_lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False, cancel_futures=True)


def shutdown_pool() -> None:
    """Stop the shared pool's workers (at server shutdown); a later search makes a new one."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def timed_budget(agent: Agent) -> float | None:
    """A search agent's budget in seconds, or None when it counts iterations instead."""
    if getattr(agent, "iterations", None) is not None:
        return None
    seconds = getattr(agent, "seconds", None)
    return float(seconds) if isinstance(seconds, int | float) and seconds > 0 else None


def searches(agent: Agent) -> bool:
    """Whether ``agent`` is CPU-heavy enough to think in another process."""
    return isinstance(agent, ISMCTSAgent)


def decide(agent: Agent, view: Any, legal: Sequence[int]) -> tuple[int, Agent]:
    """The agent's choice and the agent after it (run in a worker: a top-level function, so it
    pickles)."""
    return agent.act(view if agent.needs_view else None, legal), agent


def decide_by(deadline: float, agent: Any, view: Any, legal: Sequence[int]) -> tuple[int, Agent]:
    """``decide`` with a timed agent's search cut to end by ``deadline`` (``time.monotonic``,
    one clock for every process of the machine): the time it waited for a worker is spent."""
    budget = agent.seconds
    agent.seconds = max(budget * (1 - WAIT_SHARE), min(budget, deadline - time.monotonic()))
    try:
        return decide(agent, view, legal)
    finally:
        agent.seconds = budget  # its own budget again for its next decision


# ----- the driver -----


class BotDriver:
    """Drives the bots of one room (see the module's docstring)."""

    def __init__(
        self,
        room: Room,
        notify: Notify,
        *,
        pool: Executor | None = None,
        pace: float | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        cap: BotCap = DEFAULT_CAP,
        act: Callable[[Callable[[], Staged]], Awaitable[None]] | None = None,
    ) -> None:
        self.room = room
        # How a chosen move is carried out: in the room's turn (``Hub.act``, which tells every
        # socket), or on its own (then ``notify`` tells).
        self.act = act or functools.partial(carry_out_alone, room)
        self._tells_itself = act is None
        self.cap = cap  # the most one decision searches (a stored room's bots are held to it)
        self.notify = notify
        self._pool = pool
        self._sleep = sleep  # the pause before each bot move (tests pass a fake clock)
        settings = check_settings(room.header.settings, room.game)
        self.pace: float = settings["pace"] if pace is None else pace
        self.grace: float = settings["grace"]
        self.turn: float | None = settings["turn"]
        self.takeover_kind: str = settings["takeover"]
        self._agents: dict[int, Agent] = dict(room.match.agents)  # bot seats' own agents
        self._task: asyncio.Task[None] | None = None
        self._poked = False
        self._closed = False
        self._taken: set[int] = set()  # people's seats a bot plays for now
        self._grace_timers: dict[int, asyncio.Task[None]] = {}
        self._turn_timers: dict[int, asyncio.Task[None]] = {}
        self._turn_ends: dict[int, float] = {}  # each running turn timer's end (loop time)
        self._out_of_time: set[int] = set()  # seats whose turn timer ran out (one move each)
        self._deciding: tuple[int, ...] = ()
        self._seen_version = -1
        self._present: set[int] = set()  # people's seats with a socket now
        self._fallbacks: dict[int, Agent] = {}  # heuristic players for searches out of time
        self._grace_ends: dict[int, float] = {}  # each running grace period's end (loop time)
        # Told when a bot takes a person's seat over ("takeover") and hands it back ("back").
        self.on_seat_change: Callable[[str, int], None] | None = None

    # ----- what the web layer calls -----
    async def wake(self) -> None:
        """The room changed: play the bot moves now due (in the driver's task)."""
        if self._closed:
            return
        self._poked = True
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def settled(self) -> None:
        """Wait until no bot move is due (the driver's task has finished)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    def seat_left(self, seat: int) -> None:
        """A person's connection went: after the grace period a bot plays for them."""
        self._present.discard(seat)
        if (
            self._closed
            or not self.room.is_person(seat)
            or seat in self.room.resigned  # a bot plays it anyway: nobody is "away"
            or seat in self._grace_timers
        ):
            return
        if seat not in self._taken:
            self._grace_ends[seat] = asyncio.get_running_loop().time() + self.grace
            self._grace_timers[seat] = self._later(self.grace, self._take_over, seat)

    def seat_returned(self, seat: int) -> None:
        """The person is back: their seat is theirs again."""
        self._present.add(seat)
        self._poke()  # someone is here again: a bot may play for a person who is away
        timer = self._grace_timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        if seat in self._taken:
            self._taken.discard(seat)
            self._tell("back", seat)
            if (  # deciding now: their turn timer starts from their return
                self.turn is not None
                and not self._closed
                and seat in self._deciding
                and seat not in self._turn_timers
            ):
                self._start_turn_timer(seat)

    def taken_over(self, seat: int) -> bool:
        return seat in self._taken

    def grace_left(self, seat: int) -> float | None:
        """Seconds until a bot takes the away person's seat over (None: no grace runs)."""
        if seat not in self._grace_timers:
            return None
        return round(max(0.0, self._grace_ends[seat] - asyncio.get_running_loop().time()), 1)

    def anyone_here(self) -> bool:
        """Whether some person has a socket on the room: bots play for people who are away
        only while someone waits for them (a room everyone left waits to be abandoned)."""
        return bool(self._present)

    def seat_filled(self, seat: int) -> None:
        """The seat went to a bot: a stand-in that played for it while it waited is dropped."""
        self._agents.pop(seat, None)
        self._poke()

    def set_pace(self, seconds: float) -> None:
        """The wait before each bot move, changed at the table."""
        self.pace = seconds

    def _tell(self, change: str, seat: int) -> None:
        if self.on_seat_change is not None and not self._closed:
            self.on_seat_change(change, seat)

    def observe(self) -> None:
        """Follow the room's decision now (start or stop turn timers): the web layer calls this
        before it builds payloads, so the clock they carry is this version's."""
        if not self._closed:
            self._follow_turns(self.room.state.current_players())

    def clock(self) -> dict[int, float]:
        """Seconds left, by seat, for each person whose turn timer runs (none: no timers)."""
        now = asyncio.get_running_loop().time()
        return {
            seat: round(max(0.0, end - now), 1)
            for seat, end in self._turn_ends.items()
            if seat in self._turn_timers
        }

    def _start_turn_timer(self, seat: int) -> None:
        assert self.turn is not None
        self._turn_ends[seat] = asyncio.get_running_loop().time() + self.turn
        self._turn_timers[seat] = self._later(self.turn, self._out_of_time_for, seat)

    async def close(self) -> None:
        """Stop: timers and the driver's task are cancelled (a decision in a worker finishes
        there and is dropped)."""
        self._closed = True
        tasks = [*self._grace_timers.values(), *self._turn_timers.values()]
        if self._task is not None:
            tasks.append(self._task)
        self._grace_timers.clear()
        self._turn_timers.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # ----- inside -----
    def _later(self, seconds: float, then: Callable[[int], None], seat: int) -> asyncio.Task[None]:
        async def wait() -> None:
            await asyncio.sleep(seconds)
            then(seat)

        return asyncio.get_running_loop().create_task(wait())

    def _take_over(self, seat: int) -> None:
        self._grace_timers.pop(seat, None)
        self._taken.add(seat)
        self._tell("takeover", seat)
        self._poke()

    def _out_of_time_for(self, seat: int) -> None:
        self._turn_timers.pop(seat, None)
        self._out_of_time.add(seat)
        self._poke()

    def _poke(self) -> None:
        if self._closed:
            return
        self._poked = True
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())

    def _due(self) -> int | None:
        """The seat a bot moves for now, or None: a bot's seat, else a person's seat taken
        over or out of time. Turn timers follow the room here."""
        room = self.room
        deciding = () if room.over else tuple(room.state.current_players())
        self._follow_turns(deciding)
        for seat in deciding:
            if self._bot_plays(seat):
                return seat
        return None

    def _bot_plays(self, seat: int) -> bool:
        """A bot moves for ``seat`` now: a bot's seat or a resigned one; a person's seat taken
        over or out of time while someone else is here to wait for it."""
        room = self.room
        if not room.is_person(seat) or seat in room.resigned:
            return True
        return seat in self._out_of_time or (seat in self._taken and self.anyone_here())

    def _follow_turns(self, deciding: tuple[int, ...]) -> None:
        """Start a turn timer for each person who begins a decision; stop those who ended one.
        Others' choices in the same simultaneous choice do not restart a seat's timer."""
        version = self.room.version
        if version == self._seen_version:
            return
        before, self._deciding, self._seen_version = self._deciding, deciding, version
        same_choice = len(before) > 1 and bool(deciding) and set(deciding) < set(before)
        for seat in list(self._turn_timers):
            if seat not in deciding or not same_choice:
                self._turn_timers.pop(seat).cancel()
        if not same_choice:
            self._out_of_time.clear()
        else:
            self._out_of_time &= set(deciding)
        if self.turn is None:
            return
        for seat in deciding:
            if (
                self.room.is_person(seat)
                and seat not in self.room.resigned
                and seat not in self._taken
                and seat not in self._turn_timers
                and seat not in self._out_of_time
            ):
                self._start_turn_timer(seat)

    async def _run(self) -> None:
        try:
            await self._play()
        except asyncio.CancelledError:
            raise
        except Exception:  # a broken journal or broadcast: the next wake tries again
            log.exception("the bots of a room stopped")

    async def _play(self) -> None:
        # Not ``play_out``: each move is chosen in a worker without the room's lock, journaled
        # before it counts, raced by people's moves, and paced; ``play_out`` does none of that.
        while not self._closed:
            self._poked = False
            if self._due() is None:
                if self._poked:
                    continue
                return
            await self._sleep(self.pace)
            seat = self._due()  # again: the room may have moved on during the pause
            if seat is None:
                continue
            decision = self.room.decision(seat)
            if decision is None:
                continue
            version, view, legal = decision
            action = await self._choose(seat, view, legal)
            if not self._due_for(seat):  # handed back while the bot thought
                continue
            person = self.room.is_person(seat)
            # Its one move out of time is this one: cleared before the move is told, since the
            # telling starts the next decision's timer, which may run out at once.
            self._out_of_time.discard(seat)
            try:
                # Stored before it counts; the event loop serves every other room meanwhile.
                await self.act(
                    functools.partial(self.room.stage_bot, seat, action, version, for_person=person)
                )
            except (GameOverError, RoomMovedError):  # moved: the room's node lets it go
                return
            except (StaleVersionError, TurnError):
                continue  # lost a race: the room moved on; look again
            except StoreUnavailableError:  # the database is away: nothing was made; try again
                await self._sleep(STORE_RETRY_SECONDS)
                continue
            if self._tells_itself:
                await self.notify()

    def _due_for(self, seat: int) -> bool:
        return self._bot_plays(seat) and not self.room.over

    async def _choose(self, seat: int, view: Any, legal: list[int]) -> int:
        agent = self._agent(seat)
        self.cap.clamp(agent)
        if searches(agent):
            pool = self._pool or await running_pool()
            share = fair_share(SEARCH_WORKERS)
            seconds = timed_budget(agent)
            work: Callable[..., tuple[int, Agent]] = decide
            if seconds is not None:  # decided within its budget, the wait for a worker counted
                work = functools.partial(decide_by, time.monotonic() + seconds)
            wait = None if seconds is None else seconds * WAIT_SHARE
            try:
                action, after = await search_in_turn(
                    share, self.room, pool, work, agent, view, legal, wait_at_most=wait
                )
            except TimeoutError:  # no worker in time: the game's heuristic, at once
                log.info("a bot had no search worker within %.2f s: a heuristic move", wait)
                action, _ = await asyncio.to_thread(decide, self._fallback(seat), view, legal)
                return action
            except BrokenExecutor:
                if self._pool is None:
                    _discard_pool(pool)
                log.warning("a search worker died: this decision is made in a thread")
                action, after = await asyncio.to_thread(decide, agent, view, legal)
            self._agents[seat] = after  # its random stream goes on from where it stopped
            return action
        action, _ = await asyncio.to_thread(decide, agent, view, legal)
        return action

    def _fallback(self, seat: int) -> Agent:
        """The game's heuristic player, for a timed bot that got no search worker in time."""
        agent = self._fallbacks.get(seat)
        if agent is None:
            seed = agent_seed(self.room.header.seed + FALLBACK_SALT, seat)
            agent = self._fallbacks[seat] = make_agent("heuristic", seed, self.room.game)
        return agent

    def _agent(self, seat: int) -> Agent:
        agent = self._agents.get(seat)
        if agent is None:  # a seat given to a bot or resigned since: the room's agent for it
            agent = self.room.match.agents.get(seat)
            if agent is not None:
                self._agents[seat] = agent
        if agent is None:  # a person's seat taken over: a stand-in of the takeover level
            kind = self.takeover_kind
            seed = agent_seed(self.room.header.seed + TAKEOVER_SALT, seat)
            agent = self._agents[seat] = make_agent(kind, seed, self.room.game)
        return agent


__all__ = [
    "BotDriver",
    "check_bots",
    "check_settings",
    "decide",
    "searches",
    "shared_pool",
    "shutdown_pool",
    "started_pool",
]
