"""Fishing's declaration (name, player counts, options) and its rules-and-records hooks; the
hooks for search, presentation and statistics are wired here from this folder's modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from angler.core.chance import Chance
from angler.core.errors import AnglerError
from angler.core.game import CARDS_OPTION, CardGame
from angler.games.fishing.actions import action_from_string, action_to_string
from angler.games.fishing.cards import CardFile, CardSet, load_cards
from angler.games.fishing.encoding import FishingEncoding
from angler.games.fishing.events import EVENT_TYPES, Play
from angler.games.fishing.presentation import FishingPresentation
from angler.games.fishing.rules import HAND_SIZES, FishingState
from angler.games.fishing.search import FishingSearch
from angler.games.fishing.setup import FishingSetup, setup_of, state_from_setup
from angler.games.fishing.statistics import FishingStatistics
from angler.games.fishing.view import FishingView


class FishingGame(CardGame[FishingState, FishingView]):
    name = "fishing"
    title = "Fishing"
    summary = "Trick-taking over 8 rounds; the tricks you catch become your next hand."
    min_players = 3
    max_players = 5
    default_players = 4
    options = (CARDS_OPTION,)
    event_types = EVENT_TYPES

    encoding: FishingEncoding  # always set: callers get its own type, not Encoding | None

    def __init__(self, /, players: int | None = None, **options: Any) -> None:
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
        # Every Play event, made once: events are values, so the hot path appends these.
        self.plays = tuple(
            tuple(Play(seat, card) for card in range(len(self.cards)))
            for seat in range(self.players)
        )
        self.search = FishingSearch(self)
        self.presentation = FishingPresentation(self)
        self.statistics = FishingStatistics(self)
        self.encoding = FishingEncoding(self)

    def new_state(self, seed: int) -> FishingState:
        state = FishingState(self, Chance(seed))
        state.deal_first_round()
        return state

    def state_from_setup(self, setup: Mapping[str, Any], seed: int) -> FishingState:
        return state_from_setup(self, setup, seed)

    setup_model = FishingSetup  # its set-ups' JSON Schema (docs/schemas)
    card_file_model = CardFile  # its card files' JSON Schema (docs/schemas)

    def setup_of(self, state: FishingState) -> dict[str, Any]:
        return setup_of(state)

    def action_to_string(self, action: int) -> str:
        return action_to_string(self.cards, action)

    def action_from_string(self, text: str) -> int:
        return action_from_string(self.cards, text)
