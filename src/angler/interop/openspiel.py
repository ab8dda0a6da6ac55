"""angler's games as OpenSpiel games. Importing this module registers every registered angler
game with pyspiel as ``python_angler_<name>`` (``-`` in the name becomes ``_``:
``python_angler_fishing``, ``python_angler_crazy_fishing``, ``python_angler_flip_and_fish``), so
``pyspiel.load_game("python_angler_fishing(players=3)")`` works and OpenSpiel's tools run
unchanged; loading a configuration whose game has no encoding is refused by name. The rulings
are in docs/interop.md, "OpenSpiel":

- Parameters: ``players``, ``rng_seed`` (the seed of the deals a loaded game hands out) and
  each game option, typed after its default; an empty text leaves an option at its default.
- Actions and tensors come from ``game.encoding`` alone (``core/encoding.py``); states are read
  only through the State API and the seat's view, so no game is named here.
- Chance is sampled (``SAMPLED_STOCHASTIC``): our state draws from its own seeded generator;
  except in a configuration whose deals are listed (``Game.chance_deals``, the small variants'
  ``size=mini``): its root is a chance node with the deals as outcomes (``EXPLICIT_STOCHASTIC``),
  and a state pickles as the deal chosen and the actions. Where the chance events after the
  deal list their outcomes too (``Game.chance_events_listed``), an action is played on a copy
  whose Chance is asked: an event it meets becomes a chance node, and the action is played again
  with the outcome chosen there (and any before it) forced.
- A simultaneous secret choice is played one seat at a time, in seat order; nobody's view shows
  another seat's choice before the reveal, so the game is ``SEQUENTIAL``.
- Returns are the share of the victory (1, or 1/k for k seats tied on top, else 0): they sum
  to 1, so the game is ``CONSTANT_SUM``, given only at the end (``TERMINAL``).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import pyspiel

from angler.core.chance import ChanceNeeded, Outcomes
from angler.core.encoding import Encoding
from angler.core.errors import AnglerError, OptionError
from angler.core.events import PUBLIC
from angler.core.game import Game
from angler.core.registry import all_games
from angler.core.state import State
from angler.core.view import View
from angler.interop.openspiel_observer import AnglerObserver

PREFIX = "python_angler_"
PLAYERS = "players"
SEED = "rng_seed"
DEFAULT_MAX_GAME_LENGTH = 100_000
"""OpenSpiel's ``max_game_length`` for an encoding that states none (``max_game_length()``):
a bound far above any game's length, which random play measures in the hundreds."""

Parameter = bool | int | float | str

_CLASSES: dict[str, type[Game[Any, Any]]] = {}  # OpenSpiel short name -> angler game class


def short_name(game_name: str) -> str:
    """An angler game's OpenSpiel name: ``crazy-fishing`` -> ``python_angler_crazy_fishing``."""
    return PREFIX + game_name.replace("-", "_")


def parameter_specification(cls: type[Game[Any, Any]]) -> dict[str, Parameter]:
    """The OpenSpiel parameters of a game and their defaults: ``players``, ``rng_seed`` and each
    option, typed after its default (bool, int, float, text; any other default, None included,
    becomes the empty text, which stands for the default)."""
    spec: dict[str, Parameter] = {PLAYERS: cls.default_players, SEED: 0}
    for option in cls.options:
        if option.name in spec:
            raise TypeError(f"{cls.name}: option {option.name!r} clashes with an OpenSpiel one")
        default = option.default
        spec[option.name] = default if isinstance(default, bool | int | float | str) else ""
    return spec


