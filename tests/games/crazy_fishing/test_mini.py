"""Crazy Fishing's mini variant (``size=mini``): its deal, its row of fish, its two rounds
without a collect, and its chance, all in the deal (docs/rules/crazy-fishing.md, "The mini
variant")."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from angler.core import make_game
from angler.core.errors import OptionError
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.crazy_fishing.mini import MINI_CARDS
from angler.games.crazy_fishing.rules import COLLECT, CrazyFishingState
from angler.testing import play_random, policy

SETUP = {
    "hands": [["R1", "R4", "B1#1", "B3#1"], ["R2", "R5", "B1#2", "B3#2"]],
    "sea": ["F2", "F1", "F3"],
    "positions": [[0, 0], [140, 0], [280, 0]],
    "rod_deck": ["R3"],
    "bait_deck": [],
}


def play(state: CrazyFishingState, *texts: str) -> None:
    game = state.game
    for text in texts:
        player = state.current_players()[0]
        state.apply_action(game.action_from_string(text), player)


def test_the_mini_is_2_players_with_5_rods_4_baits_and_3_fish() -> None:
    game = CrazyFishingGame(size="mini")
    assert game.players == 2 and game.round_limit == 2
    named = [game.cards.cards[c].name for c in (*game.rods_in_play, *game.baits_in_play)]
    assert named == ["R1", "R2", "R3", "R4", "R5", "B1#1", "B1#2", "B3#1", "B3#2"]
    assert [game.cards.cards[c].back for c in game.fish_in_play] == ["1-2", "1-2", "3-4"]
    with pytest.raises(OptionError, match="for 2 players"):
        make_game("crazy-fishing", 3, size="mini")
    # The rounds option may shorten the mini, not lengthen it.
    assert CrazyFishingGame(size="mini", rounds=1).round_limit == 1
    assert CrazyFishingGame(size="mini", rounds=5).round_limit == 2
    assert "size" not in make_game("crazy-fishing", 2).describe_options()  # full records as before
    assert make_game("crazy-fishing", size="mini").describe_options()["size"] == "mini"


def test_the_mini_deals_2_rods_and_2_baits_and_one_rod_stays_in_the_deck() -> None:
    game = CrazyFishingGame(size="mini")
    for seed in range(5):
        state = game.new_state(seed)
        kinds = [Counter(game.cards.cards[c].kind for c in hand) for hand in state.hands]
        assert all(sorted(kind.values()) == [2, 2] for kind in kinds)
        assert len(state.rod_deck) == 1 and state.bait_deck == []


def test_the_mini_fish_lie_in_a_row_by_their_backs_none_covering_another() -> None:
    game = CrazyFishingGame(size="mini")
    orders = set()
    for seed in range(20):
        state = game.new_state(seed)
        assert state.free_spots() == [0, 1, 2]  # every fish can be chosen
        assert list(state.sea.ys) == [0, 0, 0] and list(state.sea.xs) == [0, 140, 280]
        names = tuple(game.cards.cards[c].name for c in state.sea_card)
        assert names[2] == "F3"  # the 1-2 backs first, as the card file lists them
        orders.add(names)
    assert orders == {("F1", "F2", "F3"), ("F2", "F1", "F3")}  # shuffled within the back


def test_the_mini_has_no_collect_and_ends_after_its_second_round() -> None:
    game = CrazyFishingGame(size="mini")
    state = game.state_from_setup(SETUP, 0)
    play(state, "cast R4 B1#1", "cast R2 B3#2", "fish 1", "fish 0")
    # Round 1: seat 0 (speed 4) catches F1 with bait 1; seat 1 catches F2 with bait 3.
    assert state.round == 2 and state.phase != COLLECT
    assert sorted(len(hand) for hand in state.hands) == [2, 2]  # nothing was drawn
    play(state, "cast R1 B3#1", "cast R5 B1#2", "fish 2")
    # Round 2: seat 1 (speed 5) misses F3 with bait 1, seat 0 catches it with bait 3.
    play(state, "fish 2")
    assert state.is_terminal() and state.scores() == [4, 2]


def test_the_mini_goes_on_until_the_sea_is_empty_or_its_rounds_are_played() -> None:
    """The rulebook's end (5 fish or fewer after a round) would end the mini at once: it ends
    when the sea is empty, or after round 2."""
    game = CrazyFishingGame(size="mini")
    rounds: Counter[int] = Counter()
    for seed in range(40):
        state = game.new_state(seed)
        play_random(state, policy(seed, "mini-end"))
        assert state.is_terminal()
        left = len(state.sea_fish()) + len(state.beside)
        assert left == 0 or state.round == 2
        rounds[state.round] += 1
    assert set(rounds) == {2}  # three fish: two catches a round empty it only in round 2


def test_the_mini_refuses_cards_that_would_call_for_more_chance(tmp_path: Path) -> None:
    base = json.loads(MINI_CARDS.read_text())

    def refused(change: dict[str, Any], message: str) -> None:
        path = tmp_path / f"cards-{len(list(tmp_path.iterdir()))}.json"  # card sets are cached
        path.write_text(json.dumps({**base, **change}))
        with pytest.raises(OptionError, match=message):
            make_game("crazy-fishing", size="mini", cards=str(path))

    rods = base["rods"]
    refused({"rods": [*rods[:-1], {"name": "R4b", "speed": 4}]}, "rods of different speeds")
    refused({"rods": [*rods[:-1], {"name": "R6+", "speed": 6, "plus": True}]}, "'\\+' rod")
    turbulent = {"name": "Turbulent", "value": 2, "special": "turbulent"}
    refused({"baits": [*base["baits"], turbulent]}, "Turbulent is a special card")
    with pytest.raises(OptionError, match="no out-of-series"):
        make_game("crazy-fishing", size="mini", oos_rods=True)


def test_every_mini_deal_plays_to_the_end_without_drawing_more_chance() -> None:
    game = CrazyFishingGame(size="mini")
    deals = game.chance_deals()
    assert deals is not None
    for number, (_, setup) in enumerate(deals):
        state = game.state_from_setup(setup, number)
        start = state.chance.counter
        play_random(state, random.Random(number))
        assert state.chance.counter == start, f"deal {number} drew chance after the deal"


def test_the_deals_are_what_a_seeded_deal_gives_with_their_probabilities() -> None:
    """``new_state`` shuffles the cards' ids; the deals list the distinct deals by card kind
    (copies alike), each with the share of the shuffles that give it: 5!/(2! 2! 1!) = 30 rod
    splits, the baits B1, B1, B3, B3 split 3 ways by kind (1/6, 4/6, 1/6), and 2 rows."""
    game = CrazyFishingGame(size="mini")
    deals = game.chance_deals()
    assert deals is not None and len(deals) == 30 * 3 * 2
    assert sum(probability for probability, _ in deals) == pytest.approx(1.0)
    kind = {card.name: card.type_name for card in game.cards.cards}

    def shape(setup: dict[str, Any]) -> tuple[Any, ...]:
        hands = tuple(tuple(sorted(kind[name] for name in hand)) for hand in setup["hands"])
        return hands, tuple(kind[name] for name in setup["sea"])

    listed = {shape(setup): probability for probability, setup in deals}
    assert len(listed) == len(deals)  # each deal different
    dealt = 6000
    seen = Counter(shape(game.setup_of(game.new_state(seed))) for seed in range(dealt))
    assert set(seen) == set(listed)  # every deal comes up, and nothing else
    # Each as often as its probability says: Pearson's chi-square over the 180 deals stays
    # under 240, about the 99.9th percentile for 179 degrees of freedom (the seeds are fixed,
    # so this is one fixed sample; it reads 152.4).
    chi_square = sum(
        (seen[key] - dealt * probability) ** 2 / (dealt * probability)
        for key, probability in listed.items()
    )
    assert chi_square < 240
