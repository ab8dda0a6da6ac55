"""Bots' searches share the machine (issue 25): one decision is held to the server's cap, and
rooms take the search workers in turn. Deterministic: a fake pool whose searches end when the
test says, no clock."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor, Future
from typing import Any

import pytest
from tests.server.serving import journal_of

from angler.agents.base import make_agent
from angler.core.registry import make_game
from angler.server import bots
from angler.server.bots import BotDriver
from angler.server.journal import MemoryJournal
from angler.server.rooms import Room, make_header
from angler.server.searches import WAIT_SHARE, BotCap, FairShare, search_in_turn


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


async def settle() -> None:
    for _ in range(20):  # let every ready task run to its next wait
        await asyncio.sleep(0)


def test_a_second_room_is_served_before_the_first_rooms_second_search() -> None:
    async def go() -> None:
        share = FairShare(slots=1)
        await share.take("A")  # A searches
        a_again = asyncio.ensure_future(share.take("A"))
        await settle()
        b_first = asyncio.ensure_future(share.take("B"))
        await settle()
        assert not a_again.done() and not b_first.done()
        share.give_back("A")
        await settle()
        assert b_first.done() and not a_again.done()  # B's turn, though A asked first
        share.give_back("B")
        await settle()
        assert a_again.done()
        assert share.order == ["A", "B", "A"]

    run(go)


def test_waiting_rooms_are_served_round_robin() -> None:
    async def go() -> None:
        share = FairShare(slots=1)
        await share.take("A")
        waiting = []
        for room in ["A", "A", "B", "B", "C"]:
            waiting.append(asyncio.ensure_future(share.take(room)))
            await settle()
        for _ in range(5):
            share.give_back(share.order[-1])
            await settle()
        assert share.order == ["A", "B", "C", "A", "B", "A"]
        assert all(task.done() for task in waiting)

    run(go)


def test_a_room_holds_a_second_worker_only_while_nobody_else_waits() -> None:
    async def go() -> None:
        share = FairShare(slots=2)
        await share.take("A")
        await share.take("A")  # nobody waits: a room may use every free worker
        a_third = asyncio.ensure_future(share.take("A"))
        await settle()
        b_first = asyncio.ensure_future(share.take("B"))
        await settle()
        share.give_back("A")
        await settle()
        assert b_first.done() and not a_third.done()
        share.give_back("A")
        await settle()
        assert a_third.done() and share.order == ["A", "A", "B", "A"]

    run(go)


def test_a_search_given_up_while_waiting_leaves_no_hole() -> None:
    async def go() -> None:
        share = FairShare(slots=1)
        await share.take("A")
        gone = asyncio.ensure_future(share.take("B"))
        stays = asyncio.ensure_future(share.take("C"))
        await settle()
        gone.cancel()
        await settle()
        share.give_back("A")
        await settle()
        assert stays.done() and share.order == ["A", "C"] and share.free == 0
        share.give_back("C")
        assert share.free == 1 and not share.waiting and not share.running

    run(go)


class HeldPool(Executor):
    """Runs nothing until ``finish(n)``: the test decides when each search ends."""

    def __init__(self) -> None:
        self.calls: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()
        self.calls.append((future, fn, args))
        return future

    def finish(self, index: int) -> None:
        future, fn, args = self.calls[index]
        future.set_result(fn(*args))


def test_a_worker_is_given_back_when_its_search_ends_not_when_its_caller_stops() -> None:
    async def go() -> None:
        share, pool = FairShare(slots=1), HeldPool()
        first = asyncio.ensure_future(search_in_turn(share, "A", pool, max, 1, 2))
        second = asyncio.ensure_future(search_in_turn(share, "B", pool, max, 3, 4))
        await settle()
        first.cancel()  # the room closed: its search still runs in the worker
        await settle()
        assert len(pool.calls) == 1 and not second.done()
        pool.finish(0)
        await settle()
        assert len(pool.calls) == 2  # now B's search goes to the worker
        pool.finish(1)
        assert await second == 4

    run(go)


def test_two_rooms_of_bots_take_one_worker_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two rooms' drivers on one worker: their searches alternate, each room's next one waits
    for the other's."""
    monkeypatch.setattr(bots, "SEARCH_WORKERS", 1)

    def room(seed: int) -> Room:
        header = make_header("crazy-fishing", None, ["ismcts:5it", "ismcts:5it"], seed=seed)
        return Room(header, MemoryJournal())

    async def go() -> None:
        pool = HeldPool()
        rooms = [room(1), room(2)]

        async def nothing() -> None:
            return None

        drivers = [BotDriver(r, nothing, pool=pool, pace=0) for r in rooms]
        for driver in drivers:
            await driver.wake()
        await settle()
        for index in range(6):
            assert len(pool.calls) == index + 1, "one search at a time on one worker"
            pool.finish(index)
            await settle()
            while len(pool.calls) == index + 1 and not all(r.over for r in rooms):
                await asyncio.sleep(0.01)  # the move is journaled in a thread
        agents = [call[2][0] for call in pool.calls[:6]]  # whose room each search was
        owners = [
            next(i for i, d in enumerate(drivers) if any(a is agent for a in d._agents.values()))
            for agent in agents
        ]
        assert owners == [0, 1, 0, 1, 0, 1]
        for driver in drivers:
            await driver.close()

    run(go)


