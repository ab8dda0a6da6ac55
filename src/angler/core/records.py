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
from typing import Annotated, Any

from pydantic import ConfigDict, PlainValidator, ValidationError, WithJsonSchema

from angler.core.chance import ForcedChanceError
from angler.core.data import card_set_file, read_json_text
from angler.core.errors import AnglerError, RecordError
from angler.core.game import Game
from angler.core.models import AnglerModel, Loc, Text, Whole, expected, problem_of
from angler.core.numbers import described
from angler.core.registry import get_game
from angler.core.state import State
from angler.core.view import counted

FORMAT = "angler-record/1"  # the format record_of writes
FORMATS = frozenset({FORMAT})  # the formats parse_record reads


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    seed: int
    actions: list[dict[str, Any]] = field(default_factory=list)
    setup: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    seats: list[str] | None = None  # who played each seat ("human", an agent), if known
    cards: dict[str, Any] | None = None  # a card set written in (a room's uploaded one)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
        }
        if self.setup is not None:
            data["setup"] = self.setup
        if self.cards is not None:
            data["cards"] = self.cards
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


def _known_format(value: Any) -> str:
    if not (isinstance(value, str) and value in FORMATS):
        known = " or ".join(repr(name) for name in sorted(FORMATS))
        raise expected(known, value)
    return value


class ActionEntry(AnglerModel):
    """One action of a record: its seat, its text, and the chance outcomes it caused."""

    player: Annotated[int, Whole()]
    """The seat that chose the action, from 0 (checked against the game's seats on replay)."""
    action: Text
    """The action's canonical text, e.g. "play Y7"."""
    chance: list[list[Any]] | None = None
    """The shuffles this action triggers, one pile each in its new order, top card first."""
    outcomes: list[list[Annotated[int, Whole(-MAX_OUTCOME, MAX_OUTCOME)]]] | None = None
    """The other chance events this action triggers (casts, rerolls), in order."""


class Result(AnglerModel):
    """The end of a finished game, by seat."""

    scores: list[Annotated[int, Whole()]]
    winners: list[Annotated[int, Whole()]] | None = None


class RecordModel(AnglerModel):
    """A game written down move by move (docs/records.md)."""

    model_config = ConfigDict(title="angler record")

    format: Annotated[
        str,
        PlainValidator(_known_format),
        WithJsonSchema({"enum": sorted(FORMATS)}),
    ]
    game: Text
    """A registered game's name, e.g. "fishing"."""
    options: dict[str, Any]
    """The game's options, including "players"; a missing option means its default."""
    seed: Annotated[int, Whole()]
    """The seed of the game's chance: the deal and every shuffle not given explicitly."""
    setup: dict[str, Any] | None = None
    """An explicit starting position instead of the deal: each game has its own keys."""
    seats: list[Text] | None = None
    """Who played each seat: "human" or an agent."""
    cards: dict[str, Any] | None = None
    """A card set written into the record, in the game's card-file form (a room's uploaded
    set): the game is replayed with it instead of the bundled edition or a "cards" option."""
    actions: list[ActionEntry]
    """The actions in the order they were applied."""
    result: Result | None = None
    """Written when the game is over."""


def _record_place(loc: Loc) -> str | None:
    """Within an action, the place is its step (named by RecordError): the path starts there."""
    if not loc or (len(loc) == 2 and loc[0] == "actions"):
        return ""
    return None


def parse_record(text: str) -> Record:
    """Read a record's JSON; a malformed one raises RecordError naming what is wrong: the
    header (step 0) or the 1-based step of the action at fault."""
    data = read_json_text(text, lambda problem: RecordError(f"not JSON ({problem})", 0))
    if not isinstance(data, dict):
        raise RecordError(f"a record must be a JSON object, not {described(data)}", 0)
    try:
        RecordModel.model_validate(data, strict=True)
    except ValidationError as exc:
        problem = problem_of(exc)
        loc = problem.loc
        if len(loc) < 2 or loc[0] != "actions":
            raise RecordError(problem.line(_record_place), 0) from None
        step = int(loc[1]) + 1
        if len(loc) == 2 and problem.about_field:  # the entry itself is not an object
            raise RecordError(f"an action {problem.text}", step) from None
        raise RecordError(problem.line(_record_place), step) from None
    return Record(  # the JSON as written: the model has checked it
        game=data["game"],
        options=data["options"],
        seed=data["seed"],
        actions=data["actions"],
        setup=data.get("setup"),
        result=data.get("result"),
        seats=data.get("seats"),
        cards=data.get("cards"),
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


def _record_game(record: Record, options: dict[str, Any]) -> Game[Any, Any]:
    """The record's game; the card set it carries is read as a card file is, while it is made."""
    if record.cards is None:
        return get_game(record.game)(player_count(record), **options)
    with card_set_file(record.cards) as path:
        return get_game(record.game)(player_count(record), **{**options, "cards": str(path)})


def start_state(record: Record) -> State[Any]:
    options = dict(record.options)
    options.pop("players", None)
    try:
        game = _record_game(record, options)
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
    actions = record.actions if to_step is None else record.actions[:to_step]
    if to_step is not None and not 0 <= to_step <= len(record.actions):
        raise RecordError(f"--to must be 0 to {len(record.actions)}, not {to_step}")
    for step, entry in enumerate(actions, 1):
        apply_entry(state, entry, step)
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


def apply_entry(state: State[Any], entry: dict[str, Any], step: int) -> None:
    """One record entry applied, with the chance it forces; RecordError naming the step."""
    game = state.game
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
