"""Crazy Fishing's rules, one test per rulebook clause, named after it.

Positions are explicit set-ups (see ``conftest.Table.setup``): hands by seat, the sea listed from
the bottom of the pile up, lying in a row 100 mm apart unless ``positions`` says otherwise (cards
are 70 mm across, so a row never covers anything). Casts are simultaneous, so cast steps name
their seat. Catch piles and decks are written top card first in set-ups; ``Table.pile`` lists a
pile bottom card first.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from angler.core import AnglerError, IllegalActionError, OptionError, make_game
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.cards import BAIT, FISH, ROD
from angler.games.crazy_fishing.events import (
    Bream,
    Cast,
    Caught,
    DeckRebuilt,
    Draw,
    Drew,
    GameEnd,
    GotAway,
    GotAwayBeside,
    Order,
    PeekFace,
    Puffer,
    Released,
    Reveal,
    RoundEnd,
    SeaShuffled,
    SitsOut,
    TieBreak,
)
from angler.games.crazy_fishing.rules import (
    CAST,
    CHOOSE,
    COLLECT,
    GAME_OVER,
    PEEK,
    RETRY,
    SPLIT,
    TURBULENT,
)
from angler.games.crazy_fishing.scoring import pile_score

if TYPE_CHECKING:
    from collections.abc import Callable

    from tests.games.crazy_fishing.conftest import Table

    from angler.games.crazy_fishing.rules import CrazyFishingState

# Sizes 2, 4, 5, 3, 6, 1, 7 at spots 0 to 6.
SEA7 = ["F2#1", "F4#1", "F5#1", "F3#1", "F6#1", "F1#1", "F7#1"]
SEA9 = [*SEA7, "F3#2", "F4#2"]  # enough fish for a second round


def ids_in_play(table: Table) -> list[int]:
    game = table.game
    return [*game.rods_in_play, *game.baits_in_play, *game.fish_in_play]


# ---------------------------------------------------------------- Setup


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_set_up_deals_3_rods_and_3_baits(make_table: Callable[..., Table], players: int) -> None:
    table = make_table(players)
    game, cards = table.game, table.game.cards
    state = game.new_state(seed=4)
    for hand in state.hands:
        assert sorted(cards.kind[c] for c in hand) == [ROD] * 3 + [BAIT] * 3
    assert len(state.rod_deck) == len(game.rods_in_play) - 3 * players
    assert len(state.bait_deck) == len(game.baits_in_play) - 3 * players
    dealt = [c for hand in state.hands for c in hand]
    everything = dealt + state.rod_deck + state.bait_deck + state.sea_fish()
    assert sorted(everything) == sorted(ids_in_play(table))
    assert state.current_players() == tuple(range(players))  # round 1 starts with the cast
    assert (state.round, state.phase) == (1, CAST)


def test_set_up_two_players_remove_3_plus_cards(
    table2: Table, make_table: Callable[..., Table]
) -> None:
    cards = table2.game.cards
    marked = {card.id for card in cards.cards if card.three_plus}
    assert marked and not marked & set(ids_in_play(table2))
    game2 = table2.game
    assert (len(game2.rods_in_play), len(game2.baits_in_play), len(game2.fish_in_play)) == (
        36 - 6,
        36 - 5,
        27 - 4,
    )
    state = game2.new_state(seed=3)
    assert not marked & set(state.rod_deck + state.bait_deck + state.sea_fish())
    # With 3 players or more every card is used.
    game3 = make_table(3).game
    assert (len(game3.rods_in_play), len(game3.baits_in_play), len(game3.fish_in_play)) == (
        36,
        36,
        27,
    )


def test_set_up_rod_and_bait_decks_shuffled_apart(table4: Table) -> None:
    cards = table4.game.cards
    states = [table4.game.new_state(seed) for seed in range(1, 5)]
    for state in states:
        assert {cards.kind[c] for c in state.rod_deck} == {ROD}
        assert {cards.kind[c] for c in state.bait_deck} == {BAIT}
    assert len({tuple(state.rod_deck) for state in states}) == 4
    assert len({tuple(state.bait_deck) for state in states}) == 4
    assert table4.game.new_state(1).rod_deck == states[0].rod_deck  # the seed decides


def test_set_up_sea_is_shuffled_face_down(table4: Table) -> None:
    state = table4.game.new_state(seed=2)
    assert sorted(state.sea_fish()) == sorted(table4.game.fish_in_play)
    assert len(state.sea_card) == 27
    assert not any(state.sea_known)
    for seat in range(4):
        assert all(face == -1 for *_, face in state.view(seat).sea)
    seas = {tuple(table4.game.new_state(seed).sea_card) for seed in range(1, 5)}
    assert len(seas) == 4


def test_set_up_leaves_out_of_series_cards_in_the_box(table4: Table) -> None:
    cards = table4.game.cards
    assert not any(cards.cards[c].out_of_series for c in ids_in_play(table4))
    assert any(card.out_of_series for card in cards.cards)  # they exist in the box


# ---------------------------------------------------------------- 1. Cast


def test_cast_one_rod_and_one_bait(table2: Table) -> None:
    state = table2.setup([["R3#1", "R4#1", "B3#1", "B4#1"], ["R1#1", "B1#1"]], SEA7)
    assert table2.legal(state, 0) == [
        "cast R3#1 B3#1",
        "cast R3#1 B4#1",
        "cast R4#1 B3#1",
        "cast R4#1 B4#1",
    ]


def test_cast_several_rods_with_a_last_generation_rod(table2: Table) -> None:
    state = table2.setup([["R2+#1", "R3#1", "R4#1", "B4#1"], ["R1#1", "B1#1"]], SEA7)
    legal = table2.legal(state, 0)
    assert "cast R2+#1 R3#1 R4#1 B4#1" in legal
    assert "cast R2+#1 R4#1 B4#1" in legal
    assert "cast R3#1 R4#1 B4#1" not in legal  # two rods, neither with a "+"
    table2.cast_all(state, "cast R2+#1 R3#1 R4#1 B4#1", "cast R1#1 B1#1")
    assert state.speed(0) == 9


def test_cast_several_baits_with_a_last_generation_bait(table2: Table) -> None:
    state = table2.setup([["R3#1", "B3+#1", "B3#1", "B4#1"], ["R1#1", "B1#1"]], SEA7)
    legal = table2.legal(state, 0)
    assert "cast R3#1 B3+#1 B3#1 B4#1" in legal
    assert "cast R3#1 B3#1 B4#1" not in legal
    table2.cast_all(state, "cast R3#1 B3+#1 B3#1 B4#1", "cast R1#1 B1#1")
    assert state.bait_value(0, state.catch_baits(0)) == 10


def test_cast_is_simultaneous(table3: Table) -> None:
    hands = [["R3#1", "B3#1"], ["R4#1", "B4#1"], ["R5#1", "B5#1"]]
    state = table3.setup(hands, SEA7)
    assert state.current_players() == (0, 1, 2)
    with pytest.raises(IllegalActionError, match="name the player"):
        state.current_player()
    table3.run(state, (2, "cast R5#1 B5#1"))  # any seat may cast first
    assert state.current_players() == (0, 1)
    assert state.legal_actions(2) == []
    table3.run(state, (0, "cast R3#1 B3#1"))
    assert state.phase == CAST
    table3.run(state, (1, "cast R4#1 B4#1"))
    assert state.phase != CAST  # the last cast turns every cast over


def test_cast_is_secret_until_the_reveal(table3: Table) -> None:
    hands = [["R3#1", "B3#1", "B4#1"], ["R4#1", "B4#2"], ["R5#1", "B5#1"]]
    state = table3.setup(hands, SEA7)
    before = state.view(1)
    table3.run(state, (0, "cast R3#1 B4#1"))
    mask = act.mask_of(table3.ids(["R3#1", "B4#1"]))
    other = state.view(1)
    assert other.casts == (0, 0, 0)
    assert other.my_cast == 0
    assert other.rods_held == before.rods_held and other.baits_held == before.baits_held
    assert not [e for e in other.events if isinstance(e, Cast)]
    assert other.cast_done == (True, False, False)  # that seat 1 has cast is no secret
    mine = state.view(0)
    assert mine.my_cast == mask and mine.casts == (0, 0, 0)
    assert [e for e in mine.events if isinstance(e, Cast)] == [Cast(0, mask)]
    table3.run(state, (1, "cast R4#1 B4#2"), (2, "cast R5#1 B5#1"))
    assert state.view(1).casts[0] == mask  # revealed to all
    assert Reveal(0, mask) in [e for e in state.view(2).events if type(e) is Reveal]


def test_cast_at_least_one_rod_and_one_bait(table2: Table) -> None:
    state = table2.setup([["R3#1", "R4#1", "B3#1"], ["R1#1", "B1#1"]], SEA7)
    assert "a cast needs at least 1 bait" in str(table2.assert_illegal(state, "cast R3#1", 0))
    assert "a cast needs at least 1 rod" in str(table2.assert_illegal(state, "cast B3#1", 0))


def test_cast_only_cards_from_your_hand(table2: Table) -> None:
    state = table2.setup([["R3#1", "B3#1"], ["R1#1", "B1#1"]], SEA7)
    error = table2.assert_illegal(state, "cast R5#1 B3#1", 0)
    assert "R5#1 is not in your hand" in str(error)
    table2.run(state, (0, "cast R3#1 B3#1"))
    assert table2.assert_illegal(state, "cast R3#1 B3#1", 0).rule == "turn order"  # once only


def test_reveal_turns_the_casts_over(table2: Table) -> None:
    state = table2.setup([["R3#1", "B3#1", "B4#1"], ["R1#1", "B1#1"]], SEA7)
    table2.cast_all(state, "cast R3#1 B3#1", "cast R1#1 B1#1")
    assert table2.hand(state, 0) == ["B4#1"]  # the cards cast left the hand
    assert table2.hand(state, 1) == []
    reveals = table2.events(state, Reveal)
    assert [e.seat for e in reveals] == [0, 1]
    assert table2.say(reveals[0]) == "Player 1 reveals rod 3, bait 3"


# ---------------------------------------------------------------- Catch order


def test_catch_order_fastest_rod_first(table3: Table) -> None:
    hands = [["R2#1", "B6"], ["R6#1", "B1#1"], ["R4#1", "B3#1"]]
    state = table3.setup(hands, SEA7)
    table3.cast_all(state, "cast R2#1 B6", "cast R6#1 B1#1", "cast R4#1 B3#1")
    assert state.order == [1, 2, 0]
    assert state.current_players() == (1,)
    assert table3.say(table3.events(state, Order)[0]) == "Catch order: Player 2, Player 3, Player 1"


def test_catch_order_speed_tie_best_bait_first(table3: Table) -> None:
    hands = [["R4#1", "B3#1"], ["R4#2", "B5#1"], ["R1#1", "B6"]]
    state = table3.setup(hands, SEA7)
    table3.cast_all(state, "cast R4#1 B3#1", "cast R4#2 B5#1", "cast R1#1 B6")
    assert state.order == [1, 0, 2]
    assert table3.events(state, TieBreak) == []


def test_catch_order_still_tied_turn_up_rods(table2: Table) -> None:
    hands = [["R4#1", "B3#1"], ["R4#2", "B3#2"]]
    state = table2.setup(hands, SEA7, rod_deck=["R2#1", "R5#1", "R6#1"])
    table2.cast_all(state, "cast R4#1 B3#1", "cast R4#2 B3#2")
    # Seat 0 turns up R2#1, seat 1 R5#1: seat 1 goes first.
    assert state.order == [1, 0]
    turned = [(e.seat, table2.name(e.rod)) for e in table2.events(state, TieBreak)]
    assert turned == [(0, "R2#1"), (1, "R5#1")]
    assert table2.names(state.rod_discard) == ["R2#1", "R5#1"]
    assert table2.names(state.rod_deck) == ["R6#1"]


# ---------------------------------------------------------------- 2. Catch


def test_catch_each_player_one_turn_in_catch_order(table3: Table) -> None:
    hands = [["R2#1", "B6"], ["R6#1", "B1#1"], ["R4#1", "B3#1"]]
    state = table3.setup(hands, SEA7)
    table3.cast_all(state, "cast R2#1 B6", "cast R6#1 B1#1", "cast R4#1 B3#1")
    turns = []
    for spot in (5, 0, 4):
        turns.append(state.current_player())
        assert state.phase == CHOOSE
        table3.run(state, f"fish {spot}")
    assert turns == [1, 2, 0]
    assert state.phase == COLLECT
    assert [table3.pile(state, s) for s in range(3)] == [["F6#1"], ["F1#1"], ["F2#1"]]


def test_choose_only_uncovered_fish(table2: Table) -> None:
    # F4#1 (spot 1) lies 40 mm from F2#1 (spot 0) and above it: F2#1 is covered.
    positions = [[0, 0], [40, 0], [200, 0], [300, 0], [400, 0], [500, 0], [600, 0]]
    state = table2.setup([["R4#1", "B6"], ["R1#1", "B1#1"]], SEA7, positions=positions)
    table2.cast_all(state, "cast R4#1 B6", "cast R1#1 B1#1")
    assert "fish 0" not in table2.legal(state, 0)
    error = table2.assert_illegal(state, "fish 0", 0)
    assert error.rule == "catch: only uncovered fish"
    assert "covered" in str(error)
    assert state.view(0).sea[0][3] is True  # the view shows it covered
    table2.run(state, "fish 1")  # taking the card on top uncovers the one below
    assert "fish 0" in table2.legal(state, 1)


@pytest.mark.parametrize(("bait", "caught"), [("B5#1", True), ("B4#2", True), ("B3#1", False)])
def test_bite_bait_at_least_the_fish_size_catches(table2: Table, bait: str, caught: bool) -> None:
    state = table2.setup([["R4#1", bait], ["R1#1", "B1#1"]], SEA7)
    table2.cast_all(state, f"cast R4#1 {bait}", "cast R1#1 B1#1")
    table2.run(state, "fish 1")  # a size-4 fish
    assert (table2.pile(state, 0) == ["F4#1"]) is caught
    assert (table2.sea(state)[1] is None) is caught


def test_bite_fish_gets_away_face_down_in_the_same_place(table2: Table) -> None:
    state = table2.setup([["R4#1", "B3#1"], ["R1#1", "B1#1"]], SEA7)
    where = table2.where(state)
    table2.cast_all(state, "cast R4#1 B3#1", "cast R1#1 B1#1")
    table2.run(state, "fish 1")
    assert table2.pile(state, 0) == []
    assert table2.sea(state) == SEA7
    assert table2.where(state) == where
    [got_away] = table2.events(state, GotAway)
    assert table2.say(got_away) == "Fish 4 gets away from Player 1 (bait 3)"
    assert "fish 1" in table2.legal(state, 1)  # still in the sea, still uncovered


def test_discard_after_the_catch(table2: Table) -> None:
    state = table2.setup([["R4#1", "B3#1", "B5#1"], ["R1#1", "B1#1"]], SEA7)
    table2.cast_all(state, "cast R4#1 B3#1", "cast R1#1 B1#1")
    assert state.rod_discard == [] and state.bait_discard == []
    table2.run(state, "fish 1")  # gets away: the cards are discarded all the same
    assert table2.names(state.rod_discard) == ["R4#1"]
    assert table2.names(state.bait_discard) == ["B3#1"]
    table2.run(state, "fish 5")
    assert table2.names(state.rod_discard) == ["R4#1", "R1#1"]
    assert table2.names(state.bait_discard) == ["B3#1", "B1#1"]
    assert table2.hand(state, 0) == ["B5#1"]  # cards not cast stay in hand


# ---------------------------------------------------------------- 3. Collect


def play_round(table: Table, state: CrazyFishingState, casts: list[str], spots: list[int]) -> None:
    table.cast_all(state, *casts)
    for spot in spots:
        table.run(state, f"fish {spot}")


def test_collect_refills_every_hand_to_6(table3: Table) -> None:
    hands = [["R2#1", "B6", "B1#1"], ["R6#1", "B1#2"], ["R4#1", "B3#1", "R1#1", "B2#1"]]
    state = table3.setup(hands, SEA9)
    play_round(table3, state, ["cast R2#1 B6", "cast R6#1 B1#2", "cast R4#1 B3#1"], [5, 0, 4])
    assert state.phase == COLLECT
    table3.finish_collect(state)
    assert [len(hand) for hand in state.hands] == [6, 6, 6]
    assert state.round == 2 and state.phase == CAST


def test_collect_one_card_per_decision_from_either_deck(table2: Table) -> None:
    state = table2.setup([["R4#1", "B6", "B1#1"], ["R1#1", "B1#2"]], SEA7)
    play_round(table2, state, ["cast R4#1 B6", "cast R1#1 B1#2"], [1, 5])
    seat = state.current_player()
    assert seat == 0  # the fastest collects first
    assert table2.legal(state, 0) == ["draw bait", "draw rod"]
    for deck in ("rod", "bait", "rod", "rod", "bait"):
        assert state.current_player() == 0  # one card per decision, until 6 in hand
        table2.run(state, f"draw {deck}")
    cards = table2.game.cards
    assert sorted(cards.kind[c] for c in state.hands[0]) == [ROD] * 3 + [BAIT] * 3
    assert len(table2.events(state, Drew)) == 5  # each card drawn, the drawer's own
    others = [e for e in state.view(1).events if isinstance(e, Draw | Drew)]
    assert others == [
        Draw(0, 1 if deck == "bait" else 0) for deck in ("rod", "bait", "rod", "rod", "bait")
    ]  # the others see only the deck
    assert state.current_player() == 1


def test_collect_any_mix_even_six_rods(table2: Table) -> None:
    """ "If you only have six rod cards or six bait cards, you will not be able to catch any fish
    in the next round. Your call..." """
    state = table2.setup([["R4#1", "B6"], ["R1#1", "B1#2", "B2#1"]], SEA9)
    play_round(table2, state, ["cast R4#1 B6", "cast R1#1 B1#2"], [1, 5])
    table2.run(state, *["draw rod"] * 6, *["draw rod"] * 5)
    cards = table2.game.cards
    assert [cards.kind[c] for c in state.hands[0]] == [ROD] * 6
    assert state.round == 2
    assert state.legal_actions(0) == []  # no bait: seat 0 cannot cast
    assert state.current_players() == (1,)
    assert table2.say(table2.events(state, SitsOut)[-1]) == (
        "Player 1 sits out this round (no rod or no bait to cast)"
    )


