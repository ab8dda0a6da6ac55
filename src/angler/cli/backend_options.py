"""``--backend``, ``--address`` and ``--ray-token-file``: where simulate, tournament, analyse
and review play their games."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

BackendOption = Annotated[
    str,
    typer.Option(
        "--backend",
        metavar="local|ray",
        help="Where to play: local (this machine's processes) or ray (a local Ray, or the "
        "cluster given by --address; needs the scale extra). Results do not depend on it.",
    ),
]
AddressOption = Annotated[
    str | None,
    typer.Option(
        "--address",
        metavar="ADDRESS",
        help="With --backend ray: join the Ray cluster at ADDRESS (e.g. 10.0.0.5:6379 or auto) "
        "instead of starting a local Ray.",
    ),
]


_JOBS = ("--jobs", "-j")
ProcessesOption = Annotated[
    int | None,
    typer.Option(
        *_JOBS,
        min=1,
        metavar="J",
        help="Processes to play on (default: 1; with --backend ray, every core); results do not "
        "depend on it.",
    ),
]
ReviewProcessesOption = Annotated[
    int | None,
    typer.Option(
        *_JOBS,
        min=1,
        metavar="J",
        help="Processes to review on (default: 1; with --backend ray, every core); the review "
        "does not depend on it.",
    ),
]


def review_processes(jobs: int | None, backend: str) -> int | None:
    """A review's processes: as asked; unasked, one here, every core of Ray (None)."""
    return jobs if jobs is not None or backend == "ray" else 1


RayTokenFileOption = Annotated[
    Path | None,
    typer.Option(
        "--ray-token-file",
        metavar="FILE",
        help="With --address: the file holding the cluster's token (Ray's token "
        "authentication; on the head, ray get-auth-token prints it). Ray reads it itself; "
        "RAY_AUTH_TOKEN or RAY_AUTH_TOKEN_PATH do as well.",
    ),
]
