"""Fishing's declaration (name, player counts, options) and its rules-and-records hooks; the
hooks for search, presentation and statistics are wired here from this folder's modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from angler.core.chance import Chance
from angler.core.errors import AnglerError, OptionError
from angler.core.game import CARDS_OPTION, CardGame, size_option
from angler.games.fishing.actions import action_from_string, action_to_string
from angler.games.fishing.cards import MINI_CARDS, CardFile, CardSet, load_cards
from angler.games.fishing.encoding import FishingEncoding
from angler.games.fishing.events import EVENT_TYPES, Play
from angler.games.fishing.presentation import FishingPresentation
from angler.games.fishing.rules import HAND_SIZES, MINI_HAND_SIZES, ROUNDS, FishingState
from angler.games.fishing.search import FishingSearch
from angler.games.fishing.setup import FishingSetup, mini_deals, setup_of, state_from_setup
from angler.games.fishing.statistics import FishingStatistics
from angler.games.fishing.view import FishingView

SIZE_OPTION = size_option(
    "3 players, 10 cards, 2 rounds of 2 tricks, chance only in the deal (a small variant for "
    "exact methods, docs/rules/fishing.md)"
)


class FishingGame(CardGame[FishingState, FishingView]):
    name = "fishing"
    title = "Fishing"
    summary = "Trick-taking over 8 rounds; the tricks you catch become your next hand."
    min_players = 3
    max_players = 5
    default_players = 4
    options = (CARDS_OPTION, SIZE_OPTION)
    variants = ({}, {"size": "mini"})
    event_types = EVENT_TYPES

    encoding: FishingEncoding  # always set: callers get its own type, not Encoding | None

    def __init__(self, /, players: int | None = None, **options: Any) -> None:
        if players is None and options.get("size") == "mini":
            players = 3  # the mini variant's only player count, whatever the default
        super().__init__(players, **options)
        self.mini = self.settings["size"] == "mini"
        if self.mini and self.players != 3:
            raise OptionError(f"fishing size=mini is for 3 players, not {self.players}")
        self.cards: CardSet = load_cards(
            self.settings["cards"] or (MINI_CARDS if self.mini else None)
        )
        # The round card: how many rounds, and each round's hand size (round 1 is the deal).
        self.rounds = 2 if self.mini else ROUNDS
        self.hand_sizes = MINI_HAND_SIZES if self.mini else HAND_SIZES[self.players]
        # The mini variant keeps each round's catch in the order caught (no shuffle), so that
        # all its chance is in the deal (``chance_deals``).
        self.shuffle_catches = not self.mini
        if len(self.cards.starting_cards(self.players)) < self.players * self.hand_sizes[0]:
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

    def chance_deals(self) -> list[tuple[float, dict[str, Any]]] | None:
        """The mini variant's deals (its only chance); None for the full game."""
        return mini_deals(self) if self.mini else None

    def action_to_string(self, action: int) -> str:
        return action_to_string(self.cards, action)

    def action_from_string(self, text: str) -> int:
        return action_from_string(self.cards, text)
