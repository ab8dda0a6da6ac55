"""``angler play``: a plain terminal game for people against agents (one line in, text out).

Reads standard input line by line, so it works the same from a keyboard or a pipe. A person types
an action's number or its text (``play Y7``; a card name alone also works when it names one legal
action); ``q`` quits. Each person sees only their own view and the log lines their seat may see.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from angler.cli.common import GameOptions, PlayersOption, not_nan, out, parse_options, write_text
from angler.core.errors import AnglerError
from angler.core.events import PUBLIC, audience_of
from angler.core.files import check_writable_file
from angler.core.records import load_record, player_count
from angler.core.registry import make_game
from angler.core.state import State
from angler.core.view import listed
from angler.play import autosave
from angler.play.match import Match
from angler.play.seats import HUMAN, seat_kinds
from angler.play.typed import typed_action

QUIT = frozenset({"q", "quit", "exit"})
CLEAR_SCREEN = "\033[2J\033[3J\033[H"  # clear the screen and its scrollback, cursor home


class Quit(Exception):
    """A person typed q, or the input ended."""


def play_command(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="Game name (see `angler games`); with --resume, the saved file to continue.",
        ),
    ] = None,
    record_file: Annotated[
        str | None,
        # Only to name the mistake in `play GAME --resume FILE`: the record already sets the game.
        typer.Argument(hidden=True, metavar="FILE"),
    ] = None,
    players: PlayersOption = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            metavar="WHO",
            help="Who sits in seat 1, 2, … in order: 'human', a level (easy, normal, hard) or an "
            "agent name (repeatable; seats not given are 'normal' bots). Default: you in seat 1.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", "-s", metavar="SEED", help="Deal from this seed (default: random)."),
    ] = None,
    cards: Annotated[
        Path | None,
        typer.Option(
            "--cards", metavar="FILE", help="Card set file (JSON) for games that have one."
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save", metavar="FILE", help="Write the game's record here when it ends or you quit."
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Continue a game saved from `angler play`: `--resume FILE`, or `--resume` alone "
            "for the last unfinished game (every game is autosaved after each move).",
        ),
    ] = False,
    pace: Annotated[
        float,
        typer.Option(
            "--pace",
            min=0,
            max=10,
            callback=not_nan,
            metavar="SECONDS",
            help="Seconds between bot moves on screen (0 to 10).",
        ),
    ] = 0.8,
    ui: Annotated[
        str,
        typer.Option(
            "--ui",
            metavar="MODE",
            help="'screen' (full-screen table), 'text' (a line prompt, for pipes and scripts) or "
            "'auto': the screen on a terminal, text otherwise.",
        ),
    ] = "auto",
    option: GameOptions = None,
) -> None:
    """Play a game in the terminal against bots or friends (several 'human' seats: hot-seat).

    On a terminal a full-screen table opens: choose with the arrow keys and Enter or the mouse,
    or type an action; u undoes where fair, s saves, r shows how to play, +/- pace the bots,
    q quits. Piped, a line prompt reads an action's number or text per line; q quits.
    """
    if ui not in ("auto", "screen", "text"):
        raise AnglerError(f"--ui is auto, screen or text, not {ui!r}")
    if record_file is not None and not resume:
        raise AnglerError(f"play takes one game name, not {game!r} and {record_file!r}")
    if resume:
        named_game = game if record_file is not None else None
        _check_nothing_the_record_sets(named_game, players, seed, cards, option)
        game = record_file if record_file is not None else game
    if save is not None:
        check_writable_file(save)
    last = autosave.last_unfinished() if resume and game is None else None
    if resume and game is None and last is None:
        raise AnglerError("no unfinished game was autosaved: give --resume FILE")
    if resume:
        match = _resumed(last.path if last else Path(str(game)), seat)
    else:
        match = _new_match(game, players, seat, seed, cards, option)
    autosave.keep(match, last.path if last else None)
    if ui == "screen" or (ui == "auto" and sys.stdin.isatty() and sys.stdout.isatty()):
        from angler.tui.app import PlayApp  # Textual loads only when the screen is used

        offer = last.describe() if last else None
        PlayApp(match, pace=pace, save_to=save, offer=offer).run()
        return
    if last is not None:
        say(f"Resuming the last game ({last.describe()}) from {last.path}")
    session = Session(match)
    try:
        finished = session.run()
    finally:
        match.autosave()  # the line prompt plays on the state itself: save where it stopped
    if save is not None:
        write_text(save, match.record().dumps())
        out.print(f"Record saved to {save}", markup=False)
    elif finished and match.humans:
        session.offer_to_save()


def _new_match(
    game: str | None,
    players: int | None,
    seat: list[str] | None,
    seed: int | None,
    cards: Path | None,
    option: list[str] | None,
) -> Match:
    if game is None:
        raise AnglerError("name a game to play (see `angler games`), or give --resume FILE")
    options: dict[str, object] = dict(parse_options(option))
    if cards is not None:
        options["cards"] = str(cards)
    configured = make_game(game, players, **options)
    kinds = seat_kinds(seat, configured.players)
    by_seat = {k: v for k, v in configured.options_for_seats(kinds).items() if k not in options}
    if by_seat:  # e.g. a difficulty level that also sets how well its seat casts
        configured = make_game(game, configured.players, **options, **by_seat)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    return Match(configured, seed, kinds)


def _check_nothing_the_record_sets(
    game: str | None,
    players: int | None,
    seed: int | None,
    cards: Path | None,
    option: list[str] | None,
) -> None:
    """--resume continues a game as recorded: refuse what the record already decides rather
    than ignore it without a word (--seat may change who plays; --save, --ui, --pace apply)."""
    given = {
        f"the game {game!r}": game is not None,
        "--players": players is not None,
        "--seed": seed is not None,
        "--cards": cards is not None,
        "--option": bool(option),
    }
    extra = [name for name, present in given.items() if present]
    if extra:
        raise AnglerError(
            f"--resume continues the game as recorded: its record sets the game, players, seed "
            f"and options, so drop {listed(extra)}"
        )


def _resumed(path: Path, seat: list[str] | None) -> Match:
    if not seat:
        return Match.resume(path)
    return Match.resume(path, seat_kinds(seat, player_count(load_record(path))))


class Session:
    """The line prompt: one person's view and a numbered list of actions per decision."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.game = match.game
        self.seed = match.seed
        self.kinds = match.kinds
        self.humans = match.humans
        self.shown = dict.fromkeys(self.humans, 0)  # visible events already printed, per person
        self.last_human = -1

    @property
    def state(self) -> State[Any]:
        return self.match.state

    # ----- the game loop -----
    def run(self) -> bool:
        """Play to the end (True) or until a person quits (False)."""
        game = self.game
        title = getattr(game, "title", game.name)
        say(f"{title}: {game.players} players, seed {self.seed}. {self.who_plays()}.")
        say("Type an action's number or its text (as listed); q quits.")
        match = self.match
        try:
            while not match.over:
                match.play_bots()
                seat = match.to_act()
                if seat is not None:
                    self.human_turn(seat)
        except Quit as reason:
            say(f"\n{reason} The game was not finished.")
            return False
        self.show_last_events()
        self.show_result()
        return True

    def who_plays(self) -> str:
        """``Player 1 (you), Player 2 (normal bot)``."""
        return ", ".join(f"Player {s + 1} ({self.who(s)})" for s in range(len(self.kinds)))

    def who(self, seat: int) -> str:
        """Who sits in ``seat``: "you" only when one person plays (with several, "you" would
        name two seats), "human", or the bot's level or name."""
        kind = self.kinds[seat]
        if kind == HUMAN:
            return "you" if len(self.humans) == 1 else "human"
        return f"{kind} bot"

    def human_turn(self, seat: int) -> None:
        state = self.state
        if len(self.humans) > 1 and seat != self.last_human:
            self.pass_to(seat)
        self.last_human = seat
        self.show_new_events(seat)
        view = state.view(seat)
        say("")
        say(self.game.presentation.render_view(view))
        legal, hint = self.game.presentation.menu(view, state.legal_actions(seat))
        texts = [self.game.action_to_string(code) for code in legal]
        say(self.game.presentation.prompt(view, state.legal_actions(seat)))
        say(numbered([self.game.presentation.menu_label(view, code) for code in legal]))
        if hint:
            say(hint)
        while True:
            numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
            line = ask(f"Player {seat + 1}, your choice ({numbers}, text, or q): ")
            try:
                self.match.play(seat, self.choose(line, legal, texts))
                return
            except AnglerError as exc:
                say(str(exc))

    def choose(self, line: str, legal: list[int], texts: list[str]) -> int:
        """The action a person's line names; AnglerError (one line) if it names none."""
        text = line.strip()
        if text.lower() in QUIT:
            raise Quit("You quit.")
        if not text:
            raise AnglerError(f"type a number from 1 to {len(legal)} or an action's text")
        if text.isascii() and text.isdecimal() and len(text) < 6:
            number = int(text)
            if not 1 <= number <= len(legal):
                raise AnglerError(f"{number} is not a choice: type 1 to {len(legal)}")
            return legal[number - 1]
        return typed_action(self.game, text, legal)

    def pass_to(self, seat: int) -> None:
        """Hot-seat: nothing of one person's table shows until the next has the device. On a
        terminal the screen is cleared while it changes hands (the last person's hand and log
        go) and again once the next person is alone with it."""
        if self.last_human >= 0:
            clear_terminal()
        say("")
        line = ask(f"Pass to Player {seat + 1} — press Enter when only they can see (q quits) ")
        if line.strip().lower() in QUIT:
            raise Quit("You quit.")
        clear_terminal()

    def show_new_events(self, seat: int) -> None:
        events = self.state.view(seat).events
        for event in events[self.shown[seat] :]:
            say("  " + self.game.presentation.describe_event(event, seat))
        self.shown[seat] = len(events)

    def show_last_events(self) -> None:
        """The end of the log. With several people at one screen only what everyone may see:
        each one's secrets stay theirs even after the game."""
        if len(self.humans) == 1:
            self.show_new_events(self.humans[0])
            return
        if not self.humans:
            return
        seat = self.last_human if self.last_human >= 0 else self.humans[0]
        events = self.state.view(seat).events
        for event in events[self.shown[seat] :]:
            if audience_of(event) == PUBLIC:
                say("  " + self.game.presentation.describe_event(event, None))
        self.shown[seat] = len(events)

    def show_result(self) -> None:
        state = self.state
        table = Table(title="Final scores")
        for column in ("player", "who", "score", "place"):
            table.add_column(column, justify="right" if column in ("score", "place") else "left")
        for seat, (score, place) in enumerate(zip(state.scores(), state.ranking(), strict=True)):
            table.add_row(f"Player {seat + 1}", self.who(seat), str(score), str(place))
        out.print(table)
        alone = len(self.humans) == 1
        winners = listed(
            [
                f"Player {seat + 1}" + (" (you)" if alone and seat in self.humans else "")
                for seat in state.winners()
            ]
        )
        say(f"{'Winners' if len(state.winners()) > 1 else 'Winner'}: {winners}")

    def offer_to_save(self) -> None:
        while True:
            try:
                line = ask("Save the record? File name (empty line: don't save): ").strip()
            except Quit:
                return
            if not line:
                return
            path = Path(line)
            try:
                check_writable_file(path)
                write_text(path, self.match.record().dumps())
            except AnglerError as exc:
                say(str(exc))
                continue
            say(f"Record saved to {path}")
            return


def numbered(texts: list[str], width: int = 100) -> str:
    """The choices numbered from 1, in as many columns as fit ``width``."""
    cell = max([12, *(len(text) for text in texts)])
    per_line = max(1, min(6, width // (cell + 5)))
    items = [f"{i:>2}) {text:<{cell}}" for i, text in enumerate(texts, 1)]
    rows = [" ".join(items[i : i + per_line]).rstrip() for i in range(0, len(items), per_line)]
    return "\n".join(rows)


def clear_terminal() -> None:
    """Clear the screen and its scrollback on a terminal; piped output is left as it is."""
    if sys.stdout.isatty():
        sys.stdout.write(CLEAR_SCREEN)
        sys.stdout.flush()


def say(text: str) -> None:
    out.print(text, markup=False)


def ask(prompt: str) -> str:
    """One line from standard input; Quit at the end of input."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        sys.stdout.write("\n")
        raise Quit("Input ended.")
    line = line.rstrip("\r\n")
    if not sys.stdin.isatty():  # echo piped input, so a transcript reads like a session
        sys.stdout.write(line + "\n")
    return line
