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
  the same length in every position and for every seat, spectator included;
- the bulk methods agree with the one-by-one ones: ``action_indices(view, codes)`` is
  ``[action_index(view, code) for code in codes]``, ``action_mask(view, codes)`` has a 1 at
  exactly those indices, ``observation_array(view)`` holds ``observation(view)``'s numbers;
- every number of an observation lies within its index's limits: ``low[i] <= x[i] <= high[i]``
  for ``(low, high) = observation_limits()``, one pair per index (so within
  ``observation_bounds()``, the least low and the greatest high, too);
- no game played by the rules takes more than ``max_game_length()`` decisions.

The bulk methods, the limits and the bounds have defaults built on the others, so an encoding
that writes only the required methods keeps working; a game overrides them where it is faster or
knows more. An encoding laid out in a ``TensorLayout`` (``LaidOutEncoding``, every game's) takes
its shape and limits from the layout: each block declares the range of its numbers.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from angler.core.tensors import TensorLayout
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

    # ----- bulk forms and bounds: defaults from the methods above -----
    def action_indices(self, view: V, codes: Sequence[int]) -> list[int]:
        """The index of each code, in order: ``action_index`` of each (a game overrides it
        where thousands of legal codes make one call per code dear)."""
        index = self.action_index
        return [index(view, code) for code in codes]

    def action_mask(self, view: V, codes: Sequence[int]) -> bytearray:
        """``action_count()`` bytes: 1 at the index of each code, 0 elsewhere (an action mask
        that NumPy reads without copying)."""
        mask = bytearray(self.action_count())
        for index in self.action_indices(view, codes):
            mask[index] = 1
        return mask

    def observation_array(self, view: V) -> array[float]:
        """``observation(view)``'s numbers as an array of doubles (typecode ``"d"``): the adapters
        hand it to NumPy without converting each number. A game that builds its observation
        in such an array overrides this, and makes ``observation`` its ``tolist()``."""
        return array("d", self.observation(view))

    def observation_bounds(self) -> tuple[float, float]:
        """The least and the greatest number any observation may hold, at any index;
        unbounded unless the game knows better."""
        return (-math.inf, math.inf)

    def observation_limits(self) -> tuple[Sequence[float], Sequence[float]]:
        """The least and the greatest number each index may hold: two sequences of
        ``observation_size()`` numbers (the Box of Gymnasium's and PettingZoo's observation
        spaces). By default ``observation_bounds()`` at every index."""
        low, high = self.observation_bounds()
        size = self.observation_size()
        return [low] * size, [high] * size

    def max_game_length(self) -> int | None:
        """The most decisions (actions applied) a game played by the rules can take in this
        configuration: OpenSpiel's ``max_game_length``. None when the game states no bound."""
        return None


class LaidOutEncoding(Encoding[V]):
    """An encoding whose observation is the blocks of ``self.layout`` (set by the game's
    ``__init__``), flat: its shape is the layout's size, each index's limits are its block's
    range, and the bounds are the least and the greatest of those."""

    layout: TensorLayout

    def observation_shape(self) -> tuple[int, ...]:
        return (self.layout.size,)

    def observation_limits(self) -> tuple[Sequence[float], Sequence[float]]:
        return self.layout.limits()

    def observation_bounds(self) -> tuple[float, float]:
        blocks = self.layout.blocks
        return (min(b.low for b in blocks), max(b.high for b in blocks))
