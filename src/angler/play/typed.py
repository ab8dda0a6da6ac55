"""What a person's typed text names: one reading for every interface (line prompt, table)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from angler.core.errors import AnglerError
from angler.core.game import Game


def typed_action(game: Game[Any, Any], text: str, offered: Sequence[int]) -> int:
    """The action ``text`` names, read against the actions ``offered`` to the person.

    An offered action's text in any case and spacing (``PLAY  y7``), or its argument alone when
    exactly one offered action has it (``Y7``). Anything else is read by the game, so a text
    that names no legal action gets the game's one-line reason (an unknown card, or the rule it
    breaks); a bare argument that the game cannot read alone is tried with each verb on offer
    (``B2`` as ``play B2``: "B2 is not in your hand"). Raises AnglerError naming the problem.
    """
    text = " ".join(text.split())
    if not text:
        raise AnglerError("type an action's text")
    folded = text.lower()
    texts = [game.action_to_string(code) for code in offered]
    for code, action in zip(offered, texts, strict=True):
        if action.lower() == folded:
            return code
    matches = [
        code for code, action in zip(offered, texts, strict=True) if _argument(action) == folded
    ]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise AnglerError(f"{text!r} names {len(matches)} choices: type the whole action")
    try:
        return game.action_from_string(text)
    except AnglerError:
        guessed = _with_an_offered_verb(game, text, texts)
        if guessed is None:
            raise
        return guessed


def _argument(action_text: str) -> str:
    return action_text.partition(" ")[2].lower()


def _with_an_offered_verb(game: Game[Any, Any], text: str, texts: Sequence[str]) -> int | None:
    """A bare argument (``B2``) read with the one offered verb it fits (``play B2``)."""
    if " " in text:
        return None
    verbs = dict.fromkeys(action.split()[0] for action in texts if " " in action)
    codes = []
    for verb in verbs:
        try:
            codes.append(game.action_from_string(f"{verb} {text}"))
        except AnglerError:
            continue
    return codes[0] if len(codes) == 1 else None
