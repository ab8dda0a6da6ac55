"""A comparison leads with its answer: a one-card change (or a rule value) planted in B's card file
is named at the top of the report, and its card comes first in its table, significant after
Holm's correction. Seeds are fixed, so these cannot flake."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from angler.core import make_game
from angler.sim.analyse import Analysis, configure, run_analysis
from angler.sim.differences import Difference, holm, paired_difference
from angler.sim.findings import findings
from angler.sim.report_html import render
from angler.sim.verdict import text, verdict


def planted(tmp_path: Path, game: str, edit: Callable[[Any], None]) -> str:
    data = json.loads(Path(make_game(game, 3).cards.source).read_text())  # type: ignore[attr-defined]
    edit(data)
    file = tmp_path / "b.json"
    file.write_text(json.dumps(data))
    return str(file)


def compared(game: str, b: str, games: int) -> Analysis:
    return run_analysis(configure(game, {}, ("", b), (3,)), {}, games, seed=1)


def answer(page: str) -> str:
    start = page.index('<div class="answer">')
    assert start < page.index("<h2>Who wins")  # the answer comes before every detail
    return page[start : page.index("</div>", start)]


def first_row(page: str, heading: str) -> str:
    """The first data row of the table under ``heading``."""
    section = page[page.index(heading) :]
    rows = re.findall(r"<tr><td>(.*?)</tr>", section[: section.index("</table>")])
    return rows[0]


def card(records: list[dict[str, Any]], name: str, **values: Any) -> None:
    for record in records:
        if record["name"] == name:
            record.update(values)


def test_a_rule_value_changed_in_the_file_is_named_at_the_top(tmp_path: Path) -> None:
    def wider(data: Any) -> None:
        data["sea"]["scatter_mm_per_sqrt_card"] = 60

    run = compared("crazy-fishing", planted(tmp_path, "crazy-fishing", wider), 3)
    top = answer(render(run, "angler analyse crazy-fishing"))
    assert "<li>sea.scatter_mm_per_sqrt_card: 29 → 60</li>" in top
    assert "<h3>The changed cards" not in top  # no card changed


def test_the_same_card_file_twice_says_nothing_changed() -> None:
    run = run_analysis(configure("fishing", {}, ("", ""), (3,)), {}, 3, seed=1)
    sections = verdict(run, findings(run))
    assert sections[0].items[0].startswith("nothing: the two card files hold the same cards")
    assert sections[1].items == ["nothing: no figure differs by more than chance"]


@pytest.mark.slow
def test_fishing_a_trump_raised_to_30_is_named_and_its_card_leads(tmp_path: Path) -> None:
    b = planted(tmp_path, "fishing", lambda data: card(data["cards"], "G1", value=30))
    run = compared("fishing", b, 200)
    page = render(run, "angler analyse fishing")
    assert "<li>cards: G1: value 1 → 30</li>" in answer(page)
    assert "<li>G1: its effect on its holder&#x27;s win share moved: +" in answer(page)
    row = first_row(page, "<h2>Each card's effect")
    assert row.startswith("G1</td>") and ": significant" in row and 'class="changed"' in row


@pytest.mark.slow
def test_crazy_fishing_a_monster_shrunk_is_named_and_its_card_leads(tmp_path: Path) -> None:
    def shrunk(data: Any) -> None:
        card(data["fish"], "Monster12", size=1)

    run = compared("crazy-fishing", planted(tmp_path, "crazy-fishing", shrunk), 60)
    found = findings(run)
    page = render(run, "angler analyse crazy-fishing", found)
    assert "<li>fish: Monster12: size 12 → 1</li>" in answer(page)
    row = first_row(page, "<h2>Each card's effect")
    assert row.startswith("Monster12</td>") and ": significant" in row
    assert "Monster12: its effect on its holder's win share moved: -" in text(verdict(run, found))


@pytest.mark.slow
def test_flip_and_fish_a_trophy_made_easy_is_named_and_its_card_leads(tmp_path: Path) -> None:
    def easy(data: Any) -> None:
        card(data["fishing"], "BlueMarlin", catch_rate=2)

    run = compared("flip-and-fish", planted(tmp_path, "flip-and-fish", easy), 60)
    page = render(run, "angler analyse flip-and-fish")
    assert "<li>fishing: BlueMarlin: catch_rate 15 → 2</li>" in answer(page)
    assert "&quot;caught by fish type&quot; per game moved: +" in answer(page)
    row = first_row(page, "<h3>caught by fish type")
    assert row.startswith("BlueMarlin</td>") and ": significant" in row
    assert 'class="changed"' in row


def test_holm_keeps_a_strong_difference_and_drops_chance_ones() -> None:
    """Of 40 figures each with p just under 0.05 and one with p near 0, only the latter stays
    significant once corrected; the raw p-values are kept beside."""
    weak = [Difference(f"card {i}", 0.1, 0.001, 0.2, 100, 0.04) for i in range(40)]
    strong = paired_difference("planted", [0.0, 1.0] * 20, [3.0, 4.1] * 20)
    family = holm([*weak, strong])
    assert [d.label for d in family if d.significant] == ["planted"]
    assert all(d.p == 0.04 and d.corrected == 1.0 for d in family[:40])


def test_every_report_ends_with_the_glossary_and_the_docs_repeat_it() -> None:
    from angler.sim.glossary import GLOSSARY

    run = run_analysis(configure("fishing", {}, ("",), (3,)), {}, 2, seed=1)
    page = render(run, "angler analyse fishing")
    glossary = page[page.index("<h2>Glossary</h2>") :]
    assert "<dt>Wilson interval</dt>" in glossary and "<dt>Holm correction</dt>" in glossary
    docs = (Path(__file__).parents[2] / "docs" / "analyse.md").read_text()
    for term in GLOSSARY:
        assert f"**{term}**" in docs
