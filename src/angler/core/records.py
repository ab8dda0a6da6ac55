"""Game records: a PGN-like JSON document (see docs/records.md).

A record holds the game, its options (``players`` included), the seed, an optional explicit
``setup``, the actions in order (each with its seat, and optionally the chance outcomes it caused)
and an optional ``result``. :func:`replay` checks a record step by step.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from angler.core.chance import ForcedChanceError
from angler.core.data import read_json_text
from angler.core.errors import AnglerError, RecordError
from angler.core.game import Game
from angler.core.numbers import described, is_whole, shown
from angler.core.registry import get_game
from angler.core.state import State
from angler.core.view import counted

FORMAT = "angler-record/1"


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    seed: int
    actions: list[dict[str, Any]] = field(default_factory=list)
    setup: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    seats: list[str] | None = None  # who played each seat ("human", an agent), if known

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
        }
        if self.setup is not None:
            data["setup"] = self.setup
        if self.seats is not None:
            data["seats"] = self.seats
        data["actions"] = self.actions
        if self.result is not None:
            data["result"] = self.result
        return data

    def dumps(self) -> str:
        """Compact JSON: one action per line, so records diff well."""
        data = self.to_json()
        actions = data.pop("actions")
        result = data.pop("result", None)
        head = json.dumps(data, ensure_ascii=False)[:-1]
        lines = [head + ', "actions": [']
        lines += [
            "  " + json.dumps(a, ensure_ascii=False) + ("," if i < len(actions) - 1 else "")
            for i, a in enumerate(actions)
        ]
        tail = "]" + (f', "result": {json.dumps(result)}' if result is not None else "") + "}"
        lines.append(tail)
        return "\n".join(lines) + "\n"


def record_of(state: State[Any], setup: Mapping[str, Any] | None = None) -> Record:
    """The record of a game played from ``game.new_state(seed)`` (or from ``setup``)."""
    game = state.game
    history = state.history
    actions: list[dict[str, Any]] = [
        {"player": seat, "action": game.action_to_string(code)} for seat, code in history
    ]
    if game.records_outcomes:
        for entry, outcomes in zip(actions, _outcomes_by_action(state, setup), strict=True):
            if outcomes:
                entry["outcomes"] = outcomes
    result = None
    if state.is_terminal():
        result = {"scores": state.scores(), "winners": state.winners()}
    return Record(
        game=game.name,
        options=game.describe_options(),
        seed=state.chance.seed,
        actions=actions,
        setup=dict(setup) if setup is not None else None,
        result=result,
    )


def _outcomes_by_action(
    state: State[Any], setup: Mapping[str, Any] | None
) -> list[list[list[int]]]:
    """Replay ``state``'s history from its start, collecting each action's non-shuffle chance
    outcomes (casts, dice), which a record stores so a replay never draws them again."""
    game = state.game
    twin = (
        game.state_from_setup(setup, state.chance.seed)
        if setup is not None
        else game.new_state(state.chance.seed)
    )
    twin.chance.outcomes = []
    per_action: list[list[list[int]]] = []
    for seat, code in state.history:
        start = len(twin.chance.outcomes)
        twin.apply_action(code, seat)
        per_action.append(twin.chance.outcomes[start:])
    return per_action


MAX_OUTCOME = 10**6  # a chance outcome's numbers (a cast's tenths of a mm, a die's face)


def _header_error(key: str, expected: str, data: dict[str, Any]) -> RecordError:
    if key not in data:
        return RecordError(f"{key!r} is missing", 0)
    return RecordError(f"{key!r} must be {expected}, not {described(data[key])}", 0)


def parse_record(text: str) -> Record:
    """Read a record's JSON; a malformed one raises RecordError naming what is wrong."""
    data = read_json_text(text, lambda problem: RecordError(f"not JSON ({problem})", 0))
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object", 0)
    if data.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {shown(data.get('format'))}", 0)
    for key, kind, expected in (
        ("game", str, "a text"),
        ("options", dict, "an object"),
        ("actions", list, "a list"),
    ):
        if not isinstance(data.get(key), kind):
            raise _header_error(key, expected, data)
    if not is_whole(data.get("seed")):
        raise _header_error("seed", "a whole number", data)
    setup = data.get("setup")
    if setup is not None and not isinstance(setup, dict):
        raise RecordError(f"'setup' must be an object, not {described(setup)}", 0)
    seats = data.get("seats")
    if seats is not None and not (
        isinstance(seats, list) and all(isinstance(kind, str) for kind in seats)
    ):
        raise RecordError("'seats' must be a list of texts, one per seat", 0)
    result = data.get("result")
    if result is not None and not (
        isinstance(result, dict) and isinstance(result.get("scores"), list)
    ):
        raise RecordError("'result' must be an object with 'scores'", 0)
    for step, entry in enumerate(data["actions"], 1):
        _check_action_entry(entry, step)
    return Record(
        game=data["game"],
        options=data["options"],
        seed=data["seed"],
        actions=data["actions"],
        setup=setup,
        result=result,
        seats=seats,
    )


