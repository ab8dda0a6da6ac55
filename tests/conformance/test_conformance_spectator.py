"""A spectator sees the public view only: ``state.view(PUBLIC)``, the view of no seat, holds every
public thing and nothing private (no hand, private event, secret cast or peeked face); any other
seat index out of range is refused; and every presentation hook reads it without a "you"."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from typing import Any

import pytest
from tests.conformance.test_messages import grammar_problems, random_game, wording_problems
from tests.toy_game import ToyGame, ToyState, ToyView

from angler.core import AnglerError, Game, make_game
from angler.core.chance import Chance
from angler.core.events import PUBLIC, audience_of
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.testing import ConformanceError, check_spectator_view, play_random, policy, snapshot

YOURS = re.compile(r"(you|your)\b", re.IGNORECASE)  # a table line about the viewer's own seat


@pytest.mark.parametrize("seed", [0, 1])
def test_the_spectator_view_is_what_every_redeal_shows(game: Game[Any, Any], seed: int) -> None:
    compared = check_spectator_view(game, seed, points=4, samples=3)
    assert compared >= 2 * 3 * game.players  # the start and the end at least, every seat


def test_view_of_public_no_longer_shows_the_last_seats_hand(game: Game[Any, Any]) -> None:
    state = game.new_state(3)
    play_random(state, policy(3, "spectator-hand"), steps=4)
    watched = state.view(PUBLIC)
    assert watched.player == PUBLIC and watched.spectator
    assert all(audience_of(event) == PUBLIC for event in watched.events)
    last = state.view(game.players - 1)
    if hasattr(last, "hand"):  # Fishing, Crazy Fishing, the toy; Flip & Fish has no hands
        assert last.hand and watched.hand == ()
    private = {(type(event), event) for event in last.events if audience_of(event) != PUBLIC}
    assert not private & {(type(event), event) for event in watched.events}  # kinds compared too


def test_a_spectator_sees_no_fish_finder_face_and_no_secret_cast() -> None:
    """At every step of random Crazy Fishing games, a spectator sees only the sea faces everyone
    has seen (never one a Fish Finder showed a seat), no hand and no cast before the reveal."""
    game = make_game("crazy-fishing", 3)
    peeked = 0
    for seed in range(4):
        state = game.new_state(seed)
        rng = policy(seed, "spectator-faces")
        while not state.is_terminal():
            watched = state.view(PUBLIC)
            peeked += any(watched.peeked)
            assert watched.my_cast == 0 and watched.hand == ()
            shown = {spot for spot, *_, face in watched.sea if face >= 0}
            assert shown <= set(watched.sea_known)
            seat = rng.choice(state.current_players())
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    assert peeked, "no seat used a Fish Finder: the test shows nothing"


def test_a_spectator_does_not_see_the_last_seats_flashlight_peek() -> None:
    game = FlipAndFishGame(3)
    setup = {
        "water": ["Wahoo", "Perch#2", "Squirrelfish#1", "Bluegill#2", "Wrasse"],
        "caught": [[], [], []],
        "gear": [[], [], ["Flashlight#1"]],
        "turn": 2,
    }
    state = game.state_from_setup(setup, seed=4)
    state.apply("fish", 2)
    state.apply("use Flashlight#1 1", 2)
    wahoo = game.cards.by_name["Wahoo"]
    assert state.view(2).water[0] == wahoo
    watched = state.view(PUBLIC)
    assert watched.water[0] == -1 and watched.peeked[2] == (0,)  # where it looked is public
    assert "Wahoo" not in json.dumps(watched.as_dict())
    assert "Wahoo" not in game.presentation.render_view(watched)


@pytest.mark.parametrize("seat", [-2, -100, "players", None, True, 1.0, -1.0])
def test_any_other_seat_out_of_range_is_refused_and_changes_nothing(
    game: Game[Any, Any], seat: object
) -> None:
    state = game.new_state(5)
    before = snapshot(state)
    bad = game.players if seat == "players" else seat
    with pytest.raises(AnglerError, match=r"not a seat to view from.*PUBLIC"):
        state.view(bad)
    assert snapshot(state) == before


def test_every_presentation_hook_reads_a_spectator_view(game: Game[Any, Any]) -> None:
    presentation = game.presentation
    real = game.name != ToyGame.name  # the toy keeps the core's plain defaults
    for state in (game.new_state(2), random_game(game, 2)):
        view = state.view(PUBLIC)
        text = presentation.render_view(view)
        if real:
            assert "watching" in text.splitlines()[0]
            for line in text.splitlines():
                assert not wording_problems(line, game.players) + grammar_problems(line.strip())
                assert not YOURS.match(line.strip()) and "you are player" not in line.lower()
        names = presentation.view_names(view)
        json.dumps(names)
        for event in view.events:
            line = presentation.describe_event(event, None)
            assert line and "you" not in line.lower().split(), line
        assert names["events"] == [presentation.describe_event(e, None) for e in view.events]
        picture = presentation.terminal_picture(view)
        if picture is not None:
            for width, rows in ((80, 24), (40, None)):
                drawing = picture.draw(width, rows)
                if drawing is not None:
                    assert all(len(line) <= width for line in drawing.plain.splitlines())
                    assert "Your hand" not in drawing.plain and "YOU" not in drawing.plain


# ----- the check catches a spectator view that leaks -----
class LastSeatState(ToyState):
    """The old way: a view that indexes the hands with the seat shows PUBLIC the last hand."""

    __slots__ = ()

    def _view(self, player: int) -> ToyView:
        return dataclasses.replace(super()._view(player), hand=tuple(self.hands[player]))


class PrivateEventsState(ToyState):
    """Shows a spectator every seat's deal."""

    __slots__ = ()

    def _view(self, player: int) -> ToyView:
        view = super()._view(player)
        return dataclasses.replace(view, events=tuple(self.events)) if view.spectator else view


def game_with(state_class: type[ToyState]) -> ToyGame:
    class Buggy(ToyGame):
        def new_state(self, seed: int) -> ToyState:
            state = state_class(self, Chance(seed))
            state.shuffle()
            state.deal()
            return state

    return Buggy(3)


@pytest.mark.parametrize(
    ("state_class", "words"),
    [
        (LastSeatState, r"another view \(fields hand\): it shows what seat"),
        (PrivateEventsState, "alone"),
    ],
)
def test_the_check_catches_a_leaky_spectator_view(state_class: type[ToyState], words: str) -> None:
    with pytest.raises(ConformanceError, match=words):
        check_spectator_view(game_with(state_class), 1)


def test_a_redeal_that_forgets_what_everyone_saw_is_caught() -> None:
    """Comparing twins from every seat also catches public knowledge a re-deal loses (Crazy
    Fishing once forgot that a face its seat had peeked at was since shown to all)."""
    game = make_game("crazy-fishing", 3)
    search = game.search
    real = search.determinise

    def forgetful(view: Any, rng: random.Random) -> Any:
        return real(dataclasses.replace(view, sea_known=()), rng)

    search.determinise = forgetful  # type: ignore[method-assign]
    with pytest.raises(ConformanceError, match="fields sea"):
        for seed in range(4):
            check_spectator_view(game, seed)
