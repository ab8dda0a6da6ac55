"""Fishing's rules, one test per rulebook clause (and one per ruling), named after it.

Positions are built with explicit set-ups (small hands, stacks written top card first) and driven
with action texts. Seats are numbered clockwise from 0; "the left" of seat s is seat s + 1.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.core import AnglerError, IllegalActionError, make_game
from angler.games.fishing.cards import SUITS
from angler.games.fishing.events import (
    Call,
    Catch,
    Draws,
    Drew,
    Forfeit,
    GameEnd,
    Gave,
    Got,
    MinusThree,
    Nothing,
    Overfishing,
    PassStarts,
    Round,
    RoundEnd,
    Trick,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from tests.games.fishing.conftest import Table

    from angler.games.fishing.rules import FishingState

COLOURS = "BPRY"
# The round card, copied from the rulebook: cards in hand by player count, rounds 1 to 8.
ROUND_TABLE = {
    3: (10, 10, 11, 11, 12, 12, 13, 13),
    4: (9, 9, 10, 10, 11, 11, 12, 12),
    5: (8, 8, 9, 9, 10, 10, 11, 11),
}


def colour_cards(values: range, drop: tuple[str, ...] = ()) -> set[str]:
    return {f"{c}{v}" for c in COLOURS for v in values} - set(drop)


# ---------------------------------------------------------------- Preparing the 1st round


def test_set_up_3_players_removes_1s_2s_blue_red_3(table3: Table) -> None:
    state = table3.game.new_state(seed=5)
    hands = [table3.hand(state, seat) for seat in range(3)]
    assert [len(hand) for hand in hands] == [10, 10, 10]
    dealt = [card for hand in hands for card in hand]
    assert len(set(dealt)) == 30
    assert set(dealt) == colour_cards(range(3, 11), drop=("B3", "R3"))


def test_set_up_4_players_removes_1s(table4: Table) -> None:
    state = table4.game.new_state(seed=5)
    hands = [table4.hand(state, seat) for seat in range(4)]
    assert [len(hand) for hand in hands] == [9, 9, 9, 9]
    dealt = [card for hand in hands for card in hand]
    assert len(set(dealt)) == 36
    assert set(dealt) == colour_cards(range(2, 11))


def test_set_up_5_players_uses_all_40(table5: Table) -> None:
    state = table5.game.new_state(seed=5)
    hands = [table5.hand(state, seat) for seat in range(5)]
    assert [len(hand) for hand in hands] == [8] * 5
    dealt = [card for hand in hands for card in hand]
    assert len(set(dealt)) == 40
    assert set(dealt) == colour_cards(range(1, 11))


@pytest.mark.parametrize(("players", "removed"), [(3, 10), (4, 4), (5, 0)])
def test_removed_cards_leave_the_game(
    make_table: Callable[..., Table], players: int, removed: int
) -> None:
    table = make_table(players)
    state = table.game.new_state(seed=3)
    in_play = [card for hand in state.hands for card in hand] + state.ocean
    assert len(in_play) == len(set(in_play)) == 100 - removed


def test_starting_cards_are_shuffled_and_dealt(table4: Table) -> None:
    deals = [table4.game.new_state(seed).hands for seed in range(1, 6)]
    assert table4.game.new_state(1).hands == deals[0]  # the seed decides the deal
    assert len({str(hands) for hands in deals}) == 5


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ocean_stack_in_star_order(make_table: Callable[..., Table], players: int) -> None:
    table = make_table(players)
    cards = table.game.cards
    ocean = table.game.new_state(seed=2).ocean  # the top of the stack is the end of the list
    assert sorted(ocean) == [card.id for card in cards.cards if card.stars > 0]
    stars_top_first = [cards.stars[card] for card in reversed(ocean)]
    assert stars_top_first == sorted(stars_top_first)  # 1-star on top ... 5-star at the bottom
    assert stars_top_first[0] == 1
    assert stars_top_first[-1] == 5


def test_ocean_tiers_are_shuffled_separately(table4: Table) -> None:
    cards = table4.game.cards
    tops = {tuple(table4.game.new_state(seed).ocean[-12:]) for seed in range(1, 6)}
    assert len(tops) > 1
    for top in tops:
        assert {cards.stars[card] for card in top} == {1}


def test_ocean_stack_holds_the_star_cards(table4: Table) -> None:
    """The Cards in the Ocean Stack: colours 11-18, green trumps 1-16, five 0s and the buoys."""
    ocean = set(table4.names(table4.game.new_state(seed=1).ocean))
    colours = colour_cards(range(11, 19))
    trumps = {f"G{v}" for v in range(1, 17)}
    zeros = {"B0", "P0", "R0", "Y0", "G0"}
    buoys = {"Pass", "-3a", "-3b", "CatchAll", "First", "Call", "Lowest"}
    assert ocean == colours | trumps | zeros | buoys
    assert len(ocean) == 60


def test_colour_values_are_unique_so_every_trick_has_a_winner(table4: Table) -> None:
    cards = [card for card in table4.game.cards.cards if not card.is_buoy]
    assert len({(card.suit, card.value) for card in cards}) == len(cards)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ruling_seat_0_leads_first_round(make_table: Callable[..., Table], players: int) -> None:
    state = make_table(players).game.new_state(seed=9)
    assert state.round == 1
    assert state.current_players() == (0,)
    assert state.leader == 0
    assert sorted(state.legal_actions(0)) == state.hands[0]


# ---------------------------------------------------------------- The trick-taking rules


def test_lead_any_card(table4: Table) -> None:
    hands = [["Y7", "B4", "G5", "Pass"], ["Y3", "B5", "R5", "P5"]]
    hands += [["Y4", "B6", "R6", "P6"], ["Y5", "B7", "R7", "P7"]]
    state = table4.setup(hands)
    assert table4.legal(state, 0) == ["play B4", "play G5", "play Pass", "play Y7"]


def test_follow_the_led_colour(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["Y3", "B5"], ["Y10", "R6"], ["P2", "P3"]])
    table4.run(state, "play Y7")
    assert table4.legal(state, 1) == ["play Y3"]
    error = table4.assert_illegal(state, "play B5", 1)
    assert "B5" in str(error)


def test_shed_when_void_of_the_led_colour(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["Y3", "B5"], ["Y10", "R6"], ["P2", "R9"]])
    table4.run(state, "play Y7", "play Y3", "play Y10")
    assert table4.legal(state, 3) == ["play P2", "play R9"]


def test_highest_of_the_led_colour_catches(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["Y3", "B5"], ["Y10", "R6"], ["B18", "P3"]])
    table4.run(state, "play Y7", "play Y3", "play Y10", "play B18")  # a shed 18 cannot win
    assert table4.fisher(state, 2) == ["B18", "Y10", "Y3", "Y7"]
    assert all(not state.fisher[seat] for seat in (0, 1, 3))


def test_winner_places_trick_on_fisher_and_leads_next(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["Y3", "B5"], ["Y10", "R6"], ["P2", "P3"]])
    table4.run(state, "play Y7", "play Y3", "play Y10", "play P2")
    assert len(state.fisher[2]) == 4
    assert state.trick == []
    assert state.current_players() == (2,)
    assert table4.legal(state, 2) == ["play R6"]


def test_play_out_of_turn_is_illegal(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["Y3", "B5"], ["Y10", "R6"], ["P2", "P3"]])
    error = table4.assert_illegal(state, "play Y3", 1)
    assert error.rule == "turn order"
    table4.assert_illegal(state, "play Y3", 0)  # not in seat 0's hand


def test_trump_beats_colour(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["G1", "B5"], ["Y10", "R6"], ["B18", "P3"]])
    table4.run(state, "play Y7", "play G1", "play Y10", "play B18")
    assert table4.fisher(state, 1) == ["B18", "G1", "Y10", "Y7"]
    assert state.current_players() == (1,)


def test_may_trump_or_shed_when_void(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["G1", "B5"], ["Y10", "R6"], ["B18", "P3"]])
    table4.run(state, "play Y7")
    assert table4.legal(state, 1) == ["play B5", "play G1"]


def test_may_not_trump_while_holding_the_led_colour(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["G16", "Y2"], ["Y10", "R6"], ["B18", "P3"]])
    table4.run(state, "play Y7")
    assert table4.legal(state, 1) == ["play Y2"]
    table4.assert_illegal(state, "play G16", 1)


def test_highest_trump_catches(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["G3", "B5"], ["G9", "R6"], ["Y18", "P3"]])
    table4.run(state, "play Y7", "play G3", "play G9", "play Y18")
    assert table4.fisher(state, 2) == ["G3", "G9", "Y18", "Y7"]


def test_trump_lead_must_be_followed_with_trump(table4: Table) -> None:
    state = table4.setup([["G5", "B4"], ["G2", "Y18"], ["Y3", "B9"], ["G0", "P3"]])
    table4.run(state, "play G5")
    assert table4.legal(state, 1) == ["play G2"]
    table4.assert_illegal(state, "play Y18", 1)
    table4.run(state, "play G2")
    assert table4.legal(state, 2) == ["play B9", "play Y3"]  # no trump: shed any colour
    table4.run(state, "play B9")
    assert table4.legal(state, 3) == ["play G0"]  # a green 0 is a trump


def test_highest_trump_catches_a_trump_lead(table4: Table) -> None:
    state = table4.setup([["G5", "B4"], ["G2", "Y18"], ["Y3", "B9"], ["G7", "P3"]])
    table4.run(state, "play G5", "play G2", "play B9", "play G7")
    assert table4.fisher(state, 3) == ["B9", "G2", "G5", "G7"]


def test_buoy_may_always_be_played(table3: Table) -> None:
    state = table3.setup([["Y7", "B4"], ["Y3", "First"], ["Y10", "R6"]])
    table3.run(state, "play Y7")
    assert table3.legal(state, 1) == ["play First", "play Y3"]
    table3.run(state, "play First")
    assert state.trick == table3.ids(["Y7", "First"])

    trump_led = table3.setup([["G5", "B4"], ["G2", "Call"], ["Y10", "R6"]])
    table3.run(trump_led, "play G5")
    assert table3.legal(trump_led, 1) == ["play Call", "play G2"]


def test_buoy_lead_lets_next_card_set_the_led_colour(table4: Table) -> None:
    state = table4.setup([["-3a", "B4"], ["B5", "Y9"], ["B3", "Y18"], ["P4", "G1"]])
    table4.run(state, "play -3a")
    assert table4.legal(state, 1) == ["play B5", "play Y9"]  # nothing led yet
    table4.run(state, "play B5")
    assert table4.legal(state, 2) == ["play B3"]  # blue is now the led colour
    table4.assert_illegal(state, "play Y18", 2)
    table4.run(state, "play B3", "play P4")
    assert table4.fisher(state, 1) == ["-3a", "B3", "B5", "P4"]  # blue 5 is highest


def test_buoy_lead_then_trump_sets_trump(table4: Table) -> None:
    state = table4.setup([["First", "B4"], ["G4", "Y9"], ["G2", "Y18"], ["P4", "Y2"]])
    table4.run(state, "play First", "play G4")
    assert table4.legal(state, 2) == ["play G2"]  # trump must now be followed
    table4.run(state, "play G2")
    assert table4.legal(state, 3) == ["play P4", "play Y2"]


def test_buoy_after_buoy_lead_leaves_the_lead_open(table4: Table) -> None:
    state = table4.setup([["-3a", "B4"], ["-3b", "Y9"], ["B3", "Y18"], ["P4", "Y2"]])
    table4.run(state, "play -3a", "play -3b")
    assert table4.legal(state, 2) == ["play B3", "play Y18"]
    table4.run(state, "play Y18")
    assert table4.legal(state, 3) == ["play Y2"]


def test_only_buoys_first_buoy_catches(table3: Table) -> None:
    state = table3.setup([["Lowest", "B4"], ["-3a", "B5"], ["-3b", "B6"]], leader=1)
    table3.run(state, "play -3a", "play -3b", "play Lowest")
    assert table3.fisher(state, 1) == ["-3a", "-3b", "Lowest"]
    assert state.score == [0, -6, 0]


def test_ruling_only_buoys_first_buoy_leads_next(table3: Table) -> None:
    state = table3.setup([["Lowest", "B4"], ["-3a", "B5"], ["-3b", "B6"]], leader=1)
    table3.run(state, "play -3a", "play -3b", "play Lowest")
    assert state.current_players() == (1,)
    assert state.leader == 1


# ---------------------------------------------------------------- "0": catch 1 other card


def test_zero_follows_the_usual_trick_rules(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["Y0", "B5"], ["Y3", "B0"], ["G0", "P4"]])
    table4.run(state, "play Y7")
    assert table4.legal(state, 1) == ["play Y0"]  # a yellow 0 is a yellow card
    table4.run(state, "play Y0")
    assert table4.legal(state, 2) == ["play Y3"]  # a blue 0 is no buoy
    table4.assert_illegal(state, "play B0", 2)
    table4.run(state, "play Y3")
    assert table4.legal(state, 3) == ["play G0", "play P4"]
    table4.run(state, "play G0", "catch Y7")  # the yellow 0 chooses first
    # The green 0 is a trump: it wins the trick and also catches 1 card of its choice.
    assert state.current_players() == (3,)
    table4.run(state, "catch Y3")
    assert table4.fisher(state, 1) == ["Y7"]
    assert table4.fisher(state, 3) == ["G0", "Y0", "Y3"]
    assert state.current_players() == (3,)


def test_zero_catches_one_other_card(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["Y0", "B5"], ["Y10", "R6"], ["B3", "P4"]])
    table4.run(state, "play Y7", "play Y0", "play Y10", "play B3")
    assert state.current_players() == (1,)
    assert table4.legal(state, 1) == ["catch B3", "catch Y10", "catch Y7"]
    table4.assert_illegal(state, "catch Y0", 1)  # 1 OTHER card
    table4.assert_illegal(state, "catch R6", 1)  # not in the trick
    table4.assert_illegal(state, "catch Y7", 2)  # not seat 2's choice
    table4.assert_illegal(state, "play B5", 1)
    table4.run(state, "catch Y10")
    assert table4.fisher(state, 1) == ["Y10"]
    assert table4.fisher(state, 2) == ["B3", "Y0", "Y7"]  # the 0 itself goes to the winner
    assert state.current_players() == (2,)  # the highest card leads, though it was caught
    catch = table4.events(state, Catch)
    assert [table4.say(event) for event in catch] == ["Player 2 catches yellow 10 with a 0"]


def test_several_zeros_choose_in_play_order(table4: Table) -> None:
    state = table4.setup([["Y8", "B4"], ["Y0", "B5"], ["B0", "B6"], ["Y9", "P4"]])
    table4.run(state, "play Y8", "play Y0", "play B0", "play Y9")
    assert state.current_players() == (1,)
    table4.assert_illegal(state, "catch Y8", 2)
    table4.run(state, "catch Y9")
    assert state.current_players() == (2,)
    assert table4.legal(state, 2) == ["catch Y0", "catch Y8"]
    table4.run(state, "catch Y8")
    assert table4.fisher(state, 1) == ["Y9"]
    assert table4.fisher(state, 2) == ["Y8"]
    assert table4.fisher(state, 3) == ["B0", "Y0"]
    assert state.current_players() == (3,)


def test_ruling_caught_zero_still_catches(table4: Table) -> None:
    """Ruling 4: an effect belongs to its player even when an earlier effect caught the card."""
    state = table4.setup([["Y7", "B4"], ["Y0", "B5"], ["B0", "B6"], ["Y9", "P4"]])
    table4.run(state, "play Y7", "play Y0", "play B0", "play Y9", "catch B0")
    assert state.current_players() == (2,)
    assert table4.legal(state, 2) == ["catch Y0", "catch Y7", "catch Y9"]
    table4.run(state, "catch Y9")
    assert table4.fisher(state, 1) == ["B0"]
    assert table4.fisher(state, 2) == ["Y9"]
    assert table4.fisher(state, 3) == ["Y0", "Y7"]


def test_ruling_zero_catches_automatically_when_one_card_is_left(table3: Table) -> None:
    state = table3.setup([["Y7", "B4"], ["Y0", "B5"], ["B0", "B6"]])
    table3.run(state, "play Y7", "play Y0", "play B0")
    assert table3.legal(state, 1) == ["catch B0", "catch Y7"]  # two left: a choice
    table3.run(state, "catch Y7")
    # The blue 0 has only the yellow 0 left: it takes it without a decision.
    assert state.view(0).phase == "play"
    assert state.current_players() == (0,)
    assert table3.fisher(state, 1) == ["Y7"]
    assert table3.fisher(state, 2) == ["Y0"]
    assert table3.fisher(state, 0) == ["B0"]


# ---------------------------------------------------------------- Catch all other cards


def test_catch_all_catches_all_other_cards(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["CatchAll", "B5"], ["Y10", "R6"], ["B3", "P4"]])
    table4.run(state, "play Y7", "play CatchAll", "play Y10", "play B3")
    assert table4.fisher(state, 1) == ["B3", "Y10", "Y7"]
    assert table4.fisher(state, 2) == ["CatchAll"]  # the highest card catches only the buoy
    assert state.current_players() == (2,)


def catch_all_then_zeros(table4: Table) -> FishingState:
    state = table4.setup([["Y7", "B4"], ["CatchAll", "B5"], ["Y0", "R6"], ["B0", "P4"]])
    table4.run(state, "play Y7", "play CatchAll", "play Y0", "play B0")
    return state


def test_catch_all_with_zero_after_it_takes_the_buoy(table4: Table) -> None:
    state = catch_all_then_zeros(table4)
    assert table4.fisher(state, 1) == ["B0", "Y0", "Y7"]
    assert table4.fisher(state, 2) == ["CatchAll"]


def test_catch_all_further_zeros_get_nothing(table4: Table) -> None:
    state = catch_all_then_zeros(table4)
    assert table4.fisher(state, 3) == []
    [nothing] = table4.events(state, Nothing)
    assert table4.say(nothing) == "Player 4's blue 0 catches nothing"


def test_catch_all_winner_leads_even_catching_nothing(table4: Table) -> None:
    state = catch_all_then_zeros(table4)
    assert table4.fisher(state, 0) == []
    assert state.current_players() == (0,)  # yellow 7 was the highest card


def test_catch_all_and_zero_before_it_choose_in_play_order(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["Y0", "B5"], ["CatchAll", "R6"], ["Y10", "P4"]])
    table4.run(state, "play Y7", "play Y0", "play CatchAll", "play Y10")
    assert table4.legal(state, 1) == ["catch CatchAll", "catch Y10", "catch Y7"]
    table4.run(state, "catch Y10")
    assert table4.fisher(state, 1) == ["Y10"]
    assert table4.fisher(state, 2) == ["Y0", "Y7"]
    assert table4.fisher(state, 3) == ["CatchAll"]
    assert state.current_players() == (3,)


def test_ruling_catch_all_acts_after_a_zero_took_it(table4: Table) -> None:
    """Ruling 4: a 0 that takes the Catch-all buoy first does not cancel its effect."""
    state = table4.setup([["Y7", "B4"], ["Y0", "B5"], ["CatchAll", "R6"], ["Y10", "P4"]])
    table4.run(state, "play Y7", "play Y0", "play CatchAll", "play Y10", "catch CatchAll")
    assert table4.fisher(state, 1) == ["CatchAll"]
    assert table4.fisher(state, 2) == ["Y0", "Y10", "Y7"]
    assert table4.fisher(state, 3) == []  # the winner catches nothing ...
    assert state.current_players() == (3,)  # ... but still leads


def test_ruling_zero_with_nothing_left_catches_nothing(table4: Table) -> None:
    """Ruling 5: Catch-all took everything and the first 0 after it took the buoy."""
    state = catch_all_then_zeros(table4)
    assert state.current_players() == (0,)  # no decision was asked of seat 3
    assert table4.events(state, Nothing) == [Nothing(3, table4.ids(["B0"])[0])]


def test_gap_zero_after_catch_all_gets_nothing_once_the_buoy_is_gone(table4: Table) -> None:
    """Found while testing: "a 0 played after this buoy card catches the buoy card", but an
    earlier 0 may already have taken it; the later 0 then catches nothing (ruling 5)."""
    state = table4.setup([["Y7", "B4"], ["Y0", "B5"], ["CatchAll", "R6"], ["B0", "P4"]])
    table4.run(state, "play Y7", "play Y0", "play CatchAll", "play B0", "catch CatchAll")
    assert table4.fisher(state, 1) == ["CatchAll"]
    assert table4.fisher(state, 2) == ["B0", "Y0", "Y7"]
    assert table4.fisher(state, 3) == []
    assert [event.seat for event in table4.events(state, Nothing)] == [3]
    assert state.current_players() == (0,)


# ---------------------------------------------------------------- Pass 1 card to the left


def pass_trick(table4: Table) -> FishingState:
    state = table4.setup(
        [["Y7", "B4", "R4"], ["Pass", "B5", "R5"], ["Y10", "B6", "R6"], ["Y2", "B7", "R7"]]
    )
    table4.run(state, "play Y7", "play Pass", "play Y10", "play Y2")
    return state


def test_pass_left_is_simultaneous_and_secret(table4: Table) -> None:
    state = pass_trick(table4)
    assert state.current_players() == (0, 1, 2, 3)
    with pytest.raises(IllegalActionError):
        state.current_player()
    assert table4.legal(state, 0) == ["pass B4", "pass R4"]
    table4.assert_illegal(state, "pass B5", 0)  # not in seat 0's hand
    others_before = [state.view(seat) for seat in (0, 2, 3)]
    table4.run(state, (1, "pass B5"))
    assert state.current_players() == (0, 2, 3)
    table4.assert_illegal(state, "pass R5", 1)  # one secret choice each
    for before in others_before:
        after = state.view(before.player)
        assert after.passed == (False, True, False, False)
        assert after.my_pass == -1
        # Apart from who has chosen, nothing in another seat's view changed.
        assert dataclasses.replace(after, passed=before.passed, current=before.current) == before
    assert state.view(1).my_pass == table4.ids(["B5"])[0]
    assert table4.hand(state, 1) == ["B5", "R5"]  # nothing moves until all have chosen


def test_pass_left_moves_every_chosen_card_at_once(table4: Table) -> None:
    results = []
    for order in ([0, 1, 2, 3], [3, 1, 0, 2]):
        state = pass_trick(table4)
        choice = {0: "pass R4", 1: "pass B5", 2: "pass B6", 3: "pass R7"}
        table4.run(state, *[(seat, choice[seat]) for seat in order])
        hands = [table4.hand(state, seat) for seat in range(4)]
        results.append(hands)
        assert hands == [["B4", "R7"], ["R4", "R5"], ["B5", "R6"], ["B6", "B7"]]
        assert table4.fisher(state, 2) == ["Pass", "Y10", "Y2", "Y7"]
        assert state.current_players() == (2,)
        # Each seat hears only of its own two cards: the one it gave and the one it got.
        for seat in range(4):
            told = [event for event in state.view(seat).events if isinstance(event, Gave | Got)]
            left, right = (seat + 1) % 4, (seat - 1) % 4
            [card_given] = table4.ids([choice[seat].split()[1]])
            [card_got] = table4.ids([choice[right].split()[1]])
            assert sorted(told, key=lambda e: type(e).__name__) == [
                Gave(seat, card_given, left),
                Got(seat, card_got, right),
            ]
    assert results[0] == results[1]


def test_ruling_end_of_trick_effects_resolve_in_play_order(table4: Table) -> None:
    """Ruling 4: "0", Catch-all and Pass-left resolve in the order played."""
    zero_first = table4.setup(
        [["Y7", "B4", "R4"], ["Y0", "B5", "R5"], ["Pass", "B6", "R6"], ["Y9", "B7", "R7"]]
    )
    table4.run(zero_first, "play Y7", "play Y0", "play Pass", "play Y9")
    assert zero_first.current_players() == (1,)
    table4.run(zero_first, "catch Y9")
    assert zero_first.current_players() == (0, 1, 2, 3)

    pass_first = table4.setup(
        [["Y7", "B4", "R4"], ["Pass", "B5", "R5"], ["Y0", "B6", "R6"], ["Y9", "B7", "R7"]]
    )
    table4.run(pass_first, "play Y7", "play Pass", "play Y0", "play Y9")
    assert pass_first.current_players() == (0, 1, 2, 3)
    table4.run(pass_first, (0, "pass B4"), (1, "pass B5"), (2, "pass B6"), (3, "pass B7"))
    assert pass_first.current_players() == (2,)
    assert table4.legal(pass_first, 2) == ["catch Pass", "catch Y7", "catch Y9"]


def test_ruling_pass_left_forfeits_in_last_trick(table3: Table) -> None:
    state = table3.setup([["Y5"], ["Pass"], ["Y2"]])
    table3.run(state, "play Y5", "play Pass", "play Y2")
    assert state.round == 2
    assert state.view(0).phase == "play"  # no passing: the hands were empty
    [forfeit] = table3.events(state, Forfeit)
    assert table3.say(forfeit) == (
        """Player 2's buoy "pass 1 card to the left" has no effect in the round's last trick"""
    )
    assert table3.events(state, PassStarts) == []


# ---------------------------------------------------------------- -3 points


def test_minus_three_recorded_when_placed_on_fisher(table3: Table) -> None:
    state = table3.setup([["Y7", "B4"], ["-3a", "B5"], ["Y9", "B6"]])
    table3.run(state, "play Y7", "play -3a", "play Y9")
    assert state.round == 1  # at once, not at the end of the round
    assert state.score == [0, 0, -3]
    [minus] = table3.events(state, MinusThree)
    assert table3.say(minus) == 'Player 3 records -3 points for buoy "-3 points"'


def test_minus_three_counts_one_point_at_round_end(table3: Table) -> None:
    state = table3.setup([["Y7"], ["-3a"], ["Y9"]], scores=[10, 10, 10])
    table3.run(state, "play Y7", "play -3a", "play Y9")
    [round_end] = table3.events(state, RoundEnd)
    assert round_end.points == (0, 0, 3)
    assert state.score == [10, 10, 10]  # -3 on the fisher, then +1 for each of 3 cards


def test_ruling_minus_three_caught_by_zero_or_catch_all(table3: Table) -> None:
    """Ruling 7: whoever places the -3 on their fisher, by any means, records -3 at once."""
    by_zero = table3.setup([["Y7", "B4"], ["Y0", "B5"], ["-3a", "B6"]])
    table3.run(by_zero, "play Y7", "play Y0", "play -3a", "catch -3a")
    assert by_zero.score == [0, -3, 0]  # scores may go below zero
    assert table3.fisher(by_zero, 0) == ["Y0", "Y7"]

    by_catch_all = table3.setup([["Y7", "B4"], ["CatchAll", "B5"], ["-3b", "B6"]])
    table3.run(by_catch_all, "play Y7", "play CatchAll", "play -3b")
    assert by_catch_all.score == [0, -3, 0]
    assert table3.fisher(by_catch_all, 0) == ["CatchAll"]


def test_minus_three_passed_on_costs_nothing(table3: Table) -> None:
    """Only catching the -3 card and placing it on your fisher costs points."""
    state = table3.setup([["Y7", "-3a", "B4"], ["Pass", "B5", "B6"], ["Y9", "R2", "R3"]])
    table3.run(state, "play Y7", "play Pass", "play Y9")
    table3.run(state, (0, "pass -3a"), (1, "pass B5"), (2, "pass R2"))
    assert table3.hand(state, 1) == ["-3a", "B6"]
    assert state.score == [0, 0, 0]
    assert table3.events(state, MinusThree) == []


# ---------------------------------------------------------------- For the next trick


def test_play_first_card(table3: Table) -> None:
    state = table3.setup([["Y9", "B10", "R2"], ["First", "B4", "R3"], ["Y3", "B2", "R4"]])
    table3.run(state, "play Y9", "play First", "play Y3")
    assert table3.fisher(state, 0) == ["First", "Y3", "Y9"]  # seat 0 catches ...
    assert state.current_players() == (1,)  # ... but seat 1 starts the next trick
    assert table3.legal(state, 1) == ["play B4", "play R3"]  # with any card
    table3.run(state, "play B4")
    assert state.current_players() == (2,)  # the others follow clockwise
    table3.run(state, "play B2", "play B10")
    assert state.current_players() == (0,)  # only the next trick: the winner leads again


def call_trick(table3: Table, hands: list[list[str]]) -> FishingState:
    """Seat 1 plays Call in a first trick that seat 0 wins; seat 1 then names the colour."""
    state = table3.setup([["Y9", *hands[0]], ["Call", *hands[1]], ["Y3", *hands[2]]])
    table3.run(state, "play Y9", "play Call", "play Y3")
    return state


def test_call_the_colour_binds_first_player(table3: Table) -> None:
    state = call_trick(table3, [["B10", "Y2"], ["B4", "R3"], ["B2", "G1"]])
    table3.run(state, "call blue")
    assert table3.legal(state, 0) == ["play B10"]
    table3.assert_illegal(state, "play Y2", 0)
    table3.run(state, "play B10")
    assert table3.legal(state, 1) == ["play B4"]
    table3.run(state, "play B4")
    assert table3.legal(state, 2) == ["play B2"]
    table3.run(state, "play B2")
    assert table3.fisher(state, 0) == ["B10", "B2", "B4", "Call", "Y3", "Y9"]


def test_call_green(table3: Table) -> None:
    state = call_trick(table3, [["G3", "Y2"], ["G8", "B4"], ["Y5", "B2"]])
    table3.run(state, "call green")
    [call] = table3.events(state, Call)
    assert table3.say(call) == "Player 2 calls green"
    assert table3.legal(state, 0) == ["play G3"]
    table3.run(state, "play G3")
    assert table3.legal(state, 1) == ["play G8"]
    table3.run(state, "play G8")
    assert table3.legal(state, 2) == ["play B2", "play Y5"]
    table3.run(state, "play Y5")
    assert table3.fisher(state, 1) == ["G3", "G8", "Y5"]


def test_caller_wins_when_nobody_follows_or_trumps(table3: Table) -> None:
    state = call_trick(table3, [["B10", "Y2"], ["Y4", "B4"], ["B2", "Y5"]])
    table3.run(state, "call red", "play B10", "play Y4", "play B2")
    assert table3.fisher(state, 1) == ["B10", "B2", "Y4"]
    trick = table3.events(state, Trick)[-1]
    assert table3.say(trick) == (
        "Player 2 catches the trick thanks to the call (blue 10, yellow 4, blue 2)"
    )
    assert state.current_players() == (1,)  # the caller won the trick, so leads


def test_caller_loses_when_someone_trumps(table3: Table) -> None:
    state = call_trick(table3, [["B10", "Y2"], ["Y4", "B4"], ["G1", "Y5"]])
    table3.run(state, "call red", "play B10", "play Y4", "play G1")
    assert table3.fisher(state, 2) == ["B10", "G1", "Y4"]


def test_ruling_call_named_before_the_first_card(table3: Table) -> None:
    state = call_trick(table3, [["B10", "Y2"], ["B4", "R3"], ["B2", "G1"]])
    assert state.current_players() == (1,)
    assert state.leader == 0
    assert table3.legal(state, 1) == [f"call {suit}" for suit in sorted(SUITS[:5])]
    assert table3.legal(state, 0) == []
    table3.assert_illegal(state, "play B10", 0)
    table3.run(state, "call yellow")
    assert state.current_players() == (0,)
    assert state.trick == []


def test_ruling_call_is_the_led_colour_for_the_whole_trick(table3: Table) -> None:
    state = call_trick(table3, [["Y2", "R9"], ["B4", "Y5"], ["B2", "Y6"]])
    table3.run(state, "call blue", "play Y2")  # seat 0 has no blue: sheds
    assert table3.legal(state, 1) == ["play B4"]  # yellow did not become the led colour
    table3.run(state, "play B4", "play B2")
    assert table3.fisher(state, 1) == ["B2", "B4", "Y2"]


def test_ruling_caller_catches_a_trick_of_only_buoys(table3: Table) -> None:
    state = table3.setup([["Y9", "-3a", "B4"], ["Y3", "-3b", "B5"], ["Call", "Lowest", "B6"]])
    table3.run(state, "play Y9", "play Y3", "play Call", "call red")
    table3.run(state, "play -3a", "play -3b", "play Lowest")
    assert table3.fisher(state, 2) == ["-3a", "-3b", "Lowest"]
    assert state.score == [0, 0, -6]
    assert state.current_players() == (2,)


def test_lowest_value_wins_the_lowest_of_the_led_colour(table3: Table) -> None:
    state = table3.setup([["Y9", "B9"], ["Lowest", "B4"], ["Y3", "P1"]])
    table3.run(state, "play Y9", "play Lowest", "play Y3")
    assert state.lowest
    table3.run(state, "play B9", "play B4", "play P1")  # purple 1 is shed, so cannot win
    assert table3.tricks(state)[-1] == (1, ["B4", "B9", "P1"])


def test_lowest_value_wins_including_trump(table3: Table) -> None:
    state = table3.setup([["Y9", "Y10", "B9"], ["Lowest", "G9", "B4"], ["Y3", "G2", "B5"]])
    table3.run(state, "play Y9", "play Lowest", "play Y3")
    table3.run(state, "play Y10", "play G9", "play G2")
    assert table3.fisher(state, 2) == ["G2", "G9", "Y10"]  # the lowest trump catches


def test_lowest_value_wins_only_the_next_trick(table3: Table) -> None:
    state = table3.setup([["Y9", "Y10", "B9"], ["Lowest", "G9", "B4"], ["Y3", "G2", "B5"]])
    table3.run(state, "play Y9", "play Lowest", "play Y3")
    table3.run(state, "play Y10", "play G9", "play G2")
    assert not state.lowest
    table3.run(state, "play B5", "play B9", "play B4")
    assert table3.tricks(state)[-1] == (0, ["B4", "B5", "B9"])


def test_gap_lowest_value_with_a_call_nobody_follows(table3: Table) -> None:
    """Found while testing: Lowest-wins and Call act on the same trick and nobody plays the
    called colour or a trump; the caller catches it (ruling 2), whatever the lowest card."""
    state = table3.setup([["Y9", "B9"], ["Lowest", "Y4"], ["Call", "B2"]])
    table3.run(state, "play Y9", "play Lowest", "play Call", "call red")
    assert state.lowest
    table3.run(state, "play B9", "play Y4", "play B2")
    assert table3.tricks(state)[-1] == (2, ["B2", "B9", "Y4"])


def test_ruling_lowest_value_zero_can_win(table3: Table) -> None:
    state = table3.setup([["Y9", "Y5", "B9"], ["Lowest", "Y0", "B4"], ["Y3", "Y8", "B5"]])
    table3.run(state, "play Y9", "play Lowest", "play Y3")
    table3.run(state, "play Y5", "play Y0", "play Y8", "catch Y8")
    assert table3.fisher(state, 1) == ["Y0", "Y5", "Y8"]
    assert state.current_players() == (1,)


def test_next_trick_effects_forfeit_in_last_trick(table4: Table) -> None:
    state = table4.setup([["Y5"], ["First"], ["Call"], ["Lowest"]], scores=[0, 10, 10, 10])
    table4.run(state, "play Y5", "play First", "play Call", "play Lowest")
    assert state.round == 2
    assert state.view(0).phase == "play"  # no colour to call
    assert not state.lowest
    assert state.current_players() == (0,)  # fewest points, not the Play-first player
    forfeits = table4.events(state, Forfeit)
    assert [event.seat for event in forfeits] == [1, 2, 3]
    assert table4.say(forfeits[0]) == (
        """Player 2's buoy "play the 1st card" has no effect in the round's last trick"""
    )


def test_ruling_play_first_after_call(table3: Table) -> None:
    """Ruling 9: the Play-first player leads the next trick; a caller names the colour first."""
    state = table3.setup([["Y9", "B10", "R2"], ["Call", "B4", "R3"], ["First", "B2", "R4"]])
    table3.run(state, "play Y9", "play Call", "play First")
    assert state.current_players() == (1,)
    table3.run(state, "call red")
    assert state.current_players() == (2,)
    assert table3.legal(state, 2) == ["play R4"]
    table3.run(state, "play R4", "play R2", "play R3")
    assert table3.fisher(state, 2) == ["R2", "R3", "R4"]


# ---------------------------------------------------------------- End of a round


def test_round_ends_after_all_tricks(table4: Table) -> None:
    state = table4.game.new_state(seed=4)
    for _ in range(9 * 4 - 1):
        seat = state.current_player()
        state.apply_action(state.legal_actions(seat)[0], seat)
    assert state.round == 1
    seat = state.current_player()
    state.apply_action(state.legal_actions(seat)[0], seat)
    assert state.round == 2
    [round_end] = table4.events(state, RoundEnd)
    assert sum(round_end.points) == 36
    assert sum(state.score) == 36


def test_round_scoring_one_point_per_caught_card(table3: Table) -> None:
    state = table3.setup([["Y9", "B2"], ["Y3", "First"], ["Y4", "B10"]], scores=[5, 0, 2])
    table3.run(state, "play Y9", "play Y3", "play Y4", "play B2", "play First", "play B10")
    [round_end] = table3.events(state, RoundEnd)
    assert round_end.points == (3, 0, 3)  # a buoy counts 1 point like any card
    assert state.score == [8, 0, 5]
    assert table3.say(round_end) == (
        "Round 1 ends: caught cards score Player 1 3, Player 2 0, Player 3 3"
    )


def test_caught_cards_are_shuffled_into_the_stockroom(table3: Table) -> None:
    old = ["B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10", "P3", "P4", "P5", "P6"]
    orders = set()
    for seed in range(1, 9):
        state = table3.setup([["Y9"], ["Y3"], ["Y4"]], seed=seed, stockrooms=[old, [], []])
        table3.run(state, "play Y9", "play Y3", "play Y4")
        new = state.stock[0][:3]
        assert sorted(table3.names(new)) == ["Y3", "Y4", "Y9"]
        orders.add(tuple(new))
    assert len(orders) > 1


def test_stockroom_new_cards_go_below_old(table3: Table) -> None:
    old = ["B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10", "P3", "P4", "P5", "P6"]
    state = table3.setup([["Y9"], ["Y3"], ["Y4"]], stockrooms=[old, [], []])
    table3.run(state, "play Y9", "play Y3", "play Y4")
    assert state.round == 2
    assert table3.hand(state, 0) == sorted(old[:10])  # the 10 old cards from the top
    top_first = table3.names(state.stock[0][::-1])
    assert top_first[:2] == ["P5", "P6"]  # the old cards stay on top ...
    assert sorted(top_first[2:]) == ["Y3", "Y4", "Y9"]  # ... the fresh catch below
    masks = [sum(1 << card for card in table3.ids(names)) for names in (old, ["Y3", "Y4", "Y9"])]
    assert state.view(1).stock_layers[0] == ((masks[0], 2), (masks[1], 3))


# ---------------------------------------------------------------- Preparing rounds 2 to 8


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("round_no", range(1, 9))
def test_hand_sizes_follow_the_round_table(
    make_table: Callable[..., Table], players: int, round_no: int
) -> None:
    table = make_table(players)
    expected = ROUND_TABLE[players][round_no - 1]
    if round_no == 1:
        state = table.game.new_state(seed=round_no)
    else:
        hands = [[f"Y{seat + 2}"] for seat in range(players)]
        state = table.setup(hands, round=round_no - 1)
        table.run(state, *[f"play Y{seat + 2}" for seat in range(players)])
    assert state.round == round_no
    assert [len(hand) for hand in state.hands] == [expected] * players
    round_event = table.events(state, Round)[-1]
    assert table.say(round_event) == f"Round {round_no} begins: everyone takes {expected} cards"


def test_draw_from_stockroom_and_keep_the_rest(table3: Table) -> None:
    old = ["B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10", "P3", "P4", "P5", "P6", "P7"]
    state = table3.setup([["Y9"], ["Y3"], ["Y4"]], stockrooms=[[], old, []])
    ocean_before = len(state.ocean)
    table3.run(state, "play Y9", "play Y3", "play Y4")
    assert table3.hand(state, 1) == sorted(old[:10])
    assert table3.names(state.stock[1][::-1]) == old[10:]
    assert len(state.ocean) == ocean_before - 7 - 10  # seat 0 misses 7, seat 2 misses 10


def ocean_draw_position(table3: Table) -> tuple[FishingState, list[str]]:
    ocean = ["B11", "B12", "P11", "P12", "R11", "R12", "Y11", "Y12", "G1", "G2"]
    ocean += ["Pass", "-3a", "B13", "B14", "P13", "P14", "R13", "R14", "Y13", "Y14"]
    state = table3.setup(
        [["Y9"], ["Y3"], ["Y4"]],
        stockrooms=[["B3", "B4", "B5", "B6", "B7"], ["P3"], ["R3", "R4", "R5", "R6"]],
        ocean=ocean,
    )
    table3.run(state, "play Y9", "play Y3", "play Y4")
    return state, ocean


def test_missing_cards_come_from_the_ocean(table3: Table) -> None:
    state, ocean = ocean_draw_position(table3)
    assert table3.hand(state, 1) == sorted(["P3", *ocean[:9]])
    assert state.stock == [[], [], []]
    assert table3.names(state.ocean[::-1]) == ocean[17:]


def test_ocean_draw_order_most_needed_first(table3: Table) -> None:
    # Round 2 needs 10 cards: seat 0 holds 8 (needs 2), seat 1 has 1 (needs 9), seat 2 4 (6).
    state, ocean = ocean_draw_position(table3)
    assert table3.hand(state, 1) == sorted(["P3", *ocean[:9]])
    assert table3.hand(state, 2) == sorted(["R3", "R4", "R5", "R6", *ocean[9:15]])
    assert table3.hand(state, 0) == sorted(
        ["B3", "B4", "B5", "B6", "B7", "Y3", "Y4", "Y9", *ocean[15:17]]
    )
    [draws] = table3.events(state, Draws)
    assert draws.order == (1, 2, 0)
    assert table3.say(draws) == (
        "Draws: Player 2 draws 9 cards from the ocean; Player 3 draws 6 cards from the ocean; "
        "Player 1 draws 2 cards from the ocean"
    )
    drew = [event for event in state.view(0).events if isinstance(event, Drew)]
    assert {event.seat for event in drew} == {0}  # each seat sees only its own draws


@pytest.mark.parametrize(("leader", "order"), [(0, [0, 1, 3]), (1, [1, 3, 0]), (3, [3, 0, 1])])
def test_ocean_draw_ties_earlier_in_former_trick(
    table4: Table, leader: int, order: list[int]
) -> None:
    hands = [["Y2"], ["Y3"], ["Y10"], ["Y4"]]  # seat 2 wins: 4 cards, needs 5 more
    state = table4.setup(hands, leader=leader)
    top_first = table4.names(state.ocean[::-1])
    plays = [f"play {hands[(leader + k) % 4][0]}" for k in range(4)]
    table4.run(state, *plays)
    [draws] = table4.events(state, Draws)
    assert list(draws.order) == [*order, 2]
    start = 0
    for seat in order:
        assert table4.hand(state, seat) == sorted(top_first[start : start + 9])
        start += 9
    assert table4.hand(state, 2) == sorted(["Y2", "Y3", "Y4", "Y10", *top_first[start : start + 5]])


def test_fewest_points_starts_round(table4: Table) -> None:
    state = table4.setup([["Y10"], ["Y2"], ["Y3"], ["Y4"]], scores=[10, 3, 10, 10])
    table4.run(state, "play Y10", "play Y2", "play Y3", "play Y4")
    assert state.score == [14, 3, 10, 10]
    assert state.current_players() == (1,)
    assert state.leader == 1


@pytest.mark.parametrize(("leader", "first"), [(0, 1), (1, 1), (2, 3), (3, 3)])
def test_fewest_points_tie_earlier_in_former_trick(table4: Table, leader: int, first: int) -> None:
    hands = [["Y2"], ["Y3"], ["Y10"], ["Y4"]]
    state = table4.setup(hands, leader=leader, scores=[10, 5, 10, 5])
    table4.run(state, *[f"play {hands[(leader + k) % 4][0]}" for k in range(4)])
    assert state.score == [10, 5, 14, 5]
    assert state.current_players() == (first,)


def test_ruling_round_start_ties_follow_the_former_trick(table4: Table) -> None:
    """Ruling 11: "the former trick" is the previous round's LAST trick, in play order."""
    hands = [["Y2", "B2"], ["Y10", "B10"], ["Y3", "B3"], ["Y4", "B4"]]
    state = table4.setup(hands, leader=0, scores=[5, 20, 5, 20])
    table4.run(state, "play Y2", "play Y10", "play Y3", "play Y4")  # seat 1 wins, leads next
    table4.run(state, "play B10", "play B3", "play B4", "play B2")
    assert state.round == 2
    assert state.score == [5, 28, 5, 20]
    assert state.current_players() == (2,)  # 2 played before 0 in the trick led by seat 1
    [draws] = table4.events(state, Draws)
    assert draws.order == (2, 3, 0, 1)  # 9, 9, 9 tied in play order from seat 1; then 1 card


