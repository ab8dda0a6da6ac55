"""A game is declared once: its name, player counts and options, then registered by decorator.

``Game`` holds the rules-and-records hooks the core needs (new states, set-ups, action texts,
chance in records). The other hooks are grouped by who reads them, each an object the game wires
in its constructor: ``game.search`` (agents, ``core/search.py``), ``game.presentation``
(interfaces, ``core/presentation.py``) and ``game.statistics`` (simulation, ``core/statistics.py``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from angler.core.cards import NamedCards
from angler.core.data import check_card_file
from angler.core.errors import AnglerError, OptionError
from angler.core.numbers import described, is_whole
from angler.core.presentation import Presentation
from angler.core.statistics import Statistics
from angler.core.view import View

if TYPE_CHECKING:
    from angler.core.encoding import Encoding
    from angler.core.search import SearchSupport
    from angler.core.state import State

S = TypeVar("S", bound="State[Any]")
V = TypeVar("V", bound=View)


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
    written_at_default: bool = True
    """False for an option added after records of the game existed: a record leaves it out
    while it is at its default, so those records read as they always did."""

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


SIZES = ("full", "mini")


def size_option(mini: str) -> Option:
    """The ``size`` option of a game with a small variant for exact methods: ``full``, the
    rulebook's game (the default, which records leave out), or ``mini``, described by ``mini``."""
    return Option(
        "size",
        "full",
        f"full: the rulebook's game; mini: {mini}",
        check=lambda value: None if value in SIZES else f"expected full or mini, not {value!r}",
        written_at_default=False,
    )


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


