"""A stand-in encoding for Fishing, for the adapters' tests only, until the games' own
encodings land; and the games the adapters' tests run over.

The action index is the code itself (Fishing's codes are ``kind * cards + argument``: four
kinds, the last, ``call``, taking one of five colours, so ``3 * cards + 5`` of them). The
observation is a flat vector built from the FishingView alone: the hand, the trick, one's own
stockroom and one's pass as one-hot card vectors, the phase, who decides, who looks, and the
hand sizes, stockroom sizes, scores and ocean size.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from angler.core.encoding import Encoding
from angler.core.events import PUBLIC
from angler.core.game import Game
from angler.core.registry import all_games, make_game
from angler.games.fishing.rules import PHASE_NAMES
from angler.games.fishing.view import FishingView


class StandInFishingEncoding(Encoding[FishingView]):
    def __init__(self, game: Game[Any, FishingView]) -> None:
        super().__init__(game)
        self.cards = len(game.cards)  # type: ignore[attr-defined]
        self.players = game.players

    def action_count(self) -> int:
        return 3 * self.cards + 5

    def action_index(self, view: FishingView, code: int) -> int:
        return code

    def action_code(self, view: FishingView, index: int) -> int:
        if not 0 <= index < self.action_count():
            raise ValueError(f"index {index} names no Fishing action")
        return index

    def observation_shape(self) -> tuple[int, ...]:
        return (4 * self.cards + len(PHASE_NAMES) + 5 * self.players + 1,)

    def observation(self, view: FishingView) -> list[float]:
        cards, players = self.cards, self.players
        numbers = [0.0] * self.observation_size()
        for card in view.hand:
            numbers[card] = 1.0
        for _, card in view.trick:
            numbers[cards + card] = 1.0
        for card in view.own_stock:
            numbers[2 * cards + card] = 1.0
        if view.my_pass >= 0:
            numbers[3 * cards + view.my_pass] = 1.0
        at = 4 * cards
        numbers[at + PHASE_NAMES.index(view.phase)] = 1.0
        at += len(PHASE_NAMES)
        for seat in view.current:
            numbers[at + seat] = 1.0
        at += players
        if view.player != PUBLIC:
            numbers[at + view.player] = 1.0
        at += players
        for per_seat in (view.hand_sizes, view.stock_sizes, view.scores):
            numbers[at : at + players] = [float(value) for value in per_seat]
            at += players
        numbers[at] = float(view.ocean_size)
        return numbers


def stand_in_fishing(players: int = 4) -> Game[Any, Any]:
    """Fishing configured for ``players`` with the stand-in encoding installed."""
    game = make_game("fishing", players)
    game.encoding = StandInFishingEncoding(game)
    return game


GameMaker = Callable[[], Game[Any, Any]]


def encoded_games() -> list[Any]:
    """pytest parameters: a maker of each configured game the adapters are tested on. Every
    registered game whose encoding exists (at its default player count), and the stand-in
    Fishing while Fishing has none of its own (at 3 and 4 players)."""
    cases = []
    for game_class in all_games():
        if make_game(game_class.name).encoding is not None:
            maker: GameMaker = _maker(game_class.name)
            cases.append(pytest.param(maker, id=game_class.name))
    if make_game("fishing").encoding is None:
        cases.append(pytest.param(lambda: stand_in_fishing(4), id="stand-in-fishing-4"))
        cases.append(pytest.param(lambda: stand_in_fishing(3), id="stand-in-fishing-3"))
    return cases


def _maker(name: str) -> GameMaker:
    return lambda: make_game(name)
