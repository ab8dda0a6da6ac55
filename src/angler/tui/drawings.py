"""Pictures a game adds above its table text on screen: Fishing's trick and hand as cards,
Flip & Fish's table from above and Crazy Fishing's sea."""

from __future__ import annotations

from rich.text import Text

from angler.core.game import Game
from angler.core.view import View


def drawing(game: Game, view: View) -> Text | None:
    """A picture of ``view`` for the screen, or None for games that have only text."""
    from angler.games.crazy_fishing.game import CrazyFishingGame
    from angler.games.crazy_fishing.view import CrazyFishingView
    from angler.games.fishing.game import FishingGame
    from angler.games.fishing.view import FishingView
    from angler.games.flip_and_fish.game import FlipAndFishGame
    from angler.games.flip_and_fish.view import FlipAndFishView

    if isinstance(game, FishingGame) and isinstance(view, FishingView):
        from angler.tui.fishing_cards import draw_fishing

        return draw_fishing(view, game.cards)

    if isinstance(game, FlipAndFishGame) and isinstance(view, FlipAndFishView):
        from angler.tui.flip_table import draw_table

        return draw_table(view, game.table, game.cards)
    if isinstance(game, CrazyFishingGame) and isinstance(view, CrazyFishingView):
        from angler.tui.crazy_sea import draw_sea

        return draw_sea(view, game.cards)
    return None
