"""``angler bench``: the figures exist and are positive (no timing assertions)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from angler.core import all_games, make_game
from angler.tools.bench import mid_game_state, playout

if TYPE_CHECKING:
    from tests.conftest import Angler


FIGURES = {
    "decisions_per_s",
    "games_per_s",
    "clones_per_s",
    "ismcts_iterations_per_s",
    "heuristic_ms_per_decision",
}


def test_bench_json_has_the_figures_for_every_game(angler: Angler) -> None:
    run = angler(["bench", "--json", "--seconds", "0.1"])
    assert run.status == 0, run.stderr
    data = run.json()
    assert set(data) == {game.name for game in all_games()}
    assert set(data["fishing"]) >= FIGURES
    assert all(data["fishing"][key] > 0 for key in FIGURES)
    assert data["fishing"]["players"] == 4


def test_bench_players_and_yardstick(angler: Angler, tmp_path: Path) -> None:
    yardstick = tmp_path / "yard.py"
    yardstick.write_text("def plays_per_second():\n    return 1234.5\n")
    args = [
        "bench",
        "fishing",
        "-p",
        "3",
        "--json",
        "--seconds",
        "0.1",
        "--yardstick-file",
        yardstick,
    ]
    data = angler(args).json()
    assert data["fishing"]["players"] == 3
    assert data["fishing"]["yardstick_plays_per_s"] == 1234.5


def test_bench_table(angler: Angler, tmp_path: Path) -> None:
    yardstick = tmp_path / "yard.py"
    yardstick.write_text("def plays_per_second():\n    return 99\n")
    run = angler(["bench", "fishing", "--seconds", "0.1", "--yardstick-file", yardstick])
    assert run.status == 0, run.stderr
    assert "decisions/s" in run.stdout and "clones/s" in run.stdout
    assert "yardstick" in run.stdout and "99" in run.stdout


def test_playout_plays_to_the_end_and_counts_decisions() -> None:
    import random

    state = make_game("fishing", 5).new_state(4)
    decisions = playout(state, random.Random(4).random)
    assert state.is_terminal()
    assert decisions == len(state.history)


def test_mid_game_state_is_half_way() -> None:
    import random

    game = make_game("fishing", 4)
    full = game.new_state(9)
    length = playout(full, random.Random(9).random)
    middle = mid_game_state(game, 9)
    assert len(middle.history) == length // 2
    assert middle.history == full.history[: length // 2]


@pytest.mark.parametrize("seconds", ["inf", "nan", "601"])
def test_bench_refuses_a_time_that_never_ends(angler: Angler, seconds: str) -> None:
    angler(["bench", "fishing", "--seconds", seconds]).assert_user_error("--seconds")


LIBRARY_FIGURES = {
    # flag: (the module it needs, the figures, (numerator, denominator, ratio), table headers)
    "--pettingzoo": (
        "pettingzoo",
        {"pettingzoo_steps_per_s", "engine_decisions_per_s", "ratio"},
        ("pettingzoo_steps_per_s", "engine_decisions_per_s", "ratio"),
        ("PettingZoo steps/s", "ratio"),
    ),
    "--openspiel": (
        "pyspiel",
        {
            "openspiel_steps_per_s",
            "hearts_steps_per_s",
            "engine_decisions_per_s",
            "ratio_to_hearts",
        },
        ("openspiel_steps_per_s", "hearts_steps_per_s", "ratio_to_hearts"),
        ("rl_environment steps/s", "hearts steps/s"),
    ),
}


@pytest.mark.parametrize("flag", sorted(LIBRARY_FIGURES))
def test_bench_through_a_library_puts_its_steps_beside_its_reference(
    angler: Angler, flag: str
) -> None:
    """PettingZoo's steps beside the engine's decisions; OpenSpiel's ``rl_environment`` steps
    beside its C++ hearts' (and the engine's): JSON with the ratio, and a table."""
    module, figures, (top, bottom, ratio), headers = LIBRARY_FIGURES[flag]
    pytest.importorskip(module)
    run = angler(["bench", "flip-and-fish", flag, "--json", "--seconds", "0.3"])
    assert run.status == 0, run.stderr
    entry = run.json()["flip-and-fish"]
    assert set(entry) == figures | {"players", "batches"}
    assert entry[top] > 0 and entry[bottom] > 0
    assert entry[ratio] == pytest.approx(entry[top] / entry[bottom], rel=0.01)
    table = angler(["bench", "fishing", flag, "--seconds", "0.2"])
    assert table.status == 0, table.stderr
    assert all(header in table.stdout for header in headers)


def test_bench_measures_one_library_at_a_time(angler: Angler) -> None:
    run = angler(["bench", "fishing", "--openspiel", "--pettingzoo", "--seconds", "0.1"])
    run.assert_user_error("--pettingzoo and --openspiel")


@pytest.mark.parametrize("name", sorted(cls.name for cls in all_games()))
def test_search_speed_is_measured_at_a_decision_search_searches(name: str) -> None:
    """Not a forced move, nor one the game leaves to its heuristic (Flip & Fish's aims), where
    a search makes no iterations at all."""
    from angler.tools.bench import decision_point

    game = make_game(name)
    for seed in range(12):
        state = decision_point(game, seed)
        seat = state.current_players()[0]
        assert len(state.legal_actions(seat)) >= 2
        assert not game.search.heuristic_settles(state.view(seat))
