"""The HTTP API's request and response bodies (pydantic), so the OpenAPI document describes them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from angler.core import all_games


def _registered_games(schema: dict[str, Any]) -> None:
    """The registry's games as the field's examples, asked when the OpenAPI document is built:
    a new game appears there without this file changing."""
    schema["examples"] = [game.name for game in all_games()]


class ErrorBody(BaseModel):
    """Every refusal: its kind (``header``, ``seat``, ``room``, ``unfinished``…) and one line."""

    error: str
    message: str


DAY_S = 24 * 3600  # no wait, pace or timer runs longer than a day (bots.py, seating.py)
SETTINGS_REF = "#/components/schemas/RoomSettings"


class RoomSettings(BaseModel):
    """A new room's settings, every one optional (docs/server.md). Declared for the OpenAPI
    document: a request's settings are checked as they come by ``bots.check_settings`` and
    ``seating.seating_settings``, a bad one refused ``422 header`` in one line naming it.
    ``invites``, ``resigned`` and ``ended`` are the server's own: a request naming one is
    refused."""

    model_config = ConfigDict(extra="allow")

    pace_ms: float = Field(
        default=800, ge=0, le=DAY_S * 1000, description="the wait before each bot move (ms)"
    )
    grace_s: float = Field(
        default=60, ge=0, le=DAY_S, description="once a person left, the wait before a bot plays"
    )
    turn_s: float | None = Field(
        default=None,
        ge=0,
        le=DAY_S,
        description="a person's time for one decision (none: no limit)",
    )
    takeover: str = Field(
        default="normal", description="the bot level (or agent) that plays a person's seat"
    )
    listed: bool | None = Field(
        default=None, description="in the lobby (none: listed unless a seat is an invitation)"
    )
    claim_wait_s: float = Field(
        default=180,
        ge=0,
        le=DAY_S,
        description="the wait for a seat's person before the "
        "creator is offered to give it to a bot",
    )
    rated: bool = Field(
        default=False,
        description="rated: its people's OpenSkill ratings move (signed in, one human seat at "
        "most, bots of the rated levels)",
    )
    abandon_s: float = Field(
        default=300,
        ge=0,
        le=DAY_S,
        description="once every person left, the wait before the room ends as abandoned",
    )
    bots_after_s: float | None = Field(
        default=None,
        ge=0,
        le=DAY_S,
        description="the wait after which every public seat nobody took goes to a bot near the "
        "seated people's rating (none: never; quick play sets it)",
    )


def _room_settings(schema: dict[str, Any]) -> None:
    """The settings field documented as ``RoomSettings`` (checked by hand: see there)."""
    description = schema.get("description")
    schema.clear()
    schema.update(anyOf=[{"$ref": SETTINGS_REF}, {"type": "null"}], description=description)


def declare_room_settings(document: dict[str, Any]) -> None:
    """Add ``RoomSettings`` to the OpenAPI document's schemas (``CreateRoom.settings`` names it)."""
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    schemas["RoomSettings"] = RoomSettings.model_json_schema(
        ref_template="#/components/schemas/{model}"
    )


class CreateRoom(BaseModel):
    """A new room: the game, its options, a seat kind per seat, an optional card set."""

    game: str = Field(
        description="a registered game's name (GET /games lists them)",
        json_schema_extra=_registered_games,
    )
    options: dict[str, Any] | None = Field(
        default=None, description="the game's options as text or JSON (players: one per seat)"
    )
    seats: list[str] = Field(description="per seat: human (the creator's), open or a bot")
    cards: dict[str, Any] | None = Field(
        default=None, description="a card set as JSON, checked like --cards (none: bundled)"
    )
    settings: dict[str, Any] | None = Field(
        default=None,
        description="the room's settings: bots' pace, grace period, timers, listing, waits",
        json_schema_extra=_room_settings,
    )


class SeatInfo(BaseModel):
    """One seat of a new room: a human seat's token (the creator's), an open seat's invitation."""

    seat: int
    kind: str
    token: str | None = None
    invite: str | None = Field(default=None, description="the URL path that claims this seat")
    code: str | None = Field(
        default=None, description="an invitation's secret code: POST it as `invite` to claim"
    )


class ClaimSeat(BaseModel):
    """What claims a seat: an invitation seat's code (none for a public seat)."""

    invite: str | None = Field(default=None, description="the invitation's code, from its link")


class RoomCreated(BaseModel):
    room: str
    seats: list[SeatInfo]


class SeatClaimed(BaseModel):
    seat: int
    token: str


class RatingBody(BaseModel):
    """An account's rating in a game (OpenSkill): ``mu`` ± ``sigma``."""

    mu: float
    sigma: float


class LobbyPerson(BaseModel):
    """Someone who took a seat of a room in the lobby: an account's name, or "Guest N"."""

    seat: int
    name: str = Field(description="shown as text only")
    rating: RatingBody | None = Field(default=None, description="an account's, in this game")


class LobbyRoom(BaseModel):
    """A live room with seats still open, and who waits there."""

    room: str
    game: str
    players: int
    seats: list[str]
    open_seats: list[int]
    version: int
    people: list[LobbyPerson] = Field(default_factory=list, description="the seats taken")
    rating: float | None = Field(
        default=None, description="the mean mu of its accounts' ratings; none: guests only"
    )
    rated: bool = Field(default=False, description="its result rates its accounts")


