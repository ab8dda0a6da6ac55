"""OpenSpiel's information-set MCTS as an angler agent (``openspiel-ismcts:1s``,
``openspiel-ismcts:500it``), searching our games through the OpenSpiel adapter.

It runs OpenSpiel's **Python** ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``). The C++
bot (``pyspiel.ISMCTSBot``) cannot search a Python game: it re-deals each simulation through the
C++ ``State::ResampleFromInfostate``, which a Python game's state does not reach, and its binding
takes no resampler; in OpenSpiel 2.0.2 it kills the process (a segmentation fault) on any Python
game, OpenSpiel's own ``python_kuhn_poker`` included.

A decision: the agent re-deals what its seat cannot see (``game.search.determinise``), wraps that
state as the adapter's OpenSpiel state (``interop.openspiel.wrap``), and lets the bot simulate
from it, each simulation on a fresh re-deal from the root's information state (the adapter's
``resample_from_infostate``, fed by the agent's seeded generator). The bot's own
``run_simulation`` is called until the budget is spent (its ``run_search`` only counts
simulations), then its final policy (most visits, ties drawn by its generator) names an action
index, which ``game.encoding.action_code`` turns back into our code. Leaves are scored by
OpenSpiel's random rollout evaluator (one rollout, to the end of the game): OpenSpiel's bot with
OpenSpiel's defaults, and none of our search hooks.

The adapter plays a simultaneous secret choice one seat at a time, lowest seat first. Runners ask
the lowest seat first too, so the agent's seat is the first to choose in its re-deal; should it
be asked out of turn, the lower seats' choices are drawn at random in the re-deal first (hidden
from it all the same, and re-dealt by every simulation).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from angler.agents.base import read_budget, register_agent, register_budgeted
from angler.core.errors import AnglerError

if TYPE_CHECKING:
    from angler.core.game import Game
    from angler.core.state import State
    from angler.core.view import View

NAME = "openspiel-ismcts"
EXPLORATION = 0.7  # UCT's constant, as ours: returns (the win share) lie in [0, 1]
DEFAULT_SECONDS = 0.8  # as our "normal" search
# The bot's first simulation only expands the root; its final policy needs a second.
MIN_SIMULATIONS = 2


def _research() -> tuple[Any, Any, Any, Any]:
    """OpenSpiel's ISMCTS and MCTS modules, our adapter and NumPy, or a one-line AnglerError
    when the ``research`` extra is missing (imported here, never when agents are discovered)."""
    try:
        import numpy
        from open_spiel.python.algorithms import ismcts, mcts

        from angler.interop import openspiel
    except ImportError as exc:
        raise AnglerError(
            f"{NAME} needs OpenSpiel (pip install 'angler[research]'): {exc.msg}"
        ) from None
    return ismcts, mcts, openspiel, numpy


class OpenSpielISMCTSAgent:
    """OpenSpiel's Python ISMCTS for ``seconds`` (or exactly ``iterations`` simulations when
    given) per decision. ``last_iterations`` and ``last_seconds`` tell what the last decision
    took; ``total_iterations`` and ``total_seconds`` add up every searched decision."""

    name = NAME
    needs_view = True

    def __init__(
        self,
        seed: int,
        game: Game[Any, Any] | None = None,
        seconds: float = DEFAULT_SECONDS,
        iterations: int | None = None,
        exploration: float = EXPLORATION,
    ) -> None:
        if game is None:
            raise AnglerError(f"the {NAME} agent needs the game it plays")
        if iterations is not None and iterations < MIN_SIMULATIONS:
            raise AnglerError(f"{NAME} needs at least {MIN_SIMULATIONS} simulations")
        if game.encoding is None:
            raise AnglerError(
                f"{game.name} has no encoding, so OpenSpiel cannot number its actions"
            )
        ismcts, mcts, openspiel, numpy = _research()
        self.game = game
        self.encoding = game.encoding
        self.seconds = seconds
        self.iterations = iterations
        self.rng = random.Random(seed)
        self._wrap = openspiel.wrap
        self.spiel_game = openspiel.load(game)
        # One NumPy generator, seeded from ours, for the bot and its rollouts.
        self.numpy_rng = numpy.random.RandomState(self.rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.numpy_rng)
        self.bot = ismcts.ISMCTSBot(
            self.spiel_game,
            evaluator,
            uct_c=exploration,
            max_simulations=iterations or MIN_SIMULATIONS,
            random_state=self.numpy_rng,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        # Re-deals drawn from our seeded generator: the same seed plays the same game.
        self.bot.set_resampler(self._resample)
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_root: Any = None  # OpenSpiel's root node of the last search, for analysis
        self.total_iterations = 0
        self.total_seconds = 0.0

    def _resample(self, state: Any, seat: int) -> Any:
        return state.resample_from_infostate(seat, self.rng.random)

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        if view is None:
            raise ValueError(f"the {NAME} agent needs its view")
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        root = self._wrap(self.spiel_game, self._root_state(view))
        index, done = self._search(root, start + self.seconds)
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        self.total_iterations += done
        self.total_seconds += self.last_seconds
        code = int(self.encoding.action_code(view, index))
        if code not in legal:  # the re-deal offered what the real position does not
            raise AnglerError(f"{NAME} chose {self.game.action_to_string(code)}, not legal here")
        return code

    def _root_state(self, view: View) -> State[Any]:
        """A re-deal of ``view`` in which the viewer is the adapter's player to move."""
        me = view.player
        dealt: State[Any] = self.game.search.determinise(view, self.rng)
        while (current := dealt.current_players()) and current[0] != me:
            if me not in current:
                raise AnglerError(f"{NAME} was asked to act for seat {me}, who does not decide")
            seat = current[0]
            choices = dealt.legal_actions(seat)
            dealt.apply_action(choices[int(self.rng.random() * len(choices))], seat)
        return dealt

    def _search(self, root: Any, deadline: float) -> tuple[int, int]:
        """The bot's simulations from ``root`` until the budget is spent; the action index its
        final policy picks, and the simulations run."""
        bot = self.bot
        bot.reset()
        node = self.last_root = bot.create_new_node(root)
        done = 0
        while self._running(done, deadline):
            bot.run_simulation(bot.sample_root_state(root))
            done += 1
        actions, chances = zip(*bot.get_final_policy(root, node), strict=True)
        return int(self.numpy_rng.choice(actions, p=chances)), done

    def _running(self, done: int, deadline: float) -> bool:
        if done < MIN_SIMULATIONS:
            return True
        if self.iterations is not None:
            return done < self.iterations
        return time.perf_counter() < deadline


@register_agent(NAME)
def make_openspiel_ismcts(seed: int, game: Game[Any, Any] | None = None) -> OpenSpielISMCTSAgent:
    return OpenSpielISMCTSAgent(seed, game)


@register_budgeted(NAME)
def make_budgeted_openspiel_ismcts(
    seed: int, game: Game[Any, Any] | None, budget: str
) -> OpenSpielISMCTSAgent:
    """``openspiel-ismcts:0.5s`` searches half a second per decision, ``:500it`` 500
    simulations."""
    seconds, iterations = read_budget(NAME, budget, "simulations", MIN_SIMULATIONS, example=500)
    if iterations is not None:
        return OpenSpielISMCTSAgent(seed, game, iterations=iterations)
    return OpenSpielISMCTSAgent(
        seed, game, seconds=seconds if seconds is not None else DEFAULT_SECONDS
    )
