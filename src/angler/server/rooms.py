"""A room: one game on the server, its seats, and the only place its moves are accepted.

The room is plain Python (the web layer drives it). Its engine is a ``Match`` (play/match.py):
whose move, and undo only where fair, exactly as at the terminal. Around it the room adds what a
server needs:

- **Seats.** ``claim(seat)`` gives a person's seat a token (``tokens.py``); a token acts for its
  own seat only. Bot seats are driven by ``bots.py`` (``bot_to_act``, ``decision``, ``play_bot``),
  which also moves for a person's seat taken over or out of time (``play_bot(for_person=True)``).
- **Versions.** ``version`` counts the accepted actions (moves and undos). A move names the
  version it was made against: a stale one, or a duplicate, is refused and changes nothing. In a
  simultaneous choice (Crazy Fishing's secret casts, Fishing's pass) each seat's choice is taken
  when made: a choice made against an earlier version of the same open choice is still fresh.
- **The journal first.** An action is applied to a clone of the state; only once the journal
  has stored it (with the chance outcomes it drew, as records store them) does the clone become
  the room's state. If the journal refuses, nothing changed. Applying first is needed because
  the outcomes to store are known only once drawn.
- **One at a time.** A lock per room: of two racing moves exactly one is applied; the other
  finds its version stale.
- ``Room.rebuild(header, actions, journal)`` replays the stored actions through the same path,
  giving the same state at the same version.

Every message to a seat is built from that seat's view: payloads (``payloads.py``) and refusals
(``check_action`` reads the state only through the seat's view, its legal actions and the
public turn order).
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from angler.agents import Agent, agent_seed, make_agent
from angler.core.data import card_set_file
from angler.core.errors import AnglerError, RecordError
from angler.core.events import PUBLIC
from angler.core.game import Game
from angler.core.numbers import described
from angler.core.records import Record
from angler.core.registry import make_game
from angler.core.state import State
from angler.core.view import listed, seat_name
from angler.play.match import Match, UndoPoint
from angler.play.seats import HUMAN, seat_kind
from angler.play.typed import typed_action
from angler.server.journal import UNDO, Journal, RoomHeader, StaleActionError, StoredAction
from angler.server.payloads import Payload, seat_payload, spectator_payload
from angler.server.seating import (
    ABANDONED,
    CANCELLED,
    OPEN,
    PERSON_KINDS,
    PUBLIC_SEAT,
    RESIGNED,
    bot_line,
    invitation_matches,
    note_text,
    resigned_seats,
)
from angler.server.tokens import AccountPass, SeatTokens

# Seats a person takes with a token: ``human`` (the creator's, claimed when the room is made),
# ``open`` (an invitation, claimed only with its code) and ``public`` (anyone may take it).
__all__ = ["OPEN", "PERSON_KINDS", "PUBLIC_SEAT", "Room", "make_header"]
STAND_IN_SALT = 7919  # a person's stand-in draws a stream apart from any bot seat's
SHARED_GAMES = 64  # games kept for rooms to share (each made of a header's game, options, cards)


# ----- refusals: one line each, with a code the protocol sends beside it -----


class RoomError(AnglerError):
    """A request the room refuses; nothing changed."""

    code: ClassVar[str] = "refused"


class HeaderError(RoomError):
    code = "header"


class TokenError(RoomError):
    code = "token"


class SeatError(RoomError):
    code = "seat"


class StaleVersionError(RoomError):
    code = "stale"


class DuplicateMoveError(StaleVersionError):
    code = "duplicate"


class GameOverError(RoomError):
    code = "over"


class TurnError(RoomError):
    code = "turn"


class IllegalMoveError(RoomError):
    code = "illegal"


class UndoError(RoomError):
    code = "undo"


class InviteError(RoomError):
    """An invitation seat claimed without its code (HTTP 403)."""

    code = "invite"


ENDED_WORDS = {
    ABANDONED: "the game was abandoned: every player left",
    CANCELLED: "the room was cancelled by its creator",
    RESIGNED: "the game ended when a player resigned",
}


UNDO_RULE = (
    "cannot undo: undo takes back only your own last move, and never past a chance event, "
    "a revealed card or another player's move"
)
"""One refusal for every undo that ``Match`` refuses: which of its reasons applies could tell a
seat whether another's move was fair to take back."""


# ----- the header: what a room is -----