def _check_action_entry(entry: Any, step: int) -> None:
    """One action of a record: its seat, its text, and the chance outcomes it may carry."""
    if not (
        isinstance(entry, dict)
        and is_whole(entry.get("player"))
        and isinstance(entry.get("action"), str)
    ):
        raise RecordError("an action needs 'player' (a seat) and 'action' (a text)", step)
    chance = entry.get("chance")
    if chance is not None and not (
        isinstance(chance, list) and all(isinstance(order, list) for order in chance)
    ):
        raise RecordError("'chance' must be a list of shuffle outcomes", step)
    outcomes = entry.get("outcomes")
    if outcomes is not None and not (
        isinstance(outcomes, list)
        and all(
            isinstance(result, list) and all(is_whole(n) and abs(n) <= MAX_OUTCOME for n in result)
            for result in outcomes
        )
    ):
        raise RecordError(
            f"'outcomes' must be a list of lists of whole numbers from {-MAX_OUTCOME:,} to "
            f"{MAX_OUTCOME:,}",
            step,
        )


def load_record(path: str | Path) -> Record:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not UTF-8 text") from None
    return parse_record(text)


def player_count(record: Record) -> int:
    """The record's player count (the game's default if it gives none), checked against its
    game; RecordError (header) if the game is unknown or the count is not one it allows."""
    try:
        return get_game(record.game).player_count(record.options.get("players"))
    except AnglerError as exc:
        raise RecordError(str(exc), 0) from None


def start_state(record: Record) -> State[Any]:
    options = dict(record.options)
    options.pop("players", None)
    try:
        game: Game[Any, Any] = get_game(record.game)(player_count(record), **options)
        state: State[Any] = (
            game.state_from_setup(record.setup, record.seed)
            if record.setup is not None
            else game.new_state(record.seed)
        )
        return state
    except RecordError:
        raise
    except AnglerError as exc:
        raise RecordError(str(exc), 0) from None


def replay(record: Record, to_step: int | None = None) -> State[Any]:
    """Apply the record's actions in order (the first ``to_step`` of them, if given).

    Raises RecordError naming the first step that is illegal, and a mismatch with ``result``.
    """
    state = start_state(record)
    game = state.game
    actions = record.actions if to_step is None else record.actions[:to_step]
    if to_step is not None and not 0 <= to_step <= len(record.actions):
        raise RecordError(f"--to must be 0 to {len(record.actions)}, not {to_step}")
    for step, entry in enumerate(actions, 1):
        seat = entry["player"]
        if not 0 <= seat < game.players:  # the one place a 0-based seat shows: as its JSON field
            raise RecordError(
                f'{entry["action"]!r} has "player": {seat}, but a record numbers its '
                f"{game.players} players 0 to {game.players - 1}",
                step,
            )
        try:
            code = game.action_from_string(entry["action"])
            if entry.get("chance"):
                state.chance.force(game.chance_from_json(order) for order in entry["chance"])
            if entry.get("outcomes"):
                state.chance.force_outcomes(entry["outcomes"])
            state.apply_action(code, seat)
            for queue, what in (
                (state.chance.forced, "chance outcome"),
                (state.chance.forced_outcomes, "outcome"),
            ):
                if queue:
                    unused = len(queue)
                    queue.clear()
                    verb = "was" if unused == 1 else "were"
                    raise AnglerError(f"{counted(unused, what)} {verb} not used by this action")
        except ForcedChanceError as exc:
            order, pile = game.chance_to_json(exc.order), game.chance_to_json(sorted(exc.pile))
            raise RecordError(
                f"chance outcome {order} is not an order of the pile being shuffled {pile}", step
            ) from None
        except (AnglerError, ValueError) as exc:
            raise RecordError(f"{entry['action']!r} by Player {seat + 1}: {exc}", step) from None
    if to_step is None and record.result is not None:
        if not state.is_terminal():
            raise RecordError(
                f"the record has a result but the game is not over after {len(actions)} steps"
            )
        if state.scores() != record.result["scores"]:
            raise RecordError(
                f"replayed scores {state.scores()} differ from the recorded "
                f"{record.result['scores']}"
            )
    return state
