"""The socket's wire protocol (docs/protocol.md): every message, both ways, as a declared type.

Client → server messages are a union tagged on ``type`` (:data:`ClientMessage`); ``decode``
turns a frame into one of them, or raises :class:`ProtocolError` with the error kind the server
has always used for that fault (``json``, ``message``, ``type``, ``size``, or the kind the room
gives a bad field: ``stale`` for a version, ``illegal`` for an action…) and one line naming it.
Server → client messages are :class:`State`, :class:`Presence` and :class:`Error`; ``encode``
makes any of them (or a plain dict) the UTF-8 JSON a socket is sent, in one call.

msgspec, not pydantic, by measurement (docs/performance.md, "The wire protocol"): a move decodes
and validates in a sixth of pydantic's time, and a mid-game state encodes 3 to 4 times faster
than with pydantic and 4 to 6 times faster than with the standard library. A game's ``view``
and ``board`` stay free-form objects: each game defines its own (``docs/web.md``,
``docs/events.md``).

Unknown fields are ignored, as before, so a newer client may talk to an older server. Fields
left out of a server message are :data:`msgspec.UNSET`, and are not sent.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Final, Literal

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from angler.core.data import MAX_DEPTH, too_deep

PROTOCOL_VERSION: Final = 3  # the protocol this server speaks: sent in the answer to ``hello``
MESSAGE_LIMIT: Final = 16 * 1024  # bytes: a move is a few dozen; anything larger is refused
MAX_ID_CHARS: Final = 64
MAX_PACE_MS: Final = 10_000  # the slowest pace a table may choose (as room_bots.MAX_PACE_MS)
MAX_CHAT_CHARS: Final = 300  # a line of chat at most, after its spaces at the ends go

# A client's move id: any text of 1 to 64 characters it chooses (a counter, a UUID); the state
# the move caused, or its refusal, carries it back.
MoveId = Annotated[str, Meta(min_length=1, max_length=MAX_ID_CHARS)]
Version = Annotated[int, Meta(ge=0)]


class ProtocolError(Exception):
    """A frame that is no message of the protocol: ``kind`` is the error kind the server
    refuses it with (``error_message``), ``str(self)`` its one line."""

    def __init__(self, kind: str, message: str, move_id: str | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.move_id = move_id  # the id of a move or undo refused for a bad field, if it had one


# ----- client → server -----
class _Client(Struct, tag_field="type", frozen=True, forbid_unknown_fields=False):
    """A message a client sends; its ``type`` is the class's tag."""


class Hello(_Client, tag="hello", frozen=True):
    """Names the socket's seat (its token) or none (a spectator): the first message."""

    token: str | None = None
    view: bool = False  # new in protocol 2: every state carries the seat's view as JSON too
    # New in protocol 3: the seat this socket's signed-in account claimed (its session cookie,
    # from a page of this site), instead of a token.
    account: bool = False


class Move(_Client, tag="move", frozen=True):
    """Plays ``action`` (its text, or its ``code`` from ``legal``) for the token's seat, as
    chosen from the state of ``version``."""

    action: int | str
    version: Version
    id: MoveId | UnsetType = UNSET


class Undo(_Client, tag="undo", frozen=True):
    """Takes back the seat's own last move; with ``version``, only if the room is still there."""

    version: Version | None = None
    id: MoveId | UnsetType = UNSET


class Seat(_Client, tag="seat", frozen=True):
    """The creator gives ``seat`` (nobody has taken it) to a bot of level ``bot``."""

    seat: int
    bot: str


class Cancel(_Client, tag="cancel", frozen=True):
    """The creator ends the room while a seat still waits for its person."""


class Resign(_Client, tag="resign", frozen=True):
    """The token's person resigns."""


class Pace(_Client, tag="pace", frozen=True):
    """The creator sets how long bots wait before each move."""

    pace_ms: Annotated[float, Meta(ge=0, le=MAX_PACE_MS)]


