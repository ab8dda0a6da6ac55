"""Can a judge see a stronger player's edge? (docs/review.md, "Judging the searching levels").

A review can rank two players only where its judge values their different moves differently.
Two seats that play the heuristic's move alike get the same review, so what tells a player apart
from the heuristic is its **departures**: the decisions where it played another move than the
heuristic would have, from the same view. This module finds them (``decisions.py``: the seat's
view alone, as a review) and asks a judge what each was worth against the heuristic's move, on
the same sampled worlds and chance:

- ``rollout``: the review's own judge, the heuristic playing every seat out to the end
  (``estimate.py``), in expected share of the victory and final score;
- ``search``: the paired information-set search anchored on the heuristic's move
  (``agents/ismcts.py``), in the search's own value (mostly the share of the victory once a
  playout ends, the standing by score where it stops first), whose tree improves everyone's
  next moves as it grows.

Averaged over a seat's departures, a good judge shows random play's as losses and a stronger
player's as gains, as large as what they gain in real games.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from angler.agents.ismcts import ISMCTSAgent
from angler.core.errors import AnglerError
from angler.core.game import Game
from angler.core.records import Record, start_state
from angler.review.decisions import Decision, decisions_of
from angler.review.estimate import paired_worth
from angler.review.review import decision_seed
from angler.stats import Estimate


@dataclass(frozen=True)
class Departure:
    """A decision where the seat played another move than the heuristic's."""

    decision: Decision
    heuristic: int  # the heuristic's move from the same view


@dataclass(frozen=True)
class Gain:
    """What a judge makes of one departure: the played move less the heuristic's, by sample."""

    step: int
    value: Estimate  # rollout: share of the victory; search: the search's value
    score: Estimate | None  # rollout only: final score


def departures(record: Record, seat: int) -> Iterator[Departure]:
    """The seat's decisions (with a choice) where its move was not the heuristic's."""
    game = start_state(record).game
    policy = game.search.heuristic()
    if policy is None:
        raise AnglerError(f"{record.game} has no heuristic player to compare moves with")
    for decision in decisions_of(record, seat):
        move = policy.act(decision.view, list(decision.legal))
        if move != decision.played:
            yield Departure(decision, move)


def rollout_gain(game: Game[Any, Any], departure: Departure, samples: int, seed: int) -> Gain:
    """The review's judge: both moves on the same ``samples`` worlds and chance, then the
    heuristic for every seat to the end."""
    decision = departure.decision
    played, heuristic = paired_worth(
        game,
        decision.view,
        [decision.played, departure.heuristic],
        samples,
        decision_seed(seed, decision.step),
    )
    return Gain(
        step=decision.step,
        value=Estimate.of([a - b for a, b in zip(played.wins, heuristic.wins, strict=True)]),
        score=Estimate.of(
            [a - b for a, b in zip(played.scores or (), heuristic.scores or (), strict=True)]
        ),
    )


def search_gain(
    game: Game[Any, Any], departure: Departure, iterations: int, seed: int
) -> Gain | None:
    """The paired search's judge: every root move on the same re-deal and chance each round,
    searched below by its tree; the played move's gains over the heuristic's, by round. None
    where the search compared the two fewer than twice (a game may settle a decision on the
    heuristic's move without searching)."""
    decision = departure.decision
    search = ISMCTSAgent(
        decision_seed(seed, decision.step), game, iterations=iterations, paired=True
    )
    search.act(decision.view, list(decision.legal))
    gains = search.advantage.get(decision.played, [])
    if search.anchor_move != departure.heuristic or len(gains) < 2:
        return None
    return Gain(step=decision.step, value=Estimate.of(gains), score=None)
