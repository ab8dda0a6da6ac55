"""The store's tests run on SQLite always, and on PostgreSQL when ``ANGLER_TEST_POSTGRES_URL``
names a database (``.ci/run`` sets it where a local PostgreSQL answers). Each PostgreSQL test gets
a schema of its own, dropped afterwards, so runs never see each other's rooms."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text

from angler.server.store import Store

POSTGRES_VARIABLE = "ANGLER_TEST_POSTGRES_URL"
POSTGRES_URL = os.environ.get(POSTGRES_VARIABLE, "")
SKIP_POSTGRES = pytest.mark.skipif(
    not POSTGRES_URL,
    reason=f"{POSTGRES_VARIABLE} is not set: set it to a PostgreSQL URL "
    "(postgresql+psycopg://USER@HOST:PORT/DATABASE) to run the store's tests on PostgreSQL",
)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'store.sqlite3'}"


def postgres_schema_url(base: str) -> Iterator[str]:
    """A URL whose connections work in a fresh schema of their own; the schema is dropped
    afterwards."""
    schema = f"angler_test_{secrets.token_hex(6)}"
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=SKIP_POSTGRES)])
def store_url(request: pytest.FixtureRequest, sqlite_url: str) -> Iterator[str]:
    """A database URL for one test: an SQLite file, or a PostgreSQL schema of its own."""
    if request.param == "sqlite":
        yield sqlite_url
    else:
        yield from postgres_schema_url(POSTGRES_URL)


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    with Store(store_url) as opened:
        yield opened


# Signed-in browsers for the accounts' tests (tests/server/browsers.py).
from tests.server.browsers import accounts_app, browsers  # noqa: E402,F401
