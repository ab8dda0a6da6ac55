"""Shared helpers for the Fishing rules tests: build set-ups, play action texts, read piles."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pytest

from angler.core import IllegalActionError
from angler.core.events import Event
from angler.games.fishing.events import Trick
from angler.games.fishing.game import FishingGame
from angler.games.fishing.rules import FishingState
from angler.games.fishing.view import describe

E = TypeVar("E")

Step = str | tuple[int, str]
"""An action text for the one seat deciding now, or ``(seat, text)`` for a named seat."""


class Table:
    """One Fishing game with helpers that speak in card names rather than ids."""

    def __init__(self, players: int, **options: Any) -> None:
        game = FishingGame(players, **options)
        self.game = game
        self.players = players

    def setup(self, hands: list[list[str]], seed: int = 1, **extra: Any) -> FishingState:
        """A state from an explicit set-up; stacks are written top card first."""
        state = self.game.state_from_setup({"hands": hands, **extra}, seed)
        return state

    def run(self, state: FishingState, *steps: Step) -> None:
        for step in steps:
            if isinstance(step, str):
                state.apply(step, state.current_player())
            else:
                state.apply(step[1], step[0])

    def names(self, ids: Sequence[int]) -> list[str]:
        return self.game.cards.names(list(ids))

    def ids(self, names: list[str]) -> list[int]:
        return self.game.cards.ids(names)

    def hand(self, state: FishingState, seat: int) -> list[str]:
        return sorted(self.names(state.hands[seat]))

    def fisher(self, state: FishingState, seat: int) -> list[str]:
        return sorted(self.names(state.fisher[seat]))

    def legal(self, state: FishingState, seat: int) -> list[str]:
        return sorted(self.game.action_to_string(code) for code in state.legal_actions(seat))

    def events(self, state: FishingState, kind: type[E]) -> list[E]:
        """The events of one type, in order."""
        return [event for event in state.events if type(event) is kind]

    def tricks(self, state: FishingState) -> list[tuple[int, list[str]]]:
        """Each finished trick's catcher and the cards left for them, in order."""
        return [(e.seat, sorted(self.names(e.cards))) for e in self.events(state, Trick)]

    def say(self, event: Event, viewer: int | None = None) -> str:
        return describe(event, self.game.cards, viewer)

    def snapshot(self, state: FishingState) -> tuple[Any, ...]:
        """Every seat's view, plus the hidden piles, the log and the chance counter."""
        views = tuple(state.view(seat) for seat in range(self.players))
        piles = (state.hands, state.stock, state.ocean, state.fisher, state.trick)
        hidden = repr((piles, state.pass_choice, state.pending, state.remaining, state.score))
        return views, hidden, tuple(state.history), tuple(state.events), state.chance.counter

    def assert_illegal(self, state: FishingState, text: str, seat: int) -> IllegalActionError:
        """``text`` by ``seat`` raises IllegalActionError and leaves the state unchanged."""
        before = self.snapshot(state)
        with pytest.raises(IllegalActionError) as caught:
            state.apply(text, seat)
        assert self.snapshot(state) == before
        return caught.value


@pytest.fixture
def table3() -> Table:
    return Table(3)


@pytest.fixture
def table4() -> Table:
    return Table(4)


@pytest.fixture
def table5() -> Table:
    return Table(5)


@pytest.fixture
def make_table() -> Callable[..., Table]:
    return Table