def test_collect_rebuilds_an_empty_deck_from_its_discard(table2: Table) -> None:
    state = table2.setup([["R4#1", "B6"], ["R1#1", "B1#2"]], SEA7, rod_deck=[])
    play_round(table2, state, ["cast R4#1 B6", "cast R1#1 B1#2"], [1, 5])
    assert state.rod_deck == [] and table2.names(state.rod_discard) == ["R4#1", "R1#1"]
    table2.run(state, "draw rod")
    assert table2.events(state, DeckRebuilt) == [DeckRebuilt(ROD)]
    assert state.rod_discard == []
    assert len(state.rod_deck) == 1
    assert {table2.name(state.hands[0][0]), table2.name(state.rod_deck[0])} == {"R4#1", "R1#1"}


# ---------------------------------------------------------------- End of the game


def test_end_after_a_round_with_five_or_fewer_fish(table2: Table) -> None:
    state = table2.setup([["R4#1", "B6"], ["R1#1", "B1#2"]], SEA7)
    play_round(table2, state, ["cast R4#1 B6", "cast R1#1 B1#2"], [1, 5])
    assert len(state.sea_fish()) == 5
    assert state.phase == COLLECT  # the round ends with the collect
    table2.finish_collect(state)
    assert state.is_terminal() and state.phase == GAME_OVER
    assert state.current_players() == ()
    assert table2.events(state, RoundEnd) == [RoundEnd(1, 5)]


