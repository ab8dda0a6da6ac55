"""``angler serve --node NAME``: one node of a cluster on PostgreSQL; a name that is none, or
a cluster on SQLite, is refused in one line before anything starts."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from tests.conftest import Angler


def test_a_node_on_sqlite_is_refused_in_one_line(angler: Angler, tmp_path: object) -> None:
    run = angler(["serve", "--node", "a", "--db", f"sqlite:///{tmp_path}/x.sqlite3"])
    run.assert_user_error()
    assert "SQLite serves one process" in run.stderr
    assert "postgresql" in run.stderr


@pytest.mark.parametrize("name", ["", "a b", "n" * 65, "é"])
def test_a_node_name_that_is_none_is_refused_in_one_line(angler: Angler, name: str) -> None:
    run = angler(["serve", "--node", name, "--db", "postgresql+psycopg://nobody@127.0.0.1/x"])
    run.assert_user_error()
    assert "a node's name is 1 to 64 letters" in run.stderr
