"""``memo_on_cards``: what is worked out from a card set is kept on that set, bounded, and goes
with it; a process-wide cache keyed on the set would keep every uploaded set alive."""

from __future__ import annotations

import gc
import weakref

from angler.core.cards import memo_on_cards


class Cards:
    """A card set as the memo sees it: any object with a dictionary of its own."""


calls: list[tuple[int, int]] = []


@memo_on_cards(3)
def doubled(cards: Cards, value: int) -> int:
    calls.append((id(cards), value))
    return value * 2


def test_results_are_kept_on_their_card_set_bounded_and_go_with_it() -> None:
    calls.clear()
    first, second = Cards(), Cards()
    assert [doubled(first, 1), doubled(first, 1), doubled(second, 1)] == [2, 2, 2]
    assert len(calls) == 2  # once per card set
    for value in range(2, 6):  # past the bound of 3: the memo is emptied, not grown
        doubled(first, value)
    memos = vars(first)["_memos"]
    assert all(len(memo) <= 3 for memo in memos.values())
    gone = weakref.ref(first)
    del first, memos
    gc.collect()
    assert gone() is None, "a memo kept its card set alive"
