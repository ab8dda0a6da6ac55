"""Crazy Fishing's table shows what a real table shows, all of it from the seat's view: each
player's rods and baits in hand (their backs differ), the catch piles, the two decks and their
discard piles; and at 120 × 40 the casts are read without scrolling."""

from __future__ import annotations

import dataclasses

import pytest
from tests.tui.screen import run, settled_screen, until_asked
from textual.containers import VerticalScroll
from textual.pilot import Pilot

from angler.agents.base import make_agent
from angler.core import make_game
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.crazy_fishing.view import CrazyFishingView, render
from angler.play.match import Match
from angler.tui.app import PlayApp


def later_view(players: int = 3, moves: int = 40) -> tuple[CrazyFishingGame, CrazyFishingView]:
    game = CrazyFishingGame(players)
    state = game.new_state(4)
    agents = [make_agent("heuristic", seat, game) for seat in range(players)]
    for _ in range(moves):
        seat = state.current_players()[-1]
        state.apply_action(agents[seat].act(state.view(seat), state.legal_actions(seat)), seat)
    view = state.view(0)
    return game, view


def test_each_players_rods_baits_and_catch_pile_are_shown_as_the_view_holds_them() -> None:
    game, view = later_view()
    label = game.cards.cards
    fish = [card.id for card in label if card.back][:4]
    rods = [card.id for card in label if card.label().startswith("rod")][:2]
    baits = [card.id for card in label if card.label().startswith("bait")][:3]
    # Numbers no real position has at this point: the text can only have them from the view.
    shown = dataclasses.replace(
        view,
        rods_held=(3, 0, 1),
        baits_held=(1, 4, 0),
        piles=((), (fish[0], fish[1], fish[2]), (fish[3],)),
        rod_discard=tuple(rods),
        bait_discard=tuple(baits),
    )
    text = render(shown, game.cards).splitlines()
    assert "You: 3 rods and 1 bait in hand; catch pile empty" in text
    assert (
        f"Player 2: 0 rods and 4 baits in hand; catch pile 3 ({label[fish[2]].label()} on top)"
        in text
    )
    assert (
        f"Player 3: 1 rod and 0 baits in hand; catch pile 1 ({label[fish[3]].label()} on top)"
        in text
    )
    decks = next(line for line in text if line.startswith("Rod deck"))
    assert f"discards 2 ({label[rods[-1]].label()} on top)" in decks
    assert f"discards 3 ({label[baits[-1]].label()} on top)" in decks


def test_the_decks_show_their_sizes_and_an_empty_discard_pile_says_so() -> None:
    game, view = later_view(moves=1)
    shown = dataclasses.replace(view, rod_deck=17, bait_deck=9, rod_discard=(), bait_discard=())
    text = render(shown, game.cards)
    assert "Rod deck 17, discards none; bait deck 9, discards none" in text


@pytest.mark.parametrize(
    ("moment", "words"), [("casting", "Casting in secret"), ("revealed", "Casts, in fishing order")]
)
def test_the_casts_are_read_without_scrolling_at_120_by_40(moment: str, words: str) -> None:
    """Four players, so the most text: the sea shrinks to leave the whole table text on screen."""
    game = make_game("crazy-fishing", 4)
    match = Match(game, 3, ["human", "random", "random", "random"])
    for _ in range(2000):  # on to a decision of the person's in round 2, casting or after
        seat = match.to_act()
        assert seat is not None
        view: CrazyFishingView = match.state.view(0)
        wanted = view.phase == "cast" if moment == "casting" else any(view.casts)
        if match.is_human(seat) and view.round >= 2 and wanted:
            break
        if match.is_human(seat):
            match.play(seat, match.menu(seat)[0][0])
        else:
            match.bot_move()
    else:
        pytest.fail(f"no decision of the person's {moment} in round 2 or later")
    app = PlayApp(match, pace=0)
    shown: list[str] = []

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        shown.append(await settled_screen(pilot))
        # Nothing to scroll to: the sea and the whole table text are on screen.
        assert app.query_one("#table-pane", VerticalScroll).max_scroll_y == 0

    run(app, script, (120, 40))
    screen = " ".join(line.strip("│ ") for line in shown[0].splitlines())
    assert words in screen
