"""The live rooms: room id to ``Room`` in memory, rebuilt from the store on start, made, claimed
and listed (the lobby, the live list, a room's facts).

Rooms are threads-and-locks objects whose journal writes hold the room's lock, so every method
here is blocking: call it from a worker thread, never on the event loop.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Callable, Iterable
from typing import Any

from angler.core.errors import AnglerError
from angler.play.seats import HUMAN
from angler.server.accounts import Account
from angler.server.api import (
    CreateRoom,
    LiveRoom,
    LobbyPerson,
    LobbyRoom,
    RoomCreated,
    RoomInfo,
    SeatClaimed,
    SeatInfo,
)
from angler.server.bots import DEFAULT_CAP, PACE_MS, check_bots
from angler.server.journal import RoomHeader
from angler.server.quick_play import person_of, table_rating
from angler.server.ratings import (
    Finishing,
    RatedRoomError,
    Rating,
    Ratings,
    check_rated,
    is_rated,
)
from angler.server.rooms import (
    OPEN,
    PUBLIC_SEAT,
    HeaderError,
    Room,
    SeatError,
    game_of,
    make_header,
)
from angler.server.searches import BotCap
from angler.server.seating import PERSON_KINDS, new_invitations, seating_settings
from angler.server.store import (
    ListedRoom,
    RoomFinishedError,
    RoomJournal,
    Store,
    StoreUnavailableError,
)

log = logging.getLogger(__name__)


def _no_names(_: Iterable[str]) -> dict[str, str]:
    return {}


LISTED_AT_MOST = 500  # the newest live rooms the lobby and the live list show
OPENINGS_KEPT = 10_000  # rooms whose first deciders are remembered


class UnplayableRoomError(AnglerError):
    """A live room of the store that did not rebuild at start (the server's log says why)."""

    code = "unplayable"
    status = 409


def invite_path(room: str, seat: int) -> str:
    return f"/rooms/{room}/seats/{seat}"


class RoomRegistry:
    """The server's live rooms, and the stored ones that would not rebuild (``unplayable``).

    A live room of the store that is not in memory here is taken over when it is asked for
    (``room``): another node held it, or this one let it go; the balancer sent it here, so it
    is this node's now (the store's fence refuses the other node's writes from then on)."""

    def __init__(
        self,
        store: Store,
        bot_cap: BotCap = DEFAULT_CAP,
        names_of: Callable[[Iterable[str]], dict[str, str]] | None = None,
        ratings: Ratings | None = None,
    ) -> None:
        self.store = store
        # Accounts' names by id, for the seats they claimed (``Accounts.names``).
        self.names_of = names_of or _no_names
        self.ratings = ratings or Ratings(store)
        self.bot_cap = bot_cap  # the most one bot decision searches (searches.py)
        self.unplayable: dict[str, str] = {}  # stored live rooms that did not rebuild: why
        self.rooms: dict[str, Room] = {}
        self._taking_over = threading.Lock()  # one takeover at a time: a room is rebuilt once
        self._openings: dict[str, tuple[int, ...]] = {}  # who decides first, by room

    def load(self) -> None:
        """Take over and rebuild every live room of the store (a server alone on its
        database, starting). A room that does not rebuild (stored by an older server, or
        before a bug was fixed) is logged and skipped, in one line: the server serves the
        others."""
        for room_id in self.store.live_rooms():
            try:
                self._take_over(room_id)
            except (UnplayableRoomError, RoomFinishedError):
                continue

    def room(self, room_id: str) -> Room:
        """The live room ``room_id``, taken over if another node held it; UnknownRoomError if
        none, RoomFinishedError if over, UnplayableRoomError if it does not rebuild."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        if self.store.finished(room_id):  # UnknownRoomError for a room that never was
            raise RoomFinishedError(f"room {room_id!r} is finished: its record is at its /record")
        if room_id in self.unplayable:
            raise UnplayableRoomError(f"room {room_id!r} cannot be played on this server")
        with self._taking_over:
            return self.rooms.get(room_id) or self._take_over(room_id)

    def take_over_orphan(self, room_id: str, owner: str | None, epoch: int) -> Room | None:
        """A live room no living node holds (``Store.orphans``: held by ``owner`` at
        ``epoch``), taken over and rebuilt here, unless another node took it first, it
        finished, or it does not rebuild: the room, or None."""
        with self._taking_over:
            if room_id in self.rooms or room_id in self.unplayable:
                return None
            if not self.store.take_over_orphan(room_id, owner, epoch):
                return None
            try:
                return self._rebuild(room_id)
            except (UnplayableRoomError, RoomFinishedError):
                return None

    def _take_over(self, room_id: str) -> Room:
        """The stored live room made this node's (a new epoch) and rebuilt by replaying its
        actions, after the fence: nothing the node that held it writes later counts."""
        self.store.take_over(room_id)
        return self._rebuild(room_id)

    def _rebuild(self, room_id: str) -> Room:
        """The live room this node just took over, rebuilt by replaying its actions."""
        try:
            room = Room.rebuild(
                self.store.header(room_id),
                self.store.actions(room_id),
                RoomJournal(self.store, room_id),
                self.store.seat_tokens(room_id),
            )
        except StoreUnavailableError:
            self.store.let_go(room_id)
            raise  # the database went away: no room is served wrongly
        except Exception as exc:
            self.store.let_go(room_id)
            self.unplayable[room_id] = _first_line(exc)
            log.error("room %s cannot be rebuilt, skipped: %s", room_id, _first_line(exc))
            raise UnplayableRoomError(f"room {room_id!r} cannot be played on this server") from None
        owners = self.store.seat_accounts(room_id)
        if owners:
            names = self.names_of(owners.values())
            room.owners = owners
            room.names = {seat: names.get(account, "") for seat, account in owners.items()}
            rated = self.ratings.of(owners.values(), room.game.name)
            room.ratings = {
                seat: (rated[account].mu, rated[account].sigma) for seat, account in owners.items()
            }
        if room.over:  # its last move was stored, but its server stopped before finishing it
            self.store.finish(room_id, *self.finishing(room_id, room))
            self.store.let_go(room_id)
            raise RoomFinishedError(f"room {room_id!r} is finished: its record is at its /record")
        self.rooms[room_id] = room
        return room

    def let_go(self, room_id: str, room: Room | None = None) -> Room | None:
        """The room leaves this node's memory (it finished, or another node took it over):
        the room let go, or None if none was held. With ``room``: only if that copy is still
        the one held, so a caller that learnt late the room had moved never lets go the copy
        taken over again meanwhile (nor the epoch it was taken at, which fences its writes)."""
        held = self.rooms.get(room_id)
        if held is None or (room is not None and held is not room):
            return None
        self.store.let_go(room_id)
        return self.rooms.pop(room_id)

    def create(self, request: CreateRoom, account: Account | None = None) -> RoomCreated:
        """A new room; ``account``: its creator is signed in, and the first of the creator's
        seats is the account's."""
        header = make_header(
            request.game,
            request.options,
            request.seats,
            cards=request.cards,
            settings=request.settings,
        )
        # Its bots and settings (pace, timers, each bot's budget) checked before it is stored.
        check_bots(header, game_of(header), self.bot_cap)
        try:  # listing, waits: one line
            seating = seating_settings(header.settings, header.seats)
        except AnglerError as exc:
            raise HeaderError(str(exc)) from None
        if seating["rated"]:
            check_rated(header.seats, game_of(header).name, account)
        codes, kept = new_invitations(header.seats)
        # As decided now, for good.
        decided: dict[str, Any] = {"listed": seating["listed"], "rated": seating["rated"]}
        if kept:
            decided["invites"] = kept
        header = dataclasses.replace(header, settings={**header.settings, **decided})
        room_id = self.store.create_room(header)
        room = Room(header, RoomJournal(self.store, room_id))
        seats = []
        for seat, kind in enumerate(room.kinds):
            info = SeatInfo(seat=seat, kind=kind)
            if kind == HUMAN:
                owner = account if account is not None and not room.owners else None
                info.token = room.claim(seat, self._persist(room_id, room, owner), creating=True)
            elif kind in (OPEN, PUBLIC_SEAT):
                info.invite = invite_path(room_id, seat)
                info.code = codes.get(seat)
            seats.append(info)
        self.rooms[room_id] = room
        return RoomCreated(room=room_id, seats=seats)

    def claim(
        self, room_id: str, seat: int, code: object = None, account: Account | None = None
    ) -> SeatClaimed:
        """A seat claimed (an invitation's with its ``code``); ``account``: by a signed-in
        person, whose seat it is from now on (an account takes one seat of a room)."""
        room = self.room(room_id)
        if 0 <= seat < room.players and room.kinds[seat] == HUMAN:
            raise SeatError(f"Player {seat + 1}'s seat is the creator's: it is never claimed")
        if account is None and is_rated(room.header.settings):
            raise RatedRoomError("this room is rated: sign in to take a seat")
        token = room.claim(seat, self._persist(room_id, room, account), code)
        room.note("claimed", seat)  # the table's log says the friend came
        return SeatClaimed(seat=seat, token=token)

    def claim_kept(self, room_id: str, seat: int, account: Account | None = None) -> str:
        """A seat kept for its person (a rematch's invitation) given to them without its code:
        its token."""
        room = self.room(room_id)
        return room.claim(seat, self._persist(room_id, room, account), creating=True)

    def reseat(self, room_id: str) -> Callable[[RoomHeader], None]:
        """Stores a room's new seating (a seat given to a bot, a resignation) before it counts."""
        return lambda header: self.store.set_seating(room_id, header.seats, header.settings)

    def _persist(
        self, room_id: str, room: Room, account: Account | None = None
    ) -> Callable[[int, str], None]:
        """How a claim is stored: the token's hash, and the account claiming (in the room's
        lock, as ``Room.claim`` calls it, so one account cannot claim two seats at once)."""
        if account is None:
            return lambda seat, digest: self.store.set_seat_token(room_id, seat, digest)

        def persist(seat: int, digest: str) -> None:
            held = room.seat_of_account(account.id)
            if held is not None:
                raise SeatError(f"your account has Player {held + 1}'s seat in this room already")
            self.store.set_seat_token(room_id, seat, digest, account.id)
            room.owners[seat], room.names[seat] = account.id, account.name
            rating = self.ratings.of([account.id], room.game.name)[account.id]
            room.ratings[seat] = (rating.mu, rating.sigma)

        return persist

    def finishing(self, room_id: str, room: Room) -> tuple[dict[str, Any], Finishing | None]:
        """A finished room's result, and what its finishing writes besides: its accounts' new
        ratings if it is rated (``ratings.py``)."""
        result = room.result() or {}
        rate = self.ratings.finishing(
            room_id, room.game.name, room.kinds, room.owners, room.header.settings, result
        )
        return result, rate

    def forget_account(self, account: str, name: str) -> None:
        """A deleted account's name leaves every live room here (``name``: what replaces it)."""
        for room in list(self.rooms.values()):
            for seat, owner in list(room.owners.items()):
                if owner == account:
                    room.names[seat] = name

    def lobby(
        self,
        game: str | None = None,
        rating_min: float | None = None,
        rating_max: float | None = None,
    ) -> list[LobbyRoom]:
        """Listed live rooms with public seats not yet claimed, from the store (the same on
        every node of a cluster), oldest first, with who waits there by name and rating; of
        ``game`` only, and with a table rating in the range if one is given (a table of guests
        only has none, so a range leaves it out)."""
        listing = [
            listed
            for listed in self._listing()
            if (game is None or listed.game == game) and _open_in(listed)
        ]
        ranged = rating_min is not None or rating_max is not None
        rooms = []
        for listed, people in zip(listing, self._people(listing), strict=True):
            rating = table_rating(people)
            if ranged and (
                rating is None
                or (rating_min is not None and rating < rating_min)
                or (rating_max is not None and rating > rating_max)
            ):
                continue
            rooms.append(
                LobbyRoom(
                    room=listed.room,
                    game=listed.game,
                    players=len(listed.seats),
                    seats=listed.seats,
                    open_seats=_open_in(listed),
                    version=listed.version,
                    people=people,
                    rating=rating,
                    rated=is_rated(listed.settings),
                )
            )
        return rooms

    def live(self) -> list[LiveRoom]:
        """Every listed live room, to watch or join where a seat is open, with who sits there,
        from the store: the same on every node of a cluster."""
        listing = self._listing()
        return [
            LiveRoom(
                room=listed.room,
                game=listed.game,
                players=len(listed.seats),
                seats=listed.seats,
                open_seats=_open_in(listed),
                to_act=list(self._to_act(listed)),
                version=listed.version,
                people=people,
                rating=table_rating(people),
                rated=is_rated(listed.settings),
            )
            for listed, people in zip(listing, self._people(listing), strict=True)
        ]

    def _people(self, listing: list[ListedRoom]) -> list[list[LobbyPerson]]:
        """Each listed room's seats taken, by name and rating in its game (two reads in all)."""
        names = self.names_of({a for listed in listing for a in listed.owners.values()})
        ratings: dict[str, dict[str, Rating]] = {}
        for game in {listed.game for listed in listing}:
            accounts = {a for each in listing if each.game == game for a in each.owners.values()}
            ratings[game] = self.ratings.of(accounts, game)
        return [
            [
                person_of(
                    seat,
                    names.get(listed.owners[seat]) if seat in listed.owners else None,
                    _mu_sigma(ratings[listed.game].get(listed.owners.get(seat, ""))),
                )
                for seat in sorted(listed.claimed)
            ]
            for listed in listing
        ]

    def _listing(self) -> list[ListedRoom]:
        """The store's listed live rooms, less those found here not to rebuild."""
        unplayable = self.unplayable
        listing = self.store.live_listing(LISTED_AT_MOST)
        return [listed for listed in listing if listed.room not in unplayable]

    def _to_act(self, listed: ListedRoom) -> tuple[int, ...]:
        """Who decides in a listed room: as stored with its last action; for a room with none
        yet, from its first state (dealt again from its header once, then remembered)."""
        if listed.to_act is not None:
            return listed.to_act
        if listed.version:  # its actions were stored before their deciders were kept
            return ()
        opening = self._openings.get(listed.room)
        if opening is None:
            room = self.rooms.get(listed.room)
            if room is not None and room.version == 0:
                opening = room.state.current_players()
            else:
                try:
                    header = self.store.header(listed.room)
                    opening = game_of(header).new_state(header.seed).current_players()
                except Exception:  # a header that does not deal (an older server's): nobody
                    opening = ()
            if len(self._openings) >= OPENINGS_KEPT:
                self._openings.clear()  # a bound, rarely reached: they are dealt again
            self._openings[listed.room] = opening
        return opening

    def info(self, room_id: str) -> RoomInfo:
        """What a room is (live or finished), for anyone holding its link."""
        header = self.store.header(room_id)  # UnknownRoomError for a room that never was
        room = self.rooms.get(room_id)
        game = game_of(header)
        if room is not None:
            unclaimed, over = room.unclaimed(), room.over
        else:  # held by another node, or by none yet: as stored
            over = self.store.finished(room_id)
            claimed = {} if over else self.store.seat_tokens(room_id)
            unclaimed = [
                seat
                for seat, kind in enumerate(header.seats)
                if not over and kind in PERSON_KINDS and seat not in claimed
            ]
        return RoomInfo(
            room=room_id,
            game=header.game,
            title=game.title,
            players=game.players,
            seats=list(header.seats),
            open_seats=unclaimed,
            invitations=[seat for seat in unclaimed if header.seats[seat] == OPEN],
            over=over,
            options=dict(header.options),
            listed=bool(header.settings.get("listed", True)),
            pace_ms=int(header.settings.get("pace_ms", PACE_MS)),
        )


def _mu_sigma(rating: Rating | None) -> tuple[float, float] | None:
    return None if rating is None else (rating.mu, rating.sigma)


def _open_in(listed: ListedRoom) -> list[int]:
    """A listed room's seats a stranger may take: public ones nobody has taken."""
    return [
        seat
        for seat, kind in enumerate(listed.seats)
        if kind == PUBLIC_SEAT and seat not in listed.claimed
    ]


def _first_line(exc: BaseException) -> str:
    """An exception in one line: an AnglerError says it all; another also names its type."""
    lines = str(exc).strip().splitlines()
    line = lines[0] if lines else ""
    return line if isinstance(exc, AnglerError) and line else f"{type(exc).__name__}: {line}"
