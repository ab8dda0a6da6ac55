"""The bot driver without the web: bots play when due, paced, in a pool; takeover, turn timers,
races; and a bot's move on a person's seat is one nobody undoes across, after a rebuild too."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable, Coroutine
from itertools import pairwise
from typing import Any

import pytest
from tests.server.serving import journal_of

from angler.server import bots
from angler.server.bots import BotDriver, check_settings, shared_pool, shutdown_pool
from angler.server.journal import MemoryJournal
from angler.server.rooms import (
    HeaderError,
    Room,
    Staged,
    StaleVersionError,
    UndoError,
    make_header,
)
from angler.server.store import RoomJournal, Store


def room_of(game: str, seats: list[str], seed: int = 5, **settings: Any) -> Room:
    return Room(make_header(game, None, seats, seed=seed, settings=settings), MemoryJournal())


class Counter:
    def __init__(self) -> None:
        self.calls = 0

    async def __call__(self) -> None:
        self.calls += 1


async def until(test: Callable[[], bool], seconds: float = 3.0) -> None:
    """Wait (polling) until ``test()`` holds; fail if it does not within ``seconds``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not test():
        assert loop.time() < end, "timed out waiting"
        await asyncio.sleep(0.005)


def bot_moves_for(room: Room, seat: int) -> list[int]:
    journal = journal_of(room)
    return [entry.index for entry in journal.actions if entry.seat == seat and entry.by_bot]


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


def test_a_room_of_bots_plays_to_the_end() -> None:
    room = room_of("crazy-fishing", ["random", "easy"])
    notified = Counter()

    async def play() -> None:
        driver = BotDriver(room, notified, pace=0)
        await driver.wake()
        await driver.settled()
        await driver.close()

    run(play)
    assert room.over
    assert notified.calls == room.version > 0


def test_bots_move_after_the_person_and_stop_at_their_turn() -> None:
    room = room_of("fishing", ["human", "random", "random", "random"])
    token = room.claim(0)
    notified = Counter()
    rng = random.Random(1)

    async def play() -> None:
        driver = BotDriver(room, notified, pace=0)
        for _ in range(6):
            await driver.wake()
            await driver.settled()
            if room.over:
                break
            assert room.state.current_players() == (0,)  # the bots stopped at the person
            before = notified.calls
            decision = room.decision(0)
            assert decision is not None
            version, _, legal = decision
            room.move(token, rng.choice(legal), version)
            await driver.wake()
            await driver.settled()
            assert notified.calls > before  # the three bots moved after the person
        await driver.close()

    run(play)
    assert notified.calls >= 6 * 3


def test_each_bot_move_waits_the_rooms_pace() -> None:
    room = room_of("crazy-fishing", ["random", "random"], pace_ms=250)
    paces: list[float] = []
    events: list[str] = []

    async def fake_sleep(seconds: float) -> None:
        paces.append(seconds)
        events.append("pause")

    async def notified() -> None:
        events.append("move")

    async def play() -> None:
        driver = BotDriver(room, notified, sleep=fake_sleep)
        await driver.wake()
        await driver.settled()
        await driver.close()

    run(play)
    assert room.over
    assert set(paces) == {0.25}  # the room's setting, in seconds
    assert events == ["pause", "move"] * room.version  # a pause before every move


def present_person_moves(room: Room, seat: int, token: str) -> bool:
    """The person who stayed plays their first choice when deciding (a test's own player)."""
    if not room.over and seat in room.state.current_players():
        with contextlib.suppress(StaleVersionError):  # a bot moved meanwhile: next time
            room.move(token, room.state.legal_actions(seat)[0], room.version)
    return False


def test_a_bot_takes_over_after_the_grace_and_hands_back() -> None:
    room = room_of("crazy-fishing", ["human", "human"], grace_s=0.05, takeover="random")
    room.claim(0)
    friend = room.claim(1)

    async def play() -> None:
        driver = BotDriver(room, Counter(), pace=0)
        driver.seat_returned(1)  # the friend is at the table, waiting for seat 0
        await driver.wake()
        await driver.settled()
        assert 0 in room.state.current_players() and not bot_moves_for(room, 0)
        driver.seat_left(0)
        await asyncio.sleep(0)
        assert not driver.taken_over(0)  # the grace has not run out yet
        await until(
            lambda: (
                present_person_moves(room, 1, friend)
                or len(bot_moves_for(room, 0)) >= 2
                or room.over
            )
        )
        assert driver.taken_over(0)
        driver.seat_returned(0)
        await driver.settled()
        moved = len(bot_moves_for(room, 0))
        await driver.wake()
        await driver.settled()
        assert len(bot_moves_for(room, 0)) == moved  # handed back: the bot no longer moves
        assert room.over or 0 in room.state.current_players()
        await driver.close()

    run(play)
    assert bot_moves_for(room, 0)


