"""Flip & Fish's mini variant (``size=mini``): its water of 2, its casts that rest beside the
card aimed at with a D4, one trophy to win, its points at closing time, and its chance, listed
(docs/rules/flip-and-fish.md, "The mini variant")."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from angler.core import make_game
from angler.core.chance import ChanceNeeded
from angler.core.errors import IllegalActionError, OptionError
from angler.games.flip_and_fish.cast import Landing, measure
from angler.games.flip_and_fish.events import Cast
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.games.flip_and_fish.mini import MINI_CARDS, MINI_DIE, cast_outcomes
from angler.games.flip_and_fish.rules import FlipAndFishState
from angler.games.flip_and_fish.view import describe

SETUP: dict[str, Any] = {
    "water": ["Marlin", "Minnow"],
    "empty": [3, 4, 5],
    "deck": ["Perch", "Boot"],
    "shop_deck": [],
}


def mini(setup: dict[str, Any] | None = None, **options: Any) -> FlipAndFishState:
    game = FlipAndFishGame(size="mini", **options)
    return game.state_from_setup(setup or SETUP, 0)


def play(state: FlipAndFishState, *texts: str, faces: tuple[int, ...] = ()) -> None:
    """Play ``texts``; the casts among them show ``faces`` in turn."""
    state.chance.force_outcomes([])
    casts = iter(faces)
    game = state.game
    for text in texts:
        player = state.current_players()[0]
        if text.startswith("cast"):
            slot = game.mini_aims.index(game.action_from_string(text))
            face = next(casts)
            state.chance.force_outcomes([cast_outcomes(game, player, slot)[face - 1][1]])
        state.apply_action(game.action_from_string(text), player)


def test_the_mini_is_2_players_with_4_fishing_cards_a_water_of_2_and_no_shop() -> None:
    game = FlipAndFishGame(size="mini")
    assert game.players == 2 and game.round_limit == 2 and game.trophies_needed == 1
    assert [card.name for card in game.cards.cards] == ["Marlin", "Minnow", "Perch", "Boot"]
    assert game.cards.shopping_ids == ()
    state = game.new_state(0)
    assert [card >= 0 for card in state.water] == [True, True, False, False, False]
    assert len(state.deck) == 2 and state.shop_deck == []
    with pytest.raises(OptionError, match="for 2 players"):
        make_game("flip-and-fish", 3, size="mini")
    # The rounds option may shorten the mini, not lengthen it.
    assert FlipAndFishGame(size="mini", rounds=1).round_limit == 1
    assert FlipAndFishGame(size="mini", rounds=5).round_limit == 2
    assert "size" not in make_game("flip-and-fish", 2).describe_options()
    assert make_game("flip-and-fish", size="mini").describe_options()["size"] == "mini"


def test_a_mini_cast_aims_only_at_a_water_card_and_rests_beside_it_a_bite_never_a_strike() -> None:
    state = mini()
    game = state.game
    play(state, "fish")
    assert [game.action_to_string(a) for a in state.legal_actions(0)] == [
        "cast 0 0",
        "cast -110 0",
    ]
    with pytest.raises(IllegalActionError, match="aim at the centre of a card in the water"):
        state.apply_action(game.action_from_string("cast 0 -40"), 0)
    filled = (True, True, False, False, False)
    for seat in range(2):
        for slot in range(2):
            for _, outcome in cast_outcomes(game, seat, slot):
                reading = measure(game.table, Landing.from_outcome(outcome), filled)
                assert reading.slot == slot and reading.bite and not reading.strike


def test_the_mini_die_is_a_d4_each_face_a_quarter_and_its_1_is_a_snag() -> None:
    game = FlipAndFishGame(size="mini")
    outcomes = cast_outcomes(game, 0, 0)
    assert [probability for probability, _ in outcomes] == [0.25] * MINI_DIE
    assert [outcome[3] for _, outcome in outcomes] == [1, 2, 3, 4]
    faces: Counter[int] = Counter()
    for seed in range(800):  # seeded casts: each face about 200 times
        state = game.new_state(seed)
        play_one_cast(state)
        faces[next(e.face for e in state.events if isinstance(e, Cast))] += 1
    assert set(faces) == {1, 2, 3, 4} and all(150 < count < 250 for count in faces.values())
    # A snag: no card flips, and the bait is lost.
    state = mini({**SETUP, "caught": [["Perch"], []], "deck": ["Boot"]})
    play(state, "fish with Perch", "cast 0 0", faces=(1,))
    assert state.caught[0] == [] and state.face_up[:2] == [False, False]


def play_one_cast(state: FlipAndFishState) -> None:
    player = state.current_players()[0]
    state.apply_action(state.legal_actions(player)[0], player)  # fish, no bait
    state.apply_action(state.legal_actions(player)[0], player)  # cast at water card 1


def test_one_trophy_wins_the_mini() -> None:
    state = mini(
        {**SETUP, "caught": [["Minnow"], []], "water": ["Marlin", "Perch"], "deck": ["Boot"]}
    )
    # The D4's 2, Minnow's bait 1 and 2 for its red matching the Marlin's: 5, its catch rate.
    play(state, "fish with Minnow", "cast 0 0", "done", faces=(2,))
    assert state.is_terminal() and state.winners() == [0]
    assert state.scores() == [3, 0]  # the bait Minnow was spent


def test_closing_time_in_the_mini_counts_3_points_a_trophy_and_1_a_fish() -> None:
    state = mini({**SETUP, "water": ["Minnow", "Perch"], "deck": ["Marlin", "Boot"]})
    play(state, "fish", "cast 0 0", "done", faces=(4,))  # Player 1 catches the Minnow
    play(state, "fish", "cast -110 0", "done", faces=(2,))  # the Perch gets away from Player 2
    play(state, "fish", "cast -110 0", "done", faces=(3,))  # Player 1 catches the Perch
    assert state.scores() == [2, 0]
    play(state, "fish", "cast 0 0", "done", faces=(4,))  # Player 2: Marlin needs 5, gets away
    assert state.is_terminal() and state.winners() == [0]
    assert state.scores() == [2, 0]
    assert "most points win (3 a trophy, 1 a fish)" in describe(state.events[-1], state.cards)


def test_the_mini_refills_its_2_slots_and_never_rebuilds_the_deck() -> None:
    state = mini({**SETUP, "water": ["Minnow", "Perch"], "deck": ["Boot"]})
    play(state, "fish", "cast 0 0", "done", faces=(4,))  # the Minnow is caught: Boot comes in
    assert [state.cards.cards[c].name if c >= 0 else None for c in state.water] == [
        "Boot",
        "Perch",
        None,
        None,
        None,
    ]
    play(state, "fish", "cast -110 0", "done", faces=(4,))  # the Perch is caught: the deck is out
    assert state.water[1] == -1 and state.deck == [] and not state.is_terminal()
    play(state, "fish")
    assert [state.game.action_to_string(a) for a in state.legal_actions(0)] == ["cast 0 0"]


def test_the_mini_refuses_cards_and_layouts_it_cannot_play(tmp_path: Path) -> None:
    base = json.loads(MINI_CARDS.read_text())

    def refused(message: str, change: dict[str, Any] | None = None, **options: Any) -> None:
        path = tmp_path / f"cards-{len(list(tmp_path.iterdir()))}.json"  # card sets are cached
        path.write_text(json.dumps({**base, **(change or {})}))
        with pytest.raises(OptionError, match=message):
            FlipAndFishGame(2, cards=str(path), **options)

    ability = {
        **base["fishing"][1],
        "name": "Puffer",
        "ability": {"timing": "on-flip", "effect": "clear-water"},
    }
    refused("Puffer has an ability", {"fishing": [*base["fishing"], ability]}, size="mini")
    spear = {"name": "Spear", "kind": "flip", "only_action": True, "effect": "spear", "value": 5}
    refused("no shopping cards", {"shopping": [spear]}, size="mini")
    perch = {**base["fishing"][2], "name": "Bream"}
    refused("no trophy", {"fishing": [*base["fishing"][1:], perch]}, size="mini")
    refused("at least 4 fishing cards", {"fishing": base["fishing"][:3]}, size="mini")
    refused("is for the mini variant: add -o size=mini")
    with pytest.raises(OptionError, match="is for the full game"):
        FlipAndFishGame(size="mini", cards=str(MINI_CARDS.with_name("cards.json")))
    with pytest.raises(OptionError, match="would not bite it alone"):
        FlipAndFishGame(size="mini", layout="0,0;0,100;200,0;-200,0;0,-200")


def test_every_mini_chance_event_after_the_deal_is_a_listed_cast() -> None:
    """Asked for its chance, a mini game names every event's outcomes: only casts, 4 faces."""
    game = FlipAndFishGame(size="mini")
    deals = game.chance_deals()
    assert deals is not None
    for number, (_, setup) in enumerate(deals):
        state = game.state_from_setup(setup, number)
        state.chance.asked = True
        rng = random.Random(number)
        while not state.is_terminal():
            player = state.current_players()[0]
            action = rng.choice(state.legal_actions(player))
            try:
                state.clone().apply_action(action, player)
            except ChanceNeeded as needed:
                assert len(needed.outcomes) == MINI_DIE
                assert state.game.action_to_string(action).startswith("cast")
                state.chance.force_outcomes([rng.choice(needed.outcomes)[1]])
            state.apply_action(action, player)