class QuickPlay(BaseModel):
    """Seat me at the next open table of this game near my rating; else a new one, whose
    open seats go to bots after ``bots_after_s``."""

    model_config = ConfigDict(strict=True)  # 0 is not false, "60" is not a number

    game: str = Field(
        description="a registered game's name (GET /games lists them)",
        json_schema_extra=_registered_games,
    )
    players: int | None = Field(
        default=None,
        description="only tables of this many players (none: any; a new one: the game's default)",
    )
    bots_after_s: float = Field(
        default=60, ge=5, le=600, description="a new table's wait for people before bots fill it"
    )
    rated: bool = Field(
        default=False, description="signed in: only rated tables, and a new one is rated"
    )


class QuickSeat(BaseModel):
    """The seat quick play found or made: its room and token."""

    room: str
    seat: int
    token: str
    created: bool = Field(description="a new table was made: nobody's table was near enough")


class FinishedRoom(BaseModel):
    """A finished room; its record is at ``/rooms/{room}/record``."""

    room: str
    game: str
    players: int
    seats: list[str]
    result: dict[str, Any]


class LiveRoom(BaseModel):
    """A live room, to watch or join: whose decision it is and which seats are still open."""

    room: str
    game: str
    players: int
    seats: list[str]
    open_seats: list[int]
    to_act: list[int]
    version: int
    people: list[LobbyPerson] = Field(default_factory=list, description="the seats taken")
    rating: float | None = Field(
        default=None, description="the mean mu of its accounts' ratings; none: guests only"
    )
    rated: bool = Field(default=False, description="its result rates its accounts")


class RoomInfo(BaseModel):
    """What a room is, for anyone with its link: the game, its seats, and whether it is over."""

    room: str
    game: str
    title: str
    players: int
    seats: list[str]
    open_seats: list[int] = Field(description="people's seats nobody has taken yet")
    invitations: list[int] = Field(
        default_factory=list, description="those of them kept for invited friends"
    )
    over: bool
    options: dict[str, Any]
    listed: bool = Field(default=True, description="shown in the lobby")
    pace_ms: int = Field(default=800, description="how long bots wait before each move")


class OptionInfo(BaseModel):
    name: str
    default: Any
    help: str
    kind: str = Field(description="bool, or text (typed as the command line takes it)")


class GameInfo(BaseModel):
    """A game the server offers: what the lobby needs to set one up."""

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    default_players: int
    options: list[OptionInfo]
    bots: list[str] = Field(description="the seat kinds that are bots, easiest first")
    web_files: list[str] = Field(description="the game's browser files (board.js, board.css…)")


# ----- accounts (routes_accounts.py) -----
class Credentials(BaseModel):
    """A name and a password: to sign up, or to sign in."""

    name: str = Field(max_length=200, description="3 to 20 letters, digits, spaces and _ - . '")
    password: str = Field(max_length=1000, description="8 to 256 characters")


class PasswordChange(BaseModel):
    current: str = Field(max_length=1000, description="the password now")
    new: str = Field(max_length=1000, description="the new one: 8 to 256 characters")


class PasswordGiven(BaseModel):
    """The account's password, asked again before its deletion."""

    password: str = Field(max_length=1000)


class AccountInfo(BaseModel):
    """A signed-in account, and the CSRF token its browser sends as ``X-CSRF-Token`` with
    every POST while signed in."""

    id: str
    name: str
    csrf: str


class AccountRoom(BaseModel):
    """A live room where the signed-in account holds a seat."""

    room: str
    game: str
    seat: int


class LeaderboardEntry(BaseModel):
    """A player on a game's leaderboard: ranked by ``ordinal`` (mu − 3 sigma)."""

    rank: int
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int


class ChatLineBody(BaseModel):
    """A line of a room's chat (the socket's ``chat`` message holds the same)."""

    id: int
    at: str
    channel: str = Field(description="table (the seated people's) or spectators")
    seat: int | None
    name: str
    text: str


class CardSetBody(BaseModel):
    """An edited card set (the card-set editor's), as JSON: checked as ``--cards`` checks a
    file (the game's card-file model, then its loader)."""

    model_config = ConfigDict(extra="forbid")

    cards: Any = Field(description="the card set, as the game's cards.json holds it")


class CardProblemBody(BaseModel):
    """One refusal of a card set: where in the file (keys and indexes from its top; empty for
    the set as a whole) and what, in one line worded for that place."""

    path: list[int | str]
    message: str


class CardSetChecked(BaseModel):
    """What the game's card-file model and loader say of a card set: nothing (``ok``), or every
    problem the model finds (at most 100), or the loader's one."""

    ok: bool
    problems: list[CardProblemBody]


class BundledCardSet(BaseModel):
    """A game's own card set, its JSON Schema, and what a check of an edited set plays."""

    game: str
    title: str
    players: int = Field(description="the player count a check plays: the game's default")
    check_games: int = Field(description="games a side of a quick check")
    report_games: int = Field(description="games a side of a full report")
    cards: dict[str, Any]
    schema_: dict[str, Any] = Field(alias="schema", serialization_alias="schema")
