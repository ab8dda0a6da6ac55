"""Crazy Fishing's encoding, checked by hand: a cast is numbered by the slots of the hand (in
card-id order) and the fish used as bait, the other verbs by their own numbers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from angler.core.events import PUBLIC
from angler.games.crazy_fishing.game import CrazyFishingGame

FISH_CHOICES = 1 + 37  # no fish as bait, or one of the 37 fish of the card set


def test_the_action_blocks_have_their_sizes() -> None:
    encoding = CrazyFishingGame(4).encoding
    assert encoding.peek_base == 64 * FISH_CHOICES  # every set of 6 hand slots, with a fish
    assert encoding.action_count() == 64 * FISH_CHOICES + 37 + 1 + 2 + 37 + 37 + 64 + 2


def test_a_cast_is_numbered_by_hand_slots() -> None:
    game = CrazyFishingGame(4)
    state = game.new_state(5)
    encoding = game.encoding
    view = state.view(0)
    # Seat 0 holds R2+#3, R2#3, Reel#3, B2#4, B4#3, B5#2 (slots 0 to 5, in card-id order).
    assert game.cards.names(sorted(view.hand)) == [
        "R2+#3",
        "R2#3",
        "Reel#3",
        "B2#4",
        "B4#3",
        "B5#2",
    ]
    code = game.action_from_string("cast R2+#3 R2#3 B4#3")
    assert code in state.legal_actions(0)
    # Slots {0, 1, 4}: after the empty set (1), the 6 singles and the 15 pairs, the third set of 3.
    assert encoding.action_index(view, code) == (1 + 6 + 15 + 2) * FISH_CHOICES
    assert encoding.action_code(view, 24 * FISH_CHOICES) == code
    with pytest.raises(ValueError, match="no cards"):
        encoding.action_code(view, 0)


def test_a_fish_as_bait_adds_its_rank_among_the_fish() -> None:
    game = CrazyFishingGame(3, oos_rods=True)
    setup = {
        "hands": [["OOSRod#1", "R3#1", "B1#1", "B4#1"], ["R4#1", "B2#1"], ["R5#1", "B3#1"]],
        "piles": [["F4#2"], [], []],
    }
    state = game.state_from_setup(setup, seed=1)
    encoding = game.encoding
    view = state.view(0)
    code = game.action_from_string("cast B1#1 F4#2 OOSRod#1")
    assert code in state.legal_actions(0)
    # Slots {1, 3} of R3#1, B1#1, B4#1, OOSRod#1 are the 7th pair (index 13); F4#2 is fish 9.
    assert encoding.action_index(view, code) == 13 * FISH_CHOICES + 1 + 9
    assert encoding.action_code(view, 13 * FISH_CHOICES + 10) == code


def test_the_other_verbs_keep_their_numbers() -> None:
    game = CrazyFishingGame(4)
    encoding = game.encoding
    view = game.new_state(1).view(0)
    index = {
        text: encoding.action_index(view, game.action_from_string(text))
        for text in ("peek 7", "skip", "turbulent after", "fish 7", "fish beside F4#2", "draw bait")
    }
    base = 64 * FISH_CHOICES
    assert index == {
        "peek 7": base + 7,
        "skip": base + 37,
        "turbulent after": base + 39,
        "fish 7": base + 40 + 7,
        "fish beside F4#2": base + 77 + 9,
        "draw bait": encoding.action_count() - 1,
    }


def test_the_hand_slots_show_each_cards_type() -> None:
    game = CrazyFishingGame(4)
    encoding = game.encoding
    view = game.new_state(5).view(0)
    observation = encoding.observation(view)
    found = next(b for b in encoding.layout.blocks if b.name == "hand_slots")
    types = found.shape[1]
    rows = [
        observation[found.offset + slot * types : found.offset + (slot + 1) * types]
        for slot in range(6)
    ]
    # Rod types come first in card-file order (R1+ 0, R2+ 1, …, R2 4, …, Reel 9), then baits
    # (B1+ 12, B2+ 13, B3+ 14, B1 15, B2 16, B3 17, B4 18, B5 19).
    assert [row.index(1.0) for row in rows] == [1, 4, 9, 16, 18, 19]
    spectator = encoding.observation(game.new_state(5).view(PUBLIC))
    assert not any(spectator[found.offset : found.offset + found.size])


def test_the_round_is_shown_capped_at_999() -> None:
    """No rule ends a game within a number of rounds: the round block's range stops at 999."""
    game = CrazyFishingGame(4)
    encoding = game.encoding
    view = game.new_state(1).view(0)
    at = encoding.at_round
    assert encoding.observation(replace(view, round=12))[at] == 12.0
    assert encoding.observation(replace(view, round=5000))[at] == 999.0
    assert encoding.observation_limits()[1][at] == 999.0
