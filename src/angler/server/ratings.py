"""Ratings: OpenSkill (Plackett-Luce, as the bot ladder of docs/agents.md) per account and game.

- **A rated room** says so when it is made (setting ``rated``). Its people are signed in: the
  creator's one ``human`` seat (a hot-seat room is never rated) and every seat claimed later.
  Its bots are levels of the ladder, whose ratings are fixed (``bot_ratings.json``, measured by
  the ladders): a person alone gets a rating by playing bots, and the bots' never move.
- **Places.** A finished game ranks the seats by score (ties share a place). A resigned seat
  ranks last. A room abandoned (every person left) ranks its people last and its bots first: a
  loss for each leaver. A cancelled room, ended before anyone played, is not rated.
- **Once.** The ratings are written in the very transaction that marks the room finished
  (``Store.finish``), and the rated game's key (room, account) refuses a second count.

Everything here is blocking (the store); call it from a worker thread.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from angler.core.errors import AnglerError
from angler.play.seats import HUMAN
from angler.server.account_rows import AccountRow, RatedGameRow, RatingRow
from angler.server.seating import PERSON_KINDS
from angler.server.store import Store

BOT_RATINGS_FILE = Path(__file__).with_name("bot_ratings.json")
LEADERBOARD_LEAST_GAMES = 5  # rated games before an account is on a game's leaderboard
RATED = "rated"  # the room setting

Finishing = Callable[[Session], None]


class RatedRoomError(AnglerError):
    """A rated room that cannot be made or joined as asked."""

    code: ClassVar[str] = "rated"
    status: ClassVar[int] = 403


def check_rated(seats: Iterable[str], game: str, account: object) -> None:
    """A rated room's seats: at most one ``human`` seat (a hot-seat room is never rated),
    taken by a signed-in creator, and bots of the ladder's levels. RatedRoomError if not."""
    seats = list(seats)
    humans = seats.count(HUMAN)
    if humans > 1:
        raise RatedRoomError("a hot-seat room is never rated: one human seat at most")
    if humans and account is None:
        raise RatedRoomError("sign in to make a rated room")
    levels = rated_levels(game)
    for seat, kind in enumerate(seats):
        if kind not in PERSON_KINDS and kind not in levels:
            raise RatedRoomError(
                f"seat {seat} ({kind}): a rated room's bots are the rated levels "
                f"({', '.join(levels)})"
            )


@dataclass(frozen=True)
class Rating:
    """A rating as people read it: ``mu`` ± ``sigma``; ``ordinal`` (mu − 3 sigma) orders the
    leaderboard, as OpenSkill's ``ordinal`` and the ladder do."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@cache
def bot_ratings() -> dict[str, dict[str, Rating]]:
    """Each game's bot levels and their fixed ratings."""
    data = json.loads(BOT_RATINGS_FILE.read_text(encoding="utf-8"))
    return {
        game: {level: Rating(entry["mu"], entry["sigma"]) for level, entry in levels.items()}
        for game, levels in data.items()
        if game != "about"
    }


def rated_levels(game: str) -> list[str]:
    """The bot levels a rated room of ``game`` may seat."""
    return sorted(bot_ratings().get(game, {}))


def is_rated(settings: Mapping[str, Any]) -> bool:
    return settings.get(RATED) is True


def places(result: Mapping[str, Any], players: int, people: Iterable[int]) -> list[int] | None:
    """Each seat's place (1 = first; ties share) in a finished or ended room's ``result``, or
    None when it is not rated (cancelled)."""
    resigned = set(result.get("resigned") or ())
    people = set(people)
    keys: list[float]
    if "scores" in result:
        keys = [
            float("-inf") if seat in resigned else float(score)
            for seat, score in enumerate(result["scores"])
        ]
    elif result.get("ended") == "abandoned":  # every person left: a loss for each of them
        keys = [0.0 if seat in people else 1.0 for seat in range(players)]
    elif result.get("ended") == "resigned":
        winners = set(result.get("winners") or ())
        keys = [
            2.0 if seat in winners else 0.0 if seat in resigned else 1.0 for seat in range(players)
        ]
    else:
        return None
    return [1 + sum(other > mine for other in keys) for mine in keys]


