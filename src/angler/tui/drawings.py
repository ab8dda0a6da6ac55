"""Pictures a game adds above its table text on screen (Flip & Fish: the table from above)."""

from __future__ import annotations

from rich.text import Text

from angler.core.game import Game
from angler.core.view import View


def drawing(game: Game, view: View) -> Text | None:
    """A picture of ``view`` for the screen, or None for games that have only text."""
    from angler.games.flip_and_fish.game import FlipAndFishGame
    from angler.games.flip_and_fish.view import FlipAndFishView

    if isinstance(game, FlipAndFishGame) and isinstance(view, FlipAndFishView):
        from angler.tui.flip_table import draw_table

        return draw_table(view, game.table, game.cards)
    return None
