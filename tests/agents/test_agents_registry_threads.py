"""The agent and game registries fill themselves on first use, and the server asks from many
threads at once: none may see a half-filled list (found by ``angler loadtest``)."""

from __future__ import annotations

import subprocess
import sys

FIRST_USE_IN_THREADS = """
import threading
from angler.agents import agent_names
from angler.core import all_games
seen = []
start = threading.Barrier(8)
def ask():
    start.wait()
    seen.append((tuple(agent_names()), tuple(g.name for g in all_games())))
threads = [threading.Thread(target=ask) for _ in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
assert len(set(seen)) == 1, set(seen)
agents, games = seen[0]
assert "ismcts" in agents and "normal" in agents and len(games) == 3, seen[0]
print("ok")
"""


def test_registries_read_from_many_threads_at_first_use_are_never_half_filled() -> None:
    for _ in range(3):  # fresh interpreters: the first use is what races
        done = subprocess.run(
            [sys.executable, "-c", FIRST_USE_IN_THREADS],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
