"""Protocol 2 over real sockets: the answer to hello names the protocol, a move's id comes back
on the state it caused (to its sender alone) or on its refusal, and every accepted action of a
simultaneous choice gets a state of its own, in version order, on every socket."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.server.serving import SCRIPTED, serving
from tests.server.test_ws import make_room, seated

from angler.server.payloads import sendable
from angler.server.wire import PROTOCOL_VERSION


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


def test_hello_is_answered_with_the_protocol_and_a_moves_id_comes_back_to_its_sender(
    db_url: str,
) -> None:
    with serving(db_url, SCRIPTED) as served:
        room = make_room(served, "fishing", 3, {})
        firsts: dict[Any, Any] = {}
        clients = seated(served, room, firsts)
        assert {first["protocol"] for first in firsts.values()} == {PROTOCOL_VERSION}
        mover = firsts[0]["to_act"][0]
        choice = firsts[mover]["legal"][0]
        move = {"type": "move", "action": sendable(choice), "version": 0, "id": "m-1"}
        clients[mover].send(move)
        for seat, client in clients.items():
            state = client.receive()
            assert state["type"] == "state" and state["version"] == 1
            assert "protocol" not in state  # only the answer to hello says it
            assert state.get("id") == ("m-1" if seat == mover else None), (seat, state)
        # The same move again: refused as a duplicate, the refusal carrying its id.
        clients[mover].send({**move, "id": "m-2"})
        refused = clients[mover].receive()
        assert (refused["type"], refused["error"], refused["id"]) == ("error", "duplicate", "m-2")
        # A move with a bad id is refused without echoing it, and changes nothing.
        clients[mover].send({**move, "version": 1, "id": "x" * 65})
        bad = clients[mover].receive()
        assert bad["type"] == "error" and "id" not in bad
        for client in clients.values():
            client.close()


def test_each_accepted_choice_of_a_simultaneous_decision_gets_its_own_state(
    db_url: str,
) -> None:
    """Crazy Fishing's cast is chosen by every seat at once: sent together, each accepted cast
    still reaches every socket as a state of its own version, none skipped or repeated."""
    with serving(db_url, SCRIPTED) as served:
        room = make_room(served, "crazy-fishing", 4, {})
        firsts: dict[Any, Any] = {}
        clients = seated(served, room, firsts)
        assert len(firsts[0]["to_act"]) == 4  # everyone casts at once
        for seat, client in clients.items():
            cast = firsts[seat]["legal"][0]
            client.send({"type": "move", "action": sendable(cast), "version": 0, "id": f"c{seat}"})
        for seat, client in clients.items():
            versions: list[int] = []
            ids: list[str | None] = []
            while len(versions) < 4:
                message = client.receive()
                if message["type"] != "state":
                    continue  # presence
                versions.append(message["version"])
                ids.append(message.get("id"))
            assert versions == [1, 2, 3, 4], (seat, versions)
            assert [i for i in ids if i is not None] == [f"c{seat}"]
        for client in clients.values():
            client.close()
