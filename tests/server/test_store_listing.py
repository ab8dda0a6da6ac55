"""The lobby and the live list come from the store, so that every node of a cluster answers the
same (docs/scaling.md): each live room's seats, who has claimed which, its version and who
decides now are read back as the room in memory has them, after moves and undos; finished and
unlisted rooms are left out, and the newest rooms are kept when there are too many."""

from __future__ import annotations

import random

import pytest

from angler.core.errors import AnglerError
from angler.server import registry as registry_module
from angler.server.api import CreateRoom, LiveRoom
from angler.server.registry import RoomRegistry
from angler.server.store import Store

PLAYERS = {"fishing": 3, "crazy-fishing": 3, "flip-and-fish": 2}


def _made(registry: RoomRegistry, game: str, seats: list[str], **settings: object) -> str:
    return registry.create(CreateRoom(game=game, seats=seats, settings=settings)).room


def _entry(registry: RoomRegistry, room: str) -> LiveRoom:
    return next(entry for entry in registry.live() if entry.room == room)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_live_list_says_what_the_room_in_memory_says_after_every_move_and_undo(
    store: Store, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fixed deal: with a random one, a game could offer no fair undo in its first moves.
    monkeypatch.setattr("angler.server.rooms.secrets.randbits", lambda _: 20261206)
    registry = RoomRegistry(store)
    players = PLAYERS[game]
    created = registry.create(CreateRoom(game=game, seats=["human"] * players))
    tokens = [seat.token for seat in created.seats]
    room = registry.rooms[created.room]
    rng = random.Random(5)
    undone = 0
    for _ in range(60):
        entry = _entry(RoomRegistry(store), created.room)  # a node that never held the room
        assert (entry.version, entry.to_act) == (room.version, list(room.state.current_players()))
        if room.over:
            break
        seat = rng.choice(room.state.current_players())
        room.move(tokens[seat], rng.choice(room.state.legal_actions(seat)), room.version)
        if rng.random() < 0.3:
            try:
                room.undo(tokens[seat], room.version)
                undone += 1
            except AnglerError:  # not fair here (a card was revealed): the move stands
                pass
    assert undone > 0  # undos were listed too


def test_the_lobby_offers_public_seats_until_they_are_claimed(store: Store) -> None:
    registry = RoomRegistry(store)
    room = _made(registry, "fishing", ["human", "public", "public"])
    elsewhere = RoomRegistry(store)  # another node's view of the same store
    assert [(entry.room, entry.open_seats) for entry in elsewhere.lobby()] == [(room, [1, 2])]
    registry.claim(room, 1)
    assert [(entry.room, entry.open_seats) for entry in elsewhere.lobby()] == [(room, [2])]
    registry.claim(room, 2)
    assert elsewhere.lobby() == []
    assert _entry(elsewhere, room).open_seats == []  # still live, to watch


def test_finished_and_unlisted_rooms_are_not_listed(store: Store) -> None:
    registry = RoomRegistry(store)
    kept = _made(registry, "crazy-fishing", ["human", "public"])
    hidden = _made(registry, "crazy-fishing", ["human", "public"], listed=False)
    done = _made(registry, "crazy-fishing", ["human", "human"])
    store.finish(done, {"winners": [0]})
    assert [entry.room for entry in RoomRegistry(store).live()] == [kept]
    assert hidden not in {entry.room for entry in RoomRegistry(store).lobby()}


def test_the_newest_rooms_are_listed_oldest_first_when_there_are_too_many(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry_module, "LISTED_AT_MOST", 3)
    registry = RoomRegistry(store)
    rooms = [_made(registry, "crazy-fishing", ["human", "easy"]) for _ in range(5)]
    assert [entry.room for entry in RoomRegistry(store).live()] == rooms[2:]


def test_a_rooms_facts_on_a_node_that_does_not_hold_it_come_from_the_store(store: Store) -> None:
    registry = RoomRegistry(store)
    room = _made(registry, "fishing", ["human", "open", "public"])
    elsewhere = RoomRegistry(store)
    assert room not in elsewhere.rooms
    info = elsewhere.info(room)
    assert (info.open_seats, info.invitations, info.over) == ([1, 2], [1], False)
    assert info == registry.info(room)  # as the node holding it says
    registry.claim(room, 2)
    assert elsewhere.info(room).open_seats == [1]
    store.finish(room, {"winners": [0]})
    assert elsewhere.info(room).over and elsewhere.info(room).open_seats == []