def test_end_not_while_six_fish_are_left(table2: Table) -> None:
    state = table2.setup([["R4#1", "B6"], ["R1#1", "B1#2"]], SEA7)
    play_round(table2, state, ["cast R4#1 B6", "cast R1#1 B1#2"], [1, 6])  # F7 gets away
    assert len(state.sea_fish()) == 6
    table2.finish_collect(state)
    assert not state.is_terminal()
    assert (state.round, state.phase) == (2, CAST)


def test_end_checked_only_at_the_end_of_the_round(table3: Table) -> None:
    hands = [["R2#1", "B6"], ["R6#1", "B1#1"], ["R4#1", "B3#1"]]
    state = table3.setup(hands, SEA7)
    play_round(table3, state, ["cast R2#1 B6", "cast R6#1 B1#1", "cast R4#1 B3#1"], [5, 0])
    assert len(state.sea_fish()) == 5
    assert state.current_players() == (0,)  # the last player still fishes
    table3.run(state, "fish 4")
    assert state.phase == COLLECT
    table3.finish_collect(state)
    assert state.is_terminal()


# ---------------------------------------------------------------- Scoring


def score(table: Table, names: list[str]) -> int:
    return pile_score(table.ids(names), table.game.cards)


def test_scoring_adds_the_fish_sizes(table4: Table) -> None:
    assert score(table4, ["F4#1", "F5#1", "F2#1"]) == 11
    assert score(table4, ["Monster8", "Monster10", "Monster12"]) == 30
    assert score(table4, []) == 0


