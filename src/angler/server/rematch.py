"""Play again: once a game is over, any of its people asks for a rematch, and a new room is made
with the same game, options, settings and seats; each other person accepts (by asking too) or
declines, and bots accept at once (they keep their seats).

The new room is the asker's: their seat is its ``human`` seat (its creator, who may give a seat
nobody takes to a bot, or cancel), the other people's seats are invitations kept for them, taken
when they accept (their account's, if signed in). Which room a finished room's rematch is, is in
the store (``rematches``: one per finished room, so two people asking at once make one room);
who declined is kept in memory.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy.exc import IntegrityError

from angler.play.seats import HUMAN
from angler.server import wire
from angler.server.account_rows import RematchRow
from angler.server.accounts import Account
from angler.server.api import CreateRoom
from angler.server.registry import RoomRegistry
from angler.server.rooms import OPEN, Room, RoomError
from angler.server.store import Store

# The settings a rematch keeps: the people's own choices, not what the server decided or wrote.
KEPT_SETTINGS = ("pace_ms", "grace_s", "turn_s", "takeover", "claim_wait_s", "abandon_s", "rated")


class RematchError(RoomError):
    code: ClassVar[str] = "rematch"
    status: ClassVar[int] = 409


class Rematches:
    """Rematches of finished rooms (blocking: call from a worker thread)."""

    def __init__(self, store: Store, registry: RoomRegistry) -> None:
        self.store = store
        self.registry = registry
        self.declined: dict[str, set[int]] = {}  # by finished room: the seats that declined

    def answer(
        self, room_id: str, room: Room, seat: int, account: Account | None, decline: bool
    ) -> tuple[wire.RematchOffer, str | None]:
        """``seat`` of the finished ``room`` asks for a rematch (or accepts one), or declines:
        the offer as it now stands, and the seat's token in the new room when it took one."""
        if not room.over:
            raise RematchError("a rematch is asked for once the game is over")
        if not room.is_person(seat):
            raise RematchError("a bot's seat does not ask for a rematch")
        if decline:
            new_id = self._rematch_of(room_id)
            if new_id is None:
                raise RematchError("nobody asked for a rematch: there is none to decline")
            self.declined.setdefault(room_id, set()).add(seat)
            return self.offer(room_id, room, new_id), None
        self.declined.get(room_id, set()).discard(seat)
        new_id = self._rematch_of(room_id)
        if new_id is None:
            made = self._make(room_id, room, seat, account)
            if made is not None:
                new_id, token = made
                return self.offer(room_id, room, new_id), token
            new_id = self._rematch_of(room_id)  # another asked at the same moment: theirs
            assert new_id is not None
        if self.registry.room(new_id).tokens.claimed(seat):
            raise RematchError("you are in the rematch already: open its table")
        token = self.registry.claim_kept(new_id, seat, account)
        return self.offer(room_id, room, new_id), token

    def offer(self, room_id: str, room: Room, new_id: str) -> wire.RematchOffer:
        """Each seat's answer: a bot's is ``bot``, a person's ``yes`` once they took their seat
        in the new room, ``no`` once they declined, else ``waiting``."""
        claimed = self.store.seat_tokens(new_id)  # the store's: another node may hold it
        declined = self.declined.get(room_id, set())
        answers: list[Any] = []
        for seat in range(room.players):
            if not room.is_person(seat):
                answers.append("bot")
            elif seat in claimed:
                answers.append("yes")
            else:
                answers.append("no" if seat in declined else "waiting")
        return wire.RematchOffer(room=new_id, answers=answers)

    def rematch_of(self, room_id: str) -> str | None:
        return self._rematch_of(room_id)

    def _rematch_of(self, room_id: str) -> str | None:
        with self.store._session(write=False) as session:
            row = session.get(RematchRow, room_id)
            return row.rematch_id if row is not None else None

    def _make(
        self, room_id: str, room: Room, seat: int, account: Account | None
    ) -> tuple[str, str] | None:
        """The new room, the asker's seat its creator's: its id and the asker's token; None if
        another asker's rematch was stored first (this one is then let go)."""
        header = room.header
        kinds = [
            HUMAN if other == seat else OPEN if room.is_person(other) else kind
            for other, kind in enumerate(room.kinds)
        ]
        settings = {key: header.settings[key] for key in KEPT_SETTINGS if key in header.settings}
        settings["listed"] = False  # a rematch is for the same people
        request = CreateRoom(
            game=room.game.name,
            options=dict(header.options),
            seats=kinds,
            cards=header.cards,
            settings=settings,
        )
        created = self.registry.create(request, account)
        try:
            with self.store._session(write=True) as session:
                session.add(
                    RematchRow(room_id=room_id, rematch_id=created.room, made_at=datetime.now(UTC))
                )
        except IntegrityError:  # another asker's came first: this one ends unused
            self.store.finish(created.room, {"ended": "cancelled", "winners": [], "resigned": []})
            self.registry.let_go(created.room)
            return None
        token = created.seats[seat].token
        assert token is not None
        return created.room, token
