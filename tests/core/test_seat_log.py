"""The log cache behind views (``core/events.seat_log``) and Fishing's cached public memory
(``games/fishing/view.seen_so_far``): each gives what reading everything afresh gives, after
any growth, for a clone that goes its own way, and for a list changed in place."""

from __future__ import annotations

import random

from angler.core import make_game
from angler.core.events import PUBLIC, Event, seat_log, visible
from angler.games.fishing.events import Drew, Gave, Play
from angler.games.fishing.view import seen_so_far

SEATS = (PUBLIC, 0, 1, 2)


def some_events(rng: random.Random, count: int) -> list[Event]:
    """Public plays and private draws and passes, for seats 0 to 2."""
    made: list[Event] = []
    for _ in range(count):
        seat, card = rng.randrange(3), rng.randrange(100)
        choices: list[Event] = [Play(seat, card), Drew(seat, (card,), "ocean"), Gave(seat, card, 0)]
        made.append(rng.choice(choices))
    return made


def test_a_growing_log_reads_as_reading_it_afresh_for_every_seat() -> None:
    rng = random.Random(3)
    log: list[Event] = []
    for _ in range(40):
        log.extend(some_events(rng, rng.randrange(4)))
        for seat in SEATS:
            assert seat_log(log, seat) == visible(log, seat)


def test_a_clone_going_its_own_way_is_read_afresh() -> None:
    rng = random.Random(5)
    log = some_events(rng, 30)
    for seat in SEATS:
        seat_log(log, seat)
    clone = list(log)
    clone.append(Drew(0, (7,), "ocean"))
    log.append(Drew(1, (8,), "ocean"))
    for seat in SEATS:
        assert seat_log(clone, seat) == visible(clone, seat)
        assert seat_log(log, seat) == visible(log, seat)


def test_a_log_changed_in_place_is_read_afresh() -> None:
    rng = random.Random(7)
    log = some_events(rng, 20)
    for seat in SEATS:
        seat_log(log, seat)
    log.pop()
    log.append(Drew(2, (41,), "stockroom"))  # the same length, another last event
    for seat in SEATS:
        assert seat_log(log, seat) == visible(log, seat)
    del log[5:]  # shorter than when it was read
    for seat in SEATS:
        assert seat_log(log, seat) == visible(log, seat)


def test_fishings_public_memory_matches_the_rules_along_a_game_and_its_clones() -> None:
    game = make_game("fishing", 4)
    state = game.new_state(11)
    rng = random.Random(11)
    clones = []
    while not state.is_terminal():
        assert seen_so_far(state) == state.seen()
        seat = rng.choice(state.current_players())
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        if len(state.history) % 50 == 0:
            clones.append(state.clone())
    assert clones
    for clone in clones:  # each goes its own way from where it was made
        assert seen_so_far(clone) == clone.seen()
        while not clone.is_terminal():
            seat = rng.choice(clone.current_players())
            clone.apply_action(rng.choice(clone.legal_actions(seat)), seat)
            assert seen_so_far(clone) == clone.seen()
