"""The load generator behind ``angler loadtest``: whole games played through a real server.

M matches play at once (``loadtest_play``: people's seats, each a random client on a WebSocket;
or ``loadtest_bots``: rooms of bots watched by a spectator). Without a URL the server is started
here, in a process of its own (``loadtest_server``), and stopped afterwards.

A run plays ``warmup`` seconds unmeasured, then measures ``seconds``: the moves and their latency
(or, with bots, their lag), the games started and finished in that window, and what the server
spent on them: CPU (its process group's, from ``/proc``), resident memory (and so memory per live
match: what the server holds beyond its idle size, divided among its live rooms) and database
writes (``/health``'s ``store_writes``, which any server answers, so with ``--url`` too). With
``rss_every``, the server's memory is sampled all along (a soak).
"""

from __future__ import annotations

import asyncio
import math
import random
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from angler.server.collector import Collections
from angler.sim.stopping import Stopped, Terminated, signal_of
from angler.tools.loadtest_bots import bot_match
from angler.tools.loadtest_http import (
    LoadTestError,
    base_url,
    check_health,
    health,
    store_writes,
)
from angler.tools.loadtest_play import Table, Tally, people_match
from angler.tools.loadtest_server import (
    ServerProcess,
    group_cpu_seconds,
    rss_mb,
    serving_subprocess,
)

TICK_SECONDS = 0.25  # how often the progress line is told
WARMUP_SECONDS = 3.0

__all__ = ["LoadPlan", "LoadReport", "LoadStopped", "LoadTestError", "Tally", "run_loadtest"]


@dataclass(frozen=True)
class LoadPlan:
    """What to run: ``matches`` concurrent games of ``game`` for ``seconds`` after ``warmup``;
    ``url`` is the server's base address, or None to start one; ``bots``: a bot level, to fill
    every seat with bots (at ``pace_ms``, None: the room's default) watched by a spectator."""

    game: str
    players: int
    matches: int
    seconds: float
    think_ms: int = 0
    options: dict[str, str] = field(default_factory=dict)
    url: str | None = None
    deflate: bool = False  # permessage-deflate, as browsers offer it (about half the moves/s)
    warmup: float = WARMUP_SECONDS
    rss_every: float | None = None  # seconds between samples of the server's memory (a soak)
    bots: str | None = None
    pace_ms: int | None = None


@dataclass(frozen=True)
class Reading:
    """One look at the server and this process, at the start or the end of the measured window.
    The server's figures are None where they cannot be seen (``--url``: no process of ours)."""

    at: float  # perf_counter seconds
    driver_cpu: float  # this process's CPU seconds
    server_cpu: float | None
    rss: tuple[float, float] | None  # now, peak (MB)
    writes: int | None  # /health's store_writes
    live_rooms: int | None
    # When the server counted ``writes``: between asking and the answer (a saturated server
    # may answer /health seconds late, so ``at`` would not do).
    writes_at: float


@dataclass(frozen=True)
class LoadReport:
    """A finished run's figures (``as_json()`` for ``--json``)."""

    game: str
    players: int
    matches: int
    think_ms: int
    url: str
    started_server: bool
    server_pid: int | None  # the server started here (gone by the time of the report)
    warmup: float
    seconds: float
    moves: int
    moves_per_s: float
    p50_ms: float | None
    p99_ms: float | None
    bytes_per_state: float | None  # a seat's state after its first, as sent (uncompressed)
    games_started: int
    games_finished: int
    errors: int
    error_kinds: dict[str, int]
    first_errors: dict[str, str]
    server_cpu_us_per_move: float | None
    server_cpu_pct: float | None
    driver_cpu_pct: float
    server_rss_mb: float | None
    server_peak_rss_mb: float | None
    server_idle_rss_mb: float | None
    live_rooms: int | None
    memory_per_match_kb: float | None
    store_writes: int | None
    db_writes_per_s: float | None
    rss_series: list[tuple[float, float]] | None
    rss_growth: float | None
    bots: str | None
    pace_ms: int | None
    bot_seats: int | None
    bot_moves_per_s: float | None
    bot_lag_p50_ms: float | None
    bot_lag_p99_ms: float | None
    rss_note: str

    def as_json(self) -> dict[str, Any]:
        figures = asdict(self)
        if self.rss_series is not None:
            figures["rss_series"] = [list(sample) for sample in self.rss_series]
        return figures


class LoadStopped(Stopped):
    """A load run stopped by Ctrl-C (or SIGTERM) after ``seconds``, with what it had counted."""

    def __init__(self, tally: Tally, seconds: float, signum: int) -> None:
        super().__init__(tally, seconds, signum=signum)
        self.tally = tally
        self.seconds = seconds

    def __str__(self) -> str:
        games = self.tally.games_finished
        return (
            f"{self.how} after {self.seconds:.1f} s: {self.tally.moves} moves, "
            f"{games} game{'s' * (games != 1)} finished, {self.tally.error_count()} errors"
        )


Tick = Callable[[float, Tally], None]


