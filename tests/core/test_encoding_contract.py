"""The encoding contract's bulk methods and bounds (``core/encoding.py``): their defaults, built
on the required methods, and the games' own (``check_encoding`` compares them at every position
of seeded games; here, what each says)."""

from __future__ import annotations

import math
from array import array
from typing import Any

import pytest

from angler.core import make_game
from angler.core.encoding import Encoding
from angler.games.flip_and_fish import actions as flip_actions


class Doubling(Encoding[Any]):
    """Only the required methods: index = code × 2 (of 10), observation = the player, twice."""

    def action_count(self) -> int:
        return 10

    def action_index(self, view: Any, code: int) -> int:
        return code * 2

    def action_code(self, view: Any, index: int) -> int:
        return index // 2

    def observation_shape(self) -> tuple[int, ...]:
        return (2,)

    def observation(self, view: Any) -> list[float]:
        return [float(view), float(view)]


def test_the_defaults_are_built_on_the_required_methods() -> None:
    encoding = Doubling(make_game("fishing"))
    assert encoding.action_indices(None, [0, 3, 1]) == [0, 6, 2]
    assert encoding.action_mask(None, [0, 3, 1]) == bytearray([1, 0, 1, 0, 0, 0, 1, 0, 0, 0])
    numbers = encoding.observation_array(7)
    assert isinstance(numbers, array) and numbers.typecode == "d"
    assert numbers.tolist() == [7.0, 7.0]
    assert encoding.observation_bounds() == (-math.inf, math.inf)
    assert encoding.max_game_length() is None


@pytest.mark.parametrize(("players", "longest"), [(3, 348), (4, 416), (5, 468)])
def test_fishings_game_length_bound_counts_plays_and_the_decisions_cards_cause(
    players: int, longest: int
) -> None:
    encoding = make_game("fishing", players).encoding
    assert encoding is not None
    assert encoding.max_game_length() == longest
    assert encoding.observation_bounds() == (-48.0, 800.0)  # 2 minus-three cards, 100 cards


def test_flip_and_fishs_aims_are_numbered_and_masked_as_one_run() -> None:
    game = make_game("flip-and-fish", 3)
    encoding = game.encoding
    assert encoding is not None
    state = game.new_state(4)
    while not state.legal_actions(state.current_player()) or (
        len(state.legal_actions(state.current_player())) < flip_actions.AIMS
    ):
        seat = state.current_player()
        state.apply_action(state.legal_actions(seat)[-1], seat)  # rest, pass, … until an aim
    seat = state.current_player()
    legal, view = state.legal_actions(seat), state.view(seat)
    one_by_one = [encoding.action_index(view, code) for code in legal]
    assert encoding.action_indices(view, legal) == one_by_one
    mask = encoding.action_mask(view, legal)
    assert [i for i, bit in enumerate(mask) if bit] == sorted(one_by_one)
    # The same codes in another order take the one-by-one way and agree.
    shuffled = legal[::-1]
    assert encoding.action_indices(view, shuffled) == one_by_one[::-1]
    assert encoding.action_mask(view, shuffled) == mask


def test_a_bounded_encoding_gives_a_bounded_box() -> None:
    pytest.importorskip("gymnasium")
    from angler.interop.common import observation_space

    encoding = make_game("fishing", 4).encoding
    assert encoding is not None
    from gymnasium.spaces import Box

    box = observation_space(encoding)["observation"]
    assert isinstance(box, Box)
    assert float(box.low.min()) == -48.0 and float(box.high.max()) == 800.0