def test_a_budget_over_the_cap_is_held_to_it_and_so_is_the_bank() -> None:
    game = make_game("flip-and-fish", 2)  # paired search: a decision may draw on its bank
    cap = BotCap(1.0)
    agent: Any = make_agent("rollout:3s", 0, game)
    agent.bank = 10.0
    cap.clamp(agent)
    assert agent.seconds == 1.0 and agent.bank == 0.0
    agent = make_agent("rollout:0.25s", 0, game)
    agent.bank = 10.0
    cap.clamp(agent)
    assert agent.seconds == 0.25 and agent.bank == 0.75  # budget and bank within the cap
    counted: Any = make_agent("ismcts:90000it", 0, game)
    cap.clamp(counted)
    assert counted.iterations == cap.iterations == 10_000
    assert cap.problem(make_agent("ismcts:10000it", 0, game)) is None
    assert "cap of 10000" in (cap.problem(make_agent("ismcts:10001it", 0, game)) or "")


def test_a_stored_rooms_bot_over_a_lower_cap_searches_within_it() -> None:
    header = make_header("crazy-fishing", None, ["ismcts:30s", "ismcts:30s"], seed=4)
    room = Room(header, MemoryJournal())  # stored before the server's cap was lowered

    async def go() -> None:
        pool = HeldPool()

        async def nothing() -> None:
            return None

        driver = BotDriver(room, nothing, pool=pool, pace=0, cap=BotCap(0.5))
        await driver.wake()
        await settle()
        assert pool.calls and pool.calls[0][2][0].seconds == 0.5
        await driver.close()

    run(go)


def test_a_timed_bot_that_gets_no_worker_in_time_plays_its_heuristic_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One worker, held by another room's search that never ends here: a bot with a budget in
    seconds does not wait past it, but moves at once with its game's heuristic."""
    monkeypatch.setattr(bots, "SEARCH_WORKERS", 1)
    hog = Room(make_header("crazy-fishing", None, ["ismcts:5it"] * 2, seed=1), MemoryJournal())
    quick = Room(make_header("crazy-fishing", None, ["ismcts:0.05s"] * 2, seed=2), MemoryJournal())
    expected = make_agent("heuristic", 0, quick.game).act(
        quick.state.view(0), list(quick.state.legal_actions(0))
    )

    async def go() -> None:
        pool = HeldPool()

        async def nothing() -> None:
            return None

        holder = BotDriver(hog, nothing, pool=pool, pace=0)
        await holder.wake()
        await settle()
        assert len(pool.calls) == 1  # the hog's search holds the only worker, and keeps it
        waiting = BotDriver(quick, nothing, pool=pool, pace=0)
        await waiting.wake()
        deadline = asyncio.get_running_loop().time() + 10
        while quick.version == 0:
            assert asyncio.get_running_loop().time() < deadline, "the timed bot never moved"
            await asyncio.sleep(0.01)
        assert len(pool.calls) == 1  # it moved without a worker
        journal = journal_of(quick)
        assert journal.actions[0].action == quick.game.action_to_string(expected)
        for driver in (holder, waiting):
            await driver.close()

    run(go)


def test_a_timed_search_spends_on_its_search_what_it_did_not_wait() -> None:
    game = make_game("crazy-fishing", 2)
    agent: Any = make_agent("ismcts:2s", 0, game)
    state = game.new_state(3)
    seen: list[float] = []

    def act(view: Any, legal: Any) -> int:
        seen.append(agent.seconds)
        return int(legal[0])

    agent.act = act
    bots.decide_by(time.monotonic() + 0.5, agent, state.view(0), state.legal_actions(0))
    assert 0.2 < seen[0] <= 0.5  # what was left of the 2 s when the worker began
    bots.decide_by(time.monotonic() - 5, agent, state.view(0), state.legal_actions(0))
    assert seen[1] == pytest.approx(2 * (1 - WAIT_SHARE))  # at least its floor
    assert agent.seconds == 2  # and its own budget again afterwards
