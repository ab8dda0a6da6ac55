"""The full-screen terminal table (Textual): people play against bots or each other.

Everything a person sees comes from their seat's view (``state.view(seat)``) through the game's
own text hooks (``render_view``, ``describe_event``, ``menu``), never from the state itself. Bots
think in a worker thread, so the screen stays live, and their moves are paced (``+``/``-``).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.timer import Timer
from textual.widgets import Footer, Header, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from angler.core.errors import AnglerError
from angler.core.view import View
from angler.play.match import Match
from angler.tui.drawings import Picture, drawing
from angler.tui.screens import EndScreen, PassScreen, RulesScreen
from angler.tui.style import styled

MIN_WIDTH, MIN_HEIGHT = 80, 24
FRAME_ROWS = 4  # screen lines round the table pane's content: header, footer, the pane's border
PACES = (0.0, 0.3, 0.8, 1.5, 3.0)  # seconds between bot moves


class PlayApp(App[None]):
    CSS_PATH = "play.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("r", "rules", "Rules"),
        Binding("plus,equals_sign", "faster", "Bots faster"),
        Binding("minus", "slower", "Bots slower"),
        Binding("q", "quit_game", "Quit"),
    ]

    def __init__(
        self,
        match: Match,
        pace: float = 0.8,
        save_to: Path | None = None,
    ) -> None:
        super().__init__()
        self.match = match
        self.pace = pace
        self.save_to = save_to
        self.viewer = match.humans[0] if match.humans else 0
        self.hidden = len(match.humans) > 1  # hot-seat: nothing shows until a person is ready
        self.asking: int | None = None  # the seat whose choice the menu offers
        self.choices: list[int] = []
        self.logged = 0  # the viewer's events already in the log
        self.pending: Timer | None = None
        self.thinking = False
        self.saved_to: Path | None = None
        self.picture: Picture | None = None  # the table pane's content last shown

    # ----- layout -----
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with VerticalScroll(id="table-pane"):
                yield Static(id="table")
            with Vertical(id="side"):
                yield Static(id="status")
                yield OptionList(id="actions")
                yield Input(id="typed", placeholder="or type an action, e.g. its text")
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
        self.step()

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
        agent = match.agents[seat]
        state = match.state
        view = state.view(seat) if agent.needs_view else None
        legal = list(state.legal_actions(seat))
        self.thinking = True
        self.run_worker(partial(self.think, seat, view, legal), thread=True, exclusive=True)

    def think(self, seat: int, view: View | None, legal: list[int]) -> None:
        """In a worker thread: the bot's choice, handed back to the screen's thread."""
        action = self.match.agents[seat].act(view, legal)
        self.call_from_thread(self.bot_moved, seat, action)

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
        game = match.game
        menu.add_options(
            Option(styled(game.name, game.action_to_string(code)), id=str(i))
            for i, code in enumerate(self.choices)
        )
        menu.highlighted = 0 if self.choices else None
        who = "your" if len(match.humans) == 1 else f"{self.name_of(seat)}'s"
        self.show(f"It is {who} move." + (f"\n{hint}" if hint else ""))
        menu.focus()

    # ----- what the viewer sees -----
    def show(self, status: str | None = None) -> None:
        view = self.match.state.view(self.viewer)
        game = self.match.game
        text = styled(game.name, game.render_view(view))
        self.picture = Picture(drawing(game, view), text, self.size.height - FRAME_ROWS)
        self.query_one("#table", Static).update(self.picture)
        log = self.query_one("#log", RichLog)
        for event in view.events[self.logged :]:
            log.write(styled(game.name, game.describe_event(event, self.viewer)))
        self.logged = len(view.events)
        if status is not None:
            self.query_one("#status", Static).update(status)

    def warn(self, message: str) -> None:
        self.query_one("#status", Static).update(Text(message, style="bold red"))

    # ----- a person's choice -----
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.asking is None or event.option.id is None:
            return
        self.choose(self.choices[int(event.option.id)])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.asking is None:
            return
        text = event.value.strip()
        if not text:
            return
        try:
            action = self.match.game.action_from_string(text)
        except AnglerError as exc:
            self.warn(str(exc))
            return
        event.input.value = ""
        self.choose(action)

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
        """Flip & Fish: a click on the table picture aims there (``cast X Y``)."""
        picture = self.picture
        table = self.query_one("#table", Static)
        if self.asking is None or picture is None:
            return
        offset = event.get_content_offset(table)
        if offset is None:
            return
        point = picture.point_at(offset.y, offset.x, table.content_size.width)
        if point is None:
            return
        try:
            action = self.match.game.action_from_string(f"cast {point[0]} {point[1]}")
        except AnglerError:
            return
        if action in self.match.state.legal_actions(self.asking):
            self.choose(action)

    # ----- keys -----
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
        path = self.save_to or Path(f"angler-{self.match.game.name}-{self.match.seed}.json")
        try:
            self.match.save(path)
        except OSError as exc:
            self.warn(f"cannot save to {path}: {exc.strerror}")
            return
        self.saved_to = path
        self.query_one("#status", Static).update(f"Saved to {path}; resume with --resume {path}")

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
        if self.save_to is not None:
            self.action_save()
        self.exit()

    # ----- the end -----
    def finish(self) -> None:
        match = self.match
        names = [self.name_of(seat) for seat in range(match.game.players)]
        standings = match.game.standings(match.state)

        def saved(name: str | None) -> None:
            if name:
                self.save_to = Path(name)
                self.action_save()
            self.exit()

        if self.save_to is not None:
            self.action_save()
        self.push_screen(EndScreen(names, match.state, standings), saved)
