"""Ratings (``server/ratings.py``): OpenSkill's own update, places from every kind of ending,
the rules of a rated room, a whole rated game against bots, once only, and a population of
known strengths ordered right; the player's page and the leaderboard."""

from __future__ import annotations

import random
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import select
from tests.server.test_accounts import QUICK

from angler.agents.base import make_agent
from angler.core import make_game
from angler.play.loop import play_out
from angler.server.account_rows import RatedGameRow
from angler.server.accounts import Accounts
from angler.server.api import CreateRoom
from angler.server.ratings import RatedRoomError, Ratings, bot_ratings, places, rated_levels
from angler.server.registry import RoomRegistry
from angler.server.store import Store


def test_a_four_player_update_is_openskills_own() -> None:
    model = PlackettLuce()
    ratings = Ratings.__new__(Ratings)
    ratings.model = model
    before = [(25.0, 25 / 3), (30.0, 5.0), (20.0, 6.0), (25.0, 25 / 3)]
    ranks = [2.0, 1.0, 4.0, 2.0]  # a tie for second
    own = model.rate([[model.rating(mu=m, sigma=s)] for m, s in before], ranks=ranks)
    ours = ratings.model.rate(
        [[ratings.model.rating(mu=m, sigma=s)] for m, s in before], ranks=ranks
    )
    assert [(t[0].mu, t[0].sigma) for t in ours] == [(t[0].mu, t[0].sigma) for t in own]
    assert own[1][0].mu > 30.0 and own[2][0].mu < 20.0  # the winner up, the last down


@pytest.mark.parametrize(
    ("result", "people", "expected"),
    [
        ({"scores": [10, 30, 30, 5], "winners": [1, 2]}, [0, 1], [3, 1, 1, 4]),
        # a resigned seat ranks last, whatever its score
        ({"scores": [50, 30, 20], "winners": [1], "resigned": [0]}, [0, 1], [3, 1, 2]),
        # abandoned: every person left, a loss for each; the bots share first place
        ({"ended": "abandoned", "winners": [], "resigned": []}, [0, 2], [2, 1, 2]),
        ({"ended": "resigned", "winners": [1], "resigned": [0]}, [0, 1], [2, 1]),
        ({"ended": "cancelled", "winners": [], "resigned": []}, [0], None),
    ],
)
def test_places_from_every_ending(
    result: dict[str, Any], people: list[int], expected: list[int] | None
) -> None:
    players = len(result.get("scores") or expected or [0, 0])
    assert places(result, players, people) == expected


def test_every_game_rates_its_bot_levels() -> None:
    for game in ("fishing", "crazy-fishing", "flip-and-fish"):
        assert {"easy", "normal", "hard", "random", "heuristic"} <= set(rated_levels(game))
        assert all(rating.sigma > 0 for rating in bot_ratings()[game].values())


@pytest.fixture
def signed(store: Store) -> Any:
    accounts = Accounts(store, hasher=QUICK)
    return accounts, accounts.sign_up("Ann-Marie", "correct horse").account


def test_the_rules_of_a_rated_room(store: Store, signed: Any) -> None:
    accounts, ann = signed
    registry = RoomRegistry(store, names_of=accounts.names)
    rated = {"rated": True}
    for seats, account, words in (
        (["human", "human"], ann, "hot-seat"),
        (["human", "easy"], None, "sign in"),
        (["human", "ismcts:100it"], ann, "rated levels"),
    ):
        with pytest.raises(RatedRoomError, match=words):
            registry.create(CreateRoom(game="flip-and-fish", seats=seats, settings=rated), account)
    assert store.live_rooms() == []  # nothing stored
    made = registry.create(
        CreateRoom(game="flip-and-fish", seats=["human", "public"], settings=rated), ann
    )
    with pytest.raises(RatedRoomError, match="sign in to take a seat"):
        registry.claim(made.room, 1)
    bob = accounts.sign_up("Bob Ross", "correct horse").account
    assert registry.claim(made.room, 1, account=bob).seat == 1
    assert store.seat_accounts(made.room) == {0: ann.id, 1: bob.id}


