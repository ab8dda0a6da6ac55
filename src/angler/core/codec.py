"""Action codes and their canonical texts, from one declarative table per game.

A game declares its verbs: the words (``play``, ``fish beside``), the kind each code carries, and
the kind of argument that follows (a card, several cards, a number, one of a few words…). The
:class:`Codec` made from the table turns a code into its text and a text into its code, and gives
the one-line error for a text that names no action::

    codec = Codec("Fishing", Blocks(len(cards)), [
        Verb("play", PLAY, Card(cards)),
        Verb("call", CALL, Choice(SUITS[:5], "colour")),
    ])
    codec.to_string(6)            # 'play B7' (card 6 of the set)
    codec.from_string("call red")  # 3 * len(cards) + 2

How kind and argument share a code is the game's :class:`Layout`: ``Shifted`` keeps the kind in
the low bits (``argument << bits | kind``), ``Blocks`` gives each kind a block of codes
(``kind * size + argument``). Codes are what records hold, so a game never changes its layout.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from angler.core.cards import NamedCards, ids_of
from angler.core.errors import AnglerError
from angler.core.numbers import whole_from_text


# ----- layouts: how a code holds its kind and its argument -----
class Layout(ABC):
    @abstractmethod
    def code(self, kind: int, argument: int) -> int: ...

    @abstractmethod
    def split(self, code: int) -> tuple[int, int]:
        """``(kind, argument)`` of a code that is a whole number of 0 or more."""


@dataclass(frozen=True)
class Shifted(Layout):
    """``code = argument << bits | kind``: any number of arguments per kind."""

    bits: int

    def code(self, kind: int, argument: int) -> int:
        return argument << self.bits | kind

    def split(self, code: int) -> tuple[int, int]:
        return code & ((1 << self.bits) - 1), code >> self.bits


@dataclass(frozen=True)
class Blocks(Layout):
    """``code = kind * size + argument``: each kind owns ``size`` codes."""

    size: int

    def code(self, kind: int, argument: int) -> int:
        return kind * self.size + argument

    def split(self, code: int) -> tuple[int, int]:
        kind, argument = divmod(code, self.size)
        return kind, argument


# ----- argument kinds: the words after a verb, and the number they stand for -----
class Argument(ABC):
    @abstractmethod
    def read(self, words: list[str], verb: str) -> int | None:
        """The argument ``words`` name. None if they have the wrong shape for it (the text
        then names no action); AnglerError naming the problem if they have its shape but are
        wrong (an unknown card, a number out of range)."""

    @abstractmethod
    def write(self, value: int) -> str | None:
        """The words for ``value`` ("" for none); None if ``value`` is not one of this kind."""


class Nothing(Argument):
    """No words: the verb alone (``skip``, ``done``)."""

    def read(self, words: list[str], verb: str) -> int | None:
        return None if words else 0

    def write(self, value: int) -> str | None:
        return "" if value == 0 else None


NOTHING = Nothing()


@dataclass(frozen=True)
class Constant(Argument):
    """No words, standing for one fixed argument (``buy dip`` is shop slot 3)."""

    value: int

    def read(self, words: list[str], verb: str) -> int | None:
        return None if words else self.value

    def write(self, value: int) -> str | None:
        return "" if value == self.value else None


@dataclass(frozen=True)
class Choice(Argument):
    """One of a few words, by its index (``turbulent before`` / ``after``). With ``what`` set,
    an unknown word is refused naming the choices; without, the text names no action."""

    words: tuple[str, ...]
    what: str | None = None

    def read(self, words: list[str], verb: str) -> int | None:
        if len(words) != 1:
            return None
        if words[0] in self.words:
            return self.words.index(words[0])
        if self.what is None:
            return None
        raise AnglerError(f"cannot {verb} {words[0]!r} ({self.what}s: {', '.join(self.words)})")

    def write(self, value: int) -> str | None:
        return self.words[value] if 0 <= value < len(self.words) else None


@dataclass(frozen=True)
class Number(Argument):
    """A whole number typed from ``low`` to ``high``, stored less ``offset`` (a shop slot is
    typed 1 to 3 and stored 0 to 2)."""

    what: str
    low: int
    high: int
    offset: int = 0

    def read(self, words: list[str], verb: str) -> int | None:
        if len(words) != 1:
            return None
        return whole_from_text(words[0], self.what, self.low, self.high) - self.offset

    def write(self, value: int) -> str | None:
        typed = value + self.offset
        return str(typed) if self.low <= typed <= self.high else None


@dataclass(frozen=True, eq=False)
class Card(Argument):
    """One card, by its name; the argument is its id."""

    cards: NamedCards[Any]

    def read(self, words: list[str], verb: str) -> int | None:
        return self.cards.ids(words)[0] if len(words) == 1 else None

    def write(self, value: int) -> str | None:
        return self.cards.cards[value].name if 0 <= value < len(self.cards) else None


@dataclass(frozen=True, eq=False)
class Cards(Argument):
    """Several cards, each named once; the argument is the bitmask of their ids. With ``empty``
    set, a verb naming no card is refused with that hint; without, the text names no action."""

    cards: NamedCards[Any]
    empty: str | None = None

    def read(self, words: list[str], verb: str) -> int | None:
        if not words:
            if self.empty is None:
                return None
            raise AnglerError(f"{verb} names no cards: {self.empty}")
        if len(set(words)) != len(words):  # a mask holds a card once
            raise AnglerError(f"{' '.join([verb, *words])[:60]!r} names a card twice")
        return sum(1 << card for card in self.cards.ids(words))

    def write(self, value: int) -> str | None:
        ids = ids_of(value)
        if not ids or ids[-1] >= len(self.cards):
            return None
        return " ".join(self.cards.names(ids))


# ----- the table -----
@dataclass(frozen=True)
class Verb:
    """An action's words, the kind of its code and the argument that follows the words."""

    words: str
    kind: int
    argument: Argument = NOTHING


