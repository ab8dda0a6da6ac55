"""What a finished or running game adds up to: the end screen's lines, designers' counts, and
where a game stands. Simulation (``sim/``) and the end screen read these through
``game.statistics``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from angler.core.game import Game
    from angler.core.state import State

S = TypeVar("S", bound="State[Any]")


class Statistics(Generic[S]):
    """Defaults that say nothing; each game refines them in its own folder."""

    def __init__(self, game: Game[S, Any]) -> None:
        self.game = game

    def standings(self, state: S) -> list[str]:
        """One line per seat for the end of a game: what each player caught (default: none)."""
        return []

    def tally(self, state: S) -> dict[str, float]:
        """Designer statistics of a finished game (counts by name); ``simulate`` averages them."""
        return {}

    def progress(self, state: S) -> dict[str, Any]:
        """Where the game stands: ``{"round": …, "phase": …}``, each game's own equivalent of a
        round and the name of its phase (None where a game has none). ``angler replay --json``
        prints it; simulation reports the rounds a game lasted from it."""
        return {"round": None, "phase": None}
