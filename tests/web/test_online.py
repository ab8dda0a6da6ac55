"""An online room in the browser: two people in two browser contexts and a spectator in a third,
playing Fishing beside a bot. Nobody's page ever holds what its seat may not see: its drawn cards
are cards of its own view (``GET /rooms/ROOM/view`` with its token), never the other person's
hand, and every socket frame it receives is its own seat's payload."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest
from tests.web.table import WAIT_MS, Watched, card_ids, create_room, seat_view

if TYPE_CHECKING:
    from tests.server.serving import Served
    from tests.web.conftest import OpenPage

pytestmark = pytest.mark.browser

PERSON_MOVES = 8  # a few tricks: leads, follows, and the bot between


def hand(payload: dict[str, Any]) -> set[str]:
    """The seat's hand as its board draws it (a socket's states carry no view)."""
    return {str(card["id"]) for card in payload["board"]["hand"]}


def passed_card(payload: dict[str, Any]) -> set[str]:
    """The card this seat last passed to the left: it knows where that card is."""
    known = payload["board"]["last_pass"]
    return set() if known is None else {str(known["card"])}


def hidden_from(me: dict[str, Any], other: dict[str, Any]) -> set[str]:
    """The cards of ``other``'s hand that ``me`` may not see (same version)."""
    return hand(other) - passed_card(me)


def quiet_version(
    served: Served, room: str, pages: list[Watched], people: set[int], after: int
) -> int:
    """Wait until the room has passed version ``after`` (a click reaches the server after the
    click returns), the bots have moved (only people decide) and every page shows that version."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        public = seat_view(served, room)
        if (
            public["version"] > after
            and set(public["to_act"]) <= people
            and all(p.version == public["version"] for p in pages)
        ):
            return int(public["version"])
        time.sleep(0.02)
    raise AssertionError("the room never settled on a person's decision")


def shown_cards(payload: dict[str, Any]) -> set[str]:
    """What a frame shows as cards: its board's cards, its hand among them."""
    return card_ids(payload["board"]) | hand(payload)


def by_version(page: Watched) -> dict[int, dict[str, Any]]:
    return {frame["version"]: frame for frame in page.states()}


def test_two_people_and_a_spectator_each_see_only_their_own(
    served: Served, open_page: OpenPage
) -> None:
    room = create_room(served, "fishing", seats=["human", "open", "random"])
    room_id = room["room"]
    people = {0: open_page(), 1: open_page()}
    people[0].open_room(room_id, 0, room["seats"][0]["token"])
    invited = people[1].accept_invitation(room_id, 1, room["seats"][1]["code"])
    tokens = {0: room["seats"][0]["token"], 1: invited}
    for seat, page in people.items():
        assert page.seat == str(seat)
    spectator = open_page()
    spectator.open_room(room_id)
    assert spectator.seat == "spectator"
    pages = [*people.values(), spectator]

    pressed = -1
    for _ in range(PERSON_MOVES):
        version = quiet_version(served, room_id, pages, set(people), after=pressed)
        views = {seat: seat_view(served, room_id, token) for seat, token in tokens.items()}
        public = seat_view(served, room_id)
        for seat, page in people.items():
            mine, theirs = views[seat], views[1 - seat]
            drawn = page.dom_cards()
            assert hand(mine) <= drawn, f"seat {seat}'s page does not draw its hand"
            # Every card drawn was shown to this seat (now, or in a frame it was sent: a board may
            # still be animating a card out); the other's hidden cards never are (below).
            shown = set().union(*(card_ids(frame["board"]) for frame in page.states()))
            assert drawn <= card_ids(mine["board"]) | hand(mine) | shown, (seat, drawn)
            hidden = hidden_from(mine, theirs)
            assert hidden, "the other person holds cards this seat cannot see"
            assert not drawn & hidden, f"seat {seat} draws the other's cards"
            latest = by_version(page)[version]
            assert (latest["seat"], latest["board"]) == (seat, mine["board"])
            assert "view" not in latest  # the browser does not ask for the view
            assert hand(mine), "a person holds cards mid-round"
        drawn = spectator.dom_cards()
        assert drawn <= card_ids(public["board"]), drawn
        assert not drawn & (hand(views[0]) | hand(views[1])), "the spectator draws a hand"
        assert by_version(spectator)[version]["board"] == public["board"]
        deciding = public["to_act"][0]
        pressed = people[deciding].play_first_action()
        assert pressed == version

    frames = {seat: by_version(page) for seat, page in people.items()}
    watched = by_version(spectator)
    assert len(watched) > PERSON_MOVES  # every move reached the spectator, the bot's too
    for seat, received in frames.items():
        assert {frame["seat"] for frame in received.values()} == {seat}
        others = frames[1 - seat]
        for at, frame in received.items():
            if at in others:
                unseen = hidden_from(frame, others[at])
                assert not shown_cards(frame) & unseen, f"seat {seat}'s frame at version {at}"
    for at, frame in watched.items():
        assert frame["seat"] is None and not frame["board"]["hand"] and not frame.get("legal")
        held = set().union(*(hand(frames[s][at]) for s in frames if at in frames[s]))
        assert not card_ids(frame["board"]) & held, f"the spectator's frame at version {at}"