class Configuration:
    """One loaded configuration: the angler game made from OpenSpiel's parameters, its encoding
    and OpenSpiel's ``GameInfo``; every state of a loaded game shares it."""

    def __init__(self, name: str, params: Mapping[str, Any]) -> None:
        cls = _CLASSES[name]
        self.name = name
        spec = parameter_specification(cls)
        self.params = {**spec, **params}
        options = {  # an option left at its default (or an empty text) keeps the game's own
            option.name: self.params[option.name]
            for option in cls.options
            if self.params[option.name] not in ("", spec[option.name])
        }
        try:
            self.game: Game[Any, Any] = self._made(cls, options)
        except AnglerError as exc:
            raise pyspiel.SpielError(f"{name}: {exc}") from None
        self.params[PLAYERS] = self.game.players
        encoding = self.game.encoding
        if encoding is None:
            raise pyspiel.SpielError(
                f"{name}: {cls.name} has no encoding yet, so OpenSpiel cannot number its actions"
            )
        self.encoding: Encoding[Any] = encoding
        self.players = self.game.players
        # Explicit chance: the deals as (probability, set-up), or None for sampled chance.
        self.deals = self.game.chance_deals()
        # And the most outcomes of a chance event after the deal, if they are listed too.
        self.events_listed = self.game.chance_events_listed() if self.deals is not None else 0

    def _made(self, cls: type[Game[Any, Any]], options: dict[str, Any]) -> Game[Any, Any]:
        """The angler game. OpenSpiel passes every parameter, its defaults too, so a player
        count at the default that the options refuse (Fishing's mini is for 3) gives way to the
        options' own count, as in angler's commands without ``-p``."""
        players = self.params[PLAYERS]
        try:
            return cls(players, **options)
        except OptionError:
            if players != cls.default_players:
                raise
            return cls(None, **options)

    def game_info(self) -> Any:
        """OpenSpiel's ``GameInfo`` of this configuration, read from its encoding."""
        length = self.encoding.max_game_length()
        outcomes = 0 if self.deals is None else max(len(self.deals), self.events_listed)
        return pyspiel.GameInfo(
            num_distinct_actions=self.encoding.action_count(),
            max_chance_outcomes=outcomes,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=DEFAULT_MAX_GAME_LENGTH if length is None else length,
        )


