"""People's accounts: a name that lasts and a password, signed in through a session.

- **Passwords** are hashed with argon2id (``argon2-cffi``'s defaults, RFC 9106's low-memory
  profile); a hash made with older parameters is hashed again at the next sign-in.
- **Sessions** are 256-bit random tokens kept in an HttpOnly cookie; the store keeps only their
  SHA-256 hashes (``tokens.token_hash``), as it does seat tokens. A session lasts
  ``SESSION_DAYS``. Its CSRF token is derived from it (``csrf_token``), so it needs no storing
  and cannot be made without the cookie's secret.
- **Guessing is limited** (``SignInLimits``): failed sign-ins are stored, under the name tried
  and under the address, and counted over a window before any password is checked, on every
  node of a cluster alike.
- **Names** (``check_name``) are 3 to 20 letters, digits, spaces and ``_ - . '``, begin with a
  letter, and are unique once folded (case, width and separators), so that "Ann-Marie" and
  "annmarie" are one name. A bot level's name, "Guest 2", "Player 3", "You" and the like are
  refused: nobody passes for a bot or a seat. Names are shown as text, never as markup.
- **Deleting** an account ends its sessions and replaces its name ("Deleted player"); its row
  stays, so the games it played keep their seats.

Every method is one transaction (or two) and thread-safe; argon2 takes tens of milliseconds,
so the routes call these in the thread pool (``routes_accounts.py``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import ClassVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from angler.agents.levels import LEVELS
from angler.core.errors import AnglerError
from angler.server.account_rows import AccountRow, SessionRow, SignInFailureRow
from angler.server.store import Store
from angler.server.tokens import new_token, token_hash

SESSION_DAYS = 30
NAME_LEAST, NAME_MOST = 3, 20
PASSWORD_LEAST, PASSWORD_MOST = 8, 256
DELETED_NAME = "Deleted player"
ID_BYTES = 12  # an account's id: 96 random bits, 16 url-safe characters

# Words no name may be, once folded: the bots' names, the table's own words for seats.
RESERVED = frozenset(
    {
        *LEVELS,
        *("heuristic", "random", "bot", "bots", "angler", "admin", "administrator"),
        *("moderator", "server", "system", "you", "me", "nobody", "spectator"),
        *("deletedplayer", "guest", "player"),
    }
)
_SEAT_WORDS = re.compile(r"(guest|player|seat|bot)\d*")  # "Guest 2", "player3", "Bot 1"
_NAME = re.compile(r"[^\W\d_](?:[^\W_]|[ _.'-](?=[^\W_]))*")  # a letter first; no separator last
_SEPARATORS = re.compile(r"[ _.'-]")


class AccountError(AnglerError):
    """A name or password the rules refuse, or a request that does not fit the account."""

    code: ClassVar[str] = "account"
    status: ClassVar[int] = 400


class NameTakenError(AccountError):
    code: ClassVar[str] = "name"
    status: ClassVar[int] = 409


class SignInError(AccountError):
    """The name and password do not match an account (which of the two is not said), or the
    session is missing, ended or expired."""

    code: ClassVar[str] = "sign-in"
    status: ClassVar[int] = 401


class TooManyAttemptsError(AccountError):
    """Too many failed sign-ins lately for this name or from this address."""

    code: ClassVar[str] = "rate"
    status: ClassVar[int] = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass(frozen=True)
class Account:
    """A signed-in person: the account's id and its name as the tables show it."""

    id: str
    name: str


@dataclass(frozen=True)
class SignedIn:
    """A new session: the account, and the session's token for the cookie (never stored)."""

    account: Account
    token: str


@dataclass(frozen=True)
class SignInLimits:
    """At most ``per_name`` failed sign-ins under one name and ``per_address`` from one address
    in any ``window_s`` seconds; the next is refused before its password is checked."""

    per_name: int = 5
    per_address: int = 30
    window_s: int = 15 * 60


def name_key(name: str) -> str:
    """A name folded as uniqueness compares names: width and accents of compatibility forms
    (NFKC), case, and the separators dropped."""
    return _SEPARATORS.sub("", unicodedata.normalize("NFKC", name).casefold())


def check_name(name: object) -> str:
    """The name as kept (spaces at its ends dropped), or AccountError naming the rule broken."""
    if not isinstance(name, str):
        raise AccountError("a name is text")
    name = unicodedata.normalize("NFC", name.strip())
    if not NAME_LEAST <= len(name) <= NAME_MOST:
        raise AccountError(f"a name has {NAME_LEAST} to {NAME_MOST} characters")
    if not _NAME.fullmatch(name):
        raise AccountError(
            "a name begins with a letter and holds letters, digits, and single spaces or "
            "_ - . ' between them"
        )
    key = name_key(name)
    if key in RESERVED or _SEAT_WORDS.fullmatch(key):
        raise AccountError(f"{name!r} is a bot's or a seat's name at the table: choose another")
    return name


