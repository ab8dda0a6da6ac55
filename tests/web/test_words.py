"""What the browser table says to people: seats and players numbered from 1, plurals, and
punctuation as a sentence has it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from tests.web.table import create_room

if TYPE_CHECKING:
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage

pytestmark = pytest.mark.browser


def test_an_invitation_past_the_last_seat_numbers_players_from_one(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, "fishing", seats=["human", "open", "open", "random"])
    page = open_page(frames=False).page
    page.goto(f"/#/join/{room['room']}/9")  # the link's seat counts from 0, as the server's path
    page.wait_for_selector("#app h2:text('Not here')")
    said = page.inner_text("#app p")
    assert "There is no Player 10 in this room (Players 1 to 4)." in said, said
    assert "0 to 3" not in said
