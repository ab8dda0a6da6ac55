"""A run stopped by Ctrl-C or SIGTERM says how many games finished and ends its workers."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable

import pytest

from angler.core import make_game
from angler.sim.simulate import GameResult, simulate
from angler.sim.stopping import RunStopped, Terminated
from angler.sim.tournament import MatchResult, run_tournament


def interrupt_at(number: int, interrupt: KeyboardInterrupt) -> Callable[..., None]:
    """An ``on_game`` callback that is interrupted while handling game ``number``."""

    def on_game(result: GameResult | MatchResult, *_: object) -> None:
        if result.number == number:
            raise interrupt

    return on_game


def test_ctrl_c_during_a_simulation_counts_the_games_finished_before_it() -> None:
    with pytest.raises(RunStopped) as stopped:
        simulate(make_game("fishing", 3), 5, on_game=interrupt_at(3, KeyboardInterrupt()))
    assert (stopped.value.finished, stopped.value.total) == (2, 5)
    assert stopped.value.status == 130
    assert str(stopped.value) == "interrupted: 2 of 5 games finished"


def test_sigterm_during_a_simulation_is_reported_as_terminated() -> None:
    with pytest.raises(RunStopped) as stopped:
        simulate(make_game("fishing", 3), 1, on_game=interrupt_at(1, Terminated()))
    assert stopped.value.signum == signal.SIGTERM and stopped.value.status == 143
    assert str(stopped.value) == "terminated: 0 of 1 game finished"


def test_ctrl_c_during_a_tournament_on_one_process() -> None:
    game = make_game("fishing", 3)
    with pytest.raises(RunStopped) as stopped:
        run_tournament(
            game, ["random"] * 3, 4, jobs=1, on_game=interrupt_at(2, KeyboardInterrupt())
        )
    assert (stopped.value.finished, stopped.value.total) == (1, 4)


def test_ctrl_c_during_a_tournament_on_two_processes_ends_the_workers() -> None:
    game = make_game("fishing", 3)
    on_game = interrupt_at(1, KeyboardInterrupt())
    with pytest.raises(RunStopped) as stopped:
        run_tournament(game, ["random"] * 3, 40, jobs=2, on_game=on_game)
    assert stopped.value.total == 40 and stopped.value.finished < 40
    assert multiprocessing.active_children() == []