@pytest.mark.parametrize(("boots", "points"), [(1, 0), (2, 1), (3, 3)])
def test_scoring_boots(table4: Table, boots: int, points: int) -> None:
    assert score(table4, [f"Boot#{k}" for k in range(1, boots + 1)]) == points
    assert score(table4, ["F4#1"] + [f"Boot#{k}" for k in range(1, boots + 1)]) == 4 + points


def test_scoring_pearls(table4: Table) -> None:
    assert score(table4, ["Pearl1"]) == 1
    assert score(table4, ["Pearl1", "Pearl6"]) == 7
    assert score(table4, ["Pearl1", "Pearl3", "Pearl6"]) == 20
    assert score(table4, ["Pearl1", "Pearl3", "Pearl6", "F2#1"]) == 22


def test_scoring_highest_score_wins(table2: Table) -> None:
    piles = [["Boot#1", "Boot#2"], ["F3#2"]]
    state = table2.setup([["R4#1", "B6"], ["R1#1", "B1#2"]], SEA7, piles=piles)
    play_round(table2, state, ["cast R4#1 B6", "cast R1#1 B1#2"], [1, 5])
    table2.finish_collect(state)
    assert state.is_terminal()
    assert state.scores() == [0 + 1 + 4, 3 + 1]  # two boots give 1
    assert state.winners() == [0]
    assert table2.say(table2.events(state, GameEnd)[0]) == "Game over: Player 1 wins with 5"


# ---------------------------------------------------------------- Special rods


def test_super_fast_reel_needs_another_rod_and_two_baits(table2: Table) -> None:
    state = table2.setup([["Reel#1", "R3#1", "B3+#1", "B3#1"], ["R1#1", "B1#1"]], SEA7)
    legal = table2.legal(state, 0)
    assert "cast R3#1 Reel#1 B3+#1 B3#1" in legal
    assert not [c for c in legal if "Reel#1" in c and c != "cast R3#1 Reel#1 B3+#1 B3#1"]
    for text in ("cast Reel#1 B3+#1 B3#1", "cast R3#1 Reel#1 B3#1"):
        error = table2.assert_illegal(state, text, 0)
        assert error.rule == "super-fast reel"


def test_super_fast_reel_two_fish_split_the_baits(table2: Table) -> None:
    hands = [["Reel#1", "R3#1", "B3+#1", "B2#1", "B4#1"], ["R1#1", "B1#1"]]
    state = table2.setup(hands, SEA7)
    table2.cast_all(state, "cast R3#1 Reel#1 B3+#1 B2#1 B4#1", "cast R1#1 B1#1")
    table2.run(state, "fish 3")
    assert state.phase == CHOOSE and "fish 3" not in table2.legal(state, 0)  # another fish
    table2.run(state, "fish 6")
    assert state.phase == SPLIT
    assert state.view(1).flipped == tuple(table2.ids(["F3#1", "F7#1"]))  # both shown first
    splits = table2.legal(state, 0)
    assert len(splits) == 6  # every split with at least one bait for each fish
    assert "split B3+#1 B2#1 B4#1" not in splits
    table2.run(state, "split B2#1")  # 2 for the size-3 fish, 3 + 4 for the size-7 fish
    assert table2.pile(state, 0) == ["F7#1"]
    assert table2.sea(state)[3] == "F3#1"  # got away, in place


def test_super_fast_reel_the_second_fish_must_be_another_and_each_fish_gets_a_bait(
    table2: Table,
) -> None:
    hands = [["Reel#1", "R3#1", "B3+#1", "B2#1", "B4#1"], ["R1#1", "B1#1"]]
    state = table2.setup(hands, SEA7)
    table2.cast_all(state, "cast R3#1 Reel#1 B3+#1 B2#1 B4#1", "cast R1#1 B1#1")
    table2.run(state, "fish 3")
    error = table2.assert_illegal(state, "fish 3", 0)
    assert (error.rule, error.detail) == ("super-fast reel", "the second fish must be another one")
    table2.run(state, "fish 6")
    error = table2.assert_illegal(state, "split B3+#1 B2#1 B4#1", 0)  # nothing for one fish
    assert error.rule == "super-fast reel" and "at least one each" in error.detail


