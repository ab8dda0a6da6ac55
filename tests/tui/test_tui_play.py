"""The terminal table, driven by Textual's headless pilot: whole games from the first key to the
final scores, hot-seat hiding, undo, save and resume, a typed Flip & Fish aim, a small terminal."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from tests.tui.screen import SIZE, near_the_end, play_out, run, showing, until_asked
from textual.pilot import Pilot
from textual.widgets import Markdown, OptionList, Static

from angler.core import make_game
from angler.core.game import Game
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.crazy_fishing.view import CrazyFishingView
from angler.games.flip_and_fish.view import FlipAndFishView
from angler.play.match import Match
from angler.tui.app import PlayApp
from angler.tui.screens import EndScreen, PassScreen, RulesScreen


def table_text(app: PlayApp) -> str:
    """The table pane as plain text (its picture, if any, then the game's table text)."""
    console = Console(width=200, color_system=None)
    with console.capture() as capture:
        console.print(app.query_one("#table", Static).content)
    return "\n".join(line.rstrip() for line in capture.get().rstrip("\n").splitlines())


@pytest.mark.parametrize(
    ("name", "kinds", "options", "moves_left"),
    [
        # Fishing's 8 rounds take 20 s through the table: its last rounds (about 120 moves,
        # every kind of decision among them) are played through it, the rest without a screen.
        ("fishing", ["human", "random", "heuristic"], {}, 120),
        ("crazy-fishing", ["random", "human"], {}, None),
        ("flip-and-fish", ["human", "heuristic"], {"rounds": 6}, None),
    ],
)
@pytest.mark.slow  # a whole game through the table; the end screen alone is checked from near it
def test_a_whole_game_is_played_through_the_ui_to_the_final_scores(
    name: str, kinds: list[str], options: dict[str, int], moves_left: int | None
) -> None:
    game = make_game(name, len(kinds), **options)
    match = Match(game, 4, kinds)
    app = PlayApp(match if moves_left is None else near_the_end(match, moves_left), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        await play_out(pilot)
        assert app.match.over
        end = showing(app, EndScreen)
        winners = app.match.state.winners()
        title = str(end.query_one("#end-title", Static).render())
        assert all(app.name_of(seat) in title for seat in winners)
        await pilot.press("escape")

    run(app, script)
    assert app.match.over


def test_hot_seat_hides_the_table_between_two_people() -> None:
    game = make_game("fishing", 3)
    app = PlayApp(Match(game, 2, ["human", "human", "random"]), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        passes = 0
        for _ in range(400):
            await pilot.pause()
            if isinstance(app.screen, PassScreen):
                passes += 1
                # While the pass screen shows, nothing of either hand is on the screen.
                shown = " ".join(str(w.render()) for w in app.screen.query(Static))
                assert "Your hand" not in shown
                await pilot.press("enter")
                seat = app.asking
                assert seat is not None
                hand = app.match.state.view(seat)
                assert table_text(app).endswith(app.match.game.presentation.render_view(hand))
            elif app.asking is not None:
                await pilot.press("enter")
            if passes >= 4:
                return
        pytest.fail("the pass screen did not come up four times")

    run(app, script)


def test_undo_takes_back_a_move_before_the_bot_answers_and_is_refused_after() -> None:
    game = make_game("fishing", 3)
    app = PlayApp(Match(game, 5, ["human", "heuristic", "heuristic"]), pace=3.0)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await until_asked(pilot)
        history = list(app.match.state.history)
        await pilot.press("enter")  # play the first card; the bot waits 3 s
        assert len(app.match.state.history) == len(history) + 1
        await pilot.press("u")
        assert app.match.state.history == history
        assert app.asking == 0
        app.pace = 0
        await pilot.press("enter")
        await until_asked(pilot, or_over=True)
        before = list(app.match.state.history)
        await pilot.press("u")  # the bots have moved since: refused, nothing changes
        assert app.match.state.history == before
        status = str(app.query_one("#status", Static).render())
        assert "cannot undo" in status

    run(app, script)


def test_a_flip_and_fish_aim_is_typed_and_the_cast_lands() -> None:
    game = make_game("flip-and-fish", 2)
    app = PlayApp(Match(game, 3, ["human", "heuristic"]), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        await pilot.click("#typed")
        await pilot.press(*"fish", "enter")
        await pilot.pause()
        view: FlipAndFishView = app.match.state.view(0)
        assert view.phase == "aim"
        await pilot.click("#typed")
        await pilot.press(*"cast 0 -130", "enter")
        await pilot.pause()
        events = [game.presentation.describe_event(e, 0) for e in app.match.state.view(0).events]
        assert any(re.search(r"cast|lands|die", text, re.I) for text in events[-4:])

    run(app, script)


def test_a_typed_action_that_is_not_legal_is_refused_in_one_line(tmp_path: Path) -> None:
    game = make_game("fishing", 3)
    app = PlayApp(Match(game, 1, ["human", "random", "random"]), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        history = list(app.match.state.history)
        await pilot.click("#typed")
        await pilot.press(*"play Z99", "enter")
        await pilot.pause()
        status = str(app.query_one("#status", Static).render()).strip().splitlines()
        # The refusal is one line, above what the person is still asked.
        assert "Z99" in status[0] and status[1:] == [str(app.asked)]
        assert app.match.state.history == history
        for key in ("x", "f5", "ctrl+y", "tab", "escape"):  # keys that do nothing
            await pilot.press(key)
        assert app.match.state.history == history

    run(app, script)


def test_a_game_saved_from_the_ui_resumes_where_it_was(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    game = make_game("crazy-fishing", 2)
    app = PlayApp(Match(game, 6, ["human", "random"]), pace=0, save_to=path)

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(6):
            await until_asked(pilot)
            await pilot.press("enter")
        await until_asked(pilot)
        await pilot.press("s")
        assert path.exists()

    run(app, script)
    resumed = Match.resume(path)
    assert resumed.state.history == app.match.state.history
    assert resumed.kinds == ["human", "random"]


def test_a_terminal_too_small_gets_a_message_not_a_garbled_table() -> None:
    game = make_game("fishing", 3)
    app = PlayApp(Match(game, 1, ["human", "random", "random"]), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert app.has_class("too-small")
        assert app.query_one("#too-small").display
        assert not app.query_one("#main").display
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not app.has_class("too-small")

    run(app, script)


def _shown(app: PlayApp, game: Game[Any, Any], seat: int) -> None:
    view = app.match.state.view(seat)
    rendered = "\n".join(line.rstrip() for line in game.presentation.render_view(view).splitlines())
    assert table_text(app).endswith(rendered)
    offered = [str(o.prompt) for o in app.query_one("#actions", OptionList).options]
    legal = app.match.state.legal_actions(seat)
    assert all(code in legal for code in app.choices)
    assert offered == [game.presentation.menu_label(view, code) for code in app.choices]


@pytest.mark.parametrize("name", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_the_screen_shows_the_persons_view_and_only_legal_actions(name: str) -> None:
    """The table is exactly the seat's view rendered; every offered action is legal."""
    game = make_game(name, 3)
    app = PlayApp(Match(game, 7, ["human", "random", "random"]), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(15):
            await until_asked(pilot, or_over=True)
            if app.match.over:
                return
            _shown(app, game, 0)
            await pilot.press("enter")

    run(app, script)


@pytest.mark.parametrize("name", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_the_screen_is_the_same_for_every_state_behind_the_same_view(name: str) -> None:
    """Swap the real game for a re-deal of everything seat 1 cannot see: the screen does not
    change by a character, so it shows nothing the view does not hold."""
    game = make_game(name, 3)
    app = PlayApp(Match(game, 9, ["human", "random", "random"]), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(6):
            await until_asked(pilot)
            await pilot.press("enter")
        await until_asked(pilot)
        real = app.match.state
        shown = table_text(app)
        twin = game.search.determinise(real.view(0), random.Random(5))
        assert twin.view(0) == real.view(0)
        app.match.state = twin
        app.show()
        assert table_text(app) == shown
        app.match.state = real

    run(app, script)


def test_flip_and_fish_draws_the_table_from_above() -> None:
    game = make_game("flip-and-fish", 3)
    app = PlayApp(Match(game, 1, ["human", "random", "random"]), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        picture = table_text(app).split("Flip & Fish, turn")[0]
        assert "YOU" in picture and "J2" in picture and "J3" in picture
        assert all(str(slot) in picture for slot in range(1, 6))
        assert picture.index("J2") < picture.index("YOU")  # your jetty at the bottom

    run(app, script)


def test_crazy_fishing_draws_the_sea_as_a_pile_with_the_free_fish_labelled() -> None:
    game = make_game("crazy-fishing", 3)
    app = PlayApp(Match(game, 1, ["human", "random", "random"]), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        picture = table_text(app).split("Crazy Fishing, round")[0]
        view: CrazyFishingView = app.match.state.view(0)
        sea = view.sea
        free = [f"{spot}:{back}" for spot, _, _, covered, back, _ in sea if not covered]
        assert free and all(label in picture for label in free)
        assert "░" in picture  # covered fish are shaded, unlabelled
        covered = [spot for spot, _, _, is_covered, _, _ in sea if is_covered]
        assert all(f" {spot}:" not in picture for spot in covered if spot >= 10)

    run(app, script)


def test_r_shows_the_rules_and_rulings_of_the_game_and_escape_returns() -> None:
    game = make_game("fishing", 3)
    app = PlayApp(Match(game, 1, ["human", "random", "random"]), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        await pilot.press("r", "r")  # how to play, then the rules as implemented
        await pilot.pause()
        markdown = showing(app, RulesScreen).query_one(Markdown)
        assert "## Rulings" in markdown.source
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)

    run(app, script)


@pytest.mark.parametrize(
    ("name", "words"),
    [("fishing", "tricks"), ("crazy-fishing", "fish caught"), ("flip-and-fish", "troph")],
)
def test_the_end_screen_sums_up_what_each_player_caught(name: str, words: str) -> None:
    game = make_game(name, 2 if name != "fishing" else 3)
    kinds = ["random"] * game.players
    app = PlayApp(near_the_end(Match(game, 2, kinds), moves_left=6), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        await play_out(pilot)
        end = showing(app, EndScreen)
        console = Console(width=160, color_system=None)
        shown = ""
        for _ in range(50):  # a screen just pushed may not have composed its lines yet
            with console.capture() as capture:
                for widget in end.query(Static):
                    console.print(widget.content)
            shown = capture.get()
            if shown:
                break
            await pilot.pause(0.05)
        assert "Final scores" in shown
        for seat, line in enumerate(game.statistics.standings(app.match.state)):
            assert words in line and line in shown and app.name_of(seat) in shown
        await pilot.press("escape")

    run(app, script)


def test_a_resumed_game_plays_on_to_the_end_in_the_ui(tmp_path: Path) -> None:
    path = tmp_path / "half.json"
    game = make_game("fishing", 3)
    first = near_the_end(Match(game, 12, ["human", "random", "random"]), moves_left=12)
    assert not first.over and first.state.history
    first.save(path)
    app = PlayApp(Match.resume(path), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        await play_out(pilot)
        await pilot.press("escape")

    run(app, script)
    assert app.match.over
    assert app.match.state.history[: len(first.state.history)] == first.state.history


def test_a_click_on_the_flip_and_fish_table_aims_there() -> None:
    game = make_game("flip-and-fish", 2)
    app = PlayApp(Match(game, 3, ["human", "heuristic"]), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        app.choose(game.action_from_string("fish"))
        await pilot.pause()
        view: FlipAndFishView = app.match.state.view(0)
        assert view.phase == "aim"
        lines = table_text(app).splitlines()
        row = next(i for i, line in enumerate(lines) if "4" in line and "▒" in line)
        column = lines[row].index("4")
        before = len(app.match.state.history)
        await pilot.click("#table", offset=(column, row))
        await pilot.pause()
        seat, code = app.match.state.history[before]
        aim = game.action_to_string(code)
        assert seat == 0 and aim.startswith("cast ")
        x, y = (int(n) for n in aim.split()[1:])
        assert abs(x - 0) <= 20 and abs(y - (-130)) <= 30  # slot 4 lies at (0, -130)

    run(app, script)


def test_hot_seat_collects_secret_casts_from_each_person_unseen_by_the_other() -> None:
    from angler.games.crazy_fishing.view import cards_in

    game = CrazyFishingGame(3)  # both people cast in the same phase, one by one
    state = game.new_state(6)  # the match plays on this very state: read as it goes
    app = PlayApp(Match(game, 6, ["human", "human", "random"], state=state), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        assert app.match.state is state
        asked_while_casting: set[int] = set()
        hidden_checks = 0
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                continue
            seat = app.asking
            if seat is None:
                continue
            if state.phase != 0:  # CAST
                if asked_while_casting:
                    break
                await pilot.press("enter")
                continue
            asked_while_casting.add(seat)
            other = 1 - seat
            shown = table_text(app)
            assert "Casting in secret" in shown
            if state.cast_done[other] and state.cast[other]:
                labels = [game.cards.cards[c].label() for c in cards_in(state.cast[other])]
                assert f"Player {other + 1} has chosen" in shown
                assert " + ".join(labels) not in shown
                hidden_checks += 1
            await pilot.press("enter")
        assert asked_while_casting == {0, 1}
        assert hidden_checks >= 1  # the second person chose while the first's cast was down

    run(app, script)
