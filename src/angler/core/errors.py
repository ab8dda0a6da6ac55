"""Errors a user can cause. Each carries a one-line message that names the problem."""

import re

QUOTE_LIMIT = 80  # characters of a quoted input kept in a message: enough to recognise it
MESSAGE_LIMIT = 400  # a message longer than this keeps its start and end
_LONG = f"{{{QUOTE_LIMIT + 1},}}"  # a regular expression's count: more than QUOTE_LIMIT
# A quoted input opens and closes at a word's edge: the stretch between two short quoted words
# ("'phase' must be one of …, not 'x'") is not one long input.
_QUOTED = re.compile(f"(?<!\\w)'([^'\\n]{_LONG})'(?!\\w)|(?<!\\w)\"([^\"\\n]{_LONG})\"(?!\\w)")


def brief(message: str) -> str:
    """``message`` kept readable whatever was typed or written: a long quoted input (a pasted
    page, a record's 100,000-character action) is cut to its start, and so is the message."""

    def cut(match: re.Match[str]) -> str:
        quote = match.group(0)[0]
        text = match.group(1) if match.group(1) is not None else match.group(2)
        return f"{quote}{text[: QUOTE_LIMIT - 1]}…{quote} ({len(text)} characters)"

    message = _QUOTED.sub(cut, message)
    if len(message) > MESSAGE_LIMIT:
        half = MESSAGE_LIMIT // 2
        message = f"{message[:half]} … {message[-half:]}"
    return message


class AnglerError(Exception):
    """Base of every error caused by input: the CLI prints it on one line and exits with 2."""

    def __str__(self) -> str:
        return brief(super().__str__())


class UnknownGameError(AnglerError):
    """No registered game has this name."""


class OptionError(AnglerError):
    """An option, its value or the player count is not valid for the game."""


class IllegalActionError(AnglerError):
    """An action the rules forbid. The message names the rule; the state is left unchanged."""

    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(f"illegal action: {detail} ({rule})")
        self.rule = rule
        self.detail = detail


class RecordError(AnglerError):
    """A malformed, truncated or illegal record. ``step`` is 1-based; 0 means the header."""

    def __init__(self, message: str, step: int | None = None) -> None:
        where = f"step {step}: " if step else ("header: " if step == 0 else "")
        super().__init__(f"bad record: {where}{message}")
        self.step = step


class EventError(AnglerError):
    """An event's JSON form that does not read back: unknown kind, missing or wrong field."""

    def __init__(self, message: str) -> None:
        super().__init__(f"bad event: {message}")