# ---------------------------------------------------------------- End of the game


def test_game_ends_after_eight_rounds(table3: Table) -> None:
    state = table3.setup([["Y9"], ["Y3"], ["Y4"]], round=8)
    table3.run(state, "play Y9", "play Y3", "play Y4")
    assert state.is_terminal()
    assert state.round == 8
    assert state.current_players() == ()
    assert all(state.legal_actions(seat) == [] for seat in range(3))
    error = table3.assert_illegal(state, "play Y5", 0)
    assert error.rule == "end of game"
    [end] = table3.events(state, GameEnd)
    assert table3.say(end) == "Game over: Player 1 wins with 3"


def test_a_full_game_has_at_most_eight_rounds(table4: Table) -> None:
    for seed in (1, 2):
        state = table4.game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_players()[0]
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        round_ends = table4.events(state, RoundEnd)
        assert len(round_ends) == (state.round if state.overfished else 8)
        assert state.round <= 8


def test_most_points_wins(table3: Table) -> None:
    state = table3.setup([["Y9"], ["Y3"], ["Y4"]], round=8, scores=[20, 21, 19])
    table3.run(state, "play Y9", "play Y3", "play Y4")
    assert state.scores() == [23, 21, 19]
    assert state.winners() == [0]
    assert state.ranking() == [1, 2, 3]


