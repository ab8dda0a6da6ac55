"""Playing with other people over real sockets, on SQLite and PostgreSQL: a seat nobody comes to
goes to a bot or the room is cancelled, presence and the notes about people, the bot's moves told
as the bot's, resigning, and a room every person left ended as abandoned (never a result)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from tests.server.serving import Client, create, serving, wait_until

from angler.server.payloads import sendable
from angler.server.rooms import Room


def next_of(client: Client, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (``state``, ``presence`` or ``error``), passing others."""
    while True:
        message = client.receive(presence=True)
        if message["type"] == kind:
            return message


def state_where(client: Client, test: Any) -> dict[str, Any]:
    while True:
        message = next_of(client, "state")
        if test(message):
            return message


def presence_where(client: Client, test: Any) -> dict[str, Any]:
    while True:
        message = client.receive(presence=True)
        if message["type"] in ("presence", "state") and test(message):
            return message


def test_the_creator_gives_a_seat_nobody_came_to_to_a_bot(store_url: str) -> None:
    with serving(store_url) as served:
        room = create(
            served,
            {"game": "crazy-fishing", "seats": ["human", "open"], "settings": {"pace_ms": 0}},
        )
        me = served.socket(room["room"], room["seats"][0]["token"])
        first = next_of(me, "state")
        assert first["seats"][1]["state"] == "waiting" and first["seats"][1]["kind"] == "invitation"
        assert first["seats"][1]["offer_in_s"] > 0  # the default wait, before the table offers
        watcher = served.socket(room["room"])
        next_of(watcher, "state")
        watcher.send({"type": "seat", "seat": 1, "bot": "random"})
        refused = next_of(watcher, "error")
        assert refused["error"] == "token"  # a spectator changes no seat
        me.send({"type": "seat", "seat": 1, "bot": "human"})
        assert next_of(me, "error")["error"] == "seat"
        me.send({"type": "seat", "seat": 0, "bot": "random"})
        assert next_of(me, "error")["error"] == "seat"  # a taken seat stays its person's
        me.send({"type": "seat", "seat": 1, "bot": "random"})
        given = state_where(me, lambda s: s["seats"][1]["kind"] == "bot")
        assert given["seats"][1] == {"seat": 1, "kind": "bot", "state": "bot", "bot": "random"}
        assert any("Player 2's seat goes to a random bot" in n["text"] for n in given["notes"])
        # The bot plays: my cast is answered by its own.
        legal = given["legal"]
        me.send({"type": "move", "action": sendable(legal[0]), "version": given["version"]})
        state_where(me, lambda s: s["version"] >= given["version"] + 2 or s["over"])
        header = served.app.state.store.header(room["room"])
        assert header.seats == ["human", "random"]  # stored: a restart keeps the bot
        status, _ = served.request("POST", f"/rooms/{room['room']}/seats/1")
        assert status == 409
        me.close()
        watcher.close()


def test_the_creator_cancels_a_room_a_friend_never_came_to(store_url: str) -> None:
    with serving(store_url) as served:
        room = create(served, {"game": "fishing", "seats": ["human", "open", "easy"]})
        me = served.socket(room["room"], room["seats"][0]["token"])
        next_of(me, "state")
        me.send({"type": "cancel"})
        ended = state_where(me, lambda s: s["over"])
        assert ended["ended"] == "cancelled" and ended["legal"] == [] and ended["winners"] == []
        assert "cancelled" in ended["ended_words"]
        status, finished = served.request("GET", "/rooms/finished")
        entry = next(e for e in finished if e["room"] == room["room"])
        assert entry["result"] == {"ended": "cancelled", "winners": [], "resigned": []}
        code = room["seats"][1]["code"]
        status, body = served.request("POST", f"/rooms/{room['room']}/seats/1", {"invite": code})
        assert status == 409 and body["error"] == "finished"
        me.close()


def test_a_full_room_cannot_be_cancelled(store_url: str) -> None:
    with serving(store_url) as served:
        room = create(served, {"game": "crazy-fishing", "seats": ["human", "easy"]})
        me = served.socket(room["room"], room["seats"][0]["token"])
        next_of(me, "state")
        me.send({"type": "cancel"})
        assert "can no longer be cancelled" in next_of(me, "error")["message"]
        me.close()


