"""``angler analyse --records DB_URL`` reads a server's finished rooms through its archive: the
finished games are used, the live and stopped ones and other games are counted as skipped, and
nothing secret reaches the report (SQLite always, PostgreSQL when its variable is set)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

from angler.core.records import replay
from angler.server.archive import FinishedRooms
from angler.server.rooms import Room, make_header
from angler.server.store import RoomJournal, Store

if TYPE_CHECKING:
    from tests.conftest import Angler


def room_played(store: Store, game: str, seats: list[str], seed: int, finish: bool = True) -> str:
    """A room made and played through the store to its end (random moves), finished as the hub
    finishes it; ``finish=False`` leaves it live after a few moves."""
    header = make_header(game, None, seats, seed=seed)
    room_id = store.create_room(header)
    room = Room(header, RoomJournal(store, room_id))
    tokens = {seat: room.claim(seat, creating=True) for seat in range(len(seats))}
    rng = random.Random(seed)
    while not room.over and (finish or room.version < 4):
        seat = room.state.current_players()[0]
        legal = room.state.legal_actions(seat)
        room.move(tokens[seat], legal[rng.randrange(len(legal))], room.version)
    if finish:
        store.finish(room_id, room.result() or {})
    return room_id


def test_a_stores_finished_rooms_are_analysed_and_the_others_counted(
    angler: Angler, store_url: str, tmp_path: Path
) -> None:
    with Store(store_url) as store:
        used = [room_played(store, "fishing", ["human"] * 3, seed) for seed in (11, 12)]
        room_played(store, "fishing", ["human"] * 3, 13, finish=False)  # still being played
        room_played(store, "crazy-fishing", ["human"] * 2, 14)  # another game
        stopped = store.create_room(make_header("fishing", None, ["human"] * 3, seed=15))
        store.finish(stopped, {"ended": "abandoned", "winners": [], "resigned": []})
        tokens = [store.seat_tokens(room) for room in used]
        scores = [replay(FinishedRooms(store).finished_record(room)).scores() for room in used]
    out = tmp_path / "real.html"
    run = angler(["analyse", "fishing", "--records", store_url, "-j", "1", "--out", out])
    assert run.status == 0, run.stderr
    assert "records in " in run.stderr and "5 games read, 2 used, 3 skipped" in run.stderr
    page = out.read_text()
    assert "5 games read, 2 used, 3 skipped" in page
    assert "skipped, another game (crazy-fishing): 1" in page
    assert "skipped, unfinished: 1" in page
    assert "skipped, stopped before its end (abandoned): 1" in page
    assert "3 players: human in every seat" in page
    assert "3 players (n = 2 games)" in page
    mean = sum(sum(game) for game in scores) / 6
    assert f"{mean:.1f}" in page  # the mean score per player, from the rooms' own games
    for seat_tokens in tokens:
        for token_hash in seat_tokens.values():
            assert token_hash not in page


def test_a_store_with_no_finished_room_of_the_game_is_a_one_line_error(
    angler: Angler, store_url: str, tmp_path: Path
) -> None:
    with Store(store_url) as store:
        room_played(store, "fishing", ["human"] * 3, 21, finish=False)
    out = tmp_path / "none.html"
    run = angler(["analyse", "fishing", "--records", store_url, "--out", out])
    run.assert_user_error("no usable record", "1 game read, 0 used, 1 skipped", "unfinished: 1")
    assert not out.exists()
