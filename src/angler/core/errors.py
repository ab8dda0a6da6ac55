"""Errors a user can cause. Each carries a one-line message that names the problem."""


class AnglerError(Exception):
    """Base of every error caused by input: the CLI prints it on one line and exits with 2."""


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
