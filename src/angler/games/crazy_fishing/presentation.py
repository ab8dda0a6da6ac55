"""How Crazy Fishing shows itself: the table as text, the log in words, the menu and the prompt;
on the terminal, rods and baits in their colours and a picture of the sea (``terminal.py``)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from angler.core.events import Event
from angler.core.presentation import Presentation
from angler.games.crazy_fishing import view as text
from angler.games.crazy_fishing.actions import (
    BESIDE,
    CAST,
    KIND_BITS,
    KIND_MASK,
    PEEK,
    SEA,
    SPLIT,
    action_to_string,
    ids_of,
)
from angler.games.crazy_fishing.board import board, catalogue, open_board
from angler.games.crazy_fishing.rules import CrazyFishingState
from angler.games.crazy_fishing.view import CrazyFishingView

if TYPE_CHECKING:
    from angler.core.state import State
    from angler.games.crazy_fishing.game import CrazyFishingGame
    from angler.games.crazy_fishing.terminal import SeaPicture

TERMINAL_STYLES = (
    (r"\bR\d+\+?#\d+|\brod \d+\+?", "bold cyan"),
    (r"\bB\d+\+?#\d+|\bbait \d+\+?", "bold magenta"),
    (r"\b(?:pearl|boot|monster fish)[^,;)\n]*", "bold yellow"),
)


class CrazyFishingPresentation(Presentation[CrazyFishingView]):
    game: CrazyFishingGame
    terminal_styles = TERMINAL_STYLES

    def render_view(self, view: CrazyFishingView) -> str:
        return text.render(view, self.game.cards)

    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        return text.describe(event, self.game.cards, viewer)

    def menu(self, view: CrazyFishingView, legal: Sequence[int]) -> tuple[list[int], str]:
        return text.menu(view, legal, self.game.cards), ""

    def menu_label(self, view: CrazyFishingView, action: int) -> str:
        return action_to_string(self.game.cards, action)  # the text, as the core's, one call less

    def move_words(self, view: CrazyFishingView, action: int) -> str:
        """A move as the board and the log word it: "cast rod 4 and bait 2+", "try rod 1
        (spot 3)", "try the face-down 1-3 fish (spot 5)"; other moves as the menu says them."""
        kind, argument = action & KIND_MASK, action >> KIND_BITS
        labels = self._labels
        if kind in (CAST, SPLIT):
            names = [labels[card] for card in ids_of(argument)]
            named = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            return f"cast {named}" if kind == CAST else f"split: {named} for the first fish"
        if kind == BESIDE:
            return f"try {labels[argument]}, beside the sea"
        if kind in (SEA, PEEK):
            verb = "try" if kind == SEA else "peek at"
            return f"{verb} {self._fish_at(view, argument, labels)} (spot {argument})"
        return self.menu_label(view, action)

    @functools.cached_property
    def _labels(self) -> list[str]:
        return [card["label"] for card in self.catalogue()]

    @staticmethod
    def _fish_at(view: CrazyFishingView, spot: int, labels: list[str]) -> str:
        """The fish at a sea spot as the seat knows it: its face, or its back's range."""
        for place, _x, _y, _covered, back, face in view.sea:
            if place == spot:
                if face >= 0:
                    return labels[face]
                return "the face-down fish" if back in ("", "?") else f"the face-down {back} fish"
        return "a fish"

    def prompt(self, view: CrazyFishingView, legal: Sequence[int]) -> str:
        return text.prompt(view, self.game.cards)

    def terminal_picture(self, view: CrazyFishingView) -> SeaPicture:
        from angler.games.crazy_fishing.terminal import SeaPicture  # Rich, only when drawn

        return SeaPicture(view, self.game.cards)

    def view_names(self, view: CrazyFishingView) -> dict[str, Any]:
        """Card names for the hand, casts, discards, sea faces, catch piles and fish seen, and
        the legal actions' texts. A sea fish whose face you do not know is null."""
        cards = self.game.cards
        names = cards.names

        def card(card_id: int) -> str | None:
            return cards.cards[card_id].name if card_id >= 0 else None

        return super().view_names(view) | {
            "legal": [self.game.action_to_string(code) for code in view.legal],
            "hand": names(view.hand),
            "my_cast": names(ids_of(view.my_cast)),
            "casts": [names(ids_of(mask)) for mask in view.casts],
            "rod_discard": names(view.rod_discard),
            "bait_discard": names(view.bait_discard),
            "sea": [
                [spot, x, y, covered, back, card(face)]
                for spot, x, y, covered, back, face in view.sea
            ],
            "beside": names(view.beside),
            "piles": [names(pile) for pile in view.piles],
            "removed": names(view.removed),
            "flipped": [card(fish) for fish in view.flipped],
            "caught_this_round": [[seat, card(fish)] for seat, fish in view.caught_this_round],
        }

    def board(self, view: CrazyFishingView) -> dict[str, Any]:
        return board(view, self.game.cards)

    def open_board(self, state: State[Any]) -> dict[str, Any]:
        assert isinstance(state, CrazyFishingState)
        return open_board(state, self.game.cards)

    def catalogue(self) -> list[dict[str, Any]]:
        return catalogue(self.game.cards)
