"""Flip & Fish rules, one test per rulebook clause (``test_<clause>_...``) and per settled ruling of
docs/rules/flip-and-fish.md (``test_ruling_<n>_...``), then the bad input that must be refused.

Every cast is forced (``state.chance.force``), so each test states exactly where the die stops and
the face it shows. The water is the default "cross" layout: slot 0 in the middle, 1 left, 2 right,
3 below, 4 above. Set-ups name every card; stacks are written top card first.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

from angler.core import AnglerError, IllegalActionError
from angler.core.events import same_events
from angler.games.flip_and_fish.cards import DEFAULT_CARDS
from angler.games.flip_and_fish.cast import throw
from angler.games.flip_and_fish.events import (
    Ability,
    Boot,
    Cast,
    Catch,
    ClosingTime,
    DeckReshuffled,
    Flip,
    GotAway,
    Miss,
    ShopOpens,
    Snag,
    Strike,
)
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.games.flip_and_fish.rules import (
    AIM,
    BOOST,
    GAME_OVER,
    LIMIT,
    SHOP_BUY,
    SNAGGED,
    SNAP,
    TURN,
    FlipAndFishState,
)
from angler.games.flip_and_fish.table import CARD_LENGTH, DIE_RADIUS

if TYPE_CHECKING:
    from pathlib import Path

    from angler.games.flip_and_fish.view import FlipAndFishView

GAMES = {n: FlipAndFishGame(n) for n in (2, 3, 4)}
CARDS = GAMES[2].cards
CENTRES = GAMES[2].table.cards
# Plain fish (no ability) that refill the water unless a test names its own deck.
FILL = [
    "Herring#1",
    "Herring#2",
    "Herring#3",
    "Mackerel#1",
    "Mackerel#2",
    "Mackerel#3",
    "Rudd#1",
    "Rudd#2",
    "Shiner#1",
    "Shiner#2",
]
# Slot 0 holds the fish under test; the others are plain fish without abilities.
PLAIN = ["Perch#2", "Squirrelfish#1", "Bluegill#2", "Wrasse"]
SHOP = ["Berley#1", "Clover", "Spear", "CarbonRod", "LuckyHat", "Flashlight#1"]
MISS = (300.0, 300.0)  # on the table, far from every water card


# ------------------------------------------------------------------------------------ helpers


def new(
    players: int = 2,
    *,
    water: list[str | None],
    caught: dict[int, list[str]] | None = None,
    gear: dict[int, list[str]] | None = None,
    game: FlipAndFishGame | None = None,
    seed: int = 1,
    **extra: Any,
) -> FlipAndFishState:
    """A state from an explicit set-up; the deck defaults to the FILL cards not placed."""
    game = game or GAMES[players]
    caught = caught or {}
    gear = gear or {}
    setup: dict[str, Any] = {
        "water": water,
        "caught": [caught.get(seat, []) for seat in range(players)],
        "gear": [gear.get(seat, []) for seat in range(players)],
        **extra,
    }
    if "deck" not in setup:
        placed = {n for n in water if n} | {n for pile in setup["caught"] for n in pile}
        setup["deck"] = [n for n in FILL if n not in placed]
    return game.state_from_setup(setup, seed)


def ident(name: str) -> int:
    return CARDS.by_name[name]


def names(ids: list[int] | tuple[int, ...]) -> list[str]:
    return [CARDS.cards[c].name for c in ids]


def water(state: FlipAndFishState) -> list[str | None]:
    return [CARDS.cards[c].name if c >= 0 else None for c in state.water]


def legal(state: FlipAndFishState) -> list[str]:
    return sorted(state.game.action_to_string(code) for code in state.legal_actions(state.turn))


E = TypeVar("E")


def events(state: FlipAndFishState, kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in state.events if type(e) is kind]


def do(state: FlipAndFishState, *texts: str) -> None:
    for text in texts:
        state.apply(text, state.turn)


def fish(state: FlipAndFishState, *bait: str) -> None:
    do(state, "fish with " + " ".join(bait) if bait else "fish")


def cast_to(
    state: FlipAndFishState, point: tuple[float, float], face: int, revolved: bool = True
) -> None:
    """Cast the line with the die forced to stop at ``point`` (mm) showing ``face``."""
    x, y = point
    state.chance.force_outcomes([[round(x * 10), round(y * 10), int(revolved), face]])
    do(state, "cast 0 0")


def on(slot: int) -> tuple[float, float]:
    """The die rests flat on the middle of the card: a strike."""
    return CENTRES[slot]


def near(slot: int) -> tuple[float, float]:
    """The die touches the card's edge (gap 0) without resting wholly on it: a bite, no strike."""
    x, y = CENTRES[slot]
    return x + 25, y


def below(slot: int, gap: float) -> tuple[float, float]:
    """The die ``gap`` mm below the card's bottom edge."""
    x, y = CENTRES[slot]
    return x, y - CARD_LENGTH / 2 - DIE_RADIUS - gap


def turn_up(state: FlipAndFishState, *slots: int) -> None:
    """Lay water cards face up as after a failed bite (shortcut for set-ups)."""
    for slot in slots:
        state.face_up[slot] = True
        state.bitten[slot] = True


def used(state: FlipAndFishState, *cards: str) -> None:
    """Turn equipment face down as after use (shortcut for set-ups)."""
    for name in cards:
        state.ready[ident(name)] = False


def views(state: FlipAndFishState) -> list[FlipAndFishView]:
    return [state.view(seat) for seat in range(state.n)]