class Chat(_Client, tag="chat", frozen=True):
    """New in protocol 3: a line of chat, to the seated people (from a seat) or to the
    spectators (from a spectator)."""

    text: Annotated[str, Meta(min_length=1, max_length=MAX_CHAT_CHARS)]


class Rematch(_Client, tag="rematch", frozen=True):
    """New in protocol 3, once the game is over, from a seat: play again (the first asks for a
    new room with the same game, options and seats; each person accepts by asking too), or
    ``decline``."""

    decline: bool = False


class Leave(_Client, tag="leave", frozen=True):
    """The person leaves the table: the server closes the socket (code 1000)."""


ClientMessage = Hello | Move | Undo | Seat | Cancel | Resign | Pace | Chat | Rematch | Leave
CLIENT_TYPES: Final = (
    "hello",
    "move",
    "undo",
    "seat",
    "cancel",
    "resign",
    "pace",
    "chat",
    "rematch",
    "leave",
)

# The error kind of a bad field: the one the room's own check gave it before the protocol was
# typed (a version is ``stale``, an action ``illegal``…); any other fault is ``message``.
FIELD_KINDS: Final = {
    ("hello", "token"): "token",
    ("move", "action"): "illegal",
    ("move", "version"): "stale",
    ("undo", "version"): "stale",
    ("seat", "seat"): "seat",
    ("seat", "bot"): "seat",
    ("pace", "pace_ms"): "illegal",
    ("chat", "text"): "chat",
}
_BY_TYPE: Final[dict[str, type[_Client]]] = {
    cls.__struct_config__.tag: cls  # type: ignore[misc]
    for cls in (Hello, Move, Undo, Seat, Cancel, Resign, Pace, Chat, Rematch, Leave)
}
_CLIENT_DECODER: Final[msgspec.json.Decoder[ClientMessage]] = msgspec.json.Decoder(ClientMessage)
_ANY_DECODER: Final = msgspec.json.Decoder()
_AT = re.compile(r"^(?P<what>.*?)(?: - at `\$\.(?P<field>\w+)[^`]*`)?$", re.DOTALL)
_MISSING = re.compile(r"^Object missing required field `(?P<field>\w+)`$")


def decode(data: str | bytes) -> ClientMessage:
    """The message in one frame (a text or binary one); ProtocolError if it is none."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if len(raw) > MESSAGE_LIMIT:
        raise ProtocolError("size", f"a message is at most {MESSAGE_LIMIT} bytes, not {len(raw)}")
    # Checked first, as before: an unknown field is skipped, not refused, yet may nest deep.
    # Nesting needs brackets: a move has none, so the full scan is for the few that have many.
    opened = raw.count(b"[") + raw.count(b"{")
    if opened > MAX_DEPTH and too_deep(raw.decode("utf-8", "replace")):
        raise ProtocolError(
            "json", f"JSON is nested at most {MAX_DEPTH} levels deep: this is nested deeper"
        )
    try:
        return _CLIENT_DECODER.decode(raw)
    except msgspec.DecodeError:
        pass  # which fault it is, and so which kind, is found below (the slow way: it is rare)
    try:
        value = _ANY_DECODER.decode(raw)
    except msgspec.DecodeError:
        raise ProtocolError("json", "a message is a JSON object: this is not JSON") from None
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise ProtocolError("message", 'a message is a JSON object with a "type"')
    kind = value["type"]
    cls = _BY_TYPE.get(kind)
    if cls is None:
        known = ", ".join(CLIENT_TYPES[:-1]) + " or " + CLIENT_TYPES[-1]
        raise ProtocolError("type", f"unknown type {kind[:40]!r}: {known}")
    move_id = value.get("id") if kind in ("move", "undo") else None
    sent_id = move_id if isinstance(move_id, str) and 0 < len(move_id) <= MAX_ID_CHARS else None
    try:
        msgspec.convert(value, cls)
    except msgspec.ValidationError as exc:
        error_kind, line = _field_fault(kind, str(exc))
        echoed = None if error_kind == "message" else sent_id  # a bad id is not sent back
        raise ProtocolError(error_kind, line, echoed) from None
    raise ProtocolError("message", "a message the server cannot read")  # pragma: no cover


def _field_fault(kind: str, text: str) -> tuple[str, str]:
    """The error kind and one line of a field msgspec refused in a ``kind`` message."""
    missing = _MISSING.match(text)
    if missing:
        field = missing["field"]
        return FIELD_KINDS.get((kind, field), "message"), f'a "{kind}" needs "{field}"'
    found = _AT.match(text)
    field = found["field"] if found and found["field"] else ""
    what = (found["what"] if found else text).strip().rstrip(".")
    what = what.replace("`", "").replace("Expected", "expected")
    line = f'"{kind}" field "{field}": {what}' if field else f'"{kind}": {what}'
    return FIELD_KINDS.get((kind, field), "message"), " ".join(line.split())[:200]


# ----- server → client -----
class _Server(Struct, tag_field="type", omit_defaults=False):
    """A message the server sends; its ``type`` is the class's tag."""


