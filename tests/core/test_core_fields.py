"""A state's fields are declared once with their copy policies, and clone is written from them:
a field without a policy is refused when its class is created."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from angler.core.chance import Chance
from angler.core.fields import COPY, COPY_EACH, SHARED, Fields, reset, undeclared
from angler.core.state import State


class Counters(State[Any]):
    FIELDS: ClassVar[Fields] = {"piles": COPY_EACH, "score": COPY, "turn": SHARED}
    __slots__ = tuple(FIELDS)

    def __init__(self) -> None:
        self._init_core(None, Chance(1))  # type: ignore[arg-type]
        self.piles = [[1, 2], [3]]
        self.score = [0, 0]
        self.turn = 1

    def current_players(self) -> tuple[int, ...]:
        return ()

    def is_terminal(self) -> bool:
        return True

    def scores(self) -> list[int]:
        return self.score

    def _view(self, player: int) -> Any:
        return None

    def _legal_actions(self, player: int) -> list[int]:
        return []

    def _apply_action(self, player: int, action: int) -> None: ...


def test_a_clone_copies_each_field_by_its_policy() -> None:
    state = Counters()
    state.history.append((0, 1))
    state.legal_actions(0)  # fills the cache a clone starts afresh
    twin = state.clone()
    assert type(twin) is Counters
    assert (twin.piles, twin.score, twin.turn, twin.history) == ([[1, 2], [3]], [0, 0], 1, [(0, 1)])
    assert twin.piles is not state.piles and twin.piles[0] is not state.piles[0]
    assert twin.score is not state.score and twin.history is not state.history
    assert twin.chance is not state.chance and twin.chance.seed == state.chance.seed
    assert twin._legal_player == -2


def test_a_field_without_a_copy_policy_is_refused_when_its_class_is_created() -> None:
    with pytest.raises(TypeError, match="without copy policies"):

        class Forgetful(Counters):
            __slots__ = ("extra",)


def test_slots_must_be_the_declared_fields() -> None:
    with pytest.raises(TypeError, match="__slots__ must be tuple"):

        class Mismatched(Counters):
            FIELDS: ClassVar[Fields] = {"extra": COPY}
            __slots__ = ("extra", "more")


def test_a_state_with_declared_fields_may_not_write_its_own_clone() -> None:
    with pytest.raises(TypeError, match="written from FIELDS"):

        class HandWritten(Counters):
            FIELDS: ClassVar[Fields] = {}
            __slots__ = ()

            def clone(self) -> HandWritten:
                return self


def test_a_state_class_without_slots_has_loose_fields_no_policy_covers() -> None:
    class Loose(Counters):  # behaviour only, but instances get a dict of loose fields
        pass

    assert undeclared(Counters) == []
    assert undeclared(Loose) == ["__dict__"]


def test_a_reset_value_must_be_a_fresh_literal() -> None:
    assert reset(-2).expression("self.x") == "-2"
    with pytest.raises(TypeError):
        reset("cache")  # type: ignore[arg-type]