def test_fish_finder_looks_only_at_a_sea_spot_with_a_card(table2: Table) -> None:
    state = table2.setup([["Finder#1", "B4#1"], ["R1#1", "B1#1"]], SEA7)
    table2.cast_all(state, "cast Finder#1 B4#1", "cast R1#1 B1#1")
    error = table2.assert_illegal(state, "peek 7", 0)
    assert (error.rule, error.detail) == (
        "infallible fish finder",
        "there is no card at sea spot 7",
    )


def test_fish_finder_looks_before_choosing(table2: Table) -> None:
    state = table2.setup([["Finder#1", "B4#1"], ["R1#1", "B1#1"]], SEA7)
    table2.cast_all(state, "cast Finder#1 B4#1", "cast R1#1 B1#1")
    assert state.phase == PEEK
    assert table2.legal(state, 0) == sorted([f"peek {s}" for s in range(7)] + ["skip"])
    table2.run(state, "peek 6")
    assert state.phase == CHOOSE
    assert state.view(0).sea[6][5] == table2.id("F7#1")
    [face] = [e for e in state.view(0).events if isinstance(e, PeekFace)]
    assert table2.say(face, viewer=0) == "You see fish 7 at spot 6"


def test_fish_finder_one_look_per_card(table2: Table) -> None:
    hands = [["R1+#1", "Finder#1", "Finder#2", "B4#1"], ["R1#1", "B1#1"]]
    state = table2.setup(hands, SEA7)
    table2.cast_all(state, "cast R1+#1 Finder#1 Finder#2 B4#1", "cast R1#1 B1#1")
    table2.run(state, "peek 0")
    assert state.phase == PEEK and state.peeks_left == 1
    table2.run(state, "peek 1")
    assert state.phase == CHOOSE
    assert state.peeked[0] == [0, 1]


def test_rodiest_rod_speed_20_last_generation(table3: Table) -> None:
    hands = [["Rodiest#1", "R6#1", "B1#1"], ["R6#2", "R1+#1", "R5#1", "B6"], ["R4#1", "B3#1"]]
    state = table3.setup(hands, SEA7)
    assert "cast R6#1 Rodiest#1 B1#1" in table3.legal(state, 0)  # it is a "+" rod
    table3.cast_all(state, "cast R6#1 Rodiest#1 B1#1", "cast R1+#1 R5#1 R6#2 B6", "cast R4#1 B3#1")
    assert [state.speed(s) for s in range(3)] == [26, 12, 4]
    assert state.order == [0, 1, 2]


# ---------------------------------------------------------------- Special baits


def test_most_tempting_bait_catches_any_fish(table2: Table) -> None:
    state = table2.setup([["R4#1", "Tempting#1"], ["R1#1", "B1#1"]], ["F2#1", "Monster12"])
    table2.cast_all(state, "cast R4#1 Tempting#1", "cast R1#1 B1#1")
    table2.run(state, "fish 1")
    assert table2.pile(state, 0) == ["Monster12"]
    assert "infinite bait" in table2.say(table2.events(state, Caught)[0])


def covered_sea(table: Table) -> tuple[list[str], list[list[int]]]:
    """SEA7 with spot 1 (F4#1) lying on spot 0 (F2#1) and spot 3 (F3#1) on spot 2 (F5#1)."""
    return SEA7, [[0, 0], [40, 0], [200, 0], [230, 0], [400, 0], [500, 0], [600, 0]]


def test_bait_bucket_may_take_a_covered_fish(table2: Table) -> None:
    sea, positions = covered_sea(table2)
    state = table2.setup([["R4#1", "Bucket#1"], ["R1#1", "B1#1"]], sea, positions=positions)
    table2.cast_all(state, "cast R4#1 Bucket#1", "cast R1#1 B1#1")
    assert {"fish 0", "fish 2"} <= set(table2.legal(state, 0))
    table2.run(state, "fish 0")  # F2#1, covered, bait 2
    assert table2.pile(state, 0) == ["F2#1"]
    assert "fish 2" not in table2.legal(state, 1)  # without a bucket: uncovered fish only


def test_bait_bucket_covered_fish_that_gets_away_lies_beside_the_sea(table2: Table) -> None:
    sea, positions = covered_sea(table2)
    state = table2.setup([["R4#1", "Bucket#1"], ["R1#1", "B1#1"]], sea, positions=positions)
    table2.cast_all(state, "cast R4#1 Bucket#1", "cast R1#1 B1#1")
    table2.run(state, "fish 2")  # F5#1, covered, bait 2: it gets away
    assert table2.sea(state)[2] is None
    assert table2.names(state.beside) == ["F5#1"]
    assert table2.say(table2.events(state, GotAwayBeside)[0]) == (
        "Fish 5 gets away and lies beside the sea (bait 2)"
    )
    assert "fish beside F5#1" in table2.legal(state, 1)  # any other player may try it


def test_turbulent_bait_before_the_catch(table2: Table) -> None:
    state = table2.setup([["R4#1", "Turbulent#1"], ["R1#1", "B1#1"]], SEA7)
    table2.cast_all(state, "cast R4#1 Turbulent#1", "cast R1#1 B1#1")
    assert state.phase == TURBULENT
    assert table2.legal(state, 0) == ["turbulent after", "turbulent before"]
    table2.run(state, "turbulent before")
    assert len(table2.events(state, SeaShuffled)) == 1
    assert state.phase == CHOOSE
    assert sorted(table2.names(state.sea_fish())) == sorted(SEA7)
    assert table2.where(state) != {spot: (spot * 100, 0) for spot in range(7)}  # thrown anew
    table2.run(state, f"fish {state.free_spots()[0]}")
    assert len(table2.events(state, SeaShuffled)) == 1  # no second shuffle


def test_turbulent_bait_after_the_catch(table2: Table) -> None:
    state = table2.setup([["R4#1", "Turbulent#1"], ["R1#1", "B1#1"]], SEA7)
    table2.cast_all(state, "cast R4#1 Turbulent#1", "cast R1#1 B1#1")
    table2.run(state, "turbulent after")
    assert table2.events(state, SeaShuffled) == []
    assert table2.sea(state) == SEA7  # choose from the sea as it lies
    table2.run(state, "fish 0")  # F2#1 with bait 2
    kinds = [type(e) for e in state.events]
    assert kinds.index(Caught) < kinds.index(SeaShuffled)
    assert table2.pile(state, 0) == ["F2#1"]
    assert sorted(table2.names(state.sea_fish())) == sorted(SEA7[1:])
    assert state.current_player() == 1


