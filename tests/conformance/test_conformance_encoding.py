"""Every game with an encoding keeps ``core/encoding.py``'s rules (``check_encoding``): each legal
code has its own index in range and comes back from it, observations have one fixed length for
every seat and the spectator, and re-dealt twins of a view encode alike. The check itself is
shown to catch encodings that break each rule."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from angler.core import Game, all_games, make_game
from angler.core.events import PUBLIC
from angler.games.fishing.encoding import FishingEncoding
from angler.games.fishing.game import FishingGame
from angler.games.fishing.rules import FishingState
from angler.games.fishing.view import FishingView
from angler.testing import ConformanceError, check_encoding


def test_every_registered_game_has_an_encoding() -> None:
    assert {cls.name for cls in all_games()} == {"fishing", "crazy-fishing", "flip-and-fish"}
    for cls in all_games():
        assert make_game(cls.name).encoding is not None, cls.name


def test_the_encoding_keeps_its_rules_at_every_position(game: Game[Any, Any]) -> None:
    if game.encoding is None:
        pytest.skip(f"{game.name} has no encoding")  # the toy game writes only required hooks
    longest = game.encoding.max_game_length() or 20
    # A small variant's game is a dozen moves at most, and may end sooner: three of them.
    positions = check_encoding(game, [3] if longest > 40 else [3, 4, 5], twins=3, samples=2)
    assert positions > min(20, longest)


def test_action_counts_stay_small_enough_for_learning_code() -> None:
    counts = {
        name: make_game(name).encoding.action_count()  # type: ignore[union-attr]
        for name in ("fishing", "crazy-fishing", "flip-and-fish")
    }
    assert counts == {"fishing": 305, "crazy-fishing": 2612, "flip-and-fish": 9399}


# ----- the check catches encodings that break a rule -----
class SharedIndex(FishingEncoding):
    """Every action of a position has index 0 (which gives the first legal action back)."""

    def action_index(self, view: FishingView, code: int) -> int:
        return 0

    def action_code(self, view: FishingView, index: int) -> int:
        return view.legal[0] if index == 0 else super().action_code(view, index)


class WrongWayBack(FishingEncoding):
    def action_code(self, view: FishingView, index: int) -> int:
        return super().action_code(view, index) ^ 1


class OutOfRange(FishingEncoding):
    def action_count(self) -> int:
        return 20  # fewer than the codes the encoding uses


class GrowingObservation(FishingEncoding):
    """Its observation grows with the round: not one fixed length."""

    def observation(self, view: FishingView) -> list[float]:
        return super().observation(view) + [0.0] * (view.round > 1)


class AcceptsAnyIndex(FishingEncoding):
    def action_code(self, view: FishingView, index: int) -> int:
        return index


class BulkOffByOne(FishingEncoding):
    """Its bulk indices drop the last code's."""

    def action_indices(self, view: FishingView, codes: Sequence[int]) -> list[int]:
        return super().action_indices(view, codes)[:-1]


class MaskMissesOne(FishingEncoding):
    """Its mask leaves the first legal index out."""

    def action_mask(self, view: FishingView, codes: Sequence[int]) -> bytearray:
        mask = super().action_mask(view, codes)
        mask[codes[0]] = 0  # Fishing's index is its code
        return mask


class ArrayOfOtherNumbers(FishingEncoding):
    """Its array and its list disagree on the seat block."""

    def observation(self, view: FishingView) -> list[float]:
        return [0.0] * 4 + super().observation(view)[4:]


class TooTightLimits(FishingEncoding):
    """Declares hand sizes 0 or 1: a dealt hand holds more."""

    def observation_limits(self) -> tuple[Sequence[float], Sequence[float]]:
        low, high = (list(side) for side in super().observation_limits())
        hands = next(b for b in self.layout.blocks if b.name == "hand_sizes")
        high[hands.offset : hands.end] = [1.0] * hands.size
        return low, high


