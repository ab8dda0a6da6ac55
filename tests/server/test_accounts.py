"""Accounts on the store (SQLite and PostgreSQL): names, passwords, sessions, the limit on
guessing, a password change and deleting an account (``server/accounts.py``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from argon2 import PasswordHasher
from sqlalchemy import select

from angler.server.account_rows import AccountRow, SessionRow
from angler.server.accounts import (
    DELETED_NAME,
    AccountError,
    Accounts,
    NameTakenError,
    SignInError,
    SignInLimits,
    TooManyAttemptsError,
    check_name,
    csrf_matches,
    csrf_token,
    name_key,
)
from angler.server.store import Store
from angler.server.tokens import token_hash

PASSWORD = "correct horse"
QUICK = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)  # tests: argon2id, cheap


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def accounts(store: Store, clock: Clock) -> Accounts:
    return Accounts(store, SignInLimits(per_name=3, per_address=5, window_s=600), QUICK, clock)


def test_a_name_signs_up_and_in_and_only_hashes_are_kept(accounts: Accounts, store: Store) -> None:
    signed = accounts.sign_up("  Ann-Marie ", PASSWORD)
    assert signed.account.name == "Ann-Marie"  # spaces at the ends dropped
    again = accounts.sign_in("ann marie", PASSWORD, "10.0.0.1")  # folded as uniqueness folds
    assert again.account == signed.account and again.token != signed.token
    assert accounts.account_of(signed.token) == signed.account
    assert accounts.account_of(again.token) == signed.account
    with store._session(write=False) as session:
        row = session.get(AccountRow, signed.account.id)
        assert row is not None and row.password_hash is not None
        assert row.password_hash.startswith("$argon2id$") and PASSWORD not in row.password_hash
        kept = set(session.scalars(select(SessionRow.token_hash)))
    assert kept == {token_hash(signed.token), token_hash(again.token)}  # never the tokens


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("ab", "3 to 20 characters"),
        ("x" * 21, "3 to 20 characters"),
        ("<script>", "begins with a letter"),
        ("9lives", "begins with a letter"),
        ("Bob  Ross", "begins with a letter"),  # two spaces
        ("Bob.", "begins with a letter"),  # a separator last
        ("a\u202eb c", "begins with a letter"),  # a direction override
        ("Easy", "a bot's or a seat's name"),
        ("HARD", "a bot's or a seat's name"),
        ("Guest 2", "a bot's or a seat's name"),
        ("player_3", "a bot's or a seat's name"),
        ("You", "a bot's or a seat's name"),
        ("Deleted Player", "a bot's or a seat's name"),
        (None, "a name is text"),
    ],
)
def test_names_the_rules_refuse(name: object, words: str) -> None:
    with pytest.raises(AccountError, match=words):
        check_name(name)


@pytest.mark.parametrize("name", ["Zoë Ünal", "Élan_9", "O'Neil", "li.wei", "Ann-Marie", "张伟伟"])
def test_names_the_rules_take(name: str) -> None:
    assert check_name(name) == name


def test_a_name_is_taken_once_folded(accounts: Accounts) -> None:
    accounts.sign_up("Ann-Marie", PASSWORD)
    for same in ("annmarie", "ANN MARIE", "Ann_Marie", "ａｎｎｍａｒｉｅ"):  # the last: full width
        assert name_key(same) == "annmarie"
        with pytest.raises(NameTakenError, match="taken"):
            accounts.sign_up(same if same.isascii() else "Annmarie", PASSWORD)


@pytest.mark.parametrize("password", ["short", "x" * 257, None, "Ann-Marie"])
def test_passwords_the_rules_refuse(accounts: Accounts, password: object) -> None:
    with pytest.raises(AccountError, match="password"):
        accounts.sign_up("Ann-Marie", password)


def test_a_wrong_password_and_an_unknown_name_are_refused_alike(accounts: Accounts) -> None:
    accounts.sign_up("Ann-Marie", PASSWORD)
    with pytest.raises(SignInError) as wrong:
        accounts.sign_in("Ann-Marie", "not the password", "10.0.0.1")
    with pytest.raises(SignInError) as unknown:
        accounts.sign_in("Nobody Here", PASSWORD, "10.0.0.1")
    assert str(wrong.value) == str(unknown.value)


def test_guessing_one_name_is_stopped_before_the_password_is_checked(
    accounts: Accounts, clock: Clock
) -> None:
    accounts.sign_up("Ann-Marie", PASSWORD)
    for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):  # from three addresses: per name
        with pytest.raises(SignInError):
            accounts.sign_in("Ann-Marie", "guess", address)
    with pytest.raises(TooManyAttemptsError, match="this name") as stopped:
        accounts.sign_in("Ann-Marie", PASSWORD, "10.0.0.4")  # even the right one, for now
    assert 590 <= stopped.value.retry_after <= 601
    clock.advance(seconds=601)  # the window passed
    assert accounts.sign_in("annmarie", PASSWORD, "10.0.0.4").account.name == "Ann-Marie"


def test_guessing_from_one_address_is_stopped_across_names(accounts: Accounts) -> None:
    accounts.sign_up("Ann-Marie", PASSWORD)
    for name in ("Ann-Marie", "Bob", "Cleo", "Dora", "Emil"):
        with pytest.raises(SignInError):
            accounts.sign_in(name, "guess", "10.0.0.9")
    with pytest.raises(TooManyAttemptsError, match="your address"):
        accounts.sign_in("Ann-Marie", PASSWORD, "10.0.0.9")
    assert accounts.sign_in("Ann-Marie", PASSWORD, "10.0.0.10")  # another address


def test_a_good_password_clears_the_names_failures(accounts: Accounts) -> None:
    accounts.sign_up("Ann-Marie", PASSWORD)
    for _ in range(2):
        with pytest.raises(SignInError):
            accounts.sign_in("Ann-Marie", "typo", "10.0.0.1")
    accounts.sign_in("Ann-Marie", PASSWORD, "10.0.0.1")
    for _ in range(2):  # two more typos do not lock the owner out: the count began again
        with pytest.raises(SignInError):
            accounts.sign_in("Ann-Marie", "typo", "10.0.0.2")
    assert accounts.sign_in("Ann-Marie", PASSWORD, "10.0.0.2")


def test_a_session_ends_when_signed_out_or_expired(accounts: Accounts, clock: Clock) -> None:
    first = accounts.sign_up("Ann-Marie", PASSWORD)
    second = accounts.sign_in("Ann-Marie", PASSWORD, "10.0.0.1")
    accounts.sign_out(first.token)
    assert accounts.account_of(first.token) is None
    assert accounts.account_of(second.token) == second.account  # the other browser stays in
    clock.advance(days=30, seconds=1)
    assert accounts.account_of(second.token) is None
    assert accounts.account_of("forged" * 5) is None and accounts.account_of(None) is None


def test_a_password_change_ends_every_other_session(accounts: Accounts) -> None:
    here = accounts.sign_up("Ann-Marie", PASSWORD)
    there = accounts.sign_in("Ann-Marie", PASSWORD, "10.0.0.1")
    with pytest.raises(SignInError, match="current password"):
        accounts.change_password(here.token, "wrong", "a new password")
    with pytest.raises(AccountError, match="8 to 256"):
        accounts.change_password(here.token, PASSWORD, "short")
    changed = accounts.change_password(here.token, PASSWORD, "a new password")
    assert accounts.account_of(changed.token) == here.account
    assert accounts.account_of(here.token) is None and accounts.account_of(there.token) is None
    with pytest.raises(SignInError):
        accounts.sign_in("Ann-Marie", PASSWORD, "10.0.0.1")
    assert accounts.sign_in("Ann-Marie", "a new password", "10.0.0.1")


def test_deleting_replaces_the_name_and_ends_the_sessions(
    accounts: Accounts, store: Store, clock: Clock
) -> None:
    mine = accounts.sign_up("Ann-Marie", PASSWORD)
    other = accounts.sign_in("Ann-Marie", PASSWORD, "10.0.0.1")
    with pytest.raises(SignInError):
        accounts.delete(mine.token, "wrong")
    before = clock.now
    clock.advance(seconds=1)
    accounts.delete(mine.token, PASSWORD)
    assert accounts.account_of(mine.token) is None and accounts.account_of(other.token) is None
    assert accounts.names([mine.account.id]) == {mine.account.id: DELETED_NAME}
    assert accounts.deleted_since(before) == [mine.account.id]
    with store._session(write=False) as session:
        row = session.get(AccountRow, mine.account.id)
        assert row is not None and row.password_hash is None and row.name_key is None
        assert "Ann-Marie" not in repr([row.name, row.name_key])
    with pytest.raises(SignInError):
        accounts.sign_in("Ann-Marie", PASSWORD, "10.0.0.1")
    assert accounts.sign_up("Ann-Marie", "someone else's").account.id != mine.account.id


def test_an_old_hash_is_made_again_at_sign_in(store: Store, clock: Clock) -> None:
    old = Accounts(store, hasher=QUICK, clock=clock)
    signed = old.sign_up("Ann-Marie", PASSWORD)
    stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    Accounts(store, hasher=stronger, clock=clock).sign_in("Ann-Marie", PASSWORD, "10.0.0.1")
    with store._session(write=False) as session:
        row = session.get(AccountRow, signed.account.id)
        assert row is not None and row.password_hash is not None
        assert not stronger.check_needs_rehash(row.password_hash)


def test_the_csrf_token_goes_with_its_session_only() -> None:
    token = "a session token"
    assert csrf_matches(token, csrf_token(token))
    assert not csrf_matches("another session", csrf_token(token))
    assert not csrf_matches(token, None) and not csrf_matches(token, "")
    assert token not in csrf_token(token)
