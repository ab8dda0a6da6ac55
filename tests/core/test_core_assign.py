"""The hidden-card sampler: every item in an allowed place, every place filled to capacity,
found by augmenting paths whenever an assignment exists."""

from __future__ import annotations

import itertools
import random

import pytest

from angler.core.determinise import NoConsistentDeal, assign


def check_assignment(
    held: list[list[int]], items: list[int], options: dict[int, int], capacity: list[int]
) -> None:
    assert [len(place) for place in held] == capacity
    assert sorted(item for place in held for item in place) == sorted(items)
    for place, contents in enumerate(held):
        for item in contents:
            assert options[item] >> place & 1, f"item {item} may not go to place {place}"


def random_instance(rng: random.Random) -> tuple[list[int], dict[int, int], list[int]]:
    """A random instance that has a solution: a hidden true assignment plus random extra options."""
    places = rng.randint(1, 6)
    capacity = [rng.randint(0, 6) for _ in range(places)]
    items = list(range(100, 100 + sum(capacity)))
    truth = [place for place, size in enumerate(capacity) for _ in range(size)]
    options = {}
    for item, place in zip(items, truth, strict=True):
        extra = sum(1 << p for p in range(places) if rng.random() < 0.3)
        options[item] = (1 << place) | extra
    return items, options, capacity


@pytest.mark.parametrize("seed", range(200))
def test_every_item_goes_to_an_allowed_place_and_places_fill_up(seed: int) -> None:
    rng = random.Random(seed)
    items, options, capacity = random_instance(rng)
    held = assign(items, options, capacity, random.Random(seed + 1))
    check_assignment(held, items, options, capacity)


@pytest.mark.parametrize("seed", range(50))
def test_a_choice_that_boxes_a_later_item_in_is_repaired(seed: int) -> None:
    """A chain: item k may go to places k or k+1, the last item only to the last place. A
    random first choice often takes the wrong place; augmenting paths must move items along."""
    length = 8
    items = list(range(length))
    options = {item: 0b11 << item for item in items}
    options[length - 1] = 1 << length  # only the last place
    options[0] = 1 << 1 | 1 << length  # the first: place 1, or jump to the end
    capacity = [1] * (length + 1)
    capacity[0] = 0
    held = assign(items, options, capacity, random.Random(seed))
    check_assignment(held, items, options, capacity)


def test_the_first_random_choice_taking_the_only_place_is_repaired() -> None:
    # a may go to 0 or 1, b only to 0: whenever a is placed first in 0, b must displace it.
    for seed in range(40):
        held = assign([1, 2], {1: 0b11, 2: 0b01}, [1, 1], random.Random(seed))
        assert held == [[2], [1]]


def test_the_same_rng_seed_gives_the_same_assignment() -> None:
    items, options, capacity = random_instance(random.Random(5))
    first = assign(items, options, capacity, random.Random(9))
    assert assign(items, options, capacity, random.Random(9)) == first


def test_every_valid_assignment_can_come_out() -> None:
    items = [1, 2, 3, 4]
    options = {1: 0b011, 2: 0b110, 3: 0b111, 4: 0b101}
    capacity = [1, 1, 2]
    valid = set()
    for places in itertools.product(range(3), repeat=4):
        if (
            all(options[item] >> p & 1 for item, p in zip(items, places, strict=True))
            and [places.count(p) for p in range(3)] == capacity
        ):
            valid.add(places)
    seen = set()
    for seed in range(400):
        held = assign(items, options, capacity, random.Random(seed))
        where = {item: p for p, contents in enumerate(held) for item in contents}
        seen.add(tuple(where[item] for item in items))
    assert seen == valid


def test_too_few_or_too_many_places_is_no_consistent_deal() -> None:
    with pytest.raises(NoConsistentDeal, match="3 hidden items for 2"):
        assign([1, 2, 3], {1: 1, 2: 1, 3: 1}, [2], random.Random(0))


def test_two_items_that_fit_only_one_slot_is_no_consistent_deal() -> None:
    with pytest.raises(NoConsistentDeal):
        assign([1, 2], {1: 0b01, 2: 0b01}, [1, 1], random.Random(0))


def test_an_item_allowed_nowhere_is_no_consistent_deal() -> None:
    with pytest.raises(NoConsistentDeal, match="item 7"):
        assign([7], {7: 0}, [1], random.Random(0))


def test_hall_violation_deep_in_a_larger_instance_is_found() -> None:
    # Items 0-4 may go anywhere among places 0-2 (capacity 2 each); items 5-7 only to place 3
    # (capacity 2): three items for two slots, however the rest is arranged.
    items = list(range(8))
    options = {item: 0b0111 for item in range(5)} | {item: 0b1000 for item in (5, 6, 7)}
    with pytest.raises(NoConsistentDeal):
        assign(items, options, [2, 2, 2, 2], random.Random(1))


def test_no_consistent_deal_is_a_value_error() -> None:
    assert issubclass(NoConsistentDeal, ValueError)
