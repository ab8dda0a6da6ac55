"""Flip & Fish's small variant for exact methods (``size=mini``; docs/rules/flip-and-fish.md,
"The mini variant"): 2 players, a water of 2 cards from a fishing deck of 4 (a card file of
one's own may hold more), no shop, one trophy wins, 2 rounds. The die's flight is discretised: a
cast is aimed at a water card and always comes to rest just beside it, short of it on the
caster's side (a bite, never a strike), and the die is a D4. So a cast's chance is its face
alone, which ``cast_outcomes`` lists, and the deal is the order of the fishing cards, which
``mini_deals`` lists: OpenSpiel sees both as chance nodes.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from angler.core.chance import Outcomes
from angler.core.errors import OptionError
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.cast import Landing, measure
from angler.games.flip_and_fish.table import CARD_LENGTH, DIE_RADIUS, Point

if TYPE_CHECKING:
    from angler.games.flip_and_fish.game import FlipAndFishGame
    from angler.games.flip_and_fish.rules import FlipAndFishState

MINI_CARDS = Path(__file__).with_name("cards-mini.json")
MINI_PLAYERS = 2
MINI_WATER = 2  # water slots 1 and 2 of the layout; the others stay empty
MINI_ROUNDS = 2
MINI_DIE = 4  # a D4: 1 is a snag, as the D12's 1 is
MINI_CARDS_LEAST = 4
"""A turn takes at most one card out of the water for good (a catch; a water all face up is
replaced from the deck), so with 4 cards a card lies in the water at each of the 4 turns."""
MINI_TROPHIES = 1  # one trophy wins
MINI_TROPHY_POINTS = 3  # at closing time: 3 points a trophy, 1 any other fish
MINI_TURN = 3
"""The most decisions a mini turn takes: the bait, the aim, and after a fish's bite the roll's
pass. There is no equipment, so nothing else is chosen (a snag discards none), and 4 fishing
cards never pass the 5-fish limit."""
SHORT_OF_THE_CARD = 20.0  # mm between the die and the card it comes to rest beside


def resting_point(game: FlipAndFishGame, seat: int, slot: int) -> Point:
    """Where a mini cast at ``slot`` from ``seat``'s jetty stops: on the line through the card's
    centre along its length, ``SHORT_OF_THE_CARD`` mm short of its edge on the jetty's side."""
    x, y = game.table.cards[slot]
    side = 1.0 if game.table.jetties[seat][1] > y else -1.0
    return x, y + side * (CARD_LENGTH / 2 + DIE_RADIUS + SHORT_OF_THE_CARD)


def aim_codes(game: FlipAndFishGame) -> tuple[int, ...]:
    """The cast aimed at each mini water card's centre, by slot."""
    return tuple(act.aim_code(*game.table.cards[slot]) for slot in range(MINI_WATER))


def legal_aims(state: FlipAndFishState) -> list[int]:
    """The mini's aims: the centre of each water card that lies in the water."""
    codes = state.game.mini_aims
    return [codes[slot] for slot in range(MINI_WATER) if state.water[slot] >= 0]


def cast_outcomes(game: FlipAndFishGame, seat: int, slot: int) -> Outcomes:
    """A mini cast's outcomes, each face of the D4 equally likely, the die beside the card."""
    x, y = resting_point(game, seat, slot)
    return [
        (1 / MINI_DIE, Landing(x, y, True, face).as_outcome()) for face in range(1, MINI_DIE + 1)
    ]


def check_mini(game: FlipAndFishGame) -> None:
    """The mini's card file and layout, checked once (OptionError naming the problem): a file
    made for the mini, cards without abilities (they would draw or reshuffle mid-game), no
    shopping deck, at least 4 fishing cards and a trophy; and a layout where each jetty's
    cast at each mini water card bites that card without a strike."""
    cards = game.cards
    where = f"flip-and-fish size=mini: card file {cards.source}"
    if cards.size != "mini":
        raise OptionError(f"{where} is for the full game (its 'size' is not \"mini\")")
    if cards.shopping_ids:
        raise OptionError(f"{where}: the mini has no shop, so no shopping cards")
    if len(cards.fishing_ids) < MINI_CARDS_LEAST:
        raise OptionError(
            f"{where}: the mini needs at least {MINI_CARDS_LEAST} fishing cards (the water's "
            f"{MINI_WATER} and {MINI_CARDS_LEAST - MINI_WATER} to replace them), not "
            f"{len(cards.fishing_ids)}"
        )
    if not cards.trophy_ids:
        raise OptionError(f"{where}: no trophy fish, so nobody could win")
    for card in cards.fishing_ids:
        if cards.ability[card] is not None:
            raise OptionError(f"{where}: {cards.cards[card].name} has an ability")
    filled = tuple(slot < MINI_WATER for slot in range(len(game.table.cards)))
    for seat in range(game.players):
        for slot in range(MINI_WATER):
            x, y = resting_point(game, seat, slot)
            reading = measure(game.table, Landing(x, y, True, MINI_DIE), filled)
            if reading.slot != slot or not reading.bite or reading.strike:
                raise OptionError(
                    f"flip-and-fish size=mini: with this layout a cast from seat {seat + 1} at "
                    f"water card {slot + 1} would not bite it alone"
                )


def mini_deals(game: FlipAndFishGame) -> list[tuple[float, dict[str, Any]]]:
    """The mini's deals as (probability, set-up), each different: the fishing deck's order,
    its first 2 cards laid in water slots 1 and 2 and the rest the deck, top card first. Copies
    of a card are alike, so orders that differ only by which copy went where are one deal."""
    cards = game.cards
    kinds = [card.type_name for card in cards.cards]
    orders: Counter[tuple[str, ...]] = Counter()
    first: dict[tuple[str, ...], tuple[int, ...]] = {}
    for order in permutations(cards.fishing_ids):
        shape = tuple(kinds[card] for card in order)
        orders[shape] += 1
        first.setdefault(shape, order)
    total = sum(orders.values())
    deals = []
    for shape, count in orders.items():
        order = first[shape]
        setup = {
            "water": cards.names(list(order[:MINI_WATER])),
            "empty": list(range(MINI_WATER + 1, len(game.table.cards) + 1)),
            "deck": cards.names(list(order[MINI_WATER:])),
            "shop_deck": [],
        }
        deals.append((count / total, setup))
    return deals
