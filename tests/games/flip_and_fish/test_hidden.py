"""What a Flip & Fish seat may see: a Flashlight's peek is known to the peeker alone, and re-deals
respect every view."""

from __future__ import annotations

import json
import random

from angler.core.records import record_of
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.games.flip_and_fish.rules import FlipAndFishState

GAME = FlipAndFishGame(3)


SETUP = {
    "water": ["Wahoo", "Perch#2", "Squirrelfish#1", "Bluegill#2", "Wrasse"],
    "caught": [[], [], []],
    "gear": [["Flashlight#1"], [], []],
}


def peeked_state() -> FlipAndFishState:
    state = GAME.state_from_setup(SETUP, seed=4)
    state.apply("fish", 0)
    state.apply("use Flashlight#1 1", 0)
    return state


def test_a_flashlight_peek_shows_the_card_to_the_peeker_only() -> None:
    state = peeked_state()
    wahoo = GAME.cards.by_name["Wahoo"]
    assert state.view(0).water[0] == wahoo
    for seat in (1, 2):
        view = state.view(seat)
        assert view.water[0] == -1
        assert "Wahoo" not in json.dumps(view.as_dict())
        assert all(wahoo not in e._asdict().values() for e in view.events)
        assert "Wahoo" not in GAME.presentation.render_view(view)


def redealt(state: FlipAndFishState, seat: int, sample: int) -> FlipAndFishState:
    """A re-deal consistent with what ``seat`` sees."""
    return GAME.search.determinise(state.view(seat), random.Random(sample))


def test_a_redeal_keeps_the_peek_for_the_peeker_and_varies_it_for_the_others() -> None:
    state = peeked_state()
    wahoo = GAME.cards.by_name["Wahoo"]
    for sample in range(5):
        assert redealt(state, 0, sample).water[0] == wahoo
    others = {redealt(state, 1, sample).water[0] for sample in range(8)}
    assert len(others) > 1


def test_a_record_exported_for_a_player_names_no_hidden_card() -> None:
    """Records hold actions and cast landings, never a face-down card's name."""
    state = peeked_state()
    state.apply("cast 0 0", 0)
    text = record_of(state, SETUP).dumps()
    assert '"outcomes"' in text
    moves = text.split('"actions"')[1]
    assert "Wahoo" not in moves
