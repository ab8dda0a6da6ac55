"""The shipped conformance checks (``angler.testing``) pass on a small correct game and catch
each kind of bug they exist for: a leaky view, a shallow clone, the global random module,
repeated legal actions, texts that do not round-trip, a seat offered actions out of turn, a
set-up that forgets part of the position."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Self

import pytest

from angler.core import AnglerError, Game, all_games, registry
from angler.core.chance import Chance
from angler.core.events import private, public, visible
from angler.core.fields import COPY, COPY_EACH, SHARED, Fields
from angler.core.search import SearchSupport
from angler.core.state import State
from angler.core.view import View
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

HAND, ROUNDS = 3, 2


@private("dealt")
class Dealt(NamedTuple):
    seat: int
    cards: tuple[int, ...]


@public("play")
class Play(NamedTuple):
    seat: int
    card: int


@public("trick")
class TrickWon(NamedTuple):
    seat: int


@dataclass(frozen=True)
class ToyView(View):
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    trick: tuple[tuple[int, int], ...]
    scores: tuple[int, ...]
    turn: int
    round: int


class ToyState(State["ToyView"]):
    """High card: play a card of the lead's parity if you can; the highest catches the trick."""

    FIELDS: ClassVar[Fields] = {
        "deck": COPY,
        "hands": COPY_EACH,
        "n": SHARED,
        "round": SHARED,
        "score": COPY,
        "trick": COPY,
        "turn": SHARED,
    }
    __slots__ = tuple(FIELDS)

    def __init__(self, game: ToyGame, chance: Chance) -> None:
        self._init_core(game, chance)
        self.n = game.players
        self.deck: list[int] = list(range(game.deck_size))
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.trick: list[tuple[int, int]] = []
        self.score = [0] * self.n
        self.turn = 0
        self.round = 0

    def shuffle(self) -> None:
        self.chance.shuffle(self.deck)

    def deal(self) -> None:
        self.round += 1
        for seat in range(self.n):
            self.hands[seat] = sorted(self.deck[-HAND:])
            del self.deck[-HAND:]
            self.events.append(Dealt(seat, tuple(self.hands[seat])))

    def current_players(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (self.turn,)

    def is_terminal(self) -> bool:
        return self.round == ROUNDS and not any(self.hands) and not self.trick

    def scores(self) -> list[int]:
        return list(self.score)

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.turn or self.is_terminal():
            return []
        hand = self.hands[player]
        if self.trick:
            parity = self.trick[0][1] % 2
            follow = [card for card in hand if card % 2 == parity]
            if follow:
                return follow
        return hand.copy()

    def _apply_action(self, player: int, action: int) -> None:
        self.hands[player].remove(action)
        self.trick.append((player, action))
        self.events.append(Play(player, action))
        if len(self.trick) < self.n:
            self.turn = (player + 1) % self.n
            return
        winner = max(self.trick, key=lambda play: play[1])[0]
        self.score[winner] += 1
        self.events.append(TrickWon(winner))
        self.trick = []
        self.turn = winner
        if not self.hands[0] and self.round < ROUNDS:
            self.deal()

    def view(self, player: int) -> ToyView:
        return ToyView(
            game=self.game.name,
            player=player,
            players=self.n,
            events=visible(self.events, player),
            hand=tuple(self.hands[player]),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            deck_size=len(self.deck),
            trick=tuple(self.trick),
            scores=tuple(self.score),
            turn=self.turn,
            round=self.round,
        )


class ToyGame(Game["ToyState", "ToyView"]):
    name = "toy-high-card"
    title = "Toy high card"
    summary = "A tiny trick game for testing the conformance checks."
    min_players = 2
    max_players = 3
    default_players = 2
    event_types = (Dealt, Play, TrickWon)

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.search = ToySearch(self)

    @property
    def deck_size(self) -> int:
        return HAND * ROUNDS * self.players + 2

    def new_state(self, seed: int) -> ToyState:
        state = ToyState(self, Chance(seed))
        state.shuffle()
        state.deal()
        return state

    def state_from_setup(self, setup: Mapping[str, Any], seed: int) -> ToyState:
        state = ToyState(self, Chance(seed))
        try:
            state.round, state.turn = setup["round"], setup["turn"]
            state.deck = list(setup["deck"])
            state.hands = [list(hand) for hand in setup["hands"]]
            state.trick = [(seat, card) for seat, card in setup["trick"]]
            state.score = list(setup.get("scores", [0] * self.players))
            state.chance.counter = setup["chance_counter"]
        except (KeyError, TypeError, ValueError) as exc:
            raise AnglerError(f"a toy set-up needs {exc}") from None
        return state

    def setup_of(self, state: State[Any]) -> dict[str, Any]:
        assert isinstance(state, ToyState)
        return {
            "round": state.round,
            "turn": state.turn,
            "deck": state.deck,
            "hands": state.hands,
            "trick": state.trick,
            "scores": state.score,
            "chance_counter": state.chance.counter,
        }

    def action_to_string(self, action: int) -> str:
        if not 0 <= action < self.deck_size:
            raise AnglerError(f"{action} is not a toy action")
        return f"play {action}"

    def action_from_string(self, text: str) -> int:
        verb, _, card = text.partition(" ")
        if verb != "play" or not card.isdigit() or int(card) >= self.deck_size:
            raise AnglerError(f"unknown toy action {text!r}")
        return int(card)


class ToySearch(SearchSupport[ToyState, ToyView]):
    game: ToyGame

    def determinise(self, view: ToyView, rng: random.Random) -> ToyState:
        state = ToyState(self.game, Chance(rng.getrandbits(62)))
        state.events = list(view.events)
        state.round, state.turn = view.round, view.turn
        state.trick = list(view.trick)
        state.score = list(view.scores)
        played = {event.card for event in view.events if isinstance(event, Play)}
        hidden = [c for c in range(self.game.deck_size) if c not in played and c not in view.hand]
        rng.shuffle(hidden)
        for seat in range(view.players):
            if seat == view.player:
                state.hands[seat] = list(view.hand)
            else:
                size = view.hand_sizes[seat]
                state.hands[seat] = sorted(hidden[:size])
                del hidden[:size]
        state.deck = hidden
        return state


# ----- bugs the checks must catch -----
class LeakyState(ToyState):
    __slots__ = ()

    def view(self, player: int) -> ToyView:  # shows the next seat's hand as its own
        leak = tuple(self.hands[(player + 1) % self.n])
        return dataclasses.replace(super().view(player), hand=leak)


class ShallowCloneState(ToyState):
    __slots__ = ()

    def clone(self) -> Self:
        twin = super().clone()
        twin.hands = self.hands  # shared with the original
        return twin


class LeakyEventsState(ToyState):
    def view(self, player: int) -> ToyView:  # every seat's deal in every view
        return dataclasses.replace(super().view(player), events=tuple(self.events))


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

    def setup_of(self, state: State[Any]) -> dict[str, Any]:
        setup = super().setup_of(state)
        del setup["scores"]
        return setup


class TricklessSetupGame(ToyGame):
    """Writes a position down without the trick under way."""

    def setup_of(self, state: State[Any]) -> dict[str, Any]:
        return {**super().setup_of(state), "trick": []}


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
