"""What the card set keeps for the views and boards (action texts, a cast's cards, a pile's
points) reads as the uncached code does, and a full memo starts over instead of growing."""

from __future__ import annotations

import pytest

from angler.core.errors import AnglerError
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing import scoring
from angler.games.crazy_fishing.cards import FISH, load_cards


def test_a_kept_action_text_is_the_codecs() -> None:
    cards = load_cards()
    code = act.code(act.CAST, 1 << 0 | 1 << 1)
    first = act.action_to_string(cards, code)
    assert first == act.codec(cards).to_string(code)
    assert act.action_to_string(cards, code) == first
    assert cards.action_texts[code] == first


def test_true_is_no_action_code_even_once_code_1_is_spelt() -> None:
    cards = load_cards()
    assert act.action_to_string(cards, 1) == "peek 0"
    with pytest.raises(AnglerError):
        act.action_to_string(cards, True)


def test_a_full_memo_starts_over(monkeypatch: pytest.MonkeyPatch) -> None:
    cards = load_cards()
    monkeypatch.setattr(act, "TEXT_MEMO_SIZE", 2)
    cards.action_texts.clear()
    for spot in range(5):
        assert act.action_to_string(cards, act.code(act.PEEK, spot)) == f"peek {spot}"
        assert len(cards.action_texts) <= 2


def test_a_cast_reads_its_cards_and_their_kinds() -> None:
    cards = load_cards()
    code = act.code(act.CAST, 1 << 3 | 1 << 0)
    ids, signature = act.cards_used(cards, code)
    assert ids == (0, 3)
    assert signature == tuple(sorted([cards.alike[0], cards.alike[3]]))


def test_a_kept_pile_score_is_the_same_for_a_copy_of_the_pile() -> None:
    cards = load_cards()
    pearls = sorted(cards.special_ids["pearl"])
    boots = sorted(cards.special_ids["boot"])
    plain = [c.id for c in cards.cards if c.kind == FISH and c.id not in cards.set_scorers]
    pile = [*pearls, boots[0], plain[0]]
    expected = 2 * sum(cards.value[c] for c in pearls) + cards.value[boots[0]]
    expected += cards.value[plain[0]]
    assert scoring.pile_score(pile, cards) == expected
    assert scoring.pile_score(list(pile), cards) == expected  # read from the memo
    # Two pearls of three: no doubling, and the memo tells the two piles apart.
    assert scoring.pile_score(pile[1:], cards) == expected - 2 * cards.value[pearls[0]] - sum(
        cards.value[c] for c in pearls[1:]
    )
