"""The rulings on people who stop playing (docs/rules/<game>.md, "Playing online"), in the room
itself, for every game: resigning with two players ends the game and the other wins; with more,
a bot plays the resigned seat to the end and it cannot win; a game everyone left ends as
abandoned; no result is counted for a game that ended unfinished."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.server.serving import journal_of

from angler.core import all_games
from angler.server.journal import MemoryJournal, RoomHeader
from angler.server.rooms import GameOverError, Room, SeatError, make_header

GAMES = [game.name for game in all_games()]
TWO_PLAYER_GAMES = [game.name for game in all_games() if game.min_players <= 2]
OPTIONS: dict[str, dict[str, Any]] = {"flip-and-fish": {"rounds": 3}}  # a short game


def room_of(game: str, seats: list[str]) -> tuple[Room, list[str], list[RoomHeader]]:
    header = make_header(game, OPTIONS.get(game), seats, seed=17, settings={"takeover": "random"})
    room = Room(header, MemoryJournal())
    stored: list[RoomHeader] = []
    tokens = [room.claim(seat) if kind == "human" else "" for seat, kind in enumerate(seats)]
    return room, tokens, stored


def play_out(room: Room, tokens: list[str], rng: random.Random) -> None:
    """Every seat plays a random legal move; a resigned seat's moves are the bot's."""
    while not room.over:
        seat = room.state.current_players()[0]
        action = rng.choice(room.state.legal_actions(seat))
        if seat in room.resigned:
            room.play_bot(seat, action, room.version, for_person=True)
        else:
            room.move(tokens[seat], action, room.version)


@pytest.mark.parametrize("game", TWO_PLAYER_GAMES)
def test_resigning_a_two_player_game_ends_it_and_the_other_wins(game: str) -> None:
    room, tokens, stored = room_of(game, ["human", "human"])
    room.resign(tokens[0], "random", stored.append)
    assert stored and stored[-1].settings["resigned"] == [0]  # stored before it counts
    assert room.over and room.ended == "resigned"
    assert room.result() == {"ended": "resigned", "winners": [1], "resigned": [0]}
    with pytest.raises(GameOverError):
        room.move(tokens[1], 0, room.version)  # refused before the move is read


@pytest.mark.parametrize("game", GAMES)
def test_resigning_with_three_players_leaves_a_bot_in_the_seat_that_cannot_win(game: str) -> None:
    room, tokens, stored = room_of(game, ["human", "human", "human"])
    room.resign(tokens[1], "random", stored.append)
    assert not room.over and room.resigned == {1}
    with pytest.raises(GameOverError, match="you have resigned"):
        room.move(tokens[1], 0, room.version)
    with pytest.raises(SeatError, match="resigned already"):
        room.resign(tokens[1], "random", stored.append)
    play_out(room, tokens, random.Random(5))
    result = room.result()
    assert result is not None and result["resigned"] == [1] and 1 not in result["winners"]
    scores = result["scores"]
    assert result["winners"] == [s for s in (0, 2) if scores[s] == max(scores[0], scores[2])]
    journal = journal_of(room)
    rebuilt = Room.rebuild(stored[-1], journal.actions, MemoryJournal(), room.tokens.hashes)
    assert rebuilt.resigned == {1} and rebuilt.result() == result  # a restart keeps it


@pytest.mark.parametrize("game", GAMES)
def test_when_every_person_resigned_the_game_ends_unfinished(game: str) -> None:
    room, tokens, stored = room_of(game, ["human", "human", "random"])
    room.resign(tokens[0], "random", stored.append)
    assert not room.over
    room.resign(tokens[1], "random", stored.append)
    assert room.over and room.result() == {"ended": "resigned", "winners": [], "resigned": [0, 1]}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_every_person_left_ends_abandoned_and_counts_for_nobody(game: str) -> None:
    seats = ["human"] + ["random"] * (get_min_players(game) - 1)
    room, tokens, _ = room_of(game, seats)
    room.end("abandoned", lambda header: None)
    assert room.over and room.result() == {"ended": "abandoned", "winners": [], "resigned": []}
    payload = room.payload(0)
    assert payload["over"] and payload["ended"] == "abandoned" and payload["legal"] == []
    assert "scores" not in payload
    with pytest.raises(GameOverError, match="abandoned"):
        room.move(tokens[0], 0, room.version)


def get_min_players(game: str) -> int:
    return next(g.min_players for g in all_games() if g.name == game)


def test_a_bot_chosen_move_is_not_taken_once_the_room_has_ended() -> None:
    room, _, _ = room_of("crazy-fishing", ["human", "random"])
    version, _, legal = room.decision(1) or (0, None, [0])
    room.end("abandoned", lambda header: None)
    assert room.decision(1) is None and room.bot_to_act() is None
    with pytest.raises(GameOverError):
        room.play_bot(1, legal[0], version)
    assert room.version == 0


def test_a_room_ended_unfinished_stays_ended_after_a_restart() -> None:
    room, tokens, stored = room_of("fishing", ["human", "open", "random"])
    room.cancel(tokens[0], stored.append)
    rebuilt = Room(stored[-1], MemoryJournal(), room.tokens.hashes)
    assert rebuilt.over and rebuilt.ended == "cancelled"
    two, two_tokens, two_stored = room_of("crazy-fishing", ["human", "human"])
    two.resign(two_tokens[1], "random", two_stored.append)
    again = Room(two_stored[-1], MemoryJournal(), two.tokens.hashes)
    assert again.ended == "resigned" and again.result() == two.result()


def test_a_creator_who_resigns_before_the_friend_came_ends_the_game() -> None:
    header = make_header("fishing", None, ["human", "open", "random"], seed=3)
    room = Room(header, MemoryJournal())
    token = room.claim(0)
    room.resign(token, "random", lambda header: None)
    assert room.over and room.ended == "resigned"  # nobody who took a seat plays on


def test_a_seat_goes_only_to_a_bot_the_server_allows() -> None:
    stored: list[RoomHeader] = []
    header = make_header("fishing", None, ["human", "open", "random"], seed=3)
    invited = Room(header, MemoryJournal())
    creator = invited.claim(0)
    with pytest.raises(SeatError, match="past the cap"):
        invited.fill(creator, 1, "ismcts:600s", stored.append, lambda agent: "past the cap")
    assert invited.kinds[1] == "open" and not stored
    assert invited.fill(creator, 1, "easy", stored.append) == "easy"
    assert stored[-1].seats == ["human", "easy", "random"]
