"""Whether a move may be taken back, decided from what the move did.

A move is **final** when anybody could have learned from it: a chance event was drawn (every
shuffle, cast and die steps the chance counter), or it added an event that shows its maker
something hidden (``reveals`` in ``core/events.py``: a card drawn from a face-down pile, a fish
turned face up, the casts revealed). The events say who sees each one, so this reads only the
move's own events: no re-deal, no second copy of the state.

The conformance suite (``angler.testing``) keeps this honest: on random positions of every game it
checks the decision against re-dealing what the maker could not see and replaying the move
(``angler.testing.fairness``), so a new game, or an event that forgets its ``reveals``, fails there.
"""

from __future__ import annotations

from typing import Any

from angler.core.events import reveals
from angler.core.state import State


def fair_to_undo(before: State[Any], after: State[Any], seat: int) -> bool:
    """Whether ``seat``'s move, which took ``before`` to ``after``, may be taken back: no chance
    event was drawn and no event it added shows ``seat`` anything hidden."""
    if after.chance.counter != before.chance.counter:
        return False
    events = after.events
    return not any(reveals(event, seat) for event in events[len(before.events) :])