class Ratings:
    """The accounts' ratings on the store's database."""

    def __init__(self, store: Store, model: PlackettLuce | None = None) -> None:
        self.store = store
        self.model = model or PlackettLuce()

    # ----- a room finishing -----
    def finishing(
        self,
        room_id: str,
        game: str,
        kinds: list[str],
        owners: Mapping[int, str],
        settings: Mapping[str, Any],
        result: Mapping[str, Any],
    ) -> Finishing | None:
        """What the room's finishing transaction also writes: its accounts' new ratings, when
        the room is rated and has accounts; None otherwise."""
        if not is_rated(settings) or not owners:
            return None
        ranks = places(result, len(kinds), owners)
        if ranks is None:
            return None

        def rate(session: Session) -> None:
            self._rate(session, room_id, game, kinds, dict(owners), ranks)

        return rate

    def _rate(
        self,
        session: Session,
        room_id: str,
        game: str,
        kinds: list[str],
        owners: dict[int, str],
        ranks: list[int],
    ) -> None:
        done = session.scalar(
            select(func.count()).select_from(RatedGameRow).where(RatedGameRow.room_id == room_id)
        )
        if done:
            return
        held = {
            row.account_id: row
            for row in session.scalars(
                select(RatingRow).where(
                    RatingRow.game == game, RatingRow.account_id.in_(owners.values())
                )
            )
        }
        bots = bot_ratings().get(game, {})
        teams: list[list[PlackettLuceRating]] = []
        for seat, kind in enumerate(kinds):
            account = owners.get(seat)
            if account is not None and account in held:
                teams.append([self.model.rating(mu=held[account].mu, sigma=held[account].sigma)])
            elif account is None and kind in bots:
                teams.append([self.model.rating(mu=bots[kind].mu, sigma=bots[kind].sigma)])
            else:  # a new account, or a seat no level rates: the prior
                teams.append([self.model.rating()])
        rated = self.model.rate(teams, ranks=[float(rank) for rank in ranks])
        now = datetime.now(UTC)
        for seat, account in owners.items():
            after = rated[seat][0]
            row = held.get(account)
            if row is None:
                row = RatingRow(account_id=account, game=game, games=0)
                session.add(row)
            row.mu, row.sigma, row.games, row.updated_at = after.mu, after.sigma, row.games + 1, now
            session.add(
                RatedGameRow(
                    room_id=room_id,
                    account_id=account,
                    game=game,
                    seat=seat,
                    rank=ranks[seat],
                    mu=after.mu,
                    sigma=after.sigma,
                    at=now,
                )
            )

    # ----- reading -----
    def of(self, accounts: Iterable[str], game: str) -> dict[str, Rating]:
        """The accounts' ratings in ``game`` (an account never rated there: the prior)."""
        wanted = sorted(set(accounts))
        prior = self.model.rating()
        found: dict[str, Rating] = {}
        if wanted:
            with self.store._session(write=False) as session:
                for row in session.scalars(
                    select(RatingRow).where(
                        RatingRow.game == game, RatingRow.account_id.in_(wanted)
                    )
                ):
                    found[row.account_id] = Rating(row.mu, row.sigma, row.games)
        return {account: found.get(account, Rating(prior.mu, prior.sigma)) for account in wanted}

    def leaderboard(
        self, game: str, least_games: int = LEADERBOARD_LEAST_GAMES, limit: int = 100
    ) -> list[tuple[str, Rating]]:
        """The best by ordinal (mu − 3 sigma) of the accounts with ``least_games`` rated games
        of ``game``, not deleted: name and rating."""
        ordinal = RatingRow.mu - 3 * RatingRow.sigma
        with self.store._session(write=False) as session:
            rows = session.execute(
                select(AccountRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(
                    RatingRow.game == game,
                    RatingRow.games >= least_games,
                    AccountRow.deleted_at.is_(None),
                )
                .order_by(ordinal.desc(), AccountRow.name)
                .limit(limit)
            )
            return [(name, Rating(mu, sigma, games)) for name, mu, sigma, games in rows]

    def history(self, account: str, limit: int = 500) -> list[dict[str, Any]]:
        """The account's rated games, oldest first: game, room, seat, place, rating after."""
        with self.store._session(write=False) as session:
            rows = session.scalars(
                select(RatedGameRow)
                .where(RatedGameRow.account_id == account)
                .order_by(RatedGameRow.at.desc(), RatedGameRow.room_id)
                .limit(limit)
            ).all()
        return [
            {
                "game": row.game,
                "room": row.room_id,
                "seat": row.seat,
                "place": row.rank,
                "mu": round(row.mu, 3),
                "sigma": round(row.sigma, 3),
                "at": _aware(row.at).isoformat(),
            }
            for row in reversed(rows)
        ]


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