def test_the_longest_mini_game_is_12_decisions_and_random_play_reaches_it() -> None:
    game = FlipAndFishGame(size="mini")
    assert game.encoding.max_game_length() == 12  # 4 turns: bait, aim, and a bite's pass
    lengths: Counter[int] = Counter()
    for seed in range(300):
        state = game.new_state(seed)
        rng = random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            player = state.current_players()[0]
            state.apply_action(rng.choice(state.legal_actions(player)), player)
            decisions += 1
        lengths[decisions] += 1
    assert max(lengths) == 12


def test_the_deals_are_what_a_seeded_deal_gives_with_their_probabilities() -> None:
    """``new_state`` shuffles the 4 cards; the deals list their 24 orders, each 1/24."""
    game = FlipAndFishGame(size="mini")
    deals = game.chance_deals()
    assert deals is not None and len(deals) == 24
    assert all(probability == pytest.approx(1 / 24) for probability, _ in deals)

    def order(setup: dict[str, Any]) -> tuple[str, ...]:
        return (*setup["water"][:2], *setup["deck"])

    listed = {order(setup) for _, setup in deals}
    assert len(listed) == 24
    dealt = 2400
    seen = Counter(order(game.setup_of(game.new_state(seed))) for seed in range(dealt))
    assert set(seen) == listed
    # Pearson's chi-square over the 24 orders stays under 49.7, about the 99.9th percentile for
    # 23 degrees of freedom (the seeds are fixed, so this is one fixed sample).
    chi_square = sum((seen[key] - dealt / 24) ** 2 / (dealt / 24) for key in listed)
    assert chi_square < 49.7