class BoundsNarrowerThanLimits(FishingEncoding):
    def observation_bounds(self) -> tuple[float, float]:
        return (0.0, 1.0)  # the scores' limits run from -48 to 800


class LimitsUpsideDown(FishingEncoding):
    def observation_limits(self) -> tuple[Sequence[float], Sequence[float]]:
        low, high = (list(side) for side in super().observation_limits())
        low[5] = 2.0  # above its high, 1 (phase[2] with 3 seats)
        return low, high


class LimitsTooShort(FishingEncoding):
    def observation_limits(self) -> tuple[Sequence[float], Sequence[float]]:
        low, high = super().observation_limits()
        return low[:-1], high[:-1]


class TooShortGames(FishingEncoding):
    def max_game_length(self) -> int:
        return 50  # a Fishing game takes hundreds of decisions


SEEN: list[FishingState] = []


class ReadsTheLastState(FishingEncoding):
    """Reads the hand of the next seat from the last state a view was made of, not from the
    view: the mistake of an adapter that keeps "the game" beside the view it encodes."""

    def observation_array(self, view: FishingView) -> array[float]:
        out = super().observation_array(view)  # observation() is its tolist(): both read it
        if SEEN and not view.spectator:
            hand = SEEN[-1].hands[(view.player + 1) % SEEN[-1].n]
            if hand:  # its first card id, where the scores' range (-48 to 800) holds it
                out[self.at_scores] = float(hand[0])
        return out


@pytest.mark.parametrize(
    ("encoding", "words"),
    [
        (SharedIndex, "share index"),
        (WrongWayBack, "gives code"),
        (OutOfRange, r"not in range\(20\)"),
        (GrowingObservation, "observation_size"),
        (AcceptsAnyIndex, "accepts index"),
        (BulkOffByOne, "action_indices"),
        (MaskMissesOne, "action_mask"),
        (ArrayOfOtherNumbers, "observation_array"),
        (TooTightLimits, r"at hand_sizes\[0\] \(index \d+\) lies outside its observation_limits"),
        (BoundsNarrowerThanLimits, "does not hold every index's limits"),
        (LimitsUpsideDown, r"at phase\[2\] \(index 5\) is no interval"),
        (LimitsTooShort, "lows and highs"),
        (TooShortGames, "past max_game_length"),
    ],
)
def test_the_check_catches_a_broken_encoding(encoding: type[FishingEncoding], words: str) -> None:
    game = FishingGame(3)
    game.encoding = encoding(game)
    with pytest.raises(ConformanceError, match=words):
        check_encoding(game, [0], twins=2, samples=1)


def test_the_check_catches_an_observation_that_reads_more_than_the_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = FishingState.view

    def remembered(state: FishingState, player: int) -> FishingView:
        SEEN.append(state)
        del SEEN[:-1]
        return real(state, player)

    monkeypatch.setattr(FishingState, "view", remembered)
    game = FishingGame(3)
    game.encoding = ReadsTheLastState(game)
    with pytest.raises(ConformanceError, match="re-deal 0: the observation differs"):
        check_encoding(game, [0], twins=2, samples=1)
    SEEN.clear()


def test_a_spectator_observation_shows_no_hand() -> None:
    game = make_game("fishing", 4)
    state = game.new_state(2)
    encoding = game.encoding
    assert encoding is not None
    watched = encoding.observation(state.view(PUBLIC))
    assert len(watched) == encoding.observation_size()
    mine = encoding.observation(state.view(0))
    assert watched != mine


def test_docs_show_each_games_observation_layout() -> None:
    """docs/interop.md tables each game's blocks at its default player count, as the code
    lays them out (regenerate the table with ``encoding.layout.table()``)."""
    text = (Path(__file__).parents[2] / "docs" / "interop.md").read_text()
    for cls in all_games():
        encoding = make_game(cls.name).encoding
        assert encoding is not None
        assert encoding.layout.table() in text, cls.name  # type: ignore[attr-defined]