# ---------------------------------------------------------------- Out-of-series rods


def test_out_of_series_rod_fishes_with_a_caught_fish(oos2: Table) -> None:
    hands = [["OOSRod#1", "B1#1", "B2#1"], ["R1#1", "B1#2"]]
    state = oos2.setup(hands, SEA7, piles=[["F3#2", "F2#2"], []])
    # Canonical texts list cards in id order: the out-of-series cards come last.
    assert "cast B1#1 F3#2 OOSRod#1" in oos2.legal(state, 0)
    assert "cast B1#1 OOSRod#1" in oos2.legal(state, 0)  # an ordinary cast is fine too
    oos2.cast_all(state, "cast OOSRod#1 B1#1 F3#2", "cast R1#1 B1#2")
    # The bait card goes back to the hand; the size-3 fish is a bait of 6.
    assert oos2.hand(state, 0) == ["B1#1", "B2#1"]
    assert oos2.pile(state, 0) == ["F2#2"]
    assert state.bait_value(0, state.catch_baits(0)) == 6
    assert state.order == [0, 1]
    oos2.run(state, "fish 4")  # F6#1
    assert oos2.pile(state, 0) == ["F2#2", "F6#1"]
    assert oos2.names(state.rod_discard) == ["OOSRod#1"]
    assert state.bait_discard == []


# ---------------------------------------------------------------- Out-of-series fish effects


def test_golden_fish_adds_2_to_your_bait(oos2: Table) -> None:
    """Limited duration: +2 to your bait total, for the catch order and for catching."""
    hands = [["R4#1", "B3#1"], ["R4#2", "B4#1"]]
    state = oos2.setup(hands, SEA7, piles=[["GoldenFish#1"], []])
    oos2.cast_all(state, "cast R4#1 B3#1", "cast R4#2 B4#1")
    assert state.order == [0, 1]  # speed tie: bait 3 + 2 beats bait 4
    oos2.run(state, "fish 2")  # size 5
    assert oos2.pile(state, 0) == ["GoldenFish#1", "F5#1"]
    assert oos2.say(oos2.events(state, Caught)[0]) == "Player 1 catches fish 5 with bait 5"


def test_pair_of_fish_try_another_fish_with_the_same_cards(oos2: Table) -> None:
    """Instant: one more try at once, with the same bait."""
    hands = [["R4#1", "B4#1"], ["R1#1", "B1#2"]]
    state = oos2.setup(hands, [*SEA7, "PairOfFish"])
    oos2.cast_all(state, "cast R4#1 B4#1", "cast R1#1 B1#2")
    oos2.run(state, "fish 7")
    assert state.phase == RETRY and state.current_player() == 0
    assert "skip" in oos2.legal(state, 0) and "fish 1" in oos2.legal(state, 0)
    oos2.run(state, "fish 1")  # F4#1 with the same bait 4
    assert oos2.pile(state, 0) == ["PairOfFish", "F4#1"]
    assert state.current_player() == 1
    assert oos2.names(state.bait_discard) == ["B4#1"]  # the cards were used once, then discarded


def test_prawn_makes_1_point_fish_give_2(oos2: Table) -> None:
    """End of game: each fish that would give 1 point gives 2."""
    assert score(oos2, ["Prawn", "F1#1", "F4#1", "Boot#1"]) == 3 + 2 + 4 + 0
    assert score(oos2, ["F1#1", "F4#1"]) == 5
    piles = [["Prawn", "F1#2"], ["Pearl1"]]
    state = oos2.setup([["R4#1", "B1#1"], ["R1#1", "B1#2"]], SEA7, piles=piles)
    assert state.scores() == [3 + 2, 1]


def test_sustainable_fishing_releases_the_biggest_fish_of_the_round(oos2: Table) -> None:
    """Instant: the biggest fish caught this round goes back to the sea; then the sea is
    shuffled."""
    hands = [["R4#1", "B6"], ["R1#1", "B2#1"]]
    state = oos2.setup(hands, [*SEA7, "Sustainable"], piles=[["F7#2"], []])
    oos2.cast_all(state, "cast R4#1 B6", "cast R1#1 B2#1")
    oos2.run(state, "fish 4")  # seat 0 catches F6#1
    oos2.run(state, "fish 7")  # seat 1 catches Sustainable
    assert oos2.pile(state, 0) == ["F7#2"]  # F7#2 came in an earlier round: kept
    assert oos2.pile(state, 1) == ["Sustainable"]
    assert oos2.events(state, Released) == [Released(0, oos2.id("F6#1"))]
    assert "F6#1" in oos2.names(state.sea_fish())
    assert len(oos2.events(state, SeaShuffled)) == 1
    assert not any(state.sea_known)


def test_smart_bream_shows_every_uncovered_fish(oos2: Table) -> None:
    """Instant: every uncovered sea fish is turned over for all and put back in place."""
    sea = ["F2#1", "F4#1", "F5#1", "F3#1", "SmartBream"]
    positions = [[0, 0], [40, 0], [200, 0], [300, 0], [400, 0]]  # F4#1 covers F2#1
    state = oos2.setup([["R4#1", "B5#1"], ["R1#1", "B1#2"]], sea, positions=positions)
    where = oos2.where(state)
    oos2.cast_all(state, "cast R4#1 B5#1", "cast R1#1 B1#2")
    oos2.run(state, "fish 4")
    assert oos2.pile(state, 0) == ["SmartBream"]
    faces = {spot: face for spot, *_, face in state.view(1).sea}
    assert faces == {0: -1, 1: oos2.id("F4#1"), 2: oos2.id("F5#1"), 3: oos2.id("F3#1")}
    assert oos2.where(state) == {s: xy for s, xy in where.items() if s != 4}  # same places
    assert oos2.say(oos2.events(state, Bream)[0]) == (
        "Smart Bream shows fish 4 at spot 1, fish 5 at spot 2, fish 3 at spot 3"
    )


def test_useless_fish_takes_2_from_your_bait(oos2: Table) -> None:
    """Limited duration: -2 to your bait total."""
    hands = [["R4#1", "B6"], ["R1#1", "B1#2"]]
    state = oos2.setup(hands, SEA7, piles=[["UselessFish"], []])
    oos2.cast_all(state, "cast R4#1 B6", "cast R1#1 B1#2")
    oos2.run(state, "fish 2")  # size 5, bait 6 - 2
    assert oos2.pile(state, 0) == ["UselessFish"]
    assert oos2.say(oos2.events(state, GotAway)[0]) == "Fish 5 gets away from Player 1 (bait 4)"


