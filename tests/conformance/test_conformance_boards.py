"""Every game's browser board and card catalogue (``presentation.board`` and ``catalogue``): both
plain JSON, the catalogue each card's facts at its id, and every card a board names (by id alone,
on a seat's board, a spectator's and the open board with everything shown) in the catalogue."""

from __future__ import annotations

import json
from typing import Any

from tests.conformance.test_messages import random_game
from tests.json_tree import board_card_ids

from angler.core import Game
from angler.core.events import PUBLIC


def test_every_card_a_board_names_is_in_the_catalogue(game: Game[Any, Any]) -> None:
    presentation = game.presentation
    catalogue = presentation.catalogue()
    assert json.loads(json.dumps(catalogue, allow_nan=False)) == catalogue
    assert all(facts["id"] == card_id for card_id, facts in enumerate(catalogue))
    cards = getattr(game, "cards", None)
    if cards is not None:  # a game with cards describes every one of them
        assert len(catalogue) == len(cards.cards)
    named: set[int] = set()
    for state in (game.new_state(2), random_game(game, 2)):
        boards = [presentation.board(state.view(seat)) for seat in [*range(game.players), PUBLIC]]
        opened = presentation.open_board(state)
        for board in [*boards, *([opened] if opened is not None else [])]:
            assert json.loads(json.dumps(board, allow_nan=False)) == board
            if catalogue:  # a game without a catalogue keeps the default board of plain ids
                ids = board_card_ids(board)
                assert ids <= set(range(len(catalogue))), sorted(ids - set(range(len(catalogue))))
                named |= ids
    assert named or not catalogue  # the check saw cards
