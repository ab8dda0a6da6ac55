"""What each candidate move of one decision is worth, from the seat's view alone.

Each sample re-deals what the seat could not see (``game.search.determinise(view)``) and draws
one chance seed; every candidate is played on a copy of that same world with that same seed
(common random numbers), then the game's heuristic plays every seat to the end. A move's worth
is the seat's share of the victory (1 for a sole winner, 1/k in a k-way tie, else 0) and its
final score, averaged over the samples. Because the moves meet the same worlds and dice, the
difference between two moves is measured sample by sample, and its interval is much narrower
than either value's.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from angler.core.game import Game
from angler.core.view import View
from angler.stats import Estimate

MIN_SAMPLES = 16  # half choose the best move, half measure its lead: 8 each, for a timed budget
FEWEST_SAMPLES = 2  # a counted budget's floor: one to choose, one to measure (a quick look)
ROLLOUT_CAP = 2000  # decisions a rollout plays before it is scored as it stands


def rounded(estimate: Estimate, digits: int = 4) -> dict[str, float | None]:
    """An estimate as JSON: its mean and 95% interval (an end is null where one sample leaves
    it unbounded: JSON has no infinity)."""

    def number(value: float) -> float | None:
        return round(value, digits) if math.isfinite(value) else None

    return {
        "mean": number(estimate.mean),
        "low": number(estimate.low),
        "high": number(estimate.high),
    }


@dataclass(frozen=True)
class MoveWorth:
    """One candidate's worth over the samples: share of the victory and final score."""

    action: int
    win: Estimate
    score: Estimate
    wins: tuple[float, ...]  # by sample, for paired differences
    scores: tuple[float, ...]


def candidates(game: Game[Any, Any], view: View, legal: Sequence[int], played: int) -> list[int]:
    """The moves a review compares: those the game's search considers on a first re-deal (all
    legal ones, or Flip & Fish's well-chosen aims), the heuristic's own, and the one played."""
    world = game.search.determinise(view, random.Random(0))
    allowed = set(legal)
    chosen = [a for a in game.search.search_actions(world, view.player) if a in allowed]
    policy = game.search.heuristic()
    extra = [played] + ([policy.act(view, legal)] if policy is not None else [])
    for action in extra:
        if action not in chosen:
            chosen.append(action)
    return chosen


def worth_of_moves(
    game: Game[Any, Any],
    view: View,
    legal: Sequence[int],
    played: int,
    rollouts: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
) -> list[MoveWorth]:
    """Each candidate's worth to ``view.player`` over paired samples: ``rollouts`` in all (two
    per move at least: a budget counted in rollouts is taken at its word), or as many as
    ``seconds`` allow (``MIN_SAMPLES`` at least). Deterministic in ``seed`` when counted."""
    moves = candidates(game, view, legal, played)
    rng = random.Random(seed)
    policy = game.search.heuristic()
    me = view.player
    wins: dict[int, list[float]] = {move: [] for move in moves}
    scores: dict[int, list[float]] = {move: [] for move in moves}
    samples = max(FEWEST_SAMPLES, (rollouts or 0) // len(moves))
    deadline = time.perf_counter() + seconds if seconds is not None else None
    done = 0
    while (
        done < MIN_SAMPLES or time.perf_counter() < deadline
        if deadline is not None
        else done < samples
    ):
        world = game.search.determinise(view, rng)
        chance = rng.getrandbits(62)
        for move in moves:
            state = world.clone()
            state.chance.seed = chance
            state.apply_action(move, me)
            win, score = _play_out(state, policy, me)
            wins[move].append(win)
            scores[move].append(score)
        done += 1
    return [
        MoveWorth(
            action=move,
            win=Estimate.of(wins[move]),
            score=Estimate.of(scores[move]),
            wins=tuple(wins[move]),
            scores=tuple(scores[move]),
        )
        for move in moves
    ]


def _play_out(state: Any, policy: Any, me: int) -> tuple[float, float]:
    """The heuristic (or, without one, a uniform pick) plays every seat from its own view of
    the sample to the end: ``me``'s share of the victory and final score."""
    rnd = random.Random(state.chance.seed).random
    for _ in range(ROLLOUT_CAP):
        if state.is_terminal():
            break
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        action = policy.act(state.view(seat), legal) if policy else legal[int(rnd() * len(legal))]
        state.apply_action(action, seat)
    scores = state.scores()
    if state.is_terminal():
        winners = state.winners()
    else:  # past the cap (no game at its options comes near): the leaders as they stand
        best = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
    share = 1 / len(winners) if me in winners else 0.0
    return share, float(scores[me])
