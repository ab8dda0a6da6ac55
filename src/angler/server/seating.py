"""Who sits where, beyond the game: invitations, public seats, the room's listing, and what the
table says of its people (here, away, played by a bot, resigned).

A person's seat is one of three kinds: ``human`` (the creator's, claimed when the room is made),
``open`` (an **invitation**: only its link, which carries a secret code, claims it) and
``public`` (an open seat anyone may take: offered in the lobby when the room is listed). The
code is 32 random bytes like a seat token, and the room keeps only its hash, in the header's
settings (``invites``), so a copy of the database cannot claim a seat.

The room's settings read here (``docs/server.md``, "Room settings"):

- ``listed``: the room appears in the lobby (to watch, and its public seats to take). By
  default a room is listed unless one of its seats is an invitation.
- ``claim_wait_s`` (default 180): how long the table waits for an invited friend before it
  offers the creator to give the seat to a bot or cancel the room (the creator may at any time).
- ``abandon_s`` (default 300): once every person who took a seat has left, the room waits this
  long for one of them, then ends as abandoned (never counted as a result).
- ``bots_after_s`` (default none): once the room has waited this long, every public seat
  nobody took goes to a bot (``quick_play.py``; quick play sets it to the wait its person chose).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from angler.core.errors import AnglerError
from angler.core.numbers import decimal, described
from angler.core.view import seat_name
from angler.server.tokens import new_token, token_hash

HUMAN = "human"
OPEN = "open"
PUBLIC_SEAT = "public"
PERSON_KINDS = (HUMAN, OPEN, PUBLIC_SEAT)
"""Seats a person takes with a token; any other kind is a bot's."""

CLAIM_WAIT_S = 180.0
ABANDON_S = 300.0
MAX_WAIT_S = 24 * 3600.0
SERVER_SETTINGS = ("invites", "resigned", "ended")
"""Settings the server writes itself: a request naming one is refused."""

# How a room ended when its game did not reach its end (the store's result says ``ended``).
ABANDONED = "abandoned"
CANCELLED = "cancelled"
RESIGNED = "resigned"


class SettingError(AnglerError):
    code = "header"


def seating_settings(settings: Mapping[str, Any], kinds: list[str]) -> dict[str, Any]:
    """``listed``, ``rated``, ``claim_wait_s``, ``abandon_s`` and ``bots_after_s`` as the room
    reads them (defaults filled in); SettingError (one line) for a bad one or for a setting
    only the server writes."""
    for key in SERVER_SETTINGS:
        if key in settings:
            raise SettingError(f"setting {key} is the server's own: a room may not set it")
    listed = settings.get("listed", OPEN not in kinds)
    if not isinstance(listed, bool):
        raise SettingError(f"setting listed is true or false, not {described(listed)}")
    rated = settings.get("rated", False)
    if not isinstance(rated, bool):
        raise SettingError(f"setting rated is true or false, not {described(rated)}")
    return {
        "listed": listed,
        "rated": rated,
        "claim_wait": _seconds(settings, "claim_wait_s", CLAIM_WAIT_S),
        "abandon": _seconds(settings, "abandon_s", ABANDON_S),
        "bots_after": (
            None
            if settings.get("bots_after_s") is None
            else _seconds(settings, "bots_after_s", MAX_WAIT_S)
        ),
    }


def chosen_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """A room's settings less those the server wrote itself (for ``seating_settings``)."""
    return {key: value for key, value in settings.items() if key not in SERVER_SETTINGS}


def _seconds(settings: Mapping[str, Any], key: str, default: float) -> float:
    try:
        return float(decimal(settings.get(key, default), f"setting {key}", 0, int(MAX_WAIT_S)))
    except AnglerError as exc:
        raise SettingError(str(exc)) from None


def new_invitations(kinds: list[str]) -> tuple[dict[int, str], dict[str, str]]:
    """A secret code for each invitation seat, and the hashes the room keeps (by seat, as JSON
    keys are text)."""
    codes = {seat: new_token() for seat, kind in enumerate(kinds) if kind == OPEN}
    return codes, {str(seat): token_hash(code) for seat, code in codes.items()}


def invitation_matches(settings: Mapping[str, Any], seat: int, code: object) -> bool:
    """Whether ``code`` is the invitation code of ``seat`` (compared by hash). A room made
    before invitations had codes (or by a tool, with none) keeps its old links working."""
    if "invites" not in settings:
        return True
    kept = settings["invites"].get(str(seat))
    return isinstance(code, str) and bool(code) and kept == token_hash(code)


def resigned_seats(settings: Mapping[str, Any]) -> set[int]:
    return {int(seat) for seat in settings.get("resigned") or ()}


# ----- what the log says of people: notes between the game's own lines -----

NOTES = {  # (told to the others, told to the seat itself)
    "claimed": ("{name} takes their seat", "You take your seat"),
    "takeover": ("{name} is away: a bot plays for them", "You were away: a bot played for you"),
    "back": ("{name} is back", "You are back: your seat is yours again"),
    "filled": ("{name}'s seat goes to {a} {bot} bot", "Your seat goes to {a} {bot} bot"),
    "resigned": ("{name} resigns: {a} {bot} bot plays the seat to the end", "You resign"),
    "pace": ("Bots now wait {pace} s before each move", "Bots now wait {pace} s before each move"),
}


def note_text(kind: str, seat: int, viewer: int | None, **values: Any) -> str:
    """A note of ``kind`` about ``seat``, told to ``viewer`` (None: a spectator)."""
    other, own = NOTES[kind]
    if "bot" in values:
        values = {**values, "a": "an" if str(values["bot"])[:1] in "aeiou" else "a"}
    if seat == viewer:
        return own.format(**values)
    return other.format(name=seat_name(seat, viewer), **values)


def bot_line(line: str, seat: int, viewer: int | None) -> str:
    """A log line from a bot's move for a person's seat, told as the bot's."""
    if seat == viewer:
        return f"Bot for you: {line}"
    return f"Bot for {seat_name(seat, viewer)}: {line}"
