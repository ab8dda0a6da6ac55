"""The card-set editor's checks on the server (docs/server.md, "Card-set checks"): an edited
card set played against the bundled one, the comparison ``angler analyse --compare`` makes (A =
the bundled set, B = the edited one, the same seeds), on the bots' process pool.

Two kinds: a *quick check* (``Limits.card_check_games`` games a side at the game's default
players) answers with the headline figures (each seat's win share, the scores, the game's
length; A and B with their 95% intervals, and B − A with its interval and Holm's p-value, as the
report's top computes them); a *full report* (``Limits.card_report_games`` games a side) with
the HTML report ``angler analyse`` writes for the same comparison.

Limits, so that a stranger cannot spend the server's CPU without bound: the number of games is
the server's, not the asker's; one check runs at a time on a node, handing the pool a few games
at a time (a bot's search waits behind one batch at most, a fraction of a second); at most
``Limits.card_checks_waiting`` wait (past that, ``429 rate``); each person (an account, else an
address) may queue ``Limits.card_checks_per_minute`` a minute. Checks live in the node's memory:
the newest ``KEPT`` (finished ones for ``KEEP_S``), none after a restart.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import math
import secrets
import shlex
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from angler.core.data import card_set_file
from angler.core.errors import AnglerError
from angler.core.registry import get_game
from angler.server.limits import RoomCreations
from angler.server.reviews import RETRY_AFTER_S, ReviewsBusyError, shared_pool
from angler.sim.analyse import Analysis, Outcome, Task, configure, play_task
from angler.sim.differences import holm, paired_difference
from angler.sim.findings import figure_groups, per_game
from angler.stats import Estimate

log = logging.getLogger(__name__)

Kind = Literal["quick", "report"]
Status = Literal["queued", "running", "done", "failed"]
SEED = 1  # the first game's seed, as angler analyse's default
AGENTS = ("heuristic",)  # every seat, as angler analyse's default
BATCH = 4  # games handed to the pool at once: tens of milliseconds each
KEPT = 32  # checks a node keeps at most (a report is some hundreds of KB)
KEEP_S = 3600.0  # a finished check is kept this long
EDITED_FILE = "edited-cards.json"  # the editor's download: the command in a report names it


class CheckUnknownError(AnglerError):
    code: ClassVar[str] = "check"
    status: ClassVar[int] = 404


class ReportNotReadyError(AnglerError):
    code: ClassVar[str] = "check"
    status: ClassVar[int] = 409


class AnalysisMissingError(AnglerError):
    """The server was installed without the analysis extra (statsmodels, matplotlib)."""

    code: ClassVar[str] = "analysis"
    status: ClassVar[int] = 503


def require_analysis(kind: Kind) -> None:
    """AnalysisMissingError unless the modules a check needs are installed (found, not imported:
    the server's own process never loads them)."""
    needed = ["statsmodels"] + (["matplotlib"] if kind == "report" else [])
    missing = [name for name in needed if importlib.util.find_spec(name) is None]
    if missing:
        what = "quick check" if kind == "quick" else "full report"
        raise AnalysisMissingError(
            f"this server cannot make a {what}: it lacks {' and '.join(missing)}, "
            "the analysis extra (pip install 'angler[analysis]')"
        )


class ChecksBusyError(ReviewsBusyError):
    """Too many checks waiting, or asked by one person: 429 with ``retry_after``."""


@dataclass
class CardCheck:
    """One check: asked, queued, played, its result kept a while."""

    id: str
    game: str
    kind: Kind
    players: int
    games: int  # a side
    cards: dict[str, Any] | None  # the edited set, dropped once played
    status: Status = "queued"
    done: int = 0  # games played, both sides
    figures: list[dict[str, Any]] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    anomalies: int = 0
    report: str | None = None
    message: str | None = None
    finished_at: float | None = None

    @property
    def total(self) -> int:
        return 2 * self.games

    def as_dict(self) -> dict[str, Any]:
        shown: dict[str, Any] = {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "players": self.players,
            "games": self.games,
        }
        if self.status == "done":
            shown["changes"] = self.changes
            shown["anomalies"] = self.anomalies
            if self.kind == "quick":
                shown["figures"] = self.figures
            else:
                shown["report"] = f"/cards/checks/{self.id}/report"
        if self.status == "failed":
            shown["message"] = self.message or "the check failed"
        return shown


def play_games(
    game: str, cards: str, agents: dict[int, list[str]], tasks: list[Task]
) -> list[Outcome]:
    """Some of a check's games, in a worker of the pool: side 1 plays the file ``cards``."""
    sides = [{}, {"cards": cards}]
    return [play_task(game, sides[task.side], agents, task) for task in tasks]


def report_html(analysis: Analysis, command: str) -> str:
    """The full report's page, in a worker of the pool (the figures take seconds to draw)."""
    from angler.core.plots import require_matplotlib
    from angler.sim.findings import findings
    from angler.sim.report_html import render

    require_matplotlib("a full report")  # drawn to files, never to a window
    return render(analysis, command, findings(analysis))


def headline(analysis: Analysis) -> list[dict[str, Any]]:
    """The headline figures at the analysis's player count: A and B with their 95% intervals
    (shares Wilson's, means the normal one), B − A paired by seed with Holm's correction over
    them all, as the report's top tests them."""
    (players,) = analysis.player_counts
    tested = []
    for group in figure_groups(analysis, players):
        for label, value in group.figures.items():
            a, b = per_game(analysis, players, value)
            tested.append((group.title, group.percent, label, a, b, paired_difference(label, a, b)))
    corrected = holm([row[-1] for row in tested])
    rows = []
    for (title, percent, label, a, b, _), difference in zip(tested, corrected, strict=True):
        estimate = Estimate.share if percent else Estimate.of
        rows.append(
            {
                "group": title,
                "figure": label,
                "percent": percent,
                "a": estimate(a).as_dict(),
                "b": estimate(b).as_dict(),
                "difference": Estimate(difference.mean, difference.low, difference.high).as_dict(),
                "n": difference.n,
                "p": _finite(difference.corrected),
                "significant": difference.significant,
            }
        )
    return rows


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


class CardChecks:
    """This node's card-set checks: asked, queued, run one at a time on the bots' pool."""

    def __init__(
        self,
        quick_games: int,
        report_games: int,
        waiting: int,
        per_minute: int,
        pool: Callable[[], Awaitable[Executor]] = shared_pool,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.games: dict[Kind, int] = {"quick": quick_games, "report": report_games}
        self.waiting = waiting
        self.asks = RoomCreations(per_minute)  # buckets by person, as room creations are
        self.pool = pool
        self.clock = clock
        self.checks: OrderedDict[str, CardCheck] = OrderedDict()
        self.queue: deque[str] = deque()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    def ask(self, game: str, cards: dict[str, Any], kind: Kind, person: str) -> dict[str, Any]:
        """Queue a check of ``cards`` (a set the game plays: checked by the caller) for
        ``person`` (``account:ID`` or ``address:HOST``); its status."""
        require_analysis(kind)
        if len(self.queue) >= self.waiting:
            raise ChecksBusyError(
                f"{self.waiting} card-set checks wait already: try again in {RETRY_AFTER_S} s",
                RETRY_AFTER_S,
            )
        wait = self.asks.take(person)
        if wait:
            raise ChecksBusyError(
                f"at most {self.asks.per_minute} card-set checks a minute from one person: "
                f"try again in {wait} s",
                wait,
            )
        self._forget_old()
        players = get_game(game).default_players
        check = CardCheck(secrets.token_urlsafe(12), game, kind, players, self.games[kind], cards)
        self.checks[check.id] = check
        self.queue.append(check.id)
        self._wake.set()
        return check.as_dict()

    def status(self, check_id: str) -> dict[str, Any]:
        return self._check(check_id).as_dict()

    def report(self, check_id: str) -> str:
        check = self._check(check_id)
        if check.kind != "report":
            raise CheckUnknownError(f"check {check_id[:40]!r} is a quick check: it has no report")
        if check.report is None:
            raise ReportNotReadyError(f"the report is not ready: the check is {check.status}")
        return check.report

    def _check(self, check_id: str) -> CardCheck:
        check = self.checks.get(check_id)
        if check is None:
            raise CheckUnknownError(
                f"there is no card-set check {check_id[:40]!r} (a check is kept an hour)"
            )
        return check

    def _forget_old(self) -> None:
        """Finished checks past ``KEEP_S``, and the oldest finished past ``KEPT``: memory stays
        bounded (waiting ones are bounded by ``waiting``)."""
        now = self.clock()
        finished = [
            (c.id, c.finished_at) for c in self.checks.values() if c.finished_at is not None
        ]
        for check_id, finished_at in finished:  # the first asked first (the order kept)
            if now - finished_at > KEEP_S or len(self.checks) >= KEPT:
                del self.checks[check_id]

    # Running.

    async def _run(self) -> None:
        while True:
            while not self.queue:
                self._wake.clear()
                await self._wake.wait()
            check = self.checks.get(self.queue.popleft())
            if check is None:
                continue
            try:
                await self._play(check)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a check's failure is its own: the next one runs
                log.exception("the card-set check %s of %s failed", check.id, check.game)
                check.status = "failed"
                check.message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            finally:
                check.cards = None
                check.finished_at = self.clock()

    async def _play(self, check: CardCheck) -> None:
        check.status = "running"
        assert check.cards is not None
        # The edited set as a file while its games are made: the workers read it by its path.
        with card_set_file(check.cards) as path:
            analysis = await asyncio.to_thread(
                configure, check.game, {}, ["", str(path)], [check.players], AGENTS
            )
            tasks = [
                Task(side, check.players, seed)
                for seed in range(SEED, SEED + check.games)
                for side in (0, 1)
            ]
            for start in range(0, len(tasks), BATCH):
                pool = await self.pool()
                batch = tasks[start : start + BATCH]
                played = pool.submit(play_games, check.game, str(path), analysis.agents, batch)
                outcomes: list[Outcome] = await asyncio.wrap_future(played)
                analysis.outcomes += outcomes
                check.done = len(analysis.outcomes)
        analysis.card_files = ["", EDITED_FILE]
        analysis.seed, analysis.games, analysis.planned = SEED, check.games, len(tasks)
        analysis.outcomes.sort(key=lambda o: (o.players, o.seed, o.side))
        check.changes = [change.text for change in analysis.changes]
        check.anomalies = len(analysis.anomalies())
        if check.kind == "quick":
            check.figures = await asyncio.to_thread(headline, analysis)
        else:
            pool = await self.pool()
            drawn = pool.submit(report_html, analysis, _command(check))
            page: str = await asyncio.wrap_future(drawn)
            check.report = page
        check.status = "done"


def _command(check: CardCheck) -> str:
    """The command that makes the same report, the edited set downloaded as ``EDITED_FILE``."""
    words = ["angler", "analyse", check.game, "--players", str(check.players)]
    words += ["--compare", EDITED_FILE, "--games", str(check.games)]
    words += ["--agents", ",".join(AGENTS), "--seed", str(SEED), "--out", "report.html"]
    return shlex.join(words)
