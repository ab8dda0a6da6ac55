"""The table as a person finds it: typing an action without Tab, the keys after a typed move,
the end screen's save that can be tried again, questions before quitting or overwriting, the
how-to-play page and the offer to resume the last game."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.tui.screen import near_the_end, play_out, run, showing, until_asked, wait_for
from textual.pilot import Pilot
from textual.widgets import Input, Markdown, OptionList, Static

from angler.core import make_game
from angler.play import autosave
from angler.play.match import Match
from angler.tui.app import PlayApp
from angler.tui.screens import ConfirmScreen, PassScreen, RulesScreen


def status(app: PlayApp) -> str:
    return str(app.query_one("#status", Static).render())


def fishing_app(pace: float = 3.0) -> PlayApp:
    """A person in seat 1 against bots that wait ``pace`` seconds: time to undo."""
    game = make_game("fishing", 3)
    return PlayApp(Match(game, 5, ["human", "heuristic", "heuristic"]), pace=pace)


def test_a_printable_key_starts_typing_and_after_the_move_u_is_a_key_again() -> None:
    app = fishing_app(pace=60.0)  # a move typed key by key on a busy machine took over 3 s

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        game, history = app.match.game, list(app.match.state.history)
        text = game.action_to_string(app.choices[-1])  # not the highlighted one
        await pilot.press(*text, "enter")  # no Tab, no click: "p" starts typing
        assert app.match.state.history[len(history)] == (0, game.action_from_string(text))
        assert app.query_one("#actions", OptionList).has_focus
        assert app.query_one("#typed", Input).value == ""
        await pilot.press("u")  # a key again, not a letter in the box
        assert app.match.state.history == history

    run(app, script)


def test_the_keys_u_s_r_q_do_not_start_typing() -> None:
    app = fishing_app()

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        await pilot.press("r")
        await pilot.pause()
        showing(app, RulesScreen)
        assert app.query_one("#typed", Input).value == ""

    run(app, script)


def test_a_typed_action_that_cannot_be_read_is_cleared_not_added_to() -> None:
    app = fishing_app()

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        game, history = app.match.game, list(app.match.state.history)
        await pilot.press(*"plya", "enter")
        assert "plya" in status(app).splitlines()[0]
        assert app.query_one("#typed", Input).value == ""
        assert app.match.state.history == history
        first = app.choices[0]
        await pilot.press(*game.action_to_string(first), "enter")  # alone, not "plyaplay …"
        assert app.match.state.history[len(history)] == (0, first)

    run(app, script)


def test_escape_in_the_action_box_drops_the_text_and_returns_to_the_menu() -> None:
    app = fishing_app()

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        await pilot.press(*"pla", "escape")
        assert app.query_one("#typed", Input).value == ""
        assert app.query_one("#actions", OptionList).has_focus
        await pilot.press("r")
        await pilot.pause()
        showing(app, RulesScreen)

    run(app, script)


def test_the_status_says_in_one_line_what_the_person_decides() -> None:
    app = fishing_app()

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        shown = status(app).strip()
        assert shown == app.match.prompt(0)
        assert shown.startswith("Lead the trick")

    run(app, script)


def test_flip_and_fish_aims_are_listed_by_the_card_and_typed_by_the_point() -> None:
    game = make_game("flip-and-fish", 2)
    app = PlayApp(Match(game, 3, ["human", "heuristic"]), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        app.choose(game.action_from_string("fish"))
        await until_asked(pilot)
        offered = [str(o.prompt) for o in app.query_one("#actions", OptionList).options]
        assert offered[0] == "cast at face-down card 1 (0, 0)"
        before, aim = len(app.match.state.history), app.choices[0]
        await pilot.press(*"cast 0 0", "enter")
        assert app.match.state.history[before] == (0, aim)

    run(app, script)


def test_the_end_screen_keeps_a_name_it_cannot_write_and_saves_under_another(
    tmp_path: Path,
) -> None:
    game = make_game("crazy-fishing", 2)
    app = PlayApp(near_the_end(Match(game, 2, ["random", "random"]), moves_left=4), pace=0)
    good = tmp_path / "kept.json"

    async def script(pilot: Pilot[None]) -> None:
        end = await play_out(pilot)
        await pilot.press("enter")  # an Enter meant for the last move does not leave
        await pilot.pause()
        assert app.screen is end and app.is_running
        box = end.query_one("#save-as", Input)
        box.value = str(tmp_path / "no-such-folder" / "game.json")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is end and app.is_running  # not gone with status 0
        problem = str(end.query_one("#save-problem", Static).render())
        assert "cannot save" in problem and "no-such-folder" in problem
        box.value = str(good)
        await pilot.press("enter")
        await pilot.pause()

    run(app, script)
    assert Match.resume(good, ["random", "random"]).state.history == app.match.state.history


def test_the_end_screen_overwrites_an_existing_file_only_on_a_second_enter(
    tmp_path: Path,
) -> None:
    game = make_game("crazy-fishing", 2)
    app = PlayApp(near_the_end(Match(game, 2, ["random", "random"]), moves_left=4), pace=0)
    existing = tmp_path / "old.json"
    existing.write_text("keep me", encoding="utf-8")

    async def script(pilot: Pilot[None]) -> None:
        end = await play_out(pilot)
        end.query_one("#save-as", Input).value = str(existing)
        await pilot.press("enter")
        await pilot.pause()
        assert existing.read_text(encoding="utf-8") == "keep me"
        assert "already exists" in str(end.query_one("#save-problem", Static).render())
        await pilot.press("enter")
        await pilot.pause()

    run(app, script)
    assert existing.read_text(encoding="utf-8") != "keep me"


def test_q_asks_before_leaving_an_unfinished_game() -> None:
    app = fishing_app()

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        await pilot.press("q")
        await pilot.pause()
        showing(app, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.is_running and app.asking == 0
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()

    run(app, script)
    assert not app.match.over


def test_s_asks_before_overwriting_a_file_it_did_not_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = Path("angler-fishing-5.json")  # where s saves without --save
    path.write_text("someone else's", encoding="utf-8")
    game = make_game("fishing", 3)
    app = PlayApp(Match(game, 5, ["human", "heuristic", "heuristic"]), pace=3)

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        await pilot.press("s")
        await pilot.pause()
        showing(app, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert path.read_text(encoding="utf-8") == "someone else's"
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert Match.resume(path).state.history == app.match.state.history
        await pilot.press("s")  # its own file now: saved again without a question
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)

    run(app, script)


def test_s_saves_to_the_file_save_names_without_asking(tmp_path: Path) -> None:
    path = tmp_path / "named.json"
    path.write_text("from an earlier game", encoding="utf-8")
    game = make_game("fishing", 3)
    app = PlayApp(Match(game, 5, ["human", "heuristic", "heuristic"]), pace=3, save_to=path)

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)

    run(app, script)
    assert Match.resume(path).state.history == app.match.state.history


def test_r_shows_how_to_play_and_r_again_the_rulings() -> None:
    app = fishing_app()

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        await pilot.press("r")
        await pilot.pause()
        page = showing(app, RulesScreen).query_one(Markdown).source
        assert "How to play Fishing" in page and "test_" not in page and "Error" not in page
        await pilot.press("r")
        await pilot.pause()
        assert "Rulings" in showing(app, RulesScreen).query_one(Markdown).source
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)

    run(app, script)


def test_a_person_asked_to_resume_the_last_game_may_decline() -> None:
    game = make_game("fishing", 3)
    app = PlayApp(Match(game, 5, ["human", "random", "random"]), pace=0, offer="Fishing, …")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.pause()
        showing(app, ConfirmScreen)
        assert app.asking is None  # nothing moves before the answer
        await pilot.press("n")
        await pilot.pause()

    run(app, script)
    assert app.match.state.history == []


def test_a_person_asked_to_resume_the_last_game_plays_on_after_yes() -> None:
    game = make_game("fishing", 3)
    app = PlayApp(Match(game, 5, ["human", "random", "random"]), pace=0, offer="Fishing, …")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("y")
        await until_asked(pilot)

    run(app, script)


def test_every_move_on_the_table_is_autosaved() -> None:
    game = make_game("fishing", 3)
    match = Match(game, 5, ["human", "random", "random"])
    autosave.keep(match)
    app = PlayApp(match, pace=0)
    assert match.autosave_to is not None

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(3):
            await until_asked(pilot)
            await pilot.press("enter")
        await until_asked(pilot)

    run(app, script)
    assert match.autosave_to is not None
    saved = Match.resume(match.autosave_to)
    assert saved.state.history == match.state.history and len(saved.state.history) >= 3


def test_with_several_people_the_prompt_says_whose_move_it_is() -> None:
    game = make_game("fishing", 3)
    app = PlayApp(Match(game, 2, ["human", "human", "random"]), pace=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PassScreen), "the pass screen")
        await pilot.press("enter")
        await until_asked(pilot)
        seat = app.asking
        assert seat is not None
        assert status(app).strip() == f"Player {seat + 1}: {app.match.prompt(seat)}"

    run(app, script)


def test_a_card_typed_alone_is_played_or_refused_with_the_rule_it_breaks() -> None:
    app = fishing_app()

    async def script(pilot: Pilot[None]) -> None:
        await until_asked(pilot)
        game, state = app.match.game, app.match.state
        history = list(state.history)
        await pilot.press(*"B2", "enter")  # 3 players: no B2 is dealt, so none is in hand
        assert "B2 is not in your hand" in status(app)
        assert state.history == history
        code = app.choices[-1]
        card = game.action_to_string(code).split()[1]
        await pilot.press(*card, "enter")  # the card alone plays it
        assert state.history[len(history)] == (0, code)

    run(app, script)