def test_equal_top_scores_share_victory(table3: Table) -> None:
    state = table3.setup([["Y9"], ["Y3"], ["Y4"]], round=8, scores=[6, 9, 7])
    table3.run(state, "play Y9", "play Y3", "play Y4")
    assert state.scores() == [9, 9, 7]
    assert state.winners() == [0, 1]
    assert state.ranking() == [1, 1, 3]
    [end] = table3.events(state, GameEnd)
    assert table3.say(end) == "Game over: Player 1 and Player 2 win with 9"


def test_overfishing_ends_game(table3: Table) -> None:
    state = table3.setup([["Y9"], ["Y3"], ["Y4"]], ocean=["G1", "G2"], scores=[0, 4, 1])
    table3.run(state, "play Y9", "play Y3", "play Y4")
    assert state.is_terminal()
    assert state.overfished
    assert state.scores() == [3, 4, 1]
    assert state.winners() == [1]  # the most points still win
    [event] = table3.events(state, Overfishing)
    assert table3.say(event) == (
        "Overfishing: the ocean cannot refill every hand for round 2; the game ends"
    )


def test_ruling_overfishing_ends_before_anyone_draws(table3: Table) -> None:
    state = table3.setup([["Y9"], ["Y3"], ["Y4"]], ocean=["G1", "G2"], scores=[0, 4, 1])
    table3.run(state, "play Y9", "play Y3", "play Y4")
    assert state.hands == [[], [], []]
    assert len(state.stock[0]) == 3
    assert table3.names(state.ocean[::-1]) == ["G1", "G2"]
    assert table3.events(state, Round)[1:] == []  # round 2 never began


