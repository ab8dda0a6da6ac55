"""Shared helpers for the Crazy Fishing rules tests: set-ups, action texts, card names."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pytest

from angler.core import IllegalActionError
from angler.core.events import Event
from angler.games.crazy_fishing.cards import ROD
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.crazy_fishing.rules import COLLECT, CrazyFishingState
from angler.games.crazy_fishing.view import describe

E = TypeVar("E")

Step = str | tuple[int, str]
"""An action text for the one seat deciding now, or ``(seat, text)`` for a named seat."""

# Every rules field of a state (the legality cache is left out: it is only a cache).
STATE_FIELDS = tuple(
    name
    for name in CrazyFishingState.__slots__
    if name not in ("cards", "free_cache", "cast_options")
)


def apart(count: int, gap: int = 100) -> list[list[int]]:
    """Sea positions in a row, ``gap`` mm apart: with gap ≥ 70 no fish covers another."""
    return [[spot * gap, 0] for spot in range(count)]


class Table:
    """One Crazy Fishing game with helpers that speak in card names rather than ids."""

    def __init__(self, players: int, **options: Any) -> None:
        game = CrazyFishingGame(players, **options)
        self.game = game
        self.players = players

    def setup(
        self, hands: list[list[str]], sea: list[str] | None = None, *, seed: int = 1, **extra: Any
    ) -> CrazyFishingState:
        """A state from an explicit set-up. The sea is listed bottom-up; without ``positions`` the
        fish lie in a row, none covering another. Decks and piles are written top card first."""
        setup: dict[str, Any] = {"hands": hands, **extra}
        if sea is not None:
            setup["sea"] = sea
            setup.setdefault("positions", apart(len(sea)))
        state = self.game.state_from_setup(setup, seed)
        return state

    def run(self, state: CrazyFishingState, *steps: Step) -> None:
        for step in steps:
            if isinstance(step, str):
                state.apply(step, state.current_player())
            else:
                state.apply(step[1], step[0])

    def cast_all(self, state: CrazyFishingState, *casts: str | None) -> None:
        """Every seat casts (``None``: the seat sits out), in seat order."""
        for seat, text in enumerate(casts):
            if text is not None:
                state.apply(text, seat)

    def name(self, card: int) -> str:
        return self.game.cards.cards[card].name

    def names(self, ids: Sequence[int]) -> list[str]:
        return self.game.cards.names(list(ids))

    def ids(self, names: list[str]) -> list[int]:
        return self.game.cards.ids(names)

    def id(self, name: str) -> int:
        return self.game.cards.by_name[name]

    def hand(self, state: CrazyFishingState, seat: int) -> list[str]:
        return sorted(self.names(state.hands[seat]))

    def pile(self, state: CrazyFishingState, seat: int) -> list[str]:
        """A catch pile, bottom card first (the top card is last)."""
        return self.names(state.piles[seat])

    def sea(self, state: CrazyFishingState) -> list[str | None]:
        """The fish by spot, bottom of the pile first; None where a fish was taken."""
        return [self.name(card) if card >= 0 else None for card in state.sea_card]

    def spot(self, state: CrazyFishingState, name: str) -> int:
        return state.sea_card.index(self.id(name))

    def legal(self, state: CrazyFishingState, seat: int) -> list[str]:
        return sorted(self.game.action_to_string(code) for code in state.legal_actions(seat))

    def events(self, state: CrazyFishingState, kind: type[E]) -> list[E]:
        """The events of one type, in order."""
        return [event for event in state.events if type(event) is kind]

    def say(self, event: Event, viewer: int | None = None) -> str:
        return describe(event, self.game.cards, viewer)

    def where(self, state: CrazyFishingState) -> dict[int, tuple[int, int]]:
        """Each sea spot's position (mm), as every player sees it."""
        return {spot: (x, y) for spot, x, y, *_ in state.view(0).sea}

    def finish_collect(self, state: CrazyFishingState) -> None:
        """Every collector draws until done, from the deck of the kind they hold fewer of."""
        kind = self.game.cards.kind
        while state.phase == COLLECT:
            seat = state.current_player()
            rods = sum(1 for c in state.hands[seat] if kind[c] == ROD)
            want = "draw rod" if rods < len(state.hands[seat]) - rods else "draw bait"
            legal = self.legal(state, seat)
            state.apply(want if want in legal else legal[0], seat)

    def snapshot(self, state: CrazyFishingState) -> tuple[Any, ...]:
        """Every seat's view, every rules field, the log and the chance counter."""
        views = tuple(state.view(seat) for seat in range(self.players))
        fields = repr(tuple(getattr(state, name) for name in STATE_FIELDS))
        return views, fields, tuple(state.history), tuple(state.events), state.chance.counter

    def assert_illegal(self, state: CrazyFishingState, text: str, seat: int) -> IllegalActionError:
        """``text`` by ``seat`` raises IllegalActionError and leaves the state unchanged."""
        before = self.snapshot(state)
        with pytest.raises(IllegalActionError) as caught:
            state.apply(text, seat)
        assert self.snapshot(state) == before
        return caught.value


@pytest.fixture
def table2() -> Table:
    return Table(2)


@pytest.fixture
def table3() -> Table:
    return Table(3)


@pytest.fixture
def table4() -> Table:
    return Table(4)


@pytest.fixture
def oos2() -> Table:
    """2 players with every out-of-series fish and both out-of-series rods."""
    return Table(2, out_of_series="all", oos_rods=True)


@pytest.fixture
def oos3() -> Table:
    """3 players with every out-of-series fish and both out-of-series rods."""
    return Table(3, out_of_series="all", oos_rods=True)


@pytest.fixture
def make_table() -> Callable[..., Table]:
    return Table
