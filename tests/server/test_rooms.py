"""Rooms: whole games through seat tokens and versions, refusals that change nothing, the journal
written before a move counts, rebuild by replay, undo as fair as at the terminal, and no payload
that shows a seat anything its view does not."""

from __future__ import annotations

import json
import random
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from angler.core.data import read_json
from angler.core.errors import AnglerError, RecordError
from angler.core.records import replay
from angler.games.fishing.cards import DEFAULT_CARDS
from angler.server.journal import (
    UNDO,
    MemoryJournal,
    RoomHeader,
    StaleActionError,
    StoredAction,
)
from angler.server.payloads import error_message, seat_payload, sendable, spectator_payload
from angler.server.rooms import (
    DuplicateMoveError,
    GameOverError,
    HeaderError,
    IllegalMoveError,
    Room,
    RoomError,
    SeatError,
    StaleVersionError,
    TokenError,
    TurnError,
    UndoError,
    check_action,
    make_header,
)
from angler.server.tokens import token_hash

ROOMS_OWN = ("can_undo", "ended", "notes", "resigned")  # a payload's fields the room adds
TITLES = {  # a game and its seats: people (one of them invited) and a cheap bot
    "fishing": ["human", "open", "human", "random"],
    "crazy-fishing": ["human", "human", "open", "random"],
    "flip-and-fish": ["human", "open", "random"],
}


@dataclass
class Table:
    """A room with every person's seat claimed, and scripted people and bots to play it."""

    room: Room
    journal: MemoryJournal
    tokens: dict[int, str] = field(default_factory=dict)

    @classmethod
    def of(cls, game: str, seats: list[str] | None = None, seed: int = 1, **options: Any) -> Table:
        header = make_header(game, options, seats or TITLES[game], seed=seed)
        journal = MemoryJournal()
        table = cls(Room(header, journal), journal)
        table.tokens = {
            seat: table.room.claim(seat)
            for seat in range(table.room.players)
            if table.room.is_person(seat)
        }
        return table

    def step(
        self, rng: random.Random, *, as_text: bool = False, seat: int | None = None
    ) -> tuple[int, int]:
        """One move by ``seat`` or whoever decides (a random one of several), chosen at random
        from the state's legal actions; a person's goes through its token. Returns (seat,
        code)."""
        room = self.room
        if seat is None:
            seat = rng.choice(room.state.current_players())
        code = rng.choice(room.state.legal_actions(seat))
        if room.is_person(seat):
            action: int | str = room.game.action_to_string(code) if as_text else code
            room.move(self.tokens[seat], action, room.version)
        else:
            room.play_bot(seat, code, room.version)
        return seat, code

    def payloads(self) -> list[dict[str, Any]]:
        return [self.room.payload(seat) for seat in range(self.room.players)]


def play_until(table: Table, rng: random.Random, done: Any, limit: int = 2000) -> None:
    for _ in range(limit):
        if done(table.room):
            return
        assert not table.room.over, "the game ended first"
        table.step(rng)
    raise AssertionError("never reached")


# ----- whole games -----


@pytest.mark.parametrize("game", sorted(TITLES))
def test_whole_games_of_every_title_play_through_the_room(game: str) -> None:
    """Scripted people choose from their payload's menu (by text or by code) and a bot plays
    its seat; the game ends with scores and winners, and the journal is its record."""
    table = Table.of(game)
    room, rng = table.room, random.Random(7)
    moves = 0
    while not room.over:
        bot = room.bot_to_act()
        if bot is not None:
            room.play_bot(bot, rng.choice(room.state.legal_actions(bot)), room.version)
        else:
            seat = rng.choice(room.state.current_players())
            payload = room.payload(seat)
            assert payload["legal"] and payload["prompt"] and seat in payload["to_act"]
            choice = rng.choice(payload["legal"])
            action = choice["text"] if moves % 2 else sendable(choice)
            room.move(table.tokens[seat], action, payload["version"])
        moves += 1
    assert room.version == moves == len(table.journal.actions)
    final = room.payload(0)
    assert final["over"] and final["legal"] == [] and final["to_act"] == []
    assert final["scores"] == room.state.scores() and final["winners"] == room.state.winners()
    assert json.loads(json.dumps(final)) == final
    record = room.record()
    assert replay(record).scores() == final["scores"]
    assert record.seats == ["human" if kind == "open" else kind for kind in TITLES[game]]
    assert room.result() == {"scores": final["scores"], "winners": final["winners"]}
    with pytest.raises(GameOverError, match="the game is over"):
        room.move(table.tokens[0], 0, room.version)
    with pytest.raises(GameOverError, match="the game is over"):
        room.undo(table.tokens[0], room.version)


