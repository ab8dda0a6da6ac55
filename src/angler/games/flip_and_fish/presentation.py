"""How Flip & Fish shows itself: the table as text, the log in words, a menu of a few aims and
the prompt; on the terminal, fish in their colours and a picture of the table from above that a
click aims at (``terminal.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from angler.core.events import Event
from angler.core.presentation import COLOUR_STYLE, Presentation
from angler.games.flip_and_fish import view as text
from angler.games.flip_and_fish.board import board  # at every payload: imported once here
from angler.games.flip_and_fish.view import FlipAndFishView

if TYPE_CHECKING:
    from angler.core.state import State
    from angler.games.flip_and_fish.game import FlipAndFishGame
    from angler.games.flip_and_fish.terminal import FlipAndFishPicture

TERMINAL_STYLES = (
    *((rf"\b{colour}\b", style) for colour, style in COLOUR_STYLE.items()),
    (r"\btroph(?:y|ies)\b", "bold yellow"),
    (r"\b(?:catch(?:es)?|caught|bite|strike|snag|miss(?:es)?)\b", "bold"),
)


class FlipAndFishPresentation(Presentation[FlipAndFishView]):
    game: FlipAndFishGame
    terminal_styles = TERMINAL_STYLES

    def render_view(self, view: FlipAndFishView) -> str:
        return text.render(view, self.game.cards, self.game.table)

    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        return text.describe(event, self.game.cards, viewer)

    def menu(self, view: FlipAndFishView, legal: Sequence[int]) -> tuple[list[int], str]:
        return text.menu(view, self.game.table, anywhere=not self.game.mini)

    def menu_label(self, view: FlipAndFishView, action: int) -> str:
        return text.menu_label(view, self.game.cards, self.game.table, action)

    def prompt(self, view: FlipAndFishView, legal: Sequence[int]) -> str:
        return text.prompt(view, self.game.cards)

    def board(self, view: FlipAndFishView) -> dict[str, Any]:
        game = self.game
        return board(view, game.cards, game.table, game.skills)

    def open_board(self, state: State[Any]) -> dict[str, Any]:
        from angler.games.flip_and_fish.board import open_board
        from angler.games.flip_and_fish.rules import FlipAndFishState

        assert isinstance(state, FlipAndFishState)
        game = self.game
        return open_board(state, game.cards, game.table, game.skills)

    def catalogue(self) -> list[dict[str, Any]]:
        from angler.games.flip_and_fish.board import catalogue

        return catalogue(self.game.cards)

    def terminal_picture(self, view: FlipAndFishView) -> FlipAndFishPicture:
        from angler.games.flip_and_fish.terminal import FlipAndFishPicture  # Rich, when drawn

        return FlipAndFishPicture(view, self.game.table, self.game.cards)

    def view_names(self, view: FlipAndFishView) -> dict[str, Any]:
        """Card names for the water, catches, gear, shop and discards, and the legal actions'
        texts (while aiming, only those besides the casts: every point of the table may be
        cast at). A water card face down to you, or an empty slot, is null."""
        cards = self.game.cards
        names = cards.names

        def card(card_id: int) -> str | None:
            return cards.cards[card_id].name if card_id >= 0 else None

        return super().view_names(view) | {
            "legal": [self.game.action_to_string(code) for code in view.legal],
            "water": [card(card_id) for card_id in view.water],
            "caught": [names(pile) for pile in view.caught],
            "gear": [[[card(c), up] for c, up in pile] for pile in view.gear],
            "shop_row": names(view.shop_row),
            "fish_discard": names(view.fish_discard),
            "shop_discard": names(view.shop_discard),
            "bait": names(view.bait),
        }
