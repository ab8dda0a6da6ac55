"""Chance lives in the state: a seed and a counter, never the global generators."""

from __future__ import annotations

import random

import pytest

from angler.core.chance import Chance, search_stream


def shuffled(chance: Chance, items: list[int]) -> list[int]:
    copy = items.copy()
    chance.shuffle(copy)
    return copy


CARDS = list(range(30))


def test_the_same_seed_gives_the_same_shuffles() -> None:
    a, b = Chance(7), Chance(7)
    assert [shuffled(a, CARDS) for _ in range(5)] == [shuffled(b, CARDS) for _ in range(5)]


def test_different_seeds_give_different_shuffles() -> None:
    assert shuffled(Chance(1), CARDS) != shuffled(Chance(2), CARDS)


def test_each_shuffle_is_a_new_chance_event() -> None:
    chance = Chance(3)
    first, second = shuffled(chance, CARDS), shuffled(chance, CARDS)
    assert first != second
    assert sorted(first) == sorted(second) == CARDS
    assert chance.counter == 2


def test_a_shuffle_depends_only_on_seed_and_counter() -> None:
    late = Chance(5)
    shuffled(late, CARDS)
    shuffled(late, CARDS)
    assert shuffled(late, CARDS) == shuffled(Chance(5, counter=2), CARDS)


def test_shuffle_all_is_one_event_for_several_piles() -> None:
    chance = Chance(9)
    piles = [list(range(10)), list(range(10, 20)), list(range(20, 30))]
    chance.shuffle_all(piles)
    assert chance.counter == 1
    assert [sorted(pile) for pile in piles] == [
        list(range(10)),
        list(range(10, 20)),
        list(range(20, 30)),
    ]
    again = [list(range(10)), list(range(10, 20)), list(range(20, 30))]
    Chance(9).shuffle_all(again)
    assert again == piles
    assert piles[0] != list(range(10)) or piles[1] != list(range(10, 20))


def test_forced_outcomes_are_taken_in_order_and_do_not_shift_later_shuffles() -> None:
    free, forced = Chance(4), Chance(4)
    free_first = shuffled(free, CARDS)
    free_second = shuffled(free, CARDS)
    forced.force([CARDS[::-1]])
    assert shuffled(forced, CARDS) == CARDS[::-1]
    assert free_first != CARDS[::-1]
    assert shuffled(forced, CARDS) == free_second  # the counter moved on all the same


def test_forced_outcomes_fill_several_piles_of_one_event() -> None:
    chance = Chance(4)
    chance.force([[2, 1, 0], [5, 4, 3]])
    piles = [[0, 1, 2], [3, 4, 5]]
    chance.shuffle_all(piles)
    assert piles == [[2, 1, 0], [5, 4, 3]]
    assert chance.counter == 1


def test_a_forced_outcome_must_be_an_order_of_the_shuffled_cards() -> None:
    chance = Chance(4)
    chance.force([[0, 1, 99]])
    with pytest.raises(ValueError, match="not an order"):
        chance.shuffle([0, 1, 2])


def test_the_log_collects_every_outcome_when_switched_on() -> None:
    chance = Chance(6)
    chance.log = []
    first = shuffled(chance, CARDS)
    piles = [[1, 2, 3], [4, 5]]
    chance.shuffle_all(piles)
    assert chance.log == [first, *piles]


def test_a_clone_continues_independently_from_the_same_point() -> None:
    chance = Chance(8)
    shuffled(chance, CARDS)
    chance.force([CARDS[::-1]])
    twin = chance.clone()
    assert shuffled(chance, CARDS) == CARDS[::-1]
    assert shuffled(twin, CARDS) == CARDS[::-1]  # the forced queue was copied, not shared
    assert shuffled(chance, CARDS) == shuffled(twin, CARDS)
    assert chance.counter == twin.counter == 3


def test_chance_never_touches_the_global_random_module() -> None:
    random.seed(123)
    before = random.getstate()
    chance = Chance(1)
    for _ in range(5):
        shuffled(chance, CARDS)
    chance.shuffle_all([list(range(10)), list(range(5))])
    assert random.getstate() == before


def test_the_global_random_module_does_not_change_chance() -> None:
    random.seed(1)
    a = shuffled(Chance(2), CARDS)
    random.seed(2)
    random.random()
    assert shuffled(Chance(2), CARDS) == a


def test_the_search_stream_is_separate_and_reproducible() -> None:
    assert search_stream(1).random() == search_stream(1).random()
    assert search_stream(1).random() != search_stream(2).random()
    drawn = Chance(1).outcome(lambda rng: [rng.getrandbits(60)])
    assert [search_stream(1).getrandbits(60)] != drawn


def test_an_outcome_is_seeded_or_forced_and_logged() -> None:
    from angler.core.chance import Chance

    def roll(rng: random.Random) -> list[int]:
        return [rng.randint(1, 12), rng.randint(1, 12)]

    first, second = Chance(4), Chance(4)
    assert first.outcome(roll) == second.outcome(roll)
    assert first.counter == 1
    forced = Chance(4)
    forced.log, forced.outcomes = [], []
    forced.force_outcomes([[7, 7]])
    assert forced.outcome(roll) == [7, 7]
    assert forced.log == [[7, 7]] and forced.outcomes == [[7, 7]] and forced.counter == 1


def test_forced_outcomes_and_forced_shuffles_queue_apart() -> None:
    chance = Chance(4)
    chance.outcomes = []
    chance.force([CARDS[::-1]])
    chance.force_outcomes([[3]])
    assert chance.outcome(lambda rng: [rng.randint(1, 12)]) == [3]  # not the queued shuffle
    assert shuffled(chance, CARDS) == CARDS[::-1]
    assert chance.outcomes == [[3]]  # shuffles are not outcomes
