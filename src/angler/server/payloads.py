"""What the server sends a seat or a spectator: built from that seat's view alone.

Besides the view, a payload holds only what every seat may know: whose decision it is, whether
the game is over and, once it is, the scores. The legal actions are the seat's own (the game's
menu of them, as the terminal table offers them) and the log is the view's events told from the
seat's chair. The no-leak test (tests/server/test_rooms.py) checks that a payload built from a
re-dealt twin of the state (``game.search.determinise`` of the seat's view) is the same.

A view's events only ever grow (an undo goes back to an earlier, shorter list), so a socket is
sent its whole log once and then only what is new: with ``since`` k, the payload's ``log`` and
``view.events`` hold the entries from index k on, and the client keeps the first k it has. This
keeps a move's payload the same size all game (docs/protocol.md, "state").

Likewise a board names each card by its id alone, and a socket is sent the game's card catalogue
(each card's facts by id, ``presentation.catalogue()``) once: as ``cards`` in a state whose
``since`` is 0 (its first, or one after an undo back to the start), and the client keeps it.
"""

from __future__ import annotations

from typing import Any

from angler.core.errors import AnglerError
from angler.core.events import PUBLIC
from angler.core.presentation import js_safe
from angler.core.state import State
from angler.core.view import View

Payload = dict[str, Any]


def seat_payload(
    state: State[Any], seat: int, version: int, since: int = 0, with_view: bool = True
) -> Payload:
    """The payload for ``seat`` (0-based) at ``version``, its log from entry ``since`` on;
    ``with_view``: the view as JSON too (a socket gets it only if its hello asked)."""
    return _payload(state, state.view(seat), seat, version, since, with_view)


def spectator_payload(
    state: State[Any], version: int, since: int = 0, with_view: bool = True
) -> Payload:
    """The payload for someone watching: the view for no seat, no legal actions, the public
    log told to an onlooker (from entry ``since`` on)."""
    return _payload(state, public_view(state), None, version, since, with_view)


def public_view(state: State[Any]) -> View:
    """The view for no seat: every public thing, nothing private (the core's ``view(PUBLIC)``,
    which every game's view function answers and the conformance suite checks)."""
    view: View = state.view(PUBLIC)
    return view


def _payload(
    state: State[Any], view: View, seat: int | None, version: int, since: int, with_view: bool
) -> Payload:
    game = state.game
    since = max(0, min(since, len(view.events)))  # after an undo the log is shorter
    presentation = game.presentation
    over = state.is_terminal()
    to_act = list(state.current_players())
    deciding = seat is not None and seat in to_act
    legal: list[dict[str, Any]] = []
    hint = prompt = ""
    if deciding:
        codes = state.legal_actions(seat)
        listed, hint = presentation.menu(view, codes)
        legal = [
            {
                "code": js_safe(code),  # Flip & Fish's gear codes pass 2**53: then as text
                "text": game.action_to_string(code),
                "label": presentation.menu_label(view, code),
            }
            for code in listed
        ]
        prompt = presentation.prompt(view, codes)
    payload: Payload = {
        "version": version,
        "seat": seat,
        "board": presentation.board(view),
        "legal": legal,
        "hint": hint,
        "prompt": prompt,
        "since": since,
        "log": [presentation.describe_event(event, seat) for event in view.events[since:]],
        "to_act": to_act,
        "over": over,
    }
    if with_view:
        payload["view"] = view.as_dict(since)
    if since == 0:  # the socket holds nothing yet: the card facts its boards' ids stand for
        payload["cards"] = presentation.catalogue()
    if over:
        payload["scores"] = state.scores()
        payload["winners"] = state.winners()
    return payload


def whole_state(held: Payload | None, message: Payload) -> Payload:
    """A socket's ``state`` message made whole, as a client keeps it: ``held`` is the socket's
    previous whole state (None for its first). The entries before ``since`` come from ``held``,
    and so does the card catalogue when the message does not carry one."""
    since = message.get("since", 0)
    old_log: list[Any] = held["log"] if since and held else []
    whole = {**message, "log": old_log[:since] + message["log"]}
    if "view" in message:  # asked for in the socket's hello
        old_events: list[Any] = held["view"]["events"] if since and held else []
        whole["view"] = {
            **message["view"],
            "events": old_events[:since] + message["view"]["events"],
        }
    if "cards" not in message and held and "cards" in held:
        whole["cards"] = held["cards"]
    if "board_patch" in message and held:
        whole["board"] = patched_board(held["board"], message)
        del whole["board_patch"]
        whole.pop("board_dropped", None)
    return whole


def patched_board(held: Payload, message: Payload) -> Payload:
    """The board a ``state`` with ``board_patch`` (and ``board_dropped``) stands for."""
    board = {**held, **message["board_patch"]}
    for key in message.get("board_dropped", ()):
        board.pop(key, None)
    return board


def sendable(choice: dict[str, Any]) -> int | str:
    """What a client sends for one of its ``legal`` choices: the code, or the text where the
    code came as text (above 2**53, which JavaScript cannot hold)."""
    code = choice["code"]
    return code if isinstance(code, int) else str(choice["text"])


def error_message(error: AnglerError) -> Payload:
    """The message for a refused request: its kind (the refusal's ``code``: ``stale``,
    ``turn``, ``illegal``…) and its one line. The line names the sender's own problem only."""
    return {"type": "error", "error": getattr(error, "code", "refused"), "message": str(error)}