def test_the_person_who_returns_within_the_grace_keeps_the_seat() -> None:
    room = room_of("crazy-fishing", ["human", "random"], grace_s=0.05)
    room.claim(0)

    async def play() -> None:
        driver = BotDriver(room, Counter(), pace=0)
        driver.seat_left(0)
        driver.seat_returned(0)
        await asyncio.sleep(0.1)
        await driver.wake()
        await driver.settled()
        assert not driver.taken_over(0)
        await driver.close()

    run(play)
    assert not bot_moves_for(room, 0)


def test_a_turn_timer_lets_the_bot_move_once_per_decision() -> None:
    room = room_of(
        "fishing", ["human", "random", "random", "random"], turn_s=0.05, takeover="random"
    )
    room.claim(0)

    async def play() -> None:
        driver = BotDriver(room, Counter(), pace=0)
        await driver.wake()
        await driver.settled()
        assert room.state.current_players() == (0,) and not bot_moves_for(room, 0)
        await until(lambda: len(bot_moves_for(room, 0)) >= 2 or room.over)
        await driver.close()

    run(play)
    moves = bot_moves_for(room, 0)
    assert len(moves) >= 2  # the timer ran out once per decision of the person's
    journal = journal_of(room)
    for index in moves:  # and each time the bot moved once: the next move is another seat's
        assert index + 1 == len(journal.actions) or journal.actions[index + 1].seat != 0


class RacingDriver(BotDriver):
    """While the bot thinks for the taken-over seat, its person moves at the same version."""

    def __init__(self, room: Room, token: str, **kwargs: Any) -> None:
        super().__init__(room, Counter(), **kwargs)
        self.token = token
        self.raced: list[int] = []

    async def _choose(self, seat: int, view: Any, legal: list[int]) -> int:
        action = await super()._choose(seat, view, legal)
        if seat == 0 and not self.raced:
            self.raced.append(self.room.version)
            self.room.move(self.token, legal[-1], self.room.version)
        return action