@pytest.mark.parametrize(("ocean_size", "overfished"), [(27, False), (26, True)])
def test_ruling_overfishing_only_when_the_ocean_is_short(
    table3: Table, ocean_size: int, overfished: bool
) -> None:
    # Round 2 needs 10 each: the winner holds 3 caught cards, so 7 + 10 + 10 = 27 from the ocean.
    stars = [card for card in table3.game.cards.cards if card.stars > 0]
    state = table3.setup([["Y9"], ["Y3"], ["Y4"]], ocean=[card.name for card in stars[:ocean_size]])
    table3.run(state, "play Y9", "play Y3", "play Y4")
    assert state.overfished is overfished
    if not overfished:
        assert state.ocean == []
        assert [len(hand) for hand in state.hands] == [10, 10, 10]


# ---------------------------------------------------------------- Public memory (ruling 12)


def test_ruling_public_memory_hides_hands_and_stack_orders(table4: Table) -> None:
    hands = [["Y7", "B4"], ["Y3", "B5"], ["Y10", "R6"], ["P2", "P3"]]
    swapped = [hands[0], hands[2], hands[1], hands[3]]
    ocean = ["G1", "G2", "G3", "Pass"]
    stock = [[], ["R2", "R3", "R4"], [], []]
    base = table4.setup(hands, stockrooms=stock, ocean=ocean)
    other_hands = table4.setup(swapped, stockrooms=stock, ocean=ocean)
    other_orders = table4.setup(
        hands, stockrooms=[[], ["R4", "R2", "R3"], [], []], ocean=ocean[::-1]
    )
    assert base.view(0) == other_hands.view(0)  # other hands are hidden
    assert base.view(1) != other_hands.view(1)  # (but a seat sees its own)
    for seat in range(4):  # stockroom and ocean orders are hidden from everyone
        assert base.view(seat) == other_orders.view(seat)
    mask = sum(1 << card for card in table4.ids(stock[1]))
    assert base.view(3).stock_layers[1] == ((mask, 3),)  # a stockroom's contents are public
    assert base.view(1).own_stock == tuple(sorted(table4.ids(stock[1])))