class LegalAction(Struct):
    """One action offered to the seat: its ``code`` (as text above 2**53), text and label."""

    code: int | str
    text: str
    label: str


class Note(Struct):
    """A line of the log about people, to be shown after the first ``at`` entries of ``log``."""

    at: int
    text: str


class SeatRating(Struct):
    """An account's rating in the room's game (OpenSkill): ``mu`` ± ``sigma``."""

    mu: float
    sigma: float


class SeatPresence(Struct):
    """Who is at one seat (docs/protocol.md, ``seats``)."""

    seat: int
    kind: Literal["person", "bot", "invitation", "public"]
    state: Literal["here", "away", "bot", "resigned", "waiting"]
    bot: str | UnsetType = UNSET
    takeover_in_s: float | UnsetType = UNSET
    offer_in_s: float | UnsetType = UNSET
    # New in protocol 3: a person's name (an account's, or "Guest 2"), shown as text only.
    name: str | UnsetType = UNSET
    rating: SeatRating | UnsetType = UNSET  # new in protocol 3: an account's, in this game


Ended = Literal["abandoned", "cancelled", "resigned"]


class State(_Server, tag="state"):
    """What a seat (or a spectator) sees now: docs/protocol.md, "state"."""

    version: int
    seat: int | None
    since: int
    legal: list[LegalAction]
    hint: str
    prompt: str
    log: list[str]
    to_act: list[int]
    over: bool
    view: dict[str, Any] | UnsetType = UNSET  # asked for in hello (always in GET .../view)
    board: dict[str, Any] | UnsetType = UNSET  # whole: a socket's first state, GET .../view
    board_patch: dict[str, Any] | UnsetType = UNSET  # later: the board's fields that changed
    board_dropped: list[str] | UnsetType = UNSET  # and those gone, if any
    # The room's own words (``Room.payload``): a bare ``payloads.seat_payload`` has none.
    notes: list[Note] | UnsetType = UNSET
    resigned: list[int] | UnsetType = UNSET
    ended: Ended | UnsetType | None = UNSET
    can_undo: bool | UnsetType = UNSET  # a seat's payload only
    scores: list[int | float] | UnsetType = UNSET  # once over (not after an early end)
    winners: list[int] | UnsetType = UNSET
    ended_words: str | UnsetType = UNSET
    timers: dict[str, float] | UnsetType = UNSET  # a socket's states (not GET .../view)
    seats: list[SeatPresence] | UnsetType = UNSET
    cards: list[dict[str, Any]] | UnsetType = UNSET  # the card catalogue: a socket's first state
    protocol: int | UnsetType = UNSET  # new in protocol 2: in the answer to hello
    id: str | UnsetType = UNSET  # new in protocol 2: the id of this socket's move that made it