def test_puffer_fish_each_player_discards_the_fastest_rod(oos3: Table) -> None:
    """Instant: every player (the catcher too) discards the rod of highest speed in hand."""
    hands = [
        ["R4#1", "B4#1", "R5#1", "R2#1", "B1#1"],
        ["R1#1", "B1#2", "R6#1", "R3#1"],
        ["R1#2", "B1#3", "B2#1"],
    ]
    state = oos3.setup(hands, [*SEA7, "PufferFish"])
    oos3.cast_all(state, "cast R4#1 B4#1", "cast R1#1 B1#2", "cast R1#2 B1#3")
    oos3.run(state, "fish 7")
    assert oos3.pile(state, 0) == ["PufferFish"]
    assert oos3.hand(state, 0) == ["B1#1", "R2#1"]
    assert oos3.hand(state, 1) == ["R3#1"]
    assert oos3.hand(state, 2) == ["B2#1"]
    assert [(e.seat, oos3.name(e.rod)) for e in oos3.events(state, Puffer)] == [
        (0, "R5#1"),
        (1, "R6#1"),
    ]
    assert {"R5#1", "R6#1"} <= set(oos3.names(state.rod_discard))


def test_crab_forbids_last_generation_baits(oos2: Table) -> None:
    """Limited duration: no "+" baits in your cast."""
    hands = [["R3#1", "R1+#1", "B3+#1", "B3#1"], ["R1#1", "B1#2"]]
    state = oos2.setup(hands, SEA7, piles=[["Crab"], []])
    legal = oos2.legal(state, 0)
    assert legal == ["cast R1+#1 B3#1", "cast R1+#1 R3#1 B3#1", "cast R3#1 B3#1"]
    error = oos2.assert_illegal(state, "cast R3#1 B3+#1 B3#1", 0)
    assert error.rule == "out-of-series crab"


def test_moray_eel_forbids_last_generation_rods(oos2: Table) -> None:
    """Limited duration: no "+" rods in your cast."""
    hands = [["R3#1", "R1+#1", "B3+#1", "B3#1"], ["R1#1", "B1#2"]]
    state = oos2.setup(hands, SEA7, piles=[["MorayEel"], []])
    legal = oos2.legal(state, 0)
    assert legal == ["cast R3#1 B3#1", "cast R3#1 B3+#1", "cast R3#1 B3+#1 B3#1"]
    error = oos2.assert_illegal(state, "cast R1+#1 R3#1 B3#1", 0)
    assert error.rule == "out-of-series moray-eel"


def test_limited_duration_ends_when_covered(oos2: Table) -> None:
    """The effect lasts while the card tops your catch pile; covered, it ends at once."""
    hands = [["R4#1", "B3+#1", "B3#1"], ["R1#1", "B1#2"]]
    rod_deck = ["R4#2", "R1#2", "R2#1", "R2#2"]
    bait_deck = ["B3#2", "B1#3", "B2#1", "B2#2", "B2#3", "B4#1", "B4#2", "B5#1"]
    state = oos2.setup(hands, SEA9, piles=[["Crab"], []], rod_deck=rod_deck, bait_deck=bait_deck)
    assert "cast R4#1 B3+#1 B3#1" not in oos2.legal(state, 0)
    oos2.cast_all(state, "cast R4#1 B3#1", "cast R1#1 B1#2")
    oos2.run(state, "fish 0", "fish 5")  # seat 0 catches F2#1: the Crab is covered
    oos2.run(state, "draw rod", *["draw bait"] * 4)
    oos2.finish_collect(state)
    assert oos2.pile(state, 0) == ["Crab", "F2#1"]
    assert "B3+#1" in oos2.hand(state, 0)
    assert "cast R4#2 B3+#1 B3#2" in oos2.legal(state, 0)


# ---------------------------------------------------------------- Options


def test_option_out_of_series_none_by_default(table4: Table) -> None:
    assert table4.game.settings["out_of_series"] == "none"
    assert table4.game.settings["oos_rods"] is False
    assert table4.names(table4.game.fish_in_play) == [
        card.name
        for card in table4.game.cards.cards
        if card.kind == FISH and not card.out_of_series
    ]


def sizes(table: Table) -> list[int]:
    return sorted(table.game.cards.value[f] for f in table.game.fish_in_play)


def test_option_out_of_series_all(make_table: Callable[..., Table]) -> None:
    plain, table = make_table(4), make_table(4, out_of_series="all")
    cards = table.game.cards
    added = [f for f in table.game.fish_in_play if cards.cards[f].out_of_series]
    assert len(added) == 10 and len(table.game.fish_in_play) == 27
    gone = set(plain.game.fish_in_play) - set(table.game.fish_in_play)
    assert len(gone) == 10
    assert all(cards.special[f] is None for f in gone)  # boots, pearls, monsters stay
    assert sizes(table) == sizes(plain)  # each replaces an ordinary fish of its size


def test_option_out_of_series_by_name(make_table: Callable[..., Table]) -> None:
    table = make_table(4, out_of_series="Prawn,Crab,GoldenFish")
    cards = table.game.cards
    added = [cards.cards[f].name for f in table.game.fish_in_play if cards.cards[f].out_of_series]
    assert sorted(added) == ["Crab", "GoldenFish#1", "Prawn"]
    assert sizes(table) == sizes(make_table(4))
    both = make_table(4, out_of_series="GoldenFish,GoldenFish").game
    extra = [f for f in both.fish_in_play if both.cards.cards[f].out_of_series]
    assert both.cards.names(extra) == ["GoldenFish#1", "GoldenFish#2"]


@pytest.mark.parametrize("value", ["Shark", "Prawn,Prawn"])
def test_option_out_of_series_unknown_name(value: str) -> None:
    with pytest.raises(OptionError, match="no out-of-series fish"):
        make_game("crazy-fishing", 4, out_of_series=value)


