"""The shipped conformance checks (``angler.testing``) pass on a small correct game and catch
each kind of bug they exist for: a leaky view, a shallow clone, the global random module,
repeated legal actions, texts that do not round-trip, a seat offered actions out of turn, a
set-up that forgets part of the position."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, Self

import pytest
from tests.toy_game import ToyGame, ToyState, ToyView

from angler.core import all_games, registry
from angler.core.chance import Chance
from angler.core.events import public
from angler.testing import (
    ConformanceError,
    check_clone_independence,
    check_determinise,
    check_game,
    check_global_random_untouched,
    check_illegal_actions,
    check_random_playouts,
    check_record_replay,
    check_same_seed_same_game,
    check_seeds_differ,
    check_setup_round_trip,
)


# ----- bugs the checks must catch -----
class LeakyState(ToyState):
    __slots__ = ()

    def _view(self, player: int) -> ToyView:  # shows the next seat's hand as its own
        leak = tuple(self.hands[(player + 1) % self.n])
        return dataclasses.replace(super()._view(player), hand=leak)


class ShallowCloneState(ToyState):
    __slots__ = ()

    def clone(self) -> Self:
        twin = super().clone()
        twin.hands = self.hands  # shared with the original
        return twin


class LeakyEventsState(ToyState):
    def _view(self, player: int) -> ToyView:  # every seat's deal in every view
        return dataclasses.replace(super()._view(player), events=tuple(self.events))


@public("shrug")
class Shrug(NamedTuple):
    seat: int


class UndeclaredEventState(ToyState):
    def _apply_action(self, player: int, action: int) -> None:
        super()._apply_action(player, action)
        self.events.append(Shrug(player))  # not in the game's event_types


class GlobalRandomState(ToyState):
    __slots__ = ()

    def shuffle(self) -> None:
        random.shuffle(self.deck)


class RepeatedLegalState(ToyState):
    __slots__ = ()

    def _legal_actions(self, player: int) -> list[int]:
        legal = super()._legal_actions(player)
        return legal + legal[:1]


class OutOfTurnState(ToyState):
    __slots__ = ()

    def _legal_actions(self, player: int) -> list[int]:
        return ToyState._legal_actions(self, self.turn) if not self.is_terminal() else []


class SeedlessState(ToyState):
    __slots__ = ()

    def shuffle(self) -> None:
        random.Random(0).shuffle(self.deck)


class LooseFieldState(ToyState):  # no __slots__: a field set here has no copy policy
    def deal(self) -> None:
        super().deal()
        self.dealt = True


def game_with(state_class: type[ToyState], players: int = 3) -> ToyGame:
    class Buggy(ToyGame):
        def new_state(self, seed: int) -> ToyState:
            state = state_class(self, Chance(seed))
            state.shuffle()
            state.deal()
            return state

    return Buggy(players)


class BadTextGame(ToyGame):
    def action_from_string(self, text: str) -> int:
        return super().action_from_string(text) + 1 if text != "play 0" else 0


@pytest.fixture
def registered_toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    all_games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register(ToyGame)
    yield ToyGame.name


# ----- the correct toy passes everything -----
def test_check_game_passes_on_a_correct_small_game(registered_toy: str) -> None:
    check_game(registered_toy, seeds=[0, 1, 2])


# ----- each bug is caught -----
CheckCall = Callable[[ToyGame], object]

CAUGHT: list[tuple[str, type[ToyState], CheckCall, str]] = [
    ("leaky view", LeakyState, lambda g: check_determinise(g, 1), "another view"),
    ("leaky events", LeakyEventsState, lambda g: check_random_playouts(g, [1]), "alone"),
    (
        "undeclared event",
        UndeclaredEventState,
        lambda g: check_random_playouts(g, [1]),
        "not one of the game's event_types",
    ),
    ("shallow clone", ShallowCloneState, lambda g: check_clone_independence(g, 1), "clone"),
    ("loose field", LooseFieldState, lambda g: check_clone_independence(g, 1), "copy policy"),
    (
        "global random",
        GlobalRandomState,
        lambda g: check_global_random_untouched(g, 1),
        "global random",
    ),
    ("global random", GlobalRandomState, lambda g: check_same_seed_same_game(g, 1), "seed"),
    ("repeated legal", RepeatedLegalState, lambda g: check_random_playouts(g, [1]), "repeat"),
    ("out of turn", OutOfTurnState, lambda g: check_random_playouts(g, [1]), "does not decide"),
    (
        "out of turn",
        OutOfTurnState,
        lambda g: check_illegal_actions(g, 1),
        "accepted|not IllegalActionError",
    ),
    ("seedless", SeedlessState, lambda g: check_seeds_differ(g, range(4)), "same game"),
]


@pytest.mark.parametrize(
    ("bug", "state_class", "check", "words"), CAUGHT, ids=[f"{c[0]}" for c in CAUGHT]
)
def test_the_checks_catch_a_buggy_game(
    bug: str, state_class: type[ToyState], check: CheckCall, words: str
) -> None:
    game = game_with(state_class)
    with pytest.raises(ConformanceError, match=words):
        check(game)


class ScorelessSetupGame(ToyGame):
    """Writes a position down without the scores: its set-ups start everyone at 0."""

    def setup_of(self, state: ToyState) -> dict[str, Any]:
        setup = super().setup_of(state)
        del setup["scores"]
        return setup


class TricklessSetupGame(ToyGame):
    """Writes a position down without the trick under way."""

    def setup_of(self, state: ToyState) -> dict[str, Any]:
        return {**super().setup_of(state), "trick": []}


class UnfinishedSetupGame(ToyGame):
    """Writes a finished game down as the round before: laid out, it is not over."""

    def setup_of(self, state: ToyState) -> dict[str, Any]:
        setup = super().setup_of(state)
        if state.is_terminal():
            setup["round"] -= 1
        return setup


class DecklessEndSetupGame(ToyGame):
    """Writes a finished game down without the cards left in its deck."""

    def setup_of(self, state: ToyState) -> dict[str, Any]:
        setup = super().setup_of(state)
        if state.is_terminal():
            setup["deck"] = []
        return setup


@pytest.mark.parametrize(
    ("game_class", "words"),
    [
        (UnfinishedSetupGame, "the end: the set-up lays out a game that is not over"),
        (DecklessEndSetupGame, r"the end \(from its set-up\): seat 0's view differs"),
    ],
)
def test_the_setup_check_holds_a_finished_game_to_its_set_up_too(
    game_class: type[ToyGame], words: str
) -> None:
    """Every position in play is laid out right; only the end is not, and the check says so."""
    with pytest.raises(ConformanceError, match=words):
        check_setup_round_trip(game_class(2), 0, points=8)


@pytest.mark.parametrize(
    ("game_class", "words"),
    [(ScorelessSetupGame, "scores|view differs"), (TricklessSetupGame, "view differs")],
)
def test_the_setup_check_catches_a_setup_that_forgets_part_of_the_position(
    game_class: type[ToyGame], words: str
) -> None:
    with pytest.raises(ConformanceError, match=words):
        check_setup_round_trip(game_class(2), 0, points=8)


def test_the_checks_catch_texts_that_do_not_round_trip() -> None:
    with pytest.raises(ConformanceError, match="round-trip"):
        check_random_playouts(BadTextGame(2), [0])


class BottomDealState(ToyState):
    """Deals from the bottom of the deck: not the registered toy, so its records replay as
    another game (the record names the game, and the registry builds the registered one)."""

    def deal(self) -> None:
        self.deck.reverse()
        super().deal()
        self.deck.reverse()


def test_the_checks_catch_a_game_whose_records_replay_as_another_game(
    registered_toy: str,
) -> None:
    game = game_with(BottomDealState, players=2)
    with pytest.raises(ConformanceError, match=r"record|replay"):
        check_record_replay(game, 0)