class Presence(_Server, tag="presence"):
    """Who is at the table changed without a move."""

    seats: list[SeatPresence]
    notes: list[Note]


class ChatLine(Struct):
    """One line of a room's chat: ``table`` (the seated people's) or ``spectators``."""

    id: int
    at: str  # when, ISO 8601 in UTC
    channel: Literal["table", "spectators"]
    seat: int | None  # the writer's seat; None for a spectator
    name: str  # shown as text only
    text: str  # shown as text only


class ChatLines(_Server, tag="chat"):
    """New in protocol 3: lines of chat for this socket: the newest ones after ``hello``, then
    each new one."""

    lines: list[ChatLine]


class Error(_Server, tag="error"):
    """A refusal, to the socket whose request it refuses."""

    error: str
    message: str
    id: str | UnsetType = UNSET  # new in protocol 2: the refused move's or undo's id


class RematchOffer(_Server, tag="rematch"):
    """New in protocol 3: the new room a finished room's people were asked to play in, and
    each seat's answer; to the seat that accepted, also its ``seat`` and ``token`` there."""

    room: str
    answers: list[Literal["yes", "no", "waiting", "bot"]]
    seat: int | UnsetType = UNSET
    token: str | UnsetType = UNSET


ServerMessage = State | Presence | ChatLines | RematchOffer | Error
_STATE_KEYS: Final = frozenset(State.__struct_fields__)
_ENCODER: Final = msgspec.json.Encoder()


def encode(message: Struct | dict[str, Any]) -> bytes:
    """A message (a server's, or a client's in tests) as UTF-8 JSON, non-ASCII text as it is."""
    return _ENCODER.encode(message)


def state_message(payload: dict[str, Any], **extra: Any) -> State:
    """The ``state`` message of a payload (``Room.payload``, with or without its ``type``) and
    the socket's own fields (``timers``, ``seats``, ``protocol``, ``id``), checked against
    :class:`State`: msgspec.ValidationError names a field a payload got wrong."""
    fields = {key: value for key, value in payload.items() if key != "type"}
    fields.update((key, value) for key, value in extra.items() if value is not None)
    unknown = fields.keys() - _STATE_KEYS
    if unknown:
        raise msgspec.ValidationError(f"a state has no field {sorted(unknown)[0]!r}")
    return msgspec.convert(fields, State)


def state_of(payload: dict[str, Any], **extra: Any) -> State:
    """``state_message`` without its check, for the fan-out, which makes four or more a move:
    the Struct's own constructor, which refuses an unknown field but checks no types. A test
    holds what it makes to the published schema, and to what ``state_message`` makes."""
    fields = {key: value for key, value in payload.items() if key != "type"}
    fields.update((key, value) for key, value in extra.items() if value is not None)
    return State(**fields)


def move_id_of(message: ClientMessage) -> str | None:
    """The id a move or an undo carries, if any: its state or refusal will carry it back."""
    if isinstance(message, Move | Undo) and isinstance(message.id, str):
        return message.id
    return None


def error_for(kind: str, message: str, move_id: str | None = None) -> Error:
    """A refusal, carrying the refused move's id when it had one."""
    return Error(error=kind, message=message, id=UNSET if move_id is None else move_id)


def refusal_of(exc: ProtocolError) -> Error:
    """The refusal of a frame ``decode`` would not read."""
    return error_for(exc.kind, str(exc), exc.move_id)


def schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schemas of both directions (docs/schemas/): name and schema."""
    client = msgspec.json.schema(ClientMessage)
    server = msgspec.json.schema(ServerMessage)
    dialect = "https://json-schema.org/draft/2020-12/schema"
    return {
        "wire-client": {"$schema": dialect, "title": "angler client message", **client},
        "wire-server": {"$schema": dialect, "title": "angler server message", **server},
    }