class Position:
    """The angler state behind one OpenSpiel state, and that state's only Python attribute.

    OpenSpiel clones a Python state by deep-copying its attributes and serialises it by
    pickling them: here a deep copy is ``state.clone()``, and a pickle is the seed and the
    actions, replayed when read (a re-dealt state, which has no such history, pickles whole).
    The angler state is dealt only when first read: a clone's fresh start is never dealt."""

    __slots__ = (
        "_state",
        "_tallies",
        "_views",
        "chosen",
        "configuration",
        "deal",
        "memo",
        "pending",
        "replayable",
        "seed",
    )

    def __init__(
        self,
        configuration: Configuration,
        seed: int,
        state: State[Any] | None = None,
        *,
        replayable: bool = True,
        deal: int | None = None,
    ) -> None:
        self.configuration = configuration
        self.seed = seed
        self.deal = deal  # explicit chance: the deal chosen at the root (None: not yet)
        # Listed chance events: the action waiting for an event's outcome (seat, code, the
        # outcomes chosen so far for it, the event's outcomes), and every outcome chosen since
        # the deal, in order (a pickle replays the actions with them forced).
        self.pending: tuple[int, int, list[list[int]], Outcomes] | None = None
        self.chosen: list[list[int]] = []
        self.replayable = replayable
        self._state = state
        self._views: dict[int, View] = {}  # by seat, until the next action
        self.memo: dict[Any, Any] = {}  # what observers made of the views, until then too
        # By seat: how many of its events were tallied, and how many of each kind they were.
        self._tallies: dict[int, tuple[int, Counter[type]]] = {}

    @property
    def dealing(self) -> bool:
        """Whether this is the root chance node of explicit chance: no deal chosen yet."""
        return self._state is None and self.deal is None and self.configuration.deals is not None

    @property
    def state(self) -> State[Any]:
        if self._state is None:
            game, deals = self.configuration.game, self.configuration.deals
            if deals is None:
                self._state = game.new_state(self.seed)
            elif self.deal is None:
                raise pyspiel.SpielError("the deal is not chosen yet: this is a chance node")
            else:
                self._state = game.state_from_setup(deals[self.deal][1], self.seed)
        return self._state

    def view(self, seat: int) -> View:
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def event_tally(self, seat: int) -> Counter[type]:
        """How many events of each kind ``seat``'s view holds. A seat's log only grows as the
        game goes on, so only the events since the last tally are counted: the log is as long
        as the game, and observers ask for every seat at every step."""
        events = self.view(seat).events
        counted, tally = self._tallies.get(seat, (0, Counter()))
        if counted > len(events):  # never in play; a fresh count if it ever were
            counted, tally = 0, Counter()
        tally.update(map(type, events[counted:]))
        self._tallies[seat] = (len(events), tally)
        return tally

    def apply(self, code: int, seat: int) -> None:
        if self.configuration.events_listed:
            self._play(seat, code, [])
        else:
            self.state.apply_action(code, seat)
        self._views.clear()
        self.memo.clear()

    def choose(self, index: int) -> None:
        """The outcome ``index`` of the chance event the pending action waits for."""
        if self.pending is None:
            raise pyspiel.SpielError("no chance event is waiting for an outcome")
        seat, code, forced, outcomes = self.pending
        self._play(seat, code, [*forced, outcomes[index][1]])
        self._views.clear()
        self.memo.clear()

    def _play(self, seat: int, code: int, forced: list[list[int]]) -> None:
        """Play ``code`` on a copy whose Chance is asked, with ``forced`` outcomes: kept if it
        meets no other chance event, else the action waits for that event's outcome."""
        trial = self.state.clone()
        trial.chance.asked = True
        if forced:
            trial.chance.force_outcomes(forced)
        try:
            trial.apply_action(code, seat)
        except ChanceNeeded as event:
            self.pending = (seat, code, forced, event.outcomes)
            return
        trial.chance.asked = False
        self._state, self.pending = trial, None
        self.chosen += forced

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        state = None if self._state is None else self._state.clone()
        twin = Position(
            self.configuration, self.seed, state, replayable=self.replayable, deal=self.deal
        )
        if self.pending is not None:
            seat, code, forced, outcomes = self.pending
            twin.pending = (seat, code, list(forced), outcomes)
        twin.chosen = list(self.chosen)
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        where = (self.configuration.name, self.configuration.params, self.seed)
        waiting = None if self.pending is None else self.pending[:3]
        if self.replayable:
            history = [] if self._state is None else list(self._state.history)
            return (_replayed, (*where, history, self.deal, self.chosen, waiting))
        return (_restored, (*where, self.state, waiting))


Waiting = tuple[int, int, list[list[int]]] | None
"""A pickled position's pending action: its seat, code and the outcomes chosen for it."""


def _replayed(
    name: str,
    params: dict[str, Any],
    seed: int,
    history: list[tuple[int, int]],
    deal: int | None = None,
    chosen: list[list[int]] | None = None,
    waiting: Waiting = None,
) -> Position:
    position = Position(Configuration(name, params), seed, deal=deal)
    if chosen:  # the outcomes chosen at chance nodes, forced in their order
        position.state.chance.force_outcomes(chosen)
        position.chosen = list(chosen)
    for seat, code in history:
        position.state.apply_action(code, seat)
    return _waiting(position, waiting)


def _restored(
    name: str, params: dict[str, Any], seed: int, state: State[Any], waiting: Waiting = None
) -> Position:
    return _waiting(Position(Configuration(name, params), seed, state, replayable=False), waiting)


def _waiting(position: Position, waiting: Waiting) -> Position:
    if waiting is not None:
        seat, code, forced = waiting
        position._play(seat, code, forced)
    return position


class AnglerSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An angler game as OpenSpiel sees it; one subclass per angler game (``register``)."""

    short_name: ClassVar[str]
    game_type: ClassVar[Any]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.configuration = Configuration(self.short_name, params or {})
        # The seeds of the deals this loaded game hands out, one per new initial state.
        self._deals = random.Random(f"angler-openspiel/{self.configuration.params[SEED]}")
        self._tensor_observers: dict[bool, AnglerObserver] = {}
        declared = self.game_type
        if self.configuration.deals is not None:
            declared = game_type(self.configuration.game.__class__, explicit=True)
        super().__init__(declared, self.configuration.game_info(), self.configuration.params)

    def new_initial_state(self, *start: Any) -> AnglerSpielState:
        if start:
            raise pyspiel.SpielError(f"{self.short_name}: a start from {start[0]!r} is not offered")
        return AnglerSpielState(self, Position(self.configuration, self._deals.getrandbits(62)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> AnglerObserver:
        if isinstance(iig_obs_type, Mapping):  # OpenSpiel passes the parameters alone
            iig_obs_type, params = None, iig_obs_type
        return AnglerObserver(self.configuration.game, iig_obs_type, params)

    def tensor_observer(self, perfect_recall: bool) -> AnglerObserver:
        """The observer of the information state (``perfect_recall``) or of the observation,
        made once: the two that OpenSpiel's own ``InformationStateTensor`` and
        ``ObservationTensor`` use."""
        observer = self._tensor_observers.get(perfect_recall)
        if observer is None:
            kind = pyspiel.IIGObservationType(perfect_recall=perfect_recall)
            observer = self._tensor_observers[perfect_recall] = self.make_py_observer(kind)
        return observer


class AnglerSpielState(pyspiel.State):  # type: ignore[misc]
    """An angler state as OpenSpiel sees it: its position (``Position``) holds the angler state;
    actions are encoding indices, translated through the deciding seat's view."""

    def __init__(self, game: AnglerSpielGame, position: Position) -> None:
        super().__init__(game)
        self.position = position

    @property
    def _encoding(self) -> Encoding[Any]:
        return self.position.configuration.encoding

    def current_player(self) -> int:
        if self.position.dealing or self.position.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        state = self.position.state
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return state.current_players()[0]  # a simultaneous choice: the lowest seat first

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At the root of explicit chance, each deal's index and probability; at a listed
        chance event, each of its outcomes' index and probability; else none."""
        position = self.position
        if position.pending is not None:
            outcomes: list[tuple[float, Any]] = list(position.pending[3])
        elif position.dealing and position.configuration.deals is not None:
            outcomes = list(position.configuration.deals)
        else:
            return []
        return [(index, probability) for index, (probability, _) in enumerate(outcomes)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.position.dealing or self.position.pending is not None:
            return [index for index, _ in self.chance_outcomes()] if player < 0 else []
        state = self.position.state
        view = self.position.view(player)
        return sorted(self._encoding.action_indices(view, state.legal_actions(player)))

    def _apply_action(self, action: int) -> None:
        pending = self.position.pending
        if pending is not None:
            if type(action) is not int or not 0 <= action < len(pending[3]):
                raise pyspiel.SpielError(
                    f"outcome {action!r}: this chance event's outcomes are 0 to "
                    f"{len(pending[3]) - 1}"
                )
            self.position.choose(action)
            return
        if self.position.dealing:
            deals = self.position.configuration.deals or []
            if type(action) is not int or not 0 <= action < len(deals):
                raise pyspiel.SpielError(f"deal {action!r}: the deals are 0 to {len(deals) - 1}")
            self.position.deal = action
            return
        seat = self.current_player()
        try:
            code = self._encoding.action_code(self.position.view(seat), action)
            self.position.apply(code, seat)
        except (AnglerError, ValueError) as exc:
            raise pyspiel.SpielError(f"action {action} by player {seat}: {exc}") from None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            pending = self.position.pending
            if pending is not None and 0 <= action < len(pending[3]):
                return f"chance outcome {pending[3][action][1]}"
            return f"deal {action}"
        seat = player if 0 <= player < self.position.configuration.players else PUBLIC
        try:
            code = self._encoding.action_code(self.position.view(seat), action)
        except ValueError:
            return f"action {action}"
        return self.position.configuration.game.action_to_string(code)

    def is_terminal(self) -> bool:
        position = self.position
        return not position.dealing and position.pending is None and position.state.is_terminal()

    def returns(self) -> list[float]:
        """Each seat's share of the victory once the game is over; nothing before."""
        players = self.position.configuration.players
        if self.position.dealing or self.position.pending is not None:
            return [0.0] * players
        state = self.position.state
        if not state.is_terminal():
            return [0.0] * players
        winners = state.winners()
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one: the game's ``determinise`` of the
        seat's view, with a generator seeded from OpenSpiel's sampler."""
        rng = random.Random(int(probability_sampler() * 2**53))
        dealt = self.position.configuration.game.search.determinise(
            self.position.view(player_id), rng
        )
        twin = self.get_game().new_initial_state()
        twin.position = Position(
            self.position.configuration,
            self.position.seed,
            dealt,
            replayable=False,
            deal=self.position.deal,
        )
        return twin

    # OpenSpiel's C++ tensor methods of a Python game first size the tensor by observing a new
    # initial state, so every call dealt a game only to throw it away (about 40% of a Crazy
    # Fishing step in ``rl_environment``). Python callers get these instead: the same numbers
    # (a test compares them), written by the game's observer of this state alone.
    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(True, player)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(False, player)

    def _tensor(self, perfect_recall: bool, player: int | None) -> list[float]:
        seat = self.current_player() if player is None else player
        if type(seat) is not int or not 0 <= seat < self.position.configuration.players:
            raise pyspiel.SpielError(
                f"player {seat!r}: a player of this game is 0 to "
                f"{self.position.configuration.players - 1}"
            )
        observer = self.get_game().tensor_observer(perfect_recall)
        observer.set_from(self, seat)
        return sparse_list(observer.tensor)

    def __str__(self) -> str:
        """The whole position (every hidden card too): the game's set-up of it, as JSON."""
        if self.position.dealing:
            return "chance node: the deal"
        state = self.position.state
        if self.position.pending is not None:
            seat, code, forced, _ = self.position.pending
            setup = json.dumps(state.game.setup_of(state), sort_keys=True, ensure_ascii=False)
            done = f", outcomes {forced}" if forced else ""
            action = state.game.action_to_string(code)
            return f"chance node: {action} by player {seat}{done}; before it: {setup}"
        return json.dumps(state.game.setup_of(state), sort_keys=True, ensure_ascii=False)


def sparse_list(tensor: np.ndarray[Any, Any]) -> list[float]:
    """``tensor.tolist()``, made faster for a tensor of mostly zeros: one shared 0.0 fills the
    list, and only the others become new floats (a tensor of thousands of numbers holds a few
    hundred others)."""
    numbers = [0.0] * tensor.size
    places = np.flatnonzero(tensor)
    for place, number in zip(places.tolist(), tensor[places].tolist(), strict=True):
        numbers[place] = number
    return numbers


def load(game: Game[Any, Any]) -> AnglerSpielGame:
    """The OpenSpiel game of an angler game already configured: its players and options (an
    option at None keeps the game's default; a sequence, such as Flip & Fish's skill per seat,
    goes as its items joined by commas, as ``-o`` takes it). AnglerError for an option that
    OpenSpiel cannot carry, or that does not read back the same."""
    register(type(game))
    params: dict[str, Parameter] = {PLAYERS: game.players}
    for option, value in game.settings.items():
        if value is None:
            continue
        if isinstance(value, list | tuple) and all(isinstance(v, int | float | str) for v in value):
            value = ",".join(map(str, value))
        if not isinstance(value, bool | int | float | str):
            raise AnglerError(f"{game.name}: option {option}={value!r} has no OpenSpiel form")
        params[option] = value
    loaded: AnglerSpielGame = pyspiel.load_game(short_name(game.name), params)
    if loaded.configuration.game.settings != game.settings:
        raise AnglerError(f"{game.name}: options {game.settings} do not read back in OpenSpiel")
    return loaded


def wrap(spiel_game: AnglerSpielGame, state: State[Any]) -> AnglerSpielState:
    """An angler state of ``spiel_game``'s configuration (a determinisation, say) as an OpenSpiel
    state of it; having no deal to replay, it pickles whole."""
    position = Position(spiel_game.configuration, 0, state, replayable=False)
    return AnglerSpielState(spiel_game, position)


def game_type(cls: type[Game[Any, Any]], *, explicit: bool = False) -> Any:
    """OpenSpiel's ``GameType`` of an angler game (the rulings are in the module's docstring);
    ``explicit``: of a configuration whose chance is its deals (``Game.chance_deals``)."""
    kind = pyspiel.GameType
    chance = kind.ChanceMode.EXPLICIT_STOCHASTIC if explicit else kind.ChanceMode.SAMPLED_STOCHASTIC
    return kind(
        short_name=short_name(cls.name),
        long_name=f"angler {cls.title}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.CONSTANT_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(cls),
    )


def register(cls: type[Game[Any, Any]]) -> str:
    """Register one angler game with pyspiel (once); returns its OpenSpiel short name."""
    name = short_name(cls.name)
    if name in _CLASSES:
        return name
    declared = game_type(cls)
    spiel_class = type(
        f"AnglerSpiel_{cls.__name__}",
        (AnglerSpielGame,),
        {"short_name": name, "game_type": declared, "__module__": __name__},
    )
    _CLASSES[name] = cls
    pyspiel.register_game(declared, spiel_class)
    return name


def register_all() -> list[str]:
    """Register every registered angler game; returns their OpenSpiel short names."""
    return [register(cls) for cls in all_games()]


register_all()


def efg_text(spiel_game: AnglerSpielGame) -> str:
    """The whole game tree of a configuration with explicit chance (``Game.chance_deals``) as
    Gambit's EFG text, for ``pyspiel.load_efg_game``: OpenSpiel's C++ exact methods (CFR,
    NashConv, best responses) then run on it in a second, where the Python tree takes minutes.
    Information sets are the information state strings; each terminal its own outcome."""
    if spiel_game.configuration.deals is None:
        raise AnglerError(f"{spiel_game.short_name}: only a game with explicit chance has a tree")
    players = spiel_game.configuration.players
    names = " ".join(f'"seat {seat}"' for seat in range(players))
    lines = [f'EFG 2 R "{spiel_game.short_name}" {{ {names} }}', '""']
    infosets: list[dict[str, int]] = [{} for _ in range(players)]
    outcomes = 0
    stack = [spiel_game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            outcomes += 1
            payoffs = " ".join(repr(float(value)) for value in state.returns())
            lines.append(f't "" {outcomes} "" {{ {payoffs} }}')
            continue
        if state.is_chance_node():
            outcomes_of = state.chance_outcomes()
            chance = pyspiel.PlayerId.CHANCE
            choices = " ".join(
                f'"{state.action_to_string(chance, action)}" {probability!r}'
                for action, probability in outcomes_of
            )
            lines.append(f'c "" 1 "" {{ {choices} }} 0')
            actions = [action for action, _ in outcomes_of]
        else:
            seat = state.current_player()
            known = infosets[seat]
            number = known.setdefault(state.information_state_string(seat), len(known) + 1)
            actions = state.legal_actions()
            choices = " ".join(f'"{state.action_to_string(seat, action)}"' for action in actions)
            lines.append(f'p "" {seat + 1} {number} "" {{ {choices} }} 0')
        stack.extend(state.child(action) for action in reversed(actions))
    return "\n".join(lines) + "\n"
