"""End-of-game scoring: fish sizes, the boot and pearl sets, and the Prawn."""

from __future__ import annotations

from angler.games.crazy_fishing.cards import CardSet

BOOT_BONUS = {2: 1, 3: 3}  # 2 boots give 1 point, all 3 give 3
PILE_MEMO_SIZE = 1 << 14  # piles with set scorers kept per card set: every view scores every pile


def pile_score(pile: list[int], cards: CardSet, pearls_in_game: int = 3) -> int:
    """Points of one catch pile.

    - every fish scores its size;
    - 2 boots add 1 point, all 3 add 3;
    - all three pearls double their value (1 + 3 + 6 = 10 becomes 20);
    - with a Prawn, each fish that would give exactly 1 point gives 2 (more Prawns do not add).
    """
    if cards.set_scorers.isdisjoint(pile):  # no pearl, boot or Prawn: each fish its size
        return sum(map(cards.value.__getitem__, pile))
    key = (tuple(pile), pearls_in_game)
    memo = cards.pile_scores
    points = memo.get(key)
    if points is None:
        if len(memo) >= PILE_MEMO_SIZE:
            memo.clear()
        points = memo[key] = _set_score(pile, cards, pearls_in_game)
    return points


def _set_score(pile: list[int], cards: CardSet, pearls_in_game: int) -> int:
    """``pile_score`` of a pile holding a pearl, a boot or a Prawn."""
    size, special = cards.value, cards.special
    kinds = [special[c] for c in pile]
    all_pearls = kinds.count("pearl") >= pearls_in_game > 0
    prawn = not cards.prawns.isdisjoint(pile)
    total = 0
    for card, kind in zip(pile, kinds, strict=True):
        value = size[card]
        if kind == "pearl" and all_pearls:
            value *= 2
        if prawn and value == 1:
            value = 2
        total += value
    return total + BOOT_BONUS.get(min(kinds.count("boot"), 3), 0)


def final_scores(piles: list[list[int]], cards: CardSet) -> list[int]:
    return [pile_score(pile, cards) for pile in piles]
