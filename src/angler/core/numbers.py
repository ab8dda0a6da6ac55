"""The one place where numbers people type or write in files become game numbers.

Records, card files, set-ups, game options and typed actions all read their numbers here, so
every surface refuses the same things the same way: a JSON ``true`` is not a number, a whole
number has no fraction, nothing is NaN or infinite, and every number lies in its range. A refusal
is a one-line :class:`NumberError` saying what was expected and what was given, in words.
"""

from __future__ import annotations

import math
from typing import Any, TypeGuard

from angler.core.errors import AnglerError

MAX_TEXT = 40  # characters in a typed number: far more than any game number needs


class NumberError(AnglerError):
    """A value that is not the number asked for (wrong type, not finite, out of range)."""


def described(value: Any) -> str:
    """A JSON value in words, for error messages: ``the text '4'``, ``true``, ``a list``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        digits = str(abs(value)) if value.bit_length() < 200 else ""
        if not digits or len(digits) > 20:
            return "a whole number too large to use"
        return f"the whole number {value}"
    if isinstance(value, float):
        return f"the number {value:g}" if math.isfinite(value) else f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 30 else value[:27] + "..."
        return f"the text {shown!r}"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def shown(value: Any) -> str:
    """A JSON value for a message: a short text quoted, anything else described in words."""
    if isinstance(value, str) and len(value) <= 30 and value.isprintable():
        return repr(value)
    return described(value)


def _bound(number: float) -> str:
    """A range's end as written: 1000000 in full (``:g`` alone would say 1e+06), 0.1 as is."""
    return str(int(number)) if float(number).is_integer() and abs(number) < 1e15 else f"{number:g}"


def _span(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {_bound(low)} to {_bound(high)}"
    if low is not None:
        return f" ≥ {_bound(low)}"
    if high is not None:
        return f" ≤ {_bound(high)}"
    return ""


def is_whole(value: Any) -> TypeGuard[int]:
    """A whole number in the JSON sense: an int, never a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` (from JSON) as a whole number within [low, high]; NumberError otherwise."""
    if (
        not is_whole(value)
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        raise NumberError(
            f"{what} must be a whole number{_span(low, high)}, not {described(value)}"
        )
    return int(value)


def decimal(value: Any, what: str, low: float | None = None, high: float | None = None) -> float:
    """``value`` (from JSON) as a finite number within [low, high]; NumberError otherwise."""
    number = _finite(value)
    if number is None or (low is not None and number < low) or (high is not None and number > high):
        raise NumberError(f"{what} must be a number{_span(low, high)}, not {described(value)}")
    return number


def whole_from_text(text: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """A typed whole number (``12``, ``-3``) within [low, high]; NumberError otherwise."""
    digits = text.strip()
    unsigned = digits[1:] if digits[:1] in ("-", "+") else digits
    if not (unsigned.isascii() and unsigned.isdecimal() and len(digits) <= MAX_TEXT):
        raise NumberError(f"{what} must be a whole number{_span(low, high)}, not {described(text)}")
    return whole(int(digits), what, low, high)


def decimal_from_text(
    text: str, what: str, low: float | None = None, high: float | None = None
) -> float:
    """A typed number (``120``, ``-40.5``, ``1e2``) that is finite and within [low, high]."""
    number: float | None = None
    if len(text) <= MAX_TEXT and text.strip().isascii():
        try:
            number = float(text)
        except ValueError:
            number = None
    if number is None or not math.isfinite(number):
        raise NumberError(f"{what} must be a number{_span(low, high)}, not {described(text)}")
    return decimal(number, what, low, high)


def _finite(value: Any) -> float | None:
    """A JSON number as a finite float (None: not a number, or too large to be one)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:  # an int beyond any float
        return None
    return number if math.isfinite(number) else None
