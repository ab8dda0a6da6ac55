"""Is a review's advice right? Replay the real game with the recommended move (docs/review.md).

A review values moves from the seat's view alone; this check is the judge it cannot consult.
For a decision the review marked (a mistake or a blunder, by default), the game is replayed
from its record to that decision — the **real** deal, not a re-deal — and played on twice from
there: once with the move played, once with the move the review recommended. Both branches
then meet the same chance (the game's own seeded stream, or a fresh seed per try, the same in
both) and the same players, built afresh with the same seeds. The seat's result in the
recommended branch less the one in the played branch is the advice's gain; over many decisions
its interval says whether the advice helps.

This module reads the true state on purpose: it checks a review, and is no part of one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from angler.agents.base import Agent, agent_seed, make_agent
from angler.core.errors import AnglerError
from angler.core.records import Record, replay
from angler.core.state import State
from angler.review.estimate import ROLLOUT_CAP
from angler.review.labels import THRESHOLDS
from angler.review.review import ReviewedDecision

CHECKED_LABELS = ("mistake", "blunder")  # the marks whose advice is checked by default
STAND_IN = "heuristic"  # who plays on for a seat the record names no agent for (a person)


@dataclass(frozen=True)
class Advice:
    """What a review advised at one decision: the move it found best against the one played."""

    step: int
    label: str
    best: int
    played: int
    predicted: float  # the expected win share the review said the best move gains

    @classmethod
    def of(cls, decision: ReviewedDecision) -> Advice:
        return cls(
            decision.step, decision.label, decision.best, decision.played, decision.loss.mean
        )

    @classmethod
    def from_json(cls, decision: dict[str, Any]) -> Advice:
        """From a review's JSON (``angler review --json``): codes above 2**53 are text there."""
        return cls(
            step=decision["step"],
            label=decision["label"],
            best=int(decision["best_code"]),
            played=int(decision["played_code"]),
            predicted=decision["loss"]["mean"] or 0.0,
        )


@dataclass(frozen=True)
class AdviceCheck:
    """One checked decision: the seat's result with the advice less its result as played."""

    step: int
    label: str
    predicted: float  # the review's expected win share gained by the advice
    win_gain: float  # measured on the real game, mean over the tries
    score_gain: float


def check_advice(
    record: Record,
    seat: int,
    decisions: Iterable[Advice],
    labels: Sequence[str] = CHECKED_LABELS,
    tries: int = 1,
    seed: int = 0,
    players: Sequence[str] | None = None,
) -> list[AdviceCheck]:
    """Each of ``decisions`` marked with one of ``labels``, checked on the real game: ``tries``
    paired replays each (the first with the game's own chance, the rest with fresh seeds).
    ``players`` names the agent who plays on in each seat (default: the record's ``seats``,
    with the heuristic standing in for a person)."""
    marks_to_check(labels)
    seats = list(players) if players is not None else _players_of(record)
    checks = []
    for decision in decisions:
        if decision.label not in labels:
            continue
        before = replay(record, decision.step - 1)
        wins, scores = [], []
        for attempt in range(tries):
            chance = None if attempt == 0 else _try_seed(seed, decision.step, attempt)
            advised = _play_on(before, decision.best, seat, seats, record.seed, chance)
            played = _play_on(before, decision.played, seat, seats, record.seed, chance)
            wins.append(advised[0] - played[0])
            scores.append(advised[1] - played[1])
        checks.append(
            AdviceCheck(
                step=decision.step,
                label=decision.label,
                predicted=decision.predicted,
                win_gain=sum(wins) / tries,
                score_gain=sum(scores) / tries,
            )
        )
    return checks


def marks_to_check(labels: Sequence[str]) -> list[str]:
    """``labels`` if each is a mark of a real loss; a one-line AnglerError otherwise."""
    known = [name for name, _ in THRESHOLDS]
    unknown = [name for name in labels if name not in known]
    if unknown:
        raise AnglerError(
            f"no mark {', '.join(map(repr, unknown))} to check (marks: {', '.join(known)})"
        )
    return list(labels)


def _players_of(record: Record) -> list[str]:
    count = record.options.get("players") or len(record.seats or [])
    named = record.seats or []
    return [
        named[seat] if seat < len(named) and named[seat] not in ("", "human") else STAND_IN
        for seat in range(count)
    ]


def _try_seed(seed: int, step: int, attempt: int) -> int:
    digest = hashlib.sha256(f"angler-advice/{seed}/{step}/{attempt}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def _play_on(
    before: State[Any],
    move: int,
    seat: int,
    players: Sequence[str],
    game_seed: int,
    chance: int | None,
) -> tuple[float, float]:
    """``move`` for ``seat`` on a copy of the real state, then every seat's agent to the end:
    the seat's share of the victory and its final score."""
    state = before.clone()
    if chance is not None:
        state.chance.seed = chance
    agents: list[Agent] = [
        make_agent(name, agent_seed(game_seed if chance is None else chance, number), state.game)
        for number, name in enumerate(players)
    ]
    state.apply_action(move, seat)
    for _ in range(ROLLOUT_CAP):
        if state.is_terminal():
            break
        turn = state.current_players()[0]
        legal = state.legal_actions(turn)
        agent = agents[turn]
        state.apply_action(agent.act(state.view(turn) if agent.needs_view else None, legal), turn)
    scores = state.scores()
    winners = state.winners() if state.is_terminal() else []
    share = 1 / len(winners) if seat in winners else 0.0
    return share, float(scores[seat])
