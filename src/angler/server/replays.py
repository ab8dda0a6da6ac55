"""A finished game, step by step, as a seat saw it (or with everything shown): the browser's
replay. Built from the room's record by replaying it, each step's board from a view, so a replay
shows a seat no more than that seat saw at the table. "Everything shown" (offered only once the
game is over, as the record itself is) draws one board with every hidden thing face up, the
game's ``open_board`` of the state, and tells every event as an onlooker who sees all would; a
game with no open board shows every seat's view in turn instead."""

from __future__ import annotations

from typing import Any

from angler.core.events import PUBLIC, visible
from angler.core.records import Record, start_state
from angler.core.state import State

ALL = "all"  # the replay with everything shown at every step
ALL_SEEING = -2  # the viewer of an open board: every event, told as to an onlooker


def replay_steps(record: Record, seat: int | str | None) -> dict[str, Any]:
    """Every step of ``record`` for ``seat`` (0-based), a spectator (None) or ``ALL`` seats.

    Each step holds the board(s) after it, the lines of the log it added for the viewer, who
    decides next and, at the end, the scores. Step 0 is the deal. The boards name cards by id:
    ``cards`` is the game's card catalogue, once for every step."""
    state = start_state(record)
    game = state.game
    opened = seat == ALL and game.presentation.open_board(state) is not None
    viewers: list[int] = (
        [ALL_SEEING]
        if opened
        else list(range(game.players))
        if seat == ALL
        else [PUBLIC if seat is None else int(seat)]
    )
    steps = [_step(state, viewers, 0, None)]
    for entry in record.actions:
        seen = len(state.events)
        code = game.action_from_string(entry["action"])
        if entry.get("chance"):
            state.chance.force(game.chance_from_json(order) for order in entry["chance"])
        if entry.get("outcomes"):
            state.chance.force_outcomes(entry["outcomes"])
        state.apply_action(code, entry["player"])
        steps.append(_step(state, viewers, seen, entry))
    return {
        "game": record.game,
        "players": game.players,
        "seat": seat,
        "seats": record.seats,
        "cards": game.presentation.catalogue(),
        "steps": steps,
    }


def _step(
    state: State[Any], viewers: list[int], seen: int, entry: dict[str, Any] | None
) -> dict[str, Any]:
    presentation = state.game.presentation
    new_events = state.events[seen:]
    step: dict[str, Any] = {
        "action": None if entry is None else {"seat": entry["player"], "text": entry["action"]},
        "boards": [_board(state, viewer) for viewer in viewers],
        "said": [
            [
                presentation.describe_event(event, None if viewer < 0 else viewer)
                for event in (new_events if viewer == ALL_SEEING else visible(new_events, viewer))
            ]
            for viewer in viewers
        ],
        "to_act": list(state.current_players()),
        "over": state.is_terminal(),
    }
    if state.is_terminal():
        step["scores"] = state.scores()
        step["winners"] = state.winners()
    return step


def _board(state: State[Any], viewer: int) -> dict[str, Any]:
    presentation = state.game.presentation
    if viewer == ALL_SEEING:
        opened = presentation.open_board(state)
        assert opened is not None  # asked only of a game that draws one
        return opened
    board: dict[str, Any] = presentation.board(state.view(viewer))
    return board
