"""The TUI's modal screens: pass the device, a yes-or-no question, how to play and the rules,
the end of the game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Markdown, Static

from angler.core.docs import read_doc
from angler.core.errors import AnglerError
from angler.core.state import State
from angler.core.view import listed


class PassScreen(Screen[None]):
    """Hot-seat: the table is hidden (a whole screen, nothing shows through) until the next
    person says they have the device."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "ready", "I am ready")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            yield Static(f"Pass to {self.player}", id="pass-title")
            yield Static("Everyone else, look away. Press Enter when you have the device.")
            yield Button(f"I am {self.player}", id="ready", variant="primary")

    def on_button_pressed(self) -> None:
        self.dismiss()

    def action_ready(self) -> None:
        self.dismiss()


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question (quit, overwrite, resume): y or Enter says yes, n or Escape no."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    #confirm-box {
        width: 64; max-width: 100%; height: auto;
        border: round $warning; background: $surface; padding: 1 2;
    }
    #question { text-style: bold; padding-bottom: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="question")
            yield Static("y or Enter: yes    n or Escape: no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class RulesScreen(ModalScreen[None]):
    """How to play the game (``docs/howto/<game>.md``); ``r`` again turns to the rules as
    implemented with every ruling (``docs/rules/<game>.md``) and back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "turn", "How to play / rules and rulings"),
        Binding("escape,q", "close", "Back to the game"),
    ]

    def __init__(self, game_name: str, summary: str) -> None:
        super().__init__()
        self.game_name = game_name
        self.summary = summary
        self.showing = "howto"

    def page(self, part: str) -> str:
        text = read_doc(part, self.game_name)
        if text is None:
            text = f"# {self.game_name}\n\n{self.summary}\n\n(The full rules are in the docs.)"
        other = "the rules as implemented, with every ruling" if part == "howto" else "how to play"
        return f"*r: {other}; Escape: back to the game*\n\n{text}"

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            yield Markdown(self.page("howto"))

    def action_turn(self) -> None:
        self.showing = "rules" if self.showing == "howto" else "howto"
        self.query_one(Markdown).update(self.page(self.showing))
        self.query_one("#rules", VerticalScroll).scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss()


class EndScreen(ModalScreen[Path | None]):
    """Final scores, the winners and a short summary; offers to save the record.

    ``save`` writes the record (AnglerError if it cannot): a name that cannot be written is
    refused on this screen, which stays for another name; an existing file is overwritten only
    when Enter is pressed a second time. Dismissed with the file saved to, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Quit without saving")]
    DEFAULT_CSS = "#save-problem { color: $error; height: auto; }"

    def __init__(
        self,
        names: list[str],
        state: State[Any],
        standings: list[str],
        save: Callable[[Path], None] | None = None,
    ) -> None:
        super().__init__()
        self.names = names
        self.state = state
        self.standings = standings
        self.save = save
        self.overwrite: Path | None = None  # the existing file Enter again will overwrite

    def compose(self) -> ComposeResult:
        state = self.state
        scores = Table(title="Final scores", expand=True)
        columns = ("place", "player", "score", "this game") if self.standings else ()
        for column in columns or ("place", "player", "score"):
            scores.add_column(column, justify="right" if column in ("place", "score") else "left")
        order = sorted(range(len(self.names)), key=lambda seat: state.ranking()[seat])
        for seat in order:
            row = [str(state.ranking()[seat]), self.names[seat], str(state.scores()[seat])]
            scores.add_row(*row, *([self.standings[seat]] if self.standings else []))
        winners = listed([self.names[seat] for seat in state.winners()])
        verb = "win" if len(state.winners()) > 1 or winners == "You" else "wins"
        with Vertical(id="end-box"):
            yield Static(f"{winners} {verb}!", id="end-title")
            yield Static(scores)
            yield Input(placeholder="file name to save the record (Enter saves)", id="save-as")
            yield Static(id="save-problem")
            yield Button("Quit without saving", id="leave")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        problem = self.query_one("#save-problem", Static)
        if not name or self.save is None:
            # An Enter meant for the last move must not throw the record away.
            problem.update("Type a file name to save the record, or Escape to quit without it.")
            return
        path = Path(name)
        if path.exists() and path != self.overwrite:
            self.overwrite = path
            problem.update(f"{path} already exists: Enter again overwrites it.")
            return
        try:
            self.save(path)
        except AnglerError as exc:
            self.overwrite = None
            problem.update(f"{exc}. Try another name, or Escape to quit without saving.")
            return
        self.dismiss(path)

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_leave(self) -> None:
        self.dismiss(None)
