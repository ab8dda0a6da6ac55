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
from statistics import fmean
from typing import Any

from angler.core.game import Game
from angler.core.view import View
from angler.stats import Estimate

MIN_SAMPLES = 16  # half choose the best move, half measure its lead: 8 each, for a timed budget
FEWEST_SAMPLES = 2  # a move's floor: one sample to choose, one to measure (a quick look)
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
    """One candidate's worth over the samples: share of the victory and final score (the
    search judge's value alone, with no score: ``search_judge.py``)."""

    action: int
    win: Estimate
    score: Estimate | None
    wins: tuple[float, ...]  # by sample, for paired differences
    scores: tuple[float, ...] | None


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
    """Each candidate's worth to ``view.player`` over paired samples: ``rollouts`` in all, or
    as many as ``seconds`` allow. Deterministic in ``seed`` when counted.

    Two rounds, on one sequence of sampled worlds: a screening round plays every candidate on
    the first samples (``SCREENING`` of the budget, one pair of samples each at least), then
    the rest of the budget goes to the ``KEPT`` candidates that led the screening, and the move
    played, which go on through the same worlds. A review's question is whether the move played
    lost against the best: the samples are spent where that is decided. The screening reads
    even-numbered samples alone, as the choice of the best does (``review.py``), so the
    odd-numbered ones stay a fair measure of the lead."""
    moves = candidates(game, view, legal, played)
    sampler = _Sampler(game, view, random.Random(seed))
    deadline = time.perf_counter() + seconds if seconds is not None else None
    if deadline is not None:
        screening_until = time.perf_counter() + SCREENING * (seconds or 0)
        while sampler.drawn < FEWEST_SAMPLES or time.perf_counter() < screening_until:
            sampler.play_pair(moves)
    else:
        per_move = (rollouts or 0) // len(moves)
        pairs = max(1, round(SCREENING * per_move / 2)) if len(moves) > KEPT + 1 else per_move // 2
        for _ in range(max(1, pairs)):
            sampler.play_pair(moves)
    kept = _leaders(sampler, moves, played)
    if deadline is not None:
        while sampler.drawn < MIN_SAMPLES or time.perf_counter() < deadline:
            sampler.play_pair(kept)
    else:
        spent = sampler.drawn * len(moves)
        for _ in range(max(0, (rollouts or 0) - spent) // (2 * len(kept))):
            sampler.play_pair(kept)
    return [sampler.worth(move) for move in moves]


def paired_worth(
    game: Game[Any, Any], view: View, moves: Sequence[int], samples: int, seed: int = 0
) -> list[MoveWorth]:
    """Each of ``moves`` played on the same ``samples`` re-dealt worlds and chance seeds (a
    whole number of pairs, at least one), with no screening: the worth of a few given moves."""
    sampler = _Sampler(game, view, random.Random(seed))
    for _ in range(max(1, samples // 2)):
        sampler.play_pair(moves)
    return [sampler.worth(move) for move in moves]


SCREENING = 0.3  # the share of a decision's budget that screens every candidate
KEPT = 3  # candidates carried past the screening, besides the move played


class _Sampler:
    """The sampled worlds of one decision, in order, and each move's results on them."""

    def __init__(self, game: Game[Any, Any], view: View, rng: random.Random) -> None:
        self.game, self.view, self.rng = game, view, rng
        self.policy = game.search.heuristic()
        self.worlds: list[tuple[Any, int]] = []  # a re-dealt state and a chance seed
        self.wins: dict[int, list[float]] = {}
        self.scores: dict[int, list[float]] = {}

    @property
    def drawn(self) -> int:
        return len(self.worlds)

    def play_pair(self, moves: Sequence[int]) -> None:
        """Two more samples (an even- and an odd-numbered one) for each of ``moves``, on the
        worlds every move meets at those numbers."""
        for _ in range(2):
            self._play_sample(moves)

    def _play_sample(self, moves: Sequence[int]) -> None:
        number = len(self.wins.get(moves[0], []))
        if number == len(self.worlds):
            world = self.game.search.determinise(self.view, self.rng)
            self.worlds.append((world, self.rng.getrandbits(62)))
        world, chance = self.worlds[number]
        for move in moves:
            state = world.clone()
            state.chance.seed = chance
            state.apply_action(move, self.view.player)
            win, score = _play_out(state, self.policy, self.view.player)
            self.wins.setdefault(move, []).append(win)
            self.scores.setdefault(move, []).append(score)

    def worth(self, move: int) -> MoveWorth:
        wins, scores = self.wins[move], self.scores[move]
        return MoveWorth(
            action=move,
            win=Estimate.of(wins),
            score=Estimate.of(scores),
            wins=tuple(wins),
            scores=tuple(scores),
        )


def _leaders(sampler: _Sampler, moves: Sequence[int], played: int) -> list[int]:
    """The ``KEPT`` moves that lead the screening on its even-numbered samples, and ``played``."""

    def screened(move: int) -> tuple[float, float]:
        return (fmean(sampler.wins[move][::2]), fmean(sampler.scores[move][::2]))

    leaders = sorted(moves, key=lambda move: (screened(move), -moves.index(move)), reverse=True)
    kept = leaders[:KEPT]
    return kept + ([played] if played not in kept else [])


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
