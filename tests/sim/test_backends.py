"""The backends: Ray plays the same seeded games as the local pool and this process, with the
same results, whatever the number of workers; Ctrl-C keeps what finished.

One small local Ray (2 CPUs) serves the whole file: the backend uses a Ray already running in
the process rather than starting its own.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from angler.core import AnglerError, make_game
from angler.core.records import record_of
from angler.core.state import State
from angler.sim import tournament
from angler.sim.analyse import Outcome, configure, run_analysis
from angler.sim.backends import batches_of, check_backend, play_batches, start_local_ray
from angler.sim.simulate import GameResult, simulate
from angler.sim.stopping import RunStopped
from angler.sim.tournament import MatchResult, run_tournament

if TYPE_CHECKING:
    from tests.conftest import Angler

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    start_local_ray(2)
    yield
    ray.shutdown()


def test_batches_hold_every_game_once_in_order_and_none_too_big() -> None:
    numbers = list(range(1, 1001))
    for workers, largest in ((1, 8), (2, 50), (16, 50), (64, 8)):
        batches = batches_of(numbers, workers, largest)
        assert [n for batch in batches for n in batch] == numbers
        assert max(len(batch) for batch in batches) <= largest
        assert len(batches) >= min(len(numbers), workers * 4)
    assert batches_of([7], 2, 50) == [[7]]


def test_a_tournament_on_ray_is_the_local_tournament(local_ray: None) -> None:
    game = make_game("fishing", 3)
    agents = ["heuristic", "random", "random"]
    here = run_tournament(game, agents, 9, seed=4, jobs=1)
    pool = run_tournament(game, agents, 9, seed=4, jobs=2)
    for jobs in (1, 2):
        on_ray = run_tournament(game, agents, 9, seed=4, jobs=jobs, backend="ray")
        assert on_ray.results == here.results == pool.results
        assert [r.number for r in on_ray.results] == list(range(1, 10))
        assert on_ray.ratings() == here.ratings()


def test_a_simulation_on_ray_is_the_local_simulation_with_the_same_final_states(
    local_ray: None,
) -> None:
    game = make_game("crazy-fishing", 4)
    records: dict[str, dict[int, str]] = {"here": {}, "ray": {}}

    def keep(where: str, result: GameResult, state: State[Any]) -> None:
        records[where][result.number] = record_of(state).dumps()

    here = simulate(game, 8, seed=5, agents=["heuristic"], on_game=partial(keep, "here"))
    on_ray = simulate(
        game, 8, 5, ["heuristic"], on_game=partial(keep, "ray"), jobs=2, backend="ray"
    )
    pool = simulate(game, 8, 5, ["heuristic"], jobs=2, keep_states=False)
    assert on_ray.results == here.results == pool.results
    assert on_ray.summary() == here.summary()
    assert records["ray"] == records["here"]
    assert sorted(records["ray"]) == list(range(1, 9))


def test_an_analysis_on_ray_is_the_local_analysis(local_ray: None) -> None:
    def analysed(jobs: int, backend: Any) -> list[Outcome]:
        analysis = configure("flip-and-fish", {}, ("",), (2, 3))
        return run_analysis(analysis, {}, 4, seed=7, jobs=jobs, backend=backend).outcomes

    here = analysed(1, "local")
    assert len(here) == 8
    assert analysed(2, "ray") == here
    assert analysed(2, "local") == here


def test_ctrl_c_on_ray_keeps_the_finished_games_and_ray_goes_on(local_ray: None) -> None:
    game = make_game("fishing", 3)
    seen: list[MatchResult] = []

    def stop_at_third(result: MatchResult) -> None:
        if len(seen) == 2:
            raise KeyboardInterrupt
        seen.append(result)

    with pytest.raises(RunStopped) as stopped:
        run_tournament(
            game, ["random"] * 3, 60, seed=1, jobs=2, on_game=stop_at_third, backend="ray"
        )
    assert (stopped.value.finished, stopped.value.total) == (2, 60)
    again = run_tournament(game, ["random"] * 3, 3, seed=1, jobs=2, backend="ray")
    assert again.results == run_tournament(game, ["random"] * 3, 3, seed=1, jobs=1).results


def test_an_error_in_a_ray_task_is_raised_as_itself(local_ray: None) -> None:
    options = make_game("fishing", 3).describe_options()
    play = partial(tournament._play_batch, "fishing", options, ["no-such-agent"] * 3, 0)
    with pytest.raises(AnglerError, match="no-such-agent"):
        play_batches(play, [1, 2], lambda result: None, 2, "ray")


def test_the_cli_on_ray_writes_what_the_local_cli_writes(
    local_ray: None, angler: Angler, tmp_path: Path
) -> None:
    files = {where: tmp_path / f"{where}.json" for where in ("here", "ray")}
    base = ["simulate", "fishing", "-n", "6", "-s", "9", "-a", "heuristic"]
    assert angler([*base, "--out", files["here"]]).status == 0
    run = angler([*base, "--backend", "ray", "-j", "2", "--out", files["ray"]])
    assert run.status == 0, run.stderr
    here, on_ray = (json.loads(file.read_text()) for file in files.values())
    assert on_ray == here


def test_without_ray_installed_the_ray_backend_is_one_line_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch, angler: Angler
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    with pytest.raises(AnglerError, match="scale extra"):
        check_backend("ray", None, None)
    for command in (
        ["simulate", "fishing", "-n", "2"],
        ["tournament", "fishing", "-p", "3", "-a", "random,random,random", "-n", "2"],
    ):
        angler([*command, "--backend", "ray"]).assert_user_error("scale extra")


def test_bad_backend_settings_are_one_line_errors(angler: Angler) -> None:
    angler(["simulate", "fishing", "--backend", "spark"]).assert_user_error("local or ray")
    angler(["simulate", "fishing", "--address", "auto"]).assert_user_error("--backend ray")


def test_a_ray_token_file_goes_with_an_address_and_must_hold_a_token(
    angler: Angler, tmp_path: Path
) -> None:
    empty = tmp_path / "token"
    empty.write_text("\n")
    ray_run = ["simulate", "fishing", "--backend", "ray"]
    angler([*ray_run, "--ray-token-file", empty]).assert_user_error("give it with --address")
    for token_file, fragment in ((empty, "is empty"), (tmp_path / "absent", "No such file")):
        joining = [*ray_run, "--address", "127.0.0.1:1", "--ray-token-file", token_file]
        angler(joining).assert_user_error("--ray-token-file", fragment)


COMPARED_ON_RAY = {
    "crazy-fishing": ["--compare-options", "out_of_series=all"],
    "flip-and-fish": ["--compare-options", "rounds=5"],
}
SWEPT_ON_RAY = {
    "fishing": "G1.value=1,30",
    "crazy-fishing": "sea.scatter_mm_per_sqrt_card=20,40",
    "flip-and-fish": "rounds=3,5",
}


@pytest.mark.slow
@pytest.mark.parametrize("game", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_sweeps_option_comparisons_and_real_games_on_ray_are_the_local_reports(
    local_ray: None, angler: Angler, tmp_path: Path, game: str
) -> None:
    """Issue "A designer's workbench": sweeps, option comparisons and record-based reports give
    the same figures on Ray as here (the page, all but the command that made it)."""
    records, players = tmp_path / "records", "3" if game == "fishing" else "2"
    simulated = ["simulate", game, "-p", players, "-n", "6", "-s", "3", "-a", "random"]
    made = angler([*simulated, "--records", records])
    assert made.status == 0, made.stderr
    asks: list[list[str | Path]] = [
        ["--records", records, "--compare-bots", "-a", "heuristic"],
        ["-n", "4", "--sweep", SWEPT_ON_RAY[game]],
    ]
    if game in COMPARED_ON_RAY:
        asks.append(["-n", "6", *COMPARED_ON_RAY[game]])
    for number, ask in enumerate(asks):
        pages = {where: tmp_path / f"{number}-{where}.html" for where in ("here", "ray")}
        base = ["analyse", game, "-p", players, *ask]
        here = angler([*base, "-j", "1", "--out", pages["here"]])
        assert here.status == 0, here.stderr
        on_ray = angler([*base, "--backend", "ray", "-j", "2", "--out", pages["ray"]])
        assert on_ray.status == 0, on_ray.stderr
        here_page, ray_page = (page.read_text() for page in pages.values())
        # the page's command names its --out (and -j, --backend): the rest is the same
        assert _without_command(ray_page) == _without_command(here_page)
        assert here_page.count("<figure><svg") >= 3


def _without_command(page: str) -> str:
    return re.sub(r"<pre>angler analyse .*?</pre>", "", page, count=1, flags=re.DOTALL)
