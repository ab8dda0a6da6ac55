"""How the CLI shows a game's views and events: through the game's own text hooks."""

from __future__ import annotations

from typing import Any

from angler.core.events import Event
from angler.core.game import Game
from angler.core.view import View


class Presenter:
    """Text for one game's views and events (``game.presentation``)."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    def render(self, view: View) -> str:
        return self.game.presentation.render_view(view)

    def describe(self, event: Event, viewer: int | None = None) -> str:
        return self.game.presentation.describe_event(event, viewer)