def test_presence_a_takeover_and_a_return_are_told_and_the_bots_moves_are_the_bots(
    store_url: str,
) -> None:
    with serving(store_url) as served:
        room = create(
            served,
            {
                "game": "crazy-fishing",
                "seats": ["human", "open"],
                "settings": {"pace_ms": 0, "grace_s": 0.3, "takeover": "random"},
            },
        )
        room_id, code = room["room"], room["seats"][1]["code"]
        me = served.socket(room_id, room["seats"][0]["token"])
        first = next_of(me, "state")
        me.send({"type": "move", "action": sendable(first["legal"][0]), "version": 0})
        next_of(me, "state")  # my cast, secret until the friend's is made
        status, claimed = served.request("POST", f"/rooms/{room_id}/seats/1", {"invite": code})
        assert status == 200
        arrived = presence_where(
            me, lambda m: any("takes their seat" in n["text"] for n in m["notes"])
        )
        assert arrived["seats"][1]["kind"] == "person"
        friend = served.socket(room_id, claimed["token"])
        here = presence_where(me, lambda m: m["seats"][1]["state"] == "here")
        assert here["seats"][0]["state"] == "here"
        friend.close()  # the friend's only socket goes: away, then a bot plays for them
        away = presence_where(me, lambda m: m["seats"][1]["state"] == "away")
        assert 0 < away["seats"][1]["takeover_in_s"] <= 0.3
        taken_note = "Player 2 is away: a bot plays for them"
        taken = presence_where(me, lambda m: any(n["text"] == taken_note for n in m["notes"]))
        assert taken["seats"][1]["state"] == "bot"
        # The bot casts for the friend; the log tells it as the bot's.
        state = state_where(
            me, lambda s: any(line.startswith("Bot for Player 2") for line in s["log"])
        )
        friend = served.socket(room_id, claimed["token"])  # back
        back = next_of(friend, "state")
        assert any(line.startswith("Bot for you: ") for line in back["log"])
        assert not any(line.startswith("You ") and "Bot" in line for line in back["log"])
        mine = "You were away: a bot played for you"  # written before the bot moved for them
        assert any(n["text"] == mine for n in back["notes"])
        returned = presence_where(
            me, lambda m: any(n["text"] == "Player 2 is back" for n in m["notes"])
        )
        assert returned["seats"][1]["state"] == "here"
        assert state["version"] >= 1
        me.close()
        friend.close()


def test_a_person_who_resigns_in_a_two_player_game_loses_it(store_url: str) -> None:
    with serving(store_url) as served:
        room = create(served, {"game": "crazy-fishing", "seats": ["human", "human"]})
        tokens = [seat["token"] for seat in room["seats"]]
        me, friend = (served.socket(room["room"], token) for token in tokens)
        next_of(me, "state")
        next_of(friend, "state")
        friend.send({"type": "resign"})
        ended = state_where(me, lambda s: s["over"])
        assert ended["ended"] == "resigned" and ended["winners"] == [0]
        assert ended["resigned"] == [1]
        _, finished = served.request("GET", "/rooms/finished")
        entry = next(e for e in finished if e["room"] == room["room"])
        assert entry["result"] == {"ended": "resigned", "winners": [0], "resigned": [1]}
        friend.send({"type": "resign"})
        assert next_of(friend, "error")["error"] == "over"
        me.close()
        friend.close()


def test_with_three_players_a_bot_plays_the_resigned_seat_to_the_end(store_url: str) -> None:
    with serving(store_url) as served:
        room = create(
            served,
            {
                "game": "crazy-fishing",
                "seats": ["human", "human", "human"],
                "settings": {"pace_ms": 0, "takeover": "random"},
            },
        )
        tokens = [seat["token"] for seat in room["seats"]]
        sockets = [served.socket(room["room"], token) for token in tokens]
        states = [next_of(socket, "state") for socket in sockets]
        sockets[2].send({"type": "resign"})
        told = state_where(sockets[0], lambda s: s["resigned"] == [2])
        assert not told["over"] and told["seats"][2]["state"] == "resigned"
        resigned = state_where(sockets[2], lambda s: s["resigned"] == [2])
        assert resigned["legal"] == [] and not resigned["can_undo"]
        move = {"type": "move", "action": sendable(states[2]["legal"][0]), "version": 0}
        sockets[2].send(move)
        assert next_of(sockets[2], "error")["error"] == "over"
        # The other two play on; the bot casts for seat 3 (its move is journaled as a bot's).
        for seat in (0, 1):
            state = state_where(sockets[seat], lambda s: bool(s["legal"]))
            sockets[seat].send(
                {"type": "move", "action": sendable(state["legal"][0]), "version": state["version"]}
            )
        live = served.app.state.hub.rooms[room["room"]]
        wait_until(lambda: any(seat == 2 for seat, _ in live.state.history), "the bot's cast")
        assert served.app.state.store.header(room["room"]).settings["resigned"] == [2]
        for socket in sockets:
            socket.close()


