"""What a view reads of the log (``State.seat_events``, kept on the state) and Fishing's public
memory (``FishingState.seen_mask``, kept up to date by its rules): each gives what reading
everything afresh gives, after any growth, for a clone that goes its own way, and for a log
changed in place."""

from __future__ import annotations

import random

from angler.core.events import PUBLIC, visible
from angler.games.fishing.events import Drew
from angler.games.fishing.game import FishingGame
from angler.games.fishing.rules import FishingState

SEATS = (PUBLIC, 0, 1, 2, 3)


def random_step(state: FishingState, rng: random.Random) -> None:
    seat = rng.choice(state.current_players())
    state.apply_action(rng.choice(state.legal_actions(seat)), seat)


def played_so_far(state: FishingState, before: int = 0) -> int:
    """The rule read afresh: every card a play put face up (a play's code is its card)."""
    mask = before
    for _, code in state.history:
        if code < len(state.cards):
            mask |= 1 << code
    return mask


def test_a_growing_log_reads_as_reading_it_afresh_for_every_seat() -> None:
    state = FishingGame(4).new_state(3)
    rng = random.Random(3)
    while not state.is_terminal():
        for seat in SEATS:
            assert state.seat_events(seat) == visible(state.events, seat)
        random_step(state, rng)


def test_a_clone_going_its_own_way_is_read_afresh() -> None:
    state = FishingGame(4).new_state(5)
    rng = random.Random(5)
    for _ in range(30):
        random_step(state, rng)
    for seat in SEATS:
        state.seat_events(seat)
    clone = state.clone()
    for _ in range(10):
        random_step(clone, rng)
        random_step(state, rng)
    for seat in SEATS:
        assert clone.seat_events(seat) == visible(clone.events, seat)
        assert state.seat_events(seat) == visible(state.events, seat)


def test_a_log_changed_in_place_is_read_afresh() -> None:
    state = FishingGame(4).new_state(7)
    rng = random.Random(7)
    for _ in range(20):
        random_step(state, rng)
    for seat in SEATS:
        state.seat_events(seat)
    state.events.pop()
    state.events.append(Drew(2, (41,), "stockroom"))  # the same length, another last event
    for seat in SEATS:
        assert state.seat_events(seat) == visible(state.events, seat)
    del state.events[5:]  # shorter than when it was read
    for seat in SEATS:
        assert state.seat_events(seat) == visible(state.events, seat)


def test_fishings_public_memory_matches_the_rules_along_a_game_and_its_clones() -> None:
    state = FishingGame(4).new_state(11)
    rng = random.Random(11)
    clones = []
    while not state.is_terminal():
        assert state.seen_mask == played_so_far(state)
        random_step(state, rng)
        if len(state.history) % 50 == 0:
            clones.append(state.clone())
    assert clones
    for clone in clones:  # each goes its own way from where it was made
        while not clone.is_terminal():
            random_step(clone, rng)
            assert clone.seen_mask == played_so_far(clone)
