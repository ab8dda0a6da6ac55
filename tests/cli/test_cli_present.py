"""The CLI's adapter from views and events to text, for any game."""

from __future__ import annotations

import json
from typing import NamedTuple

from angler.cli.present import Presenter
from angler.core import make_game
from angler.core.events import public
from angler.core.presentation import Presentation
from angler.core.view import View
from angler.games.fishing.view import describe, render


@public("rolled")
class Rolled(NamedTuple):
    face: int


VIEW = View(game="toy", player=1, players=2, events=(Rolled(6),))


def test_fishing_uses_its_render_and_describe() -> None:
    game = make_game("fishing", 3)
    state = game.new_state(1)
    view = state.view(0)
    presenter = Presenter(game)
    cards = game.cards  # type: ignore[attr-defined]
    assert presenter.render(view) == render(view, cards)  # type: ignore[arg-type]
    assert presenter.describe(view.events[0], 0) == describe(view.events[0], cards, 0)


def test_the_core_default_hooks_show_json_and_event_fields() -> None:
    game = make_game("fishing", 3)
    plain = Presentation(game)
    assert json.loads(plain.render_view(VIEW)) == VIEW.as_dict()
    assert plain.describe_event(VIEW.events[0]) == "rolled: face 6"
