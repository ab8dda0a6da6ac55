"""How the CLI shows a game's views and events: through the game's own text hooks."""

from __future__ import annotations

from angler.core.events import Event
from angler.core.game import Game
from angler.core.view import View


class Presenter:
    """Text for one game's views and events (``Game.render_view`` and ``Game.describe_event``)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def render(self, view: View) -> str:
        return self.game.render_view(view)

    def describe(self, event: Event, viewer: int | None = None) -> str:
        return self.game.describe_event(event, viewer)
