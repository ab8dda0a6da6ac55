"""Games per second at 1 and 2 workers on the local backend and on Ray, in one run, with Ray's
start-up timed apart (a benchmark, not a test: the figures depend on the machine and its load).

    python -m angler.tools.ray_bench [GAMES] [AGENT] [GAME]
"""

from __future__ import annotations

import sys
import time

from angler.core.registry import make_game
from angler.sim.backends import Backend, require_ray, start_local_ray
from angler.sim.simulate import simulate


def games_per_second(game_name: str, games: int, agent: str, jobs: int, backend: Backend) -> float:
    game = make_game(game_name)
    start = time.perf_counter()
    simulate(game, games, 0, [agent], jobs=jobs, backend=backend, keep_states=False)
    return games / (time.perf_counter() - start)


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 400
    agent = argv[1] if len(argv) > 1 else "heuristic"
    game_name = argv[2] if len(argv) > 2 else "fishing"
    ray = require_ray()
    print(f"{game_name}, {games} games, {agent} in every seat")
    for jobs in (1, 2):
        local = games_per_second(game_name, games, agent, jobs, "local")
        start = time.perf_counter()
        start_local_ray(jobs)
        started = time.perf_counter() - start
        on_ray = games_per_second(game_name, games, agent, jobs, "ray")
        ray.shutdown()
        print(
            f"{jobs} worker(s): local {local:7.1f} games/s   ray {on_ray:7.1f} games/s"
            f"   (ray start-up {started:.1f} s, not counted)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