def test_a_room_every_person_left_ends_as_abandoned_and_is_no_result(store_url: str) -> None:
    with serving(store_url) as served:
        room = create(
            served,
            {
                "game": "fishing",
                "seats": ["human", "easy", "easy"],
                "settings": {"pace_ms": 0, "grace_s": 0, "abandon_s": 0.5},
            },
        )
        me = served.socket(room["room"], room["seats"][0]["token"])
        next_of(me, "state")
        watcher = served.socket(room["room"])
        next_of(watcher, "state")
        me.close()  # the only person leaves: the bots do not play the game out for them
        ended = state_where(watcher, lambda s: s["over"])
        assert ended["ended"] == "abandoned" and "scores" not in ended
        live = served.app.state.hub
        assert room["room"] not in live.rooms
        assert not any(entry.by_bot for entry in served.app.state.store.actions(room["room"]))
        _, finished = served.request("GET", "/rooms/finished")
        entry = next(e for e in finished if e["room"] == room["room"])
        assert entry["result"]["ended"] == "abandoned" and entry["result"]["winners"] == []
        back = served.socket(room["room"], room["seats"][0]["token"])
        final = next_of(back, "state")
        assert final["over"] and final["ended"] == "abandoned"
        watcher.close()
        back.close()


def test_a_person_who_comes_back_in_time_keeps_the_room(store_url: str) -> None:
    with serving(store_url) as served:
        room = create(
            served,
            {"game": "fishing", "seats": ["human", "easy", "easy"], "settings": {"abandon_s": 1}},
        )
        me = served.socket(room["room"], room["seats"][0]["token"])
        next_of(me, "state")
        me.close()
        me = served.socket(room["room"], room["seats"][0]["token"])
        next_of(me, "state")
        time.sleep(1.5)
        assert room["room"] in served.app.state.hub.rooms  # still live
        me.close()


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"listed": 1}, "setting listed is true or false"),
        ({"abandon_s": -1}, "abandon_s"),
        ({"claim_wait_s": "soon"}, "claim_wait_s"),
        ({"resigned": [0]}, "the server's own"),
    ],
)
def test_room_settings_for_people_are_checked(store_url: str, settings: Any, message: str) -> None:
    with serving(store_url) as served:
        status, body = served.request(
            "POST", "/rooms", {"game": "fishing", "seats": ["human"] * 3, "settings": settings}
        )
        assert status == 422 and body["error"] == "header" and message in body["message"]


def test_only_the_creator_sets_the_bots_pace(store_url: str) -> None:
    with serving(store_url) as served:
        room = create(served, {"game": "crazy-fishing", "seats": ["human", "open"]})
        me = served.socket(room["room"], room["seats"][0]["token"])
        next_of(me, "state")
        me.send({"type": "pace", "pace_ms": "fast"})
        assert next_of(me, "error")["error"] == "illegal"
        me.send({"type": "pace", "pace_ms": 200})
        told = presence_where(
            me, lambda m: any("Bots now wait 0.2 s" in n["text"] for n in m.get("notes", []))
        )
        assert told
        assert served.app.state.hub.drivers[room["room"]].pace == 0.2
        me.close()