@dataclass
class _Run:
    """What a run keeps beside the tally: the server's idle size and the readings."""

    server: ServerProcess | None
    idle_rss: float | None = None
    start: Reading | None = None
    end: Reading | None = None
    rss_series: list[tuple[float, float]] = field(default_factory=list)


def run_loadtest(plan: LoadPlan, on_tick: Tick | None = None) -> LoadReport:
    """Run ``plan`` and report; ``on_tick(elapsed seconds, tally)`` is called as it goes.
    LoadTestError if the server cannot be reached or started; LoadStopped on Ctrl-C."""
    if plan.url is not None and plan.rss_every is not None:
        raise LoadTestError("--rss-every samples a server started here: not with --url")
    tally = Tally()
    started = time.perf_counter()
    try:
        with _server(plan.url) as (base, server):
            check_health(base, plan.game)
            run = _Run(server)
            if server is not None:
                idle = rss_mb(server.pid)
                run.idle_rss = None if idle is None else idle[0]
            asyncio.run(_drive(plan, base, run, tally, on_tick))
    except KeyboardInterrupt as stop:
        raise LoadStopped(tally, time.perf_counter() - started, signal_of(stop)) from None
    return _report(plan, base, run, tally)


@contextmanager
def _server(url: str | None) -> Iterator[tuple[str, ServerProcess | None]]:
    if url is not None:
        yield base_url(url), None
        return
    with serving_subprocess() as server:
        yield server.base, server


async def _look(base: str, server: ServerProcess | None) -> Reading:
    """A reading: the clock and ``/proc`` at once, then ``/health`` asked in a thread (the
    clients play on meanwhile)."""
    at, driver_cpu = time.perf_counter(), time.process_time()
    server_cpu = None if server is None else group_cpu_seconds(server.pid)
    rss = None if server is None else rss_mb(server.pid)
    answer = await asyncio.to_thread(health, base)
    answered = time.perf_counter()
    live_rooms = answer.get("live_rooms")
    return Reading(
        at=at,
        driver_cpu=driver_cpu,
        server_cpu=server_cpu,
        rss=rss,
        writes=store_writes(answer),
        live_rooms=live_rooms if type(live_rooms) is int else None,
        writes_at=(at + answered) / 2,
    )


async def _drive(plan: LoadPlan, base: str, run: _Run, tally: Tally, on_tick: Tick | None) -> None:
    """Play ``plan.matches`` matches through the warm-up and the measured window. Ctrl-C
    (asyncio.run's own handling) or SIGTERM cancels it, and the clients close."""
    table = Table(base, plan.game, plan.players, plan.options, plan.think_ms, plan.deflate)
    # The clients' own collector pauses would be read as the server's latency: the server's
    # policy here too (no young passes; a full pass when the objects grew, or on a timer).
    collector = asyncio.create_task(Collections().run())
    begin = time.perf_counter()
    if plan.bots is not None:
        matches = [
            asyncio.create_task(bot_match(table, plan.bots, plan.pace_ms, tally))
            for _ in range(plan.matches)
        ]
    else:
        matches = [
            asyncio.create_task(people_match(table, tally, random.Random(number)))
            for number in range(plan.matches)
        ]
    sampled_at = -math.inf
    try:
        with _sigterm_cancels() as terminated:
            for phase_end, measuring in ((plan.warmup, False), (plan.warmup + plan.seconds, True)):
                if measuring:
                    tally.measuring = True
                    run.start = await _look(base, run.server)
                while (elapsed := time.perf_counter() - begin) < phase_end:
                    if on_tick is not None:
                        on_tick(elapsed, tally)
                    if plan.rss_every is not None and elapsed - sampled_at >= plan.rss_every:
                        sampled_at = elapsed
                        _sample(run, elapsed)
                    wait = min(TICK_SECONDS, phase_end - elapsed)
                    if plan.rss_every is not None:
                        wait = min(wait, max(0.0, sampled_at + plan.rss_every - elapsed))
                    await asyncio.sleep(wait)
            tally.measuring = False
            run.end = await _look(base, run.server)
            if plan.rss_every is not None:
                _sample(run, time.perf_counter() - begin)
    except asyncio.CancelledError:
        if terminated:
            raise Terminated() from None
        raise
    finally:
        collector.cancel()
        for task in matches:
            task.cancel()
        ended = await asyncio.gather(*matches, return_exceptions=True)
        await asyncio.gather(collector, return_exceptions=True)  # the collector's setting back
    for outcome in ended:  # a match ended by a bug of this module, not by the server
        if isinstance(outcome, Exception):
            raise outcome


def _sample(run: _Run, elapsed: float) -> None:
    memory = None if run.server is None else rss_mb(run.server.pid)
    if memory is not None:
        run.rss_series.append((round(elapsed, 2), round(memory[0], 1)))


