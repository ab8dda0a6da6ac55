"""The Crazy Fishing rulebook's own examples, played through the engine.

The rulebook's players sit as seats 0 to 2: Ernesto, Tomás, Elena. Card names are those of the
default edition (``R2+#1`` is the first "2+" rod, ``B3#1`` the first ordinary "3" bait, ``F4#1``
the first fish of size 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from angler.games.crazy_fishing.events import Caught, Flip, TieBreak
from angler.games.crazy_fishing.rules import CHOOSE, SPLIT
from angler.games.crazy_fishing.scoring import pile_score

if TYPE_CHECKING:
    from tests.games.crazy_fishing.conftest import Table

ERNESTO, TOMAS, ELENA = range(3)
# Sizes 2, 4, 5, 3, 6, 1, 7 at sea spots 0 to 6, lying apart (none covered).
SEA = ["F2#1", "F4#1", "F5#1", "F3#1", "F6#1", "F1#1", "F7#1"]


def test_example_catch_order_ernesto_tomas_elena(table3: Table) -> None:
    """Ernesto shows a "2+" and a "3" rod with a "4" bait, Tomás a "4" rod, Elena a "5" rod with
    a "3+" and a "3" bait. Ernesto and Elena tie on speed 5; Elena's baits (6) beat Ernesto's 4:
    the order is Elena, Ernesto, Tomás."""
    hands = [["R2+#1", "R3#1", "B4#1"], ["R4#1", "B2#1"], ["R5#1", "B3+#1", "B3#1"]]
    state = table3.setup(hands, SEA)
    # Only the "+" lets Ernesto play two rods, and Elena two baits.
    assert "cast R2+#1 R3#1 B4#1" in table3.legal(state, ERNESTO)
    assert "cast R5#1 B3+#1 B3#1" in table3.legal(state, ELENA)
    table3.cast_all(state, "cast R2+#1 R3#1 B4#1", "cast R4#1 B2#1", "cast R5#1 B3+#1 B3#1")
    assert [state.speed(seat) for seat in range(3)] == [5, 4, 5]
    assert state.bait_value(ERNESTO, state.catch_baits(ERNESTO)) == 4
    assert state.bait_value(ELENA, state.catch_baits(ELENA)) == 6
    assert state.order == [ELENA, ERNESTO, TOMAS]
    assert table3.events(state, TieBreak) == []  # the baits broke the tie
    assert state.current_players() == (ELENA,) and state.phase == CHOOSE


@pytest.mark.parametrize(("bait", "caught"), [("B4#1", True), ("B3#1", False)])
def test_example_tomas_size_4_fish(table3: Table, bait: str, caught: bool) -> None:
    """Tomás turns over a fish of size 4. His bait "4" catches it; with a "3" he would have had
    to return it to the sea (face down, in the same place)."""
    hands = [["R1#1", "B1#1"], ["R4#1", bait], ["R2#1", "B1#2"]]
    state = table3.setup(hands, SEA)
    where = table3.where(state)
    table3.cast_all(state, "cast R1#1 B1#1", f"cast R4#1 {bait}", "cast R2#1 B1#2")
    assert state.current_player() == TOMAS
    table3.run(state, "fish 1")  # the size-4 fish, F4#1
    if caught:
        assert table3.pile(state, TOMAS) == ["F4#1"]
        assert table3.sea(state)[1] is None
    else:
        assert table3.pile(state, TOMAS) == []
        assert table3.sea(state)[1] == "F4#1"  # back in the sea ...
        assert table3.where(state) == where  # ... in the same place ...
        assert "fish 1" in table3.legal(state, ELENA)  # ... and anyone may try it again
    # Caught or not, Tomás discards the cards he played.
    assert table3.names(state.rod_discard) == ["R4#1"]
    assert table3.names(state.bait_discard) == [bait]


def test_example_ernesto_super_fast_reel(table3: Table) -> None:
    """Ernesto plays a "1+" Super-Fast Reel with a "3" rod (speed 4), a "3+" bait and ordinary
    "3" and "4" baits. He turns over fish of size 2 and 5, uses the "3" for the first and the
    other two (3 + 4 = 7) for the bigger one: both are caught."""
    hands = [["Reel#1", "R3#1", "B3+#1", "B3#1", "B4#1"], ["R1#1", "B1#1"], ["R2#1", "B1#2"]]
    state = table3.setup(hands, SEA)
    table3.cast_all(state, "cast Reel#1 R3#1 B3+#1 B3#1 B4#1", "cast R1#1 B1#1", "cast R2#1 B1#2")
    assert state.speed(ERNESTO) == 4
    assert state.order == [ERNESTO, ELENA, TOMAS]
    table3.run(state, "fish 0", "fish 2")  # F2#1 (size 2), then F5#1 (size 5)
    assert state.phase == SPLIT
    flips = table3.events(state, Flip)
    assert table3.say(flips[0]) == "Player 1 flips fish 2, fish 5"
    table3.run(state, "split B3#1")  # the baits for the first fish; the rest go to the second
    caught = [(table3.name(e.fish), e.bait) for e in table3.events(state, Caught)]
    assert caught == [("F2#1", 3), ("F5#1", 7)]
    assert table3.pile(state, ERNESTO) == ["F2#1", "F5#1"]
    assert table3.names(state.bait_discard) == ["B3+#1", "B3#1", "B4#1"]
    assert state.current_player() == ELENA


def test_example_elena_scores_26(table3: Table) -> None:
    """Elena caught ten cards: fish 4+5+2+3+2+2+1+6 = 25 and two boots, worth 1 more: 26."""
    fish = ["F4#1", "F5#1", "F2#1", "F3#1", "F2#2", "F2#3", "F1#1", "F6#1"]
    pile = [*fish, "Boot#1", "Boot#2"]
    cards = table3.game.cards
    assert sum(cards.value[c] for c in table3.ids(fish)) == 25
    assert pile_score(table3.ids(pile), cards) == 26
    # The same pile at the end of a last round: 7 fish in the sea, 2 caught, 5 left.
    hands = [["R1#1", "B3#1"], ["R4#1", "B1#2"], ["R2#1", "B1#3"]]
    sea = ["F3#2", "F4#2", "F5#2", "F3#3", "F6#2", "F1#2", "F7#1"]
    state = table3.setup(hands, sea, piles=[[], [], pile[::-1]])
    table3.cast_all(state, "cast R1#1 B3#1", "cast R4#1 B1#2", "cast R2#1 B1#3")
    assert state.order == [TOMAS, ELENA, ERNESTO]
    table3.run(state, "fish 5", "fish 6", "fish 0")  # Tomás F1#2, Elena misses, Ernesto F3#2
    table3.finish_collect(state)
    assert state.is_terminal()
    assert state.scores() == [3, 1, 26]
    assert state.winners() == [ELENA]
