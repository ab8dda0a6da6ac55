"""Quick play: a person asks to play a game now, and is seated at the next open table of it
near their rating, or at a new one whose seats go to bots after a wait they chose
(docs/server.md, "Quick play").

- **Near.** A table's rating is the mean mu of its accounts' ratings in the game (a guest
  counts as the prior, 25); a person's is their account's (a guest's, the prior). A table is
  near when the two are at most ``NEAR_MU`` apart. Of the near tables the one waiting longest
  is taken: the lobby lists them oldest first.
- **Which tables.** Listed live tables of the game with a public seat free; of ``players``
  seats if asked; rated ones only for a signed-in person, and only rated ones if asked
  (``rated``). A table where the account has a seat already is passed over.
- **A new table** has the creator's seat and public seats (``players``, else the game's
  default), is listed, rated if asked, and its ``bots_after_s`` setting is the chosen wait:
  once the room has waited that long, every public seat still free goes to the bot level
  whose fixed rating (``bot_ratings.json``) is nearest the seated people's mean. The wait
  counts from when the node holding the room began to hold it: a room taken over by another
  node waits afresh there.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from statistics import fmean

from angler.core.registry import get_game
from angler.server.api import CreateRoom, LobbyPerson, LobbyRoom, QuickPlay, RatingBody
from angler.server.ratings import bot_ratings
from angler.server.rooms import Room
from angler.server.seating import HUMAN, PUBLIC_SEAT, chosen_settings, seating_settings

log = logging.getLogger(__name__)

NEAR_MU = 8.0  # how far a table's rating may be from the asker's (about one sigma of a newcomer)
PRIOR_MU = 25.0  # OpenSkill's prior mu: a guest's, and a new account's
FALLBACK_LEVEL = "normal"  # a game with no rated levels
QUICK_TRIES = 5  # near tables tried before a new one is made (a seat may go as it is asked)


def table_rating(people: Sequence[LobbyPerson]) -> float | None:
    """A table's rating: its accounts' mean mu, one decimal; None with guests only."""
    rated = [person.rating.mu for person in people if person.rating is not None]
    return round(fmean(rated), 1) if rated else None


def level_near(game: str, mus: Sequence[float]) -> str:
    """The rated bot level of ``game`` nearest the people's mean mu (the prior if none)."""
    levels = bot_ratings().get(game)
    if not levels:
        return FALLBACK_LEVEL
    target = fmean(mus) if mus else PRIOR_MU
    return min(levels, key=lambda level: (abs(levels[level].mu - target), level))


def near_tables(
    rooms: Sequence[LobbyRoom], ask: QuickPlay, mine: float, signed_in: bool
) -> list[LobbyRoom]:
    """The lobby's tables quick play may seat the asker at, in the order to try them."""
    return [
        room
        for room in rooms
        if room.game == ask.game
        and room.open_seats
        and (ask.players is None or room.players == ask.players)
        and (signed_in or not room.rated)
        and (room.rated or not ask.rated)
        and abs((PRIOR_MU if room.rating is None else room.rating) - mine) <= NEAR_MU
    ]


def new_table(ask: QuickPlay, signed_in: bool) -> CreateRoom:
    """The table quick play makes when no near one has a seat: the asker's seat first."""
    players = get_game(ask.game).player_count(ask.players)
    return CreateRoom(
        game=ask.game,
        options={"players": players},
        seats=[HUMAN] + [PUBLIC_SEAT] * (players - 1),
        settings={
            "listed": True,
            "rated": ask.rated and signed_in,
            "bots_after_s": ask.bots_after_s,
        },
    )


def person_of(seat: int, name: str | None, rating: tuple[float, float] | None) -> LobbyPerson:
    """A seated person as the lobby lists them."""
    return LobbyPerson(
        seat=seat,
        name=name or f"Guest {seat + 1}",
        rating=None
        if rating is None
        else RatingBody(mu=round(rating[0], 1), sigma=round(rating[1], 1)),
    )


class WaitsForPeople:
    """Each live room's wait for people (``bots_after_s``), on the node holding it: when it
    runs out, ``fill(room_id, room)`` gives the room's free public seats to bots
    (``Hub.fill_waiting``)."""

    def __init__(
        self, rooms: dict[str, Room], fill: Callable[[str, Room], Awaitable[None]]
    ) -> None:
        self.rooms = rooms
        self._fill = fill
        self._waits: dict[str, asyncio.Task[None]] = {}

    def arm(self, room_id: str) -> None:
        """The room's wait starts here (a room made, or taken over) if it has one."""
        room = self.rooms.get(room_id)
        if room is None or room.over or room_id in self._waits:
            return
        wait = seating_settings(chosen_settings(room.header.settings), room.kinds)["bots_after"]
        if wait is None or not room.unclaimed():
            return

        async def run_out() -> None:
            try:
                await asyncio.sleep(wait)
                if self.rooms.get(room_id) is room and not room.over:  # still held here
                    await self._fill(room_id, room)
            except Exception:  # a defect here must not stop the room: it waits for people on
                log.exception("room %s: its free seats could not go to bots", room_id)
            finally:
                self._waits.pop(room_id, None)

        self._waits[room_id] = asyncio.get_running_loop().create_task(run_out())

    def cancel_all(self) -> None:
        """The server stops: no seat goes to a bot meanwhile."""
        for task in self._waits.values():
            task.cancel()
        self._waits.clear()
