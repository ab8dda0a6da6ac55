"""A game being played by people and bots: whose move it is, undo where it is fair, save and
resume. Every interface that seats people (the terminal UI, the plain prompt) drives one.

**Undo is fair** only back to a person's own decision, and only while nothing has happened since
that anybody could learn from: no other seat has acted, no chance event has been drawn (a
shuffle, a cast, a die) and the move revealed nothing hidden to its maker. The last is read from
the move's own events (``core/fairness.py``): an event kind declares whether it shows those who
see it something hidden (a peeked card, one turned face up). The conformance suite checks, on
every game, that this agrees with re-dealing what the person could not see and replaying the move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from angler.agents import Agent, agent_seed, make_agent
from angler.core.errors import AnglerError, IllegalActionError, RecordError
from angler.core.fairness import fair_to_undo
from angler.core.game import Game
from angler.core.records import Record, load_record, record_of, replay
from angler.core.state import State
from angler.play import autosave
from angler.play.loop import Step, bot_action, play_out
from angler.play.seats import HUMAN, check_kinds

UNDO_CHAIN = 8
"""The most moves taken back in a row (each by its own maker, latest first). A point holds a
whole state: a server's room of people kept one for every move of a round, most never used."""


@dataclass
class UndoPoint:
    seat: int
    before: State[Any]  # a clone of the state before the move


class Match:
    """``kinds``: ``"human"`` or an agent name (a level such as ``normal``) for every seat."""

    def __init__(
        self, game: Game[Any, Any], seed: int, kinds: Sequence[str], state: State[Any] | None = None
    ):
        self.game = game
        self.seed = seed
        self.kinds = check_kinds(list(kinds), game.players)
        self.state: State[Any] = state if state is not None else game.new_state(seed)
        self.agents: dict[int, Agent] = {
            seat: make_agent(kind, agent_seed(seed, seat), game)
            for seat, kind in enumerate(self.kinds)
            if kind != HUMAN
        }
        self.humans = [seat for seat, kind in enumerate(self.kinds) if kind == HUMAN]
        self.undo_points: list[UndoPoint] = []
        self.autosave_to: Path | None = None  # saved here after every move (``autosave.keep``)
        self.autosave_problem: str | None = None  # why the last autosave failed, if it did

    # ----- whose move -----
    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def to_act(self) -> int | None:
        """The seat asked next (in a simultaneous choice, the first still choosing), or None."""
        if self.over:
            return None
        return self.state.current_players()[0]

    def is_human(self, seat: int) -> bool:
        return seat not in self.agents

    def menu(self, seat: int) -> tuple[list[int], str]:
        """The actions to offer ``seat`` (every legal one, or the game's short list) and a hint
        for any others the game accepts as text."""
        view = self.state.view(seat)
        return self.game.presentation.menu(view, self.state.legal_actions(seat))

    def prompt(self, seat: int) -> str:
        """What ``seat`` is deciding now, in one line (the game's own words)."""
        return self.game.presentation.prompt(self.state.view(seat), self.state.legal_actions(seat))

    # ----- moves -----
    def play(self, seat: int, action: int, before: State[Any] | None = None) -> None:
        """A person's move. IllegalActionError (state unchanged) if it is not legal now.
        ``before``: a copy of the state as it is now, which nothing will change, kept as the
        undo point (the server's room has one: it plays each move on a clone); else one is
        made."""
        state = self.state
        if self.to_act() != seat and seat not in state.current_players():
            raise IllegalActionError("turn order", f"it is not player {seat + 1}'s turn")
        if before is None:
            before = state.clone()
        state.apply_action(action, seat)
        if self.fair_to_undo(before, seat):
            self.undo_points.append(UndoPoint(seat, before))
            del self.undo_points[:-UNDO_CHAIN]
        else:
            self.undo_points.clear()
        self.autosave()

    def bot_move(self) -> tuple[int, int]:
        """Let the bot to act choose and play; returns ``(seat, action)``."""
        seat = self._bot_to_act()
        action = bot_action(self.state, seat, self.agents[seat])
        self.play_for_bot(seat, action)
        return seat, action

    def play_bots(self, on_step: Step | None = None) -> None:
        """Let the bots play on until a person is to act or the game ends (the one loop,
        ``play/loop.py``); ``on_step(seat, action)`` after each move. Saved once, at the end."""
        before = len(self.state.history)

        def moved(seat: int, action: int) -> None:
            self.undo_points.clear()  # nobody takes a move back across another player's
            if on_step is not None:
                on_step(seat, action)

        play_out(self.state, self.agents, moved)
        if len(self.state.history) != before:
            self.autosave()

    def bot_decision(self, seat: int) -> Callable[[], int]:
        """The bot's choice for ``seat``, to be made later (e.g. in a worker thread): its view and
        the legal actions are taken now, so the call reads nothing of the state. Apply the result
        with ``play_for_bot``."""
        agent = self.agents[self._bot_to_act(seat)]
        view = self.state.view(seat) if agent.needs_view else None
        return partial(agent.act, view, list(self.state.legal_actions(seat)))

    def play_for_bot(self, seat: int, action: int) -> None:
        """Apply a bot's chosen move (chosen elsewhere, e.g. in a worker thread)."""
        self.state.apply_action(action, seat)
        self.undo_points.clear()  # nobody takes a move back across another player's
        self.autosave()

    def _bot_to_act(self, seat: int | None = None) -> int:
        to_act = self.to_act()
        if to_act is None or to_act not in self.agents or seat not in (None, to_act):
            raise AnglerError("no bot is to act")
        return to_act

    # ----- undo -----
    def fair_to_undo(self, before: State[Any], seat: int) -> bool:
        """Whether ``seat``'s move from ``before`` to now may be taken back: no chance event was
        drawn and none of its events shows ``seat`` anything hidden."""
        return fair_to_undo(before, self.state, seat)

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not undo now, or None when it may."""
        if not self.undo_points:
            return "undo never goes back past a chance event, a revealed card or another's move"
        if self.undo_points[-1].seat != seat:
            return "the last move was not yours"
        return None

    def undo(self, seat: int) -> None:
        reason = self.undo_refusal(seat)
        if reason is not None:
            raise AnglerError(f"cannot undo: {reason}")
        self.state = self.undo_points.pop().before
        self.autosave()

    # ----- records -----
    def record(self) -> Record:
        record = record_of(self.state)
        record.seats = list(self.kinds)
        return record

    def save(self, path: Path) -> None:
        """Write the record to ``path``; AnglerError (one line) if it cannot be written."""
        text = self.record().dumps()
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise AnglerError(f"cannot save to {path}: {exc.strerror or exc}") from None

    def autosave(self) -> None:
        """Save the game where ``autosave_to`` says, if anywhere. A failure never stops the game:
        it is kept in ``autosave_problem`` for the interface to mention."""
        if self.autosave_to is None:
            return
        try:
            autosave.write(self.autosave_to, self.record().dumps())
        except OSError as exc:
            self.autosave_problem = f"autosave to {self.autosave_to} failed: {exc.strerror or exc}"
        else:
            self.autosave_problem = None

    @classmethod
    def resume(cls, path: Path, kinds: Sequence[str] | None = None) -> Match:
        """The game saved at ``path``, at the point it was saved, seats as saved unless given."""
        record = load_record(path)
        state = replay(record)
        seats = list(kinds) if kinds else record.seats
        if not seats:
            raise RecordError("the record does not say who sits where: give --seat for each seat")
        return cls(state.game, record.seed, seats, state)
