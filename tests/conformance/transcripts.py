"""Golden transcripts read the log as an onlooker does: the events every seat's view shows, told
in the game's own words (``presentation.describe_event(event, None)``), never by their inner form.
"""

from __future__ import annotations

from typing import Any

from angler.core.state import State


def events_seen(state: State[Any]) -> list[int]:
    """How many log events each seat's view holds now."""
    return [len(state.view(seat).events) for seat in range(state.game.players)]


def seen_by_everyone(state: State[Any], seen: list[int] | None = None) -> list[str]:
    """Log lines, told to an onlooker, of the events that every seat's view gained since each
    seat had seen ``seen[seat]`` events (all of them by default). A seat's own secrets are left
    out, and so is what only the other seats are told of them (that a card was drawn)."""
    game = state.game
    since = seen or [0] * game.players
    gained = [list(state.view(seat).events[since[seat] :]) for seat in range(game.players)]
    lines = []
    for event in gained[0]:
        places = [_place(event, others) for others in gained[1:]]
        if all(place >= 0 for place in places):
            for others, place in zip(gained[1:], places, strict=True):
                del others[place]
            lines.append(game.presentation.describe_event(event, None))
    return lines


def _place(event: Any, events: list[Any]) -> int:
    """Where ``event`` is in ``events`` (-1: nowhere). Events are tuples, so two kinds with equal
    fields (a private cast and its public reveal) compare equal: the type must match too."""
    for place, other in enumerate(events):
        if type(other) is type(event) and other == event:
            return place
    return -1
