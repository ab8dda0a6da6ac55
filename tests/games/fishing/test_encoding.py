"""Fishing's encoding, checked by hand: an action's index is its code, and the observation puts
the hand, the trick and the scores where docs/interop.md says."""

from __future__ import annotations

import pytest

from angler.core.events import PUBLIC
from angler.games.fishing.encoding import FishingEncoding
from angler.games.fishing.game import FishingGame


def encoding_of(players: int) -> FishingEncoding:
    return FishingGame(players).encoding


def block(encoding: FishingEncoding, name: str, observation: list[float]) -> list[float]:
    found = next(b for b in encoding.layout.blocks if b.name == name)
    return observation[found.offset : found.offset + found.size]


@pytest.mark.parametrize(("players", "size"), [(3, 1890), (4, 2313), (5, 2738)])
def test_the_shape_is_fixed_by_the_player_count(players: int, size: int) -> None:
    encoding = encoding_of(players)
    assert encoding.observation_shape() == (size,)
    assert encoding.action_count() == 3 * 100 + 5  # play, catch, pass a card; call a colour


def test_an_action_index_is_its_code() -> None:
    game = FishingGame(4)
    encoding = encoding_of(4)
    view = game.new_state(0).view(0)
    assert encoding.action_index(view, game.action_from_string("play B7")) == 6
    assert encoding.action_index(view, game.action_from_string("catch B7")) == 106
    assert encoding.action_index(view, game.action_from_string("pass B7")) == 206
    assert encoding.action_index(view, game.action_from_string("call red")) == 302
    assert game.action_to_string(encoding.action_code(view, 302)) == "call red"
    with pytest.raises(ValueError, match="0 to 304"):
        encoding.action_code(view, 305)


def test_the_hand_and_the_seat_are_one_hot() -> None:
    game = FishingGame(4)
    state = game.new_state(0)
    encoding = encoding_of(4)
    view = state.view(2)
    observation = encoding.observation(view)
    hand = block(encoding, "hand", observation)
    assert [card for card, bit in enumerate(hand) if bit] == sorted(view.hand)
    assert len(view.hand) == 9  # round 1 with 4 players
    assert block(encoding, "seat", observation) == [0.0, 0.0, 1.0, 0.0]
    assert block(encoding, "round", observation)[0] == 1.0
    assert block(encoding, "phase", observation) == [1.0, 0.0, 0.0, 0.0, 0.0]  # play
    assert block(encoding, "hand_sizes", observation) == [9.0] * 4
    assert block(encoding, "ocean_size", observation) == [60.0]


def test_a_played_card_shows_in_the_trick_for_everyone_and_leaves_the_hand() -> None:
    game = FishingGame(4)
    state = game.new_state(0)
    encoding = encoding_of(4)
    card = state.legal_actions(0)[0]
    state.apply_action(card, 0)
    for viewer in (0, 1, PUBLIC):
        observation = encoding.observation(state.view(viewer))
        trick_card = block(encoding, "trick_card", observation)
        assert [i for i, bit in enumerate(trick_card) if bit] == [card]  # place 0, that card
        assert block(encoding, "trick_seat", observation)[:4] == [1.0, 0.0, 0.0, 0.0]
        assert block(encoding, "seen", observation)[card] == 1.0
    assert block(encoding, "hand", encoding.observation(state.view(0)))[card] == 0.0


def test_a_spectator_sees_no_hand_and_no_seat() -> None:
    encoding = encoding_of(3)
    observation = encoding.observation(FishingGame(3).new_state(1).view(PUBLIC))
    assert not any(block(encoding, "hand", observation))
    assert not any(block(encoding, "seat", observation))
    assert not any(block(encoding, "own_stock", observation))