def test_of_a_racing_person_and_bot_exactly_one_move_is_applied(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    room = room_of("fishing", ["human", "human", "random", "random"], grace_s=0, takeover="easy")
    token = room.claim(0)
    room.claim(1)
    driver = RacingDriver(room, token, pace=0)
    refused: list[str] = []
    stage_bot = room.stage_bot

    def spied(seat: int, action: int, version: int, *, for_person: bool = False) -> Staged:
        try:
            return stage_bot(seat, action, version, for_person=for_person)
        except StaleVersionError as exc:
            refused.append(exc.code)
            driver.seat_returned(0)  # the person is back: the game stops at their next turn
            raise

    monkeypatch.setattr(room, "stage_bot", spied)

    async def play() -> None:
        driver.seat_returned(1)  # someone waits for seat 0: its bot plays while it is away
        driver.seat_left(0)
        await until(lambda: bool(refused))
        await driver.settled()
        await driver.close()

    run(play)
    assert refused in (["stale"], ["duplicate"])  # the bot's move lost and was dropped
    journal = journal_of(room)
    raced = journal.actions[driver.raced[0]]
    assert raced.seat == 0 and not raced.by_bot  # the person's move stands, alone
    assert not bot_moves_for(room, 0)
    assert room.over or room.state.current_players() in ((0,), (1,))  # people's turns wait


def test_the_event_loop_stays_live_while_a_search_bot_thinks() -> None:
    room = room_of("fishing", ["normal", "normal", "normal", "normal"])
    notified = Counter()
    ticks: list[float] = []  # when the loop ran this test's coroutine, while the bot thought

    async def play() -> None:
        loop = asyncio.get_running_loop()
        driver = BotDriver(room, notified, pace=0)
        await driver.wake()
        ticks.append(loop.time())
        while notified.calls == 0:
            await asyncio.sleep(0.01)
            ticks.append(loop.time())
        await driver.close()

    try:
        run(play)
        assert bots._pool is not None  # the decision was made in the process pool
    finally:
        shutdown_pool()
    assert bots.searches(room.match.agents[0])
    # 0.8 s of search, after the pool's start (half a second, in a thread): the loop ticked all
    # along, never held for anything like either (a loaded machine may stretch a tick).
    gaps = [later - earlier for earlier, later in pairwise(ticks)]
    assert ticks[-1] - ticks[0] >= 0.5 and len(gaps) >= 5, ticks
    assert max(gaps) < 0.5, max(gaps)  # a loop held by the search would wait its 0.8 s


def test_the_shared_pool_is_made_once_and_shut_down() -> None:
    pool = shared_pool()
    assert shared_pool() is pool
    assert pool._max_workers >= 1  # type: ignore[attr-defined]
    shutdown_pool()
    assert shared_pool() is not pool
    shutdown_pool()


def test_nobody_undoes_across_a_bots_move_for_a_person_even_after_a_rebuild() -> None:
    room = room_of("fishing", ["human", "human", "random", "random"])
    first, second = room.claim(0), room.claim(1)
    room.move(first, room.state.legal_actions(0)[0], room.version)
    assert room.match.undo_refusal(0) is None  # the person's own move could be taken back
    room.play_bot(1, room.state.legal_actions(1)[0], room.version, for_person=True)
    journal = journal_of(room)
    assert journal.actions[-1].by_bot
    copy = MemoryJournal(list(journal.actions))
    rebuilt = Room.rebuild(room.header, journal.actions, copy, room.tokens.hashes)
    for each in (room, rebuilt):
        for token in (first, second):
            with pytest.raises(UndoError, match="another player's move"):
                each.undo(token, each.version)
    assert rebuilt.version == room.version


def test_settings_have_defaults_and_bad_ones_are_one_line() -> None:
    game = room_of("crazy-fishing", ["random", "random"]).game
    assert check_settings({}) == {"pace": 0.8, "grace": 60.0, "turn": None, "takeover": "normal"}
    given = {"pace_ms": 0, "grace_s": 0.5, "turn_s": 30, "takeover": "Hard"}
    assert check_settings(given) == {"pace": 0.0, "grace": 0.5, "turn": 30.0, "takeover": "hard"}
    cases: list[tuple[dict[str, Any], str]] = [
        ({"pace_ms": "fast"}, "pace_ms must be a number from 0 to 86400000, not the text .fast."),
        ({"grace_s": -1}, "grace_s must be a number from 0 to 86400, not the whole number -1"),
        ({"turn_s": True}, "turn_s must be a number from 0 to 86400, not true"),
        ({"takeover": "human"}, "not human"),
        ({"takeover": "genius"}, "setting takeover 'genius' is not one of"),
        ({"takeover": "ismcts:lots"}, "ismcts seconds must be a number"),
    ]
    for bad, words in cases:
        with pytest.raises(HeaderError, match=words) as caught:
            check_settings(bad, game)
        assert "\n" not in str(caught.value)


def test_a_bots_move_for_a_person_survives_a_restart_as_a_bots(store_url: str) -> None:
    header = make_header("fishing", None, ["human", "human", "random", "random"], seed=5)
    with Store(store_url) as store:
        room_id = store.create_room(header)
        room = Room(header, RoomJournal(store, room_id))
        first, second = (
            room.claim(seat, lambda seat, digest: store.set_seat_token(room_id, seat, digest))
            for seat in (0, 1)
        )
        room.move(first, room.state.legal_actions(0)[0], room.version)
        room.play_bot(1, room.state.legal_actions(1)[0], room.version, for_person=True)
    with Store(store_url) as again:  # a restart
        stored = again.actions(room_id)
        assert [entry.by_bot for entry in stored] == [False, True]
        journal = RoomJournal(again, room_id)
        rebuilt = Room.rebuild(header, stored, journal, again.seat_tokens(room_id))
        for token in (first, second):
            with pytest.raises(UndoError, match="another player's move"):
                rebuilt.undo(token, rebuilt.version)
