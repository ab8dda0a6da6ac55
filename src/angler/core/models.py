"""Declared data models (pydantic v2) for everything angler reads from JSON: records, card files
and set-ups. A model says what a document holds; :func:`read_model` checks a JSON value against it
and turns the first problem into one line naming the field.

The API, kept small and stable for every reader:

- :class:`AnglerModel`: the base of every model. Unknown fields are refused, types are strict (a
  JSON ``true`` is not a number, ``"4"`` is not 4), models are frozen.
- Field types, each with its JSON Schema and the same words as :mod:`angler.core.numbers`:
  ``Annotated[int, Whole(low, high)]`` (a whole number in range, never a bool),
  ``Annotated[float, Decimal(low, high)]`` (a finite number in range), ``Flag`` (true or false),
  ``Text`` (any text), ``Annotated[str, Word(forbidden)]`` (one printable word, as card names
  are) and ``Annotated[str, OneOf(choices, unknown=None)]`` (one of some texts).
- :func:`expected` builds the error a field's own check raises (``raise expected("a seat",
  value)`` says ``'leader' must be a seat, not the text 'x'``); :func:`refuse` builds the error
  a model's own validator raises for a rule between fields (``raise refuse("a boot has no
  'bait'")``): the message stands alone, after the object's place.
- :func:`read_model` (``read_model(Model, data, "setup")``) gives the model or raises an
  :class:`~angler.core.errors.AnglerError` (or ``error(line)``) on one line, such as
  ``setup: 'hands[2][0]' must be a text, not the whole number 7``.
- :func:`problem_of` (the first) or :func:`problems_of` (every one) and :class:`Problem`, for a
  reader that words the place itself (records name their step; card files name the card):
  ``Problem.line(context)`` writes the line, where ``context(loc)`` may name a prefix of the
  field's path (``("fishing", 3)`` -> ``"card Wahoo (fishing card 4)"``) and the rest of the
  path is quoted as the field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    PlainValidator,
    ValidationError,
    WithJsonSchema,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from angler.core.cards import is_card_word
from angler.core.errors import AnglerError
from angler.core.numbers import NumberError, decimal, described, shown, whole

Loc = tuple[int | str, ...]  # where a value sits in a document: ("fishing", 3, "catch_rate")
Context = Callable[[Loc], "str | None"]  # names a place (None: not one it names)

_FIELD = "angler_field"  # an error whose text follows the field's name: "must be …, not …"
_ALONE = "angler"  # an error whose text stands alone: "a boot is always a miss"
_NAMED = "angler_named"  # a field's error whose text names the field: "unknown effect 'x'"


class AnglerModel(BaseModel):
    """The base of every model angler reads from JSON."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        frozen=True,
        allow_inf_nan=False,
        use_attribute_docstrings=True,  # a field's docstring is its description in the schema
    )


def refuse(text: str) -> PydanticCustomError:
    """The error a model's validator raises for a rule between fields; ``text`` stands alone."""
    return PydanticCustomError(_ALONE, "{text}", {"text": text})


def expected(what: str, value: Any) -> PydanticCustomError:
    """The error a field's own check raises: ``'format' must be {what}, not {value in words}``."""
    return _must(f"must be {what}, not {described(value)}")


def _must(phrase: str) -> PydanticCustomError:
    return PydanticCustomError(_FIELD, "{text}", {"text": phrase})


_SUBJECT = "it"  # numbers.py words a refusal "<what> must be …": the phrase is what follows


def _number_phrase(exc: NumberError) -> str:
    return str(exc).removeprefix(f"{_SUBJECT} ")


def _range_schema(kind: str, low: float | None, high: float | None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": kind}
    if low is not None:
        schema["minimum"] = low
    if high is not None:
        schema["maximum"] = high
    return schema


class _FieldType:
    """Metadata for ``Annotated[...]`` that replaces pydantic's check with ``check`` (so the
    words are angler's) and publishes ``schema`` as the field's JSON Schema."""

    def check(self, value: Any) -> Any:
        raise NotImplementedError

    def schema(self) -> dict[str, Any]:
        raise NotImplementedError

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> Any:
        return core_schema.no_info_plain_validator_function(self.check)

    def __get_pydantic_json_schema__(
        self, schema: Any, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return self.schema()


@dataclass(frozen=True)
class Whole(_FieldType):
    """``Annotated[int, Whole(low, high)]``: a whole number within [low, high], never a bool,
    a fraction, or a number out of range."""

    low: int | None = None
    high: int | None = None

    def check(self, value: Any) -> int:
        try:
            return whole(value, _SUBJECT, self.low, self.high)
        except NumberError as exc:
            raise _must(_number_phrase(exc)) from None

    def schema(self) -> dict[str, Any]:
        return _range_schema("integer", self.low, self.high)


@dataclass(frozen=True)
class Decimal(_FieldType):
    """``Annotated[float, Decimal(low, high)]``: a finite number within [low, high] (a whole
    number is one too; a bool is not)."""

    low: float | None = None
    high: float | None = None

    def check(self, value: Any) -> float:
        try:
            return decimal(value, _SUBJECT, self.low, self.high)
        except NumberError as exc:
            raise _must(_number_phrase(exc)) from None

    def schema(self) -> dict[str, Any]:
        return _range_schema("number", self.low, self.high)


@dataclass(frozen=True)
class Word(_FieldType):
    """``Annotated[str, Word(forbidden)]``: one printable word without spaces (nor any of
    ``forbidden``), as card names are: they are typed in actions and shown in one-line
    messages."""

    forbidden: str = ""

    def check(self, value: Any) -> str:
        if not is_card_word(value, self.forbidden):
            besides = "".join(f" or {char!r}" for char in self.forbidden)
            raise _must(f"must be a word without spaces{besides}, not {described(value)}")
        return value

    def schema(self) -> dict[str, Any]:
        banned = "".join(f"\\{c}" if c in "\\]^-" else c for c in self.forbidden)
        return {"type": "string", "pattern": f"^[^\\s{banned}]+$"}


@dataclass(frozen=True)
class OneOf(_FieldType):
    """``Annotated[str, OneOf(choices)]``: one of the texts ``choices``. A refusal lists them,
    or, given ``unknown`` (a noun such as ``"ability effect"``, for long lists), says
    ``unknown ability effect 'x'``."""

    choices: tuple[str, ...]
    unknown: str | None = None

    def check(self, value: Any) -> str:
        if not (isinstance(value, str) and value in self.choices):
            if self.unknown is not None:
                text = f"unknown {self.unknown} {shown(value)}"
                raise PydanticCustomError(_NAMED, "{text}", {"text": text})
            listed = ", ".join(self.choices)
            raise _must(f"must be one of {listed}, not {described(value)}")
        return value

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.choices)}


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _must(f"must be true or false, not {described(value)}")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise _must(f"must be a text, not {described(value)}")
    return value


