"""A room's chat (``server/chat.py``): the seated people's lines reach the seated people only,
the spectators' the spectators only; lines are cleaned, limited and stored, shown to a socket
after its hello, kept with the finished room, and a deleted account's name leaves them."""

from __future__ import annotations

from typing import Any

from tests.server.browsers import Browser, sign_up
from tests.server.test_api import one_line_refusal

from angler.server.accounts import DELETED_NAME
from angler.server.chat import BURST


def _next(socket: Any, kind: str) -> dict[str, Any]:
    """The socket's next message of ``kind`` (states and presence skipped)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message
        assert message["type"] != "error", message


def _room(ann: Browser, csrf: str) -> tuple[str, str]:
    made = ann.post(
        "/rooms",
        json={"game": "crazy-fishing", "seats": ["human", "public", "open"]},
        headers={"X-CSRF-Token": csrf},
    ).json()
    return made["room"], made["seats"][0]["token"]


def test_seats_and_spectators_each_have_their_own_chat(browsers: list[Browser]) -> None:
    ann, guest, watcher = browsers
    csrf = sign_up(ann, "Ann-Marie")
    room, _ = _room(ann, csrf)
    guest_token = guest.post(f"/rooms/{room}/seats/1").json()["token"]
    with (
        ann.websocket_connect(f"/rooms/{room}/ws") as ann_socket,
        guest.websocket_connect(f"/rooms/{room}/ws") as guest_socket,
        watcher.websocket_connect(f"/rooms/{room}/ws") as watcher_socket,
    ):
        ann_socket.send_json({"type": "hello", "account": True})
        guest_socket.send_json({"type": "hello", "token": guest_token})
        watcher_socket.send_json({"type": "hello"})
        for socket in (ann_socket, guest_socket, watcher_socket):
            _next(socket, "state")
        ann_socket.send_json({"type": "chat", "text": "  good luck <b>all</b>\x07 "})
        for socket in (ann_socket, guest_socket):
            (line,) = _next(socket, "chat")["lines"]
            assert line["channel"] == "table" and line["seat"] == 0
            assert line["name"] == "Ann-Marie" and line["text"] == "good luck <b>all</b>"
        watcher_socket.send_json({"type": "chat", "text": "who wins?"})
        (line,) = _next(watcher_socket, "chat")["lines"]
        assert line == {**line, "channel": "spectators", "seat": None, "name": "Spectator"}
        guest_socket.send_json({"type": "chat", "text": "thanks"})
        (line,) = _next(guest_socket, "chat")["lines"]
        assert line["name"] == "Guest 2"
        # What each heard: the seated never the spectators' line, the spectator never theirs.
        (heard,) = _next(ann_socket, "chat")["lines"]
        assert heard["text"] == "thanks"
    with watcher.websocket_connect(f"/rooms/{room}/ws") as again:  # after hello: its channel's
        again.send_json({"type": "hello"})
        _next(again, "state")
        assert [line["text"] for line in _next(again, "chat")["lines"]] == ["who wins?"]
    with guest.websocket_connect(f"/rooms/{room}/ws") as again:
        again.send_json({"type": "hello", "token": guest_token})
        _next(again, "state")
        texts = [line["text"] for line in _next(again, "chat")["lines"]]
        assert texts == ["good luck <b>all</b>", "thanks"]


def test_bad_lines_and_floods_are_refused(browsers: list[Browser]) -> None:
    ann = browsers[0]
    room, token = _room(ann, sign_up(ann, "Ann-Marie"))
    with ann.websocket_connect(f"/rooms/{room}/ws") as socket:
        socket.send_json({"type": "chat", "text": "before hello"})
        assert socket.receive_json()["error"] == "hello"
        socket.send_json({"type": "hello", "token": token})
        _next(socket, "state")
        for text in ("", "x" * 301, 7, " \u202e\u200b "):
            socket.send_json({"type": "chat", "text": text})
            refused = socket.receive_json()
            assert refused["type"] == "error" and refused["error"] == "chat", refused
            assert "\n" not in refused["message"]
        for number in range(BURST):
            socket.send_json({"type": "chat", "text": f"line {number}"})
            assert _next(socket, "chat")["lines"][0]["text"] == f"line {number}"
        socket.send_json({"type": "chat", "text": "one too many"})
        refused = socket.receive_json()
        assert refused["error"] == "chat" and "wait" in refused["message"]


def test_the_chat_stays_with_the_finished_room_and_forgets_a_deleted_name(
    browsers: list[Browser],
) -> None:
    ann, watcher, _ = browsers
    csrf = sign_up(ann, "Zelda Quux")
    room, token = _room(ann, csrf)
    one_line_refusal(watcher.get(f"/rooms/{room}/chat"), 403, "unfinished")
    with ann.websocket_connect(f"/rooms/{room}/ws") as socket:
        socket.send_json({"type": "hello", "token": token})
        _next(socket, "state")
        socket.send_json({"type": "chat", "text": "bye"})
        _next(socket, "chat")
        socket.send_json({"type": "cancel"})  # a seat still waits: the creator may cancel
        while not _next(socket, "state")["over"]:
            pass
    lines = watcher.get(f"/rooms/{room}/chat").json()
    assert [(line["name"], line["text"]) for line in lines] == [("Zelda Quux", "bye")]
    ann.post("/account/delete", json={"password": "correct horse"}, headers={"X-CSRF-Token": csrf})
    lines = watcher.get(f"/rooms/{room}/chat").json()
    assert [(line["name"], line["text"]) for line in lines] == [(DELETED_NAME, "bye")]
    one_line_refusal(watcher.get("/rooms/nosuchroom/chat"), 404, "room")
