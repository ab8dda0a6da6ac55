"""The TUI's modal screens: pass the device, the rules, the end of the game."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Markdown, Static

from angler.core.state import State

# The rules as implemented: shipped inside an installed package, or read from the source tree.
RULES_PLACES = (
    Path(__file__).resolve().parents[1] / "docs" / "rules",
    Path(__file__).resolve().parents[3] / "docs" / "rules",
)


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


class RulesScreen(ModalScreen[None]):
    """The game's rules as implemented, with the rulings (``docs/rules/<game>.md``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,r,q", "close", "Back to the game")]

    def __init__(self, game_name: str, summary: str) -> None:
        super().__init__()
        self.game_name = game_name
        self.summary = summary

    def compose(self) -> ComposeResult:
        text = f"# {self.game_name}\n\n{self.summary}\n\n(The full rules are in the docs.)"
        for place in RULES_PLACES:
            try:
                text = (place / f"{self.game_name}.md").read_text(encoding="utf-8")
                break
            except OSError:
                continue
        with VerticalScroll(id="rules"):
            yield Markdown(text)

    def action_close(self) -> None:
        self.dismiss()


class EndScreen(ModalScreen[str | None]):
    """Final scores, the winners and a short summary; offers to save the record.

    Dismissed with the file name to save to, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Quit without saving")]

    def __init__(self, names: list[str], state: State, standings: list[str]) -> None:
        super().__init__()
        self.names = names
        self.state = state
        self.standings = standings

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
        winners = " and ".join(self.names[seat] for seat in state.winners())
        verb = "win" if len(state.winners()) > 1 or winners == "You" else "wins"
        with Vertical(id="end-box"):
            yield Static(f"{winners} {verb}!", id="end-title")
            yield Static(scores)
            yield Input(placeholder="file name to save the record (Enter saves)", id="save-as")
            yield Button("Quit without saving", id="leave")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        self.dismiss(name or None)

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_leave(self) -> None:
        self.dismiss(None)