def check_password(password: object, name: str = "") -> str:
    if not isinstance(password, str):
        raise AccountError("a password is text")
    if not PASSWORD_LEAST <= len(password) <= PASSWORD_MOST:
        raise AccountError(f"a password has {PASSWORD_LEAST} to {PASSWORD_MOST} characters")
    if name and name_key(password) == name_key(name):
        raise AccountError("a password must not be the name")
    return password


def csrf_token(session_token: str) -> str:
    """The session's CSRF token: a hash of its secret, so only whoever holds the cookie's
    token can make it, and nothing more need be stored."""
    return hashlib.sha256(b"angler csrf\0" + session_token.encode()).hexdigest()


def csrf_matches(session_token: str, given: str | None) -> bool:
    return given is not None and hmac.compare_digest(csrf_token(session_token), given)


def _now() -> datetime:
    return datetime.now(UTC)


class Accounts:
    """The accounts on the store's database (``store.py`` opens it and runs the migrations)."""

    def __init__(
        self,
        store: Store,
        limits: SignInLimits | None = None,
        hasher: PasswordHasher | None = None,
        clock: Callable[[], datetime] = _now,
    ) -> None:
        self.store = store
        self.limits = limits or SignInLimits()
        self.hasher = hasher or PasswordHasher()
        self.clock = clock
        # Checked against when the name is unknown, so that a sign-in takes as long either way
        # and its time does not tell which names exist (made at the first such sign-in).
        self._decoy: str | None = None

    # ----- signing up, in and out -----
    def sign_up(self, name: object, password: object) -> SignedIn:
        name = check_name(name)
        digest = self.hasher.hash(check_password(password, name))
        account = Account(secrets.token_urlsafe(ID_BYTES), name)
        now = self.clock()
        try:
            with self.store._session(write=True) as session:
                session.add(
                    AccountRow(
                        id=account.id,
                        name=name,
                        name_key=name_key(name),
                        password_hash=digest,
                        created_at=now,
                    )
                )
                session.flush()  # the name's uniqueness, before the session refers to it
                token = self._new_session(session, account.id, now)
        except IntegrityError:
            raise NameTakenError(f"the name {name!r} is taken: choose another") from None
        return SignedIn(account, token)

    def sign_in(self, name: object, password: object, address: str) -> SignedIn:
        """A new session for the account of this name and password. Refused alike for an
        unknown name and a wrong password (SignInError), and, before any check, once the
        name or the address failed too often lately (TooManyAttemptsError)."""
        if not isinstance(name, str) or not isinstance(password, str):
            raise SignInError("give a name and a password")
        key = name_key(name.strip())[: NAME_MOST * 4]
        keys = (f"name:{key}", f"address:{address}"[:160])
        now = self.clock()
        self._check_attempts(keys, now)
        with self.store._session(write=False) as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == key))
            stored = row.password_hash if row is not None else None
            account = Account(row.id, row.name) if row is not None else None
        if stored is None:  # no such name (or deleted): the same work as a wrong password
            self._verify(self._decoy_hash(), password)
        if account is None or stored is None or not self._verify(stored, password):
            self._note_failure(keys, now)
            raise SignInError("that name and password do not match an account")
        with self.store._session(write=True) as session:
            # A good password clears the name's failures: its owner is not kept waiting later.
            session.execute(delete(SignInFailureRow).where(SignInFailureRow.key == keys[0]))
            if self.hasher.check_needs_rehash(stored):
                row = session.get(AccountRow, account.id)
                if row is not None and row.password_hash == stored:
                    row.password_hash = self.hasher.hash(password)
            token = self._new_session(session, account.id, now)
        return SignedIn(account, token)

    def sign_out(self, token: str) -> None:
        with self.store._session(write=True) as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash(token)))

    def account_of(self, token: str | None) -> Account | None:
        """The account a session's token is signed in to, or None (unknown, ended, expired,
        or its account deleted)."""
        if not token or len(token) > 128:
            return None
        with self.store._session(write=False) as session:
            row = session.execute(
                select(AccountRow.id, AccountRow.name, SessionRow.expires_at)
                .join(SessionRow, SessionRow.account_id == AccountRow.id)
                .where(SessionRow.token_hash == token_hash(token), AccountRow.deleted_at.is_(None))
            ).first()
        if row is None or _aware(row.expires_at) <= self.clock():
            return None
        return Account(row.id, row.name)

    # ----- the account's own changes -----
    def change_password(self, token: str, current: object, new: object) -> SignedIn:
        """A new password, once the current one is given: every session of the account ends
        (another device signed in with the old password is signed out), and a new one starts."""
        account = self._signed_in(token)
        with self.store._session(write=False) as session:
            stored = session.scalar(
                select(AccountRow.password_hash).where(AccountRow.id == account.id)
            )
        if not isinstance(current, str) or stored is None or not self._verify(stored, current):
            raise SignInError("the current password is not right")
        digest = self.hasher.hash(check_password(new, account.name))
        now = self.clock()
        with self.store._session(write=True) as session:
            row = session.get(AccountRow, account.id)
            if row is None or row.deleted_at is not None:
                raise SignInError("the account was deleted")
            row.password_hash = digest
            session.execute(delete(SessionRow).where(SessionRow.account_id == account.id))
            new_session = self._new_session(session, account.id, now)
        return SignedIn(account, new_session)

    def delete(self, token: str, password: object) -> Account:
        """Delete the account, once its password is given: its sessions end, its name and
        password go; its row stays (``DELETED_NAME``) for the seats of its games."""
        account = self._signed_in(token)
        with self.store._session(write=False) as session:
            stored = session.scalar(
                select(AccountRow.password_hash).where(AccountRow.id == account.id)
            )
        if not isinstance(password, str) or stored is None or not self._verify(stored, password):
            raise SignInError("the password is not right")
        with self.store._session(write=True) as session:
            row = session.get(AccountRow, account.id)
            if row is not None:
                row.name, row.name_key, row.password_hash = DELETED_NAME, None, None
                row.deleted_at = self.clock()
            session.execute(delete(SessionRow).where(SessionRow.account_id == account.id))
        return account

    def find(self, name: str) -> tuple[Account, datetime] | None:
        """The account of this name (folded as names are compared), and when it was made;
        None if there is none (or it was deleted)."""
        if not isinstance(name, str) or len(name) > NAME_MOST * 4:
            return None
        with self.store._session(write=False) as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))
            if row is None or row.deleted_at is not None:
                return None
            return Account(row.id, row.name), _aware(row.created_at)

    # ----- names for the tables -----
    def names(self, ids: Iterable[str]) -> dict[str, str]:
        """Each account's name as the tables show it (``DELETED_NAME`` once deleted)."""
        wanted = sorted(set(ids))
        if not wanted:
            return {}
        with self.store._session(write=False) as session:
            rows = session.execute(
                select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(wanted))
            )
            return {account: name for account, name in rows}

    def deleted_since(self, since: datetime) -> list[str]:
        """The accounts deleted after ``since``: the nodes of a cluster drop their names."""
        with self.store._session(write=False) as session:
            return list(session.scalars(select(AccountRow.id).where(AccountRow.deleted_at > since)))

    # ----- inside -----
    def _signed_in(self, token: str) -> Account:
        account = self.account_of(token)
        if account is None:
            raise SignInError("not signed in: sign in first")
        return account

    def _decoy_hash(self) -> str:
        if self._decoy is None:
            self._decoy = self.hasher.hash(secrets.token_urlsafe(16))
        return self._decoy

    def _verify(self, stored: str, password: str) -> bool:
        try:
            return bool(self.hasher.verify(stored, password))
        except (VerificationError, InvalidHashError):
            return False

    def _new_session(self, session: Session, account: str, now: datetime) -> str:
        token = new_token()
        session.add(
            SessionRow(
                token_hash=token_hash(token),
                account_id=account,
                created_at=now,
                expires_at=now + timedelta(days=SESSION_DAYS),
            )
        )
        # A signed-in account's expired sessions go as it starts a new one: the table stays small.
        session.execute(
            delete(SessionRow).where(SessionRow.account_id == account, SessionRow.expires_at < now)
        )
        return token

    def _check_attempts(self, keys: tuple[str, str], now: datetime) -> None:
        limits = self.limits
        since = now - timedelta(seconds=limits.window_s)
        with self.store._session(write=False) as session:
            for key, most, what in (
                (keys[0], limits.per_name, "this name"),
                (keys[1], limits.per_address, "your address"),
            ):
                count, first = session.execute(
                    select(func.count(), func.min(SignInFailureRow.at)).where(
                        SignInFailureRow.key == key, SignInFailureRow.at > since
                    )
                ).one()
                if count >= most:
                    wait = limits.window_s - (now - _aware(first)).total_seconds()
                    retry = max(1, int(wait) + 1)
                    raise TooManyAttemptsError(
                        f"too many failed sign-ins for {what}: try again in {retry} s", retry
                    )

    def _note_failure(self, keys: tuple[str, str], now: datetime) -> None:
        since = now - timedelta(seconds=self.limits.window_s)
        with self.store._session(write=True) as session:
            session.add_all([SignInFailureRow(key=key, at=now) for key in keys])
            session.execute(delete(SignInFailureRow).where(SignInFailureRow.at <= since))


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes (stored in UTC): made aware to compare."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
