"""The HTTP API fuzzed by schemathesis against the server's own OpenAPI document.

Every operation of ``/openapi.json`` gets a bounded number of generated requests (valid and
invalid ones, fixed seed) sent to a real server. Each answer must match the document (status,
content type, body), no answer is a server error, and every refusal is an ``ErrorBody`` with one
line. Half the requests that name a room are pointed at a live room (with its seat token where an
``Authorization`` header is sent), whose state must not change: nothing over HTTP moves a room,
and it has no open seat to claim. After each request another room's view still comes, and
after each operation that room plays a move.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance
from tests.server.serving import Served, serving

from angler.core.errors import MESSAGE_LIMIT as LINE_LIMIT
from angler.server.app import create_app
from angler.server.payloads import sendable
from angler.server.store import Store

EXAMPLES = 25  # generated requests per operation and phase, besides the edge cases of coverage


def _document() -> dict[str, Any]:
    with Store("sqlite://") as store:  # the document does not depend on the rooms
        return create_app(store).openapi()


schema = schemathesis.openapi.from_dict(_document())


class Rooms:
    """The fuzzed room (its state must stay as it is) and a witness that keeps playing."""

    def __init__(self, served: Served) -> None:
        self.served = served
        self.target, self.target_tokens = self._make("crazy-fishing", 2)
        self.witness, self.witness_tokens = self._make("fishing", 3)

    def _make(self, game: str, players: int) -> tuple[str, list[str]]:
        # Nobody ever joins them: without long waits a bot would play for their people after
        # the grace period, and the room would end as abandoned, while the fuzzing runs.
        settings = {"grace_s": 86400, "abandon_s": 86400}
        status, body = self.served.request(
            "POST", "/rooms", {"game": game, "seats": ["human"] * players, "settings": settings}
        )
        assert status == 201, body
        return body["room"], [seat["token"] for seat in body["seats"]]

    def snapshot(self) -> tuple[int, Any]:
        """The fuzzed room as the hub holds it: its version and what each seat sees."""
        room = self.served.app.state.hub.rooms[self.target]
        return room.version, [room.payload(seat) for seat in (None, 0, 1)]

    def witness_serves(self) -> None:
        """The witness room's view still comes, at the version the hub holds."""
        status, seen = self.served.request("GET", f"/rooms/{self.witness}/view")
        assert status == 200, seen
        assert seen["version"] == self.served.app.state.hub.rooms[self.witness].version

    def witness_plays(self) -> None:
        """One move in the witness room over a socket, accepted: the server still serves."""
        state = self.served.request("GET", f"/rooms/{self.witness}/view")[1]
        seat = state["to_act"][0]
        client = self.served.socket(self.witness, self.witness_tokens[seat])
        try:
            mine = client.receive()
            assert mine["type"] == "state" and mine["legal"], mine
            client.send(
                {"type": "move", "action": sendable(mine["legal"][0]), "version": mine["version"]}
            )
            after = client.receive()
            assert after["type"] == "state" and after["version"] == mine["version"] + 1, after
        finally:
            client.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder: Path = tmp_path_factory.mktemp("fuzz-http")
    with serving(f"sqlite:///{folder / 'fuzz.sqlite3'}") as running:
        yield running


@pytest.fixture(scope="module")
def rooms(served: Served) -> Rooms:
    return Rooms(served)


@pytest.fixture
def witness(rooms: Rooms) -> Iterator[Rooms]:
    yield rooms
    rooms.witness_plays()  # after each operation's examples


@schemathesis.check
def one_line_refusal(ctx: Any, response: Any, case: Any) -> bool | None:
    """A refusal is ``{"error": kind, "message": one line}``."""
    if response.status_code < 400:
        return None
    body = response.json()
    assert isinstance(body, dict) and set(body) == {"error", "message"}, body
    assert body["error"] and body["message"], body
    assert "\n" not in body["message"] and "\r" not in body["message"], body
    assert len(body["message"]) <= LINE_LIMIT + len(" … "), body  # core/errors.py cuts longer
    return True


def aim(case: Any, rooms: Rooms) -> None:
    """Point half the requests naming a room at the fuzzed room, with a seat token when one is
    given (chosen from the generated text, so the choice is as fixed as the seed)."""
    room = (case.path_parameters or {}).get("room")
    if isinstance(room, str) and zlib.crc32(room.encode("utf-8", "surrogatepass")) % 2 == 0:
        case.path_parameters["room"] = rooms.target
        given = (case.headers or {}).get("authorization")
        if isinstance(given, str) and zlib.crc32(given.encode("utf-8", "surrogatepass")) % 2:
            case.headers["authorization"] = f"Bearer {rooms.target_tokens[len(given) % 2]}"


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=True,  # a fixed seed: the same requests every run
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_as_documented_and_moves_no_room(case: Any, witness: Rooms) -> None:
    aim(case, witness)
    before = witness.snapshot()
    case.call_and_validate(
        base_url=witness.served.http,
        additional_checks=[one_line_refusal],
        # A room's header (game, options, card set, seat kinds) is checked by the games' own
        # models, which no JSON schema spells out: a schema-valid body may still be refused, in
        # one documented line (422 header).
        excluded_checks=[positive_data_acceptance],
    )
    assert witness.snapshot() == before
    witness.witness_serves()


# ----- what the fuzzer found, each pinned by a plain test -----


def test_a_wrong_method_names_every_method_of_the_path(served: Served) -> None:
    """Starlette's 405 named only the first route of a path (GET /rooms, not its POST), and
    the refusal handler dropped the ``Allow`` header altogether."""
    for path, allowed in (
        ("/rooms", "GET, POST"),
        ("/health", "GET"),
        ("/static/index.html", "GET, HEAD"),  # the static files' own 405
    ):
        request = urllib.request.Request(served.http + path, method="DELETE")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 405
        assert refused.value.headers["Allow"] == allowed
        body = json.loads(refused.value.read())
        assert body == {"error": "http", "message": "method not allowed"}


def test_every_documented_refusal_is_an_error_body_in_json() -> None:
    """A game's page answers HTML, but its 404 is JSON (it was documented as text/html), and a
    malformed request's 422 is an ErrorBody (it was documented as FastAPI's own error list)."""
    document = _document()
    refusals = [
        (path, status, response["content"])
        for path, operations in document["paths"].items()
        for operation in operations.values()
        for status, response in operation["responses"].items()
        if status.startswith("4")
    ]
    assert ("/games/{game}/page/{part}", "404") in {(path, status) for path, status, _ in refusals}
    for path, status, content in refusals:
        assert content == {
            "application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}
        }, (path, status)
    assert "HTTPValidationError" not in document["components"]["schemas"]


def test_the_view_documents_its_authorization_header(served: Served, rooms: Rooms) -> None:
    """The seat token's header is in the document, so the fuzzer sends it too."""
    operation = _document()["paths"]["/rooms/{room}/view"]["get"]
    header = [p for p in operation["parameters"] if p["in"] == "header"]
    assert [p["name"] for p in header] == ["authorization"] and not header[0]["required"]
    request = urllib.request.Request(
        f"{served.http}/rooms/{rooms.target}/view",
        headers={"Authorization": f"Bearer {rooms.target_tokens[1]}"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert json.loads(answer.read())["seat"] == 1
