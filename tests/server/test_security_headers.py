"""Every HTTP answer carries the security headers (``server/security_headers.py``): the files of
the browser table, the API's answers and refusals, Starlette's own (404, 405), a refused body, a
500 from a route that raises; FastAPI's API pages keep a looser policy that still refuses
framing; sockets pass by untouched."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx2 as httpx  # what the test client answers with
import pytest
from fastapi import FastAPI
from fastapi.responses import StreamingResponse
from fastapi.testclient import TestClient
from starlette.types import Message, Receive, Scope, Send
from tests.server.serving import serving

from angler.server.app import create_app
from angler.server.bodies import BODY_LIMIT
from angler.server.security_headers import DOCS_POLICY, POLICY, SecurityHeaders
from angler.server.store import Store
from angler.server.web import page_html

STRICT = {
    "content-security-policy": POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}
LOOSE = {**STRICT, "content-security-policy": DOCS_POLICY}


class Failure(RuntimeError):
    """What the failing test route raises."""


def failing_app(store: Store) -> FastAPI:
    """The server's app, with one more route that fails before it answers."""
    app = create_app(store)

    @app.get("/test-failure")
    def fail() -> None:
        raise Failure("a route that fails")

    return app


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    url = f"sqlite:///{tmp_path_factory.mktemp('headers') / 'store.sqlite3'}"
    with Store(url) as store:
        yield failing_app(store)


@pytest.fixture(scope="module")
def client(app: FastAPI) -> Iterator[TestClient]:
    # A failing route answers 500 here, as it does to a browser (not raised into the test).
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def assert_headers(answer: httpx.Response, expected: dict[str, str] = STRICT) -> None:
    """Each security header once, with its value."""
    for name, value in expected.items():
        assert answer.headers.get_list(name) == [value], (answer.request.url, name)


def room(client: TestClient) -> dict[str, object]:
    answer = client.post("/rooms", json={"game": "fishing", "seats": ["human", "random", "random"]})
    assert answer.status_code == 201, answer.text
    made: dict[str, object] = answer.json()
    return made


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/static/app.js",
        "/static/style.css",
        "/static/icon.svg",
        "/games",
        "/games/fishing/board.js",
        "/games/fishing/page/howto",
        "/docs/img/profile.png",  # under /docs, but not the API page: the strict policy
        "/health",
        "/rooms",
        "/rooms/live",
        "/openapi.json",
    ],
)
def test_every_file_and_api_answer_carries_the_headers(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 200, answer.text
    assert_headers(answer)


def test_a_compressed_answer_carries_them_too(client: TestClient) -> None:
    answer = client.get("/static/room.js", headers={"accept-encoding": "gzip"})
    assert answer.headers["content-encoding"] == "gzip"
    assert_headers(answer)


def test_a_room_and_its_refusals_carry_them(client: TestClient) -> None:
    made = room(client)
    assert_headers(client.get(f"/rooms/{made['room']}"))
    unfinished = client.get(f"/rooms/{made['room']}/record")
    assert unfinished.status_code == 403
    assert_headers(unfinished)


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("GET", "/nowhere", None, 404),  # no route (Starlette's)
        ("GET", "/static/nowhere.js", None, 404),  # no file (StaticFiles)
        ("GET", "/games/fishing/nowhere.js", None, 404),  # an AnglerError
        ("GET", "/rooms/nowhere", None, 404),
        ("POST", "/rooms", {"game": 7}, 422),  # malformed
        ("DELETE", "/games", None, 405),
    ],
)
def test_every_refusal_carries_the_headers(
    client: TestClient, method: str, path: str, body: object, status: int
) -> None:
    answer = client.request(method, path, json=body)
    assert answer.status_code == status, answer.text
    assert_headers(answer)


def test_the_refusals_of_the_other_middleware_carry_them(client: TestClient) -> None:
    too_big = client.post(
        "/rooms",
        content=b"x" * (BODY_LIMIT + 1),
        headers={"content-type": "application/json"},
    )
    assert too_big.status_code == 413
    assert_headers(too_big)
    elsewhere = client.post("/session", json={}, headers={"origin": "https://evil.example"})
    assert elsewhere.status_code == 403
    assert_headers(elsewhere)


def test_a_route_that_fails_answers_500_with_the_headers(client: TestClient) -> None:
    answer = client.get("/test-failure")
    assert answer.status_code == 500
    assert answer.text == "Internal Server Error"
    assert_headers(answer)


def test_the_failure_still_reaches_the_server(tmp_path: Path) -> None:
    """The 500 is sent, and the error raised on (uvicorn logs it; here, into the test)."""
    with (
        Store(f"sqlite:///{tmp_path / 'store.sqlite3'}") as store,
        TestClient(failing_app(store)) as client,
        pytest.raises(Failure),
    ):
        client.get("/test-failure")


