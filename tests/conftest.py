"""Fixtures for every test: ``angler`` runs the real ``angler`` entry point in-process.

Tests import names from here, as ``tests.conftest``, only for type annotations (``if
TYPE_CHECKING``): a conftest is pytest's to load. Shared helpers are modules of their own, imported
from the project root (``pythonpath = ["."]``): ``tests.toy_game``, ``tests.tui.screen``,
``tests.games.positions``, ``tests.conformance.transcripts``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from typer.testing import CliRunner

from angler.cli.main import main


@dataclass
class Run:
    """What one ``angler`` call did."""

    status: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)

    def assert_user_error(self, *fragments: str) -> None:
        """Bad input: status 2, one line on stderr starting ``error:`` (with every fragment),
        no traceback."""
        assert self.status == 2, (self.status, self.stdout, self.stderr)
        lines = self.stderr.strip().splitlines()
        assert len(lines) == 1, self.stderr
        assert lines[0].startswith("error: ")
        assert "Traceback" not in self.stderr + self.stdout
        for fragment in fragments:
            assert fragment in lines[0], (fragment, lines[0])


Angler = Callable[..., Run]
"""``angler(args, input=None) -> Run``."""


def run_angler(args: Sequence[object], input: str | None = None) -> Run:
    """``angler ARGS`` through ``main()`` (the installed entry point), stdin fed from ``input``."""
    runner = CliRunner()
    status = 0
    with runner.isolation(input=input) as (stdout, stderr, _):
        try:
            main([str(arg) for arg in args])
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 1
        finally:
            out_text = stdout.getvalue().decode()
            err_text = stderr.getvalue().decode()
    return Run(status, out_text, err_text)


@pytest.fixture(autouse=True)
def private_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games autosave to the user's data folder: in tests, to a fresh folder of their own."""
    monkeypatch.setenv("ANGLER_DATA_DIR", str(tmp_path_factory.mktemp("angler-data")))


@pytest.fixture
def angler() -> Angler:
    """Call ``angler ARGS`` in-process: ``angler(args, input=None) -> Run``."""
    return run_angler