class Codec:
    """Action codes ↔ canonical texts for one game (one card set), from its verbs."""

    def __init__(self, title: str, layout: Layout, verbs: Sequence[Verb]) -> None:
        self.title = title
        self.layout = layout
        self.verbs = tuple(verbs)
        words = [verb.words for verb in self.verbs]
        if len(set(words)) != len(words):
            raise ValueError(f"{title}: two verbs with the same words")
        self._by_kind: dict[int, list[Verb]] = {}
        for verb in self.verbs:
            self._by_kind.setdefault(verb.kind, []).append(verb)
        # Longest words first, so "fish beside F4#2" is not read as "fish" and two words.
        self._by_words = sorted(self.verbs, key=lambda verb: -len(verb.words.split()))
        heads: list[str] = []
        for verb in self.verbs:  # "fish with" and "buy dip" extend a verb listed already
            if not any(verb.words.startswith(head + " ") or verb.words == head for head in heads):
                heads.append(verb.words)
        self.heads = tuple(heads)

    def to_string(self, code: int) -> str:
        """The canonical text of ``code``; AnglerError if it is no action code of this game."""
        if type(code) is int and code >= 0:
            kind, argument = self.layout.split(code)
            for verb in self._by_kind.get(kind, ()):
                words = verb.argument.write(argument)
                if words is not None:
                    return f"{verb.words} {words}" if words else verb.words
        raise AnglerError(f"{code} is not a {self.title} action code")

    def from_string(self, text: str) -> int:
        """The code ``text`` names; a one-line AnglerError if it names none."""
        words = text.split()
        if not words:
            raise AnglerError("an empty action")
        for verb in self._by_words:
            head = verb.words.split()
            if words[: len(head)] == head:
                argument = verb.argument.read(words[len(head) :], verb.words)
                if argument is not None:
                    return self.layout.code(verb.kind, argument)
                break  # the verb fits but its argument does not: no action
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise AnglerError(f"unknown action {shown!r} (actions: {', '.join(self.heads)})")