class Game(ABC, Generic[S, V]):
    """A configured game: the declaration (class attributes) plus chosen players and options.

    ``S`` is the game's state type and ``V`` its view type, so hooks and their callers get the
    concrete types back without checks. Subclasses fill in the class attributes and the abstract
    hooks, and wire ``search`` (and, to refine the defaults, ``presentation`` and ``statistics``)
    in their constructor; the framework owns validation.
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

    mini_players: ClassVar[int | None] = None
    """The one player count of the game's ``size=mini`` variant, where it has only one: a mini
    without ``players`` takes it, and another count is refused."""

    records_outcomes: ClassVar[bool] = False
    """Records store the non-shuffle chance outcomes (Flip & Fish's casts) of every action."""

    setup_model: ClassVar[type[BaseModel] | None] = None
    """What ``setup_of`` writes a position as (a pydantic model): its JSON Schema is published in
    docs/schemas. None: the game writes no set-ups."""
    card_file_model: ClassVar[type[BaseModel] | None] = None
    """What a card file (``--cards``) holds (a pydantic model): its JSON Schema is published in
    docs/schemas. None: the game reads no card files."""

    search: SearchSupport[S, V]
    """Hooks for search bots; every game wires its own (``determinise`` has no default)."""
    presentation: Presentation[V]
    """Hooks for interfaces: text, log lines, menu and prompt."""
    statistics: Statistics[S]
    """Hooks for simulation and the end screen: standings, tallies, progress."""
    encoding: Encoding[V] | None
    """Action indices and observation tensors for learning code (``core/encoding.py``,
    ``angler.interop``); None for a game that has none."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each default passes its option's own check, once, when the game is declared: the
        same check a value from a record or ``-o`` passes, so defaults cannot drift from it."""
        super().__init_subclass__(**kwargs)
        for option in cls.__dict__.get("options", ()):
            problem = option.check(option.default)
            if problem:
                raise TypeError(f"{cls.__name__}: option {option.name!r}'s default: {problem}")

    def __init__(self, /, players: int | None = None, **options: Any) -> None:
        if players is None and options.get("size") == "mini" and self.mini_players is not None:
            players = self.mini_players  # whatever the full game's default
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
        fixed = self.mini_players
        if fixed is not None and self.settings.get("size") == "mini" and players != fixed:
            raise OptionError(f"{self.name} size=mini is for {fixed} players, not {players}")
        self.presentation = Presentation(self)
        self.statistics = Statistics(self)
        self.encoding = None

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

    @classmethod
    def configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        """Each option set of ``variants`` at each player count it allows, as (players,
        options): what the conformance suite runs. An option set may narrow the player counts
        (Fishing's ``size=mini`` is for 3 players): a count it refuses with OptionError is left
        out."""
        found = []
        for options in cls.variants:
            for players in range(cls.min_players, cls.max_players + 1):
                try:
                    cls(players, **options)
                except OptionError:
                    continue
                found.append((players, dict(options)))
        return found

    def options_for_seats(self, kinds: Sequence[str]) -> dict[str, str]:
        """Option values (as ``-o`` text) that follow who sits in each seat (``human`` or an
        agent name such as the level ``easy``), for games played with people. None here; Flip &
        Fish casts as well as a seat's level. An option the player set stays as set."""
        return {}

    def describe_options(self) -> dict[str, Any]:
        """Options as a record stores them, ``players`` included (an option not
        ``written_at_default`` only when it is set otherwise)."""
        quiet = {o.name: o.default for o in self.options if not o.written_at_default}
        settings = {
            name: value
            for name, value in self.settings.items()
            if name not in quiet or value != quiet[name]
        }
        return {"players": self.players, **settings}

    # ----- rules and records: the hooks the core calls -----
    @abstractmethod
    def new_state(self, seed: int) -> S:
        """The state at the start of a game dealt from ``seed``."""

    @abstractmethod
    def state_from_setup(self, setup: Mapping[str, Any], seed: int) -> S:
        """A state laid out explicitly (puzzles, tutorials, tests); AnglerError if invalid."""

    @abstractmethod
    def setup_of(self, state: S) -> dict[str, Any]:
        """The inverse of ``state_from_setup``: a JSON-ready set-up that lays out ``state`` again
        (any position reached in play, a finished game's end included), every seat seeing what it
        sees now (the log aside: a set-up carries no history). It holds ``chance_counter``, so
        with the same seed the position draws the same luck next."""

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The canonical text of an action code, for example ``play Y7``."""

    @abstractmethod
    def action_from_string(self, text: str) -> int:
        """The code of a canonical action text. Raises AnglerError if it names no action."""

    def chance_deals(self) -> list[tuple[float, dict[str, Any]]] | None:
        """All of this configuration's chance as explicit outcomes, or None (the default: chance
        is drawn from the seed as the game goes on). A configuration whose only chance is the
        deal may list its distinct deals as (probability, set-up) pairs, the probabilities
        summing to 1: a game starts from ``state_from_setup(setup, seed)`` of one of them and
        draws nothing more. Exact methods see them as a chance node (OpenSpiel's adapter,
        ``angler.interop.openspiel``: ``EXPLICIT_STOCHASTIC``). Fishing's ``size=mini`` does."""
        return None

    def chance_events_listed(self) -> int:
        """0 (the default) unless every chance event after the deal lists its outcomes with
        their probabilities (``Chance.outcome``'s ``outcomes``): then the most outcomes an event
        has. With ``chance_deals``, exact methods then see each event as a chance node too
        (OpenSpiel's adapter plays the action, and when its Chance names an event's outcomes,
        stops there for the one chosen): a small variant may keep dice so."""
        return 0

    def secrets(self, state: S) -> Any:
        """What no seat can see (face-down cards everyone is blind to, deck orders), for checking
        that re-deals vary it. Games where every hidden card is seen by some seat keep ``()``:
        the other seats' views then show the variation."""
        return ()

    def chance_to_json(self, order: list[int]) -> list[Any]:
        """How a shuffle outcome is written in a record (games name their cards)."""
        return list(order)

    def chance_from_json(self, order: list[Any]) -> list[int]:
        if not all(is_whole(item) for item in order):
            raise AnglerError("a chance outcome must be a list of integers")
        return [int(item) for item in order]


class CardGame(Game[S, V]):
    """A game of named cards: chance outcomes (shuffled piles) are written in records as card
    names, top card first."""

    cards: NamedCards[Any]

    def chance_to_json(self, order: list[int]) -> list[Any]:
        return self.cards.names(order[::-1])

    def chance_from_json(self, order: list[Any]) -> list[int]:
        if not all(isinstance(name, str) for name in order):
            raise AnglerError(f"a {self.title} chance outcome is a list of card names")
        return self.cards.ids(order[::-1])
