"""Browsers for the accounts' tests: each with a cookie jar of its own, on one test client of
one app (each test client would run the app's lifespan on a loop of its own)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from tests.server.serving import SCRIPTED

from angler.server.account_rows import RatingRow
from angler.server.accounts import SignInLimits
from angler.server.app import create_app
from angler.server.store import Store

PASSWORD = "correct horse"


@pytest.fixture
def accounts_app(store: Store) -> Any:
    # Scripted clients move as fast as states come: the people's message rate is not tested here.
    return create_app(store, SCRIPTED, sign_in_limits=SignInLimits(per_name=3, per_address=50))


class Browser:
    """One browser: a cookie jar of its own, on the one test client of the app (each test
    client would run the app's lifespan on a loop of its own)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.app = client.app
        self.cookies = httpx.Cookies()

    def _call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        self.client.cookies = self.cookies
        try:
            return getattr(self.client, method)(*args, **kwargs)
        finally:
            self.cookies = self.client.cookies

    def get(self, *args: Any, **kwargs: Any) -> httpx.Response:
        answer: httpx.Response = self._call("get", *args, **kwargs)
        return answer

    def post(self, *args: Any, **kwargs: Any) -> httpx.Response:
        answer: httpx.Response = self._call("post", *args, **kwargs)
        return answer

    def websocket_connect(self, *args: Any, **kwargs: Any) -> Any:
        return self._call("websocket_connect", *args, **kwargs)


@pytest.fixture
def browsers(accounts_app: Any) -> Iterator[list[Browser]]:
    """Three browsers of one server, each with a cookie jar of its own."""
    with TestClient(accounts_app) as client:
        yield [Browser(client), Browser(client), Browser(client)]


def sign_up(client: Browser | TestClient, name: str) -> str:
    """Signed up and in: the CSRF token."""
    answer = client.post("/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    csrf: str = answer.json()["csrf"]
    return csrf


def give_rating(store: Store, account: str, game: str, mu: float, sigma: float = 2.0) -> None:
    """Give ``account`` a rating in ``game`` straight in the store, as nine rated games would."""
    with store._session(write=True) as session:
        session.add(
            RatingRow(
                account_id=account,
                game=game,
                mu=mu,
                sigma=sigma,
                games=9,
                updated_at=datetime.now(UTC),
            )
        )
