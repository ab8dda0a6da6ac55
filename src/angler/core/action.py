"""Actions as values: an immutable record of a stable integer code and its canonical text.

States take the integer code on the hot path; interfaces and records use the text. A game turns one
into the other with ``action_to_string`` / ``action_from_string``; both round-trip.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from angler.core.game import Game


@dataclass(frozen=True, slots=True)
class Action:
    code: int
    verb: str
    argument: str

    def __str__(self) -> str:
        return f"{self.verb} {self.argument}" if self.argument else self.verb

    def __int__(self) -> int:
        return self.code

    @classmethod
    def from_code(cls, game: Game[Any, Any], code: int) -> Action:
        verb, _, argument = game.action_to_string(code).partition(" ")
        return cls(code, verb, argument)

    @classmethod
    def parse(cls, game: Game[Any, Any], text: str) -> Action:
        return cls.from_code(game, game.action_from_string(text))