@contextmanager
def _sigterm_cancels() -> Iterator[list[int]]:
    """While active, SIGTERM cancels the running task (yielding ``[SIGTERM]`` once it came):
    a handler raising in the main thread would land in whichever client task ran."""
    loop, task = asyncio.get_running_loop(), asyncio.current_task()
    came: list[int] = []

    def cancel() -> None:
        came.append(signal.SIGTERM)
        if task is not None:
            task.cancel()

    previous = signal.getsignal(signal.SIGTERM)
    try:
        loop.add_signal_handler(signal.SIGTERM, cancel)
    except (NotImplementedError, RuntimeError, ValueError):  # Windows, or not the main thread
        yield came
        return
    try:
        yield came
    finally:
        loop.remove_signal_handler(signal.SIGTERM)
        if previous is not None:  # None: a handler not set from Python, which stays unknown
            signal.signal(signal.SIGTERM, previous)


# ----- the report -----


def _per_s(count: int, seconds: float) -> float | None:
    return round(count / seconds, 1) if seconds > 0 else None


def _report(plan: LoadPlan, base: str, run: _Run, tally: Tally) -> LoadReport:
    start, end = run.start, run.end
    assert start is not None and end is not None  # _drive returned: both were read
    window = end.at - start.at
    moves = tally.moves
    server_cpu = _delta(start.server_cpu, end.server_cpu)
    writes = _delta(start.writes, end.writes)
    rss, peak = end.rss if end.rss is not None else (None, None)
    per_match = None
    if rss is not None and run.idle_rss is not None and end.live_rooms:
        per_match = round((rss - run.idle_rss) * 1024 / end.live_rooms, 1)
    idle = None if run.idle_rss is None else round(run.idle_rss, 1)
    moves_per_s = round(moves / window, 1) if window > 0 else 0.0
    bots = plan.bots is not None
    if plan.url is None:
        note = "the server's own process, started here (its search workers apart)"
    else:
        note = "not measured: the server runs in another process (--url)"
    return LoadReport(
        game=plan.game,
        players=plan.players,
        matches=plan.matches,
        think_ms=plan.think_ms,
        url=base,
        started_server=plan.url is None,
        server_pid=None if run.server is None else run.server.pid,
        warmup=plan.warmup,
        seconds=round(window, 2),
        moves=moves,
        moves_per_s=moves_per_s,
        p50_ms=percentile_ms(tally.latencies, 0.50),
        p99_ms=percentile_ms(tally.latencies, 0.99),
        bytes_per_state=round(tally.state_bytes / tally.states) if tally.states else None,
        games_started=tally.games_started,
        games_finished=tally.games_finished,
        errors=tally.error_count(),
        error_kinds=dict(sorted(tally.errors.items())),
        first_errors=dict(sorted(tally.first_errors.items())),
        server_cpu_us_per_move=None
        if server_cpu is None or not moves
        else round(server_cpu / moves * 1e6, 1),
        server_cpu_pct=None if server_cpu is None else _share(server_cpu, window),
        driver_cpu_pct=_share(end.driver_cpu - start.driver_cpu, window) or 0.0,
        server_rss_mb=None if rss is None else round(rss, 1),
        server_peak_rss_mb=None if peak is None else round(peak, 1),
        server_idle_rss_mb=idle,
        live_rooms=end.live_rooms,
        memory_per_match_kb=per_match,
        store_writes=writes,
        db_writes_per_s=None if writes is None else _per_s(writes, end.writes_at - start.writes_at),
        rss_series=run.rss_series if plan.rss_every is not None else None,
        rss_growth=_growth(run.rss_series, plan.warmup),
        bots=plan.bots,
        pace_ms=plan.pace_ms if not bots or plan.pace_ms is not None else _default_pace_ms(),
        bot_seats=plan.matches * plan.players if bots else None,
        bot_moves_per_s=moves_per_s if bots else None,
        bot_lag_p50_ms=percentile_ms(tally.lags, 0.50) if bots else None,
        bot_lag_p99_ms=percentile_ms(tally.lags, 0.99) if bots else None,
        rss_note=note,
    )


def _delta(before: float | None, after: float | None) -> Any:
    return None if before is None or after is None else after - before


def _share(part: float, whole: float) -> float | None:
    """``part`` as a percentage of ``whole``, to one decimal (None for an empty whole)."""
    return round(part / whole * 100, 1) if whole > 0 else None


def _growth(series: Sequence[tuple[float, float]], warmup: float) -> float | None:
    """The last sample of the server's memory over the first one after the warm-up."""
    after = [rss for at, rss in series if at >= warmup]
    if len(after) < 2 or not after[0]:
        return None
    return round(after[-1] / after[0], 3)


def _default_pace_ms() -> int:
    from angler.server.bots import PACE_MS

    return PACE_MS


def percentile_ms(latencies: Sequence[float], share: float) -> float | None:
    """The nearest-rank percentile of ``latencies`` (seconds) in milliseconds; None if empty."""
    if not latencies:
        return None
    ordered = sorted(latencies)
    rank = max(1, math.ceil(share * len(ordered)))
    return round(ordered[rank - 1] * 1000, 2)
