"""A game's card set for the browser's card-set editor (docs/web.md, "Card sets"): the bundled
set with its JSON Schema, and an edited set checked exactly as ``--cards`` checks a file, every
refusal with its place in the file, so that the editor shows each one at its cell.

The check is the game's own: its card-file model (``Game.card_file_model``, the one the JSON
Schemas in ``docs/schemas/`` are generated from) reads the set, every problem kept rather than
the first; a set the model accepts is then loaded by the game itself (the set written to a
private file, as a room's upload is: ``core.data.card_set_file``), at every player count it
allows, for the rules the loader checks beyond the model (copies of a type alike, enough cards
for the players)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from angler.core.data import card_set_file, read_json
from angler.core.errors import AnglerError
from angler.core.models import Problem, json_path, problems_of
from angler.core.numbers import described
from angler.core.registry import get_game, make_game
from angler.server.refusals import NoSuchGameError, check_game

MAX_PROBLEMS = 100  # listed at most: a set of garbage would otherwise answer with thousands
UPLOADED = "the edited card set"  # how a loader's message names the set (never its temp file)


class NoCardFileError(AnglerError):
    """A game whose cards are not data (it has no card file to edit)."""

    code: ClassVar[str] = "cards"
    status: ClassVar[int] = 404


class CardSetError(AnglerError):
    """An edited set asked to be played that its game refuses: its first problem, in one line."""

    code: ClassVar[str] = "cards"
    status: ClassVar[int] = 422


@dataclass(frozen=True)
class CardProblem:
    """One refusal: where (``path``, the keys and indexes from the file's top: ``["rods", 3,
    "speed"]``; empty for the set as a whole) and what, worded for that place."""

    path: list[int | str]
    message: str

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "message": self.message}

    def line(self) -> str:
        """The problem on one line, its place named first (for a refusal of the whole set)."""
        where = json_path(tuple(self.path))
        return f"{where}: {self.message}" if where else self.message


def card_model(game: str) -> type[BaseModel]:
    """The game's card-file model; 404 for a game not offered or without a card file."""
    check_game(game, NoSuchGameError)
    model = get_game(game).card_file_model
    if model is None:
        raise NoCardFileError(f"{game} has no card file to edit")
    return model


@functools.lru_cache(maxsize=16)
def bundled_cards(game: str) -> dict[str, Any]:
    """The game's own card set, as its bundled file holds it."""
    card_model(game)
    source = getattr(getattr(make_game(game), "cards", None), "source", "")
    data: dict[str, Any] = read_json(Path(source))
    return data


@functools.lru_cache(maxsize=16)
def card_schema(game: str) -> dict[str, Any]:
    """The JSON Schema of the game's card files (the one ``docs/schemas/`` publishes)."""
    return card_model(game).model_json_schema()


def check_card_set(game: str, data: Any) -> list[CardProblem]:
    """Every problem of ``data`` as a card set of ``game`` (none: ``--cards`` would take it)."""
    model = card_model(game)
    if not isinstance(data, dict):
        return [CardProblem([], f"a card set is a JSON object, not {described(data)}")]
    try:
        model.model_validate(data, strict=True)
    except ValidationError as exc:
        return [_at_cell(problem) for problem in problems_of(exc)[:MAX_PROBLEMS]]
    return _loaded(game, data)


def require_card_set(game: str, data: Any) -> dict[str, Any]:
    """``data`` if it is a card set the game plays; CardSetError naming its first problem."""
    problems = check_card_set(game, data)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise CardSetError(f"the card set is refused: {problems[0].line()}{more}")
    assert isinstance(data, dict)
    return data


def _loaded(game: str, data: dict[str, Any]) -> list[CardProblem]:
    """The loader's own refusal at the first player count that has one (a rule between cards,
    or too few cards for so many players), as a problem of the whole set."""
    cls = get_game(game)
    with card_set_file(data) as path:
        for players in range(cls.min_players, cls.max_players + 1):
            try:
                make_game(game, players, cards=str(path))
            except AnglerError as exc:
                message = str(exc).replace(f"card file {path}", UPLOADED)
                message = message.replace(str(path), UPLOADED).removeprefix(f"{UPLOADED}: ")
                if cls.min_players != cls.max_players:
                    message = f"at {players} players: {message}"
                return [CardProblem([], message)]
    return []


def _at_cell(problem: Problem) -> CardProblem:
    """A model's problem worded for the cell that shows it: the row (the card, the list item
    holding the field) is the place, so the words name the field within it (``'speed' must be
    …``, ``'ability.value' must be …``) or stand alone (a rule between the card's fields)."""
    loc = problem.loc
    rows = [index for index, part in enumerate(loc) if isinstance(part, int)]
    start = rows[0] + 1 if rows else len(loc) - 1 if problem.about_field and loc else len(loc)
    within = Problem(loc[start:], problem.text, problem.about_field)
    return CardProblem(list(loc), within.line())
