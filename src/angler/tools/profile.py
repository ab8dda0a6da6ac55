"""Where a move's time goes on the server, part by part: ``python -m angler.tools.profile``.

One room of four people (every seat a token) plays a seeded game with random legal moves, as
``angler loadtest``'s clients do; each move is timed in the parts the server goes through, in
one process and one thread, so the parts add up: the message read by the wire protocol, the
move on the room, its append (waited for here; the server's event loop goes on meanwhile),
each seat's view and state as a socket is sent it (no view as JSON, the board patched after
the first), and its encoding. Sending (the socket writes) is left out: it is
measured end to end by ``angler loadtest``. The figures are per move, in microseconds; a move
builds a payload for every seat (each is sent its own).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from angler.core.registry import get_game
from angler.server import wire
from angler.server.fanout import patching
from angler.server.journal import MemoryJournal, RoomHeader
from angler.server.rooms import Room, make_header
from angler.server.store import RoomJournal, Store

PARTS = ("parse", "move (rules, clone, version)", "storage", "views", "payloads", "serialise")


def profile(game: str, players: int, moves: int, seed: int, db: str | None) -> dict[str, float]:
    """Mean microseconds of the process's CPU per move for each of ``PARTS`` over up to
    ``moves`` moves, with the garbage collector as ``angler serve`` runs it (what start-up made
    frozen, the collector off: one full pass landing in a run of 300 moves was some 170 µs a
    move)."""
    header = make_header(game, {}, ["human"] * players, seed=seed)
    gc.collect()
    gc.freeze()
    was_on = gc.isenabled()
    gc.disable()
    try:
        return _profile(header, players, moves, seed, db)
    finally:
        if was_on:
            gc.enable()
        gc.unfreeze()


def _profile(
    header: RoomHeader, players: int, moves: int, seed: int, db: str | None
) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="angler-profile-") as folder:
        store = Store(db or f"sqlite:///{Path(folder) / 'profile.sqlite3'}")
        try:
            room_id = store.create_room(header)
            stored = Room(header, RoomJournal(store, room_id))
            memory = Room(header, MemoryJournal())  # the same moves, nothing written
            tokens = [(stored.claim(seat), memory.claim(seat)) for seat in range(players)]
            return _play(stored, memory, tokens, moves, random.Random(seed))
        finally:
            store.close()


def _play(
    stored: Room, memory: Room, tokens: list[tuple[str, str]], moves: int, rng: random.Random
) -> dict[str, float]:
    spent: dict[str, float] = defaultdict(float)
    played = 0
    told = [0] * stored.players  # each seat's log entries sent so far: a state sends the rest
    boards: list[dict[str, object] | None] = [None] * stored.players  # each seat's board held
    clock = time.process_time  # the writer thread's CPU counts too, as in the server
    while played < moves and not stored.over:
        seat = rng.choice(stored.state.current_players())
        code = rng.choice(stored.state.legal_actions(seat))
        text = stored.game.action_to_string(code)
        message = json.dumps({"type": "move", "action": text, "version": stored.version})

        start = clock()
        parsed = wire.decode(message)
        spent["parse"] += clock() - start
        assert isinstance(parsed, wire.Move)

        start = clock()
        memory.move(tokens[seat][1], parsed.action, parsed.version)
        rules = clock() - start
        spent["move (rules, clone, version)"] += rules
        start = clock()
        stored.move(tokens[seat][0], parsed.action, parsed.version)
        spent["storage"] += max(0.0, clock() - start - rules)  # the same move, now written

        state = stored.state
        start = clock()
        for viewer in range(stored.players):
            state.view(viewer)
        spent["views"] += clock() - start

        start = clock()
        payloads = [
            stored.payload(viewer, told[viewer], with_view=False)
            for viewer in range(stored.players)
        ]
        patched, held = zip(
            *(patching(payload, boards[viewer]) for viewer, payload in enumerate(payloads)),
            strict=True,
        )
        spent["payloads"] += clock() - start
        told = [payload["since"] + len(payload["log"]) for payload in payloads]
        boards[:] = held

        start = clock()
        for payload in patched:
            wire.encode(wire.state_of(payload))
        spent["serialise"] += clock() - start
        played += 1
    return {part: spent[part] / max(played, 1) * 1e6 for part in PARTS} | {"moves": played}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="fishing")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="a database URL (default: a temporary SQLite file)")
    args = parser.parse_args()
    get_game(args.game).player_count(args.players)
    figures = profile(args.game, args.players, args.moves, args.seed, args.db)
    played = int(figures.pop("moves"))
    total = sum(figures.values())
    print(f"{args.game}, {args.players} seats, {played} moves: µs per move")
    for part, micros in figures.items():
        print(f"  {part:<30} {micros:9.0f}  {micros / total:6.1%}")
    print(f"  {'total (sending left out)':<30} {total:9.0f}")


if __name__ == "__main__":
    main()
