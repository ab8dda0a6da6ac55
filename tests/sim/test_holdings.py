"""What each seat held in a finished game (``statistics.holdings``), by the card file's names:
what the analysis estimates each card's effect on its holder's win share from."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.toy_game import ToyGame

from angler.agents import agent_seed, make_agent
from angler.core import make_game
from angler.core.statistics import Statistics
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.fishing.game import FishingGame
from angler.games.fishing.rules import HAND_SIZES
from angler.games.flip_and_fish.events import Equip
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.play.loop import play_out


def finished(game: Any, seed: int) -> Any:
    agents = [make_agent("heuristic", agent_seed(seed, s), game) for s in range(game.players)]
    return play_out(game.new_state(seed), agents)


def test_fishing_holdings_are_the_cards_each_seat_played() -> None:
    game = FishingGame(4)
    state = finished(game, 6)
    held = game.statistics.holdings(state)
    names = [card.name for card in game.cards.cards]
    size = len(names)
    played: list[Counter[str]] = [Counter() for _ in range(4)]
    for seat, code in state.history:  # a code below the card count plays that card
        if code < size:
            played[seat][names[code]] += 1
    assert held == played
    # Every seat plays its whole hand each round: the round card's sizes, added up.
    assert [sum(seat.values()) for seat in held] == [sum(HAND_SIZES[4][: state.round])] * 4
    assert set().union(*held) <= set(game.statistics.holding_names()) <= set(names)


def test_crazy_fishing_holdings_are_the_fish_in_each_catch_pile() -> None:
    game = CrazyFishingGame(3)
    state = finished(game, 4)
    held = game.statistics.holdings(state)
    assert [sum(seat.values()) for seat in held] == [len(pile) for pile in state.piles]
    assert held == [Counter(game.cards.cards[f].type_name for f in pile) for pile in state.piles]
    assert any(held) and set().union(*held) <= set(game.statistics.holding_names())
    assert "F7" in game.statistics.holding_names()  # the card file's own names


def test_flip_and_fish_holdings_are_the_fish_caught_and_the_equipment_taken() -> None:
    game = FlipAndFishGame(3)
    state = finished(game, 2)
    held = game.statistics.holdings(state)
    cards = game.cards.cards
    taken = Counter(event.seat for event in state.events if type(event) is Equip)
    assert taken, "no equipment taken in this game: pick another seed"
    equipment = {card.type_name for card in cards if card.id in game.cards.shopping_ids}
    for seat, counted in enumerate(held):
        bought = Counter({name: n for name, n in counted.items() if name in equipment})
        fish = counted - bought
        assert sum(bought.values()) == taken[seat]
        # What is left at the end was taken, and more may have been (used, paid, discarded).
        assert Counter(cards[f].type_name for f in state.caught[seat]) <= fish
        assert Counter(cards[c].type_name for c in state.gear[seat]) <= bought
    tally = game.statistics.tally(state)
    speared = sum(game.statistics.counts(state)["speared by fish type"].values())
    every = sum(sum(seat.values()) for seat in held)
    assert every == tally["catch"] + speared + sum(taken.values())
    assert set().union(*held) <= set(game.statistics.holding_names())
    assert "BlueMarlin" in game.statistics.holding_names()


def test_a_game_without_the_hook_holds_nothing() -> None:
    game = ToyGame(2)
    agents = [make_agent("random", agent_seed(1, seat), game) for seat in range(2)]
    state = play_out(game.new_state(1), agents)
    assert type(game.statistics) is Statistics
    assert game.statistics.holdings(state) == [] and game.statistics.holding_names() == []


def test_holdings_are_a_function_of_the_finished_state() -> None:
    game = make_game("crazy-fishing", 4)
    assert game.statistics.holdings(finished(game, 9)) == game.statistics.holdings(
        finished(game, 9)
    )
