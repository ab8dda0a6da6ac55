"""Flip & Fish's hooks for search bots: re-deals, its heuristic, a few aims worth weighing, and
an evaluation by the worth of what each seat holds."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING

from angler.core.search import SearchSupport, outcome_values
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.aiming import face_down_worth
from angler.games.flip_and_fish.cards import BOOT
from angler.games.flip_and_fish.determinise import determinise
from angler.games.flip_and_fish.heuristic import FlipAndFishHeuristic, policy
from angler.games.flip_and_fish.rules import AIM, COLOUR_BONUS, TURN, FlipAndFishState
from angler.games.flip_and_fish.view import FlipAndFishView
from angler.games.flip_and_fish.worth import TROPHY_WORTH, worth_table

if TYPE_CHECKING:
    from angler.games.flip_and_fish.game import FlipAndFishGame

SEARCH_AIMS = 3  # water cards a search aims at, the best by worth
# Equipment held counts a quarter of its worth: the weight the tournament-tuned heuristic gives a
# purchase (``choose_turn``). At half, search left the heuristic's move mostly to buy gear.
GEAR_SHARE = 0.25


class FlipAndFishSearch(SearchSupport[FlipAndFishState, FlipAndFishView]):
    game: FlipAndFishGame
    paired_search = True  # a cast's luck swamps the difference between two aims
    # Measured: anchored ISMCTS at 2,500 iterations (about 1 s) won 39.0% of 210 games against
    # two heuristic players (par 33.3%), not clearly more; so normal and hard play the heuristic,
    # made stronger by their steadier casts (docs/agents.md).
    search_levels = False

    def determinise(self, view: FlipAndFishView, rng: random.Random) -> FlipAndFishState:
        return determinise(self.game, view, rng)

    def heuristic_settles(self, view: FlipAndFishView) -> bool:
        """Aims: anchored search never left the heuristic's aim (0 of 96 aim decisions, seeds
        0-3 played twice at 2,500 iterations), so it spends an aim's time on turns instead."""
        return view.phase == "aim"

    def heuristic(self) -> FlipAndFishHeuristic:
        return policy(self.game)

    def search_actions(self, state: FlipAndFishState, player: int) -> Sequence[int]:
        """While aiming, a search weighs the centres of the ``SEARCH_AIMS`` water cards whose
        cast is worth most (``aim_gains``), not all 8,281 points of the table: the physics of a
        cast is known, so sampling every aim would only spread the iterations thin."""
        legal = state.legal_actions(player)
        if state.phase != AIM or player != state.turn:
            return legal
        # In the aim phase the legal list is an AimList: its ``extra`` holds every non-cast action.
        others = legal.extra if isinstance(legal, act.AimList) else ()
        gains = sorted(self.aim_gains(state, player), reverse=True)[:SEARCH_AIMS]
        centres = self.game.table.cards
        return [*(act.aim_code(*centres[slot]) for _, slot in gains), *others]

    def aim_gains(self, state: FlipAndFishState, seat: int) -> list[tuple[float, int]]:
        """(worth of a cast at its centre, slot) per water card, from what ``seat`` may know:
        bite chance times the fish's worth and catch chance with the bait announced; a face-down
        card counts as the deck's average."""
        game = self.game
        cards = game.cards
        heuristic = self.odds  # the heuristic's odds of a bite and a catch: the mini's its own
        chances = heuristic.bite_chance(seat)
        bait = state.bait
        bonus = sum(cards.bait[c] for c in bait)
        gains = []
        for slot, card in enumerate(state.water):
            if card < 0:
                continue
            if not state.face_up[slot]:
                gains.append((chances[slot] * face_down_worth(cards, heuristic.faces), slot))
                continue
            if cards.kind[card] == BOOT:
                gains.append((0.0, slot))
                continue
            extra = COLOUR_BONUS if any(cards.colour[c] == cards.colour[card] for c in bait) else 0
            hit = heuristic.catch_chance(bonus + extra, cards.catch_rate[card] or 99)
            gains.append((chances[slot] * hit * self.worth[card], slot))
        return gains

    def playout_action(
        self, state: FlipAndFishState, player: int, legal: Sequence[int], rnd: Callable[[], float]
    ) -> int:
        """Playouts fish (mostly without bait) and aim, mostly at the cast worth most."""
        if state.phase == AIM:
            gains = self.aim_gains(state, player)
            if not gains:
                return legal[0]
            pick = max(gains) if rnd() < 0.75 else gains[int(rnd() * len(gains))]
            return act.aim_code(*self.game.table.cards[pick[1]])
        if state.phase == TURN and rnd() < 0.8 and act.code(act.FISH) in legal:
            return act.code(act.FISH)
        return legal[int(rnd() * len(legal))]

    def playout_horizon(self, state: FlipAndFishState) -> int | None:
        """About two rounds of turns: far enough for a bite to become a catch."""
        return 8 * self.game.players

    def evaluate(self, state: FlipAndFishState) -> list[float]:
        """For search: the worth of what each seat holds (``worth.py``) over the trophies to win.

        Fish kept as bait and gear count for their worth, so a search does not spend them on
        a cast as if they were free."""
        if state.is_terminal():
            return outcome_values(state)
        need = state.trophies_to_win()
        worth = self.worth
        held = [
            sum(worth[c] for c in pile) + GEAR_SHARE * sum(worth[c] for c in gear)
            for pile, gear in zip(state.caught, state.gear, strict=True)
        ]
        return [min(1.0, value / (need * TROPHY_WORTH)) for value in held]

    @cached_property
    def odds(self) -> FlipAndFishHeuristic:
        """One heuristic player kept for its odds (``bite_chance``, ``catch_chance``, ``faces``),
        which ``aim_gains`` reads at every aim of every playout."""
        return policy(self.game)

    @cached_property
    def worth(self) -> tuple[float, ...]:
        return worth_table(self.game.cards)
