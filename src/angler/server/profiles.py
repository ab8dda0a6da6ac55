"""A player's page: their games, win share and mean score per game and player count, their
ratings and the ratings' history, and their recent games. Built only from what every finished
game's record and result already show everyone: nothing of a live game."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from angler.server.accounts import Account, Accounts
from angler.server.ratings import Ratings
from angler.server.store import Store

GAMES_READ = 1000  # the newest finished games a profile counts
RECENT = 20  # the games it lists


def profile(store: Store, accounts: Accounts, ratings: Ratings, name: str) -> dict[str, Any] | None:
    """The page of the account named ``name``, or None if there is none."""
    found = accounts.find(name)
    if found is None:
        return None
    account, joined = found
    games = store.account_games(account.id, GAMES_READ)
    history = ratings.history(account.id)
    return {
        "name": account.name,
        "joined": joined.date().isoformat(),
        "games": len(games),
        "counted": GAMES_READ,
        "by_game": _by_game(games, ratings, account),
        "history": history,
        "recent": [_recent(entry) for entry in games[:RECENT]],
    }


def _by_game(
    games: list[tuple[str, str, int, int, Any]], ratings: Ratings, account: Account
) -> list[dict[str, Any]]:
    """Per game and player count: games, wins, win share and mean score; and the game's
    rating."""
    tally: dict[tuple[str, int], dict[str, Any]] = defaultdict(
        lambda: {"games": 0, "wins": 0, "scored": 0, "score_sum": 0.0, "ended_early": 0}
    )
    for _, game, seat, players, result in games:
        counts = tally[(game, players)]
        counts["games"] += 1
        counts["wins"] += seat in (result.get("winners") or ())
        scores = result.get("scores")
        if scores is not None and seat < len(scores):
            counts["scored"] += 1
            counts["score_sum"] += float(scores[seat])
        else:
            counts["ended_early"] += 1
    by_game: dict[str, dict[str, Any]] = {}
    for (game, players), counts in sorted(tally.items()):
        entry = by_game.setdefault(game, {"game": game, "players": []})
        entry["players"].append(
            {
                "players": players,
                "games": counts["games"],
                "wins": counts["wins"],
                "win_share": round(counts["wins"] / counts["games"], 3),
                "mean_score": (
                    round(counts["score_sum"] / counts["scored"], 2) if counts["scored"] else None
                ),
                "ended_early": counts["ended_early"],
            }
        )
    for game, entry in by_game.items():
        rating = ratings.of([account.id], game)[account.id]
        entry["rating"] = {
            "mu": round(rating.mu, 2),
            "sigma": round(rating.sigma, 2),
            "ordinal": round(rating.ordinal, 2),
            "games": rating.games,
        }
    return list(by_game.values())


def _recent(entry: tuple[str, str, int, int, Any]) -> dict[str, Any]:
    room, game, seat, players, result = entry
    return {
        "room": room,
        "game": game,
        "seat": seat,
        "players": players,
        "scores": result.get("scores"),
        "winners": result.get("winners") or [],
        "ended": result.get("ended"),
        "at": result["at"],
        "won": seat in (result.get("winners") or ()),
    }
