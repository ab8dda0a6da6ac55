"""Information-set Monte Carlo tree search (SO-ISMCTS), shared by every game.

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG, 2012).
Each iteration re-deals what the searching player cannot see (``game.search.determinise(view,
rng)``, the core's sampler, consistent with every card shown, void revealed and card peeked), then
walks one tree whose nodes are the searcher's information sets: at each step the player to act
picks among the children whose actions are legal in this determinisation, by UCB1 with availability
counts; an untried action is expanded; a playout plays on with the game's ``playout_action`` for
the game's ``playout_horizon`` decisions (``rollout_limit`` where it gives none) or to the end, and
is scored by the game's ``evaluate`` (all in ``game.search``); the result is backed up with
each node credited to the player who chose it. Chance (a shuffle, a Flip & Fish cast) happens
inside the determinised state's own seeded ``Chance``, which each determinisation draws afresh.

Simultaneous choices (Fishing's pass, Crazy Fishing's cast) are searched one seat after another,
as the engine asks for them. Games with huge action sets narrow them for search with
``game.search.search_actions`` (Flip & Fish: aims at each water card instead of every point).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

from angler.agents.base import read_budget, register_agent, register_budgeted
from angler.agents.heuristic import HeuristicAgent
from angler.core.errors import AnglerError
from angler.stats import mean_interval

if TYPE_CHECKING:
    from angler.core.game import Game
    from angler.core.state import State
    from angler.core.view import View

EXPLORATION = 0.7  # UCB1's constant; rewards lie in [0, 1]
DEFAULT_SECONDS = 0.8  # "normal": a move well under a second on one core
# Decisions a playout plays before ``evaluate`` scores the position (fewer if the game ends),
# only where the game's ``playout_horizon`` is None (today Crazy Fishing). A horizon replaces
# it: Fishing's stops one card before the round ends, Flip & Fish's after 8 per player.
ROLLOUT_LIMIT = 40
REUSE = 12  # iterations that share one determinisation (each on its own clone)
ANCHOR_Z = 2.0  # paired search leaves the heuristic's move only for one this many SEs better
# Paired search stops early once every other move is this clearly worse than the anchor's
# (checked every SETTLE_EVERY rounds from SETTLE_AFTER on), and banks the budget it did not use
# for the next contested decision, up to BANK_MOVES decisions' worth.
SETTLE_AFTER = 20
SETTLE_EVERY = 10
BANK_MOVES = 4.0


def anchor_z(rivals: int) -> float:
    """How many standard errors a rival's gain must clear to leave the anchor's move: ``ANCHOR_Z``
    against one rival; against k, the z whose one-sided tail is ``ANCHOR_Z``'s over k
    (Bonferroni), so twenty noisy rivals are not twenty chances of a false step away."""
    normal = NormalDist()
    return normal.inv_cdf(1 - (1 - normal.cdf(ANCHOR_Z)) / max(1, rivals))


class Node:
    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0  # summed for the player who chose the action leading here


class ISMCTSAgent:
    """Searches for ``seconds`` (or exactly ``iterations`` when given) per decision."""

    name = "ismcts"
    needs_view = True

    def __init__(
        self,
        seed: int,
        game: Game[Any, Any] | None = None,
        seconds: float = DEFAULT_SECONDS,
        iterations: int | None = None,
        exploration: float = EXPLORATION,
        rollout_limit: int = ROLLOUT_LIMIT,
        reuse: int = REUSE,
        paired: bool | None = None,
    ) -> None:
        if game is None:
            raise AnglerError(f"the {self.name} agent needs the game it plays")
        if iterations is not None and iterations < 1:
            raise AnglerError(f"{self.name} needs at least 1 iteration, not {iterations}")
        self.game = game
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.reuse = max(1, reuse)
        self.paired = game.search.paired_search if paired is None else paired
        # Paired search is anchored on the game's heuristic player: its move is played unless
        # the paired samples show another clearly better.
        self.anchor = HeuristicAgent(seed, game) if self.paired else None
        self.anchor_move = -1
        # Per root move: its paired gains over the anchor's move, one per sample.
        self.advantage: dict[int, list[float]] = {}
        self.bank = 0.0  # paired search: budget (seconds or iterations) left unused so far
        self.last_iterations = 0
        self.last_root_choices = 0  # the searcher's own actions found at the root last time
        self.last_root: Node | None = None  # the last search's tree, for analysis
        # A review's judge (``review/search_judge.py``) also tries the move played at the root,
        # and searches this many paired rounds at least, whatever its budget.
        self.also_try: tuple[int, ...] = ()
        self.fewest_rounds = 0

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        if view is None:
            raise ValueError(f"the {self.name} agent needs its view")
        if len(legal) == 1:
            return legal[0]
        root = Node()
        rng = random.Random(self.rng.getrandbits(64))
        if self.anchor is not None:
            self.anchor_move = self.anchor.act(view, legal)
            self.advantage = {}
            if self.game.search.heuristic_settles(view):
                self.bank_unused(0.0)
                self.last_iterations, self.last_root, self.last_root_choices = 0, root, 0
                return self.anchor_move
        search = self.search_paired if self.paired else self.search
        self.last_iterations = search(root, view, rng)
        self.last_root = root
        allowed = set(legal)
        self.last_root_choices = sum(1 for action in root.children if action in allowed)
        if self.anchor is not None:
            return self.anchored_choice(allowed)
        best = max(
            (item for item in root.children.items() if item[0] in allowed),
            key=lambda item: (item[1].visits, item[1].reward),
            default=None,
        )
        return best[0] if best is not None else legal[int(rng.random() * len(legal))]

    def anchored_choice(self, allowed: set[int]) -> int:
        """The heuristic's move, unless another's paired gain over it is clearly above zero:
        more than ``anchor_z(k)`` standard errors, k the moves compared with it (then the one
        whose lower bound is highest)."""
        best, best_bound = self.anchor_move, 0.0
        rivals = {a: g for a, g in self.advantage.items() if a in allowed and len(g) >= 3}
        z = anchor_z(len(rivals))
        for action, gains in rivals.items():
            bound = mean_interval(gains, z).low
            if bound > best_bound:
                best, best_bound = action, bound
        return best

    def running(self, done: int, deadline: float) -> bool:
        if self.iterations is not None:
            return done < self.iterations
        return time.perf_counter() < deadline

    def settled(self) -> bool:
        """Whether every other root move is already clearly worse than the anchor's: more search
        would not leave the anchor's move, since leaving it needs one clearly better."""
        gains = self.advantage.values()
        return bool(gains) and all(mean_interval(g, ANCHOR_Z).high < 0 for g in gains)

    def search(self, root: Node, view: View, rng: random.Random) -> int:
        """Plain SO-ISMCTS: UCB1 from the root down; returns the iterations made."""
        deadline = time.perf_counter() + self.seconds
        done = 0
        dealt = self.game.search.determinise(view, rng)
        while self.running(done, deadline):
            if done % self.reuse == 0 and done:
                dealt = self.game.search.determinise(view, rng)
            state = dealt.clone()
            state.chance.seed = rng.getrandbits(62)  # fresh chance for every iteration
            self.iterate(root, state, rng, view.player)
            root.visits += 1
            done += 1
        return done

    def search_paired(self, root: Node, view: View, rng: random.Random) -> int:
        """Every root action is tried on the same re-deal with the same chance (common random
        numbers), then searched below by UCB1 as usual. In games where luck swamps a move's
        worth (a Flip & Fish cast), comparing the moves on the same dice is what makes their
        difference visible at all."""
        # A decision may draw on the bank: what settled decisions before it left unused.
        base = self.budget()
        allowance = base + min(self.bank, base * (BANK_MOVES - 1))
        started = time.perf_counter()
        deadline = started + allowance
        limit = round(allowance) if self.iterations is not None else None
        me = view.player
        done = rounds = 0
        anchor = self.anchor_move
        while (
            done < limit if limit is not None else time.perf_counter() < deadline
        ) or rounds < self.fewest_rounds:
            if rounds >= SETTLE_AFTER and rounds % SETTLE_EVERY == 0 and self.settled():
                break
            rounds += 1
            dealt = self.game.search.determinise(view, rng)
            seed = rng.getrandbits(62)
            actions = list(self.game.search.search_actions(dealt, me))
            for extra in (anchor, *self.also_try):
                if extra >= 0 and extra not in actions:
                    actions.append(extra)  # the heuristic's aim, a judge's played move
            rewards: dict[int, float] = {}
            for action in actions:
                state = dealt.clone()
                state.chance.seed = seed
                rewards[action] = self.paired_sample(root, state, action, rng, me)
                root.visits += 1
                done += 1
            if anchor in rewards:
                for action, reward in rewards.items():
                    if action != anchor:
                        self.advantage.setdefault(action, []).append(reward - rewards[anchor])
            self.on_round(rewards)
        self.bank_unused(done if limit is not None else time.perf_counter() - started)
        return done

    def on_round(self, rewards: dict[int, float]) -> None:
        """Each paired round's values by root move (a review's judge keeps them)."""

    def paired_sample(
        self, root: Node, state: State[Any], action: int, rng: random.Random, me: int
    ) -> float:
        """What ``action`` is worth to ``me`` on one paired sample (``state``, its re-deal with
        the round's chance seed): here one tree iteration below the root's child for it."""
        child = root.children.get(action)
        if child is None:
            child = root.children[action] = Node()
        before = child.reward
        state.apply_action(action, me)
        self.iterate(child, state, rng, me, [(child, me)])
        return child.reward - before

    def budget(self) -> float:
        """One decision's budget: seconds, or iterations when counted."""
        return float(self.iterations) if self.iterations is not None else self.seconds

    def bank_unused(self, spent: float) -> None:
        """Bank what a decision left of its budget (or draw on the bank for what it overran)."""
        base = self.budget()
        self.bank = max(0.0, min(self.bank + base - spent, base * BANK_MOVES))

    def iterate(
        self,
        root: Node,
        state: State[Any],
        rng: random.Random,
        me: int,
        path: list[tuple[Node, int]] | None = None,
    ) -> None:
        """One iteration from ``root`` (``path``: the nodes already walked to reach it)."""
        game = self.game
        node = root
        path = path or []  # (node, the player who chose it)
        expanded = False
        while not state.is_terminal():
            current = state.current_players()
            # At the root the searcher moves first, even when others choose at the same time.
            player = me if node is root and me in current else current[0]
            actions = game.search.search_actions(state, player)
            children = node.children
            untried = [a for a in actions if a not in children]
            if untried:
                action = untried[int(rng.random() * len(untried))]
                child = Node()
                children[action] = child
                for other in actions:
                    if other != action and other in children:
                        children[other].avail += 1
                state.apply_action(action, player)
                path.append((child, player))
                expanded = True
                break
            best_value = -1.0
            best_action = actions[0]
            c = self.exploration
            for action in actions:  # UCB1 with availability counts
                child = children[action]
                child.avail += 1
                value = child.reward / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if value > best_value:
                    best_value, best_action = value, action
            node = children[best_action]
            state.apply_action(best_action, player)
            path.append((node, player))
        rewards = self.playout(state, rng) if expanded else game.search.evaluate(state)
        for visited, player in path:
            visited.visits += 1
            visited.reward += rewards[player]

    def playout(self, state: State[Any], rng: random.Random) -> list[float]:
        """The game's playout moves (random by default) to its horizon, then its own scoring."""
        rnd = rng.random
        game = self.game
        choose = game.search.playout_action
        horizon = game.search.playout_horizon(state)
        for _ in range(self.rollout_limit if horizon is None else horizon):
            if state.is_terminal():
                break
            player = state.current_players()[0]
            state.apply_action(choose(state, player, state.legal_actions(player), rnd), player)
        return game.search.evaluate(state)


@register_agent("ismcts")
def make_ismcts(seed: int, game: Game[Any, Any] | None = None) -> ISMCTSAgent:
    return ISMCTSAgent(seed, game)


@register_budgeted("ismcts")
def make_budgeted_ismcts(seed: int, game: Game[Any, Any] | None, budget: str) -> ISMCTSAgent:
    """``ismcts:0.5s`` searches half a second per decision, ``ismcts:2000it`` 2000 iterations."""
    seconds, iterations = read_budget("ismcts", budget)
    if iterations is not None:
        return ISMCTSAgent(seed, game, iterations=iterations)
    return ISMCTSAgent(seed, game, seconds=seconds if seconds is not None else DEFAULT_SECONDS)