def test_option_oos_rods(make_table: Callable[..., Table]) -> None:
    plain, table = make_table(4), make_table(4, oos_rods="yes")  # a string as the CLI gives
    assert table.game.settings["oos_rods"] is True
    rods = table.names(table.game.rods_in_play)
    assert len(rods) == 36
    assert {"OOSRod#1", "OOSRod#2"} <= set(rods)
    gone = set(plain.game.rods_in_play) - set(table.game.rods_in_play)
    assert [table.game.cards.value[r] for r in gone] == [3, 3]  # same speed as the new rods
    with pytest.raises(OptionError, match="oos_rods"):
        make_game("crazy-fishing", 4, oos_rods="maybe")


def test_player_counts_2_to_6() -> None:
    for players in (1, 7):
        with pytest.raises(OptionError, match="2–6 players"):
            make_game("crazy-fishing", players)
    assert make_game("crazy-fishing").players == 4


def test_unknown_action_text_is_refused(table2: Table) -> None:
    state = table2.setup([["R3#1", "B3#1"], ["R1#1", "B1#1"]], SEA7)
    before = table2.snapshot(state)
    with pytest.raises(AnglerError, match="names no cards"):
        state.apply("cast", 0)
    with pytest.raises(AnglerError, match="unknown action"):
        state.apply("reel in", 0)
    with pytest.raises(AnglerError, match="unknown card"):
        state.apply("cast R3#1 Nope", 0)
    assert table2.snapshot(state) == before


# ---------------------------------------------------------------- Illegal input


@pytest.mark.parametrize(
    ("text", "rule", "detail"),
    [
        ("cast R3#1 R4#1 B3#1", "last generation", "2 rods need a '+' rod"),
        ("cast R3#1 B3#1 B4#1", "last generation", "2 baits need a '+' bait"),
        ("cast F2#2", "cast", "a cast needs at least 1 rod"),  # a fish of the catch pile only
        ("cast R3#1 B3#1 F2#2", "out-of-series rod", "only an out-of-series rod"),
        ("cast R3#1 F2#1", "cast", "F2#1 is not in your catch pile"),
        ("fish 0", "cast", "must cast rods and baits now"),
        ("draw rod", "cast", "must cast rods and baits now"),
    ],
)
def test_illegal_cast_names_the_rule(table2: Table, text: str, rule: str, detail: str) -> None:
    hands = [["R3#1", "R4#1", "B3#1", "B4#1"], ["R1#1", "B1#1"]]
    state = table2.setup(hands, SEA7, piles=[["F2#2"], []])
    error = table2.assert_illegal(state, text, 0)
    assert error.rule == rule
    assert detail in str(error)


def test_illegal_empty_cast(table2: Table) -> None:
    state = table2.setup([["R3#1", "B3#1"], ["R1#1", "B1#1"]], SEA7)
    before = table2.snapshot(state)
    with pytest.raises(IllegalActionError, match="an empty cast") as caught:
        state.apply_action(act.code(act.CAST, 0), 0)  # a cast of no card at all
    assert caught.value.rule == "cast"
    assert table2.snapshot(state) == before


def test_illegal_covered_fish_without_a_bait_bucket(table2: Table) -> None:
    positions = [[0, 0], [40, 0], [200, 0], [300, 0], [400, 0], [500, 0], [600, 0]]
    state = table2.setup([["R4#1", "B6"], ["R1#1", "B1#1"]], SEA7, positions=positions)
    table2.cast_all(state, "cast R4#1 B6", "cast R1#1 B1#1")
    error = table2.assert_illegal(state, "fish 0", 0)
    assert error.rule == "catch: only uncovered fish"
    assert "only a Bait Bucket may take it" in str(error)
    assert table2.assert_illegal(state, "fish 1", 1).rule == "turn order"  # not seat 1's turn
    assert "no fish at sea spot 9" in str(table2.assert_illegal(state, "fish 9", 0))
    assert table2.assert_illegal(state, "fish beside F4#1", 0).rule == "catch"


def test_illegal_draw_beyond_six_cards(table2: Table) -> None:
    state = table2.setup([["R4#1", "B6", "B1#1", "B2#1"], ["R1#1", "B1#2"]], SEA9)
    play_round(table2, state, ["cast R4#1 B6", "cast R1#1 B1#2"], [1, 5])
    table2.run(state, "draw rod", "draw bait", "draw rod", "draw bait")  # seat 0: 6 cards
    assert len(state.hands[0]) == 6 and state.current_player() == 1
    error = table2.assert_illegal(state, "draw rod", 0)
    assert error.rule == "collect"
    assert "already holds 6 cards" in str(error)


# ---------------------------------------------------------------- Views


def test_view_sea_shows_backs_and_positions(table3: Table) -> None:
    positions = [[0, 0], [40, 0], [200, -5], [300, 7], [400, 0], [500, 0], [600, 0]]
    state = table3.setup(
        [["R1#1", "B1#1"], ["R2#1", "B2#1"], ["R3#1", "B3#1"]], SEA7, positions=positions
    )
    cards = table3.game.cards
    for seat in range(3):
        view = state.view(seat)
        assert view.sea_spots == 7
        assert [(spot, x, y) for spot, x, y, *_ in view.sea] == [
            (spot, x, y) for spot, (x, y) in enumerate(positions)
        ]
        assert [back for *_, back, _ in view.sea] == [cards.cards[table3.id(f)].back for f in SEA7]
        assert [covered for _, _, _, covered, _, _ in view.sea] == [True] + [False] * 6
        assert all(face == -1 for *_, face in view.sea)  # faces unknown to all


def test_view_shows_only_your_own_hand(table3: Table) -> None:
    hands = [["R1#1", "B1#1", "B5#1"], ["R2#1", "B2#1"], ["R3#1", "B3#1", "Rodiest#1"]]
    state = table3.setup(hands, SEA7)
    view = state.view(1)
    assert view.hand == tuple(sorted(table3.ids(["R2#1", "B2#1"])))
    assert view.rods_held == (1, 1, 2) and view.baits_held == (2, 1, 1)  # the backs differ
    # Other hands with the same backs give seat 1 the very same view, in every phase.
    other = table3.setup([["R1#1", "B1#1", "B4#1"], hands[1], ["R3#1", "B3#1", "R6#1"]], SEA7)
    casts = ["cast R1#1 B1#1", "cast R2#1 B2#1", "cast R3#1 B3#1"]
    for step in [None, *range(3)]:
        if step is not None:
            for twin in (state, other):
                twin.apply(casts[step], step)
        assert state.view(1) == other.view(1)
        json.dumps(state.view(1).as_dict())  # JSON-ready
    assert table3.game.presentation.render_view(view).startswith(
        "Crazy Fishing, round 1: you are Player 2 of 3"
    )