Flag = Annotated[bool, PlainValidator(_flag), WithJsonSchema({"type": "boolean"})]
Text = Annotated[str, PlainValidator(_text), WithJsonSchema({"type": "string"})]


# ----- problems, in words -----

_EXPECTED = {  # pydantic's own error types, for the fields that use its types
    "model_type": "an object",
    "model_attributes_type": "an object",
    "dict_type": "an object",
    "list_type": "a list",
    "tuple_type": "a list",
    "string_type": "a text",
    "bool_type": "true or false",
    "int_type": "a whole number",
    "float_type": "a number",
    "none_required": "null",
}


@dataclass(frozen=True)
class Problem:
    """The first thing wrong with a document: where (``loc``) and what (``text``). If
    ``about_field``, ``text`` follows the field's name (``must be a list, not …``, ``is
    missing``); otherwise it stands alone (``unknown field 'x'``)."""

    loc: Loc
    text: str
    about_field: bool = True

    def line(self, context: Context | None = None) -> str:
        """One line: the place ``context`` names (the longest prefix of ``loc`` it names), then
        the rest of the path as the field, then the text."""
        name = context or _top_only
        itself = name(self.loc) if self.about_field and self.loc else None
        if itself is not None:  # the value at fault is a place the reader names: a card
            body = "expected " + self.text.removeprefix("must be ")
            return f"{itself}: {body}" if itself else body
        last = len(self.loc) - 1 if self.about_field and self.loc else len(self.loc)
        cut, place = 0, ""
        for end in range(last, -1, -1):
            named = name(self.loc[:end])
            if named is not None:
                cut, place = end, named
                break
        rest = self.loc[cut:]
        if self.about_field and rest:
            body = f"{json_path(rest)!r} {self.text}"
        elif self.about_field:
            body = "expected " + self.text.removeprefix("must be ")
        else:
            body = self.text
            if rest:
                place = f"{place}: {json_path(rest)}" if place else json_path(rest)
        return f"{place}: {body}" if place else body


def _top_only(loc: Loc) -> str | None:
    return "" if not loc else None


def json_path(loc: Loc) -> str:
    """A field's path as a person writes it: ``fishing[3].catch_rate``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def problem_of(exc: ValidationError) -> Problem:
    """The first of a ValidationError's problems, in words."""
    return _problem(exc.errors(include_url=False)[0])


def problems_of(exc: ValidationError) -> list[Problem]:
    """Every one of a ValidationError's problems, in words, in the document's order (an editor
    shows each at its field)."""
    return [_problem(error) for error in exc.errors(include_url=False)]


def _problem(error: Any) -> Problem:
    kind, loc, ctx = error["type"], tuple(error["loc"]), error.get("ctx") or {}
    if kind == _ALONE:
        return Problem(loc, str(ctx["text"]), about_field=False)
    if kind == _FIELD:
        return Problem(loc, str(ctx["text"]))
    if kind == _NAMED:  # the text names the field: its place is the object holding it
        return Problem(loc[:-1], str(ctx["text"]), about_field=False)
    if kind == "missing":
        return Problem(loc, "is missing")
    if kind == "extra_forbidden":
        return Problem(loc[:-1], f"unknown field {loc[-1]!r}", about_field=False)
    if kind in ("too_short", "too_long"):
        return Problem(loc, f"must hold {_length(kind, ctx)}")
    expected = _EXPECTED.get(kind, "something else")
    return Problem(loc, f"must be {expected}, not {described(error['input'])}")


def _length(kind: str, ctx: dict[str, Any]) -> str:
    if kind == "too_short":
        return f"at least {ctx.get('min_length')} items"
    return f"at most {ctx.get('max_length')} items"


M = TypeVar("M", bound=BaseModel)


def read_model(
    model: type[M],
    data: Any,
    where: str = "",
    *,
    context: Context | None = None,
    error: Callable[[str], AnglerError] = AnglerError,
) -> M:
    """``data`` (a JSON value) read as ``model``; otherwise ``error(line)``, where the line is
    ``where`` (if given), the place and field, and the problem: ``setup: 'turn' is missing``."""
    try:
        return model.model_validate(data, strict=True)
    except ValidationError as exc:
        line = problem_of(exc).line(context)
        raise error(f"{where}: {line}" if where else line) from None
