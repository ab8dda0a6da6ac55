"""End-of-game scoring: fish sizes, the boot and pearl sets, and the Prawn."""

from __future__ import annotations

from angler.games.crazy_fishing.cards import CardSet

BOOT_BONUS = {2: 1, 3: 3}  # 2 boots give 1 point, all 3 give 3


def pile_score(pile: list[int], cards: CardSet, pearls_in_game: int = 3) -> int:
    """Points of one catch pile.

    - every fish scores its size;
    - 2 boots add 1 point, all 3 add 3;
    - all three pearls double their value (1 + 3 + 6 = 10 becomes 20);
    - with a Prawn, each fish that would give exactly 1 point gives 2 (more Prawns do not add).
    """
    size, special, effect = cards.value, cards.special, cards.effect
    if cards.set_scorers.isdisjoint(pile):  # no pearl, boot or Prawn: each fish its size
        return sum(map(size.__getitem__, pile))
    pearls = [c for c in pile if special[c] == "pearl"]
    all_pearls = len(pearls) >= pearls_in_game > 0
    points = []
    for card in pile:
        value = size[card]
        if special[card] == "pearl" and all_pearls:
            value *= 2
        points.append(value)
    if any(effect[c] == "prawn" for c in pile):
        points = [2 if p == 1 else p for p in points]
    boots = sum(1 for c in pile if special[c] == "boot")
    return sum(points) + BOOT_BONUS.get(min(boots, 3), 0)


def final_scores(piles: list[list[int]], cards: CardSet) -> list[int]:
    return [pile_score(pile, cards) for pile in piles]
