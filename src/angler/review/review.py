"""A review of one seat's decisions in a finished game (docs/review.md).

``review_seat`` walks the record's decisions for the seat (``decisions.py``: the seat's view at
each, nothing more), values the candidate moves of each by its judge (the heuristic's rollouts,
``estimate.py``, or the paired search, ``search_judge.py``), marks the played move
(``labels.py``) and sums the game up: accuracy, the expected share of the victory after each
decision, and the three decisions that cost the most, with the better move in the words the
game's menu uses. Decisions are reviewed in batches on this process, local worker processes or
Ray (``sim/backends.py``); each decision's seed depends on the review's seed and its step
alone, so the review is the same wherever it runs.
"""

from __future__ import annotations

import functools
import hashlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from angler.agents.base import read_budget
from angler.core.errors import AnglerError
from angler.core.presentation import js_safe
from angler.core.records import Record, parse_record, start_state
from angler.review.decisions import Decision, decisions_of
from angler.review.estimate import MoveWorth, rounded, worth_of_moves
from angler.review.labels import BEST, CLOSE, accuracy, label
from angler.review.search_judge import search_worth
from angler.sim.backends import Backend, play_batches
from angler.stats import Estimate

DEFAULT_BUDGET = "200it"  # rollouts per decision: about a second a decision on one core
JUDGES = ("rollout", "search")
# Each judge's budget when none is given. The search's ranks random play, the heuristic and
# ``normal`` (docs/review.md), at about 1.4 s a Crazy Fishing decision on two processes.
DEFAULT_BUDGETS = {"rollout": DEFAULT_BUDGET, "search": "3000it"}
FEWEST_SEARCH_ITERATIONS = 10
COSTLY = 3  # the decisions a review names as costing the most


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision, valued: the played move against the best candidate."""

    step: int
    prompt: str
    played: int
    best: int
    label: str
    loss: Estimate  # expected share of the victory the played move gave up (or search value)
    score_loss: Estimate | None  # and expected final score (the rollout judge's alone)
    moves: tuple[MoveWorth, ...]
    texts: dict[int, str]  # each candidate in the menu's words

    def worth(self, action: int) -> MoveWorth:
        return next(move for move in self.moves if move.action == action)

    def as_dict(self) -> dict[str, Any]:
        ranked = sorted(self.moves, key=lambda move: (-move.win.mean, -_score_mean(move)))
        return {
            "step": self.step,
            "prompt": self.prompt,
            "played": self.texts[self.played],
            "best": self.texts[self.best],
            "played_code": js_safe(self.played),  # the action's code, as a board's legal list
            "best_code": js_safe(self.best),
            "label": self.label,
            "win_share": rounded(self.worth(self.played).win),
            "loss": rounded(self.loss),
            "score_loss": None if self.score_loss is None else rounded(self.score_loss),
            "samples": max(len(move.wins) for move in self.moves),
            "moves": [
                {
                    "action": self.texts[move.action],
                    "code": js_safe(move.action),
                    "win_share": rounded(move.win),
                    "score": None if move.score is None else rounded(move.score),
                }
                for move in ranked
            ],
        }

    def why(self) -> str:
        """The better move and what it would have changed, in words."""
        gain = self.loss.mean
        instead = f"{self.texts[self.best]} instead of {self.texts[self.played]}"
        if self.score_loss is None:  # the search judge's value: a share of the victory, nearly
            return f"{instead}: worth {100 * gain:.0f} more wins in a hundred games to the search"
        points = self.score_loss.mean
        more = f"{points:+.1f} points" if abs(points) >= 0.05 else "the same score"
        return f"{instead}: {100 * gain:.0f} more wins in a hundred games and {more} on average"


@dataclass
class Review:
    """A seat's review: its decisions in order; ``complete`` once every one was reviewed."""

    game: str
    seat: int
    players: int
    budget: str
    seed: int
    total: int  # decisions to review
    decisions: list[ReviewedDecision] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return len(self.decisions) == self.total

    @property
    def judge(self) -> str:
        return review_judge(self.budget)

    @property
    def accuracy(self) -> float | None:
        return accuracy([d.loss.mean if d.label != BEST else 0.0 for d in self.decisions])

    @property
    def points_lost(self) -> Estimate | None:
        """Expected final score given up a decision, against the review's best move (None for
        the search judge, which values no score)."""
        lost = [d.score_loss.mean for d in self.decisions if d.score_loss is not None]
        return points_lost(lost) if len(lost) == len(self.decisions) else None

    def costly(self) -> list[ReviewedDecision]:
        """The decisions that cost the most, worst first (real losses only)."""
        real = [d for d in self.decisions if d.label not in (BEST, CLOSE)]
        return sorted(real, key=lambda d: (-d.loss.mean, d.step))[:COSTLY]

    def counts(self) -> dict[str, int]:
        counted: dict[str, int] = {}
        for decision in self.decisions:
            counted[decision.label] = counted.get(decision.label, 0) + 1
        return counted

    def as_dict(self) -> dict[str, Any]:
        shown, lost = self.accuracy, self.points_lost
        return {
            "game": self.game,
            "seat": self.seat,
            "players": self.players,
            "judge": self.judge,
            "budget": self.budget,
            "seed": self.seed,
            "complete": self.complete,
            "reviewed": len(self.decisions),
            "decisions_total": self.total,
            "accuracy": None if shown is None else round(shown, 1),
            "points_lost": None if lost is None else rounded(lost, 3),
            "labels": self.counts(),
            "costly": [{"step": d.step, "label": d.label, "why": d.why()} for d in self.costly()],
            "decisions": [decision.as_dict() for decision in self.decisions],
        }