def make_header(
    game: str,
    options: Mapping[str, Any] | None,
    seats: Sequence[str],
    *,
    cards: dict[str, Any] | None = None,
    settings: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> RoomHeader:
    """A checked header for a new room. ``options`` as text or JSON values (``players`` among
    them; by default one player per seat); ``seats``: ``human``, ``open`` or a bot kind each.
    Options that follow the seats (Flip & Fish's cast skill per level) are filled in as the
    terminal does, and the seed comes from ``secrets``: a guessable seed would let a player
    work out the deal from their own hand."""
    given = dict(options or {})
    players = given.pop("players", len(seats))
    _nocard_set_file(given)
    given.pop("cards", None)
    configured = game_of_parts(game, players, given, cards)
    kinds = seat_kinds(seats, configured.players)
    agents = [HUMAN if kind in PERSON_KINDS else kind for kind in kinds]
    by_seat = {k: v for k, v in configured.options_for_seats(agents).items() if k not in given}
    if by_seat:
        configured = game_of_parts(game, configured.players, given | by_seat, cards)
    # As JSON gives them back: the header a store returns equals the one made here.
    described_options = json.loads(json.dumps(configured.describe_options()))
    if cards is not None:
        described_options["cards"] = None  # the card set travels as data, never as a path
    return RoomHeader(
        game=configured.name,
        options=described_options,
        cards=cards,
        seed=secrets.randbits(62) if seed is None else seed,
        seats=kinds,
        settings=dict(settings or {}),
    )


def seat_kinds(seats: Sequence[str], players: int) -> list[str]:
    """``human``, ``open`` or an agent name for each seat, normalised; HeaderError if not."""
    if len(seats) != players:
        raise HeaderError(f"{len(seats)} seats given for {players} players")
    kinds = []
    for kind in seats:
        if not isinstance(kind, str):
            raise HeaderError(f"a seat is 'human', 'open' or a bot, not {described(kind)}")
        lowered = kind.strip().lower()
        try:
            kinds.append(lowered if lowered in PERSON_KINDS else seat_kind(kind))
        except AnglerError as exc:
            raise HeaderError(f"{exc} (or {OPEN})") from None
    return kinds


def game_of(header: RoomHeader) -> Game[Any, Any]:
    """The configured game a header describes."""
    options = dict(header.options)
    players = options.pop("players", None)
    _nocard_set_file(options)
    options.pop("cards", None)
    return game_of_parts(header.game, players, options, header.cards)


def game_of_parts(
    name: str, players: Any, options: Mapping[str, Any], cards: dict[str, Any] | None
) -> Game[Any, Any]:
    """The game these parts make, shared by every room that makes the same one.

    A game object is immutable configuration (its rules, card set, texts and their caches), and
    its parts refer to one another: made per room, each finished room left a cycle of some
    200 KB that only the collector's full pass could free, and those passes paused every room.
    Shared, a finished room's states and events go as soon as the room does."""
    try:
        key = (name, _canonical(players), _canonical(options), _canonical(cards))
    except TypeError:  # not JSON (a bad header): made, and refused, the long way
        return _game_of_parts(name, players, options, cards)
    return _shared_game(*key)


@functools.lru_cache(maxsize=SHARED_GAMES)
def _shared_game(name: str, players: str, options: str, cards: str) -> Game[Any, Any]:
    return _game_of_parts(name, json.loads(players), json.loads(options), json.loads(cards))


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _game_of_parts(
    name: str, players: Any, options: Mapping[str, Any], cards: dict[str, Any] | None
) -> Game[Any, Any]:
    if cards is None:
        return _made(name, players, options)
    if not isinstance(cards, dict):
        raise HeaderError(f"a card set is a JSON object, not {described(cards)}")
    # The games read a card set from a file (the ``cards`` option): the uploaded one is written
    # to a private folder of this process while the game is made (it reads its cards then), and
    # any message naming that file names the upload.
    with card_set_file(cards) as path:
        try:
            return _made(name, players, {**options, "cards": str(path)})
        except HeaderError as exc:
            message = str(exc).replace(f"card file {path}", "the uploaded card set")
            raise HeaderError(message.replace(str(path), "the uploaded card set")) from None


def _made(name: str, players: Any, options: Mapping[str, Any]) -> Game[Any, Any]:
    try:
        return make_game(name, players, **options)
    except AnglerError as exc:
        raise HeaderError(str(exc)) from None


def _nocard_set_file(options: Mapping[str, Any]) -> None:
    """A room's options never name a file: a path would read the server's own files."""
    if options.get("cards") is not None:
        raise HeaderError("a room's card set is uploaded as JSON, not named by a file")


# ----- a seat's action, read and checked from its view -----


def check_action(state: State[Any], seat: int, action: object) -> int:
    """The code of ``action`` (its text as a person types it, or its code) if ``seat`` may play
    it now; else a RoomError naming why. Reads the state only through what the seat may know:
    whose decision it is, its view (the menu a text is read against) and its legal actions."""
    if state.is_terminal():
        raise GameOverError("the game is over")
    deciding = state.current_players()
    if seat not in deciding:
        names = [seat_name(other, seat) for other in deciding]
        verb = "decides" if len(names) == 1 else "decide"
        raise TurnError(f"it is not your turn: {listed(names)} {verb} now")
    game = state.game
    legal = state.legal_actions(seat)
    if isinstance(action, str):
        offered, _ = game.presentation.menu(state.view(seat), legal)
        try:
            code = typed_action(game, action, offered)
        except AnglerError as exc:
            raise IllegalMoveError(str(exc)) from None
    elif type(action) is int:
        code = action
    else:
        raise IllegalMoveError(f"a move is an action's text or code, not {described(action)}")
    if code not in legal:
        try:
            state.clone().apply_action(code, seat)  # raises, naming the rule
        except AnglerError as exc:
            raise IllegalMoveError(str(exc)) from None
        raise IllegalMoveError(f"{game.action_to_string(code)} is not allowed now")
    return code


# ----- the room -----


@dataclass
class Staged:
    """An action checked and played on a copy of the room's state, not yet stored or counted
    (``Room.stage_move``): its journal entry and what the room becomes once it counts."""

    entry: StoredAction
    deciding: tuple[int, ...]  # who decided before it
    state: State[Any] | None = None  # None: an undo (the match takes its own move back)
    undo_points: list[UndoPoint] = field(default_factory=list)
    span: tuple[int, dict[int | None, tuple[int, int]]] | None = None  # a bot's move for a person


class Room:
    """One game with its seats. Every public method holds the room's lock."""

    def __init__(
        self,
        header: RoomHeader,
        journal: Journal,
        token_hashes: Mapping[int, str] | None = None,
    ) -> None:
        self.header = header
        self.journal = journal
        self.game = game_of(header)
        self.kinds = seat_kinds(header.seats, self.game.players)
        agents = [HUMAN if kind in PERSON_KINDS else kind for kind in self.kinds]
        self.match = Match(self.game, header.seed, agents)
        for seat in token_hashes or {}:
            if not self.is_person(seat):
                raise HeaderError(f"a token is stored for seat {seat}, which no person takes")
        self.tokens = SeatTokens(token_hashes)
        # The seats claimed by signed-in accounts: each one's account id, and its name as the
        # table shows it (``registry`` sets both; a deleted account's name is replaced).
        self.owners: dict[int, str] = {}
        self.names: dict[int, str] = {}
        self.ratings: dict[int, tuple[float, float]] = {}  # theirs in this game: mu, sigma
        self._lock = threading.Lock()
        self._entries: list[StoredAction] = []
        self._choice_since = 0  # the version at which the decision now open began
        self.resigned = resigned_seats(header.settings)  # played by a bot to the end
        for seat in self.resigned:
            self.match.agents.setdefault(seat, self._stand_in(seat))
        # abandoned, cancelled or resigned: ended unfinished (stored, so a restart ends it too)
        self.ended: str | None = header.settings.get("ended") or self._ended_by_resigning()
        self.opened = time.monotonic()  # when this server began to hold the room
        # What the log says of people (kind, seat, values, log length by viewer): in memory.
        self.notes: list[tuple[str, int, dict[str, Any], dict[int | None, int]]] = []
        # Log entries made by a bot's moves for a person's seat, by viewer: told as the bot's.
        self.bot_spans: list[tuple[int, dict[int | None, tuple[int, int]]]] = []

    @classmethod
    def rebuild(
        cls,
        header: RoomHeader,
        actions: Iterable[StoredAction],
        journal: Journal,
        token_hashes: Mapping[int, str] | None = None,
    ) -> Room:
        """The room after ``actions`` (as stored), at their version, appending to ``journal``
        from there on. A stored action that does not replay raises RecordError naming it."""
        room = cls(header, journal, token_hashes)
        for position, entry in enumerate(actions):
            if entry.index != position:
                raise RecordError(f"stored action {entry.index} found where {position} belongs")
            try:
                room._replay(entry)
            except AnglerError as exc:
                raise RecordError(f"stored action {position} ({entry.action!r}): {exc}") from None
        return room

    # ----- what the room is -----
    @property
    def version(self) -> int:
        """How many actions (moves and undos) the room has accepted."""
        return len(self._entries)

    @property
    def state(self) -> State[Any]:
        """The true state: for the server's own use (bots, records), never sent to anyone."""
        return self.match.state

    @property
    def over(self) -> bool:
        """The game reached its end, or the room ended it (abandoned, cancelled, resigned)."""
        return self.match.over or self.ended is not None

    def is_creator(self, seat: int) -> bool:
        """The creator's seats are the ones claimed when the room was made (``human``)."""
        return 0 <= seat < self.players and self.kinds[seat] == HUMAN

    def unclaimed(self) -> list[int]:
        """People's seats nobody has taken yet (invitations and public seats)."""
        return [s for s in range(self.players) if self.is_person(s) and not self.tokens.claimed(s)]

    @property
    def players(self) -> int:
        return self.game.players

    def is_person(self, seat: int) -> bool:
        return 0 <= seat < self.players and self.kinds[seat] in PERSON_KINDS

    def result(self) -> dict[str, Any] | None:
        """Scores and winners once the game is over (what the store keeps), else None."""
        with self._lock:
            return self._result_unlocked()

    def _result_unlocked(self) -> dict[str, Any] | None:
        resigned = sorted(self.resigned)
        if self.ended is not None:
            winners = []
            if self.ended == RESIGNED and self.players == 2:
                winners = [seat for seat in range(2) if seat not in self.resigned]
            return {"ended": self.ended, "winners": winners, "resigned": resigned}
        if not self.match.over:
            return None
        scores = self.state.scores()
        result: dict[str, Any] = {"scores": scores, "winners": self.state.winners()}
        if resigned:  # a resigned seat cannot win: the best of the others do
            best = max(score for seat, score in enumerate(scores) if seat not in resigned)
            result["winners"] = [
                seat for seat, score in enumerate(scores) if score == best and seat not in resigned
            ]
            result["resigned"] = resigned
        return result

    def record(self) -> Record:
        """The game as a record (docs/records.md): the moves that stand (undone ones are gone),
        the seats, and the options as the header holds them."""
        with self._lock:
            record = self.match.record()
            record.options = dict(self.header.options)
            record.cards = self.header.cards  # an uploaded card set travels with its record
            record.seats = [HUMAN if kind in PERSON_KINDS else kind for kind in self.kinds]
            return record

    # ----- seats -----
    def claim(
        self,
        seat: int,
        persist: Callable[[int, str], None] | None = None,
        code: object = None,
        *,
        creating: bool = False,
    ) -> str:
        """A token for a person's seat not yet taken (a seat is claimed once). An invitation
        seat needs its ``code``. ``persist(seat, token_hash)`` stores the hash first; if it
        raises, the seat stays free. ``creating``: the creator's own seats, as the room is made
        (and rooms of tests and tools that hand out seats themselves)."""
        with self._lock:
            if type(seat) is not int or not 0 <= seat < self.players:
                raise SeatError(
                    f"there is no seat {seat + 1 if type(seat) is int else seat!r} "
                    f"(seats 1 to {self.players})"
                )
            if not self.is_person(seat):
                raise SeatError(f"{seat_name(seat)}'s seat is a bot's ({self.kinds[seat]})")
            if self.over:
                raise GameOverError(self._over_words())
            if self.tokens.claimed(seat):
                raise SeatError(f"{seat_name(seat)}'s seat is already taken")
            if (
                self.kinds[seat] == OPEN
                and not creating
                and not invitation_matches(self.header.settings, seat, code)
            ):
                raise InviteError(
                    f"{seat_name(seat)}'s seat is kept for an invited friend: "
                    "only its invitation link claims it"
                )
            return self.tokens.claim(seat, persist)

    # ----- the creator's and the people's own changes to the seating -----
    def fill(
        self,
        token: object,
        seat: object,
        kind: object,
        persist: Callable[[RoomHeader], None],
        refuse: Callable[[Agent], str | None] = lambda agent: None,
    ) -> str:
        """The creator gives a seat nobody has taken to a bot of ``kind``; its level's name.
        ``refuse(agent)`` names why the server will not seat that bot (its budget past the
        server's cap), or None. ``persist(header)`` stores the new seating first."""
        with self._lock:
            self._check_creator(self.seat_of(token), "give a seat to a bot")
            return self._give_to_bot(seat, kind, persist, refuse)

    def fill_waiting(
        self,
        kind: Callable[[], str],
        persist: Callable[[RoomHeader], None],
        refuse: Callable[[Agent], str | None] = lambda agent: None,
    ) -> list[int]:
        """The room's wait for people is over (``bots_after_s``): every public seat nobody took
        goes to a bot of level ``kind()`` (asked in the lock, from who is seated then); the seats
        given. Invitations stay kept for their friends."""
        with self._lock:
            if self.over:
                return []
            waiting = [
                seat
                for seat in range(self.players)
                if self.kinds[seat] == PUBLIC_SEAT and not self.tokens.claimed(seat)
            ]
            level = kind() if waiting else ""
            for seat in waiting:
                self._give_to_bot(seat, level, persist, refuse)
            return waiting

    def _give_to_bot(
        self,
        seat: object,
        kind: object,
        persist: Callable[[RoomHeader], None],
        refuse: Callable[[Agent], str | None],
    ) -> str:
        """A seat nobody took goes to a bot of level ``kind`` (in the lock): its level's name."""
        if self.over:
            raise GameOverError(self._over_words())
        if type(seat) is not int or not 0 <= seat < self.players:
            raise SeatError(
                f"there is no seat {described(seat)} (seats 0 to {self.players - 1}, "
                "as a message numbers them)"
            )
        if not self.is_person(seat) or self.tokens.claimed(seat):
            raise SeatError(f"{seat_name(seat)}'s seat is taken: only a free seat goes to bots")
        if not isinstance(kind, str) or kind.strip().lower() in PERSON_KINDS:
            raise SeatError(f"a seat goes to a bot level, not {described(kind)}")
        try:
            level = seat_kind(kind, "bot")
            agent = make_agent(level, agent_seed(self.header.seed, seat), self.game)
        except AnglerError as exc:
            raise SeatError(str(exc)) from None
        problem = refuse(agent)
        if problem is not None:
            raise SeatError(f"bot {level}: {problem}")
        seats = list(self.kinds)
        seats[seat] = level
        header = dataclasses.replace(self.header, seats=seats)
        persist(header)
        self.header, self.kinds = header, seats
        self.match.agents[seat] = agent
        self.match.kinds[seat] = level
        self._note("filled", seat, bot=level)
        return level

    def resign(self, token: object, takeover: str, persist: Callable[[RoomHeader], None]) -> int:
        """The token's person resigns; their seat. With two players the game ends and the other
        wins; with more, a bot of the ``takeover`` level plays the seat to the end, and when no
        person is left playing the game ends unfinished (docs/rules/*.md, "Resigning")."""
        with self._lock:
            seat = self.seat_of(token)
            if self.over:
                raise GameOverError(self._over_words())
            if seat in self.resigned:
                raise SeatError("you have resigned already")
            resigned = sorted(self.resigned | {seat})
            header = dataclasses.replace(
                self.header, settings={**self.header.settings, "resigned": resigned}
            )
            persist(header)
            self.header, self.resigned = header, set(resigned)
            self.match.agents[seat] = self._stand_in(seat, takeover)
            self._note("resigned", seat, bot=takeover)
            self.ended = self._ended_by_resigning()
            return seat

    def _ended_by_resigning(self) -> str | None:
        """``resigned`` when resignations end the game: with two players, or when no person
        who took a seat is left playing (docs/rules/<game>.md, "Playing online")."""
        if not self.resigned:
            return None
        playing = [
            seat
            for seat in range(self.players)
            if self.is_person(seat) and self.tokens.claimed(seat) and seat not in self.resigned
        ]
        return RESIGNED if self.players == 2 or not playing else None

    def end(self, how: str, persist: Callable[[RoomHeader], None]) -> None:
        """End the room unfinished: ``abandoned`` or ``cancelled``. ``persist(header)`` stores
        how first, so that a restart before the room is stored as finished still ends it."""
        with self._lock:
            if self.over:
                raise GameOverError(self._over_words())
            self._end(how, persist)

    def cancel(self, token: object, persist: Callable[[RoomHeader], None]) -> None:
        """The creator cancels the room while a seat still waits for its person."""
        with self._lock:
            self._check_creator(self.seat_of(token), "cancel the room")
            if self.over:
                raise GameOverError(self._over_words())
            if not self.unclaimed():
                raise SeatError("every seat is taken: the room can no longer be cancelled")
            self._end(CANCELLED, persist)

    def _end(self, how: str, persist: Callable[[RoomHeader], None]) -> None:
        header = dataclasses.replace(self.header, settings={**self.header.settings, "ended": how})
        persist(header)
        self.header, self.ended = header, how

    def set_pace(self, token: object, pace_ms: int, persist: Callable[[RoomHeader], None]) -> int:
        """The creator sets the bots' pace (stored with the room's settings); their seat."""
        with self._lock:
            seat = self.seat_of(token)
            self._check_creator(seat, "set the bots' pace")
            if self.over:
                raise GameOverError(self._over_words())
            header = dataclasses.replace(
                self.header, settings={**self.header.settings, "pace_ms": pace_ms}
            )
            persist(header)
            self.header = header
            self._note("pace", seat, pace=f"{pace_ms / 1000:g}")
            return seat

    def notes_for(self, viewer: int | None) -> list[dict[str, Any]]:
        """The notes about people as ``viewer`` reads them, each after ``at`` log entries."""
        return [
            {"at": lengths.get(viewer, 0), "text": note_text(kind, seat, viewer, **values)}
            for kind, seat, values, lengths in list(self.notes)
        ]

    def note(self, kind: str, seat: int, **values: Any) -> None:
        """A line for the log about people (``seating.NOTES``), between the game's own."""
        with self._lock:
            self._note(kind, seat, **values)

    def _note(self, kind: str, seat: int, **values: Any) -> None:
        self.notes.append((kind, seat, values, self._log_lengths(self.state)))

    def _log_lengths(self, state: State[Any]) -> dict[int | None, int]:
        """How long each seat's log (and the spectators') is in ``state``."""
        lengths: dict[int | None, int] = {
            seat: len(state.view(seat).events) for seat in range(self.players)
        }
        lengths[None] = len(state.view(PUBLIC).events)
        return lengths

    def _check_creator(self, seat: int, what: str) -> None:
        if not self.is_creator(seat):
            raise SeatError(f"only the room's creator may {what}")

    def _over_words(self) -> str:
        return ENDED_WORDS.get(self.ended or "", "the game is over")

    def _stand_in(self, seat: int, kind: str | None = None) -> Agent:
        level = kind or str(self.header.settings.get("takeover") or "normal")
        return make_agent(level, agent_seed(self.header.seed + STAND_IN_SALT, seat), self.game)

    def seat_of(self, token: object) -> int:
        """The seat ``token`` acts for (a seat token, or the pass of the account that claimed
        the seat); TokenError if it acts for none here."""
        if isinstance(token, AccountPass):
            seat = self.seat_of_account(token.account)
            if seat is None:
                raise TokenError("your account has no seat in this room")
            return seat
        if not isinstance(token, str) or not token:
            raise TokenError("a seat token is needed to act")
        seat = self.tokens.seat_of(token)
        if seat is None:
            raise TokenError("unknown seat token: it is not a seat of this room")
        return seat

    def seat_of_account(self, account: str) -> int | None:
        """The seat the account claimed here, or None."""
        return next((seat for seat, owner in self.owners.items() if owner == account), None)

    def bot_to_act(self) -> int | None:
        """A bot seat that must decide now (in a simultaneous choice, the first), or None."""
        with self._lock:
            if self.over:
                return None
            return next(
                (
                    seat
                    for seat in self.state.current_players()
                    if not self.is_person(seat) or seat in self.resigned
                ),
                None,
            )

    # ----- what each seat sees -----
    def payload(self, seat: int | None, since: int = 0, with_view: bool = True) -> Payload:
        """What ``seat`` is sent now; None (or PUBLIC) for a spectator. ``since``: the log
        entries the socket holds already (``payloads.py``); ``with_view``: the view as JSON."""
        with self._lock:
            if seat is None or seat == PUBLIC:
                payload = spectator_payload(self.state, self.version, since, with_view)
                return self._told(payload, None)
            if type(seat) is not int or not 0 <= seat < self.players:
                raise SeatError(f"there is no seat {seat!r} (seats 0 to {self.players - 1})")
            payload = seat_payload(self.state, seat, self.version, since, with_view)
            # Whether an undo would be taken: the seat's own move is the last, and nothing was
            # revealed since (what it tells, that someone moved after you, every seat sees).
            payload["can_undo"] = (
                not self.over
                and seat not in self.resigned
                and self.match.undo_refusal(seat) is None
            )
            if seat in self.resigned or self.ended is not None:
                payload["legal"], payload["prompt"], payload["hint"] = [], "", ""
            return self._told(payload, seat)

    def _told(self, payload: Payload, viewer: int | None) -> Payload:
        """The room's own words in a payload: how it ended, who resigned, the notes about
        people, and the log lines of bots' moves for people told as the bots'."""
        since = payload["since"]
        log = payload["log"]
        # Newest first, and only those reaching past ``since``: a payload after a move sends a
        # line or two, not the game (spans only grow, and no undo goes back across one).
        for seat, spans in reversed(self.bot_spans):
            start, stop = spans.get(viewer, (0, 0))
            if stop <= since:
                break
            for index in range(max(start, since), min(stop, since + len(log))):
                log[index - since] = bot_line(log[index - since], seat, viewer)
        payload["notes"] = self.notes_for(viewer)
        payload["resigned"] = sorted(self.resigned)
        payload["ended"] = self.ended
        if self.resigned and self.match.over and self.ended is None:
            result = self._result_unlocked()  # a resigned seat cannot win
            payload["winners"] = result["winners"] if result else payload.get("winners")
        if self.ended is not None:
            payload["over"], payload["to_act"] = True, []
            payload["ended_words"] = ENDED_WORDS[self.ended]
            result = self._result_unlocked()
            payload["winners"] = result["winners"] if result else []
        return payload

    # ----- moves -----
    def move(self, token: object, action: object, version: object) -> None:
        """Play ``action`` (text or code) for the token's seat, made against ``version``.
        Refused with a RoomError (nothing changed) if the token, version or move is wrong."""
        with self._lock:
            self._settle(self._stage_move(token, action, version))

    def stage_move(self, token: object, action: object, version: object) -> Staged:
        """``move`` up to its storing: checked and played on a copy, nothing changed yet. The
        server stores ``staged.entry`` (``store``), then ``commit``s it, in the room's turn."""
        with self._lock:
            return self._stage_move(token, action, version)

    def _stage_move(self, token: object, action: object, version: object) -> Staged:
        seat = self.seat_of(token)
        self._check_playing(seat)
        self._check_version(seat, action, version)
        code = check_action(self.state, seat, action)
        return self._stage(seat, code)

    def _check_playing(self, seat: int) -> None:
        if self.ended is not None:
            raise GameOverError(self._over_words())
        if seat in self.resigned:
            raise GameOverError("you have resigned: a bot plays your seat to the end")

    def play_bot(self, seat: int, action: int, version: int, *, for_person: bool = False) -> None:
        """Play a bot's chosen move for ``seat`` (chosen from ``payload``/the view at
        ``version``); the same checks and journal as a person's move. ``for_person``: the seat
        is a person's and a bot moves for them (taken over, or their turn timer ran out); the
        move is journaled as a bot's, so nobody undoes back across it, after a rebuild too."""
        with self._lock:
            self._settle(self._stage_bot(seat, action, version, for_person))

    def stage_bot(self, seat: int, action: int, version: int, *, for_person: bool) -> Staged:
        """``play_bot`` up to its storing (as ``stage_move``)."""
        with self._lock:
            return self._stage_bot(seat, action, version, for_person)

    def _stage_bot(self, seat: int, action: int, version: int, for_person: bool) -> Staged:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise SeatError(f"there is no seat {seat!r} (seats 0 to {self.players - 1})")
        if self.is_person(seat) != for_person:
            raise SeatError(f"seat {seat!r} is not a {'person' if for_person else 'bot'}'s")
        if self.ended is not None:  # ended while the bot thought: its move is not taken
            raise GameOverError(self._over_words())
        self._check_version(seat, action, version)
        code = check_action(self.state, seat, action)
        return self._stage(seat, code, by_bot=True)

    def decision(self, seat: int) -> tuple[int, Any, list[int]] | None:
        """``(version, view, legal actions)`` for a bot deciding for ``seat`` now, read at once
        under the lock from the seat's view alone; None if ``seat`` is not deciding."""
        with self._lock:
            if self.over or seat not in self.state.current_players():
                return None
            return self.version, self.state.view(seat), list(self.state.legal_actions(seat))

    def undo(self, token: object, version: object = None) -> None:
        """Take back the token's seat's last move, where ``Match`` finds it fair. With
        ``version``, refused unless it is the room's version: a repeated undo must not take back
        a second move."""
        with self._lock:
            self._settle(self._stage_undo(token, version))

    def stage_undo(self, token: object, version: object = None) -> Staged:
        """``undo`` up to its storing (as ``stage_move``)."""
        with self._lock:
            return self._stage_undo(token, version)

    def _stage_undo(self, token: object, version: object) -> Staged:
        seat = self.seat_of(token)
        self._check_playing(seat)
        if version is not None:
            self._check_exact(version)
        if self.match.over:  # a finished game's result stands (and it leaves memory)
            raise GameOverError("the game is over")
        if self.match.undo_refusal(seat) is not None:
            raise UndoError(UNDO_RULE)
        after = self.match.undo_points[-1].before.current_players()  # what the undo goes back to
        entry = StoredAction(self.version, seat, UNDO, None, to_act=tuple(after))
        return Staged(entry, self.state.current_players())

    # ----- storing and counting a staged action -----
    async def store(self, staged: Staged) -> None:
        """Store a staged action through the journal, without holding the event loop: refused
        as ``move`` refuses (StaleVersionError, StoreUnavailableError), nothing counted."""
        if self.journal.in_doubt():
            await asyncio.to_thread(self.journal.settle)  # rare: after an outage
        try:
            await self.journal.append_soon(staged.entry)
        except StaleActionError as exc:
            raise StaleVersionError(f"stale: another action was stored first ({exc})") from None

    def commit(self, staged: Staged) -> None:
        """Count a staged action once it is stored: the room's state moves on."""
        with self._lock:
            self._commit(staged)

    def _settle(self, staged: Staged) -> None:
        self._store(staged.entry)
        self._commit(staged)

    def _commit(self, staged: Staged) -> None:
        if staged.entry.index != self.version:  # a defect: two changes staged at once
            raise AnglerError(f"a staged action for version {staged.entry.index} came late")
        match = self.match
        if staged.state is None:  # an undo
            match.undo(staged.entry.seat)
            self._accepted(staged.entry, staged.deciding)
            return
        match.state, match.undo_points = staged.state, staged.undo_points
        staged.state.chance.outcomes = None
        for point in match.undo_points:
            point.before.chance.outcomes = None
        if staged.span is not None:
            self.bot_spans.append(staged.span)
        self._accepted(staged.entry, staged.deciding)

    # ----- inside: versions, the journal, replay -----
    def _check_exact(self, version: object) -> None:
        current = self.version
        if type(version) is not int:
            raise StaleVersionError(
                f"a version is a whole number (the room is at {current}), not {described(version)}"
            )
        if version > current:
            raise StaleVersionError(f"version {version} is ahead of the room's ({current})")
        if version != current:
            raise StaleVersionError(
                f"stale version {version}: the room is at version {current}; "
                "choose again from the latest view"
            )

    def _check_version(self, seat: int, action: object, version: object) -> None:
        """A move made against ``version`` is fresh if nothing has happened since, or if only
        other seats' choices in the simultaneous choice this seat is still making (those never
        change what it may choose). A move this seat already made since is a duplicate."""
        if version == self.version and type(version) is int:
            return
        if (
            type(version) is int
            and self._choice_since <= version < self.version
            and seat in self.state.current_players()
            and all(entry.seat != seat for entry in self._entries[version:])
        ):
            return
        if type(version) is int and 0 <= version < self.version:
            for entry in self._entries[version:]:
                if entry.seat == seat and self._same_move(action, entry.action):
                    raise DuplicateMoveError(
                        f"duplicate move: {entry.action} was already accepted "
                        f"(version {entry.index + 1})"
                    )
        self._check_exact(version)

    def _same_move(self, action: object, stored: str) -> bool:
        if stored == UNDO:
            return False
        if type(action) is int:
            try:
                return self.game.action_to_string(action) == stored
            except Exception:
                return False
        if not isinstance(action, str):
            return False
        folded = " ".join(action.split()).lower()
        return folded in (stored.lower(), stored.partition(" ")[2].lower())

    def _stage(
        self, seat: int, code: int, forced: list[list[int]] | None = None, by_bot: bool = False
    ) -> Staged:
        """Apply ``code`` to a clone and make its journal entry; the room is left as it was.
        ``forced``: the stored outcomes (on replay, when the journal is not written again)."""
        match = self.match
        saved_state, saved_points = match.state, match.undo_points
        deciding = saved_state.current_players()
        trial = saved_state.clone()
        trial.chance.outcomes = []  # collects this action's non-shuffle outcomes (records.py)
        if forced:
            trial.chance.force_outcomes(forced)
        match.state, match.undo_points = trial, list(saved_points)
        taken_over = by_bot and self.is_person(seat)
        try:
            if self.is_person(seat) and not by_bot:
                match.play(seat, code, before=saved_state)  # never changed: moves go to clones
            else:
                match.play_for_bot(seat, code)
            unused = trial.chance.forced_outcomes
            if unused:
                raise AnglerError(f"{len(unused)} stored outcomes were not used by this action")
            drawn = trial.chance.outcomes or []
            entry = StoredAction(
                self.version,
                seat,
                self.game.action_to_string(code),
                drawn if drawn and self.game.records_outcomes else None,
                by_bot=taken_over,
                to_act=tuple(trial.current_players()),
            )
            points = match.undo_points
        finally:
            match.state, match.undo_points = saved_state, saved_points
        span = None
        if taken_over:
            before, after = self._log_lengths(saved_state), self._log_lengths(trial)
            span = (seat, {v: (before[v], after[v]) for v in after})
        return Staged(entry, deciding, trial, points, span)

    def _store(self, entry: StoredAction) -> None:
        try:
            self.journal.append(entry)
        except StaleActionError as exc:
            raise StaleVersionError(f"stale: another action was stored first ({exc})") from None

    def _accepted(self, entry: StoredAction, deciding: tuple[int, ...]) -> None:
        self._entries.append(entry)
        after = set(self.state.current_players())
        same_choice = (
            entry.action != UNDO
            and len(deciding) > 1
            and bool(after)
            and after == set(deciding) - {entry.seat}
        )
        if not same_choice:
            self._choice_since = self.version

    def _replay(self, entry: StoredAction) -> None:
        if entry.action == UNDO:
            if self.match.undo_refusal(entry.seat) is not None:
                raise AnglerError("this undo is not fair here")
            deciding = self.state.current_players()
            self.match.undo(entry.seat)
            self._accepted(entry, deciding)
            return
        code = self.game.action_from_string(entry.action)
        staged = self._stage(entry.seat, code, forced=entry.outcomes or [], by_bot=entry.by_bot)
        self._commit(staged)


async def carry_out(room: Room, stage: Callable[[], Staged]) -> None:
    """A change's three steps: staged (checked and played on a copy), stored (awaited, the
    event loop free meanwhile), counted. The caller keeps the room's other changes out
    meanwhile (``Hub.act``: the room's turn), and runs this in a task of its own, so that a
    caller who goes away (a socket that drops) cannot stop it between the store and the count
    (``carry_out_alone`` for a caller that has none)."""
    staged = stage()
    await room.store(staged)
    room.commit(staged)


async def carry_out_alone(room: Room, stage: Callable[[], Staged]) -> None:
    """``carry_out`` in a task of its own, shielded from its caller's cancellation."""
    await asyncio.shield(asyncio.ensure_future(carry_out(room, stage)))
