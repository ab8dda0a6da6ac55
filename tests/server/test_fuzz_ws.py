"""The room socket fuzzed with Hypothesis: arbitrary JSON, valid messages mutated, wrong
versions, other seats' and rooms' tokens, oversize and binary frames, over a real server.

Each example opens a socket on a live room of people (one per game), as one of its seats, a
spectator, or nobody yet, and sends a few frames drawn from what that socket was last shown.
Every frame is answered by one ``error`` with a documented kind and one short line, or by a
``state`` (a hello taken, or a move or undo accepted: then the room is one version on), or, for a
``leave``, by a clean close (1000). A refused frame leaves the room exactly as it was, and after
each example the server still serves another room (which plays on at the end).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from tests.server.serving import Client, Served, serving
from websockets.exceptions import ConnectionClosed

from angler.core.errors import MESSAGE_LIMIT as LINE_LIMIT
from angler.server.app import MESSAGE_LIMIT
from angler.server.payloads import sendable

EXAMPLES = 40  # per game
FRAMES = 4  # at most, per example
# A refusal names the problem in one line, cut to its start and end when long (core/errors.py).
LONGEST_LINE = LINE_LIMIT + len(" … ")
GAMES = {"fishing": 3, "crazy-fishing": 2, "flip-and-fish": 2}  # players: people only

# The refusal kinds of docs/protocol.md that a socket may be sent.
KINDS = {
    "token", "stale", "duplicate", "turn", "illegal", "undo", "over",
    "json", "message", "size", "type", "hello",
}  # fmt: skip


class Table:
    """The fuzzed rooms (one per game, replaced when a game ends) and a witness room."""

    def __init__(self, served: Served) -> None:
        self.served = served
        self.rooms: dict[str, tuple[str, list[str]]] = {}
        self.witness, self.witness_tokens = self.make("fishing", 3)
        self.stranger = self.make("crazy-fishing", 2)[1][0]  # a token of another room

    def make(self, game: str, players: int) -> tuple[str, list[str]]:
        status, body = self.served.request(
            "POST", "/rooms", {"game": game, "seats": ["human"] * players}
        )
        assert status == 201, body
        return body["room"], [seat["token"] for seat in body["seats"]]

    def room(self, game: str) -> tuple[str, list[str]]:
        """The live room of ``game`` (a new one when the last has finished)."""
        room_id, tokens = self.rooms.get(game, ("", []))
        if room_id not in self.served.app.state.hub.rooms:
            self.rooms[game] = room_id, tokens = self.make(game, GAMES[game])
        return room_id, tokens

    def snapshot(self, room_id: str) -> tuple[int, Any] | None:
        """The room as the hub holds it (its version and every seat's payload); None once over."""
        room = self.served.app.state.hub.rooms.get(room_id)
        if room is None:
            return None
        return room.version, [room.payload(seat) for seat in [None, *range(room.players)]]

    def witness_plays(self) -> None:
        """One accepted move in the witness room: the server still serves other games."""
        seat = self.served.request("GET", f"/rooms/{self.witness}/view")[1]["to_act"][0]
        client = self.served.socket(self.witness, self.witness_tokens[seat])
        try:
            mine = client.receive()
            assert mine["type"] == "state" and mine["legal"], mine
            choice = sendable(mine["legal"][-1])
            client.send({"type": "move", "action": choice, "version": mine["version"]})
            after = client.receive()
            assert after["type"] == "state" and after["version"] == mine["version"] + 1, after
        finally:
            client.close()


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    folder: Path = tmp_path_factory.mktemp("fuzz-ws")
    with serving(f"sqlite:///{folder / 'fuzz.sqlite3'}") as served:
        yield Table(served)


# ----- what a frame may be -----

BIG_INTEGERS = [2**31, 2**53 + 1, 2**63, -(2**63) - 1, 10**100, 10**4000]
# Values a field is set to: wrong types, huge and negative numbers, NaN and the infinities
# (Python's json reads them), long texts and many lines, odd unicode, nested values.
ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 7, 1.5, -0.0, math.nan, math.inf, -math.inf, *BIG_INTEGERS,
    "", " ", "x" * 5000, "play " + "9" * 4000, "é\n" * 2000, "é€😀", "\u202e", "\x00", "\ud7ff",
    "move", "undo", "hello", "leave", "state",
    [], {}, [0], ["play", 1], {"code": 0}, {"a": {"b": []}},
]  # fmt: skip
SCALARS = st.one_of(  # the odd values first: Hypothesis favours a one_of's first branches
    st.sampled_from(ODD_VALUES),
    st.integers(),
    st.floats(),
    st.text(max_size=30),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


class Seen:
    """What a frame is made from: the socket's last state (None before hello), the room's seat
    tokens and another room's token. Strategies draw choices that do not depend on it (so that
    Hypothesis replays the same draws) and then make the frame from it."""

    def __init__(self, shown: dict[str, Any] | None, tokens: list[str], stranger: str) -> None:
        self.shown, self.tokens, self.stranger = shown, tokens, stranger

    @property
    def version(self) -> int:
        return int(self.shown["version"]) if self.shown else 0


Maker = Callable[[Seen], Any]  # the message (any JSON value) a frame carries, from what is seen
PICK = st.integers(0, 2**16)  # an index into what is seen, taken modulo its length


def _valid(kind: str, pick: int, form: int, version_shift: int) -> Maker:
    def make(seen: Seen) -> Any:
        version = seen.version + version_shift
        if kind == "move":
            legal = seen.shown.get("legal", []) if seen.shown else []
            if not legal:
                action = ["play Y7", "pass", 0][pick % 3]  # not this seat's turn, or none
                return {"type": "move", "action": action, "version": version}
            choice = legal[pick % len(legal)]
            action = [sendable(choice), choice["text"], choice["label"]][form % 3]
            return {"type": "move", "action": action, "version": version}
        if kind == "undo":
            return {"type": "undo", "version": version}
        if kind == "hello":
            tokens = [*seen.tokens, None]
            return {"type": "hello", "token": tokens[pick % len(tokens)]}
        return {"type": "leave"}

    return make


# A message the protocol allows: a move among the socket's legal choices (as sent, as text or
# as its menu label), an undo, a hello with a token of this room, a leave; mostly at the version
# shown, sometimes just before or after it.
VALID = st.builds(
    _valid,
    st.sampled_from(["move", "move", "move", "undo", "hello", "leave"]),
    PICK,
    PICK,
    st.sampled_from([0, 0, 0, -1, 1]),
)
FIELDS = ["action", "action", "version", "version", "type", "token", "x"]  # mostly what counts


def _mutated(valid: Maker, field: str, how: str, value: Any, shift: int) -> Maker:
    def make(seen: Seen) -> Any:
        message = dict(valid(seen))
        if how == "remove":
            message.pop(field, None)
        elif how == "version":
            message["version"] = message.get("version", seen.version) + shift
        elif how == "stranger":
            message["token"] = seen.stranger
        elif how == "nested":
            message[field] = {field: message.get(field), "type": message.get("type")}
        else:
            message[field] = value
        return message

    return make


# A valid message with one field changed (to any JSON value, a huge or negative number), its
# version moved, a token of another room, a field wrapped in an object, or a field removed.
MUTATED = st.builds(
    _mutated,
    VALID,
    st.sampled_from(FIELDS),
    st.sampled_from(["value", "value", "value", "remove", "version", "stranger", "nested"]),
    SCALARS | JSON,
    st.integers(-3, 3) | st.sampled_from(BIG_INTEGERS),
)
REMOVED = object()  # a field taken out of a message
AS_IS = JSON.map(lambda value: lambda _: value)  # any JSON value at all
OVERSIZE = '{"type": "move", "action": "' + "x" * MESSAGE_LIMIT + '"}'
NOT_A_MESSAGE = st.one_of(  # frames that are no JSON object: (text or bytes, None)
    st.binary(max_size=40),
    st.text(max_size=40),
    st.sampled_from(["", "{", "[]", '{"type": 1}', "null", "1e999999", '"move"', OVERSIZE]),
    st.integers(1, 3).map(lambda extra: b" " * (MESSAGE_LIMIT + extra)),  # bytes just over
)


def frames() -> st.SearchStrategy[Callable[[Seen], tuple[str | bytes, Any]]]:
    """A frame to send, made from what is seen: its text (or bytes) and the message it carries
    (None: not a JSON object of ours, as far as the test knows)."""

    def as_json(binary: bool) -> Callable[[Maker], Callable[[Seen], tuple[str | bytes, Any]]]:
        def wrap(maker: Maker) -> Callable[[Seen], tuple[str | bytes, Any]]:
            def frame(seen: Seen) -> tuple[str | bytes, Any]:
                message = maker(seen)
                text = json.dumps(message)
                return (text.encode() if binary else text), message

            return frame

        return wrap

    return st.one_of(
        MUTATED.map(as_json(binary=False)),
        VALID.map(as_json(binary=False)),
        AS_IS.map(as_json(binary=False)),
        st.one_of(MUTATED, VALID).map(as_json(binary=True)),  # the same JSON in a binary frame
        NOT_A_MESSAGE.map(lambda raw: lambda _: (raw, None)),
    )


FRAME = frames()


# ----- what a frame may get -----


def answer(client: Client) -> dict[str, Any] | int:
    """The one message a frame got (a JSON object: ``receive`` checks), or the close code if
    the server closed the socket."""
    try:
        return client.receive()
    except ConnectionClosed as closed:
        assert closed.rcvd is not None, "the server dropped the socket without a close frame"
        return closed.rcvd.code


def kind(message: Any) -> Any:
    """The type a sent message names; None unless it is a JSON object."""
    return message.get("type") if isinstance(message, dict) else None


def check_refusal(message: dict[str, Any]) -> None:
    assert set(message) == {"type", "error", "message"}, message
    assert message["error"] in KINDS, message
    line = message["message"]
    assert isinstance(line, str) and line and "\n" not in line and "\r" not in line, message
    assert len(line) <= LONGEST_LINE, message


def connect(table: Table, room_id: str, tokens: list[str], who: int) -> tuple[Client, Any]:
    """A socket as seat ``who`` (0, 1…), a spectator (-1) or one that has not said hello (-2),
    and the state it was shown (None before hello)."""
    if who == -2:
        return Client(f"{table.served.ws}/rooms/{room_id}/ws"), None
    client = table.served.socket(room_id, tokens[who] if who >= 0 else None)
    shown = client.receive()  # a close fails here
    assert shown["type"] == "state", shown
    return client, shown


def exchange(
    table: Table, room_id: str, client: Client, frame: str | bytes, message: Any
) -> dict[str, Any] | None:
    """Send one frame and check what it got: a refusal that changed nothing, a state (a hello
    that moved nothing, an accepted move or undo one version on), or a leave's clean close
    (then None)."""
    before = table.snapshot(room_id)
    client.connection.send(frame)
    got = answer(client)
    after = table.snapshot(room_id)
    if isinstance(got, int):  # closed: only a leave closes, and cleanly
        assert got == 1000 and kind(message) == "leave" and after == before, (frame, got)
        return None
    if got["type"] == "error":
        check_refusal(got)
        assert after == before, (frame, got)  # a refusal changes nothing
        return got
    assert got["type"] == "state", got
    if kind(message) == "hello":  # a seat named (or a spectator): nothing moved
        assert before is not None and after == before, (frame, got)
        assert got["version"] == before[0], (frame, got)
    else:  # a move or undo accepted: one version on
        assert kind(message) in {"move", "undo"}, (frame, got)
        assert before is not None and got["version"] == before[0] + 1, (frame, got)
    return got


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(
    max_examples=EXAMPLES,
    derandomize=True,  # a fixed seed: the same frames every run
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_frame_gets_one_line_or_a_state_and_only_accepted_ones_move_the_room(
    table: Table, game: str, data: st.DataObject
) -> None:
    room_id, tokens = table.room(game)
    # mostly a seat, sometimes a spectator (-1) or a socket that has not said hello (-2)
    who = data.draw(st.sampled_from([*range(len(tokens))] * 2 + [-1, -2]), label="who")
    client, shown = connect(table, room_id, tokens, who)
    try:
        for _ in range(data.draw(st.integers(1, FRAMES), label="frames")):
            frame, message = data.draw(FRAME, label="frame")(Seen(shown, tokens, table.stranger))
            note(f"frame {frame[:200]!r}")  # the drawn maker prints as a function: say what it sent
            got = exchange(table, room_id, client, frame, message)
            if got is None:
                return
            shown = got if got["type"] == "state" else shown
    finally:
        client.close()
    status, seen = table.served.request("GET", f"/rooms/{table.witness}/view")
    assert status == 200 and seen["type"] == "state", seen  # the server serves other rooms


# The fields where a game's own parsing is reached (its actions), or the room's (versions and
# tokens), or the socket's (the type): each set to each odd value, and removed.
ODD_FIELDS = [("move", "action"), ("move", "version"), ("move", "type"), ("undo", "version"),
              ("hello", "token")]  # fmt: skip


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_field_that_counts_set_to_every_odd_value(table: Table, game: str) -> None:
    """What the fuzzer draws rarely, all of it, from the seat deciding now (a hello from a
    socket that has not said one)."""
    for kind, field in ODD_FIELDS:
        client: Client | None = None
        talking = ("", -1)  # the room and seat the client speaks for
        for value in [*ODD_VALUES, REMOVED]:
            room_id, tokens = table.room(game)  # a new one when the game ends
            seat = table.served.app.state.hub.rooms[room_id].payload(None)["to_act"][0]
            if client is None or kind == "hello" or talking != (room_id, seat):
                if client is not None:
                    client.close()
                client, shown = connect(table, room_id, tokens, -2 if kind == "hello" else seat)
                talking = room_id, seat
            message = _valid(kind, 0, 0, 0)(Seen(shown, tokens, table.stranger))
            if value is REMOVED:
                message.pop(field, None)
            else:
                message[field] = value
            got = exchange(table, room_id, client, json.dumps(message), message)
            if got is None:  # closed by a leave
                client.close()
                client = None
            elif got["type"] == "state":
                shown = got
        if client is not None:
            client.close()


# ----- frames the fuzzer reaches rarely, once each -----

FRAME_LIMIT = 16 * 1024 * 1024  # uvicorn's largest frame (ws_max_size): beyond, it closes


def test_a_frame_over_16_mib_closes_the_socket_with_1009_and_the_room_stands(table: Table) -> None:
    room_id = table.room("crazy-fishing")[0]
    before = table.snapshot(room_id)
    client = Client(f"{table.served.ws}/rooms/{room_id}/ws")
    try:
        client.connection.send(b" " * (FRAME_LIMIT + 1))
        assert answer(client) == 1009
    finally:
        client.close()
    assert table.snapshot(room_id) == before
    table.witness_plays()


def test_tokens_of_another_room_or_seat_act_for_nobody_else(table: Table) -> None:
    """A token of another room is refused; a seat's own token, on a second socket, acts for
    that seat only, and a seat not deciding is told so: neither moves the room."""
    room_id, tokens = table.make("fishing", 3)  # fresh: one seat leads the first trick
    client = Client(f"{table.served.ws}/rooms/{room_id}/ws")
    try:
        before = table.snapshot(room_id)
        client.send({"type": "hello", "token": table.stranger})
        refused = client.receive()  # a close fails here
        assert refused["error"] == "token", refused
        check_refusal(refused)
        waiting = next(
            seat
            for seat in range(len(tokens))
            if seat not in before[1][0]["to_act"]  # type: ignore[index]
        )
        client.send({"type": "hello", "token": tokens[waiting]})
        shown = client.receive()
        assert shown["seat"] == waiting and not shown["legal"], shown
        deciding = before[1][0]["to_act"][0]  # type: ignore[index]
        theirs = table.served.app.state.hub.rooms[room_id].payload(deciding)["legal"][0]
        client.send({"type": "move", "action": sendable(theirs), "version": shown["version"]})
        refused = client.receive()
        assert refused["error"] == "turn", refused
        check_refusal(refused)
        assert table.snapshot(room_id) == before
    finally:
        client.close()


def test_a_binary_frame_of_json_is_read_as_its_text(table: Table) -> None:
    """Binary frames are refused as not JSON unless they are UTF-8 JSON (then read as text)."""
    room_id, _ = table.room("flip-and-fish")
    client = Client(f"{table.served.ws}/rooms/{room_id}/ws")
    try:
        client.connection.send(b"\xff\xfe{")
        refused = client.receive()  # a close fails here
        assert refused["error"] == "json", refused
        client.connection.send(json.dumps({"type": "hello", "token": None}).encode())
        shown = client.receive()
        assert shown["type"] == "state" and shown["seat"] is None, shown
    finally:
        client.close()


def test_the_witness_room_still_plays_after_the_fuzzing(table: Table) -> None:
    """Run after the fuzz (file order): another room's game goes on."""
    for _ in range(3):
        table.witness_plays()
