"""A room's chat: a line from a seat goes to the room's seated people (``table``), a line from
a spectator to its spectators (``spectators``). Lines are stored with the room, so a finished
game's chat stays with its replay (``GET /rooms/{room}/chat``), and are always shown as text.

Limits: a line is 1 to ``wire.MAX_CHAT_CHARS`` characters once its spaces at the ends and its
control characters go; a socket sends a burst of ``BURST`` lines, then one every
``EVERY_S`` seconds (``ChatRate``); a room keeps at most ``ROOM_LINES``. Muting is each person's
own, in their browser (docs/web.md).
"""

from __future__ import annotations

import re
import time
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import ClassVar, Literal

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, func, select
from sqlalchemy.orm import Mapped, mapped_column

from angler.core.errors import AnglerError
from angler.server import wire
from angler.server.account_rows import AccountRow
from angler.server.rooms import RoomError
from angler.server.store import Base, RoomRow, Store, UnknownRoomError

Channel = Literal["table", "spectators"]
TABLE: Channel = "table"
SPECTATORS: Channel = "spectators"
RECENT = 50  # lines a socket is sent after its hello
ROOM_LINES = 2000  # lines a room keeps at most: its chat is full after that
BURST = 5
EVERY_S = 2.0
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+")


class ChatError(RoomError):
    code: ClassVar[str] = "chat"
    status: ClassVar[int] = 400


class ChatUnfinishedError(AnglerError):
    code: ClassVar[str] = "unfinished"
    status: ClassVar[int] = 403


class ChatRow(Base):
    """A line of a room's chat. ``name`` is a guest's as it was; an account's name is read from
    the account when the line is read, so a deleted account's is replaced."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    channel: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer)
    account_id: Mapped[str | None] = mapped_column(ForeignKey("accounts.id"))
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def clean(text: str) -> str:
    """A line as it is kept: normalised (NFC), control and direction-override characters made
    spaces, spaces at its ends dropped; ChatError if nothing is left or it is too long."""
    text = _CONTROL.sub(" ", unicodedata.normalize("NFC", text)).strip()
    if not text:
        raise ChatError("a line of chat says something")
    if len(text) > wire.MAX_CHAT_CHARS:
        raise ChatError(f"a line of chat is at most {wire.MAX_CHAT_CHARS} characters")
    return text


@dataclass
class ChatRate:
    """One socket's chat allowance: ``BURST`` lines at once, then one every ``EVERY_S``."""

    tokens: float = BURST
    at: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) / EVERY_S)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class RoomChat:
    """The rooms' chat on the store (blocking: call from a worker thread)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def add(
        self,
        room: str,
        channel: Channel,
        seat: int | None,
        account: str | None,
        name: str,
        text: str,
    ) -> wire.ChatLine:
        """Store a line (cleaned) and give it back as sockets are sent it. A live room's line
        is fenced as its moves are: written only by the node that holds the room
        (RoomMovedError on one that lost it, whose sockets would not reach the room's people);
        a finished room's by any."""
        text = clean(text)
        now = datetime.now(UTC)
        with self.store._session(write=True) as session:
            held = Store._room(session, room, lock=True)
            if held.finished_at is None:
                self.store._check_owner(held)
            kept = session.scalar(
                select(func.count()).select_from(ChatRow).where(ChatRow.room_id == room)
            )
            if kept is not None and kept >= ROOM_LINES:
                raise ChatError(f"this room's chat is full ({ROOM_LINES} lines)")
            row = ChatRow(
                room_id=room,
                channel=channel,
                seat=seat,
                account_id=account,
                name=name,
                text=text,
                at=now,
            )
            session.add(row)
            session.flush()
            line_id = row.id
        return wire.ChatLine(line_id, now.isoformat(), channel, seat, name, text)

    def lines(
        self, room: str, channels: tuple[Channel, ...], limit: int | None = RECENT
    ) -> list[wire.ChatLine]:
        """The room's newest lines of ``channels`` (all with ``limit`` None), oldest first, each
        account's name as it is now."""
        query = (
            select(ChatRow, AccountRow.name)
            .outerjoin(AccountRow, AccountRow.id == ChatRow.account_id)
            .where(ChatRow.room_id == room, ChatRow.channel.in_(channels))
            .order_by(ChatRow.id.desc())
        )
        if limit is not None:
            query = query.limit(limit)
        with self.store._session(write=False) as session:
            rows = session.execute(query).all()
        return [
            wire.ChatLine(
                row.id,
                _aware(row.at).isoformat(),
                TABLE if row.channel == TABLE else SPECTATORS,
                row.seat,
                account_name or row.name,
                row.text,
            )
            for row, account_name in reversed(rows)
        ]

    def finished_lines(self, room: str) -> list[wire.ChatLine]:
        """A finished room's whole chat, both channels; UnfinishedError while it is live."""
        with self.store._session(write=False) as session:
            row = session.get(RoomRow, room)
            if row is None:
                raise UnknownRoomError(f"unknown room {room!r}")
            if row.finished_at is None:
                raise ChatUnfinishedError(
                    "a room's chat is its people's while it is played: it is shown with its "
                    "replay once the game is over"
                )
        return self.lines(room, (TABLE, SPECTATORS), None)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
