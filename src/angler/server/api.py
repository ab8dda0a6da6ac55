"""The HTTP API's request and response bodies (pydantic), so the OpenAPI document describes them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class ErrorBody(BaseModel):
    """Every refusal: its kind (``header``, ``seat``, ``room``, ``unfinished``…) and one line."""

    error: str
    message: str


class CreateRoom(BaseModel):
    """A new room: the game, its options, a seat kind per seat, an optional card set."""

    game: str = Field(description="fishing, crazy-fishing or flip-and-fish")
    options: dict[str, Any] | None = Field(
        default=None, description="the game's options as text or JSON (players: one per seat)"
    )
    seats: list[str] = Field(description="per seat: human (the creator's), open or a bot")
    cards: dict[str, Any] | None = Field(
        default=None, description="a card set as JSON, checked like --cards (none: bundled)"
    )
    settings: dict[str, Any] | None = Field(default=None, description="grace period, timers")


class SeatInfo(BaseModel):
    """One seat of a new room: a human seat's token (the creator's), an open seat's invitation."""

    seat: int
    kind: str
    token: str | None = None
    invite: str | None = Field(default=None, description="the URL path that claims this open seat")


class RoomCreated(BaseModel):
    room: str
    seats: list[SeatInfo]


class SeatClaimed(BaseModel):
    seat: int
    token: str


class LobbyRoom(BaseModel):
    """A live room with seats still open."""

    room: str
    game: str
    players: int
    seats: list[str]
    open_seats: list[int]
    version: int


class FinishedRoom(BaseModel):
    """A finished room; its record is at ``/rooms/{room}/record``."""

    room: str
    game: str
    players: int
    seats: list[str]
    result: dict[str, Any]