def test_a_rated_game_moves_the_persons_rating_once(store: Store, signed: Any) -> None:
    accounts, ann = signed
    ratings = Ratings(store)
    registry = RoomRegistry(store, names_of=accounts.names, ratings=ratings)
    made = registry.create(
        CreateRoom(game="flip-and-fish", seats=["human", "public"], settings={"rated": True}), ann
    )
    bob = accounts.sign_up("Bob Ross", "correct horse").account
    bob_token = registry.claim(made.room, 1, account=bob).token
    room = registry.rooms[made.room]
    tokens = {0: made.seats[0].token, 1: bob_token}
    rng = random.Random(7)
    while not room.over:
        seat = room.state.current_players()[0]
        room.move(tokens[seat], rng.choice(room.state.legal_actions(seat)), room.version)
    result, rate = registry.finishing(made.room, room)
    assert rate is not None
    store.finish(made.room, result, rate)
    after = ratings.of([ann.id, bob.id], "flip-and-fish")
    winners = set(result["winners"])
    for seat, account in ((0, ann), (1, bob)):
        rating = after[account.id]
        assert rating.games == 1 and rating.sigma < 25 / 3
        if winners == {seat}:
            assert rating.mu > 25.0
        elif seat not in winners:
            assert rating.mu < 25.0
    with store._session(write=True) as session:  # the same room rated again: nothing moves
        rate(session)
    assert ratings.of([ann.id], "flip-and-fish")[ann.id] == after[ann.id]
    with store._session(write=False) as session:
        assert len(session.scalars(select(RatedGameRow)).all()) == 2
    assert [entry["room"] for entry in ratings.history(ann.id)] == [made.room]
    board = ratings.leaderboard("flip-and-fish", least_games=1)
    assert sorted(name for name, _ in board) == ["Ann-Marie", "Bob Ross"]
    assert ratings.leaderboard("flip-and-fish") == []  # five rated games at least, by default


def test_an_unrated_room_moves_nothing(store: Store, signed: Any) -> None:
    accounts, ann = signed
    ratings = Ratings(store)
    registry = RoomRegistry(store, names_of=accounts.names, ratings=ratings)
    made = registry.create(CreateRoom(game="flip-and-fish", seats=["human", "easy"]), ann)
    room = registry.rooms[made.room]
    assert registry.finishing(made.room, room)[1] is None
    assert ratings.of([ann.id], "flip-and-fish")[ann.id].games == 0


def test_a_population_of_known_strengths_is_ordered_right(store: Store) -> None:
    """Four accounts, two playing as the random bot and two as the heuristic one, meet in
    three-seat Crazy Fishing games drawn at random; after 60 games both heuristic players are
    rated above both random ones (the ladder: heuristic 28.1, random 10.3)."""
    accounts = Accounts(store, hasher=QUICK)
    strengths = {"Rand One": "random", "Rand Two": "random", "Heur One": "heuristic",
                 "Heur Two": "heuristic"}  # fmt: skip
    ids = {name: accounts.sign_up(name, "correct horse").account.id for name in strengths}
    ratings = Ratings(store)
    game = make_game("crazy-fishing", 3)
    rng = random.Random(20261206)
    registry = RoomRegistry(store)
    for number in range(60):
        lineup = rng.sample(sorted(strengths), 3)
        agents = [make_agent(strengths[name], number * 3 + seat, game) for seat, name in
                  enumerate(lineup)]  # fmt: skip
        state = play_out(game.new_state(rng.randrange(2**31)), agents)
        made = registry.create(CreateRoom(game="crazy-fishing", seats=["easy"] * 3))
        result = {"scores": state.scores(), "winners": state.winners()}
        owners = {seat: ids[name] for seat, name in enumerate(lineup)}
        rate = ratings.finishing(
            made.room, "crazy-fishing", ["human"] * 3, owners, {"rated": True}, result
        )
        store.finish(made.room, result, rate)
        registry.rooms.pop(made.room)
    rated = ratings.of(ids.values(), "crazy-fishing")
    order = sorted(strengths, key=lambda name: -rated[ids[name]].ordinal)
    assert set(order[:2]) == {"Heur One", "Heur Two"}, [(n, rated[ids[n]]) for n in order]
