"""Any position reached in play can be written down: ``state_from_setup(setup_of(state))`` gives
every seat the same view, legal actions, scores and turn, and plays on the same."""

from __future__ import annotations

from typing import Any

import pytest

from angler.core import Game
from angler.testing import check_setup_round_trip


@pytest.mark.parametrize("seed", [0, 1])
def test_a_position_reached_in_play_is_laid_out_again_by_its_setup(
    game: Game[Any, Any], seed: int
) -> None:
    check_setup_round_trip(game, seed, points=5)
