"""A tiny game for tests: high card over two short rounds, written with only the hooks every game
must provide (docs/new-game.md), so that it shows the contract is small. The conformance suite runs
over it beside the real games (tests/conformance), and the checks' own tests break it on purpose
(tests/core/test_core_conformance_checks.py).

It writes no presentation, statistics, heuristic or search hints of its own: the core's defaults
serve it, and every interface must cope with that.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from angler.core import AnglerError, Game
from angler.core.chance import Chance
from angler.core.events import private, public, visible
from angler.core.fields import COPY, COPY_EACH, SHARED, Fields
from angler.core.search import SearchSupport
from angler.core.state import State
from angler.core.view import View, own

HAND, ROUNDS = 3, 2


@private("dealt", reveals=True)
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

    def _view(self, player: int) -> ToyView:
        return ToyView(
            game=self.game.name,
            player=player,
            players=self.n,
            events=visible(self.events, player),
            hand=tuple(own(self.hands, player, [])),  # a spectator (PUBLIC) holds none
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
    summary = "A tiny trick game: only the hooks every game must write."
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

    def setup_of(self, state: ToyState) -> dict[str, Any]:
        return {
            "round": state.round,
            "turn": state.turn,
            "deck": state.deck,
            "hands": state.hands,
            "trick": state.trick,
            "scores": state.score,
            "chance_counter": state.chance.counter,
        }

    def secrets(self, state: ToyState) -> Any:
        """The deck's order: no seat sees it (a game whose every hidden card some seat sees
        leaves this out)."""
        return tuple(state.deck)

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
