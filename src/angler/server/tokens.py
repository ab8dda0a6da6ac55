"""Seat tokens: the secret that lets a client act for one seat.

A token is 32 random bytes from ``secrets`` (256 bits, URL-safe text). Only its SHA-256 hash is
kept, so a copy of the server's memory or database cannot act for anybody.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass

TOKEN_BYTES = 32  # at least 128 bits, as issue 14 asks; 256 costs nothing more


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """The hash kept in place of ``token`` (hex SHA-256 of its UTF-8 text)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class SeatTokens:
    """The hashes of the tokens claimed so far, by seat."""

    def __init__(self, hashes: Mapping[int, str] | None = None) -> None:
        self._by_seat: dict[int, str] = dict(hashes or {})
        self._by_hash: dict[str, int] = {digest: seat for seat, digest in self._by_seat.items()}

    @property
    def hashes(self) -> dict[int, str]:
        """Seat to token hash, for the store to keep (a copy)."""
        return dict(self._by_seat)

    def claimed(self, seat: int) -> bool:
        return seat in self._by_seat

    def claim(self, seat: int, persist: Callable[[int, str], None] | None = None) -> str:
        """A new token for ``seat``. ``persist(seat, hash)`` runs first: if it raises, the seat
        stays unclaimed (the caller checks that the seat may be claimed)."""
        token = new_token()
        digest = token_hash(token)
        if persist is not None:
            persist(seat, digest)
        self._by_seat[seat] = digest
        self._by_hash[digest] = seat
        return token

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` acts for, or None. The lookup is by hash: comparing hashes of
        secrets leaks nothing useful about the secrets through timing."""
        return self._by_hash.get(token_hash(token))


@dataclass(frozen=True)
class AccountPass:
    """What a socket signed in by its session cookie acts with instead of a seat token: the
    account, whose claimed seat the room looks up (``Room.seat_of``). Made by the server only,
    after the cookie and the socket's origin are checked; a client cannot send one."""

    account: str
