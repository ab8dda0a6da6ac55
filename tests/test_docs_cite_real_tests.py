"""The rules pages cite tests by name: every cited name must be a test that exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"`(?:[\w/.]+::)?(test_\w+)`")


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


def test_every_test_a_rules_page_cites_exists() -> None:
    defined = defined_tests()
    missing = {
        f"{page.name}: {name}"
        for page in (ROOT / "docs" / "rules").glob("*.md")
        for name in CITED.findall(page.read_text(encoding="utf-8"))
        if name not in defined
    }
    assert not missing, sorted(missing)