def points_lost(score_losses: list[float]) -> Estimate | None:
    """The mean of the decisions' score losses, with its 95% interval over them (None with no
    decision): each loss is measured on samples that did not choose the best move, so it is
    unbiased, and kept as measured, below zero too. Noise then cancels over a game instead of
    piling up as it does in accuracy (where a loss is clipped at zero), and the small, steady
    cost of weak play shows where single decisions rarely change who wins (docs/review.md)."""
    return Estimate.of(score_losses) if score_losses else None


def decision_seed(seed: int, step: int) -> int:
    """A decision's own seed: the same wherever and in whatever order it is reviewed."""
    digest = hashlib.sha256(f"angler-review/{seed}/{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def review_judge(budget: str) -> str:
    """The judge a review's budget names: ``search:3000it`` the search, ``200it`` (or
    ``rollout:200it``) the rollouts."""
    judge, _, _ = budget.rpartition(":")
    return judge or "rollout"


def read_review_budget(budget: str) -> tuple[str, float | None, int | None]:
    """A review's budget as ``(judge, seconds, count)``: ``[JUDGE:]AMOUNT``, the amount in
    seconds a decision (``2s``) or counted (rollouts, or the search's iterations: ``3000it``);
    a one-line AnglerError otherwise."""
    judge, _, amount = budget.rpartition(":")
    judge = judge or "rollout"
    if judge not in JUDGES:
        raise AnglerError(f"a review's judge is rollout or search, not {judge[:20]!r}")
    if judge == "search":
        seconds, count = read_budget(
            "search judge", amount, fewest=FEWEST_SEARCH_ITERATIONS, example=3000
        )
    else:
        seconds, count = read_budget("review", amount, unit="rollouts", example=200)
    return judge, seconds, count


def judged_budget(judge: str | None, budget: str | None) -> str:
    """The budget a review runs at, from a command line's ``--judge`` and ``--budget`` (either
    may be left out: the rollouts, and the judge's own default budget)."""
    if judge is None:
        return budget if budget is not None else DEFAULT_BUDGET
    if judge not in JUDGES:
        raise AnglerError(f"a review's judge is rollout or search, not {judge[:20]!r}")
    amount = budget if budget is not None else DEFAULT_BUDGETS[judge].rpartition(":")[2]
    if ":" in amount:
        plain = amount.rpartition(":")[2]
        raise AnglerError(f"--judge names the judge already: give --budget as {plain}")
    return amount if judge == "rollout" else f"{judge}:{amount}"


def review_decision(game: Any, decision: Decision, budget: str, seed: int) -> ReviewedDecision:
    """One decision valued from its view alone (``Decision`` holds nothing else)."""
    judge, seconds, count = read_review_budget(budget)
    value = search_worth if judge == "search" else worth_of_moves
    moves = value(
        game,
        decision.view,
        decision.legal,
        decision.played,
        count,
        seconds,
        decision_seed(seed, decision.step),
    )

    best = best_move(moves, decision.played)
    played = next(move for move in moves if move.action == decision.played)
    loss, score_loss = loss_against(best, played)
    presentation = game.presentation
    return ReviewedDecision(
        step=decision.step,
        prompt=presentation.prompt(decision.view, decision.legal),
        played=decision.played,
        best=best.action,
        label=label(best.action == decision.played, loss, score_loss),
        loss=loss,
        score_loss=score_loss,
        moves=tuple(moves),
        texts=_move_texts(game, decision.view, [move.action for move in moves]),
    )


def best_move(moves: list[MoveWorth], played: int) -> MoveWorth:
    """The judge's best candidate, chosen on the even samples alone (ties to ``played``): its
    lead is measured on the odd ones, since the best of many noisy estimates looks better than
    it is on the samples that chose it. Only the candidates sampled to the end are in the
    running (the rollouts' screening drops others)."""

    def chosen_by(move: MoveWorth) -> tuple[float, float, bool]:
        scores = fmean(move.scores[::2]) if move.scores is not None else 0.0
        return (fmean(move.wins[::2]), scores, move.action == played)

    longest = max(len(move.wins) for move in moves)
    return max((move for move in moves if len(move.wins) == longest), key=chosen_by)


def loss_against(best: MoveWorth, move: MoveWorth) -> tuple[Estimate, Estimate | None]:
    """What ``move`` gave up against ``best`` on the odd samples, in value and (the rollouts'
    alone) final score."""
    loss = Estimate.of([b - p for b, p in zip(best.wins[1::2], move.wins[1::2], strict=True)])
    if best.scores is None or move.scores is None:
        return loss, None
    return loss, Estimate.of(
        [b - p for b, p in zip(best.scores[1::2], move.scores[1::2], strict=True)]
    )


def _move_texts(game: Any, view: Any, actions: list[int]) -> dict[int, str]:
    """Each move in the game's words; two that read alike (copies of a card) with their
    record text too, so that advice never names two moves the same."""
    words = {action: game.presentation.move_words(view, action) for action in actions}
    counts = Counter(words.values())
    return {
        action: text if counts[text] == 1 else f"{text} ({game.action_to_string(action)})"
        for action, text in words.items()
    }


def _review_batch(
    record_json: str, seat: int, budget: str, seed: int, numbers: list[int]
) -> list[ReviewedDecision]:
    """The decisions numbered ``numbers`` (0 = the seat's first), in a worker of its own."""
    record = parse_record(record_json)
    wanted = set(numbers)
    game = start_state(record).game
    return [
        review_decision(game, decision, budget, seed)
        for number, decision in enumerate(decisions_of(record, seat))
        if number in wanted
    ]


def review_seat(
    record: Record,
    seat: int,
    budget: str = DEFAULT_BUDGET,
    seed: int = 0,
    jobs: int | None = 1,
    backend: Backend = "local",
    address: str | None = None,
    progress: Callable[[Review], None] | None = None,
    into: Review | None = None,
    first: int | None = None,
) -> Review:
    """Review ``seat``'s decisions in ``record`` (its ``first`` ones only, if given: a quick
    look). ``progress(review)`` is called after each decision; on Ctrl-C the decisions done stay
    in ``into`` (give one to keep them)."""
    read_review_budget(budget)  # a bad one: before any work
    if record.result is None:
        raise AnglerError("this record's game is not finished: a review needs the whole game")
    total = sum(1 for _ in decisions_of(record, seat))
    if first is not None:
        total = min(total, first)
    game = start_state(record).game
    review = into if into is not None else Review(record.game, seat, game.players, budget, seed, 0)
    review.game, review.seat, review.players = record.game, seat, game.players
    review.budget, review.seed, review.total = budget, seed, total
    review.decisions.clear()

    def finish(decision: ReviewedDecision) -> None:
        review.decisions.append(decision)
        review.decisions.sort(key=lambda d: d.step)
        if progress is not None:
            progress(review)

    play = functools.partial(_review_batch, record.dumps(), seat, budget, seed)
    play_batches(play, list(range(total)), finish, jobs, backend, address)
    return review


def _score_mean(move: MoveWorth) -> float:
    return move.score.mean if move.score is not None else 0.0
