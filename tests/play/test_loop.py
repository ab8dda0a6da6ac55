"""The one loop that plays bots' moves, for every runner and interface."""

from __future__ import annotations

from collections.abc import Sequence

from angler.agents import agent_seed, make_agent
from angler.cli.play import _new_match
from angler.core import make_game
from angler.core.view import View
from angler.play.loop import bot_action, play_out
from angler.play.match import Match


class Counting:
    """The first legal action, counting the views it is handed."""

    name = "counting"

    def __init__(self, needs_view: bool) -> None:
        self.needs_view = needs_view
        self.views = 0

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        self.views += view is not None
        return legal[0]


def test_play_out_plays_to_the_end_as_the_agents_choose() -> None:
    game = make_game("fishing", 4)
    agents = [make_agent("heuristic", agent_seed(7, seat), game) for seat in range(4)]
    state = game.new_state(7)
    expected = game.new_state(7)
    twins = [make_agent("heuristic", agent_seed(7, seat), game) for seat in range(4)]
    while not expected.is_terminal():
        seat = expected.current_players()[0]
        legal = expected.legal_actions(seat)
        expected.apply_action(twins[seat].act(expected.view(seat), legal), seat)
    assert play_out(state, agents) is state
    assert state.is_terminal() and state.history == expected.history


def test_play_out_reports_every_move_it_applies() -> None:
    game = make_game("crazy-fishing", 3)
    steps: list[tuple[int, int]] = []
    state = play_out(game.new_state(2), [Counting(False)] * 3, lambda *step: steps.append(step))
    assert steps == state.history


def test_play_out_stops_where_a_seat_has_no_agent() -> None:
    game = make_game("fishing", 3)
    state = play_out(game.new_state(4), {1: Counting(True), 2: Counting(True)})
    assert not state.is_terminal() and state.current_players()[0] == 0


def test_play_out_stops_once_until_holds_even_beside_another_decider() -> None:
    game = make_game("crazy-fishing", 3)  # everyone casts at once: seat 2 decides beside 0 and 1
    agents = [Counting(False)] * 3
    state = play_out(game.new_state(5), agents, until=lambda s: 2 in s.current_players())
    assert state.history == [] and 2 in state.current_players()  # nobody moved before seat 2
    moved = play_out(game.new_state(5), agents, until=lambda s: len(s.history) == 4)
    assert len(moved.history) == 4


def test_views_are_built_only_for_agents_that_read_them() -> None:
    game = make_game("fishing", 3)
    blind, reading = Counting(False), Counting(True)
    state = game.new_state(1)
    seat = state.current_player()
    bot_action(state, seat, blind)
    bot_action(state, seat, reading)
    assert (blind.views, reading.views) == (0, 1)


def test_a_match_plays_its_bots_up_to_the_persons_turn_and_no_undo_crosses_them() -> None:
    match = Match(make_game("fishing", 3), 5, ["heuristic", "human", "heuristic"])
    moved: list[int] = []
    match.play_bots(lambda seat, action: moved.append(seat))
    assert match.to_act() == 1 and set(moved) <= {0, 2}
    legal, _ = match.menu(1)
    match.play(1, legal[0])
    moved.clear()
    match.play_bots(lambda seat, action: moved.append(seat))
    assert moved and match.undo_refusal(1) is not None


def test_a_bot_decision_made_later_is_the_one_bot_move_would_make() -> None:
    kinds = ["heuristic", "heuristic", "human"]
    later, now = Match(make_game("fishing", 3), 9, kinds), Match(make_game("fishing", 3), 9, kinds)
    seat = later.to_act()
    assert seat is not None
    action = later.bot_decision(seat)()
    assert now.bot_move() == (seat, action)


def test_a_level_seat_sets_the_options_its_game_ties_to_levels() -> None:
    match = _new_match("flip-and-fish", 3, ["human", "easy", "hard"], 1, None, None)
    levels = make_game("flip-and-fish", 3, skill="fair,novice,good")
    assert match.game.settings["skill"] == levels.settings["skill"]
    chosen = _new_match("flip-and-fish", 3, ["human", "easy"], 1, None, ["skill=expert"])
    assert (
        chosen.game.settings["skill"]
        == make_game("flip-and-fish", 3, skill="expert").settings["skill"]
    )
    assert make_game("fishing", 3).options_for_seats(["easy", "hard", "human"]) == {}
