"""The socket's typed protocol (``angler.server.wire``): every message both ways round-trips,
every malformed frame is refused with the kind the server has always given that fault, in one
line, and real payloads encode to the same JSON as the standard library's."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import pytest

from angler.core.errors import AnglerError
from angler.server import wire
from angler.server.fanout import held_board, patching
from angler.server.journal import MemoryJournal
from angler.server.payloads import seat_payload
from angler.server.rooms import Room, make_header

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "docs" / "schemas"
GAMES = {
    "fishing": ["human", "human", "human", "human"],
    "crazy-fishing": ["human", "human", "human"],
    "flip-and-fish": ["human", "human", "human"],
}

CLIENT_MESSAGES: list[wire.ClientMessage] = [
    wire.Hello(token="t0k3n"),
    wire.Hello(),
    wire.Move(action=7, version=3),
    wire.Move(action="play B8", version=0, id="m-1"),
    wire.Move(action="ünïcode ✓", version=12, id="x" * wire.MAX_ID_CHARS),
    wire.Undo(),
    wire.Undo(version=4, id="u-2"),
    wire.Seat(seat=2, bot="easy"),
    wire.Cancel(),
    wire.Resign(),
    wire.Pace(pace_ms=250),
    wire.Leave(),
]


def seated_room(game: str, moves: int, seed: int = 3) -> tuple[Room, dict[int, str]]:
    """A room of people, ``moves`` random moves in (or fewer, at the game's end)."""
    room = Room(make_header(game, {}, GAMES[game], seed=seed), MemoryJournal())
    tokens = {seat: room.claim(seat) for seat in range(room.players)}
    rng = random.Random(seed)
    for _ in range(moves):
        if room.over:
            break
        seat = rng.choice(room.state.current_players())
        room.move(tokens[seat], rng.choice(room.state.legal_actions(seat)), room.version)
    return room, tokens


def server_messages() -> list[wire.ServerMessage]:
    room, _ = seated_room("fishing", 30)
    seats = [
        {"seat": 0, "kind": "person", "state": "here"},
        {"seat": 1, "kind": "person", "state": "away", "takeover_in_s": 58.9},
        {"seat": 2, "kind": "bot", "state": "bot", "bot": "easy"},
        {"seat": 3, "kind": "public", "state": "waiting", "offer_in_s": 12.0},
    ]
    notes = [{"at": 14, "text": "Player 2 takes their seat"}]
    return [
        wire.state_message(room.payload(0), timers={"0": 24.5}, seats=seats, id="m-1"),
        wire.state_message(room.payload(None), timers={}, seats=seats, protocol=2),
        msgspec.convert({"seats": seats, "notes": notes}, wire.Presence),
        wire.error_for("stale", "stale version 11: the room is at version 12", "m-1"),
        wire.error_for("rate", "more than 50 messages a second: slow down"),
    ]


# ----- both ways -----
@pytest.mark.parametrize("message", CLIENT_MESSAGES, ids=repr)
def test_each_client_message_round_trips(message: wire.ClientMessage) -> None:
    assert wire.decode(wire.encode(message)) == message
    assert wire.decode(wire.encode(message).decode("utf-8")) == message  # a text frame too


def test_client_messages_are_read_as_clients_write_them() -> None:
    """The browser's own messages (net.js, room.js, people.js, rematch.js) and fields left
    out."""
    assert wire.decode('{"type": "hello", "token": null}') == wire.Hello()
    assert wire.decode('{"type":"move","action":"play Y7","version":5}') == wire.Move(
        action="play Y7", version=5
    )
    assert wire.decode('{"type":"undo"}') == wire.Undo(version=None)
    assert wire.decode('{"type":"pace","pace_ms":1500}') == wire.Pace(pace_ms=1500)
    assert wire.decode('{"type":"rematch"}') == wire.Rematch(decline=False)
    assert wire.decode('{"type":"rematch","decline":true}') == wire.Rematch(decline=True)
    # Unknown fields are ignored, so a newer client may talk to this server.
    assert wire.decode('{"type":"resign","why":{"a":[1]}}') == wire.Resign()


@pytest.mark.parametrize("message", server_messages(), ids=lambda m: type(m).__name__)
def test_each_server_message_round_trips(message: wire.ServerMessage) -> None:
    text = wire.encode(message)
    assert msgspec.json.decode(text, type=wire.ServerMessage) == message
    assert json.loads(text)["type"] == {"State": "state", "Presence": "presence"}.get(
        type(message).__name__, "error"
    )


def test_fields_left_unset_are_not_sent() -> None:
    refusal = json.loads(wire.encode(wire.error_for("turn", "it is not your turn")))
    assert refusal == {"type": "error", "error": "turn", "message": "it is not your turn"}
    room, _ = seated_room("fishing", 5)
    spectator = json.loads(wire.encode(wire.state_message(room.payload(None))))
    assert not {"can_undo", "id", "protocol", "timers", "seats", "scores"} & set(spectator)
    assert spectator["legal"] == [] and spectator["seat"] is None


# ----- real payloads -----
def payloads() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for game in GAMES:
        room, _ = seated_room(game, 25)
        out += [(f"{game}-seat", room.payload(0)), (f"{game}-spectator", room.payload(None))]
        out.append((f"{game}-since", room.payload(1, since=3)))
        finished, _ = seated_room(game, 5000)
        assert finished.over
        out.append((f"{game}-over", finished.payload(0)))
        state = finished.state
        out.append((f"{game}-seat_payload", seat_payload(state, 1, finished.version)))
    return out


@pytest.mark.parametrize(
    ("name", "payload"), payloads(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_a_real_payload_encodes_to_the_same_object_as_the_standard_library(
    name: str, payload: dict[str, Any]
) -> None:
    extra = {"timers": {"1": 30.0}, "seats": [{"seat": 0, "kind": "person", "state": "here"}]}
    message = {"type": "state", **payload, **extra}
    expected = json.loads(json.dumps(message))
    assert json.loads(wire.encode(message)) == expected  # a dict, as the hub has one
    typed = wire.state_message(payload, **extra)  # and checked against the declared State
    assert json.loads(wire.encode(typed)) == expected
    validate("wire-server", expected)


def test_state_message_refuses_what_a_state_does_not_hold() -> None:
    room, _ = seated_room("fishing", 5)
    with pytest.raises(msgspec.ValidationError, match="no field 'colour'"):
        wire.state_message(room.payload(0), colour="red")
    with pytest.raises(msgspec.ValidationError, match=r"\$\.version"):
        wire.state_message({**room.payload(0), "version": "12"})


# ----- malformed frames -----
MALFORMED: list[tuple[str, str, str | None]] = [  # frame, error kind, id sent back
    ("nope", "json", None),
    ('{"type":"move","action":NaN,"version":1}', "json", None),
    ('{"type": "move",', "json", None),
    ("[1, 2]", "message", None),
    ('"move"', "message", None),
    ('{"action": 7}', "message", None),
    ('{"type": 3}', "message", None),
    ('{"type": "dance"}', "type", None),
    ('{"type": "move", "version": 3, "id": "a"}', "illegal", "a"),  # no action
    ('{"type": "move", "action": [1], "version": 3}', "illegal", None),
    ('{"type": "move", "action": true, "version": 3, "id": "b"}', "illegal", "b"),
    ('{"type": "move", "action": 7, "id": "c"}', "stale", "c"),  # no version
    ('{"type": "move", "action": 7, "version": "3", "id": "d"}', "stale", "d"),
    ('{"type": "move", "action": 7, "version": 3.0}', "stale", None),
    ('{"type": "move", "action": 7, "version": -1}', "stale", None),
    ('{"type": "undo", "version": "now", "id": "e"}', "stale", "e"),
    ('{"type": "move", "action": 7, "version": 3, "id": 5}', "message", None),
    ('{"type": "move", "action": 7, "version": 3, "id": ""}', "message", None),
    ('{"type": "move", "action": 7, "version": 3, "id": "' + "x" * 65 + '"}', "message", None),
    ('{"type": "hello", "token": 5}', "token", None),
    ('{"type": "seat", "seat": "1", "bot": "easy"}', "seat", None),
    ('{"type": "seat", "seat": 1}', "seat", None),
    ('{"type": "pace", "pace_ms": "slow"}', "illegal", None),
    ('{"type": "pace", "pace_ms": 10001}', "illegal", None),
    ('{"type": "pace"}', "illegal", None),
]


@pytest.mark.parametrize(("frame", "kind", "echoed"), MALFORMED)
def test_a_malformed_frame_is_refused_with_its_kind_in_one_line(
    frame: str, kind: str, echoed: str | None
) -> None:
    with pytest.raises(wire.ProtocolError) as caught:
        wire.decode(frame)
    error = caught.value
    assert (error.kind, error.move_id) == (kind, echoed)
    line = str(error)
    assert line and "\n" not in line and len(line) <= 200
    refusal = json.loads(wire.encode(wire.refusal_of(error)))
    assert refusal["type"] == "error" and refusal["error"] == kind
    assert refusal.get("id") == echoed
    validate("wire-server", refusal)


def test_a_missing_field_and_a_wrong_type_are_named() -> None:
    for frame, words in [
        ('{"type": "move", "version": 3}', 'a "move" needs "action"'),
        ('{"type": "move", "action": 7, "version": "3"}', '"move" field "version": expected int'),
        ('{"type": "dance"}', "unknown type 'dance'"),
    ]:
        with pytest.raises(wire.ProtocolError, match=words):
            wire.decode(frame)


@pytest.mark.parametrize(
    ("frame", "call"),
    [
        ('{"type": "move", "action": 7, "version": "3"}', lambda room, t: room.move(t, 7, "3")),
        ('{"type": "move", "action": [7], "version": 0}', lambda room, t: room.move(t, [7], 0)),
        ('{"type": "move", "version": 0}', lambda room, t: room.move(t, None, 0)),
        ('{"type": "undo", "version": true}', lambda room, t: room.undo(t, True)),
        ('{"type": "hello", "token": 5}', lambda room, t: room.seat_of(5)),
    ],
)
def test_a_bad_field_is_refused_as_the_room_itself_refuses_it(frame: str, call: Any) -> None:
    """The kinds are the ones clients saw before the protocol was typed: the room's own."""
    room, tokens = seated_room("fishing", 0)
    seat = room.state.current_players()[0]
    with pytest.raises(AnglerError) as by_room:
        call(room, tokens[seat])
    with pytest.raises(wire.ProtocolError) as by_wire:
        wire.decode(frame)
    assert by_wire.value.kind == by_room.value.code  # type: ignore[attr-defined]


def test_the_size_and_depth_limits_hold() -> None:
    big = '{"type": "move", "action": "' + "a" * wire.MESSAGE_LIMIT + '", "version": 1}'
    with pytest.raises(wire.ProtocolError, match="at most 16384 bytes") as caught:
        wire.decode(big)
    assert caught.value.kind == "size"
    multibyte = '{"type": "move", "action": "' + "é" * (wire.MESSAGE_LIMIT // 2) + '"}'
    with pytest.raises(wire.ProtocolError, match="at most 16384 bytes"):
        wire.decode(multibyte)  # counted in UTF-8 bytes, not characters
    deep = '{"type": "leave", "x": ' + "[" * 101 + "]" * 101 + "}"
    with pytest.raises(wire.ProtocolError, match="nested at most 100") as caught:
        wire.decode(deep)
    assert caught.value.kind == "json"
    shallow = '{"type": "leave", "x": ' + "[" * 99 + "]" * 99 + "}"  # 100 with the object
    assert wire.decode(shallow) == wire.Leave()
    assert wire.decode('{"type": "leave", "x": "' + "[" * 200 + '"}') == wire.Leave()


# ----- schemas and docs -----
def validate(name: str, instance: Any) -> None:
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(instance, schema)


def test_the_published_schemas_are_the_wire_modules() -> None:
    for name, schema in wire.schemas().items():
        published = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
        assert published == schema, "regenerate with: python -m angler.core.schemas"


@pytest.mark.parametrize("message", CLIENT_MESSAGES, ids=repr)
def test_every_client_message_is_valid_by_the_published_schema(message: Any) -> None:
    validate("wire-client", json.loads(wire.encode(message)))


def test_the_schema_refuses_what_decode_refuses() -> None:
    for bad in [
        {"type": "move", "action": 7},
        {"type": "dance"},
        {"type": "move", "action": 7, "version": 1, "id": ""},
    ]:
        with pytest.raises(jsonschema.ValidationError):
            validate("wire-client", bad)


def test_the_protocol_page_names_every_message_and_the_version() -> None:
    page = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    for kind in wire.CLIENT_TYPES:
        assert f"| `{kind}` |" in page
    for kind in ("state", "presence", "error"):
        assert f"### `{kind}`" in page
    assert (
        f"protocol {wire.PROTOCOL_VERSION}" in page
        and f'"protocol": {wire.PROTOCOL_VERSION}' in page
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_fan_outs_unchecked_states_are_valid_and_what_the_checked_path_makes(
    game: str,
) -> None:
    """The fan-out builds its states with ``state_of`` (no type check, for speed): every one a
    game of each kind sends, whole or patched, is valid by the published schema and encodes to
    the same JSON object as ``state_message`` makes of it."""
    room = Room(make_header(game, {}, GAMES[game], seed=8), MemoryJournal())
    tokens = {seat: room.claim(seat) for seat in range(room.players)}
    rng = random.Random(8)
    held: dict[int | None, dict[str, object] | None] = dict.fromkeys([*tokens, None])
    told: dict[int | None, int] = dict.fromkeys(held, 0)
    for _ in range(60):
        for seat in held:
            payload = room.payload(seat, told[seat], with_view=False)
            patched, board = patching(payload, held[seat])
            extra: dict[str, Any] = {
                "timers": {"0": 1.5},
                "seats": [],
                "id": "m-3" if seat == 0 else None,
            }
            fast = json.loads(wire.encode(wire.state_of(patched, **extra)))
            assert fast == json.loads(wire.encode(wire.state_message(patched, **extra)))
            validate("wire-server", fast)
            held[seat], told[seat] = board, payload["since"] + len(payload["log"])
        if room.over:
            break
        seat = rng.choice(room.state.current_players())
        room.move(tokens[seat], rng.choice(room.state.legal_actions(seat)), room.version)


def test_a_patch_sends_a_field_that_changed_type_though_python_calls_it_equal() -> None:
    """1 == True in Python, not to a client; a field's JSON compares as bytes."""
    held = held_board({"turn": 1, "hand": [1, 2], "over": False, "gone": 3})
    board = {"turn": True, "hand": [1, 2], "over": False}
    patched, now = patching({"board": board, "version": 4}, held)
    assert set(patched["board_patch"]) == {"turn"} and patched["board_dropped"] == ["gone"]
    assert now == held_board(board) and "board" not in patched
    assert json.loads(wire.encode(patched["board_patch"])) == {"turn": True}
