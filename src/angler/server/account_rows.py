"""The accounts' tables (the migrations ``r0005_accounts`` and ``r0006_ratings`` make the same
ones): an account, its sessions (kept as hashes, as seat tokens are), the failed sign-ins that
limit guessing, its ratings with their history; and a finished room's rematch (``r0008``).

A seat claimed while signed in keeps its account in ``seat_tokens.account_id`` (``store.py``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from angler.server.store import HASH_LENGTH, Base

ACCOUNT_ID_LENGTH = 32
NAME_LENGTH = 64  # the column's bound; the rule is shorter (accounts.NAME_MOST)
PASSWORD_HASH_LENGTH = 255  # an argon2 encoded hash is about 100 characters
ATTEMPT_KEY_LENGTH = 160  # "name:" and a name's key, or "address:" and an address
GAME_LENGTH = 64  # as rooms.game


class AccountRow(Base):
    """A person's account. A deleted one keeps its row (its games' seats point at it), with
    its name replaced and no password or name key left."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(ACCOUNT_ID_LENGTH), primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    # The name folded (case, width, separators): unique, so "Ann-Marie" and "annmarie" are one.
    name_key: Mapped[str | None] = mapped_column(String(NAME_LENGTH), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(PASSWORD_HASH_LENGTH))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)


class SessionRow(Base):
    """A signed-in browser: the hash of its cookie's token, never the token."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SignInFailureRow(Base):
    """One failed sign-in, under the name tried and under the address it came from: the
    recent ones are counted before a password is checked (``accounts.SignInLimits``)."""

    __tablename__ = "sign_in_failures"
    __table_args__ = (Index(None, "key", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(ATTEMPT_KEY_LENGTH))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class RatingRow(Base):
    """An account's rating in one game (OpenSkill, Plackett-Luce), and its rated games."""

    __tablename__ = "ratings"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(GAME_LENGTH), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatedGameRow(Base):
    """One account's rated game: its place and its rating after (the rating's history). The key
    rates a room once for each account, whatever happens."""

    __tablename__ = "rated_games"

    room_id: Mapped[str] = mapped_column(
        ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    game: Mapped[str] = mapped_column(String(GAME_LENGTH))
    seat: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)  # 1 = first; ties share a rank
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RematchRow(Base):
    """A finished room's rematch: the new room its people were asked to play in."""

    __tablename__ = "rematches"

    room_id: Mapped[str] = mapped_column(
        ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    )
    rematch_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    made_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
