"""The rulings: where the Crazy Fishing rulebook is silent, the engine decides as
docs/rules/crazy-fishing.md says. One test (or a few) per ruling, named ``test_ruling_<name>``;
``test_gap_<name>`` pins a finding that is not (yet) a ruling.

Set-ups as in test_rules.py: the sea is listed bottom-up and lies in a row 100 mm apart unless
``positions`` is given; piles and decks are written top card first.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from typing import TYPE_CHECKING

import pytest

from angler.games.crazy_fishing.cards import BAIT, DEFAULT_CARDS, FISH, INFINITE, ROD, load_cards
from angler.games.crazy_fishing.events import (
    Caught,
    DeckRebuilt,
    Flip,
    GotAway,
    NobodyCasts,
    NoPeek,
    NoRetry,
    Peek,
    PeekFace,
    Puffer,
    Released,
    RoundEnd,
    SeaShuffled,
    SitsOut,
    TieBreak,
)
from angler.games.crazy_fishing.rules import CAST, CHOOSE, GAME_OVER, PEEK, RETRY, TURBULENT
from angler.games.crazy_fishing.scoring import pile_score

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from tests.games.crazy_fishing.conftest import Table

    from angler.games.crazy_fishing.rules import CrazyFishingState

# Sizes 2, 4, 5, 3, 6, 1, 7 at spots 0 to 6.
SEA7 = ["F2#1", "F4#1", "F5#1", "F3#1", "F6#1", "F1#1", "F7#1"]
SEA9 = [*SEA7, "F3#2", "F4#2"]
# F4#1 (spot 1) lies on F2#1 (spot 0), F3#1 (spot 3) on F5#1 (spot 2); the rest apart.
COVERED7 = [[0, 0], [40, 0], [200, 0], [230, 0], [400, 0], [500, 0], [600, 0]]
COVERED9 = [*COVERED7, [700, 0], [800, 0]]


def faces(table: Table, state: CrazyFishingState, seat: int) -> dict[int, str | None]:
    """The faces ``seat`` sees in the sea, by spot (None: only the back)."""
    view = state.view(seat)
    return {spot: table.name(face) if face >= 0 else None for spot, *_, face in view.sea}


# ---------------------------------------------------------------- 1. The default edition


def test_ruling_default_edition(table4: Table) -> None:
    cards = table4.game.cards.cards
    rods = [c for c in cards if c.kind == ROD and not c.out_of_series]
    baits = [c for c in cards if c.kind == BAIT]
    fish = [c for c in cards if c.kind == FISH and not c.out_of_series]
    assert (len(rods), len(baits), len(fish)) == (36, 36, 27)
    # Rods: 27 ordinary, speeds 1-6, "+" only on 1s, 2s and 3s; 3 copies of each special.
    plain_rods = [c for c in rods if c.special is None]
    assert len(plain_rods) == 27
    assert {c.value for c in plain_rods} == set(range(1, 7))
    assert {c.value for c in plain_rods if c.plus} == {1, 2, 3}
    assert Counter((c.special, c.value, c.plus) for c in rods if c.special) == {
        ("super-fast-reel", 1, True): 3,
        ("fish-finder", 2, False): 3,
        ("rodiest-rod", 20, True): 3,
    }
    # Baits: 27 ordinary, values 1-6, "+" only on 1s to 3s; 3 of each special.
    plain_baits = [c for c in baits if c.special is None]
    assert len(plain_baits) == 27
    assert {c.value for c in plain_baits} == set(range(1, 7))
    assert {c.value for c in plain_baits if c.plus} == {1, 2, 3}
    assert Counter((c.special, c.value) for c in baits if c.special) == {
        ("most-tempting", INFINITE): 3,
        ("bait-bucket", 2): 3,
        ("turbulent", 2): 3,
    }
    # Fish: 18 ordinary of sizes 1-7; 3 boots, 3 pearls (1, 3, 6), 3 monsters (8, 10, 12).
    plain_fish = [c for c in fish if c.special is None]
    assert len(plain_fish) == 18
    assert {c.value for c in plain_fish} == set(range(1, 8))
    assert {c.back for c in plain_fish} == {"1-3", "2-4", "3-6", "4-7", "?"}
    by_kind = {
        kind: sorted(c.value for c in fish if c.special == kind)
        for kind in ("boot", "pearl", "monster")
    }
    assert by_kind == {"boot": [0, 0, 0], "pearl": [1, 3, 6], "monster": [8, 10, 12]}
    # "3+" cards, removed with 2 players.
    assert [sum(c.three_plus for c in group) for group in (rods, baits, fish)] == [6, 5, 4]


# ---------------------------------------------------------------- 2. Sea geometry


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_ruling_sea_geometry(table4: Table, seed: int) -> None:
    """Round cards 70 mm across, thrown into a disc of radius 29 mm × √(fish count); a fish is
    covered while a card higher in the pile overlaps it (centres less than 70 mm apart)."""
    state = table4.game.new_state(seed)
    sea = state.view(0).sea
    radius = 29 * math.sqrt(len(sea))
    for spot, x, y, covered, _, _ in sea:
        assert math.hypot(x, y) <= radius + 1
        overlapped = any(math.hypot(x - x2, y - y2) < 70 for s2, x2, y2, *_ in sea if s2 > spot)
        assert covered == overlapped
    assert any(covered for *_, covered, _, _ in sea)  # 27 fish in a small disc: a real pile


def test_ruling_sea_geometry_overlap_is_under_one_diameter(table2: Table) -> None:
    sea = ["F2#1", "F4#1", "F5#1", "F3#1"]
    positions = [[0, 0], [69, 0], [500, 0], [570, 0]]  # 69 mm apart overlap, 70 mm do not
    state = table2.setup([["R1#1", "B1#1"], ["R2#1", "B2#1"]], sea, positions=positions)
    assert [covered for _, _, _, covered, _, _ in state.view(0).sea] == [True, False, False, False]


# ---------------------------------------------------------------- 3. Beside the sea


def test_ruling_beside_the_sea_anyone_may_try_placer_included(table2: Table) -> None:
    hands = [["R4#1", "Bucket#1", "R5#1", "B5#1"], ["R1#1", "B1#1", "R2#1", "B2#1"]]
    state = table2.setup(hands, SEA9, positions=COVERED9)
    table2.cast_all(state, "cast R4#1 Bucket#1", "cast R1#1 B1#1")
    table2.run(state, "fish 2")  # F5#1, covered: it gets away beside the sea
    assert table2.names(state.beside) == ["F5#1"]
    assert "fish beside F5#1" in table2.legal(state, 1)  # another player, this round
    table2.run(state, "fish 5")  # seat 1 catches F1#1 instead
    table2.finish_collect(state)
    assert state.round == 2
    table2.cast_all(state, "cast R5#1 B5#1", "cast R2#1 B2#1")
    assert state.current_player() == 0
    assert "fish beside F5#1" in table2.legal(state, 0)  # its placer, a round later
    table2.run(state, "fish beside F5#1")
    assert table2.pile(state, 0) == ["F5#1"] and state.beside == []


# ---------------------------------------------------------------- 4. Catch piles are public


def test_ruling_catch_piles_are_public(table3: Table) -> None:
    piles = [["F2#2", "Boot#1", "F6#2"], [], []]
    state = table3.setup([["R1#1", "B1#1"], ["R2#1", "B2#1"], ["R3#1", "B3#1"]], SEA7, piles=piles)
    expected = tuple(table3.ids(["F6#2", "Boot#1", "F2#2"]))  # bottom first, top last
    for seat in range(3):
        assert state.view(seat).piles[0] == expected
        assert state.view(seat).scores[0] == 8


# ---------------------------------------------------------------- 5. Known faces


def test_ruling_fish_that_got_away_is_known_until_the_sea_is_shuffled(table2: Table) -> None:
    hands = [["R4#1", "B3#1"], ["R1#1", "Turbulent#1"]]
    state = table2.setup(hands, SEA7)
    table2.cast_all(state, "cast R4#1 B3#1", "cast R1#1 Turbulent#1")
    table2.run(state, "fish 1")  # F4#1 gets away
    for seat in (0, 1):
        assert faces(table2, state, seat)[1] == "F4#1"
        assert list(faces(table2, state, seat).values()).count(None) == 6
    table2.run(state, "turbulent before")  # the sea is shuffled: every face is unknown again
    assert state.phase == CHOOSE
    for seat in (0, 1):
        assert set(faces(table2, state, seat).values()) == {None}


def test_ruling_flipped_fish_are_known(table2: Table) -> None:
    """The Reel flips both its fish before the baits are split."""
    hands = [["Reel#1", "R3#1", "B3+#1", "B1#1"], ["R1#1", "B1#2"]]
    state = table2.setup(hands, SEA7)
    table2.cast_all(state, "cast Reel#1 R3#1 B3+#1 B1#1", "cast R1#1 B1#2")
    table2.run(state, "fish 3", "fish 6")
    assert faces(table2, state, 1)[3] == "F3#1" and faces(table2, state, 1)[6] == "F7#1"
    table2.run(state, "split B1#1")  # both get away (1 < 3, 3 < 7): both still known
    assert faces(table2, state, 1)[3] == "F3#1" and faces(table2, state, 1)[6] == "F7#1"


# ---------------------------------------------------------------- 6. Sitting out


@pytest.mark.parametrize(
    ("hand", "pile"),
    [
        (["R3#1", "R4#1", "R5#1"], []),  # no bait
        (["B3#1", "B4#1"], []),  # no rod
        (["Reel#1", "B3+#1", "B3#1"], []),  # the Reel needs another rod
        (["R3#1", "B3+#1", "B2+#1"], ["Crab"]),  # only "+" baits under a Crab
        (["R1+#1", "B3#1"], ["MorayEel"]),  # only "+" rods under a Moray Eel
    ],
)
def test_ruling_no_legal_cast_sits_out(oos3: Table, hand: list[str], pile: list[str]) -> None:
    hands = [hand, ["R1#2", "B1#2"], ["R2#1", "B2#1"]]
    state = oos3.setup(hands, SEA9, piles=[pile, [], []])
    assert state.legal_actions(0) == []
    assert state.current_players() == (1, 2)
    assert SitsOut(0) in [e for e in state.events if type(e) is SitsOut]
    assert state.view(1).sits_out == (True, False, False)
    oos3.cast_all(state, None, "cast R1#2 B1#2", "cast R2#1 B2#1")
    assert state.order == [2, 1]  # the round goes on without seat 0


def test_ruling_nobody_can_cast_ends_the_game(table2: Table) -> None:
    state = table2.setup([["R3#1", "R4#1"], ["B3#1"]], SEA9, piles=[["F4#3"], []])
    assert state.phase == GAME_OVER and state.is_terminal()
    assert table2.events(state, NobodyCasts) == [NobodyCasts(1)]
    assert state.scores() == [4, 0]


# ---------------------------------------------------------------- 7. Catch-order tie-break


def test_ruling_tie_break_repeats_until_broken(table3: Table) -> None:
    hands = [["R4#1", "B3#1"], ["R1#1", "B1#1"], ["R4#2", "B3#2"]]
    rod_deck = ["R3#1", "R3#2", "R5#1", "R2#1", "R6#1"]
    state = table3.setup(hands, SEA7, rod_deck=rod_deck)
    table3.cast_all(state, "cast R4#1 B3#1", "cast R1#1 B1#1", "cast R4#2 B3#2")
    # Seats 0 and 2 tie on speed and bait; both turn up a 3, then seat 0 a 5, seat 2 a 2.
    turned = [(e.seat, table3.name(e.rod)) for e in table3.events(state, TieBreak)]
    assert turned == [(0, "R3#1"), (2, "R3#2"), (0, "R5#1"), (2, "R2#1")]
    assert state.order == [0, 2, 1]
    assert table3.names(state.rod_discard) == ["R3#1", "R3#2", "R5#1", "R2#1"]
    assert table3.names(state.rod_deck) == ["R6#1"]


def test_ruling_tie_break_rebuilds_the_rod_deck(table2: Table) -> None:
    hands = [["R4#1", "B3#1"], ["R4#2", "B3#2"]]
    state = table2.setup(hands, SEA7, rod_deck=[])
    # The set-up format has no discard piles: this one is set directly.
    state.rod_discard = table2.ids(["R2#1", "R6#1"])
    table2.cast_all(state, "cast R4#1 B3#1", "cast R4#2 B3#2")
    assert DeckRebuilt(ROD) in [e for e in state.events if type(e) is DeckRebuilt]
    turned = {table2.name(e.rod) for e in table2.events(state, TieBreak)}
    assert turned == {"R2#1", "R6#1"}
    first = next(e.seat for e in table2.events(state, TieBreak) if table2.name(e.rod) == "R6#1")
    assert state.order[0] == first
    assert sorted(table2.names(state.rod_discard)) == ["R2#1", "R6#1"]


def test_ruling_tie_break_without_rods_goes_by_seat(table3: Table) -> None:
    hands = [["R4#1", "B3#1"], ["R6#1", "B1#1"], ["R4#2", "B3#2"]]
    state = table3.setup(hands, SEA7, rod_deck=[])
    table3.cast_all(state, "cast R4#1 B3#1", "cast R6#1 B1#1", "cast R4#2 B3#2")
    assert state.order == [1, 0, 2]
    assert [e.rod for e in table3.events(state, TieBreak)] == [-1, -1]


# ---------------------------------------------------------------- 8. Turbulent Bait


def test_ruling_turbulent_choice_comes_before_the_peeks(table2: Table) -> None:
    hands = [["Finder#1", "Turbulent#1"], ["R1#1", "B1#1"]]
    state = table2.setup(hands, SEA7)
    table2.cast_all(state, "cast Finder#1 Turbulent#1", "cast R1#1 B1#1")
    assert state.phase == TURBULENT
    table2.run(state, "turbulent before")
    assert state.phase == PEEK  # the shuffle came first: the look is at the new sea
    assert len(table2.events(state, SeaShuffled)) == 1
    table2.run(state, "peek 0")
    assert state.phase == CHOOSE
    assert faces(table2, state, 0)[0] is not None


def test_ruling_several_turbulent_baits_shuffle_once(table2: Table) -> None:
    hands = [["R4#1", "B1+#1", "Turbulent#1", "Turbulent#2"], ["R1#1", "B1#1"]]
    state = table2.setup(hands, SEA7)
    table2.cast_all(state, "cast R4#1 B1+#1 Turbulent#1 Turbulent#2", "cast R1#1 B1#1")
    table2.run(state, "turbulent after")  # one choice for the lot
    assert state.phase == CHOOSE
    table2.run(state, "fish 0")
    assert len(table2.events(state, SeaShuffled)) == 1
    assert state.current_player() == 1


# ---------------------------------------------------------------- 9. Fish Finder


def test_ruling_fish_finder_may_look_at_a_covered_fish(table3: Table) -> None:
    hands = [["Finder#1", "B4#1"], ["R1#1", "B1#1"], ["R1#2", "B1#2"]]
    state = table3.setup(hands, SEA7, positions=COVERED7)
    table3.cast_all(state, "cast Finder#1 B4#1", "cast R1#1 B1#1", "cast R1#2 B1#2")
    assert state.view(0).sea[0][3] is True  # spot 0 is covered
    table3.run(state, "peek 0")
    assert faces(table3, state, 0)[0] == "F2#1"  # only the peeker sees the face
    assert faces(table3, state, 1)[0] is None and faces(table3, state, 2)[0] is None
    assert state.view(1).peeked[0] == (0,)  # which spot was looked at is public
    hidden = [e for e in state.view(1).events if isinstance(e, PeekFace)]
    assert hidden == []
    assert table3.say(table3.events(state, Peek)[0]) == (
        "Player 1 looks at sea spot 0 with a Fish Finder"
    )
    assert "fish 0" not in table3.legal(state, 0)  # looking is not catching: still covered


def test_ruling_fish_finder_is_optional(table2: Table) -> None:
    state = table2.setup([["Finder#1", "B4#1"], ["R1#1", "B1#1"]], SEA7)
    table2.cast_all(state, "cast Finder#1 B4#1", "cast R1#1 B1#1")
    table2.run(state, "skip")
    assert state.phase == CHOOSE and state.peeked[0] == []
    assert table2.events(state, NoPeek) == [NoPeek(0)]


def test_ruling_fish_finder_looks_forgotten_when_the_sea_is_shuffled(table2: Table) -> None:
    hands = [["Finder#1", "Turbulent#1"], ["R1#1", "B1#1"]]
    state = table2.setup(hands, SEA9)
    table2.cast_all(state, "cast Finder#1 Turbulent#1", "cast R1#1 B1#1")
    table2.run(state, "turbulent after", "peek 6")
    assert faces(table2, state, 0)[6] == "F7#1"
    table2.run(state, "fish 0")  # then the sea is shuffled: the cards moved
    assert state.peeked == [[], []]
    assert all(face is None for face in faces(table2, state, 0).values())


def test_ruling_fish_finder_look_lasts_until_the_shuffle(table2: Table) -> None:
    hands = [["Finder#1", "B1#1", "R2#1", "B2#1"], ["R1#1", "B1#2", "R1#3", "B1#3"]]
    state = table2.setup(hands, SEA9)
    table2.cast_all(state, "cast Finder#1 B1#1", "cast R1#1 B1#2")
    table2.run(state, "peek 6", "fish 5", "fish 0")  # F1#1 caught; F2#1 gets away
    table2.finish_collect(state)
    assert state.round == 2
    assert faces(table2, state, 0)[6] == "F7#1"  # still remembered a round later
    assert faces(table2, state, 1)[6] is None


# ---------------------------------------------------------------- 10. Super-Fast Reel


def test_ruling_reel_with_one_choosable_fish_is_one_catch(table2: Table) -> None:
    sea, positions = ["F2#1", "F4#1"], [[0, 0], [40, 0]]  # F4#1 lies on F2#1
    hands = [["Reel#1", "R3#1", "B3+#1", "B1#1"], ["R1#1", "B1#2"]]
    state = table2.setup(hands, sea, positions=positions)
    table2.cast_all(state, "cast Reel#1 R3#1 B3+#1 B1#1", "cast R1#1 B1#2")
    table2.run(state, "fish 1")  # nothing else can be chosen: one catch, every bait (4)
    assert state.current_player() == 1
    assert table2.pile(state, 0) == ["F4#1"]
    assert [(table2.name(e.fish), e.bait) for e in table2.events(state, Caught)] == [("F4#1", 4)]


def test_ruling_reel_golden_fish_counts_for_each_catch(oos2: Table) -> None:
    hands = [["Reel#1", "R3#1", "B1+#1", "B1#1"], ["R1#1", "B1#2"]]
    state = oos2.setup(hands, SEA7, piles=[["GoldenFish#1"], []])
    oos2.cast_all(state, "cast Reel#1 R3#1 B1+#1 B1#1", "cast R1#1 B1#2")
    oos2.run(state, "fish 0", "fish 3", "split B1#1")  # sizes 2 and 3, baits 1 + 2 each
    assert oos2.pile(state, 0) == ["GoldenFish#1", "F2#1", "F3#1"]
    assert [e.bait for e in oos2.events(state, Caught)] == [3, 3]


def test_ruling_reel_useless_fish_counts_for_each_catch(oos2: Table) -> None:
    hands = [["Reel#1", "R3#1", "B3+#1", "B3#1"], ["R1#1", "B1#2"]]
    state = oos2.setup(hands, SEA7, piles=[["UselessFish"], []])
    oos2.cast_all(state, "cast Reel#1 R3#1 B3+#1 B3#1", "cast R1#1 B1#2")
    oos2.run(state, "fish 5", "fish 0", "split B3#1")  # sizes 1 and 2, baits 3 - 2 each
    assert oos2.pile(state, 0) == ["UselessFish", "F1#1"]
    assert [e.bait for e in oos2.events(state, Caught)] == [1]
    assert [e.bait for e in oos2.events(state, GotAway)] == [1]


# ---------------------------------------------------------------- 11. Most Tempting Bait


def test_ruling_two_most_tempting_baits_tie(table2: Table) -> None:
    hands = [["R4#1", "Tempting#1"], ["R4#2", "Tempting#2"]]
    state = table2.setup(hands, SEA7, rod_deck=["R1#1", "R6#1"])
    table2.cast_all(state, "cast R4#1 Tempting#1", "cast R4#2 Tempting#2")
    assert [e.seat for e in table2.events(state, TieBreak)] == [0, 1]
    assert state.order == [1, 0]  # seat 1 turned up the 6


# ---------------------------------------------------------------- 12. Bait Bucket


def test_ruling_bait_bucket_got_away_beside_only_when_covered(table2: Table) -> None:
    hands = [["R4#1", "Bucket#1"], ["R1#1", "Bucket#2"]]
    state = table2.setup(hands, SEA7, positions=COVERED7)
    table2.cast_all(state, "cast R4#1 Bucket#1", "cast R1#1 Bucket#2")
    table2.run(state, "fish 2")  # F5#1, covered: beside the sea
    table2.run(state, "fish 6")  # F7#1, uncovered: back in its place
    assert table2.names(state.beside) == ["F5#1"]
    assert table2.sea(state)[6] == "F7#1"
    assert state.view(1).beside == (table2.id("F5#1"),)  # it was flipped: its face is known


# ---------------------------------------------------------------- 13. Boots and pearls


def test_ruling_boot_and_pearl_sets(table4: Table) -> None:
    cards = table4.game.cards

    def score(names: list[str]) -> int:
        return pile_score(table4.ids(names), cards)

    assert score(["Boot#1", "Boot#2"]) == 1
    assert score(["Boot#1", "Boot#2", "Boot#3"]) == 3
    assert score(["Pearl1", "Pearl3", "Pearl6"]) == 20  # 1 + 3 + 6 = 10, doubled


# ---------------------------------------------------------------- 14. Prawn


def test_ruling_prawn_one_point_fish(oos2: Table) -> None:
    cards = oos2.game.cards

    def score(names: list[str]) -> int:
        return pile_score(oos2.ids(names), cards)

    # The 1-pearl in a full pearl set already gives 2: the Prawn leaves it at 2.
    assert score(["Prawn", "Pearl1", "Pearl3", "Pearl6"]) == 3 + 20
    assert score(["Prawn", "Pearl1"]) == 3 + 2
    assert score(["Prawn", "PairOfFish", "F1#1"]) == 3 + 2 + 2


def test_ruling_more_prawns_do_not_add(tmp_path: Path) -> None:
    data = json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))
    prawn = next(f for f in data["out_of_series"]["fish"] if f["name"] == "Prawn")
    data["out_of_series"]["fish"].append(dict(prawn))
    path = tmp_path / "two-prawns.json"
    path.write_text(json.dumps(data))
    cards = load_cards(str(path))
    pile = cards.ids(["Prawn#1", "Prawn#2", "F1#1"])
    assert pile_score(pile, cards) == 3 + 3 + 2


# ---------------------------------------------------------------- 15. Sustainable Fishing


def test_ruling_sustainable_fishing_tie_releases_the_first_caught(oos3: Table) -> None:
    hands = [["R6#1", "B4#1"], ["R5#1", "B4#2"], ["R1#1", "B2#1"]]
    state = oos3.setup(hands, ["F4#1", "F4#2", "F1#1", "F2#1", "Sustainable", "F3#1"])
    oos3.cast_all(state, "cast R6#1 B4#1", "cast R5#1 B4#2", "cast R1#1 B2#1")
    oos3.run(state, "fish 1", "fish 0", "fish 4")  # F4#2, then F4#1, then Sustainable
    assert oos3.events(state, Released) == [Released(0, oos3.id("F4#2"))]
    assert oos3.pile(state, 0) == [] and oos3.pile(state, 1) == ["F4#1"]


def test_ruling_sustainable_fishing_may_release_itself(oos2: Table) -> None:
    hands = [["R6#1", "B1#1"], ["R1#1", "B2#1"]]
    state = oos2.setup(hands, ["F1#1", "Sustainable", "F5#1", "F6#1", "F7#1"])
    oos2.cast_all(state, "cast R6#1 B1#1", "cast R1#1 B2#1")
    oos2.run(state, "fish 0", "fish 1")  # F1#1, then Sustainable (size 2): the biggest
    assert oos2.events(state, Released) == [Released(1, oos2.id("Sustainable"))]
    assert oos2.pile(state, 0) == ["F1#1"] and oos2.pile(state, 1) == []
    assert "Sustainable" in oos2.names(state.sea_fish())


# ---------------------------------------------------------------- 16. Smart Bream


def test_ruling_smart_bream_faces_stay_known(oos2: Table) -> None:
    hands = [["R4#1", "B5#1", "R1#2", "B1#3"], ["R1#1", "B1#2", "R2#1", "B2#1"]]
    sea = [*SEA9, "SmartBream"]
    state = oos2.setup(hands, sea, positions=[*COVERED9, [900, 0]])
    oos2.cast_all(state, "cast R4#1 B5#1", "cast R1#1 B1#2")
    oos2.run(state, "fish 9")
    shown = {s: f for s, f in faces(oos2, state, 1).items() if f is not None}
    assert shown == {s: SEA9[s] for s in (1, 3, 4, 5, 6, 7, 8)}  # uncovered spots only
    oos2.run(state, "fish 1")  # seat 1 misses F4#1: F2#1 below is uncovered, still unknown
    assert faces(oos2, state, 1)[0] is None
    oos2.finish_collect(state)
    assert state.round == 2
    assert {s: f for s, f in faces(oos2, state, 0).items() if f is not None} == shown


# ---------------------------------------------------------------- 17. Puffer Fish


def test_ruling_puffer_fish_no_rod_discards_nothing(oos3: Table) -> None:
    hands = [["R4#1", "B4#1", "B1#1"], ["R1#1", "B1#2", "B2#1", "B3#1"], ["R1#2", "B1#3", "R3#1"]]
    state = oos3.setup(hands, [*SEA7, "PufferFish"])
    oos3.cast_all(state, "cast R4#1 B4#1", "cast R1#1 B1#2", "cast R1#2 B1#3")
    oos3.run(state, "fish 7")
    # Seats 0 and 1 hold no rod after casting: only seat 2 discards.
    assert [(e.seat, oos3.name(e.rod)) for e in oos3.events(state, Puffer)] == [(2, "R3#1")]
    assert oos3.hand(state, 0) == ["B1#1"]
    assert oos3.hand(state, 1) == ["B2#1", "B3#1"]
    assert oos3.hand(state, 2) == []


# ---------------------------------------------------------------- 18. Pair of Fish


def test_ruling_pair_of_fish_retry_is_optional(oos2: Table) -> None:
    state = oos2.setup([["R4#1", "B4#1"], ["R1#1", "B1#2"]], [*SEA7, "PairOfFish"])
    oos2.cast_all(state, "cast R4#1 B4#1", "cast R1#1 B1#2")
    oos2.run(state, "fish 7")
    assert state.phase == RETRY and state.retry_bait == 4
    oos2.run(state, "skip")
    assert oos2.pile(state, 0) == ["PairOfFish"]
    assert oos2.events(state, NoRetry) == [NoRetry(0)]
    assert state.current_player() == 1


def test_ruling_pair_of_fish_same_bait_total(oos2: Table) -> None:
    state = oos2.setup([["R4#1", "B4#1"], ["R1#1", "B1#2"]], [*SEA7, "PairOfFish"])
    oos2.cast_all(state, "cast R4#1 B4#1", "cast R1#1 B1#2")
    oos2.run(state, "fish 7", "fish 2")  # the second try: size 5 against the same bait 4
    assert oos2.pile(state, 0) == ["PairOfFish"]
    assert oos2.say(oos2.events(state, GotAway)[0]) == "Fish 5 gets away from Player 1 (bait 4)"


def test_ruling_pair_of_fish_retry_flips_the_second_fish(oos2: Table) -> None:
    """The second try turns its fish face up like any catch: the log says so (a Flip), so an
    undo past it is refused as after any flip of a face-down fish."""
    state = oos2.setup([["R4#1", "B4#1"], ["R1#1", "B1#2"]], [*SEA7, "PairOfFish"])
    oos2.cast_all(state, "cast R4#1 B4#1", "cast R1#1 B1#2")
    oos2.run(state, "fish 7")
    flips = len(oos2.events(state, Flip))
    oos2.run(state, "fish 2")
    retried = oos2.events(state, Flip)[flips:]
    assert len(retried) == 1 and retried[0].seat == 0 and retried[0].face_down == 1


# ---------------------------------------------------------------- 19. Limited duration


@pytest.mark.parametrize(
    ("pile", "bait"),
    [
        (["GoldenFish#1"], 5),
        (["GoldenFish#2", "GoldenFish#1"], 5),  # two Golden Fish: still +2
        (["UselessFish", "GoldenFish#1"], 1),  # a Useless Fish on top: only -2
        (["GoldenFish#1", "UselessFish"], 5),  # a Golden Fish on top: only +2
        (["F1#2", "GoldenFish#1"], 3),  # covered: no effect
    ],
)
def test_ruling_limited_duration_only_the_top_card_acts(
    oos2: Table, pile: list[str], bait: int
) -> None:
    state = oos2.setup([["R4#1", "B3#1"], ["R1#1", "B1#2"]], SEA7, piles=[pile, []])
    oos2.cast_all(state, "cast R4#1 B3#1", "cast R1#1 B1#2")
    assert state.bait_value(0, state.catch_baits(0)) == bait


def test_ruling_limited_duration_golden_fish_in_the_catch_order(oos2: Table) -> None:
    hands = [["R4#1", "B4#1"], ["R4#2", "B5#1"]]
    state = oos2.setup(hands, SEA7, piles=[["UselessFish"], ["GoldenFish#1"]])
    oos2.cast_all(state, "cast R4#1 B4#1", "cast R4#2 B5#1")
    assert state.order == [1, 0]  # 5 + 2 = 7 against 4 - 2 = 2
    state2 = oos2.setup(hands, SEA7, piles=[["GoldenFish#1"], ["UselessFish"]])
    oos2.cast_all(state2, "cast R4#1 B4#1", "cast R4#2 B5#1")
    assert state2.order == [0, 1]  # 4 + 2 = 6 against 5 - 2 = 3


# ---------------------------------------------------------------- 20. Out-of-series rod


def test_ruling_out_of_series_rod_spends_the_fish(oos2: Table) -> None:
    hands = [["OOSRod#1", "B1#1"], ["R1#1", "B1#2"]]
    state = oos2.setup(hands, SEA7, piles=[["F3#2", "F4#2"], []])
    assert state.scores()[0] == 7
    oos2.cast_all(state, "cast OOSRod#1 B1#1 F3#2", "cast R1#1 B1#2")
    assert oos2.names(state.removed) == ["F3#2"]
    assert state.view(1).removed == (oos2.id("F3#2"),)
    oos2.run(state, "fish 4", "fish 5")  # F6#1 with bait 6
    assert oos2.pile(state, 0) == ["F4#2", "F6#1"]
    assert state.scores()[0] == 10  # the spent fish no longer scores
    assert oos2.id("F3#2") not in state.sea_fish() + state.bait_discard + state.beside


def test_ruling_out_of_series_rod_exactly_one_bait_card(oos2: Table) -> None:
    hands = [["OOSRod#1", "B1+#1", "B1#1"], ["R1#1", "B1#2"]]
    state = oos2.setup(hands, SEA7, piles=[["F3#2"], []])
    legal = oos2.legal(state, 0)
    assert "cast B1+#1 F3#2 OOSRod#1" in legal
    assert "cast B1+#1 B1#1 F3#2 OOSRod#1" not in legal
    error = oos2.assert_illegal(state, "cast OOSRod#1 B1+#1 B1#1 F3#2", 0)
    assert error.rule == "out-of-series rod"
    error = oos2.assert_illegal(state, "cast OOSRod#1 F3#2", 0)  # a bait card is still cast
    assert "at least 1 bait" in str(error)


def test_ruling_out_of_series_rod_not_with_the_reel(oos2: Table) -> None:
    hands = [["OOSRod#1", "Reel#1", "B1+#1", "B1#1"], ["R1#1", "B1#2"]]
    state = oos2.setup(hands, SEA7, piles=[["F3#2"], []])
    legal = oos2.legal(state, 0)
    assert "cast Reel#1 B1+#1 B1#1 OOSRod#1" in legal  # as a plain speed-3 rod: fine
    assert not [text for text in legal if "Reel#1" in text and "F3#2" in text]
    error = oos2.assert_illegal(state, "cast Reel#1 OOSRod#1 B1#1 F3#2", 0)
    assert error.rule in ("super-fast reel", "out-of-series rod")


# ---------------------------------------------------------------- 21. Out-of-series rods swap


def test_ruling_out_of_series_rods_replace_two_plain_speed_3_rods(
    make_table: Callable[..., Table],
) -> None:
    plain, game = make_table(4).game, make_table(4, oos_rods=True).game
    gone = set(plain.rods_in_play) - set(game.rods_in_play)
    cards = game.cards
    assert len(gone) == 2
    assert all(cards.value[r] == 3 and not cards.plus[r] for r in gone)
    assert all(cards.special[r] is None for r in gone)


def test_ruling_out_of_series_rods_speed_3(oos2: Table) -> None:
    cards = oos2.game.cards
    rods = [c for c in cards.cards if c.kind == ROD and c.out_of_series]
    assert [(c.name, c.value, c.plus) for c in rods] == [
        ("OOSRod#1", 3, False),
        ("OOSRod#2", 3, False),
    ]


# ---------------------------------------------------------------- 22. The tenth out-of-series fish


def test_ruling_tenth_out_of_series_card_is_a_second_golden_fish(table4: Table) -> None:
    cards = table4.game.cards.cards
    oos = [c for c in cards if c.kind == FISH and c.out_of_series]
    assert len(oos) == 10
    assert Counter(c.effect for c in oos) == {
        "golden-fish": 2,
        "pair-of-fish": 1,
        "prawn": 1,
        "sustainable-fishing": 1,
        "smart-bream": 1,
        "useless-fish": 1,
        "puffer-fish": 1,
        "crab": 1,
        "moray-eel": 1,
    }
    # Sizes as the rulebook gives them.
    assert {c.effect: c.value for c in oos} == {
        "golden-fish": 2,
        "pair-of-fish": 1,
        "prawn": 3,
        "sustainable-fishing": 2,
        "smart-bream": 5,
        "useless-fish": 6,
        "puffer-fish": 4,
        "crab": 5,
        "moray-eel": 6,
    }


# ---------------------------------------------------------------- 23. Collect order


def test_ruling_collect_in_catch_order_then_those_who_sat_out(table4: Table) -> None:
    hands = [["R3#1", "R4#1"], ["R1#1", "B1#1"], ["B3#1"], ["R5#1", "B2#1"]]
    state = table4.setup(hands, SEA9)
    table4.cast_all(state, None, "cast R1#1 B1#1", None, "cast R5#1 B2#1")
    table4.run(state, "fish 5", "fish 0")
    assert state.collect_order == [3, 1, 0, 2]
    collectors: list[int] = []
    while state.phase != CAST:
        seat = state.current_player()
        if not collectors or collectors[-1] != seat:
            collectors.append(seat)
        state.apply("draw bait" if seat == 0 else "draw rod", seat)
    assert collectors == [3, 1, 0, 2]
    assert [len(hand) for hand in state.hands] == [6, 6, 6, 6]


# ---------------------------------------------------------------- 24. The end check


def test_ruling_end_check_counts_fish_beside_the_sea(table2: Table) -> None:
    hands = [["R4#1", "Bucket#1"], ["R1#1", "B1#1"]]
    state = table2.setup(hands, SEA7, positions=COVERED7)
    table2.cast_all(state, "cast R4#1 Bucket#1", "cast R1#1 B1#1")
    table2.run(state, "fish 2", "fish 5")  # F5#1 beside the sea, F1#1 caught
    assert len(state.sea_fish()) == 5 and len(state.beside) == 1
    table2.finish_collect(state)
    assert not state.is_terminal()  # 5 in the sea + 1 beside it = 6
    assert table2.events(state, RoundEnd) == [RoundEnd(1, 6)]
    assert state.round == 2


# ---------------------------------------------------------------- 25. Reel and instant effects


def test_ruling_reel_places_both_fish_before_instant_effects(oos2: Table) -> None:
    hands = [["Reel#1", "R3#1", "B3+#1", "B6"], ["R1#1", "B1#2"]]
    state = oos2.setup(hands, [*SEA7, "Sustainable"])
    oos2.cast_all(state, "cast Reel#1 R3#1 B3+#1 B6", "cast R1#1 B1#2")
    oos2.run(state, "fish 7", "fish 4", "split B3+#1")  # Sustainable with 3, F6#1 with 6
    # Both were placed first, so the biggest fish of the round is F6#1, caught second.
    assert oos2.events(state, Released) == [Released(0, oos2.id("F6#1"))]
    assert oos2.pile(state, 0) == ["Sustainable"]
    kinds = [type(e) for e in state.events]
    assert kinds.index(Released) > max(i for i, k in enumerate(kinds) if k is Caught)


# ---------------------------------------------------------------- Found while testing


@pytest.mark.parametrize("seed", range(1, 9))
def test_gap_an_uncovered_fish_always_exists(table4: Table, seed: int) -> None:
    """The rulebook's "no fish can be caught: shuffle the sea" cannot happen in this geometry:
    the highest card of the pile is never covered. Random catches never leave a sea without a
    free fish."""
    state = table4.game.new_state(seed)
    rng_spots = list(range(len(state.sea_card)))
    for step in range(len(rng_spots)):
        free = state.free_spots()
        fish = [s for s, c in enumerate(state.sea_card) if c >= 0]
        assert free and max(fish) in free
        state.take_from_sea(fish[(step * 7 + seed) % len(fish)])


def test_ruling_reel_takes_two_ordinary_baits(table2: Table) -> None:
    """The Reel's own text asks for "another rod card and at least two bait cards", so with a
    Reel two ordinary baits make a cast (no "+" bait needed); without the Reel they do not."""
    state = table2.setup([["Reel#1", "R3#1", "B3#1", "B4#1"], ["R1#1", "B1#1"]], SEA7)
    legal = table2.legal(state, 0)
    assert "cast R3#1 Reel#1 B3#1 B4#1" in legal
    assert "cast R3#1 B3#1 B4#1" not in legal
    assert table2.assert_illegal(state, "cast R3#1 B3#1 B4#1", 0).rule == "last generation"


def test_gap_pair_of_fish_retry_keeps_the_golden_bonus(oos2: Table) -> None:
    """The Pair of Fish covers the Golden Fish, yet the second try uses the same bait total
    (ruling 18), +2 included."""
    state = oos2.setup(
        [["R4#1", "B3#1"], ["R1#1", "B1#2"]], [*SEA7, "PairOfFish"], piles=[["GoldenFish#1"], []]
    )
    oos2.cast_all(state, "cast R4#1 B3#1", "cast R1#1 B1#2")
    oos2.run(state, "fish 7")
    assert oos2.pile(state, 0)[-1] == "PairOfFish" and state.retry_bait == 5
    oos2.run(state, "fish 2")  # size 5
    assert oos2.pile(state, 0) == ["GoldenFish#1", "PairOfFish", "F5#1"]


def test_gap_fish_beside_the_sea_stay_beside_when_the_sea_is_shuffled(table2: Table) -> None:
    hands = [["R4#1", "Bucket#1"], ["R1#1", "Turbulent#1"]]
    state = table2.setup(hands, SEA7, positions=COVERED7)
    table2.cast_all(state, "cast R4#1 Bucket#1", "cast R1#1 Turbulent#1")
    table2.run(state, "fish 2", "turbulent before")
    assert table2.names(state.beside) == ["F5#1"]
    assert "F5#1" not in table2.names(state.sea_fish())


def test_gap_reel_bucket_covered_fish_beside_whatever_the_order(table2: Table) -> None:
    sea = ["F5#1", "F2#1", "F3#1", "F4#1", "F6#1", "F7#1", "F1#1"]  # F2#1 lies on F5#1
    hands = [["Reel#1", "R3#1", "B1+#1", "Bucket#1"], ["R1#1", "B1#2"]]
    state = table2.setup(hands, sea, positions=COVERED7)
    table2.cast_all(state, "cast Reel#1 R3#1 B1+#1 Bucket#1", "cast R1#1 B1#2")
    table2.run(state, "fish 1", "fish 0", "split Bucket#1")  # F2#1 caught, F5#1 (covered) not
    assert table2.pile(state, 0) == ["F2#1"]
    assert table2.names(state.beside) == ["F5#1"]
