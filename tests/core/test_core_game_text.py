"""The text hooks a game inherits when it writes none of its own."""

from __future__ import annotations

import json
from typing import NamedTuple

from angler.core import make_game
from angler.core.events import public
from angler.core.presentation import Presentation
from angler.core.view import View


@public("rolled")
class Rolled(NamedTuple):
    face: int


VIEW = View(game="toy", player=1, players=2, events=(Rolled(6),))


def test_the_core_default_hooks_show_json_and_event_fields() -> None:
    game = make_game("fishing", 3)
    plain = Presentation(game)
    assert json.loads(plain.render_view(VIEW)) == VIEW.as_dict()
    assert plain.describe_event(VIEW.events[0]) == "rolled: face 6"
