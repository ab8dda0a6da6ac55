"""The state protocol. The framework owns the public methods; a game fills in the hooks.

Hot-path calls take and return integer action codes. ``legal_actions`` returns a list owned by the
state (copy it before changing it). ``apply_action`` checks legality through the same cached list,
so a random playout computes legal actions once per decision.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from angler.core.errors import AnglerError, IllegalActionError
from angler.core.events import PUBLIC, SeatFilter, visible
from angler.core.fields import CLONE, COPY, SHARED, Fields, check_fields, compile_clone, reset
from angler.core.view import View, listed

if TYPE_CHECKING:
    from angler.core.chance import Chance
    from angler.core.events import Event
    from angler.core.game import Game


V = TypeVar("V", bound=View)


class State(ABC, Generic[V]):
    """A game in progress; ``V`` is the type of its seats' views. Each subclass declares its
    fields once, with how a clone copies each (``core/fields.py``): ``FIELDS = {name: policy}``
    and ``__slots__ = tuple(FIELDS)``."""

    FIELDS: ClassVar[Fields] = {
        "game": SHARED,
        "chance": CLONE,
        "history": COPY,
        "events": COPY,
        "_legal_player": reset(-2),  # the legal-action cache starts empty
        "_legal": reset([]),
        # What each seat saw of ``events`` so far (``seat_events``): a clone's log begins as a
        # copy of the same events, so what was read of it holds there too (a live room's next
        # state is a clone of its last).
        "_seat_logs": COPY,
    }
    __slots__ = tuple(FIELDS)

    game: Game[Any, V]
    chance: Chance
    history: list[tuple[int, int]]
    """Every action applied to this state, in order, as ``(seat, code)``: the record's moves.
    The state's own list (copy it to keep the moves so far)."""
    events: list[Event]
    """What the rules made happen, in order (``core/events.py``); views filter it by seat."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        check_fields(cls)
        if "FIELDS" in cls.__dict__:
            if "clone" in cls.__dict__:
                raise TypeError(f"{cls.__name__}.clone is written from FIELDS: do not write it")
            cls.clone = compile_clone(cls)  # type: ignore[method-assign,assignment]

    def _init_core(self, game: Game[Any, V], chance: Chance) -> None:
        self.game = game
        self.chance = chance
        self.history = []
        self.events = []
        self._legal_player = -2
        self._legal: list[int] = []
        self._seat_logs: list[tuple[int, Event, tuple[Event, ...]] | None] = []

    # ----- who decides, and what they may do -----
    @abstractmethod
    def current_players(self) -> tuple[int, ...]:
        """Seats that must decide now: one, several for a simultaneous choice, none at the end."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    def current_player(self) -> int:
        """The one seat to decide; raises if none or several must."""
        players = self.current_players()
        if len(players) != 1:
            raise IllegalActionError(
                "turn order", f"{len(players)} players decide now; name the player"
            )
        return players[0]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The codes ``player`` may choose now; empty for a seat that does not decide now (or
        that does not exist)."""
        if player == self._legal_player:
            return self._legal
        if player is None:
            player = self.current_player()
        legal = self._legal_actions(player)
        self._legal_player = player
        self._legal = legal
        return legal

    def apply_action(self, action: int, player: int | None = None) -> None:
        """Apply ``action`` for ``player``; an illegal one raises and changes nothing."""
        if player is None:
            player = self.current_player()
        legal = self._legal if player == self._legal_player else self.legal_actions(player)
        if action not in legal:
            players = self.game.players
            if type(player) is not int or player < 0:
                raise IllegalActionError(
                    "seats", f"{player!r} is not a seat index (0 to {players - 1} in code)"
                )
            if player >= players:  # seats count from 0 in code, players from 1 in words
                raise IllegalActionError(
                    "seats", f"there is no Player {player + 1} in a {players}-player game"
                )
            if type(action) is not int or action < 0:
                raise IllegalActionError("action codes", f"{action!r} is not an action code")
            raise self._why_illegal(player, action)
        self._legal_player = -2
        self.history.append((player, action))
        self._apply_action(player, action)

    def apply(self, text: str, player: int | None = None) -> None:
        """Apply an action given as its canonical text, for example ``play Y7``."""
        self.apply_action(self.game.action_from_string(text), player)

    # ----- results -----
    @abstractmethod
    def scores(self) -> list[int]:
        """Points by seat, final once the state is terminal."""

    def ranking(self) -> list[int]:
        """Place by seat, 1 for the best; equal scores share a place."""
        scores = self.scores()
        return [1 + sum(other > mine for other in scores) for mine in scores]

    def winners(self) -> list[int]:
        """Seats sharing the victory (all seats with the top score)."""
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    # ----- copies and views -----
    def clone(self) -> Self:
        """An independent copy: applying actions to it never changes the original. Each class
        that declares FIELDS gets its own, written from them when the class is created."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS")

    def view(self, player: int) -> V:
        """Everything ``player`` may know, and nothing more. The only way a player sees a state.

        ``player`` is a seat, or PUBLIC (-1, ``core/events.py``) for a spectator: every public
        thing and nothing private, with ``view.player == PUBLIC``. Any other value is refused
        before the game's ``_view`` runs: a per-seat list indexed with another negative number
        would show some seat's secrets."""
        players = self.game.players
        if type(player) is not int or not (player == PUBLIC or 0 <= player < players):
            raise AnglerError(
                f"{player!r} is not a seat to view from: 0 to {players - 1} in code, "
                "or PUBLIC (-1) for a spectator"
            )
        return self._view(player)

    def seat_events(self, player: int, pick: SeatFilter = visible) -> tuple[Event, ...]:
        """``pick(self.events, player)``, the events a view shows, read only over the events
        added since this seat's last view: a log only grows, so a view costs the new events,
        not the game's. A game passes the same ``pick`` every time. A clone starts from what its
        original had read: an entry counts only while the log still holds the same event object
        where that reading stopped."""
        events, logs = self.events, self._seat_logs
        if not logs:
            logs.extend([None] * (self.game.players + 1))  # PUBLIC (-1) is the last entry
        kept = logs[player]
        length = len(events)
        if kept is not None:
            read, last, seen = kept
            if read <= length and events[read - 1] is last:  # the same log, grown or not
                if read == length:
                    return seen
                seen += pick(events[read:], player)
                logs[player] = (length, events[-1], seen)
                return seen
        seen = pick(events, player)
        if length:
            logs[player] = (length, events[-1], seen)
        return seen

    # ----- hooks -----
    @abstractmethod
    def _legal_actions(self, player: int) -> list[int]:
        """Legal codes for ``player``; empty when ``player`` does not decide now, and for any int
        that is not a seat (negative ones included)."""

    @abstractmethod
    def _apply_action(self, player: int, action: int) -> None: ...

    @abstractmethod
    def _view(self, player: int) -> V:
        """``view``'s work, given a seat or PUBLIC (already checked)."""

    def _why_illegal(self, player: int, action: int) -> IllegalActionError:
        """The rule that forbids ``action``; games refine this with their own rules."""
        if self.is_terminal():
            return IllegalActionError("end of game", "the game is over")
        if player not in self.current_players():
            deciding = [f"Player {seat + 1}" for seat in self.current_players()]
            verb = "does" if len(deciding) == 1 else "do"
            return IllegalActionError(
                "turn order",
                f"Player {player + 1} does not decide now ({listed(deciding)} {verb})",
            )
        try:
            text = self.game.action_to_string(action)
        except Exception:
            text = str(action)
        return IllegalActionError("legal actions", f"{text} is not allowed now")
