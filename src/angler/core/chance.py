"""Chance held in the game state.

A state never touches the global ``random`` or ``numpy`` generators. It holds a :class:`Chance`: a
seed and a counter. Each chance event (a shuffle, a cast, a scatter) steps the counter once and
builds a fresh generator from ``(seed, counter)``, so cloning a state costs two integers and the
same seed with the same actions replays the same game.

Every chance event of every game is one of two calls: :meth:`Chance.shuffle` (or ``shuffle_all``)
and :meth:`Chance.outcome` (any other event: a cast, a die, Crazy Fishing's sea scatter). So a
record can state any outcome an action causes: :meth:`Chance.force` queues shuffle results that
the next shuffles take instead of drawing, and :meth:`Chance.force_outcomes` queues the results
of the other events. ``log`` (when switched on) collects every result, and ``outcomes`` only those
of the other events, which is what a record must store when they cannot be re-drawn from the seed
alone (an aimed cast).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, MutableSequence


class ExplicitChanceError(RuntimeError):
    """A Chance asked for the outcomes of an event that cannot list them: the configuration
    does not have explicit chance after all (a game's error, not a player's)."""


class ForcedChanceError(ValueError):
    """A forced shuffle outcome that is not an order of the pile being shuffled."""

    def __init__(self, order: list[int], pile: list[int]) -> None:
        super().__init__("a forced shuffle is not an order of the pile being shuffled")
        self.order = order
        self.pile = pile


Outcomes = list[tuple[float, list[int]]]
"""A chance event's outcomes, each with its probability (they sum to 1)."""


class ChanceNeeded(Exception):  # a request, not an error: the caller chooses an outcome
    """Raised by a :class:`Chance` that is ``asked`` at an event nothing forces: the event's
    outcomes, for a caller that chooses one (exact methods' chance nodes) and plays the action
    again with that outcome forced."""

    def __init__(self, outcomes: Outcomes) -> None:
        super().__init__(f"a chance event with {len(outcomes)} outcomes")
        self.outcomes = outcomes


class Chance:
    __slots__ = ("asked", "counter", "forced", "forced_outcomes", "log", "outcomes", "seed")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed
        self.counter = counter
        self.forced: deque[list[int]] | None = None
        self.forced_outcomes: deque[list[int]] | None = None
        self.log: list[list[int]] | None = None
        self.outcomes: list[list[int]] | None = None
        # Explicit chance: an event nothing forces names its outcomes (ChanceNeeded) instead of
        # drawing one.
        self.asked = False

    def clone(self) -> Chance:
        twin = Chance(self.seed, self.counter)
        twin.asked = self.asked
        if self.forced:
            twin.forced = deque(list(order) for order in self.forced)
        if self.forced_outcomes:
            twin.forced_outcomes = deque(list(result) for result in self.forced_outcomes)
        if self.log is not None:
            twin.log = [list(order) for order in self.log]
        if self.outcomes is not None:
            twin.outcomes = [list(result) for result in self.outcomes]
        return twin

    def shuffle(self, items: MutableSequence[int]) -> None:
        """Shuffle in place (one chance event)."""
        self.shuffle_all([items])

    def shuffle_all(self, piles: Iterable[MutableSequence[int]]) -> None:
        """Shuffle several piles as one chance event; queued forced outcomes come first.

        The event takes one counter step whether forced or drawn, so forcing some outcomes never
        shifts the seeded shuffles that follow.
        """
        self.counter += 1
        event = self.counter
        rng: random.Random | None = None
        if self.asked and not self.forced:
            raise ExplicitChanceError("a shuffle after the deal has no explicit outcomes")
        for items in piles:
            if self.forced:
                order = self.forced.popleft()
                if sorted(order) != sorted(items):
                    raise ForcedChanceError(order, list(items))
                items[:] = order
            else:
                if rng is None:
                    rng = random.Random(f"angler/{self.seed}/{event}")
                # Sorting by random keys is a uniform shuffle (ties have probability ~0) and runs
                # in C, several times faster than random.shuffle's per-card Python loop.
                draw = rng.random
                items[:] = sorted(items, key=lambda _: draw())
            if self.log is not None:
                self.log.append(list(items))

    def outcome(
        self,
        draw: Callable[[random.Random], list[int]],
        outcomes: Callable[[], Outcomes] | None = None,
    ) -> list[int]:
        """One chance event that is not a shuffle (a cast, a die, a scatter): ``draw`` makes it
        from a fresh generator, unless a forced outcome is queued. Outcomes are lists of whole
        numbers; the caller checks a forced one (ValueError naming what it must be).

        ``outcomes`` lists the event's outcomes with their probabilities, where they are few
        (a small variant's): a Chance that is ``asked`` raises them as ChanceNeeded instead of
        drawing, and an event without them cannot be asked (ExplicitChanceError)."""
        self.counter += 1
        if self.forced_outcomes:
            result = list(self.forced_outcomes.popleft())
        elif self.asked:
            if outcomes is None:
                raise ExplicitChanceError("this chance event does not list its outcomes")
            raise ChanceNeeded(outcomes())
        else:
            result = draw(random.Random(f"angler/{self.seed}/{self.counter}"))
        if self.log is not None:
            self.log.append(list(result))
        if self.outcomes is not None:
            self.outcomes.append(list(result))
        return result

    def force(self, orders: Iterable[list[int]]) -> None:
        if self.forced is None:
            self.forced = deque()
        self.forced.extend(list(order) for order in orders)

    def force_outcomes(self, results: Iterable[list[int]]) -> None:
        """Queue results for the next non-shuffle events (casts, dice)."""
        if self.forced_outcomes is None:
            self.forced_outcomes = deque()
        self.forced_outcomes.extend(list(result) for result in results)


def search_stream(seed: int) -> random.Random:
    """The separate stream a search bot uses to re-deal what it cannot see."""
    return random.Random(f"angler-search/{seed}")
