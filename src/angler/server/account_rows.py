"""The accounts' tables (the migration ``r0005_accounts`` makes the same ones): an account, its
sessions (kept as hashes, as seat tokens are) and the failed sign-ins that limit guessing.

A seat claimed while signed in keeps its account in ``seat_tokens.account_id`` (``store.py``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from angler.server.store import HASH_LENGTH, Base

ACCOUNT_ID_LENGTH = 32
NAME_LENGTH = 64  # the column's bound; the rule is shorter (accounts.NAME_MOST)
PASSWORD_HASH_LENGTH = 255  # an argon2 encoded hash is about 100 characters
ATTEMPT_KEY_LENGTH = 160  # "name:" and a name's key, or "address:" and an address


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