def test_ruling_public_memory_shows_every_played_card(table4: Table) -> None:
    state = table4.setup([["Y7", "B4"], ["Y3", "B5"], ["Y10", "R6"], ["P2", "P3"]])
    table4.run(state, "play Y7", "play Y3", "play Y10", "play P2")
    played = table4.ids(["Y7", "Y3", "Y10", "P2"])
    for seat in range(4):
        view = state.view(seat)
        assert view.fishers[2] == tuple(played)
        assert view.seen == sum(1 << card for card in played)


# ---------------------------------------------------------------- Card set


def test_cards_option_loads_another_edition(
    make_table: Callable[..., Table], tmp_path: Path
) -> None:
    default = json.loads(Path(make_table(4).game.cards.source).read_text(encoding="utf-8"))
    for card in default["cards"]:  # another edition: Call in the 1-star tier, Pass in the 5-star
        if card["name"] == "Call":
            card["stars"] = 1
        elif card["name"] == "Pass":
            card["stars"] = 5
    path = tmp_path / "edition.json"
    path.write_text(json.dumps(default), encoding="utf-8")
    table = make_table(4, cards=str(path))
    ocean = table.names(table.game.new_state(seed=1).ocean)
    assert "Call" in ocean[-12:]  # the top tier
    assert "Pass" in ocean[:12]  # the bottom tier


def test_cards_option_rejects_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"cards": [{"name": "X", "suit": "pink", "stars": 0}]}', encoding="utf-8")
    with pytest.raises(AnglerError):
        make_game("fishing", 4, cards=str(path))
