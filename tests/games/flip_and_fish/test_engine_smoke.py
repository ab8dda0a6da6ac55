"""The Flip & Fish engine end to end with a near-random player who mostly aims at the water:
games end (a winner, or closing time), clones are independent, a re-deal keeps the player's view,
and the same seed gives the same game. Rule-by-rule tests are in ``test_rules.py``."""

from __future__ import annotations

import random

from angler.games.flip_and_fish.actions import aim_code
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.games.flip_and_fish.rules import AIM, FlipAndFishState


def play(state: FlipAndFishState, rng: random.Random, steps: int = 30_000) -> None:
    """A random player that aims near a water card most of the time."""
    game = state.game
    for _ in range(steps):
        if state.is_terminal():
            return
        seat = state.current_players()[0]
        if state.phase == AIM and rng.random() < 0.9:
            x, y = game.table.cards[rng.randrange(5)]
            state.apply_action(aim_code(x + rng.uniform(-40, 40), y + rng.uniform(-40, 40)), seat)
        else:
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)


def test_seeded_four_player_games_end_with_a_winner_or_at_closing_time() -> None:
    game = FlipAndFishGame(4, rounds=150)
    ends = set()
    for seed in range(8):
        state = game.new_state(seed)
        play(state, random.Random(seed))
        assert state.is_terminal()
        if state.winner >= 0:
            assert state.scores()[state.winner] >= 2  # 2 trophies win with 3 or 4 players
            ends.add("won")
        else:
            assert state.turns == 150 * 4  # the round limit
            ends.add("closing time")
    assert ends == {"won", "closing time"}


def test_a_redeal_keeps_every_view_and_a_clone_is_independent() -> None:
    game = FlipAndFishGame(3)
    state = game.new_state(11)
    rng = random.Random(11)
    for step in range(300):
        if state.is_terminal():
            break
        seat = state.current_players()[0]
        if step % 7 == 0:
            view = state.view(seat)
            assert game.search.determinise(view, random.Random(step)).view(seat) == view
            twin = state.clone()
            play(twin, random.Random(step), steps=50)
            assert state.view(seat) == view
        play(state, rng, steps=1)


def test_the_same_seed_gives_the_same_game() -> None:
    game = FlipAndFishGame(3)
    logs = []
    for _ in range(2):
        state = game.new_state(5)
        play(state, random.Random(5), steps=400)
        logs.append((state.history, state.events))
    assert logs[0] == logs[1]
