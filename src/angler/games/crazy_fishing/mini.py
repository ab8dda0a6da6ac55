"""Crazy Fishing's small variant for exact methods (``size=mini``; docs/rules/crazy-fishing.md,
"The mini variant"): 2 players, a deal of 2 rods and 2 baits each that lasts the game (no
collect), 2 rounds, and the fish side by side in a row, grouped by their backs. Its only chance
is the deal, which ``mini_deals`` lists for OpenSpiel's explicit chance (``Game.chance_deals``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, permutations, product
from pathlib import Path
from typing import TYPE_CHECKING, Any

from angler.core.errors import OptionError

if TYPE_CHECKING:
    from angler.games.crazy_fishing.game import CrazyFishingGame

MINI_CARDS = Path(__file__).with_name("cards-mini.json")
MINI_PLAYERS = 2


def sea_groups(game: CrazyFishingGame) -> dict[int, int]:
    """Each fish in play -> the place of its back's group in the row, in the card file's order
    of first appearance."""
    places: dict[str, int] = {}
    groups: dict[int, int] = {}
    for fish in game.fish_in_play:
        back = game.cards.cards[fish].back
        groups[fish] = places.setdefault(back, len(places))
    return groups


def check_mini_cards(game: CrazyFishingGame) -> None:
    """The mini draws nothing after the deal, so its cards may not call for more chance: no
    special card (the Turbulent Bait and Sustainable Fishing reshuffle the sea), no "+" rod and
    rods of different speeds (a tie on speed and bait turns up rods from the deck), and no
    out-of-series card. OptionError names the first card in the way."""
    if game.settings["out_of_series"] not in ("", "none") or game.settings["oos_rods"]:
        raise OptionError("crazy-fishing size=mini takes no out-of-series cards")
    cards = game.cards.cards
    in_play = [cards[c] for c in (*game.rods_in_play, *game.baits_in_play, *game.fish_in_play)]
    for card in in_play:
        if card.special is not None or card.effect is not None:
            raise OptionError(f"crazy-fishing size=mini: {card.name} is a special card")
    speeds = Counter(cards[rod].value for rod in game.rods_in_play)
    for rod in game.rods_in_play:
        if cards[rod].plus:
            raise OptionError(f"crazy-fishing size=mini: {cards[rod].name} is a '+' rod")
        if speeds[cards[rod].value] > 1:
            raise OptionError(
                f"crazy-fishing size=mini needs rods of different speeds ({cards[rod].name})"
            )


def mini_deals(game: CrazyFishingGame) -> list[tuple[float, dict[str, Any]]]:
    """The mini's deals as (probability, set-up), each set-up different.

    The deal splits the rods into hands (the rest into the deck), the baits the same way, and
    lays each back's fish in random order on that group's spots. Copies of a card are alike, so
    deals that differ only by which copy went where are one deal, with their summed probability.
    The decks' order cannot matter: nothing is drawn in the mini."""
    names = [card.name for card in game.cards.cards]
    kinds = [card.type_name for card in game.cards.cards]

    def key(ids: Sequence[int]) -> tuple[str, ...]:
        return tuple(sorted(kinds[c] for c in ids))

    def splits(pile: Sequence[int], size: int) -> Counter[Any]:
        """Each seat's hand and the deck, by card kind, counted over the equally likely splits;
        a first split stands for each."""
        counted: Counter[Any] = Counter()
        for hands in _hands(list(pile), size, game.players):
            dealt = {c for hand in hands for c in hand}
            deck = [c for c in pile if c not in dealt]
            shape = (tuple(key(hand) for hand in hands), key(deck))
            counted[shape] += 1
            first.setdefault(shape, (hands, deck))
        return counted

    first: dict[Any, Any] = {}
    rods = splits(game.rods_in_play, game.deal_rods)
    baits = splits(game.baits_in_play, game.deal_baits)
    groups = sea_groups(game)
    rows: Counter[tuple[str, ...]] = Counter()
    row_of: dict[tuple[str, ...], list[int]] = {}
    places = sorted(set(groups.values()))
    members = [[c for c in game.fish_in_play if groups[c] == place] for place in places]
    for arrangement in product(*(permutations(group) for group in members)):
        row = [c for part in arrangement for c in part]
        shape = tuple(kinds[c] for c in row)
        rows[shape] += 1
        row_of.setdefault(shape, row)
    total = sum(rods.values()) * sum(baits.values()) * sum(rows.values())
    diameter = game.cards.sea["diameter"]
    deals = []
    for (rod_shape, rod_count), (bait_shape, bait_count), (row_shape, row_count) in product(
        rods.items(), baits.items(), rows.items()
    ):
        rod_hands, rod_deck = first[rod_shape]
        bait_hands, bait_deck = first[bait_shape]
        row = row_of[row_shape]
        setup = {
            "hands": [
                sorted((names[c] for c in (*r, *b)), key=names.index)
                for r, b in zip(rod_hands, bait_hands, strict=True)
            ],
            "sea": [names[c] for c in row],
            "positions": [[2 * diameter * spot, 0] for spot in range(len(row))],
            "rod_deck": [names[c] for c in rod_deck],
            "bait_deck": [names[c] for c in bait_deck],
        }
        deals.append((rod_count * bait_count * row_count / total, setup))
    return deals


def _hands(pile: list[int], size: int, seats: int) -> Iterator[list[tuple[int, ...]]]:
    """Every way to deal ``size`` cards of ``pile`` to each of ``seats`` seats in turn."""
    if seats == 0:
        yield []
        return
    for hand in combinations(pile, size):
        rest = [c for c in pile if c not in hand]
        for others in _hands(rest, size, seats - 1):
            yield [hand, *others]
