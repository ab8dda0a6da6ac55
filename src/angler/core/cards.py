"""What every game's card set shares: cards numbered by id, each with a unique name, and card
sets of ids written as bitmasks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic, Protocol, TypeVar

from angler.core.errors import AnglerError


class Named(Protocol):
    @property
    def name(self) -> str: ...


C = TypeVar("C", bound=Named)


class NamedCards(Generic[C]):
    """Base of a game's card set: ``cards`` by id and ``by_name`` (unique names)."""

    cards: Sequence[C]
    by_name: dict[str, int]

    def __len__(self) -> int:
        return len(self.cards)

    def names(self, ids: Iterable[int]) -> list[str]:
        return [self.cards[i].name for i in ids]

    def ids(self, names: Iterable[str]) -> list[int]:
        """Card ids for names; AnglerError naming the first unknown card."""
        out = []
        for name in names:
            if name not in self.by_name:
                raise AnglerError(f"unknown card {name!r}")
            out.append(self.by_name[name])
        return out


def ids_of(mask: int) -> list[int]:
    """The ids whose bits are set in ``mask``, lowest first."""
    ids = []
    while mask:
        low = mask & -mask
        ids.append(low.bit_length() - 1)
        mask ^= low
    return ids


def mask_of(ids: Iterable[int]) -> int:
    """The bitmask of a set of ids."""
    mask = 0
    for card in ids:
        mask |= 1 << card
    return mask
