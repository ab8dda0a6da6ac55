"""The load test's HTTP: JSON requests straight to the server (never through a proxy), its
addresses, and ``/health`` (which also counts the store's committed writes)."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from angler.core.errors import AnglerError

HTTP_SECONDS = 10.0  # an HTTP request (a new room) that takes longer is an error
# No proxy, even if the environment names one: the run measures the server, not a proxy.
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class LoadTestError(AnglerError):
    """A run that cannot start: the server cannot be reached or started (one line)."""


def http_json(
    method: str, url: str, body: Any = None, timeout: float = HTTP_SECONDS
) -> tuple[int, Any]:
    """One HTTP request with a JSON body and answer: (status, decoded answer)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, method=method, headers={"content-type": "application/json"}
    )
    try:
        with _DIRECT.open(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        with refused:
            try:
                return refused.code, json.loads(refused.read())
            except ValueError:
                return refused.code, None


def base_url(url: str) -> str:
    """``url`` checked as a server's http(s) address, without a trailing slash."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise LoadTestError(f"--url is the server's http:// or https:// address, not {url!r}")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def socket_url(base: str) -> str:
    """The WebSocket address matching an http(s) base address."""
    return "ws" + base.removeprefix("http")


def health(base: str) -> dict[str, Any]:
    """What ``/health`` answers, checked to be angler's server up; one line says why not."""
    try:
        status, body = http_json("GET", base + "/health")
    except ValueError:
        raise LoadTestError(f"{base}/health did not answer JSON: is it angler's server?") from None
    except OSError as exc:
        reason = getattr(exc, "reason", None) or exc
        raise LoadTestError(f"cannot reach the server at {base}: {reason}") from None
    if status != 200 or not isinstance(body, dict) or body.get("status") != "ok":
        raise LoadTestError(f"{base}/health did not answer ok (HTTP {status})")
    return body


def check_health(base: str, game: str) -> dict[str, Any]:
    """``/health``'s answer, once it says the server serves ``game`` (else one line why not)."""
    body = health(base)
    if game not in body.get("games", []):
        raise LoadTestError(f"the server at {base} does not serve {game!r}")
    return body


def store_writes(answer: dict[str, Any]) -> int | None:
    """The store's committed writes in a ``/health`` answer (None from a server too old to
    count them)."""
    writes = answer.get("store_writes")
    return writes if type(writes) is int else None
