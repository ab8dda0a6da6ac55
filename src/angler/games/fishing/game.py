"""Fishing's declaration (name, player counts, options) and its hooks for search, statistics
and replays; set-up, action texts and views come from this folder's modules (``CardGame``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from angler.core.chance import Chance
from angler.core.errors import AnglerError
from angler.core.game import CARDS_OPTION, CardGame
from angler.core.registry import register
from angler.core.state import State
from angler.core.view import View, counted
from angler.games.fishing.cards import SUITS, TRUMP, CardSet, load_cards
from angler.games.fishing.events import EVENT_TYPES, Catch, Forfeit, MinusThree, Play, Trick
from angler.games.fishing.rules import HAND_SIZES, PHASE_NAMES, FishingState
from angler.games.fishing.view import FishingView


@register
class FishingGame(CardGame):
    name = "fishing"
    title = "Fishing"
    summary = "Trick-taking over 8 rounds; the tricks you catch become your next hand."
    min_players = 3
    max_players = 5
    default_players = 4
    options = (CARDS_OPTION,)
    event_types = EVENT_TYPES

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

    def new_state(self, seed: int) -> FishingState:
        state = FishingState(self, Chance(seed))
        state.deal_first_round()
        return state

    def menu(self, view: View, legal: Sequence[int]) -> tuple[list[int], str]:
        from angler.games.fishing.view import FishingView, menu

        assert isinstance(view, FishingView)
        return menu(view, self.cards, legal), ""

    def prompt(self, view: View, legal: Sequence[int]) -> str:
        from angler.games.fishing.view import FishingView, prompt

        assert isinstance(view, FishingView)
        return prompt(view, self.cards)

    def evaluate(self, state: State) -> list[float]:
        """For search: mid-round, the cards on each fisher count already (a point each at the
        round's end)."""
        assert isinstance(state, FishingState)
        if state.is_terminal():
            return super().evaluate(state)
        points = [score + len(pile) for score, pile in zip(state.score, state.fisher, strict=True)]
        low, spread = min(points), max(points) - min(points)
        return [(p - low) / spread if spread else 0.5 for p in points]

    def playout_action(
        self, state: State, player: int, legal: Sequence[int], rnd: Callable[[], float]
    ) -> int:
        """Playouts win a trick with the highest card that beats the trick so far, else shed the
        lowest card (trumps last); a fifth of the moves, and every other decision, are random.
        (On the determinised state, in search only.) One pass, no allocation: it runs in the
        innermost loop of the search."""
        assert isinstance(state, FishingState)
        if not state.trick or legal[0] >= len(self.cards) or rnd() < 0.2:
            return legal[int(rnd() * len(legal))]
        _, best = state.trick_winner()
        if best < 0:
            return legal[int(rnd() * len(legal))]
        suit, value = self.cards.suit, self.cards.value
        target, beat, lowest = suit[best], value[best], state.lowest
        win, win_value, shed, shed_key = -1, -2, -1, 1 << 30
        for card in legal:
            colour, number = suit[card], value[card]
            if colour == target:
                wins = number < beat if lowest else number > beat
            else:
                wins = colour == TRUMP
            if wins:
                if number > win_value:
                    win, win_value = card, number
            else:
                key = number + (100 if colour == TRUMP else 0)
                if key < shed_key:
                    shed, shed_key = card, key
        return win if win >= 0 else shed if shed >= 0 else legal[0]

    def playout_horizon(self, state: State) -> int | None:
        """The cards left to play in this round, but the last: the round's end (scoring,
        shuffles, the next deal) is the costly part of a playout and changes nothing that
        ``evaluate`` does not already count."""
        assert isinstance(state, FishingState)
        return max(1, sum(len(hand) for hand in state.hands) - 1)

    def standings(self, state: State) -> list[str]:
        """Tricks and cards caught over the game, and -3 penalties, per seat."""
        assert isinstance(state, FishingState)
        tricks = [0] * self.players
        cards = [0] * self.players
        penalties = [0] * self.players
        for event in state.events:
            match event:
                case Trick():
                    tricks[event.seat] += 1
                    cards[event.seat] += len(event.cards)
                case Catch():
                    cards[event.seat] += 1
                case MinusThree():
                    penalties[event.seat] += 1
        return [
            f"{counted(tricks[seat], 'trick')}, {counted(cards[seat], 'card')} caught"
            + (f", {penalties[seat]} × -3" if penalties[seat] else "")
            for seat in range(self.players)
        ]

    def tally(self, state: State) -> dict[str, float]:
        """Overfishing, rounds played, -3 penalties, and buoys forfeited in a round's last trick
        (those acting on the next trick, and Pass-left too, though its key names only the first)."""
        assert isinstance(state, FishingState)
        events = state.events
        counts: dict[str, float] = {
            "overfished": float(state.overfished),
            "rounds played": float(state.round),
            "-3 penalties": float(sum(1 for e in events if type(e) is MinusThree)),
            "next-trick buoys forfeited": float(sum(1 for e in events if type(e) is Forfeit)),
        }
        return counts

    def progress(self, state: State) -> dict[str, Any]:
        """The round (1–8) and whose decision it is: play, catch (a 0's choice), pass, call, or
        over."""
        assert isinstance(state, FishingState)
        return {"round": state.round, "phase": PHASE_NAMES[state.phase]}

    def view_names(self, view: View) -> dict[str, Any]:
        """Card names for the hand, trick, fishers and stockroom, colours for the led and called
        suits, and the legal actions' texts."""
        assert isinstance(view, FishingView)
        names = self.cards.names

        def card(card_id: int) -> str | None:
            return self.cards.cards[card_id].name if card_id >= 0 else None

        def colour(suit: int) -> str | None:
            return SUITS[suit] if suit >= 0 else None

        known = view.known_pass
        return super().view_names(view) | {
            "legal": [self.action_to_string(code) for code in view.legal],
            "hand": names(view.hand),
            "fishers": [names(pile) for pile in view.fishers],
            "trick": [[seat, card(card_id)] for seat, card_id in view.trick],
            "own_stock": names(view.own_stock),
            "led": colour(view.led),
            "call_suit": colour(view.call_suit),
            "winning_card": card(view.winning_card),
            "my_pass": card(view.my_pass),
            "known_pass": None if known is None else [card(known[0]), *known[1:]],
        }
