"""``angler loadtest --bots LEVEL``: rooms of bots watched by a spectator; their moves counted
and each move's lag (the time between the state that made the bot decide and the state with its
move, minus the pace) timed."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

import pytest

from angler.tools import loadtest_bots
from angler.tools.loadtest_play import Tally

if TYPE_CHECKING:
    from tests.conftest import Angler


def test_rooms_of_easy_bots_move_and_their_lag_is_reported(angler: Angler) -> None:
    args = ["-g", "crazy-fishing", "-p", "2", "-m", "2", "--warmup", "0.5", "--seconds", "1.5"]
    run = angler(["loadtest", *args, "--bots", "EASY", "--pace-ms", "50", "--json"])
    assert run.status == 0, run.stderr
    report = run.json()
    assert report["errors"] == 0, report["first_errors"]
    assert report["bots"] == "easy" and report["bot_seats"] == 4 and report["pace_ms"] == 50
    assert report["moves"] > 0 and report["bot_moves_per_s"] == report["moves_per_s"] > 0
    assert report["bot_lag_p50_ms"] <= report["bot_lag_p99_ms"]
    assert report["p50_ms"] is None  # no person's moves: no move latency
    # Every bot move is a committed write, whoever made it.
    assert report["db_writes_per_s"] > 0 and report["server_cpu_us_per_move"] > 0


class Scripted:
    """A spectator's socket that hears states (version, over) at given times."""

    def __init__(self, states: list[tuple[float, int, bool]], clock: Clock) -> None:
        self.states = states
        self.clock = clock
        self.sent: list[Any] = []

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def recv(self) -> str:
        at, version, over = self.states.pop(0)
        self.clock.now = at
        return json.dumps({"type": "state", "version": version, "over": over, "seat": None})


class Clock:
    now = 0.0

    def perf_counter(self) -> float:
        return self.now


def test_a_move_s_lag_is_the_time_between_its_states_less_the_pace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock()
    monkeypatch.setattr(loadtest_bots, "time", clock)
    states = [
        (0.0, 0, False),  # said hello: the bot's pace began before, unseen
        (1.0, 1, False),  # counted, not timed
        (1.9, 2, False),  # lag 1.9 - 1.0 - 0.8
        (2.5, 2, False),  # nothing moved
        (3.0, 4, False),  # two moves in one state: counted, neither timed
        (4.0, 5, True),  # lag 4.0 - 3.0 - 0.8
    ]
    socket = Scripted(states, clock)
    tally = Tally(measuring=True)
    asyncio.run(loadtest_bots._watch(socket, pace=0.8, silence=5.0, tally=tally))  # type: ignore[arg-type]
    assert socket.sent == [{"type": "hello", "token": None}]
    assert tally.moves == 5
    assert [round(lag, 6) for lag in tally.lags] == [0.1, 0.2]
