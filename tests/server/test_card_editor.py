"""The card-set editor's routes (``routes_cards.py``): the bundled set and its schema; an edited
set checked as ``--cards`` checks a file, each problem with its path; quick checks and full
reports queued on the pool under their limits; garbage and other sites' posts refused in one
line."""

from __future__ import annotations

import copy
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.browsers import sign_up
from tests.server.test_api import one_line_refusal

from angler.core.errors import AnglerError
from angler.games.crazy_fishing.cards import load_cards
from angler.server.app import create_app
from angler.server.limits import Limits
from angler.server.store import Store

GAMES = 3  # a check's games a side: the machinery is tested, not the figures


def _limits(**changes: Any) -> Limits:
    settings: dict[str, Any] = {"card_check_games": GAMES, "card_report_games": GAMES}
    return Limits(**(settings | changes))


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(Store(sqlite_url), _limits())) as test_client:
        yield test_client


def _bundled(client: TestClient, game: str) -> dict[str, Any]:
    answer = client.get(f"/cards/{game}")
    assert answer.status_code == 200, answer.text
    cards: dict[str, Any] = answer.json()["cards"]
    return cards


def _finished(client: TestClient, check: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while True:
        shown: dict[str, Any] = client.get(f"/cards/checks/{check}").json()
        if shown["status"] in ("done", "failed"):
            return shown
        assert time.monotonic() < deadline, "the check did not finish"
        time.sleep(0.05)


@pytest.mark.parametrize("game", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_the_bundled_set_comes_with_its_schema_and_passes_its_own_check(
    client: TestClient, game: str
) -> None:
    body = client.get(f"/cards/{game}").json()
    assert body["schema"]["type"] == "object" and body["check_games"] == GAMES
    assert body["players"] >= 2
    checked = client.post(f"/cards/{game}/check", json={"cards": body["cards"]}).json()
    assert checked == {"ok": True, "problems": []}


def test_every_problem_comes_with_its_path_and_one_line(client: TestClient) -> None:
    cards = copy.deepcopy(_bundled(client, "crazy-fishing"))
    cards["rods"][2]["speed"] = -1
    cards["rods"][3]["speed"] = "fast"
    cards["sea"]["scatter_mm_per_sqrt_card"] = 0
    cards["fish"][1]["back"] = "9-10"
    checked = client.post("/cards/crazy-fishing/check", json={"cards": cards}).json()
    assert not checked["ok"]
    by_path = {tuple(p["path"]): p["message"] for p in checked["problems"]}
    assert by_path[("rods", 2, "speed")] == (
        "'speed' must be a whole number from 0 to 999, not the whole number -1"
    )
    assert by_path[("rods", 3, "speed")].endswith("not the text 'fast'")
    assert by_path[("sea", "scatter_mm_per_sqrt_card")].startswith("'scatter_mm_per_sqrt_card'")
    assert by_path[("fish", 1)] == "back '9-10' must be '?' or a range holding 1"
    assert all("\n" not in message for message in by_path.values())


def test_the_same_refusal_as_the_cards_option(client: TestClient, tmp_path: Any) -> None:
    """The words at the cell are the loader's own, as `--cards FILE` says them."""
    cards = copy.deepcopy(_bundled(client, "crazy-fishing"))
    cards["rods"][0]["speed"] = 1000
    checked = client.post("/cards/crazy-fishing/check", json={"cards": cards}).json()
    (problem,) = checked["problems"]
    path = tmp_path / "cards.json"
    path.write_text(__import__("json").dumps(cards))
    with pytest.raises(AnglerError) as refused:
        load_cards(str(path))
    assert str(refused.value).endswith(problem["message"])


def test_a_rule_between_cards_is_a_problem_of_the_whole_set(client: TestClient) -> None:
    cards = copy.deepcopy(_bundled(client, "flip-and-fish"))
    cards["fishing"][1]["name"] = cards["fishing"][0]["name"]
    (problem,) = client.post("/cards/flip-and-fish/check", json={"cards": cards}).json()["problems"]
    assert problem["path"] == [] and "copies of BlueMarlin differ" in problem["message"]
    assert "/tmp" not in problem["message"]  # the private file is never named


@pytest.mark.parametrize(
    ("body", "status", "kind"),
    [
        ({"cards": [1, 2]}, 200, None),  # a checked answer: the set is not an object
        ({"cards": {}, "extra": 1}, 422, "request"),
        ({}, 422, "request"),
        ("not an object", 422, "request"),
    ],
)
def test_garbage_is_refused_in_one_line(
    client: TestClient, body: Any, status: int, kind: str | None
) -> None:
    answer = client.post("/cards/fishing/check", json=body)
    if kind is None:
        assert answer.status_code == status
        (problem,) = answer.json()["problems"]
        assert problem == {"path": [], "message": "a card set is a JSON object, not a list"}
    else:
        assert answer.status_code == 422 and "\n" not in answer.json()["message"]


def test_unknown_games_and_broken_json_are_refused(client: TestClient) -> None:
    one_line_refusal(client.get("/cards/chess"), 404, "game")
    one_line_refusal(client.post("/cards/chess/check", json={"cards": {}}), 404, "game")
    answer = client.post(
        "/cards/fishing/check", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert answer.status_code == 422 and "\n" not in answer.json()["message"]
    one_line_refusal(client.post("/cards/fishing/check", content=b"[" * 5000), 422, "json")
    huge = {"cards": {"note": "x" * 300_000}}
    one_line_refusal(client.post("/cards/fishing/check", json=huge), 413, "size")


def test_a_refused_set_is_not_played(client: TestClient) -> None:
    cards = copy.deepcopy(_bundled(client, "fishing"))
    cards["cards"][0]["value"] = "high"
    answer = client.post("/cards/fishing/quick-check", json={"cards": cards})
    one_line_refusal(answer, 422, "cards")
    assert "cards[0].value" in answer.json()["message"]


@pytest.mark.parametrize("game", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_a_quick_check_gives_the_headline_figures_of_a_and_b(client: TestClient, game: str) -> None:
    cards = _bundled(client, game)
    asked = client.post(f"/cards/{game}/quick-check", json={"cards": cards})
    assert asked.status_code == 202
    assert asked.json()["status"] == "queued" and asked.json()["total"] == 2 * GAMES
    shown = _finished(client, asked.json()["id"])
    assert shown["status"] == "done" and shown["done"] == 2 * GAMES, shown
    figures = {row["figure"]: row for row in shown["figures"]}
    seat = figures["win share of seat 1"]
    assert seat["percent"] and 0 <= seat["a"]["low"] <= seat["a"]["mean"] <= seat["a"]["high"]
    mean = figures["mean score per player"]
    # The same set on both sides: the same games, so no difference at all.
    assert mean["a"] == mean["b"] and mean["difference"]["mean"] == 0
    assert "decisions" in figures and shown["changes"] == []


def test_a_changed_value_is_named_and_compared(client: TestClient) -> None:
    cards = copy.deepcopy(_bundled(client, "crazy-fishing"))
    cards["sea"]["scatter_mm_per_sqrt_card"] = 60
    asked = client.post("/cards/crazy-fishing/quick-check", json={"cards": cards}).json()
    shown = _finished(client, asked["id"])
    assert shown["changes"] == ["sea.scatter_mm_per_sqrt_card: 29 → 60"]


def test_a_full_report_is_the_analyse_page_under_a_script_free_policy(
    client: TestClient,
) -> None:
    cards = _bundled(client, "flip-and-fish")
    one_line_refusal(client.get("/cards/checks/nothing/report"), 404, "check")
    asked = client.post("/cards/flip-and-fish/report", json={"cards": cards}).json()
    shown = _finished(client, asked["id"])
    assert shown["status"] == "done", shown
    page = client.get(shown["report"])
    assert page.status_code == 200 and page.text.lower().startswith("<!doctype html>")
    assert (
        "angler analyse flip-and-fish" in page.text and "--compare edited-cards.json" in page.text
    )
    policy = page.headers["content-security-policy"]
    assert "sandbox" in policy and "script-src" not in policy and "default-src 'none'" in policy


def test_checks_are_limited_per_person_and_by_the_queue(sqlite_url: str) -> None:
    limits = _limits(card_checks_per_minute=2, card_checks_waiting=50)
    with TestClient(create_app(Store(sqlite_url), limits)) as client:
        cards = _bundled(client, "fishing")
        for _ in range(2):
            assert (
                client.post("/cards/fishing/quick-check", json={"cards": cards}).status_code == 202
            )
        refused = client.post("/cards/fishing/quick-check", json={"cards": cards})
        one_line_refusal(refused, 429, "rate")
        assert int(refused.headers["retry-after"]) > 0
        # Checking a set costs nothing: it is never refused so.
        assert client.post("/cards/fishing/check", json={"cards": cards}).status_code == 200


def test_at_most_so_many_checks_wait(sqlite_url: str) -> None:
    limits = _limits(card_checks_per_minute=0, card_checks_waiting=1, card_check_games=50)
    with TestClient(create_app(Store(sqlite_url), limits)) as client:
        cards = _bundled(client, "fishing")
        answers = [
            client.post("/cards/fishing/quick-check", json={"cards": cards}).status_code
            for _ in range(4)
        ]
        assert answers[:2] == [202, 202] and 429 in answers  # one runs, one waits


def test_a_signed_in_post_needs_its_csrf_token_and_other_sites_are_refused(
    client: TestClient,
) -> None:
    cards = _bundled(client, "fishing")
    csrf = sign_up(client, "designer")
    one_line_refusal(client.post("/cards/fishing/check", json={"cards": cards}), 403, "csrf")
    answer = client.post(
        "/cards/fishing/quick-check", json={"cards": cards}, headers={"x-csrf-token": csrf}
    )
    assert answer.status_code == 202
    foreign = client.post(
        "/cards/fishing/check",
        json={"cards": cards},
        headers={"x-csrf-token": csrf, "origin": "https://elsewhere.example"},
    )
    assert foreign.status_code == 403


def test_a_server_without_the_analysis_extra_says_so_in_one_line(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    found = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name: None if name == "matplotlib" else found(name)
    )
    cards = _bundled(client, "fishing")
    answer = client.post("/cards/fishing/report", json={"cards": cards})
    one_line_refusal(answer, 503, "analysis")
    assert "matplotlib" in answer.json()["message"]


def test_finished_checks_are_forgotten_after_an_hour_or_past_the_newest_kept() -> None:
    from angler.server import card_checks

    now = [0.0]
    checks = card_checks.CardChecks(3, 3, waiting=100, per_minute=0, clock=lambda: now[0])
    cards: dict[str, Any] = {}
    first = checks.ask("fishing", cards, "quick", "address:a")["id"]
    checks.checks[first].finished_at = 0.0
    now[0] = card_checks.KEEP_S + 1
    second = checks.ask("fishing", cards, "quick", "address:a")["id"]
    assert first not in checks.checks and second in checks.checks
    with pytest.raises(card_checks.CheckUnknownError, match="no card-set check"):
        checks.status(first)
    for check in list(checks.checks.values()):
        check.finished_at = now[0]
    for _ in range(card_checks.KEPT + 5):
        made = checks.ask("fishing", cards, "quick", "address:a")["id"]
        checks.checks[made].finished_at = now[0]
    assert len(checks.checks) <= card_checks.KEPT
