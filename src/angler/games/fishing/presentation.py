"""How Fishing shows itself: the table as text, the log in words, the menu and the prompt; on
the terminal, its cards in their colours and a picture of the trick and the hand
(``terminal.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from angler.core.events import Event
from angler.core.presentation import COLOUR_STYLE, Presentation
from angler.games.fishing import view as text
from angler.games.fishing.actions import CALL, VERBS
from angler.games.fishing.board import board, catalogue, open_board
from angler.games.fishing.cards import SUITS
from angler.games.fishing.view import FishingView

if TYPE_CHECKING:
    from angler.core.state import State
    from angler.games.fishing.game import FishingGame
    from angler.games.fishing.terminal import FishingPicture

LETTER_STYLE = {"B": "blue", "P": "purple", "R": "red", "Y": "yellow", "G": "green"}

TERMINAL_STYLES = (
    *((rf"\b{letter}-?\d+\b", COLOUR_STYLE[colour]) for letter, colour in LETTER_STYLE.items()),
    *((rf"\b{colour} -?\d+\b", style) for colour, style in COLOUR_STYLE.items()),
    (r"\bbuoy[^,;)\n]*", "bold cyan"),
    (r"lowest value wins|call the colour|called colour[^,;\n]*|plays? first", "reverse"),
    (r"(?<!\w)-3[ab]?\b|−3", "bold reverse"),  # the -3 cards (-3a, -3b) and their penalty
)


class FishingPresentation(Presentation[FishingView]):
    game: FishingGame
    terminal_styles = TERMINAL_STYLES

    def render_view(self, view: FishingView) -> str:
        return text.render(view, self.game.cards)

    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        return text.describe(event, self.game.cards, viewer)

    def menu(self, view: FishingView, legal: Sequence[int]) -> tuple[list[int], str]:
        return text.menu(view, self.game.cards, legal), ""

    def move_words(self, view: FishingView, action: int) -> str:
        """ "play blue 10", "call yellow": the verb, and the card as the log names it."""
        cards = self.game.cards
        kind, argument = divmod(action, len(cards))
        if kind == CALL:
            return f"call {SUITS[argument]}"
        return f"{VERBS[kind]} {cards.labels[argument]}"

    def prompt(self, view: FishingView, legal: Sequence[int]) -> str:
        return text.prompt(view, self.game.cards)

    def terminal_picture(self, view: FishingView) -> FishingPicture:
        from angler.games.fishing.terminal import FishingPicture  # Rich, only when drawn

        return FishingPicture(view, self.game.cards)

    def view_names(self, view: FishingView) -> dict[str, Any]:
        """Card names for the hand, trick, fishers and stockroom, colours for the led and called
        suits, and the legal actions' texts."""
        cards = self.game.cards
        names = cards.names

        def card(card_id: int) -> str | None:
            return cards.cards[card_id].name if card_id >= 0 else None

        def colour(suit: int) -> str | None:
            return SUITS[suit] if suit >= 0 else None

        known = view.known_pass
        return super().view_names(view) | {
            "legal": [self.game.action_to_string(code) for code in view.legal],
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

    def board(self, view: FishingView) -> dict[str, Any]:
        return board(view, self.game.cards, self.game.rounds, self.game.hand_sizes)

    def open_board(self, state: State[Any]) -> dict[str, Any]:
        return open_board(state, self.game.cards)

    def catalogue(self) -> list[dict[str, Any]]:
        return catalogue(self.game.cards)
