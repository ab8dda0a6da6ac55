"""What a finished or running game adds up to: the end screen's lines, designers' counts, and
where a game stands. Simulation (``sim/``: ``simulate`` and the balance report) and the end screen
read these through ``game.statistics``."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

if TYPE_CHECKING:
    from angler.core.game import Game
    from angler.core.state import State

S = TypeVar("S", bound="State[Any]")


class Statistics(Generic[S]):
    """Defaults that say nothing; each game refines them in its own folder."""

    count_shares: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    """Shares the balance report adds beside ``counts``: ``(label, part, whole)`` such as
    ``("landed", "caught", "bites")`` shows, in the tables counted by the same thing, caught over
    bites for each row."""

    holdings_meaning: ClassVar[str] = ""
    """What ``holdings`` counts, in a phrase for the analysis report: "the fish in each seat's
    catch pile at the end"."""

    def __init__(self, game: Game[S, Any]) -> None:
        self.game = game

    def standings(self, state: S) -> list[str]:
        """One line per seat for the end of a game: what each player caught (default: none)."""
        return []

    def tally(self, state: S) -> dict[str, float]:
        """Designer statistics of a finished game (counts by name); ``simulate`` averages them."""
        return {}

    def counts(self, state: S) -> dict[str, Counter[str]]:
        """What a finished game did, counted by kind, in named tables: ``{"bites by fish type":
        Counter({"Octopus": 3, …}), "abilities fired": …}``. The balance report adds them up over
        many games and shows the tables named ``"<what> by <thing>"`` for the same thing side by
        side. A key counted 0 is still shown (a card that never fired is worth seeing)."""
        return {}

    def count_facts(self) -> dict[str, dict[str, dict[str, Any]]]:
        """What the game's data says about the rows of ``counts``, by the thing counted by:
        ``{"fish type": {"Octopus": {"kind": "regular", "catch rate": 4, "copies": 3}}}``. The
        balance report shows them beside the counts, and every row named here, counted or not."""
        return {}

    def holdings(self, state: S) -> list[Counter[str]]:
        """What each seat *held* in a finished game, one Counter per seat, keyed by the card's
        name as the card file spells it: the cards it played, caught or took over the game, or
        its catch at the end, as the game's rules make a card do its work
        (``holdings_meaning``, docs/analyse.md). The analysis estimates each card's effect on its
        holder's win share from these. A function of the finished state alone. Default: an
        empty list, the game has none."""
        return []

    def holding_names(self) -> list[str]:
        """Every name ``holdings`` may count in the game as set up, in card-file order, so that a
        card no seat held still gets its row in the report (default: none)."""
        return []

    def progress(self, state: S) -> dict[str, Any]:
        """Where the game stands: ``{"round": …, "phase": …}``, each game's own equivalent of a
        round and the name of its phase (None where a game has none). ``angler replay --json``
        prints it; simulation reports the rounds a game lasted from it."""
        return {"round": None, "phase": None}
