"""A room is held by one node at a time, fenced in the store (docs/scaling.md, "Ownership"):
taking it over bumps its epoch, and every write of the node that held it before is refused as
``moved`` inside its own transaction, whatever it writes."""

from __future__ import annotations

import pytest

from angler.server.journal import RoomHeader, StoredAction
from angler.server.store import (
    NODE_LENGTH,
    SOLO,
    RoomFinishedError,
    RoomMovedError,
    Store,
    StoreError,
)

HEADER = RoomHeader("crazy-fishing", {}, None, 7, ["human", "human"], {})


def test_a_room_is_held_by_the_node_that_made_it_at_epoch_one(store_url: str) -> None:
    with Store(store_url, node="a") as store:
        room = store.create_room(HEADER)
        assert store.owner(room) == ("a", 1)
        store.append(room, StoredAction(0, 0, "cast 1", None))
        assert len(store.actions(room)) == 1


def test_a_server_alone_is_the_solo_node(store: Store) -> None:
    assert store.node == SOLO
    assert store.owner(store.create_room(HEADER)) == (SOLO, 1)


def test_taking_over_fences_every_write_of_the_node_that_held_the_room(store_url: str) -> None:
    with Store(store_url, node="a") as first, Store(store_url, node="b") as second:
        room = first.create_room(HEADER)
        first.append(room, StoredAction(0, 0, "cast 1", None))
        assert second.take_over(room) == 2
        assert first.owner(room) == ("b", 2)
        with pytest.raises(RoomMovedError, match="moved to another server"):
            first.append(room, StoredAction(1, 1, "cast 2", None))
        with pytest.raises(RoomMovedError):
            first.set_seat_token(room, 1, "f" * 64)
        with pytest.raises(RoomMovedError):
            first.set_seating(room, ["human", "easy"], {})
        with pytest.raises(RoomMovedError):
            first.finish(room, {"winners": [0]})
        with pytest.raises(RoomMovedError):
            first.discard(room, StoredAction(0, 0, "cast 1", None))
        assert [a.action for a in second.actions(room)] == ["cast 1"]  # nothing of the first's
        second.append(room, StoredAction(1, 1, "cast 2", None))  # the new node plays on
        assert len(second.actions(room)) == 2


def test_a_node_that_took_a_room_back_holds_it_at_a_newer_epoch(store_url: str) -> None:
    """The balancer may send a room back to a node that held it: its old epoch counts no
    more, even on the same node, until it takes the room over again."""
    with Store(store_url, node="a") as first, Store(store_url, node="b") as second:
        room = first.create_room(HEADER)
        second.take_over(room)
        assert first.take_over(room) == 3
        first.append(room, StoredAction(0, 0, "cast 1", None))
        with pytest.raises(RoomMovedError):
            second.append(room, StoredAction(1, 1, "cast 2", None))


def test_the_same_node_name_twice_is_still_fenced_by_the_epoch(store_url: str) -> None:
    with Store(store_url) as first, Store(store_url) as second:
        room = first.create_room(HEADER)
        second.take_over(room)
        with pytest.raises(RoomMovedError):
            first.append(room, StoredAction(0, 0, "cast 1", None))


def test_a_room_let_go_is_no_longer_written(store: Store) -> None:
    room = store.create_room(HEADER)
    store.let_go(room)
    with pytest.raises(RoomMovedError):
        store.append(room, StoredAction(0, 0, "cast 1", None))
    assert store.actions(room) == []


def test_a_finished_room_is_not_taken_over(store: Store) -> None:
    room = store.create_room(HEADER)
    store.finish(room, {})
    with pytest.raises(RoomFinishedError):
        store.take_over(room)


@pytest.mark.parametrize("name", ["", "n" * (NODE_LENGTH + 1)])
def test_a_nodes_name_out_of_bounds_is_refused_in_one_line(sqlite_url: str, name: str) -> None:
    with pytest.raises(StoreError, match="a node's name has 1 to 64 characters"):
        Store(sqlite_url, node=name)


def test_a_room_whose_node_is_not_alive_is_an_orphan_until_it_says_it_is(
    store_url: str,
) -> None:
    with Store(store_url, node="a") as first, Store(store_url, node="b") as second:
        room = first.create_room(HEADER)
        assert second.orphans(dead_after=60, limit=10) == [(room, "a", 1)]  # never seen
        first.beat()
        assert second.orphans(dead_after=60, limit=10) == []
        assert second.orphans(dead_after=0, limit=10) == [(room, "a", 1)]  # not seen since
        assert first.orphans(dead_after=0, limit=10) == []  # never its own


def test_two_sweeping_nodes_take_an_orphan_once(store_url: str) -> None:
    with (
        Store(store_url, node="a") as first,
        Store(store_url, node="b") as second,
        Store(store_url, node="c") as third,
    ):
        room = first.create_room(HEADER)
        assert second.take_over_orphan(room, "a", 1)
        assert not third.take_over_orphan(room, "a", 1)  # b took it meanwhile
        assert second.owner(room) == ("b", 2) and second.holds(room)
        with pytest.raises(RoomMovedError):
            first.append(room, StoredAction(0, 0, "cast 1", None))
        second.append(room, StoredAction(0, 0, "cast 1", None))
        second.finish(room, {"winners": [0]})
        assert not third.take_over_orphan(room, "b", 2)  # finished: nobody's to take


def test_a_node_starting_again_lets_its_earlier_runs_rooms_go(store_url: str) -> None:
    with Store(store_url, node="a") as earlier, Store(store_url, node="b") as other:
        room = earlier.create_room(HEADER)
        finished = earlier.create_room(HEADER)
        earlier.finish(finished, {"winners": [0]})
        theirs = other.create_room(HEADER)
        with Store(store_url, node="a") as again:
            again.beat()
            assert again.release_mine() == 1
            assert again.owner(room) == (None, 1) and again.owner(theirs) == ("b", 1)
            other.beat()
            assert again.orphans(dead_after=60, limit=10) == [(room, None, 1)]
            with pytest.raises(RoomMovedError):  # the earlier run writes no more
                earlier.append(room, StoredAction(0, 0, "cast 1", None))
            assert again.take_over_orphan(room, None, 1)
            again.append(room, StoredAction(0, 0, "cast 1", None))
