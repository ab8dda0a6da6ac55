"""Flip & Fish's picture keeps the latest cast, a bot's too, on screen with what came of it."""

from __future__ import annotations

from collections.abc import Callable

from angler.agents.base import make_agent
from angler.games.flip_and_fish.events import Cast, Turn
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.games.flip_and_fish.terminal import cast_story, draw_table, last_cast
from angler.games.flip_and_fish.view import FlipAndFishView


def play_until(
    condition: Callable[[FlipAndFishView], bool], seed: int = 4, limit: int = 400
) -> tuple[FlipAndFishGame, FlipAndFishView]:
    game = FlipAndFishGame(3)
    state = game.new_state(seed)
    agents = [make_agent("heuristic", seat, game) for seat in range(3)]
    for _ in range(limit):
        seat = state.current_players()[0]
        state.apply_action(agents[seat].act(state.view(seat), state.legal_actions(seat)), seat)
        view = state.view(0)
        if condition(view):
            return game, view
    raise AssertionError("the condition never came")


def test_a_bots_cast_stays_drawn_with_its_outcome_for_the_next_player() -> None:
    def after_a_bot_cast(view: FlipAndFishView) -> bool:
        return view.turn == 0 and view.phase == "turn" and last_cast(view) is not None

    game, view = play_until(after_a_bot_cast)
    cast = last_cast(view)
    assert cast is not None
    aim, stop, face, current = cast
    assert not current  # resolved: drawn in the faded colours
    caster = next(e for e in reversed(view.events) if isinstance(e, Cast))
    assert (aim, stop, face) == (caster.aim, caster.stop, caster.face)
    story = cast_story(view, game.cards)
    assert story and "aims at" in story[0]
    picture = draw_table(view, game.table, game.cards).plain
    assert "◆" in picture and "Last cast: " + story[0] in picture


def test_the_cast_is_forgotten_once_a_further_turn_starts() -> None:
    def two_turns_after_a_cast(view: FlipAndFishView) -> bool:
        turns = 0
        for event in reversed(view.events):
            if isinstance(event, Cast):
                return turns >= 2
            turns += isinstance(event, Turn)
        return False

    game, view = play_until(two_turns_after_a_cast)
    assert last_cast(view) is None and cast_story(view, game.cards) == []
    assert "Last cast" not in draw_table(view, game.table, game.cards).plain
