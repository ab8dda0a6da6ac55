"""Undo fairness decided the slow, game-blind way: the reference the event-based decision
(``angler.core.fairness``) is checked against by ``check_undo_fairness``.

A move showed its maker nothing if making it in re-deals of what the maker could not see
(``game.search.determinise``) leaves the maker's view the same as the real move did. A move that
is illegal in some re-deal was legal only because of what was hidden, so it told something too.
"""

from __future__ import annotations

import random
from typing import Any

from angler.core.errors import AnglerError
from angler.core.state import State

REDEAL_SAMPLES = 4
"""Re-deals a move is tried in (what the online server used to do after every move)."""


def fair_by_redeal(
    before: State[Any], after: State[Any], seat: int, action: int, samples: int = REDEAL_SAMPLES
) -> bool:
    """Whether ``seat``'s ``action``, which took ``before`` to ``after``, drew no chance event and
    showed ``seat`` nothing in ``samples`` re-deals (fixed by the position, so it replays)."""
    if after.chance.counter != before.chance.counter:
        return False  # a chance event was drawn
    game = before.game
    view_before, view_after = before.view(seat), after.view(seat)
    rng = random.Random(len(before.history) + len(before.events))
    for _ in range(samples):
        twin = game.search.determinise(view_before, rng)
        twin.chance.seed = rng.getrandbits(62)
        try:
            twin.apply_action(action, seat)
        except AnglerError:
            return False  # legal only because of what was hidden: it tells something
        if twin.view(seat) != view_after:
            return False
    return True
