"""A game is declared once: its name, player counts and options, then registered by decorator."""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from angler.core.cards import NamedCards
from angler.core.data import check_card_file
from angler.core.errors import AnglerError, OptionError
from angler.core.events import Event, kind_of
from angler.core.numbers import described, is_whole

if TYPE_CHECKING:
    from angler.core.state import State
    from angler.core.view import View


@dataclass(frozen=True)
class Option:
    """One game option: a name, a default, a help text and how to read and check a value.

    A value comes as text (``-o key=value``), which ``parse`` reads, or as any JSON value (a
    record's options), which goes to ``check`` as it is. So ``check`` must answer for every JSON
    value: None if it is valid, else the problem in words."""

    name: str
    default: Any
    help: str
    parse: Callable[[str], Any] = str
    check: Callable[[Any], str | None] = field(default=lambda value: None)

    def read(self, raw: Any) -> Any:
        try:
            value = self.parse(raw) if isinstance(raw, str) else raw
        except (AnglerError, TypeError, ValueError) as exc:
            shown = raw if len(raw) <= 40 else raw[:37] + "..."
            raise OptionError(f"option {self.name!r}: cannot read {shown!r} ({exc})") from None
        problem = self.check(value)
        if problem:
            raise OptionError(f"option {self.name!r}: {problem}")
        return value


def check_text(value: Any) -> str | None:
    """An option whose value is a text (from a record, any JSON value may come)."""
    return None if isinstance(value, str) else f"expected a text, not {described(value)}"