def test_the_creator_s_seat_is_never_claimed_and_a_bot_past_the_cap_never_seated(
    store_url: str,
) -> None:
    with serving(store_url) as served:
        room = create(served, {"game": "fishing", "seats": ["human", "open", "easy"]})
        status, body = served.request("POST", f"/rooms/{room['room']}/seats/0")
        assert status == 409 and "creator's" in body["message"]
        me = served.socket(room["room"], room["seats"][0]["token"])
        next_of(me, "state")
        me.send({"type": "seat", "seat": 1, "bot": "ismcts:600s"})
        refused = next_of(me, "error")
        assert refused["error"] == "seat" and "cap" in refused["message"], refused
        assert served.app.state.store.header(room["room"]).seats[1] == "open"
        me.close()


def test_a_bot_plays_for_the_away_person_once_someone_is_back_to_wait(store_url: str) -> None:
    with serving(store_url) as served:
        room = create(
            served,
            {
                "game": "crazy-fishing",
                "seats": ["human", "human"],
                "settings": {"pace_ms": 0, "grace_s": 0, "takeover": "random", "abandon_s": 60},
            },
        )
        tokens = [seat["token"] for seat in room["seats"]]
        live = served.app.state.hub.rooms[room["room"]]
        time.sleep(0.3)  # both people away from the start, their grace over: nobody to wait
        assert live.state.history == []
        me = served.socket(room["room"], tokens[0])  # here: someone waits for seat 2 now
        wait_until(lambda: any(seat == 1 for seat, _ in live.state.history), "seat 2's bot")
        assert all(seat == 1 for seat, _ in live.state.history)  # mine is mine to make
        me.close()


def test_a_request_the_server_fails_on_is_refused_in_one_line_and_the_socket_lives(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a defect")

    monkeypatch.setattr(Room, "fill", broken)
    with serving(sqlite_url) as served:
        room = create(served, {"game": "crazy-fishing", "seats": ["human", "open"]})
        me = served.socket(room["room"], room["seats"][0]["token"])
        state = next_of(me, "state")
        me.send({"type": "seat", "seat": 1, "bot": "easy"})
        refused = next_of(me, "error")
        assert refused["error"] == "internal" and "\n" not in refused["message"]
        me.send({"type": "move", "action": sendable(state["legal"][0]), "version": 0})
        assert next_of(me, "state")["version"] == 1  # the socket and the room play on
        me.close()


def test_every_odd_value_in_the_seating_messages_is_refused_in_one_line(sqlite_url: str) -> None:
    """``seat``, ``cancel``, ``resign`` and ``pace`` with every field set to every odd value the
    socket fuzzer uses (and removed): one-line refusals, or a pace that is a real pace; the room
    and its stored seating never change otherwise."""
    from tests.server.test_fuzz_ws import ODD_VALUES

    fields = [("seat", "seat"), ("seat", "bot"), ("pace", "pace_ms")]
    valid = {
        "seat": {"type": "seat", "seat": 1, "bot": "easy"},
        "pace": {"type": "pace", "pace_ms": 300},
    }
    with serving(sqlite_url) as served:
        room = create(served, {"game": "fishing", "seats": ["human", "open", "easy"]})
        store, hub = served.app.state.store, served.app.state.hub
        stranger = served.socket(room["room"])  # a spectator: refused before any value is read
        me = served.socket(room["room"], room["seats"][0]["token"])
        next_of(me, "state")
        next_of(stranger, "state")
        for kind, field in fields:
            for value in [*ODD_VALUES, REMOVED]:
                message = dict(valid[kind])
                if value is REMOVED:
                    message.pop(field)
                else:
                    message[field] = value
                me.send(message)
                answer = me.receive(presence=True)
                if answer["type"] == "state":  # a pace the server takes (0 ms, 7 ms): told
                    number = type(value) in (int, float) and 0 <= value <= 10_000
                    assert kind == "pace" and number, (field, value)
                else:
                    assert answer["type"] == "error" and "\n" not in answer["message"], answer
                assert store.header(room["room"]).seats == ["human", "open", "easy"]
                assert hub.rooms[room["room"]].version == 0
        for kind in ("seat", "cancel", "resign", "pace"):
            stranger.send({"type": kind, "seat": 1, "bot": "easy", "pace_ms": 300})
            assert next_of(stranger, "error")["error"] == "token"
        assert room["room"] in hub.rooms and not hub.rooms[room["room"]].over
        me.close()
        stranger.close()


REMOVED = object()  # a field taken out of the message
