"""Crazy Fishing's hooks for search bots: re-deals and its heuristic player."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from angler.core.search import SearchSupport
from angler.games.crazy_fishing.determinise import determinise
from angler.games.crazy_fishing.heuristic import CrazyFishingHeuristic, policy
from angler.games.crazy_fishing.rules import CrazyFishingState
from angler.games.crazy_fishing.view import CrazyFishingView

if TYPE_CHECKING:
    from angler.games.crazy_fishing.game import CrazyFishingGame


class CrazyFishingSearch(SearchSupport[CrazyFishingState, CrazyFishingView]):
    game: CrazyFishingGame

    def determinise(self, view: CrazyFishingView, rng: random.Random) -> CrazyFishingState:
        return determinise(self.game, view, rng)

    def heuristic(self, seed: int) -> CrazyFishingHeuristic:
        return policy(seed, self.game)
