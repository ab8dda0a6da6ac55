"""How a game shows itself to people: its table as text, its log in words, the menu and prompt.

Interfaces (the terminal table, the line prompt, ``angler replay``, later the web table) read a
game's looks only through ``game.presentation``; each hook takes a seat's view, never a state, so
nothing shown can leak what the seat may not see.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from angler.core.events import Event, kind_of
from angler.core.view import View

if TYPE_CHECKING:
    from angler.core.game import Game

V = TypeVar("V", bound=View)


class Presentation(Generic[V]):
    """Plain defaults that work for any game; each game refines them in its own folder."""

    def __init__(self, game: Game[Any, V]) -> None:
        self.game = game

    def render_view(self, view: V) -> str:
        """A player's view as plain text (terminals, ``angler replay --as``)."""
        return json.dumps(view.as_dict(), ensure_ascii=False, indent=2)

    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        """One event in plain English, from ``viewer``'s seat (None: an onlooker). By default
        its kind and fields, for a game that has no words of its own yet."""
        fields = ", ".join(f"{name} {value}" for name, value in event._asdict().items())
        return f"{kind_of(event)}: {fields}" if fields else kind_of(event)

    def menu(self, view: V, legal: Sequence[int]) -> tuple[list[int], str]:
        """What a person is offered from ``legal``: the actions to list (all of them here) and a
        hint for those left out (Flip & Fish lists a few of its thousands of aims)."""
        return list(legal), ""

    def menu_label(self, view: V, action: int) -> str:
        """How the menu shows one of its actions: its text here. A game may say more (Flip &
        Fish names the card an aim is at); what a person types stays the action's text."""
        return self.game.action_to_string(action)

    def prompt(self, view: V, legal: Sequence[int]) -> str:
        """One line saying what the person to act is deciding (lead or follow, cast, shop…),
        shown above the menu on the screen and before the choices in the text prompt."""
        return "Choose an action."

    def view_names(self, view: V) -> dict[str, Any]:
        """Words for the numbers in ``view.as_dict()`` (``angler replay --json``), under the same
        field names: card ids as card names, action codes as action texts. Here the log, one
        line per event."""
        return {"events": [self.describe_event(event, view.player) for event in view.events]}