@pytest.mark.parametrize("path", ["/docs", "/redoc", "/docs/oauth2-redirect"])
def test_the_api_pages_keep_a_looser_policy_that_refuses_framing(
    client: TestClient, path: str
) -> None:
    answer = client.get(path)
    assert answer.status_code == 200
    assert_headers(answer, LOOSE)
    assert "frame-ancestors 'none'" in DOCS_POLICY


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_the_looser_policy_allows_what_the_api_pages_load(client: TestClient, path: str) -> None:
    """Each other site FastAPI's page takes a script, style or image from is in the policy
    (a newer FastAPI that moved its CDN would fail here, not in a browser)."""
    page = client.get(path).text
    sites = {
        f"{parts.scheme}://{parts.netloc}"
        for link in re.findall(r'(?:src|href)="(https://[^"]+)"', page)
        for parts in [urlsplit(link)]
    }
    assert sites
    for site in sites:
        assert site in DOCS_POLICY, site
    if "<script>" in page:  # Swagger UI's start-up
        assert "'unsafe-inline'" in DOCS_POLICY.split("script-src")[1].split(";")[0]


def test_a_room_socket_still_works(client: TestClient) -> None:
    made = room(client)
    with client.websocket_connect(f"/rooms/{made['room']}/ws") as socket:
        socket.send_json({"type": "hello", "token": None})
        assert socket.receive_json()["type"] == "state"


def test_a_real_server_sends_them_and_its_sockets_work(tmp_path: Path) -> None:
    with serving(f"sqlite:///{tmp_path / 'store.sqlite3'}") as served:
        answer = httpx.get(served.http + "/")
        assert_headers(answer)
        status, made = served.request(
            "POST", "/rooms", {"game": "fishing", "seats": ["human", "random", "random"]}
        )
        assert status == 201
        socket = served.socket(made["room"])
        try:
            assert socket.receive()["type"] == "state"
        finally:
            socket.close()


def test_a_header_the_app_set_itself_is_replaced_not_repeated() -> None:
    inner = FastAPI()

    @inner.get("/framed")
    def framed() -> StreamingResponse:
        return StreamingResponse(iter([b"x"]), headers={"X-Frame-Options": "SAMEORIGIN"})

    inner.add_middleware(SecurityHeaders)
    with TestClient(inner) as client:
        assert_headers(client.get("/framed"))


# ----- the middleware alone, as ASGI -----


def http_scope(path: str = "/") -> Scope:
    return {"type": "http", "method": "GET", "path": path, "headers": []}


def test_a_failure_after_the_answer_started_sends_no_second_start() -> None:
    async def broken(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        raise Failure("half way")

    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    async def receive() -> Message:
        return {"type": "http.request"}

    with pytest.raises(Failure):
        asyncio.run(SecurityHeaders(broken)(http_scope(), receive, send))
    assert [message["type"] for message in sent] == ["http.response.start"]
    assert sent[0]["status"] == 200


def test_a_streamed_answer_is_passed_on_as_it_comes() -> None:
    """Each part reaches the server before the app makes the next: nothing is held back."""
    outside: list[Message] = []

    async def streaming(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        for part in (b"a", b"b"):
            await send({"type": "http.response.body", "body": part, "more_body": True})
            assert outside[-1]["body"] == part  # already sent on
        await send({"type": "http.response.body", "body": b""})

    async def send(message: Message) -> None:
        outside.append(message)

    async def receive() -> Message:
        return {"type": "http.request"}

    asyncio.run(SecurityHeaders(streaming)(http_scope(), receive, send))
    start = outside[0]
    assert (b"content-security-policy", POLICY.encode()) in start["headers"]
    assert [message.get("body") for message in outside[1:]] == [b"a", b"b", b""]


@pytest.mark.parametrize("kind", ["websocket", "lifespan"])
def test_other_scopes_pass_by_untouched(kind: str) -> None:
    seen: list[tuple[Receive, Send]] = []

    async def inner(scope: Scope, receive: Receive, send: Send) -> None:
        seen.append((receive, send))

    async def receive() -> Message:
        return {"type": f"{kind}.connect"}

    async def send(message: Message) -> None:
        raise AssertionError("nothing is sent")

    asyncio.run(SecurityHeaders(inner)({"type": kind, "path": "/"}, receive, send))
    assert seen == [(receive, send)]


def test_a_pages_aligned_table_column_is_a_class_not_a_style_attribute() -> None:
    html = page_html("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n")
    assert "style=" not in html
    assert '<th class="align-left">a</th>' in html
    assert '<td class="align-center">2</td>' in html
    assert '<td class="align-right">3</td>' in html
