"""How a game shows itself to people: its table as text, its log in words, the menu and prompt.

Interfaces (the terminal table, the line prompt, ``angler replay``, later the web table) read a
game's looks only through ``game.presentation``; each hook takes a seat's view, never a state, so
nothing shown can leak what the seat may not see.

Each interface's own looks sit beside the text hooks, under its name: the terminal table's are
``terminal_styles`` and ``terminal_picture`` (a game draws its picture in its own folder, as
boardgame.io pairs a game with its board); the web table's are ``board`` (the view as the
browser draws it, its cards as ids), ``catalogue`` (every card's facts by id) and the files in
the game's ``web/`` folder (``board.js``, ``board.css`` and ``rules.html``, the player's
how-to-play page), which the server serves at ``/games/NAME/``.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from angler.core.events import Event, kind_of
from angler.core.view import View, plain

if TYPE_CHECKING:
    from angler.core.game import Game
    from angler.core.state import State
    from angler.core.terminal import TerminalPicture

V = TypeVar("V", bound=View)

JS_SAFE_INTEGER = 2**53 - 1  # larger integers lose digits as JavaScript numbers

# Truecolor, not the 16 ANSI names, which terminal themes remap (blue came out purple).
COLOUR_STYLE = {
    "blue": "bold #4c8dff",
    "purple": "bold #b36bff",
    "red": "bold #ff4d4d",
    "yellow": "bold #ffd21f",
    "green": "bold #2ecc71",
}
"""Rich styles for the colour names cards are printed in, for any game whose cards have colours."""


class Presentation(Generic[V]):
    """Plain defaults that work for any game; each game refines them in its own folder."""

    terminal_styles: Sequence[tuple[str, str]] = ()
    """(regular expression, Rich style) pairs that colour this game's text on the terminal
    table (its table text, log and menu): cards in their colours, effects picked out."""

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

    def move_words(self, view: V, action: int) -> str:
        """One of the seat's moves in the words of the game's log ("play blue 10"), for a
        review's advice: the menu's label here, for a game with no words of its own."""
        return self.menu_label(view, action)

    def prompt(self, view: V, legal: Sequence[int]) -> str:
        """One line saying what the person to act is deciding (lead or follow, cast, shop…),
        shown above the menu on the screen and before the choices in the text prompt."""
        return "Choose an action."

    def view_names(self, view: V) -> dict[str, Any]:
        """Words for the numbers in ``view.as_dict()`` (``angler replay --json``), under the same
        field names: card ids as card names, action codes as action texts. Here the log, one
        line per event."""
        return {"events": [self.describe_event(event, view.player) for event in view.events]}

    def terminal_picture(self, view: V) -> TerminalPicture[Any] | None:
        """What the terminal table draws above ``view``'s text (``core/terminal.py``); None
        for a game that shows only its text."""
        return None

    def board(self, view: V) -> dict[str, Any]:
        """``view`` as the browser table draws it (the game's ``web/board.js``): JSON whose
        numbers JavaScript reads exactly. By default the view's own fields, events left out
        (the payload's log tells them), integers too large for JavaScript as text. A game
        adds names, colours and the action each thing on its board takes."""
        return {
            field.name: js_safe(plain(getattr(view, field.name)))
            for field in fields(view)
            if field.name != "events"  # the log tells them; turning each to JSON costs
        }

    def catalogue(self) -> list[dict[str, Any]]:
        """Each card's facts that never change (name, colour, value, words…), indexed by card
        id: the browser is sent it once, in a socket's first state, and a board names a card by
        its id alone (under ``card`` or ``id``, or in a list of ids). Empty for a game without
        cards. Facts of one appearance (the action that plays it, whether it is winning) stay in
        the board beside the id."""
        return []

    def open_board(self, state: State[Any]) -> dict[str, Any] | None:
        """The board with every hidden thing shown at once (every hand, every face-down card),
        as the replay of a finished game "with everything shown" draws it; None for a game
        with none (the replay then shows each seat's board in turn). It reads the whole state:
        never for a live game."""
        return None

    def web_folder(self) -> Path:
        """The folder of the game's browser files: ``web/`` beside the module declaring the
        game, as the terminal picture sits beside it."""
        return Path(inspect.getfile(type(self.game))).parent / "web"


def js_safe(value: Any) -> Any:
    """``value`` with every integer too large for a JavaScript number written as text."""
    if isinstance(value, bool) or not isinstance(value, int | list | dict):
        return value
    if isinstance(value, int):
        return value if abs(value) <= JS_SAFE_INTEGER else str(value)
    if isinstance(value, list):
        return [js_safe(item) for item in value]
    return {key: js_safe(item) for key, item in value.items()}
