"""What every game's card set shares: cards numbered by id, each with a unique name, and card
sets of ids written as bitmasks."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeGuard, TypeVar, cast

from angler.core.errors import AnglerError

if TYPE_CHECKING:
    pass

CARD_NUMBER_MAX = 999  # any value, speed, size or rate a card file gives: far above any edition


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


F = TypeVar("F", bound=Callable[..., Any])


def memo_on_cards(size: int) -> Callable[[F], F]:
    """A function of a card set (its first argument) and hashable values, its results kept on
    that card set, at most ``size`` of them (all dropped when full): they live as long as the
    card set and no longer. A process-wide cache keyed on the card set would keep every set a
    server was ever sent (uploads) alive."""

    def wrap(function: F) -> F:
        name = f"{function.__module__}.{function.__qualname__}"

        @functools.wraps(function)
        def memoised(cards: Any, *values: Any) -> Any:
            memos: dict[str, dict[Any, Any]] = cards.__dict__.setdefault("_memos", {})
            memo = memos.get(name)
            if memo is None:
                memo = memos[name] = {}
            try:
                return memo[values]
            except KeyError:
                pass
            result = function(cards, *values)
            if len(memo) >= size:
                memo.clear()
            memo[values] = result
            return result

        return cast(F, memoised)

    return wrap


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


# Reading card files: the checks every game's card reader shares, safe for any JSON value.


def is_card_word(name: Any, forbidden: str = "") -> TypeGuard[str]:
    """A card name: one printable word (no space of any kind), without ``forbidden`` characters.
    Names are typed in actions and shown in one-line messages, so nothing may split them."""
    return (
        isinstance(name, str)
        and bool(name)
        and name.isprintable()
        and not any(char.isspace() or char in forbidden for char in name)
    )


def card_places(
    data: Any, sections: Mapping[tuple[str, ...], str], forbidden: str = "", both: bool = False
) -> Callable[[tuple[int | str, ...]], str | None]:
    """Names the places of a card file for its one-line errors (a ``context`` of
    :func:`angler.core.models.read_model`): the file itself is "", and the card at
    ``(*section, index)`` is ``card Wahoo`` (with ``both``: ``card Wahoo (fishing card 4)``), or
    ``fishing card 4`` while its name is unusable. ``sections`` maps a list's path in the file
    to its label: ``{("fishing",): "fishing card"}``."""

    def place(loc: tuple[int | str, ...]) -> str | None:
        if not loc:
            return ""
        label = sections.get(tuple(str(part) for part in loc[:-1]))
        index = loc[-1]
        if label is None or not isinstance(index, int):
            return None
        where = f"{label} {index + 1}"
        raw: Any = data
        for part in loc:
            raw = raw[part]
        name = raw.get("name") if isinstance(raw, dict) else None
        if not is_card_word(name, forbidden):
            return where
        return f"card {name} ({where})" if both else f"card {name}"

    return place