# ----- seats and tokens -----


def test_a_token_acts_only_for_its_own_seat() -> None:
    table = Table.of("fishing", ["human", "open", "human", "random"])
    room = table.room
    seat = room.state.current_player()
    other = next(s for s in table.tokens if s != seat)
    before = table.payloads()
    code = room.state.legal_actions(seat)[0]
    with pytest.raises(TurnError, match=r"^it is not your turn: Player \d decides now$"):
        room.move(table.tokens[other], code, 0)
    for token in ("", "x" * 43, None, 5):
        with pytest.raises(TokenError):
            room.move(token, code, 0)
    stranger = Table.of("fishing", ["human", "open", "human", "random"])
    with pytest.raises(TokenError, match="not a seat of this room"):
        room.move(stranger.tokens[seat], code, 0)
    assert table.payloads() == before and room.version == 0 and not table.journal.actions
    room.move(table.tokens[seat], code, 0)
    assert room.version == 1 and table.journal.actions[0].seat == seat


def test_seats_are_claimed_once_and_only_their_hash_is_kept() -> None:
    room = Room(make_header("fishing", {}, ["human", "open", "easy"], seed=3), MemoryJournal())
    token = room.claim(1)
    assert len(token) >= 43  # 32 bytes of URL-safe base64: 256 bits
    assert room.tokens.hashes == {1: token_hash(token)} and token not in room.tokens.hashes.values()
    assert room.seat_of(token) == 1
    with pytest.raises(SeatError, match="already taken"):
        room.claim(1)
    with pytest.raises(SeatError, match="a bot's"):
        room.claim(2)
    with pytest.raises(SeatError, match=r"no seat 4 \(seats 1 to 3\)"):  # in people's numbers
        room.claim(3)

    def refuse(seat: int, digest: str) -> None:
        raise OSError("disk full")

    with pytest.raises(OSError):
        room.claim(0, persist=refuse)
    stored: dict[int, str] = {}
    token0 = room.claim(0, persist=stored.__setitem__)  # a failed claim left the seat free
    assert stored == {0: token_hash(token0)}


def test_a_rebuilt_room_knows_its_claimed_tokens() -> None:
    table = Table.of("crazy-fishing")
    room = table.room
    rebuilt = Room.rebuild(room.header, [], MemoryJournal(), room.tokens.hashes)
    assert {seat: rebuilt.seat_of(token) for seat, token in table.tokens.items()} == {
        seat: seat for seat in table.tokens
    }
    with pytest.raises(HeaderError, match="no person takes"):
        Room(room.header, MemoryJournal(), {3: "0" * 64})


def test_bot_to_act_names_a_deciding_bot_and_only_bots_play_through_it() -> None:
    table = Table.of("fishing", ["random", "human", "random", "human"], seed=2)
    room, rng = table.room, random.Random(2)
    play_until(table, rng, lambda r: r.bot_to_act() is not None)
    bot = room.bot_to_act()
    assert bot is not None and bot in room.state.current_players() and not room.is_person(bot)
    with pytest.raises(SeatError, match="not a bot's"):
        room.play_bot(1, 0, room.version)
    play_until(table, rng, lambda r: r.bot_to_act() is None)
    assert all(room.is_person(seat) for seat in room.state.current_players())


# ----- versions: stale, duplicate and racing moves -----


def test_stale_and_duplicate_moves_are_refused_and_change_nothing() -> None:
    table = Table.of("fishing", ["human", "human", "human"], seed=4)
    room = table.room
    seat = room.state.current_player()
    token = table.tokens[seat]
    text = room.game.action_to_string(room.state.legal_actions(seat)[0])
    room.move(token, text, 0)
    after = table.payloads()
    with pytest.raises(DuplicateMoveError, match=f"^duplicate move: {text} was already accepted"):
        room.move(token, text, 0)
    nxt = room.state.current_player()
    code = room.state.legal_actions(nxt)[0]
    for version, problem in ((0, "stale version 0: the room is at version 1"), (2, "ahead")):
        with pytest.raises(StaleVersionError, match=problem):
            room.move(table.tokens[nxt], code, version)
    for wrong in ("1", 1.0, None, True):
        with pytest.raises(StaleVersionError, match="a version is a whole number"):
            room.move(table.tokens[nxt], code, wrong)
    assert table.payloads() == after and room.version == len(table.journal.actions) == 1


