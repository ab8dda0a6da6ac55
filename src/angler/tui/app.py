"""The full-screen terminal table (Textual): people play against bots or each other.

Everything a person sees comes from their seat's view (``state.view(seat)``) through the game's
own text hooks (``render_view``, ``describe_event``, ``menu``, ``menu_label``, ``prompt``) and
its terminal looks (``terminal_styles``, ``terminal_picture``), never from the state itself.
Bots think in a worker thread, so the screen stays live, and their moves are paced (``+``/``-``).
A printable key that is not one of the keys below starts typing an action; after a typed move
the menu has the focus again, so the keys work.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Footer, Header, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from angler.core.errors import AnglerError
from angler.play.match import Match
from angler.play.typed import typed_action
from angler.tui.drawings import Picture
from angler.tui.screens import ConfirmScreen, EndScreen, PassScreen, RulesScreen
from angler.tui.style import styled

MIN_WIDTH, MIN_HEIGHT = 80, 24
FRAME_ROWS = 4  # screen lines round the table pane's content: header, footer, the pane's border
PACES = (0.0, 0.3, 0.8, 1.5, 3.0)  # seconds between bot moves
KEYS = frozenset("usrq+-=")  # the characters bound to keys below: they never start typing
GAME_ACTIONS = frozenset({"undo", "save", "rules", "faster", "slower", "quit_game"})


class PlayApp(App[None]):
    CSS_PATH = "play.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("r", "rules", "How to play"),
        Binding("plus,equals_sign", "faster", "Bots faster"),
        Binding("minus", "slower", "Bots slower"),
        Binding("q", "quit_game", "Quit"),
    ]

    def __init__(
        self,
        match: Match,
        pace: float = 0.8,
        save_to: Path | None = None,
        offer: str | None = None,
    ) -> None:
        """``offer``: a resumed game's description; the person is asked first whether to go on."""
        super().__init__()
        self.match = match
        self.pace = pace
        self.save_to = save_to
        self.offer = offer
        self.viewer = match.humans[0] if match.humans else 0
        self.hidden = len(match.humans) > 1  # hot-seat: nothing shows until a person is ready
        self.asking: int | None = None  # the seat whose choice the menu offers
        self.choices: list[int] = []
        self.logged = 0  # the viewer's events already in the log
        self.pending: Timer | None = None
        self.thinking = False
        self.saved_to: Path | None = None
        self.picture: Picture | None = None  # the table pane's content last shown
        self.asked: Text = Text()  # what the person to act is asked, kept under any warning
        self.told: str | None = None  # the autosave problem last notified

    # ----- layout -----
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with VerticalScroll(id="table-pane"):
                yield Static(id="table")
            with Vertical(id="side"):
                yield Static(id="status")
                yield OptionList(id="actions")
                # Not selected on focus: the key that started typing must not be typed over.
                yield Input(id="typed", placeholder="or type an action", select_on_focus=False)
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static(
            f"The terminal is too small: angler needs at least {MIN_WIDTH}×{MIN_HEIGHT}.",
            id="too-small",
        )
        yield Footer()

    def on_mount(self) -> None:
        game = self.match.game
        self.title = getattr(game, "title", game.name)
        self.sub_title = f"{game.players} players, seed {self.match.seed}"
        self.check_size()
        if self.offer is None:
            self.step()
            return

        def answer(resume: bool | None) -> None:
            if resume:
                self.step()
            else:
                self.exit()

        self.push_screen(ConfirmScreen(f"Resume the last game ({self.offer})?"), answer)

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)
        if self.picture is not None:  # drawn again for the lines the pane now shows
            self.picture.rows = event.size.height - FRAME_ROWS
            self.query_one("#table", Static).refresh(layout=True)

    def check_size(self, size: Size | None = None) -> None:
        size = size or self.size
        self.set_class(size.width < MIN_WIDTH or size.height < MIN_HEIGHT, "too-small")

    # ----- names -----
    def name_of(self, seat: int) -> str:
        match = self.match
        if match.is_human(seat):
            return "You" if len(match.humans) == 1 else f"Player {seat + 1}"
        return f"Player {seat + 1} ({match.kinds[seat]})"

    # ----- the game moving on -----
    def step(self) -> None:
        """A bot plays (in a worker), or a person is asked, or the game ends."""
        self.pending = None
        match = self.match
        seat = match.to_act()
        if seat is None:
            self.show()
            self.finish()
            return
        if match.is_human(seat):
            if len(match.humans) > 1 and (seat != self.viewer or self.hidden):
                self.hide_for(seat)
                return
            self.ask(seat)
            return
        self.asking = None
        self.show(f"{self.name_of(seat)} is thinking…")
        decide = match.bot_decision(seat)
        self.thinking = True
        self.run_worker(partial(self.think, seat, decide), thread=True, exclusive=True)

    def think(self, seat: int, decide: Callable[[], int]) -> None:
        """In a worker thread: the bot's choice, handed back to the screen's thread. (Not
        ``play_out``: the screen must redraw and may be quit between two bots' moves.)"""
        self.call_from_thread(self.bot_moved, seat, decide())

    def bot_moved(self, seat: int, action: int) -> None:
        self.thinking = False
        self.match.play_for_bot(seat, action)
        self.show()
        self.later(self.pace)

    def later(self, delay: float) -> None:
        if delay > 0:
            self.pending = self.set_timer(delay, self.step)
        else:
            self.call_later(self.step)

    def hide_for(self, seat: int) -> None:
        """Hot-seat: hide the table behind a pass screen until ``seat``'s person is ready."""
        self.hidden = True
        self.viewer = seat
        self.logged = 0
        self.query_one("#log", RichLog).clear()

        def ready(_: None = None) -> None:
            self.hidden = False
            self.ask(seat)

        self.push_screen(PassScreen(self.name_of(seat)), ready)

    def ask(self, seat: int) -> None:
        match = self.match
        self.viewer = seat
        self.asking = seat
        choices, hint = match.menu(seat)
        self.choices = list(choices)
        menu = self.query_one("#actions", OptionList)
        menu.clear_options()
        looks = match.game.presentation
        view = match.state.view(seat)
        menu.add_options(
            Option(styled(looks.terminal_styles, looks.menu_label(view, code)), id=str(i))
            for i, code in enumerate(self.choices)
        )
        menu.highlighted = 0 if self.choices else None
        # What the person decides, in the game's words; with several people, whose move it is.
        self.asked = Text(f"{self.name_of(seat)}: " if len(match.humans) > 1 else "")
        self.asked.append(match.prompt(seat), style="bold")
        if hint:
            self.asked.append(f"\n{hint}")
        self.show(self.asked)
        menu.focus()

    # ----- what the viewer sees -----
    def show(self, status: str | Text | None = None) -> None:
        view = self.match.state.view(self.viewer)
        looks = self.match.game.presentation
        text = styled(looks.terminal_styles, looks.render_view(view))
        self.picture = Picture(looks.terminal_picture(view), text, self.size.height - FRAME_ROWS)
        self.query_one("#table", Static).update(self.picture)
        log = self.query_one("#log", RichLog)
        for event in view.events[self.logged :]:
            log.write(styled(looks.terminal_styles, looks.describe_event(event, self.viewer)))
        self.logged = len(view.events)
        if status is not None:
            self.query_one("#status", Static).update(status)
        problem = self.match.autosave_problem
        if problem is not None and problem != self.told:
            self.told = problem  # said once, not after every move
            self.notify(problem, severity="warning")

    def warn(self, message: str) -> None:
        """A one-line refusal, above what the person is still being asked."""
        text = Text(message, style="bold red")
        if self.asking is not None:
            text.append("\n").append_text(self.asked)
        self.query_one("#status", Static).update(text)

    # ----- a person's choice -----
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.asking is None or event.option.id is None:
            return
        if self.typing():  # Enter came while an action was being typed: it sends the text
            self.send_typed()
            return
        self.choose(self.choices[int(event.option.id)])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.send_typed()

    def send_typed(self) -> None:
        if self.asking is None:
            return
        typed = self.query_one("#typed", Input)
        text = typed.value.strip()
        # Whatever happens, the box is emptied (a refused text is not added to) and the menu
        # takes the focus back, so that u, s, r and q work as keys again.
        typed.value = ""
        self.set_focus(self.query_one("#actions", OptionList))
        if not text:
            return
        try:
            action = typed_action(self.match.game, text, self.choices)
        except AnglerError as exc:
            self.warn(str(exc))
            return
        self.choose(action)

    def on_key(self, event: events.Key) -> None:
        """A printable key that is not bound starts typing an action: it goes to the box, which
        takes the focus at once, so the keys after it follow (``play Y7``). Escape in the box
        drops the text and returns to the menu."""
        if len(self.screen_stack) > 1:
            return
        typed = self.query_one("#typed", Input)
        if typed.has_focus:
            if event.key == "escape":
                typed.value = ""
                self.query_one("#actions", OptionList).focus()
                event.stop()
            return
        char = event.character
        if not event.is_printable or char is None:
            return
        if not typed.value and (char.isspace() or char in KEYS):
            return  # a key, not the start of an action
        self.set_focus(typed)
        typed.insert_text_at_cursor(char)
        event.stop()
        event.prevent_default()

    def typing(self) -> bool:
        """An action is being typed: the box holds text (it is emptied when it is sent)."""
        return bool(self.query_one("#typed", Input).value)

    def choose(self, action: int) -> None:
        seat = self.asking
        if seat is None:
            return
        try:
            self.match.play(seat, action)
        except AnglerError as exc:
            self.warn(str(exc))
            return
        self.asking = None
        self.query_one("#actions", OptionList).clear_options()
        self.show("")
        nxt = self.match.to_act()
        bot_next = nxt is not None and not self.match.is_human(nxt)
        self.later(self.pace if bot_next else 0)  # a moment to undo before a bot moves

    def on_click(self, event: events.Click) -> None:
        """A click on the game's picture plays the action the game says it means there (a cast
        aimed at the point clicked, say), if it is legal."""
        picture = self.picture
        table = self.query_one("#table", Static)
        if self.asking is None or picture is None:
            return
        offset = event.get_content_offset(table)
        if offset is None:
            return
        action = picture.action_at(offset.y, offset.x, table.content_size.width)
        if action is not None and action in self.match.state.legal_actions(self.asking):
            self.choose(action)

    # ----- keys -----
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's keys act on the table (or the pass screen), not under a question, the
        rules or the end."""
        if action not in GAME_ACTIONS:
            return True
        # While an action is typed its letters are text, never keys (``cast`` holds an s).
        return not isinstance(self.screen, ModalScreen) and not self.typing()

    def action_undo(self) -> None:
        if self.thinking:
            self.warn("cannot undo: a bot is choosing")
            return
        seat = self.viewer
        try:
            self.match.undo(seat)
        except AnglerError as exc:
            self.warn(str(exc))
            return
        if self.pending is not None:
            self.pending.stop()
            self.pending = None
        self.logged = 0
        self.query_one("#log", RichLog).clear()
        self.ask(seat)

    def action_save(self) -> None:
        """Save the record (to ``--save FILE``, or ``angler-GAME-SEED.json``); a file neither
        named by ``--save`` nor written by this game is overwritten only when confirmed."""
        path = self.save_to or Path(f"angler-{self.match.game.name}-{self.match.seed}.json")
        if path in (self.saved_to, self.save_to) or not path.exists():
            self.save(path)
            return

        def answer(overwrite: bool | None) -> None:
            if overwrite:
                self.save(path)

        self.push_screen(ConfirmScreen(f"{path} already exists. Overwrite it?"), answer)

    def save(self, path: Path) -> str | None:
        """Save the record to ``path``: None, or why it could not be (also shown in red)."""
        try:
            self.match.save(path)
        except AnglerError as exc:
            self.warn(str(exc))
            return str(exc)
        self.saved_to = path
        self.query_one("#status", Static).update(f"Saved to {path}; resume with --resume {path}")
        return None

    def action_rules(self) -> None:
        game = self.match.game
        self.push_screen(RulesScreen(game.name, getattr(game, "summary", "")))

    def action_faster(self) -> None:
        self.pace = max((p for p in PACES if p < self.pace), default=PACES[0])
        self.notify(f"Bots move every {self.pace:g} s")

    def action_slower(self) -> None:
        self.pace = min((p for p in PACES if p > self.pace), default=PACES[-1])
        self.notify(f"Bots move every {self.pace:g} s")

    def action_quit_game(self) -> None:
        """Quit, after asking when the game is not over (with ``--save``, saving first)."""
        if self.match.over:
            self.exit()
            return

        def answer(leave: bool | None) -> None:
            if not leave:
                return
            problem = self.save(self.save_to) if self.save_to is not None else None
            if problem is None:
                self.exit()
                return

            def anyway(leave: bool | None) -> None:
                if leave:
                    self.exit()

            self.push_screen(ConfirmScreen(f"{problem}. Quit anyway?"), anyway)

        kept = self.match.autosave_to is not None and self.match.autosave_problem is None
        later = " It is autosaved: `angler play --resume` continues it." if kept else ""
        self.push_screen(ConfirmScreen(f"Quit this unfinished game?{later}"), answer)

    # ----- the end -----
    def finish(self) -> None:
        match = self.match
        names = [self.name_of(seat) for seat in range(match.game.players)]
        standings = match.game.statistics.standings(match.state)

        if self.save_to is not None:
            self.save(self.save_to)
        end = EndScreen(names, match.state, standings, save=match.save)
        self.push_screen(end, lambda _: self.exit())
