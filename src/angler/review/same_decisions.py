"""Several players' accuracy on the same decisions (docs/review.md, "Judging the searching
levels").

A review compares a seat with its judge in the positions the seat's own game reached, so two
players' accuracies differ by their positions as much as by their moves: one in contention,
where a move can lose the victory, the other out of it, where none can. Here every player is
asked for its move at the same decisions (one seat's in finished records, from its view
alone: ``decisions.py``), and one judging search a decision values all their moves on the same
re-dealt worlds and chance (``search_judge.py``). Two players' losses then differ only where
their moves do, and the difference between their accuracies carries an interval narrow enough
to rank players whose games a review cannot tell apart.

Value lost is unbiased (a loss is measured on rounds that did not choose the best move, and
kept below zero too); accuracy clips each loss at zero, as a review's does, so a move as good
as the judge's best but not it scores a little below 100 on average: accuracy leans towards
the players who agree with the judge, and value lost is the fairer ranking.

Each player is built afresh for each decision (``make_agent``), seeded by the tool's seed, the
decision's step and its own name (the judge by the seed and the step, as a review's): what a
player carries from one decision to the next (the search's time bank, under a timed budget) is
not carried here. Counted budgets (``ismcts:1600it``) replay exactly, on any number of
processes; timed ones (``normal``, ``ismcts:0.8s``) depend on the machine's load.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from angler.agents.base import make_agent
from angler.core.game import Game
from angler.core.records import Record, parse_record, start_state
from angler.review.decisions import Decision, decisions_of
from angler.review.labels import move_accuracy
from angler.review.review import best_move, decision_seed, loss_against
from angler.review.search_judge import search_worth
from angler.sim.backends import Backend, play_batches


@dataclass(frozen=True)
class JudgedDecision:
    """One decision of one record: each player's move and the value it lost against the
    judge's best (0 where its move is the best), in the order the players were given."""

    record: int  # the record's place in the list given
    step: int
    moves: tuple[int, ...]
    losses: tuple[float, ...]

    def accuracies(self) -> tuple[float, ...]:
        return tuple(move_accuracy(loss) for loss in self.losses)


def player_seed(seed: int, step: int, player: str) -> int:
    """A player's seed at one decision: the same wherever the decision is judged."""
    digest = hashlib.sha256(f"angler-same-decisions/{seed}/{step}/{player}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def judge_decision(
    game: Game[Any, Any],
    decision: Decision,
    players: Sequence[str],
    iterations: int,
    seed: int,
    record: int = 0,
) -> JudgedDecision:
    """Every player's move at ``decision``, from its view alone, and what each lost by the
    paired search's judgement of them all on the same rounds."""
    legal = list(decision.legal)
    moves = tuple(
        make_agent(player, player_seed(seed, decision.step, player), game).act(decision.view, legal)
        for player in players
    )
    worth = search_worth(
        game,
        decision.view,
        decision.legal,
        moves[0],
        iterations,
        None,
        decision_seed(seed, decision.step),
        also=moves[1:],
    )
    best = best_move(worth, moves[0])
    by_action = {move.action: move for move in worth}
    losses = tuple(
        0.0 if move == best.action else loss_against(best, by_action[move])[0].mean
        for move in moves
    )
    return JudgedDecision(record, decision.step, moves, losses)


def _judge_batch(
    records_json: tuple[str, ...],
    places: tuple[tuple[int, int], ...],
    seat: int,
    players: tuple[str, ...],
    iterations: int,
    seed: int,
    numbers: list[int],
) -> list[JudgedDecision]:
    """The decisions numbered ``numbers`` in ``places`` (record, its decision's number), in a
    worker of its own."""
    judged = []
    wanted: dict[int, set[int]] = {}
    for number in numbers:
        record, nth = places[number]
        wanted.setdefault(record, set()).add(nth)
    for record, nths in sorted(wanted.items()):
        parsed = parse_record(records_json[record])
        game = start_state(parsed).game
        for nth, decision in enumerate(decisions_of(parsed, seat)):
            if nth in nths:
                judged.append(judge_decision(game, decision, players, iterations, seed, record))
    return judged


def judge_same_decisions(
    records: Sequence[Record],
    seat: int,
    players: Sequence[str],
    iterations: int,
    seed: int = 0,
    jobs: int | None = 1,
    backend: Backend = "local",
    finish: Callable[[JudgedDecision], None] | None = None,
) -> list[JudgedDecision]:
    """Judge every decision of ``seat`` in ``records`` (finished games) for each of
    ``players`` (agent names, budgets included). ``finish`` is called as each comes back; on
    Ctrl-C, what it was given is what was done."""
    places = tuple(
        (place, nth)
        for place, record in enumerate(records)
        for nth, _ in enumerate(decisions_of(record, seat))
    )
    judged: list[JudgedDecision] = []

    def keep(decision: JudgedDecision) -> None:
        judged.append(decision)
        if finish is not None:
            finish(decision)

    play = functools.partial(
        _judge_batch,
        tuple(record.dumps() for record in records),
        places,
        seat,
        tuple(players),
        iterations,
        seed,
    )
    play_batches(play, list(range(len(places))), keep, jobs, backend)
    return sorted(judged, key=lambda d: (d.record, d.step))