def test_illegal_moves_are_refused_in_one_line_and_change_nothing() -> None:
    table = Table.of("fishing", ["human", "human", "human"], seed=4)
    room = table.room
    seat = room.state.current_player()
    token = table.tokens[seat]
    before = table.payloads()
    for action, problem in (
        ("dance", "unknown action 'dance'"),
        ("play Z99", "Z99"),
        (10**6, "illegal action"),
        (-1, "not an action code"),
        (1.5, "a move is an action's text or code, not"),
        (["play"], "a move is an action's text or code, not"),
        ("play " + "Y" * 100_000, "characters"),
    ):
        with pytest.raises(IllegalMoveError, match=problem) as refused:
            room.move(token, action, 0)
        assert "\n" not in str(refused.value) and len(str(refused.value)) <= 400
    assert table.payloads() == before and room.version == 0


def _race(room: Room, token: str, codes: list[int], version: int) -> list[str]:
    """Send every move in ``codes`` at once, each from its own thread; what became of each."""
    start = threading.Barrier(len(codes))
    outcomes: list[str] = []

    def send(code: int) -> None:
        start.wait()
        try:
            room.move(token, code, version)
            outcomes.append("applied")
        except StaleVersionError:
            outcomes.append("stale")

    threads = [threading.Thread(target=send, args=(code,)) for code in codes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_of_racing_moves_for_one_seat_exactly_one_is_applied() -> None:
    for attempt in range(8):
        table = Table.of("fishing", ["human", "human", "human"], seed=attempt)
        room = table.room
        seat = room.state.current_player()
        legal = room.state.legal_actions(seat)
        picks = [legal[0], legal[-1], legal[0], legal[len(legal) // 2]]
        outcomes = _race(room, table.tokens[seat], picks, 0)
        assert sorted(outcomes) == ["applied", "stale", "stale", "stale"]
        assert room.version == 1 and len(table.journal.actions) == 1
        applied = room.state.history
        assert len(applied) == 1 and applied[0][0] == seat and applied[0][1] in picks


# ----- the journal comes first -----


class RefusingJournal(MemoryJournal):
    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    def append(self, action: StoredAction) -> None:
        raise self.error


@pytest.mark.parametrize("game", sorted(TITLES))
def test_a_journal_that_refuses_leaves_the_room_as_it_was(game: str) -> None:
    table = Table.of(game, seed=5)
    rng = random.Random(5)
    for _ in range(30):
        table.step(rng)
    room = table.room
    before, version, history = table.payloads(), room.version, list(room.state.history)
    chance = room.state.chance.counter
    for error, expected in (
        (StaleActionError("taken"), StaleVersionError),
        (OSError("database gone"), OSError),
    ):
        room.journal = RefusingJournal(error)
        seat = room.state.current_players()[0]
        code = rng.choice(room.state.legal_actions(seat))
        with pytest.raises(expected):
            if room.is_person(seat):
                room.move(table.tokens[seat], code, version)
            else:
                room.play_bot(seat, code, version)
        assert table.payloads() == before and room.version == version
        assert room.state.history == history and room.state.chance.counter == chance


# ----- rebuild -----


@pytest.mark.parametrize("game", sorted(TITLES))
def test_a_room_rebuilt_from_its_journal_is_the_same_room(game: str) -> None:
    table = Table.of(game, seed=11)
    room, rng = table.room, random.Random(11)
    undone = 0
    for step in range(200):
        if room.over:
            break
        seat, _ = table.step(rng, as_text=step % 3 == 0)
        if room.is_person(seat) and rng.random() < 0.3:
            try:
                room.undo(table.tokens[seat], room.version)
                undone += 1
            except UndoError:
                pass
    assert undone and any(entry.action == UNDO for entry in table.journal.actions)
    rebuilt = Room.rebuild(
        room.header, table.journal.actions, MemoryJournal(table.journal.actions), room.tokens.hashes
    )
    assert rebuilt.version == room.version
    assert [rebuilt.payload(s) for s in range(room.players)] == table.payloads()
    if room.game.records_outcomes:
        assert any(entry.outcomes for entry in table.journal.actions)
    # Both carry on alike, and the rebuilt one appends where the journal left off.
    if not room.over:
        seat = room.state.current_players()[0]
        code = room.state.legal_actions(seat)[0]
        for each in (room, rebuilt):
            if each.is_person(seat):
                each.move(table.tokens[seat], code, each.version)
            else:
                each.play_bot(seat, code, each.version)
        assert [rebuilt.payload(s) for s in range(room.players)] == table.payloads()


def test_a_journal_that_does_not_replay_is_refused_naming_the_action() -> None:
    table = Table.of("fishing", ["human", "human", "human"], seed=6)
    rng = random.Random(6)
    for _ in range(5):
        table.step(rng)
    actions = table.journal.actions
    header = table.room.header
    broken = [*actions[:3], StoredAction(3, actions[3].seat, "play Z99", None)]
    with pytest.raises(RecordError, match=r"stored action 3 \('play Z99'\)"):
        Room.rebuild(header, broken, MemoryJournal())
    with pytest.raises(RecordError, match="stored action 4 found where 3 belongs"):
        Room.rebuild(header, [*actions[:3], actions[4]], MemoryJournal())
    wrong_seat = [*actions[:3], StoredAction(3, (actions[3].seat + 1) % 3, actions[3].action, None)]
    with pytest.raises(RecordError, match="stored action 3"):
        Room.rebuild(header, wrong_seat, MemoryJournal())


def test_stored_outcomes_are_what_a_replay_uses() -> None:
    """Flip & Fish stores where each cast stopped: a replay takes them, never re-draws them."""
    table = Table.of("flip-and-fish", ["human", "human"], seed=3)
    room, rng = table.room, random.Random(3)
    play_until(table, rng, lambda r: any(e.outcomes for e in table.journal.actions))
    entry = next(e for e in table.journal.actions if e.outcomes)
    extra = StoredAction(entry.index, entry.seat, entry.action, [*entry.outcomes, [0, 0]])  # type: ignore[misc]
    tampered = [extra if e.index == entry.index else e for e in table.journal.actions]
    with pytest.raises(RecordError, match="not used by this action"):
        Room.rebuild(room.header, tampered, MemoryJournal())


# ----- simultaneous choices -----


def _open_choice(game: str, seats: list[str]) -> tuple[Table, random.Random]:
    for seed in range(40):
        table, rng = Table.of(game, seats, seed=seed), random.Random(seed)
        try:
            play_until(table, rng, lambda r: len(r.state.current_players()) == len(seats), 600)
        except AssertionError:
            continue
        return table, rng
    raise AssertionError("no simultaneous choice found")


@pytest.mark.parametrize("game", ["crazy-fishing", "fishing"])
def test_simultaneous_choices_are_taken_as_made_and_kept_secret(game: str) -> None:
    seats = ["human"] * 3
    table, _ = _open_choice(game, seats)
    room = table.room
    start = room.version
    header, journal = room.header, list(table.journal.actions)
    # Two twins of the room: seat 0 makes a different secret choice in each.
    twin = Table(Room.rebuild(header, journal, MemoryJournal(journal)), MemoryJournal(journal))
    twin.room.tokens = room.tokens
    legal = room.state.legal_actions(0)
    assert len(legal) > 1
    room.move(table.tokens[0], legal[0], start)
    twin.room.move(table.tokens[0], legal[-1], start)
    mine, other_mine = room.payload(0), twin.room.payload(0)
    assert mine != other_mine  # seat 0 sees its own choice
    for seat in (1, 2):
        assert room.payload(seat) == twin.room.payload(seat)  # the others only that it chose
        assert 0 not in room.payload(seat)["to_act"]
    # The others choose against the version the choice began at: each is still fresh.
    room.move(table.tokens[1], room.state.legal_actions(1)[0], start)
    with pytest.raises(DuplicateMoveError):
        room.move(table.tokens[0], legal[0], start)
    with pytest.raises(TurnError, match="not your turn"):
        room.move(table.tokens[0], legal[0], room.version)
    room.move(table.tokens[2], room.state.legal_actions(2)[0], start + 1)
    assert room.version == start + 3
    rebuilt = Room.rebuild(header, table.journal.actions, MemoryJournal())
    assert [rebuilt.payload(s) for s in range(3)] == table.payloads()


def test_a_choice_made_before_the_decision_changed_is_stale() -> None:
    table = Table.of("fishing", ["human", "human", "human"], seed=8)
    room, rng = table.room, random.Random(8)
    table.step(rng)
    table.step(rng)
    seat = room.state.current_player()
    with pytest.raises(StaleVersionError, match="stale version 1"):
        room.move(table.tokens[seat], room.state.legal_actions(seat)[0], 1)


# ----- undo -----


def test_undo_is_as_fair_as_at_the_terminal_and_is_journaled() -> None:
    """Over random play: an undo the room allows puts every seat's payload back as it was; it
    is refused for a bystander, after a chance event and once another player has moved."""
    seen = {"allowed": 0, "chance": 0, "other": 0}
    for seed in range(4):
        table = Table.of("fishing", ["human", "human", "human"], seed=seed)
        room, rng = table.room, random.Random(seed)
        while not room.over and room.version < 200:
            before = [p | {"version": None, "can_undo": None} for p in table.payloads()]
            counter = room.state.chance.counter
            seat, _ = table.step(rng)
            bystander = (seat + 1) % 3
            with pytest.raises(UndoError, match=r"^cannot undo: undo takes back only your own"):
                room.undo(table.tokens[bystander])
            drew = room.state.chance.counter != counter
            offered = [payload["can_undo"] for payload in table.payloads()]
            assert not offered[bystander]
            if rng.random() < 0.5:
                version = room.version
                try:
                    room.undo(table.tokens[seat], version)
                except UndoError:
                    seen["chance"] += drew
                    assert not offered[seat]  # the payload did not offer it
                    continue
                assert not drew
                assert offered[seat]
                seen["allowed"] += 1
                assert [p | {"version": None, "can_undo": None} for p in table.payloads()] == before
                assert room.version == version + 1 and table.journal.actions[-1].action == UNDO
                continue
            others = [s for s in room.state.current_players() if s != seat]
            if others:  # once another player has moved, the move stands
                table.step(rng, seat=others[0])
                with pytest.raises(UndoError):
                    room.undo(table.tokens[seat])
                seen["other"] += 1
    assert all(seen.values()), seen


def test_a_repeated_undo_does_not_take_back_a_second_move() -> None:
    table = Table.of("fishing", ["human", "human", "human"], seed=1)
    room = table.room
    seat = room.state.current_player()
    room.move(table.tokens[seat], room.state.legal_actions(seat)[0], 0)
    room.undo(table.tokens[seat], 1)
    with pytest.raises(StaleVersionError, match="stale version 1"):
        room.undo(table.tokens[seat], 1)
    with pytest.raises(UndoError):
        room.undo(table.tokens[seat])
    assert room.version == 2 and room.state.history == []


# ----- no leaks -----


def _outcome(state: Any, seat: int, action: object) -> str:
    try:
        return f"accepted {check_action(state, seat, action)}"
    except RoomError as exc:
        return f"{exc.code}: {exc}"


@pytest.mark.parametrize("game", sorted(TITLES))
@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31))
def test_no_payload_or_refusal_shows_a_seat_what_its_view_hides(game: str, seed: int) -> None:
    """For random games and every seat: the payload built for the seat, and the refusal of any
    action it might send, equal those built from a re-dealt twin of the state (the seat's view
    determinised), so nothing the seat cannot see reaches it."""
    table = Table.of(game, seed=seed)
    room, rng = table.room, random.Random(seed)
    stops = 0
    while not room.over and stops < 8:
        for _ in range(rng.randrange(1, 40)):
            if room.over:
                break
            table.step(rng)
        stops += 1
        state = room.state
        candidates: list[object] = ["dance", "play", "cast", "pass"]
        for seat in range(room.players):
            candidates += rng.sample(
                state.legal_actions(seat), min(3, len(state.legal_actions(seat)))
            )
        candidates += [e.action for e in table.journal.actions[-6:]]
        candidates += [room.game.action_to_string(c) for c in candidates if type(c) is int]
        for seat in range(room.players):
            payload = room.payload(seat)
            view = state.view(seat)
            for sample in range(2):
                twin = room.game.search.determinise(view, random.Random(f"{seed}/{sample}"))
                # can_undo is the room's (who moved last, whether a chance event or a reveal
                # came since: all public), not the state's, and so are how the room ended,
                # who resigned and the notes about people; the rest is built from the view
                built = seat_payload(twin, seat, room.version)
                assert built == {k: v for k, v in payload.items() if k not in ROOMS_OWN}
                for action in candidates:
                    assert _outcome(twin, seat, action) == _outcome(state, seat, action), action


def test_a_spectator_sees_the_public_view_only() -> None:
    table = Table.of("fishing", ["human", "human", "human"], seed=9)
    rng = random.Random(9)
    for _ in range(20):
        table.step(rng)
    room = table.room
    watching = room.payload(None)
    assert watching["seat"] is None and watching["legal"] == [] and watching["view"]["player"] == -1
    assert all(event["audience"] == -1 for event in watching["view"]["events"])
    for seat in range(3):
        twin = room.game.search.determinise(room.state.view(seat), random.Random(seat))
        own = {k: v for k, v in watching.items() if k not in ROOMS_OWN}
        assert spectator_payload(twin, room.version) == own
    with pytest.raises(TokenError):
        room.move(None, 0, room.version)


# ----- headers -----


def test_a_header_is_checked_and_fills_in_what_follows_the_seats() -> None:
    header = make_header("flip-and-fish", {"players": 3}, ["human", "open", "hard"])
    assert header.options["skill"] == [1.0, 1.0, 0.75] and header.seats == ["human", "open", "hard"]
    assert header.seed != make_header("flip-and-fish", {}, ["human", "easy"]).seed
    assert header.seed.bit_length() > 40  # a seed a player cannot search through
    wrong: list[tuple[dict[str, Any], list[Any], str]] = [
        ({}, ["human", "wizard", "open"], "'wizard' is not one of"),
        ({"players": 3}, ["human", "open"], "2 seats given for 3 players"),
        (
            {"cards": "/etc/passwd"},
            ["human", "open", "open"],
            "uploaded as JSON, not named by a file",
        ),
        ({"colour": "red"}, ["human", "open", "open"], "no option 'colour'"),
        ({}, ["human", 3, "open"], "not the whole number 3"),
    ]
    for options, seats, problem in wrong:
        with pytest.raises(HeaderError, match=problem):
            make_header("fishing", options, seats)
    with pytest.raises(HeaderError, match="unknown game 'chess'"):
        make_header("chess", {}, ["human"])


def test_an_uploaded_card_set_is_played_and_its_problems_name_the_upload() -> None:
    cards = read_json(DEFAULT_CARDS)
    header = make_header("fishing", {}, ["human", "open", "easy"], cards=cards)
    assert header.cards == cards and header.options["cards"] is None
    room = Room(header, MemoryJournal())
    assert room.payload(0)["view"]["hand"]
    broken = {"cards": [*cards["cards"][:3], {"name": 5}]}
    with pytest.raises(HeaderError) as refused:
        make_header("fishing", {}, ["human", "open", "open"], cards=broken)
    message = str(refused.value)
    assert "the uploaded card set" in message and "angler-cards-" not in message
    with pytest.raises(HeaderError, match="a card set is a JSON object"):
        Room(RoomHeader("fishing", {}, [1, 2], 1, ["human", "human"]), MemoryJournal())  # type: ignore[arg-type]


def test_a_refusal_is_sent_as_its_kind_and_its_one_line() -> None:
    table = Table.of("fishing", ["human", "human", "human"], seed=4)
    with pytest.raises(RoomError) as refused:
        table.room.move(table.tokens[0], "dance", 5)
    assert error_message(refused.value) == {
        "type": "error",
        "error": "stale",
        "message": "version 5 is ahead of the room's (0)",
    }
    assert error_message(AnglerError("bad"))["error"] == "refused"
    kinds = [StaleVersionError, DuplicateMoveError, TokenError, TurnError, IllegalMoveError]
    assert len({kind.code for kind in [*kinds, UndoError, SeatError, GameOverError]}) == 8


PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def _table_names(section: str) -> set[str]:
    """The backticked names in the first column of the first table after ``section``."""
    text = PROTOCOL.read_text(encoding="utf-8").split(section, 1)[1]
    table = text.split("\n\n| ", 1)[1].split("\n\n", 1)[0]
    rows = table.splitlines()[2:]
    return {name for row in rows for name in re.findall(r"`(\w+)`", row.split("|")[1])}


def test_the_protocol_page_lists_every_payload_field_and_every_refusal() -> None:
    table = Table.of("fishing", ["human", "human", "human"], seed=4)
    payload = table.room.payload(0)
    # ``timers`` (the live turn clock) and ``seats`` (presence) are added by the web layer to
    # every payload it sends; ``ended_words`` comes with ``ended``; ``protocol`` (the answer to
    # hello) and ``id`` (the mover's own state) are the socket's, and so are ``board_patch`` and
    # ``board_dropped``, which stand for ``board`` in a socket's later states.
    added = {"scores", "winners", "timers", "seats", "ended_words", "protocol", "id"}
    added |= {"board_patch", "board_dropped"}
    assert _table_names("### `state`") == {*payload, *added}
    kinds = {cls.code for cls in _subclasses(RoomError)}
    assert _table_names("### `error`") == kinds


def _subclasses(cls: type[RoomError]) -> list[type[RoomError]]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found
