"""Each card's effect on its holder's win share: a logistic regression per card with the seat,
the player count and the other cards held as controls; a card that cannot be estimated says why."""

from __future__ import annotations

import random
from typing import Any

import pytest

from angler.sim.card_effects import (
    SEPARATION,
    CardEffect,
    SeatRow,
    card_effects,
    same_total_in_each_game,
)


def three_seat_games(games: int, seed: int, deal: Any, strength: Any) -> list[SeatRow]:
    """``games`` games of 3 seats: each seat is dealt ``deal(rng)`` and the strongest wins."""
    rng = random.Random(seed)
    rows = []
    for game in range(games):
        held = [deal(rng) for _ in range(3)]
        strong = [strength(h) + rng.gauss(0, 1) for h in held]
        winner = max(range(3), key=strong.__getitem__)
        rows += [SeatRow(game, 3, seat, float(seat == winner), h) for seat, h in enumerate(held)]
    return rows


def planted(games: int, seed: int) -> list[SeatRow]:
    """Each copy of X raises a seat's strength a lot; Y and the filler do nothing."""

    def deal(rng: random.Random) -> dict[str, int]:
        return {"X": rng.randint(0, 2), "Y": rng.randint(0, 2), "filler": rng.randint(0, 3)}

    return three_seat_games(games, seed, deal, lambda held: 2.0 * held["X"])


def confounded(games: int, seed: int) -> list[SeatRow]:
    """A seat that holds more filler wins more, and holds more Y too; Y itself does nothing."""

    def deal(rng: random.Random) -> dict[str, int]:
        filler = rng.randint(0, 6)
        return {"Y": sum(rng.random() < 0.4 for _ in range(filler)), "filler": filler}

    return three_seat_games(games, seed, deal, lambda held: 0.6 * held["filler"])


def by_card(effects: list[CardEffect]) -> dict[str, CardEffect]:
    return {effect.card: effect for effect in effects}


def test_the_estimate_recovers_a_planted_effect_and_no_effect() -> None:
    rows = planted(800, seed=11)
    effects = by_card(card_effects(rows, ["X", "Y"]))
    x, y = effects["X"], effects["Y"]
    assert x.low is not None and x.low > 0.1  # each X is worth far more than 10 points
    assert y.low is not None and y.high is not None and y.low < 0 < y.high
    assert x.leaves_out_zero and not y.leaves_out_zero
    assert x.held_by == sum(1 for row in rows if row.held["X"])


def test_the_other_cards_held_are_controlled_for() -> None:
    """Without the control, Y, which comes with holding more cards, would look like a winner."""
    rows = confounded(800, seed=11)
    naive = [SeatRow(r.game, r.players, r.seat, r.share, {"Y": r.held["Y"]}) for r in rows]
    alone = by_card(card_effects(naive, ["Y"]))["Y"]
    assert alone.low is not None and alone.low > 0
    controlled = by_card(card_effects(rows, ["Y"]))["Y"]
    assert controlled.estimable and not controlled.leaves_out_zero


def degenerate_rows() -> list[SeatRow]:
    """40 two-seat games, each seat winning every other one: "Everyone" is held once by every
    seat, "Winner" only by winners, "Loser" only by losers, "Counted" 2 by winners and 1 by
    losers."""
    rows = []
    for game in range(40):
        for seat in range(2):
            won = seat == game % 2
            held = {"Everyone": 1, "Counted": 2 if won else 1, "Filler": game % 3 + seat}
            held["Winner" if won else "Loser"] = 1
            rows.append(SeatRow(game, 2, seat, float(won), held))
    return rows


def test_degenerate_cards_are_not_estimable_and_say_why(recwarn: pytest.WarningsRecorder) -> None:
    effects = by_card(card_effects(degenerate_rows(), ["Nobody"]))
    assert not any(effect.estimable for effect in effects.values())
    assert effects["Nobody"].note == "no seat held it" and effects["Nobody"].held_by == 0
    assert effects["Everyone"].note == "every seat held 1 copy"
    assert effects["Winner"].note.startswith("every seat that held it won outright")
    assert effects["Loser"].note.startswith("every seat that held it lost")
    # Winners hold 2, losers 1: the count separates them, and statsmodels finds no estimate.
    assert effects["Counted"].note == SEPARATION
    assert all(effect.effect is effect.low is effect.high is None for effect in effects.values())
    assert len(recwarn) == 0  # statsmodels' warnings go into the notes, not out


def test_a_count_the_controls_fix_is_not_estimable() -> None:
    rows = [
        SeatRow(game, 2, seat, float(seat == game % 2), {"Seat2": seat, "Other": game % 4})
        for game in range(30)
        for seat in range(2)
    ]
    effect = by_card(card_effects(rows))["Seat2"]
    assert effect.note == "its count is fixed by the seat and player count"


def test_one_game_is_too_few() -> None:
    rows = [SeatRow(0, 2, seat, float(seat == 0), {"X": seat}) for seat in range(2)]
    assert card_effects(rows)[0] == CardEffect("X", 1, note="fewer than 2 games")


def test_a_total_the_rules_fix_is_no_control() -> None:
    """In Fishing every seat plays as many cards as the others: one more X is one other fewer."""

    def deal(rng: random.Random) -> dict[str, int]:
        x = rng.randint(0, 3)
        return {"X": x, "Y": 3 - x}

    rows = three_seat_games(300, 5, deal, lambda held: held["X"])
    assert same_total_in_each_game(rows)
    assert not same_total_in_each_game(planted(5, seed=1))
    effects = by_card(card_effects(rows))
    assert effects["X"].leaves_out_zero and (effects["X"].effect or 0) > 0
    assert effects["Y"].leaves_out_zero and (effects["Y"].effect or 0) < 0
