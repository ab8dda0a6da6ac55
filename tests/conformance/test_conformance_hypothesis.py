"""Hypothesis drives legal action sequences into the odd corners of every registered game.

For each registered game it draws the player count and the seed, plays a random prefix, then
picks each next action itself; now and then it tries an illegal code, which must raise and
change nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from tests.conformance.conftest import GAMES

from angler.core import IllegalActionError
from angler.testing import check_step, hang_guard, play_random, policy, snapshot


def not_in(codes: list[int]) -> Callable[[int], bool]:
    allowed = frozenset(codes)
    return lambda code: code not in allowed


PLAYER_COUNTS = {cls.name: list(range(cls.min_players, cls.max_players + 1)) for cls in GAMES}
CLASSES = {cls.name: cls for cls in GAMES}


@settings(
    max_examples=200,
    derandomize=True,  # fixed examples: the same run every time
    phases=[Phase.explicit, Phase.generate],  # no shrinking: a hang would be retried for minutes
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@pytest.mark.parametrize("name", sorted(PLAYER_COUNTS))
@given(data=st.data())
def test_hypothesis_chosen_actions_keep_the_protocol(name: str, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(PLAYER_COUNTS[name]), label="players")
    game = CLASSES[name](players)  # the toy game too, which is never registered
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    state = game.new_state(seed)
    prefix = data.draw(st.integers(0, 400), label="random prefix")
    play_random(state, policy(seed, "hypothesis-prefix"), steps=prefix)
    for step in range(data.draw(st.integers(1, 60), label="steps")):
        check_step(state, f"hypothesis step {step}")
        if state.is_terminal():
            break
        current = state.current_players()
        seat = current[0] if len(current) == 1 else data.draw(st.sampled_from(current))
        legal = list(state.legal_actions(seat))
        if data.draw(st.integers(0, 9), label="try an illegal code") == 0:
            code = data.draw(
                st.one_of(st.integers(-3, 4 * max(legal) + 10), st.integers()).filter(
                    not_in(legal)
                ),
                label="illegal code",
            )
            before = snapshot(state)
            try:
                with hang_guard(f"{name} {players}p seed {seed}: apply_action({code}, {seat})"):
                    state.apply_action(code, seat)
            except IllegalActionError as exc:
                assert "\n" not in str(exc) and exc.rule in str(exc)
            else:
                raise AssertionError(f"illegal code {code} by seat {seat} was accepted")
            assert snapshot(state) == before
            assert state.legal_actions(seat) == legal
        index = data.draw(st.integers(0, len(legal) - 1), label="action index")
        state.apply_action(legal[index], seat)


@settings(
    max_examples=60,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@pytest.mark.parametrize("name", sorted(PLAYER_COUNTS))
@given(data=st.data())
def test_hypothesis_determinisations_are_consistent_with_the_view(
    name: str, data: st.DataObject
) -> None:
    """What search bots rely on: a re-deal from any seat's view, at any point, shows that seat
    the very same view, keeps who decides, and plays on under the rules."""
    import random

    players = data.draw(st.sampled_from(PLAYER_COUNTS[name]), label="players")
    game = CLASSES[name](players)  # the toy game too, which is never registered
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    state = game.new_state(seed)
    play_random(state, policy(seed, "hypothesis-redeal"), steps=data.draw(st.integers(0, 300)))
    seat = data.draw(st.integers(0, players - 1), label="seat")
    view = state.view(seat)
    dealt = game.search.determinise(view, random.Random(data.draw(st.integers(0, 2**32 - 1))))
    assert dealt.view(seat) == view
    assert dealt.current_players() == state.current_players()
    play_random(dealt, policy(seed, "hypothesis-redeal-on"), steps=30, check=True)
