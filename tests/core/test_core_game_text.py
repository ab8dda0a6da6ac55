"""The text hooks a game inherits when it writes none of its own."""

from __future__ import annotations

import json

from angler.core import make_game
from angler.core.game import Game
from angler.core.view import View

VIEW = View(game="toy", player=1, players=2, events=((-1, "rolled", 6),))


def test_the_core_default_hooks_show_json_and_event_fields() -> None:
    game = make_game("fishing", 3)
    assert json.loads(Game.render_view(game, VIEW)) == VIEW.as_dict()
    assert Game.describe_event(game, VIEW.events[0]) == "rolled 6"
