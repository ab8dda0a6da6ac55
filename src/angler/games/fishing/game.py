"""Fishing's declaration: name, player counts, options, set-up and action texts."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from angler.core.chance import Chance
from angler.core.data import check_card_file
from angler.core.errors import AnglerError
from angler.core.game import Game, Option
from angler.core.registry import register
from angler.core.state import State
from angler.core.view import View
from angler.games.fishing import actions
from angler.games.fishing.cards import CardSet, load_cards
from angler.games.fishing.rules import HAND_SIZES, FishingState


@register
class FishingGame(Game):
    name = "fishing"
    title = "Fishing"
    summary = "Trick-taking over 8 rounds; the tricks you catch become your next hand."
    min_players = 3
    max_players = 5
    default_players = 4
    options = (
        Option(
            "cards",
            None,
            "card set file (JSON); default: the bundled edition",
            check=check_card_file,
        ),
    )

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.cards: CardSet = load_cards(self.settings["cards"])
        if (
            len(self.cards.starting_cards(self.players))
            < self.players * HAND_SIZES[self.players][0]
        ):
            raise AnglerError(f"card file {self.cards.source}: too few starting cards to deal")
        self.starting = tuple(self.cards.starting_cards(self.players))
        self.tiers_bottom_up = tuple(  # the ocean's star tiers, 5 stars (the bottom) first
            tuple(card.id for card in self.cards.cards if card.stars == tier)
            for tier in range(5, 0, -1)
        )
        # The ocean stack's public tier structure: position (0 = bottom) -> that tier's cards.
        masks: list[int] = []
        for tier in range(5, 0, -1):
            count = sum(1 for card in self.cards.cards if card.stars == tier)
            masks += [self.cards.tier_mask[tier]] * count
        self.ocean_tier_masks = tuple(masks)

    def new_state(self, seed: int) -> FishingState:
        state = FishingState(self, Chance(seed))
        state.deal_first_round()
        return state

    def state_from_setup(self, setup: Mapping[str, Any], seed: int) -> FishingState:
        from angler.games.fishing.setup import state_from_setup

        return state_from_setup(self, setup, seed)

    def action_to_string(self, action: int) -> str:
        return actions.action_to_string(self.cards, action)

    def action_from_string(self, text: str) -> int:
        return actions.action_from_string(self.cards, text)

    def determinise(self, view: View, rng: random.Random) -> FishingState:
        from angler.games.fishing.determinise import determinise

        return determinise(self, view, rng)

    def render_view(self, view: View) -> str:
        from angler.games.fishing.view import FishingView, render

        assert isinstance(view, FishingView)
        return render(view, self.cards)

    def describe_event(self, event: tuple[Any, ...], viewer: int | None = None) -> str:
        from angler.games.fishing.view import describe

        return describe(event, self.cards, viewer)

    def tally(self, state: State) -> dict[str, float]:
        """Overfishing, rounds, and how often the -3 and each buoy were caught."""
        assert isinstance(state, FishingState)
        events = [e for e in state.log if len(e) > 2]
        counts: dict[str, float] = {
            "overfished": float(state.overfished),
            "rounds played": float(state.round),
            "-3 penalties": float(sum(1 for e in events if e[1] == "minus-three")),
            "next-trick buoys forfeited": float(sum(1 for e in events if e[1] == "forfeit")),
        }
        return counts

    def chance_to_json(self, order: list[int]) -> list[Any]:
        """A shuffled pile as card names, top card first (as setups write stacks)."""
        return self.cards.names(order[::-1])

    def chance_from_json(self, order: list[Any]) -> list[int]:
        if not all(isinstance(name, str) for name in order):
            raise AnglerError("a Fishing chance outcome is a list of card names")
        return self.cards.ids(order)[::-1]
