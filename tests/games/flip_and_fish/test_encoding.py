"""Flip & Fish's encoding, checked by hand: the aim grid keeps its numbering, bait is numbered by
the fisher's bait slots, equipment by its place among the equipment cards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from angler.core.events import PUBLIC
from angler.games.flip_and_fish.game import FlipAndFishGame

BAIT_SETS = 1 + 11 + 55 + 165 + 330  # at most 4 of 11 bait slots (3 + a Bait Bucket; 5 + 1 + 5)
GEAR_SETS = 1 + 20 + 190  # at most 2 of the 20 equipment cards
CAST_BASE = BAIT_SETS + 4 + 110 + GEAR_SETS


def test_the_action_blocks_have_their_sizes() -> None:
    encoding = FlipAndFishGame(3).encoding
    assert (encoding.bait_slots, len(encoding.baits), len(encoding.gear_sets)) == (11, 562, 211)
    assert encoding.cast_base == CAST_BASE == 887
    assert encoding.action_count() == CAST_BASE + 91 * 91 + 20 * 6 + 110 + 1 == 9399


def test_aims_shop_and_equipment_keep_their_numbers() -> None:
    game = FlipAndFishGame(3)
    encoding = game.encoding
    view = game.new_state(0).view(0)

    def index(text: str) -> int:
        return encoding.action_index(view, game.action_from_string(text))

    assert index("cast 0 0") == CAST_BASE + 45 * 91 + 45  # the grid's middle point
    assert index("cast -450 -450") == CAST_BASE
    assert index("buy dip") == BAIT_SETS + 3
    assert index("stocktake Carp#1") == BAIT_SETS + 4 + 35
    # Flashlight#1 is equipment 8 (card 98); water slot 3 is stored as 2.
    assert index("use Flashlight#1 3") == CAST_BASE + 8281 + 8 * 6 + 2
    assert index("use Berley#1") == CAST_BASE + 8281 + 5  # equipment 0, no slot
    assert index("gear up Berley#1 Clover") == BAIT_SETS + 4 + 110 + 1 + 20 + 1  # pair (0, 2)
    assert index("done") == encoding.action_count() - 1
    for text in ("cast 0 0", "use Flashlight#1 3", "gear up Berley#1 Clover", "buy dip"):
        assert game.action_to_string(encoding.action_code(view, index(text))) == text


def test_bait_is_numbered_by_bait_slot() -> None:
    game = FlipAndFishGame(3)
    setup = {"caught": [["Carp#1", "Wahoo", "Bluegill#1", "Sardine#2"], [], []]}
    state = game.state_from_setup(setup, seed=2)
    encoding = game.encoding
    view = state.view(0)
    code = game.action_from_string("fish with Bluegill#1 Carp#1")
    assert code in state.legal_actions(0)
    # Bait slots: Sardine#2, Bluegill#1, Carp#1 (the Wahoo is a trophy: no bait rating).
    # Slots {1, 2}: after the empty set, the 11 singles and the 10 pairs with slot 0.
    assert encoding.action_index(view, code) == 1 + 11 + 10
    assert encoding.action_code(view, 22) == code
    assert encoding.action_index(view, game.action_from_string("fish")) == 0
    with pytest.raises(ValueError, match="bait slots"):
        encoding.action_code(view, 1 + 3)  # a 4th bait slot: this fisher has 3
    observation = encoding.observation(view)
    found = next(b for b in encoding.layout.blocks if b.name == "bait_slots")
    rows = [observation[found.offset + 8 * slot : found.offset + 8 * slot + 8] for slot in range(4)]
    # Rating 1, 2, 3; colour blue, green, yellow, red; Carp.
    assert rows == [
        [1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0],  # Sardine: rating 1, blue
        [0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0],  # Bluegill: rating 2, blue
        [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0],  # Carp: rating 1, green, a Carp
        [0.0] * 8,
    ]


def test_a_face_only_the_viewer_saw_is_hidden_from_the_others() -> None:
    game = FlipAndFishGame(3)
    setup = {
        "water": ["Wahoo", "Perch#2", "Squirrelfish#1", "Bluegill#2", "Wrasse"],
        "caught": [[], [], []],
        "gear": [[], [], ["Flashlight#1"]],
        "turn": 2,
    }
    state = game.state_from_setup(setup, seed=4)
    state.apply("fish", 2)
    state.apply("use Flashlight#1 1", 2)
    encoding = game.encoding
    found = next(b for b in encoding.layout.blocks if b.name == "water_card")
    wahoo = (
        found.offset + FlipAndFishGame(3).cards.by_name["Wahoo"]
    )  # slot 0; fishing cards come first
    assert encoding.observation(state.view(2))[wahoo] == 1.0
    assert encoding.observation(state.view(0))[wahoo] == 0.0
    assert encoding.observation(state.view(PUBLIC))[wahoo] == 0.0


@pytest.mark.parametrize(
    ("x", "y", "shown"),
    [(225.0, -450.0, (0.5, -1.0)), (2000.0, -5000.0, (2.0, -2.0)), (-950.0, 0.0, (-2.0, 0.0))],
)
def test_a_landing_is_shown_over_the_tables_half_clamped_to_two_halves(
    x: float, y: float, shown: tuple[float, float]
) -> None:
    """Off the table (past ±450 mm) every landing is a miss, so how far off is capped."""
    game = FlipAndFishGame(3)
    encoding = game.encoding
    view = replace(game.new_state(0).view(0), landing=(x, y, True, 7))
    landing = next(b for b in encoding.layout.blocks if b.name == "landing")
    numbers = encoding.observation(view)[landing.offset : landing.end]
    assert numbers == [1.0, *shown, 1.0]
    assert (landing.low, landing.high) == (-2.0, 2.0)


def test_the_roll_and_turns_ranges_come_from_the_cards_and_the_round_limit() -> None:
    """The roll: 12 + 4 bait fish at 3 + colour 2 + strike 2 + roll bonuses 3 + 3 + 2 + two
    lures at 2. Turns: closing time after rounds × players turns."""
    encoding = FlipAndFishGame(4, rounds=20).encoding
    ranges = {b.name: (b.low, b.high) for b in encoding.layout.blocks}
    assert ranges["roll"] == (0.0, 40.0)
    assert ranges["turns"] == (0.0, 80.0)
    assert ranges["scores"] == (0.0, 17.0)  # the trophies of the card set
