"""How a configured game looks to learning code (``angler.interop``: OpenSpiel, PettingZoo,
Gymnasium): a fixed, finite action space and fixed-shape observation tensors, both read from a
seat's view alone. Each game wires its own as ``game.encoding`` (``games/<game>/encoding.py``);
a game without one (``None``) is not offered to those libraries.

The rules' own action codes are structured integers (Crazy Fishing packs rods and baits into
bits, Flip & Fish its gear with an aim): some exceed 2**100, and what a code means can depend on
the view. Learning code wants actions numbered ``0 … action_count() - 1`` with the same meaning
in every position, so each game maps its codes to such indices and back.

The rules a game's encoding keeps (``testing/conformance.py`` ``check_encoding`` checks them at
random positions of every game):

- ``action_index(view, code)`` is defined for every legal code of the view's seat, lies in
  ``range(action_count())``, and differs for different legal codes;
- ``action_code(view, action_index(view, code)) == code`` for every legal code;
- ``observation(view)`` has ``prod(observation_shape())`` numbers, depends only on ``view``
  (re-dealt twins of the state, ``game.search.determinise`` of the view, encode alike), and has
  the same length in every position and for every seat, spectator included.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from angler.core.view import View

if TYPE_CHECKING:
    from angler.core.game import Game

V = TypeVar("V", bound=View)


class Encoding(Generic[V]):
    """A game's numbering of actions and its observation tensor (see the module's docstring).
    Every method is the game's to write; the size and shape are fixed for one configured game
    (its player count and options) and may differ between configurations."""

    def __init__(self, game: Game[Any, V]) -> None:
        self.game = game

    def action_count(self) -> int:
        """How many action indices there are: ``OpenSpiel``'s ``num_distinct_actions``."""
        raise NotImplementedError

    def action_index(self, view: V, code: int) -> int:
        """The index of ``code``, a legal action of ``view``'s seat."""
        raise NotImplementedError

    def action_code(self, view: V, index: int) -> int:
        """The action code of ``index`` for ``view``'s seat: the inverse of ``action_index`` on
        the legal codes. An index that names no action here raises ``ValueError``."""
        raise NotImplementedError

    def observation_shape(self) -> tuple[int, ...]:
        """The observation tensor's shape (documented per game in ``docs/interop.md``)."""
        raise NotImplementedError

    def observation(self, view: V) -> list[float]:
        """The view as numbers, flat in row-major order: ``observation_size()`` of them."""
        raise NotImplementedError

    def observation_size(self) -> int:
        return math.prod(self.observation_shape())