def refused(
    state: FlipAndFishState, text: str, error: type[AnglerError] = IllegalActionError
) -> AnglerError:
    """Applying ``text`` raises ``error`` and changes nothing any seat can see."""
    before, counter = views(state), state.chance.counter
    history, log = list(state.history), list(state.events)
    with pytest.raises(error) as raised:
        do(state, text)
    assert views(state) == before
    assert state.history == history and same_events(state.events, log)
    assert state.chance.counter == counter
    return raised.value


def edition(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> str:
    """A card file: the default edition changed by ``change``."""
    data = json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def equipment(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(card for card in data["shopping"] if card["name"] == name)


# ------------------------------------------------------------------------------ turn order


def test_ruling_1_seat_0_starts_and_play_goes_clockwise() -> None:
    assert GAMES[3].new_state(7).turn == 0
    state = new(3, water=["Char#1", *PLAIN])
    order = []
    for _ in range(4):
        order.append(state.turn)
        fish(state)
        cast_to(state, MISS, 5)
    assert order == [0, 1, 2, 0]


def test_player_turn_one_action_then_the_next_player() -> None:
    state = new(2, water=["Char#1", *PLAIN], caught={0: ["Perch#1"]})
    assert legal(state) == ["fish", "fish with Perch#1"]  # shop closed, no equipment
    fish(state)
    assert state.phase == AIM and state.turn == 0
    cast_to(state, MISS, 8)
    assert (state.phase, state.turn) == (TURN, 1)


# ------------------------------------------------------------------------------ using bait


def test_bait_ratings_add_and_a_colour_match_adds_2_the_rulebook_example() -> None:
    # Bluegill (blue, bait 2) + Perch (green, bait 2) = 4 from bait, + 2 for blue = 6.
    state = new(water=["BluefinTuna", *PLAIN], caught={0: ["Bluegill#1", "Perch#1"]})
    fish(state, "Bluegill#1", "Perch#1")
    cast_to(state, near(0), 6)
    assert state.phase == BOOST and state.roll == 6 + 4 + 2
    do(state, "done")
    assert names(state.caught[0]) == ["BluefinTuna"]  # 12 against catch rate 12


def test_bait_colour_bonus_does_not_stack() -> None:
    state = new(water=["BluefinTuna", *PLAIN], caught={0: ["Bluegill#1", "Sardine#1"]})
    fish(state, "Bluegill#1", "Sardine#1")  # both blue: bait 2 + 1, and +2 once
    cast_to(state, near(0), 5)
    assert state.roll == 5 + 3 + 2


def test_bait_no_colour_match_no_bonus() -> None:
    state = new(water=["BluefinTuna", *PLAIN], caught={0: ["Perch#1"]})
    fish(state, "Perch#1")
    cast_to(state, near(0), 5)
    assert state.roll == 5 + 2


def test_bait_up_to_3_fish_with_a_bait_rating() -> None:
    state = new(
        water=["Char#1", *PLAIN],
        caught={0: ["Perch#1", "Sardine#1", "Minnow", "Redfin#1", "Wahoo"]},
    )
    options = legal(state)
    assert "fish with Sardine#1 Minnow Perch#1" in options
    assert not [o for o in options if o.startswith("fish") and len(o.split()) > 5]
    assert not [o for o in options if "Wahoo" in o]  # a trophy has no bait rating


@pytest.mark.parametrize(
    ("point", "face", "kept"),
    [(MISS, 12, True), (near(0), 12, False), (near(0), 2, False)],
    ids=["miss", "bite-caught", "bite-got-away"],
)
def test_bait_kept_on_a_miss_discarded_on_a_bite(
    point: tuple[float, float], face: int, kept: bool
) -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Perch#1"]})
    fish(state, "Perch#1")
    cast_to(state, point, face)
    if state.phase == BOOST:
        do(state, "done")
    assert ("Perch#1" in names(state.caught[0])) is kept
    assert ("Perch#1" in names(state.fish_discard)) is not kept


# -------------------------------------------------------------------- bite, catch and miss


@pytest.mark.parametrize(("gap", "bite"), [(79.0, True), (80.0, True), (81.0, False)])
def test_bite_within_the_length_of_the_ruler(gap: float, bite: bool) -> None:
    state = new(water=["Char#1", *PLAIN])
    fish(state)
    cast_to(state, below(3, gap), 12)  # slot 3 (Bluegill#2) is the closest card
    assert state.face_up[3] is bite
    assert bool(events(state, Flip)) is bite
    assert bool(events(state, Miss)) is not bite
    assert state.phase == (BOOST if bite else TURN)


def test_catch_when_the_roll_is_at_least_the_catch_rate() -> None:
    state = new(water=["Char#1", *PLAIN])  # Char: catch rate 6
    fish(state)
    cast_to(state, near(0), 6)
    do(state, "done")
    assert names(state.caught[0]) == ["Char#1"]
    assert water(state)[0] == FILL[0] and not state.face_up[0]  # refilled face down


def test_bite_failed_leaves_the_fish_face_up_in_the_water() -> None:
    state = new(water=["Char#1", *PLAIN])
    fish(state)
    cast_to(state, near(0), 5)  # 5 < 6: the fish got away
    do(state, "done")
    assert state.caught[0] == []
    assert water(state)[0] == "Char#1" and state.face_up[0] and state.bitten[0]
    assert state.turn == 1


def test_miss_no_card_flips_and_the_turn_ends() -> None:
    state = new(water=["Char#1", *PLAIN])
    fish(state)
    cast_to(state, MISS, 12)
    assert not any(state.face_up) and events(state, Miss) and state.turn == 1


def test_miss_a_die_off_the_table() -> None:
    state = new(water=["Char#1", *PLAIN])
    fish(state)
    cast_to(state, (460.0, 0.0), 12)
    assert not any(state.face_up) and events(state, Miss) and state.turn == 1


def test_ruling_4_a_boot_is_a_miss_and_the_bait_is_kept() -> None:
    state = new(water=["Boot#1", *PLAIN], caught={0: ["Perch#1"]})
    fish(state, "Perch#1")
    cast_to(state, near(0), 12)
    assert events(state, Boot) and state.caught[0] == [ident("Perch#1")]
    assert water(state)[0] == "Boot#1" and state.face_up[0]  # turned up, lies in the water
    assert (state.phase, state.turn) == (TURN, 1)


def test_ruling_2_a_cast_without_a_full_revolution_is_made_again_with_the_same_bait() -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Perch#1"]})
    fish(state, "Perch#1")
    cast_to(state, near(0), 12, revolved=False)
    assert (state.phase, state.turn) == (AIM, 0)
    assert not state.face_up[0] and state.bait == [ident("Perch#1")]
    cast_to(state, near(0), 3)
    assert state.roll == 3 + 2  # the same bait counts
    do(state, "done")
    assert names(state.caught[0]) == []  # 5 < 6, bait spent on the bite


# --------------------------------------------------------------------------------- strike


def test_strike_adds_2_when_the_die_rests_on_the_card() -> None:
    state = new(water=["Char#1", *PLAIN])
    fish(state)
    cast_to(state, on(0), 4)
    assert state.roll == 6 and events(state, Strike)
    do(state, "done")
    assert names(state.caught[0]) == ["Char#1"]


def test_strike_not_on_a_snag() -> None:
    state = new(water=["Char#1", *PLAIN])
    fish(state)
    cast_to(state, on(0), 1)
    assert events(state, Snag) and not events(state, Strike)
    assert state.caught[0] == [] and not state.face_up[0]


# ----------------------------------------------------------------------------------- snag


def test_ruling_3_snag_an_instant_miss_no_flip_bait_and_one_equipment_of_choice_lost() -> None:
    state = new(
        water=["Char#1", *PLAIN], caught={0: ["Perch#1"]}, gear={0: ["CarbonRod", "Berley#1"]}
    )
    fish(state, "Perch#1")
    cast_to(state, near(0), 1)
    assert state.phase == SNAGGED and not any(state.face_up)
    assert legal(state) == ["discard Berley#1", "discard CarbonRod"]
    do(state, "discard Berley#1")
    assert names(state.gear[0]) == ["CarbonRod"] and names(state.shop_discard) == ["Berley#1"]
    assert state.caught[0] == [] and names(state.fish_discard) == ["Perch#1"]
    assert not any(state.face_up) and not events(state, Catch)
    assert (state.phase, state.turn) == (TURN, 1)


def test_ruling_3_snag_without_equipment_discards_only_the_bait() -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Perch#1"]})
    fish(state, "Perch#1")
    cast_to(state, MISS, 1)  # a 1 is a snag wherever the die stops
    assert events(state, Snag) and state.caught[0] == []
    assert (state.phase, state.turn) == (TURN, 1)


def test_ruling_3_snag_fires_no_on_miss_ability() -> None:
    state = new(water=["BlueMarlin", *PLAIN])
    turn_up(state, 0)  # swims off when it bites and gets away
    fish(state)
    cast_to(state, near(0), 1)
    assert water(state)[0] == "BlueMarlin" and not events(state, Ability)


@pytest.mark.parametrize("players", [3, 4])
def test_snag_tangles_the_next_players_lines_with_3_or_4_players(players: int) -> None:
    state = new(players, water=["Char#1", *PLAIN], caught={1: ["Perch#1"]})
    fish(state)
    cast_to(state, near(0), 1)
    assert state.turn == 1
    assert legal(state) == ["done"]  # no Fish action; nothing else possible
    refused(state, "fish")
    refused(state, "fish with Perch#1")
    do(state, "done")
    assert state.turn == 2 and "fish" in legal(state)  # only the next player


def test_snag_no_tangled_lines_with_2_players() -> None:
    state = new(2, water=["Char#1", *PLAIN])
    fish(state)
    cast_to(state, near(0), 1)
    assert state.turn == 1 and "fish" in legal(state)


def test_ruling_3_a_snag_guard_cancels_the_snag() -> None:
    state = new(
        3,
        water=["Char#1", *PLAIN],
        caught={0: ["Perch#1"]},
        gear={0: ["WeedGuard#1", "CarbonRod"]},
    )
    fish(state, "Perch#1")
    cast_to(state, near(0), 1)
    assert "use WeedGuard#1" in legal(state)
    do(state, "use WeedGuard#1")
    assert names(state.caught[0]) == ["Perch#1"]  # bait kept
    assert names(state.gear[0]) == ["CarbonRod"] and names(state.shop_discard) == ["WeedGuard#1"]
    assert not any(state.face_up)  # still a miss
    assert state.turn == 1 and "fish" in legal(state)  # lines not tangled


def test_ruling_3_rerolling_to_a_1_is_not_a_snag() -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Perch#1"]}, gear={0: ["LuckyHat"]})
    fish(state, "Perch#1")
    cast_to(state, near(0), 5)
    assert state.roll == 7
    state.chance.force_outcomes([[1]])
    do(state, "use LuckyHat")
    assert state.phase == BOOST and state.roll == 1 + 2 and not events(state, Snag)
    do(state, "done")
    assert events(state, GotAway) and names(state.fish_discard) == ["Perch#1"]
    assert state.ready[ident("LuckyHat")] is False  # a flip card turns face down


# ------------------------------------------------------------------------- fish abilities


def test_pufferfish_on_flip_clears_the_rest_of_the_water() -> None:
    deck = ["Herring#1", "Herring#2", "Herring#3", "Mackerel#1", "Mackerel#2"]
    state = new(water=["Zander", "Perch#2", "Pufferfish#1", "Bluegill#2", "Wrasse"], deck=deck)
    fish(state)
    cast_to(state, near(0), 3)  # Zander (9) gets away: face up
    do(state, "done")
    assert state.face_up == [True, False, False, False, False]
    fish(state)  # seat 1
    cast_to(state, near(2), 3)
    assert water(state) == ["Herring#1", "Herring#2", "Pufferfish#1", "Herring#3", "Mackerel#1"]
    assert state.face_up == [False, False, True, False, False]  # the new cards lie face down
    assert sorted(names(state.fish_discard)) == ["Bluegill#2", "Perch#2", "Wrasse", "Zander"]
    assert state.bite_slot == 2 and state.roll == 3  # then the roll against the Pufferfish
    do(state, "done")
    assert water(state)[2] == "Pufferfish#1" and state.face_up[2]


def test_fish_ability_on_miss_fires_every_time_the_fish_bites_but_is_not_caught() -> None:
    state = new(water=["Triggerfish", *PLAIN], gear={0: ["CarbonRod"], 1: ["LuckyHat"]})
    for seat, card in ((0, "CarbonRod"), (1, "LuckyHat")):
        fish(state)
        cast_to(state, near(0), 2)
        do(state, "done")
        assert state.phase == SNAP and legal(state) == [f"discard {card}"]  # snap-line
        do(state, f"discard {card}")
        assert state.gear[seat] == []
    assert len([e for e in events(state, Ability) if e.effect == "snap-line"]) == 2


def test_fish_ability_once_caught_fires_after_the_catch() -> None:
    state = new(water=["Goldfish", *PLAIN], shop_deck=SHOP)
    fish(state)
    cast_to(state, near(0), 3)
    do(state, "done")
    assert names(state.caught[0]) == ["Goldfish"]
    assert names(state.gear[0]) == ["Berley#1"]  # lucky dip, even with the shop closed
    assert not state.shop_open


def test_ruling_5_while_in_water_acts_only_after_the_first_failed_bite() -> None:
    state = new(
        water=["Lionfish", *PLAIN],  # red, 9, no bait while in water
        caught={0: ["Char#1", "Redfin#1"], 1: ["Char#2", "Redfin#2"]},
    )
    fish(state, "Char#1", "Redfin#1")
    cast_to(state, near(0), 3)
    assert state.roll == 3 + 3 + 2  # face down until now: bait and colour count
    do(state, "done")
    assert state.bitten[0] and state.face_up[0]
    fish(state, "Char#2", "Redfin#2")  # seat 1
    cast_to(state, near(0), 8)
    assert state.roll == 8  # now it refuses bait


def test_ruling_5_a_fish_turned_up_by_another_cards_ability_has_not_bitten() -> None:
    # The Lanternfish (slot 1) turns up the nearest face-down card: the Lionfish in slot 0.
    state = new(
        water=["Lionfish", "Lanternfish#1", "Perch#2", "Bluegill#2", "Wrasse"],
        caught={1: ["Char#2"]},
    )
    fish(state)
    cast_to(state, near(1), 3)
    assert state.face_up[0] and not state.bitten[0]
    do(state, "done")
    fish(state, "Char#2")  # seat 1
    cast_to(state, near(0), 4)
    assert state.roll == 4 + 2 + 2  # the bait still counts


def test_ruling_5_guarded_raises_the_others_only_after_its_failed_bite() -> None:
    state = new(
        water=["Arapaima", "Perch#2", "Squirrelfish#1", "Sunfish#1", "Wrasse"],
        deck=["Sunfish#2", *FILL],
    )
    fish(state)
    cast_to(state, near(3), 7)  # Arapaima face down: the Sunfish needs 7
    do(state, "done")
    assert names(state.caught[0]) == ["Sunfish#1"] and water(state)[3] == "Sunfish#2"
    fish(state)  # seat 1
    cast_to(state, near(0), 5)  # the Arapaima gets away
    do(state, "done")
    fish(state)  # seat 0
    cast_to(state, near(3), 7)
    do(state, "done")
    assert events(state, GotAway)[-1] == GotAway(0, ident("Sunfish#2"), 7, 8)


def test_ruling_5_shy_ignores_a_strike_after_its_failed_bite() -> None:
    state = new(water=["Grayling", *PLAIN])  # green, 6, shy while in water
    fish(state)
    cast_to(state, on(0), 3)
    assert state.roll == 5  # not yet shy
    do(state, "done")
    fish(state)
    cast_to(state, on(0), 4)
    assert state.roll == 4


def test_ruling_6_an_on_flip_catch_rate_raise_counts_only_for_the_bite_that_turned_it_up() -> None:
    state = new(water=["Piranha", *PLAIN])  # 7, +2 on flip
    fish(state)
    cast_to(state, near(0), 8)
    do(state, "done")
    got_away = events(state, GotAway)[-1]
    assert (got_away.roll, got_away.rate) == (8, 9)
    fish(state)
    cast_to(state, near(0), 7)
    do(state, "done")
    assert names(state.caught[1]) == ["Piranha"]


def test_ruling_7_bait_a_no_bait_fish_refuses_is_kept() -> None:
    state = new(water=["Lionfish", *PLAIN], caught={0: ["Char#1"]})
    turn_up(state, 0)
    fish(state, "Char#1")
    cast_to(state, near(0), 5)
    assert state.roll == 5
    do(state, "done")
    assert names(state.caught[0]) == ["Char#1"] and state.fish_discard == []


def test_colour_lure_adds_the_colour_bonus_whatever_the_colours() -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Perch#1"]}, gear={0: ["RainbowLure#1"]})
    fish(state, "Perch#1")
    cast_to(state, near(0), 3)
    do(state, "use RainbowLure#1")
    assert state.roll == 3 + 2 + 2


def test_ruling_7_a_colour_lure_adds_nothing_against_a_no_bait_fish() -> None:
    state = new(water=["Lionfish", *PLAIN], caught={0: ["Perch#1"]}, gear={0: ["RainbowLure#1"]})
    turn_up(state, 0)
    fish(state, "Perch#1")
    cast_to(state, near(0), 5)
    do(state, "use RainbowLure#1")
    assert state.roll == 5


def test_ruling_8_a_card_turned_up_by_an_on_flip_ability_does_not_fire_its_own() -> None:
    state = new(water=["Pufferfish#1", "Lanternfish#1", "Perch#2", "Bluegill#2", "Wrasse"])
    fish(state)
    cast_to(state, near(1), 3)
    assert state.face_up[:2] == [True, True]  # the Pufferfish turned up by the Lanternfish
    assert water(state) == ["Pufferfish#1", "Lanternfish#1", "Perch#2", "Bluegill#2", "Wrasse"]
    assert [e.effect for e in events(state, Ability)] == ["reveal-nearest"]


# ---------------------------------------------------------------------------------- Spear


def test_ruling_9_the_spear_takes_a_face_up_fish_within_its_value_as_the_only_action() -> None:
    state = new(
        water=["Sunfish#1", "Pickerel#1", "RedMullet", "FlyingFish", "Wrasse"],
        gear={0: ["Spear"]},
    )
    turn_up(state, 0, 2, 3)  # Sunfish 7, RedMullet 8, FlyingFish 6; Pickerel (7) face down
    assert [o for o in legal(state) if o.startswith("use")] == ["use Spear 1", "use Spear 4"]
    do(state, "use Spear 4")
    assert names(state.caught[0]) == ["FlyingFish"] and not events(state, Cast)
    assert state.ready[ident("Spear")] is False
    # A speared fish counts as caught: the Flying Fish's extra turn.
    assert (state.phase, state.turn) == (TURN, 0)
    assert not [o for o in legal(state) if o.startswith("use")]


def test_ruling_9_the_spear_counts_guarded_raises() -> None:
    state = new(water=["Arapaima", "Sunfish#1", *PLAIN[:3]], gear={0: ["Spear"]})
    turn_up(state, 0, 1)  # the Arapaima got away: the Sunfish now needs 8
    assert "use Spear 2" not in legal(state)


def test_ruling_9_a_speared_trophy_counts(tmp_path: Path) -> None:
    path = edition(tmp_path, lambda data: equipment(data, "Spear").update(value=15))
    game = FlipAndFishGame(2, cards=path)
    state = new(
        water=["MahiMahi", *PLAIN],
        caught={0: ["Wahoo", "Snakehead"]},
        gear={0: ["Spear"]},
        game=game,
    )
    turn_up(state, 0)
    do(state, "use Spear 1")
    assert state.is_terminal() and state.winner == 0 and state.scores() == [3, 0]


# --------------------------------------------------------------------------- steady hands


def spy_skill(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    seen: list[float] = []

    def spy(origin: Any, aim: Any, skill: float, rng: Any) -> Any:
        seen.append(skill)
        return throw(origin, aim, skill, rng)

    monkeypatch.setattr("angler.games.flip_and_fish.rules.throw", spy)
    return seen


def two_gloves(tmp_path: Path, value: int) -> FlipAndFishGame:
    def change(data: dict[str, Any]) -> None:
        glove = equipment(data, "CastingGlove")
        glove["value"] = value
        data["shopping"].append(dict(glove))

    return FlipAndFishGame(2, cards=edition(tmp_path, change))


def test_steady_hand_narrows_the_spread_by_its_value(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = spy_skill(monkeypatch)
    state = new(water=["Char#1", *PLAIN], gear={0: ["CastingGlove"]})
    fish(state)
    do(state, "cast 0 0")  # drawn, not forced
    assert seen == [pytest.approx(0.75)]


def test_ruling_10_two_steady_hands_multiply(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = two_gloves(tmp_path, 60)
    seen = spy_skill(monkeypatch)
    state = new(water=["Char#1", *PLAIN], gear={0: ["CastingGlove#1", "CastingGlove#2"]}, game=game)
    fish(state)
    do(state, "cast 0 0")
    assert seen == [pytest.approx(0.4 * 0.4)]


def test_ruling_10_two_steady_hands_never_below_10_percent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = two_gloves(tmp_path, 90)
    seen = spy_skill(monkeypatch)
    state = new(water=["Char#1", *PLAIN], gear={0: ["CastingGlove#1", "CastingGlove#2"]}, game=game)
    fish(state)
    do(state, "cast 0 0")
    assert seen == [pytest.approx(0.1)]


# ----------------------------------------------------------------------------------- shop


def test_shop_opens_at_the_start_of_the_turn_after_the_first_trophy() -> None:
    state = new(water=["Wahoo", *PLAIN], shop_deck=SHOP)
    assert not state.shop_open and not [o for o in legal(state) if o.startswith("buy")]
    fish(state)
    cast_to(state, near(0), 9)
    do(state, "done")
    assert names(state.caught[0]) == ["Wahoo"]
    assert state.turn == 1 and state.shop_open
    assert names(state.shop_row) == SHOP[:3] and events(state, ShopOpens)
    assert {"buy 1", "buy 2", "buy 3", "buy dip"} <= set(legal(state))


def test_shop_buy_a_displayed_card_face_up_and_refill_the_row() -> None:
    state = new(water=["Char#1", *PLAIN], shop_deck=SHOP, shop_open=True)
    assert names(state.shop_row) == SHOP[:3]
    do(state, "buy 2")
    assert names(state.gear[0]) == ["Clover"] and state.ready[ident("Clover")]
    assert sorted(names(state.shop_row)) == sorted(["Berley#1", "Spear", "CarbonRod"])
    assert (state.phase, state.turn) == (TURN, 1)  # instead of fishing


def test_shop_lucky_dip_takes_the_top_of_the_shopping_deck() -> None:
    state = new(water=["Char#1", *PLAIN], shop_deck=SHOP, shop_open=True)
    do(state, "buy dip")
    assert names(state.gear[0]) == ["CarbonRod"] and names(state.shop_row) == SHOP[:3]
    assert state.turn == 1


def test_shop_deck_runs_out_the_shop_discard_is_shuffled() -> None:
    state = new(
        water=["Char#1", *PLAIN], caught={0: ["Perch#1"]}, shop_deck=SHOP[:4], shop_open=True
    )
    do(state, "stocktake Perch#1")  # 3 to the shop discard; 1 left in the shopping deck
    assert names(state.shop_row)[0] == "CarbonRod" and len(state.shop_row) == 3
    assert state.shop_discard == [] and len(state.shop_deck) == 1
    assert sorted(names(state.shop_row[1:] + state.shop_deck)) == sorted(SHOP[:3])


def test_stocktake_pays_a_fish_and_replaces_the_3_shop_cards_then_buy() -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Perch#1"]}, shop_deck=SHOP, shop_open=True)
    do(state, "stocktake Perch#1")
    assert names(state.fish_discard) == ["Perch#1"] and state.caught[0] == []
    assert names(state.shop_discard) == SHOP[:3] and names(state.shop_row) == SHOP[3:]
    assert (state.phase, state.turn) == (SHOP_BUY, 0)
    do(state, "buy 1")
    assert names(state.gear[0]) == ["CarbonRod"] and state.turn == 1


def test_stocktake_then_buying_is_optional() -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Perch#1"]}, shop_deck=SHOP, shop_open=True)
    do(state, "stocktake Perch#1")
    assert "done" in legal(state)


def test_stocktake_then_only_a_displayed_card() -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Perch#1"]}, shop_deck=SHOP, shop_open=True)
    do(state, "stocktake Perch#1")
    assert "buy dip" not in legal(state)


# ---------------------------------------------------------------------- equipment, gear up


def test_using_equipment_discard_flip_and_ongoing() -> None:
    state = new(water=["Char#1", *PLAIN], gear={0: ["CarbonRod", "Berley#1", "TelescopicRod#1"]})
    fish(state)
    cast_to(state, near(0), 1 + 1)  # a 2: needs +4 to catch the Char (6)
    do(state, "use CarbonRod", "use Berley#1")
    assert state.roll == 2 + 2 + 3
    do(state, "done")
    assert names(state.caught[0]) == ["Char#1"]
    assert names(state.gear[0]) == ["CarbonRod", "TelescopicRod#1"]
    assert names(state.shop_discard) == ["Berley#1"]  # discard: to the shop discard pile
    assert state.ready[ident("CarbonRod")] is False  # flip: face down until geared up
    assert state.ready[ident("TelescopicRod#1")] is True  # ongoing


def test_gear_up_flips_up_to_2_used_cards_face_up_instead_of_fishing() -> None:
    state = new(water=["Char#1", *PLAIN], gear={0: ["CarbonRod", "LuckyHat", "Flashlight#1"]})
    used(state, "CarbonRod", "LuckyHat", "Flashlight#1")
    gear_ups = [o for o in legal(state) if o.startswith("gear up")]
    assert len(gear_ups) == 3 + 3  # each card alone, each pair
    refused(state, "gear up CarbonRod LuckyHat Flashlight#1")
    do(state, "gear up CarbonRod LuckyHat")
    assert state.ready[ident("CarbonRod")] and state.ready[ident("LuckyHat")]
    assert state.ready[ident("Flashlight#1")] is False
    assert (state.phase, state.turn) == (TURN, 1)


# ------------------------------------------------------------------------- replenish fish


def test_replenish_fish_only_the_missing_cards_when_some_lie_face_down() -> None:
    state = new(water=["Char#1", *PLAIN])
    turn_up(state, 1)
    fish(state)
    cast_to(state, near(0), 12)
    do(state, "done")
    assert water(state) == [FILL[0], *PLAIN]
    assert state.face_up == [False, True, False, False, False]


@pytest.mark.parametrize(
    ("first", "face"),
    [("Char#1", 2), ("Char#1", 12), ("Boot#1", 12)],
    ids=["got-away", "caught", "boot"],
)
def test_replenish_fish_all_face_up_replaces_all_5(first: str, face: int) -> None:
    state = new(water=[first, *PLAIN])
    turn_up(state, 1, 2, 3, 4)
    fish(state)
    cast_to(state, near(0), face)
    if state.phase == BOOST:
        do(state, "done")
    assert water(state) == FILL[:5] and not any(state.face_up)
    gone = PLAIN + ([] if face == 12 and first == "Char#1" else [first])
    assert sorted(names(state.fish_discard)) == sorted(gone)


def test_replenish_fish_deck_runs_out_the_discard_is_shuffled() -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Perch#1"]}, deck=[])
    fish(state, "Perch#1")
    cast_to(state, near(0), 12)
    do(state, "done")
    # The bait went to the fish discard pile, which became the new fishing deck.
    assert water(state)[0] == "Perch#1" and state.deck == [] and state.fish_discard == []


def test_replenish_fish_a_reshuffle_is_an_event_not_an_action() -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Perch#1"]}, deck=[])
    fish(state, "Perch#1")
    cast_to(state, near(0), 12)
    do(state, "done")
    assert all(seat >= 0 and isinstance(code, int) for seat, code in state.history)
    assert any(isinstance(e, DeckReshuffled) for e in state.view(1).events)


# ---------------------------------------------------------------------------- card limits


def test_card_limits_5_fish() -> None:
    caught = ["Perch#1", "Bluegill#1", "Squirrelfish#2", "Char#2", "Sardine#1"]
    state = new(water=["Char#1", *PLAIN], caught={0: caught})
    fish(state)
    cast_to(state, near(0), 12)
    do(state, "done")
    assert state.phase == LIMIT and state.turn == 0
    assert legal(state) == sorted(f"discard {n}" for n in [*caught, "Char#1"])
    do(state, "discard Perch#1")
    assert len(state.caught[0]) == 5 and names(state.fish_discard) == ["Perch#1"]
    assert (state.phase, state.turn) == (TURN, 1)


def test_card_limits_3_equipment() -> None:
    state = new(
        water=["Char#1", *PLAIN],
        gear={0: ["CarbonRod", "LuckyHat", "Flashlight#1"]},
        shop_deck=["Berley#1", "Clover", "Spear", "WeedGuard#1"],
        shop_open=True,
    )
    do(state, "buy 1")
    assert state.phase == LIMIT
    assert legal(state) == sorted(
        f"discard {n}" for n in ["CarbonRod", "LuckyHat", "Flashlight#1", "Berley#1"]
    )
    do(state, "discard LuckyHat")
    assert names(state.shop_discard) == ["LuckyHat"] and len(state.gear[0]) == 3
    assert (state.phase, state.turn) == (TURN, 1)


def test_card_limits_carp_cannot_be_discarded() -> None:
    caught = ["Carp#1", "Carp#2", "Carp#3", "Carp#4", "Perch#1"]
    state = new(water=["Char#1", *PLAIN], caught={0: caught})
    fish(state)
    cast_to(state, near(0), 12)
    do(state, "done")
    assert legal(state) == ["discard Char#1", "discard Perch#1"]
    refused(state, "discard Carp#1")


def test_ruling_11_card_limits_come_after_the_water_is_replenished() -> None:
    caught = ["Perch#1", "Bluegill#1", "Squirrelfish#2", "Char#2", "Sardine#1"]
    state = new(water=["Char#1", *PLAIN], caught={0: caught}, deck=[])
    fish(state)
    cast_to(state, near(0), 12)
    do(state, "done")
    # The deck was empty and nothing was discarded yet: the slot stays empty.
    assert state.phase == LIMIT and water(state)[0] is None
    do(state, "discard Perch#1")
    assert water(state)[0] is None and names(state.fish_discard) == ["Perch#1"]


def test_ruling_11_carp_over_the_limit_are_kept(tmp_path: Path) -> None:
    def more_carp(data: dict[str, Any]) -> None:
        carp = next(card for card in data["fishing"] if card["name"] == "Carp")
        data["fishing"] += [dict(carp), dict(carp)]

    game = FlipAndFishGame(2, cards=edition(tmp_path, more_carp))
    carp = [f"Carp#{k}" for k in range(1, 7)]
    state = new(water=["Char#1", *PLAIN], caught={0: carp}, game=game)
    fish(state)
    cast_to(state, MISS, 12)
    assert (state.phase, state.turn) == (TURN, 1)
    assert game.cards.names(state.caught[0]) == carp


def test_ruling_11_only_carp_over_the_fish_limit_leaves_the_equipment_limit(
    tmp_path: Path,
) -> None:
    def more_carp(data: dict[str, Any]) -> None:
        carp = next(card for card in data["fishing"] if card["name"] == "Carp")
        data["fishing"] += [dict(carp), dict(carp)]

    game = FlipAndFishGame(2, cards=edition(tmp_path, more_carp))
    carp = [f"Carp#{k}" for k in range(1, 7)]
    gear = ["Berley#1", "Berley#2", "Clover", "WeedGuard#1"]
    state = new(water=["Char#1", *PLAIN], caught={0: carp}, gear={0: gear}, game=game)
    fish(state)
    cast_to(state, MISS, 12)
    assert (state.phase, state.turn) == (LIMIT, 0)
    assert legal(state) == [f"discard {name}" for name in gear]  # the Carp stay
    do(state, "discard Clover")
    assert (state.phase, state.turn) == (TURN, 1)
    assert game.cards.names(state.caught[0]) == carp


# ------------------------------------------------------------------------------------ win


@pytest.mark.parametrize(("players", "trophies"), [(2, 3), (3, 2), (4, 2)])
def test_win_with_3_trophies_with_2_players_2_with_3_or_4(players: int, trophies: int) -> None:
    held = ["Wahoo", "Snakehead"][: trophies - 1]
    state = new(players, water=["MahiMahi", *PLAIN], caught={0: held})
    assert not state.is_terminal()
    fish(state)
    cast_to(state, near(0), 10)
    do(state, "done")
    assert state.phase == GAME_OVER and state.is_terminal()
    assert state.winner == 0 and state.winners() == [0] and state.scores()[0] == trophies
    assert state.current_players() == ()


def test_win_2_trophies_are_not_enough_with_2_players() -> None:
    state = new(2, water=["MahiMahi", *PLAIN], caught={0: ["Wahoo"]})
    fish(state)
    cast_to(state, near(0), 10)
    do(state, "done")
    assert not state.is_terminal() and state.turn == 1


def test_ruling_12_a_winning_extra_turn_trophy_ends_the_game_at_once() -> None:
    state = new(3, water=["KingSalmon", *PLAIN], caught={0: ["Wahoo"]})
    fish(state)
    cast_to(state, on(0), 11)  # a strike: 13 against 13
    do(state, "done")
    assert state.is_terminal() and state.winner == 0


def test_ruling_12_the_game_ends_as_soon_as_a_player_holds_the_trophies() -> None:
    caught = ["Wahoo", "Perch#1", "Bluegill#1", "Squirrelfish#2", "Char#2"]
    state = new(3, water=["MahiMahi", *PLAIN], caught={0: caught})
    fish(state)
    cast_to(state, near(0), 10)
    do(state, "done")
    assert state.is_terminal() and state.winner == 0


# ------------------------------------------------------------------------------ bad input


def test_bad_input_an_aim_outside_the_table() -> None:
    state = new(water=["Char#1", *PLAIN])
    fish(state)
    error = refused(state, "cast 900 0", AnglerError)
    assert not isinstance(error, IllegalActionError)  # the parser refuses it
    assert state.phase == AIM


def test_bad_input_more_than_3_bait_fish() -> None:
    state = new(
        water=["Char#1", *PLAIN], caught={0: ["Perch#1", "Sardine#1", "Minnow", "Redfin#1"]}
    )
    refused(state, "fish with Perch#1 Sardine#1 Minnow Redfin#1")


def test_bad_input_a_bait_without_a_bait_rating() -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Wahoo", "Perch#1"]})
    refused(state, "fish with Wahoo")
    refused(state, "fish with Perch#1 Wahoo")


def test_bad_input_a_bait_not_caught_by_the_player() -> None:
    state = new(water=["Char#1", *PLAIN], caught={1: ["Perch#1"]})
    refused(state, "fish with Perch#1")


@pytest.mark.parametrize("text", ["buy 1", "buy 3", "buy dip", "stocktake Perch#1"])
def test_bad_input_shopping_before_the_shop_opens(text: str) -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Perch#1"]})
    refused(state, text)


def test_bad_input_stocktake_with_a_carp() -> None:
    state = new(water=["Char#1", *PLAIN], caught={0: ["Carp#1"]}, shop_deck=SHOP, shop_open=True)
    refused(state, "stocktake Carp#1")


def test_bad_input_gearing_up_a_face_up_card() -> None:
    state = new(water=["Char#1", *PLAIN], gear={0: ["CarbonRod", "LuckyHat"]})
    used(state, "LuckyHat")
    refused(state, "gear up CarbonRod")
    refused(state, "gear up CarbonRod LuckyHat")


# ---------------------------------------------------------------------- closing time, aims


def test_ruling_14_closing_time_ends_the_game_after_the_round_limit() -> None:
    game = FlipAndFishGame(2, rounds=1)
    state = new(water=["Char#1", *PLAIN], caught={1: ["Wahoo"]}, game=game)
    do(state, "fish")
    cast_to(state, (400, 400), 5)  # a miss far from the water: seat 2 casts last in round 1
    assert not state.is_terminal() and state.turn == 1
    do(state, "fish")
    cast_to(state, (400, 400), 5)
    assert state.is_terminal() and state.winner == -1
    assert state.winners() == [1] and state.scores() == [0, 1]  # most trophies wins
    assert events(state, ClosingTime)


def test_ruling_14_closing_time_shares_the_win_on_a_tie() -> None:
    state = new(water=["Char#1", *PLAIN], game=FlipAndFishGame(2, rounds=1))
    for _ in range(2):
        do(state, "fish")
        cast_to(state, (400, 400), 5)
    assert state.is_terminal() and state.winners() == [0, 1] and state.ranking() == [1, 1]


def test_ruling_15_aims_lie_on_a_10_mm_grid() -> None:
    game = GAMES[2]
    for outside in ("cast 451 0", "cast 0 -450.5"):  # never rounded onto the edge
        with pytest.raises(AnglerError, match="outside the table"):
            game.action_from_string(outside)
    assert game.action_to_string(game.action_from_string("cast 123 -41")) == "cast 120 -40"
    assert game.action_to_string(game.action_from_string("cast -450 450")) == "cast -450 450"
    state = new(water=["Char#1", *PLAIN])
    do(state, "fish")
    assert state.legal_actions(0) is state.legal_actions(0)  # one shared list of every aim
    assert len([a for a in state.legal_actions(0) if a & 15 == 4]) == 91 * 91


def test_ruling_16_a_gear_up_fish_flips_your_longest_held_used_cards() -> None:
    state = new(
        water=["YellowfinTuna", *PLAIN],
        gear={0: ["CarbonRod", "LuckyHat", "Flashlight#1"]},
    )
    used(state, "CarbonRod", "LuckyHat", "Flashlight#1")
    fish(state)
    cast_to(state, on(0), 12)  # 12 + 2 for the strike reaches 12
    do(state, "done")
    assert state.ready[ident("CarbonRod")] and state.ready[ident("LuckyHat")]
    assert state.ready[ident("Flashlight#1")] is False
