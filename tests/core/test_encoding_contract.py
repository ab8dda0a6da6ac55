"""The encoding contract's bulk methods, bounds and limits (``core/encoding.py``): their
defaults, built on the required methods, and the games' own (``check_encoding`` compares them at
every position of seeded games; here, what each says); and the layouts' ranges
(``core/tensors.py``) that the games' limits come from."""

from __future__ import annotations

import math
import random
from array import array
from typing import TYPE_CHECKING, Any

import pytest

from angler.core import all_games, make_game
from angler.core.encoding import Encoding, LaidOutEncoding
from angler.core.events import PUBLIC
from angler.core.game import Game
from angler.core.tensors import TensorLayout
from angler.games.fishing.game import FishingGame
from angler.games.flip_and_fish import actions as flip_actions

if TYPE_CHECKING:
    from gymnasium.spaces import Box

SMALLEST_AND_LARGEST = [
    pytest.param(cls.name, players, id=f"{cls.name}-{players}p")
    for cls in all_games()
    for players in (cls.min_players, cls.max_players)
]


def laid_out(game: Game[Any, Any]) -> LaidOutEncoding[Any]:
    """The game's encoding, which every bundled game lays out (checked here)."""
    encoding = game.encoding
    assert isinstance(encoding, LaidOutEncoding), f"{game.name}: {type(encoding).__name__}"
    return encoding


def observation_box(encoding: Encoding[Any]) -> Box:
    """The observation's space, which must be a ``Box`` (checked here)."""
    pytest.importorskip("gymnasium")
    from gymnasium.spaces import Box

    from angler.interop.common import observation_space

    box = observation_space(encoding)["observation"]
    assert isinstance(box, Box), box
    return box


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
    # An array only equals an array (never a list); its typecode says doubles.
    assert numbers == array("d", [7.0, 7.0]) and numbers.typecode == "d", numbers
    assert encoding.observation_bounds() == (-math.inf, math.inf)
    assert encoding.observation_limits() == ([-math.inf] * 2, [math.inf] * 2)
    assert encoding.max_game_length() is None


@pytest.mark.parametrize(("players", "longest"), [(3, 348), (4, 416), (5, 468)])
def test_fishings_game_length_bound_counts_plays_and_the_decisions_cards_cause(
    players: int, longest: int
) -> None:
    encoding = make_game("fishing", players).encoding
    assert encoding is not None
    assert encoding.max_game_length() == longest
    assert encoding.observation_bounds() == (-48.0, 800.0)  # 2 minus-three cards, 100 cards


def test_fishings_limits_are_per_block_scores_wide_counts_of_cards_and_one_hots_narrow() -> None:
    encoding = FishingGame(4).encoding
    low, high = encoding.observation_limits()
    ranges = {b.name: (low[b.offset], high[b.offset]) for b in encoding.layout.blocks}
    assert ranges["scores"] == (-48.0, 800.0)
    assert ranges["hand_sizes"] == ranges["ocean_size"] == (0.0, 100.0)
    assert ranges["hand"] == ranges["round"] == (0.0, 1.0)


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
    box = observation_box(FishingGame(4).encoding)
    assert float(box.low.min()) == -48.0 and float(box.high.max()) == 800.0


@pytest.mark.parametrize(("name", "players"), SMALLEST_AND_LARGEST)
def test_every_games_box_is_finite_and_is_its_limits_index_by_index(
    name: str, players: int
) -> None:
    np = pytest.importorskip("numpy")
    encoding = laid_out(make_game(name, players))
    box = observation_box(encoding)
    assert box.shape == encoding.observation_shape()
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    assert (box.low <= box.high).all()
    low, high = encoding.observation_limits()
    assert box.low.tolist() == list(low) and box.high.tolist() == list(high)  # whole numbers


@pytest.mark.parametrize(("name", "players"), SMALLEST_AND_LARGEST)
def test_a_blocks_range_is_the_limits_at_that_blocks_offsets(name: str, players: int) -> None:
    encoding = laid_out(make_game(name, players))
    low, high = encoding.observation_limits()
    assert len(low) == len(high) == encoding.observation_size()
    for block in encoding.layout.blocks:
        assert set(low[block.offset : block.end]) == {block.low}, block.name
        assert set(high[block.offset : block.end]) == {block.high}, block.name
    lows, highs = (min(low), max(high))
    assert encoding.observation_bounds() == (lows, highs)


@pytest.mark.parametrize(("name", "players"), SMALLEST_AND_LARGEST)
def test_observations_of_seeded_random_games_lie_within_their_limits(
    name: str, players: int
) -> None:
    """A few hundred decisions, the games played one after another from seeds 0, 1, …: every
    deciding seat's observation and the spectator's, number by number. (``check_encoding``
    checks the same in the conformance suite, at every player count and variant.)"""
    game = make_game(name, players)
    encoding = laid_out(game)
    low, high = encoding.observation_limits()
    decisions, seed = 0, 0
    while decisions < 300:
        state, rng = game.new_state(seed), random.Random(seed)
        while not state.is_terminal() and decisions < 300:
            seats = state.current_players()
            for seat in (PUBLIC, *seats):
                numbers = encoding.observation_array(state.view(seat))
                outside = [
                    f"{encoding.layout.block_at(i).name}: {x}"
                    for i, x in enumerate(numbers)
                    if not low[i] <= x <= high[i]
                ]
                assert not outside, (seed, decisions, outside[:3])
            seat = rng.choice(seats)
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
            decisions += 1
        seed += 1


def test_a_layouts_blocks_declare_their_range_and_the_table_shows_it() -> None:
    layout = TensorLayout()
    layout.add("flags", 2, "two flags")
    layout.add("score", (2, 3), "points", -6, 40)
    low, high = layout.limits()
    # Arrays of doubles: an array only equals an array (never a list), and the typecode says "d".
    assert low == array("d", [0.0] * 2 + [-6.0] * 6) and low.typecode == "d", low
    assert high == array("d", [1.0] * 2 + [40.0] * 6) and high.typecode == "d", high
    assert layout.block_at(1).name == "flags" and layout.block_at(2).name == "score"
    assert layout.table().splitlines() == [
        "| block | offset | shape | range | holds |",
        "|---|---|---|---|---|",
        "| `flags` | 0 | 2 | [0, 1] | two flags |",
        "| `score` | 2 | 2 × 3 | [-6, 40] | points |",
    ]
    with pytest.raises(IndexError):
        layout.block_at(8)
    with pytest.raises(ValueError, match="no range"):
        layout.add("upside_down", 1, "low above high", 2, 1)
