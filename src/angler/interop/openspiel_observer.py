"""What an OpenSpiel observer sees of an angler state: a seat's view, and nothing else.

OpenSpiel asks for two kinds (``pyspiel.IIGObservationType``): the information state
(``perfect_recall``) and the observation. Both read ``state.view(seat)``, or the spectator's
``state.view(PUBLIC)`` when no private information is asked for:

- observation string: the view drawn as text (``game.presentation.render_view``);
- observation tensor: ``game.encoding.observation(view)``, in the encoding's shape;
- information state string: the whole view as JSON, its log (every event the seat saw) included:
  two views give the same string exactly when they are equal (``information_state_text``);
- information state tensor: the observation tensor, then how many events of each kind
  (``game.event_types``, in order) the seat has seen, a fixed-size summary of its log.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from angler.core.events import PUBLIC, kind_of
from angler.core.game import Game
from angler.core.view import View, plain

if TYPE_CHECKING:
    from angler.interop.openspiel import AnglerSpielState

OBSERVATION = "observation"
EVENT_COUNTS = "event_counts"
BEFORE_THE_DEAL = "before the deal"
"""What every seat knows at the root chance node of explicit chance (``Game.chance_deals``)."""


class AnglerObserver:
    """OpenSpiel's Python observer protocol (``tensor``, ``dict``, ``set_from``,
    ``string_from``) over a seat's view."""

    def __init__(
        self,
        game: Game[Any, Any],
        iig_obs_type: Any = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if params:
            raise ValueError(f"angler observers take no parameters, not {dict(params)}")
        encoding = game.encoding
        if encoding is None:
            raise ValueError(f"{game.name} has no encoding")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if not kind.public_info:
            raise ValueError("an angler view always holds the public information")
        if kind.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("no angler observer sees every seat's private information")
        self.game = game
        self.encoding = encoding
        self.spectator = kind.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(kind.perfect_recall)
        self._kinds = {event_type: i for i, event_type in enumerate(game.event_types)}

        pieces: list[tuple[str, tuple[int, ...]]] = [(OBSERVATION, encoding.observation_shape())]
        if self.perfect_recall and self._kinds:
            pieces.append((EVENT_COUNTS, (len(self._kinds),)))
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        start = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size
        self._observation_size = encoding.observation_size()

    def _view(self, state: AnglerSpielState, player: int) -> View:
        return state.position.view(PUBLIC if self.spectator else player)

    def set_from(self, state: AnglerSpielState, player: int) -> None:
        if state.position.dealing:  # explicit chance's root: nobody has seen a card yet
            self.tensor.fill(0)
            return
        view = self._view(state, player)
        # The encoding's array of doubles is read by NumPy in place: no list of floats between.
        observation = np.frombuffer(self.encoding.observation_array(view), dtype=np.float64)
        if len(observation) != self._observation_size:
            raise ValueError(
                f"{self.game.name}'s encoding gave {len(observation)} numbers, "
                f"not {self._observation_size}"
            )
        self.tensor[: self._observation_size] = observation
        if EVENT_COUNTS in self.dict:
            counts = self.dict[EVENT_COUNTS]
            counts.fill(0)
            seat = PUBLIC if self.spectator else player
            for kind, seen in state.position.event_tally(seat).items():
                index = self._kinds.get(kind)
                if index is not None:
                    counts[index] = seen

    def string_from(self, state: AnglerSpielState, player: int) -> str:
        if state.position.dealing:
            return BEFORE_THE_DEAL
        seat = PUBLIC if self.spectator else player
        key = ("information state" if self.perfect_recall else "observation", seat)
        memo = state.position.memo
        text = memo.get(key)
        if text is None:
            view = state.position.view(seat)
            text = memo[key] = (
                information_state_text(view)
                if self.perfect_recall
                else self.game.presentation.render_view(view)
            )
        return text


def information_state_text(view: View) -> str:
    """The whole view as compact JSON: its fields (as ``view.as_dict()`` gives them) under
    "view", and its log under "events", one ``[kind, field, ...]`` array per event. Equal
    views give equal texts, and different views different ones."""
    fields = {
        field.name: plain(getattr(view, field.name))
        for field in dataclasses.fields(view)
        if field.name != "events"
    }
    # Event fields are JSON values already (tuples become arrays), so the C encoder writes the
    # log in one pass: the per-event dictionaries of ``event_to_json`` cost several times more.
    log = [[kind_of(event), *event] for event in view.events]  # type: ignore[misc]
    return json.dumps(
        {"view": fields, "events": log}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
