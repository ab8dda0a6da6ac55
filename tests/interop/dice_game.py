"""A tiny dice game whose chance after the deal is listed (``Game.chance_events_listed``), to
test the OpenSpiel adapter's chance nodes in mid-game
(tests/interop/test_openspiel_listed_chance.py).

Two players are dealt one secret card each from 1, 2 and 3 (the third stays hidden). They take
two turns each, alternately: stay, or roll a three-sided die (0, 1 or 2 with probabilities 1/2,
1/4, 1/4) and add it to their score. The highest score plus card wins; a tie shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from angler.core import AnglerError, Game
from angler.core.chance import Chance, Outcomes
from angler.core.encoding import Encoding
from angler.core.events import private, public, visible
from angler.core.fields import COPY, SHARED, Fields
from angler.core.state import State
from angler.core.view import View, own

CARDS, TURNS = (1, 2, 3), 4
STAY, ROLL = 0, 1
DIE: Outcomes = [(0.5, [0]), (0.25, [1]), (0.25, [2])]


@private("card", reveals=True)
class Card(NamedTuple):
    seat: int
    card: int


@public("rolled")
class Rolled(NamedTuple):
    seat: int
    pips: int


@dataclass(frozen=True)
class DiceView(View):
    card: int
    scores: tuple[int, ...]
    turn: int


class DiceState(State["DiceView"]):
    FIELDS: ClassVar[Fields] = {"cards": COPY, "score": COPY, "turn": SHARED}
    __slots__ = tuple(FIELDS)

    def __init__(self, game: DiceGame, chance: Chance) -> None:
        self._init_core(game, chance)
        self.cards = [0, 0, 0]  # each seat's card, then the hidden one
        self.score = [0, 0]
        self.turn = 0

    def current_players(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (self.turn % 2,)

    def is_terminal(self) -> bool:
        return self.turn >= TURNS

    def scores(self) -> list[int]:
        return [self.score[seat] + self.cards[seat] for seat in range(2)]

    def _legal_actions(self, player: int) -> list[int]:
        return [] if self.is_terminal() or player != self.turn % 2 else [STAY, ROLL]

    def _apply_action(self, player: int, action: int) -> None:
        if action == ROLL:
            pips = self.chance.outcome(lambda rng: [rng.choice([0, 0, 1, 2])], lambda: DIE)[0]
            self.score[player] += pips
            self.events.append(Rolled(player, pips))
        self.turn += 1

    def _view(self, player: int) -> DiceView:
        return DiceView(
            game=self.game.name,
            player=player,
            players=2,
            events=visible(self.events, player),
            card=own(self.cards[:2], player, 0),
            scores=tuple(self.score),
            turn=self.turn,
        )


class DiceEncoding(Encoding[DiceView]):
    def action_count(self) -> int:
        return 2

    def action_index(self, view: DiceView, code: int) -> int:
        return code

    def action_code(self, view: DiceView, index: int) -> int:
        if index not in (STAY, ROLL):
            raise ValueError(f"no action {index}")
        return index

    def observation_shape(self) -> tuple[int, ...]:
        return (6,)

    def observation(self, view: DiceView) -> list[float]:
        card = [1.0 if view.card == value else 0.0 for value in CARDS]
        return [*card, *map(float, view.scores), float(view.turn)]

    def max_game_length(self) -> int:
        return TURNS


class DiceGame(Game["DiceState", "DiceView"]):
    name = "test-dice"
    title = "Test dice"
    summary = "Two turns each: stay or roll a listed die; secret cards add."
    min_players = 2
    max_players = 2
    default_players = 2
    event_types = (Card, Rolled)

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.encoding = DiceEncoding(self)

    def new_state(self, seed: int) -> DiceState:
        state = DiceState(self, Chance(seed))
        order = list(CARDS)
        state.chance.shuffle(order)
        return self._dealt(state, order)

    def _dealt(self, state: DiceState, order: list[int]) -> DiceState:
        state.cards = list(order)
        for seat in range(2):
            state.events.append(Card(seat, order[seat]))
        return state

    def state_from_setup(self, setup: Mapping[str, Any], seed: int) -> DiceState:
        state = DiceState(self, Chance(seed))
        try:
            order = [int(card) for card in setup["cards"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise AnglerError(f"a dice set-up needs its cards ({exc})") from None
        if sorted(order) != list(CARDS):
            raise AnglerError("a dice set-up deals 1, 2 and 3")
        state.score = list(setup.get("scores", [0, 0]))
        state.turn = int(setup.get("turn", 0))
        return self._dealt(state, order)

    def setup_of(self, state: DiceState) -> dict[str, Any]:
        return {"cards": state.cards, "scores": state.score, "turn": state.turn}

    def chance_deals(self) -> list[tuple[float, dict[str, Any]]]:
        """The six orders of the cards, each 1/6."""
        orders = [[a, b, c] for a in CARDS for b in CARDS for c in CARDS if len({a, b, c}) == 3]
        return [(1 / 6, {"cards": order}) for order in orders]

    def chance_events_listed(self) -> int:
        return len(DIE)

    def action_to_string(self, action: int) -> str:
        if action not in (STAY, ROLL):
            raise AnglerError(f"{action} is not a dice action")
        return "roll" if action == ROLL else "stay"

    def action_from_string(self, text: str) -> int:
        if text not in ("stay", "roll"):
            raise AnglerError(f"unknown dice action {text!r}")
        return ROLL if text == "roll" else STAY
