"""Running a WebSocket yardstick beside ``angler loadtest``: a bare match server script (no game
rules; the stack's upper bound on this machine) given by its path, run with the same matches,
think time, seconds and compression, so the two figures are measured in the same session and
can be quoted as a ratio. angler does not ship one: ``--yardstick FILE`` names it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from angler.core.errors import AnglerError

YARDSTICK_SEATS = 4  # the yardstick's matches have four seats
SPARE_SECONDS = 180.0  # its start-up, connections and warm-up, beyond the measured seconds


class YardstickError(AnglerError):
    """A yardstick that cannot be run or whose answer cannot be read (one line)."""


def check_yardstick(path: str, players: int) -> Path:
    """The yardstick's path, refused in one line if it is no file, or the table is not 4 seats."""
    file = Path(path)
    if not file.is_file():
        raise YardstickError(f"--yardstick {path}: no such file")
    if players != YARDSTICK_SEATS:
        raise YardstickError(
            f"--yardstick plays {YARDSTICK_SEATS}-seat matches: give --players {YARDSTICK_SEATS}"
        )
    return file


def run_yardstick(
    file: Path, matches: int, think_ms: int, seconds: float, deflate: bool, warmup: float
) -> dict[str, Any]:
    """Run the yardstick script and return its JSON figures (``moves_per_s``, ``p99_ms``…)."""
    command = [sys.executable, str(file), "--matches", str(matches)]
    command += ["--think-ms", str(think_ms), "--seconds", f"{seconds:g}", "--warmup", f"{warmup:g}"]
    command += ["--deflate"] if deflate else []
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=warmup + seconds + SPARE_SECONDS,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise YardstickError(f"the yardstick {file.name} did not run: {exc}") from None
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise YardstickError(f"the yardstick {file.name} failed: {last[:200]}")
    try:
        figures: dict[str, Any] = json.loads(lines[-1])
    except ValueError:
        raise YardstickError(f"the yardstick {file.name} printed no JSON figures") from None
    return figures


COMPARED = ("moves_per_s", "p50_ms", "p99_ms", "server_cpu_us_per_move", "server_rss_mb")


def ratios(ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, float | None]:
    """Ours over the yardstick's: moves/s (higher is better), latencies, the server's CPU per
    move and its memory (lower is better)."""

    def over(key: str) -> float | None:
        mine, base = ours.get(key), theirs.get(key)
        if not isinstance(mine, int | float) or not isinstance(base, int | float) or not base:
            return None
        return round(mine / base, 3)

    return {key: over(key) for key in COMPARED}