def check_true_or_false(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"expected true or false, not {described(value)}"


CARDS_OPTION = Option(
    "cards",
    None,
    "card set file (JSON); default: the bundled edition",
    check=check_card_file,
)
"""Every card game's ``cards`` option: another edition's data file."""


class Game(ABC):
    """A configured game: the declaration (class attributes) plus chosen players and options.

    Subclasses fill in the class attributes and the abstract hooks; the framework owns validation.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    variants: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    """Option sets the conformance suite runs besides the defaults (each at every player count)."""
    event_types: ClassVar[tuple[type[Any], ...]] = ()
    """Every kind of event the rules make (the game's ``events.py``): what ``event_from_json``
    reads back, and what docs/events.md must describe."""

    def __init__(self, /, players: int | None = None, **options: Any) -> None:
        players = self.player_count(players)
        known = {option.name: option for option in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            offered = ", ".join(sorted(known)) or "none"
            raise OptionError(f"{self.name} has no option {unknown[0]!r} (options: {offered})")
        self.players = players
        self.settings: dict[str, Any] = {
            name: option.read(options[name]) if name in options else option.default
            for name, option in known.items()
        }

    @classmethod
    def player_count(cls, players: Any) -> int:
        """``players`` (None: the default) checked: a whole number this game allows."""
        if players is None:
            return cls.default_players
        span = f"{cls.min_players}–{cls.max_players} players"
        if not is_whole(players):
            raise OptionError(
                f"{cls.name} is for {span}: the player count must be a whole number, "
                f"not {described(players)}"
            )
        if not cls.min_players <= players <= cls.max_players:
            shown = players if abs(players) < 1000 else described(players)
            raise OptionError(f"{cls.name} is for {span}, not {shown}")
        return int(players)

    def describe_options(self) -> dict[str, Any]:
        """Options as a record stores them, ``players`` included."""
        return {"players": self.players, **self.settings}

    # Hooks each game provides.
    @abstractmethod
    def new_state(self, seed: int) -> State:
        """The state at the start of a game dealt from ``seed``."""

    @abstractmethod
    def state_from_setup(self, setup: Mapping[str, Any], seed: int) -> State:
        """A state laid out explicitly (puzzles, tutorials, tests); AnglerError if invalid."""

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The canonical text of an action code, for example ``play Y7``."""

    @abstractmethod
    def action_from_string(self, text: str) -> int:
        """The code of a canonical action text. Raises AnglerError if it names no action."""

    @abstractmethod
    def determinise(self, view: View, rng: random.Random) -> State:
        """A full state consistent with everything ``view`` shows, hidden parts sampled by rng."""

    def search_actions(self, state: State, player: int) -> Sequence[int]:
        """The actions a search considers for ``player`` (all legal ones here; a game with a huge
        action set offers a well-chosen few, e.g. Flip & Fish's aims at each water card)."""
        return state.legal_actions(player)

    def evaluate(self, state: State) -> list[float]:
        """How good ``state`` is for each seat, in [0, 1], for search. Over: mostly the share of
        the victory, a little the score; not over: the scores, scaled from worst to best."""
        scores = state.scores()
        low, spread = min(scores), max(scores) - min(scores)
        scaled = [(score - low) / spread if spread else 0.5 for score in scores]
        if not state.is_terminal():
            return scaled
        winners = state.winners()
        share = 1 / len(winners)
        return [
            0.8 * (share if seat in winners else 0.0) + 0.2 * scaled[seat]
            for seat in range(len(scores))
        ]

    def playout_action(
        self, state: State, player: int, legal: Sequence[int], rnd: Callable[[], float]
    ) -> int:
        """A search playout's move: uniformly random here. A game may play a cheap rule of thumb
        instead; it reads the determinised state, the searcher's own sample, never the real one."""
        return legal[int(rnd() * len(legal))]

    def playout_horizon(self, state: State) -> int | None:
        """How many decisions a search playout plays from ``state`` before scoring it with
        ``evaluate`` (None: the searcher's own limit). Fishing stops before a round ends."""
        return None

    records_outcomes: ClassVar[bool] = False
    """Records store the non-shuffle chance outcomes (Flip & Fish's casts) of every action."""
    search_levels: ClassVar[bool] = True
    """The ``normal`` and ``hard`` levels search (ISMCTS). False where search does not yet beat
    the heuristic player: those levels then play the heuristic (``agents/levels.py``)."""
    paired_search: ClassVar[bool] = False
    """Search compares root moves on common random numbers (``agents/ismcts.py``): for games
    where luck swamps the worth of a single move."""

    def secrets(self, state: State) -> Any:
        """What no seat can see (face-down cards everyone is blind to, deck orders), for checking
        that re-deals vary it. Games where every hidden card is seen by some seat keep ``()``:
        the other seats' views then show the variation."""
        return ()

    def menu(self, view: View, legal: Sequence[int]) -> tuple[list[int], str]:
        """What a person is offered from ``legal``: the actions to list (all of them here) and a
        hint for those left out (Flip & Fish lists a few of its thousands of aims)."""
        return list(legal), ""

    def menu_label(self, view: View, action: int) -> str:
        """How the menu shows one of its actions: its text here. A game may say more (Flip &
        Fish names the card an aim is at); what a person types stays the action's text."""
        return self.action_to_string(action)

    def prompt(self, view: View, legal: Sequence[int]) -> str:
        """One line saying what the person to act is deciding (lead or follow, cast, shop…),
        shown above the menu on the screen and before the choices in the text prompt."""
        return "Choose an action."

    def render_view(self, view: View) -> str:
        """A player's view as plain text (terminals, ``angler replay --as``)."""
        import json

        return json.dumps(view.as_dict(), ensure_ascii=False, indent=2)

    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        """One event in plain English, from ``viewer``'s seat (None: an onlooker). By default
        its kind and fields, for a game that has no words of its own yet."""
        fields = ", ".join(f"{name} {value}" for name, value in event._asdict().items())
        return f"{kind_of(event)}: {fields}" if fields else kind_of(event)

    def standings(self, state: State) -> list[str]:
        """One line per seat for the end of a game: what each player caught (default: none)."""
        return []

    def tally(self, state: State) -> dict[str, float]:
        """Designer statistics of a finished game (counts by name); ``simulate`` averages them."""
        return {}

    # Replays in JSON (``angler replay --json``): where a game stands, and words beside numbers,
    # so a person checking a hand-written record need not decode ids and codes.
    def progress(self, state: State) -> dict[str, Any]:
        """Where the game stands: ``{"round": …, "phase": …}``, each game's own equivalent of a
        round and the name of its phase (None where a game has none)."""
        return {"round": None, "phase": None}

    def view_names(self, view: View) -> dict[str, Any]:
        """Words for the numbers in ``view.as_dict()``, under the same field names: card ids as
        card names, action codes as action texts. Here the log, one line per event."""
        return {"events": [self.describe_event(event, view.player) for event in view.events]}

    def chance_to_json(self, order: list[int]) -> list[Any]:
        """How a shuffle outcome is written in a record (games name their cards)."""
        return list(order)

    def chance_from_json(self, order: list[Any]) -> list[int]:
        if not all(is_whole(item) for item in order):
            raise AnglerError("a chance outcome must be a list of integers")
        return [int(item) for item in order]


class CardGame(Game):
    """A game of named cards whose folder follows the convention: ``actions.py`` has
    ``action_to_string(cards, code)`` and ``action_from_string(cards, text)``, ``setup.py`` has
    ``state_from_setup(game, setup, seed)``, ``determinise.py`` has ``determinise(game, view, rng)``
    and ``view.py`` has ``render(view, cards)`` and ``describe(event, cards, viewer)``. Chance
    outcomes (shuffled piles) are written as card names, top card first."""

    cards: NamedCards[Any]

    def _module(self, name: str) -> Any:
        package = type(self).__module__.rpartition(".")[0]
        return importlib.import_module(f"{package}.{name}")

    def action_to_string(self, action: int) -> str:
        return str(self._module("actions").action_to_string(self.cards, action))

    def action_from_string(self, text: str) -> int:
        return int(self._module("actions").action_from_string(self.cards, text))

    def state_from_setup(self, setup: Mapping[str, Any], seed: int) -> State:
        state: State = self._module("setup").state_from_setup(self, setup, seed)
        return state

    def determinise(self, view: View, rng: random.Random) -> State:
        state: State = self._module("determinise").determinise(self, view, rng)
        return state

    def render_view(self, view: View) -> str:
        return str(self._module("view").render(view, self.cards))

    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        return str(self._module("view").describe(event, self.cards, viewer))

    def chance_to_json(self, order: list[int]) -> list[Any]:
        return self.cards.names(order[::-1])

    def chance_from_json(self, order: list[Any]) -> list[int]:
        if not all(isinstance(name, str) for name in order):
            raise AnglerError(f"a {self.title} chance outcome is a list of card names")
        return self.cards.ids(order)[::-1]
