"""Where a run's seeded games are played: on this process, on a pool of local worker processes,
or on Ray (a local Ray, or a cluster joined by its address).

Every run (simulate, tournament, analyse) numbers its games and plays them in *batches* of game
numbers; a game's seed depends on its number alone, so whichever process plays it, and in
whatever order the batches finish, the results are the same once sorted by number. Each result
is handed to ``finish`` as its batch comes back, so that a progress bar moves and Ctrl-C keeps
what was finished.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Literal, TypeVar, cast

from angler.core.errors import AnglerError
from angler.sim.stopping import signals_ignored, start_worker

BACKENDS = ("local", "ray")
Backend = Literal["local", "ray"]

Result = TypeVar("Result")

LOCAL_BATCH = 8  # games per batch on the local pool: small, so that every core stays busy
RAY_BATCH = 50  # games per Ray task: a task costs milliseconds, a game about one
TASKS_PER_CPU = 4  # batches per worker at least, so that the last ones finish together


def check_backend(backend: str, jobs: int | None, address: str | None) -> Backend:
    """The backend's name, once its settings are known to make sense."""
    if backend not in BACKENDS:
        raise AnglerError(f"--backend must be local or ray, not {backend!r}")
    if jobs is not None and jobs < 1:
        raise AnglerError(f"--jobs must be at least 1, not {jobs}")
    if address is not None and backend != "ray":
        raise AnglerError("--address joins a Ray cluster: give it with --backend ray")
    if backend == "ray":
        require_ray()
    return cast(Backend, backend)


def require_ray() -> Any:
    """The ``ray`` module, or a one-line error naming the extra that installs it."""
    try:
        import ray
    except ImportError:
        raise AnglerError(
            "--backend ray needs Ray: install angler's scale extra (pip install 'angler[scale]')"
        ) from None
    return ray


def play_batches(
    play: Callable[[list[int]], list[Result]],
    numbers: Sequence[int],
    finish: Callable[[Result], None],
    jobs: int | None = None,
    backend: Backend = "local",
    address: str | None = None,
) -> None:
    """Play the games ``numbers`` with ``play`` (a picklable function of a batch of numbers,
    returning its results) and pass each result to ``finish`` as its batch comes back.

    ``local``: on this process when ``jobs`` is 1 (or there is one game), else on ``jobs`` worker
    processes (default: every core). ``ray``: as Ray tasks, on a local Ray of ``jobs`` CPUs
    (default: every core) started and stopped here, or on the cluster at ``address``.
    Any exception (Ctrl-C included) first ends or cancels the games still being played.
    """
    numbers = list(numbers)
    if backend == "ray":
        play_on_ray(play, numbers, finish, jobs, address)
    elif (jobs or os.cpu_count() or 1) == 1 or len(numbers) == 1:
        for number in numbers:
            for result in play([number]):
                finish(result)
    else:
        play_on_workers(jobs or os.cpu_count() or 1, play, numbers, finish)


def batches_of(numbers: list[int], workers: int, largest: int) -> list[list[int]]:
    """``numbers`` cut into batches: at least :data:`TASKS_PER_CPU` per worker when there are
    enough games, and at most ``largest`` games each."""
    size = max(1, min(largest, len(numbers) // (workers * TASKS_PER_CPU)))
    return [numbers[k : k + size] for k in range(0, len(numbers), size)]


def play_on_workers(
    jobs: int,
    play: Callable[[list[int]], list[Result]],
    numbers: list[int],
    finish: Callable[[Result], None],
) -> None:
    """The local backend: batches on ``jobs`` spawned worker processes; on any exception
    (Ctrl-C included) the workers are ended first."""
    batches = batches_of(numbers, jobs, LOCAL_BATCH)
    # Spawned workers start afresh: no threads or signal handlers inherited from this process.
    context = multiprocessing.get_context("spawn")
    with signals_ignored(signal.SIGINT):  # workers inherit SIGINT ignored from the start
        pool = context.Pool(min(jobs, len(batches)), start_worker, (os.getpid(),))
    try:
        for results in pool.imap_unordered(play, batches):
            for result in results:
                finish(result)
    except BaseException:
        with signals_ignored(signal.SIGINT, signal.SIGTERM):  # a second Ctrl-C waits for this
            pool.terminate()
            pool.join()
        raise
    pool.close()
    pool.join()


def play_on_ray(
    play: Callable[[list[int]], list[Result]],
    numbers: list[int],
    finish: Callable[[Result], None],
    jobs: int | None = None,
    address: str | None = None,
) -> None:
    """The Ray backend: one task per batch; on any exception (Ctrl-C included) the tasks not
    finished are cancelled, and the finished ones' results stay with ``finish``."""
    ray = require_ray()
    with ray_session(jobs, address):
        workers = jobs or int(ray.cluster_resources().get("CPU", 1)) or 1
        remote_batch = ray.remote(num_cpus=1)(_play_batch)
        play_ref = ray.put(play)  # shipped once, not once per task
        pending = [
            remote_batch.remote(play_ref, batch)
            for batch in batches_of(numbers, workers, RAY_BATCH)
        ]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for result in _results_of(ray, done[0]):
                    finish(result)
        except BaseException:
            with signals_ignored(signal.SIGINT, signal.SIGTERM):  # a second Ctrl-C waits
                for ref in pending:
                    ray.cancel(ref, force=False)  # a running batch gets a KeyboardInterrupt
            raise


def _play_batch(play: Callable[[list[int]], list[Result]], batch: list[int]) -> list[Result]:
    return play(batch)


def _results_of(ray: Any, ref: Any) -> list[Any]:
    """A task's results; an error raised in the task is raised again here as itself."""
    try:
        return cast(list[Any], ray.get(ref))
    except ray.exceptions.RayTaskError as error:
        cause = getattr(error, "cause", None)
        if isinstance(cause, BaseException):
            raise cause from None
        raise


@contextmanager
def ray_session(jobs: int | None, address: str | None) -> Iterator[None]:
    """Ray, ready for tasks: the one already running in this process if there is one, else the
    cluster at ``address`` (joined, left running), else a local Ray of ``jobs`` CPUs (default:
    every core) that is shut down at the end."""
    ray = require_ray()
    if ray.is_initialized():
        yield
        return
    if address is not None:
        no_usage_reports()
        try:
            ray.init(address=address, **QUIET)
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise AnglerError(f"cannot join the Ray cluster at {address}: {error}") from None
        try:
            yield
        finally:
            ray.shutdown()  # leaves the cluster; the cluster itself keeps running
        return
    start_local_ray(jobs or os.cpu_count() or 1)
    try:
        yield
    finally:
        with signals_ignored(signal.SIGINT, signal.SIGTERM):
            ray.shutdown()


QUIET: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}


def no_usage_reports() -> None:
    # Ray would otherwise report usage statistics over the network.
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")


def start_local_ray(cpus: int) -> None:
    """A local Ray of ``cpus`` CPUs, quiet, without its dashboard (about 6 s to start)."""
    ray = require_ray()
    no_usage_reports()
    with signals_ignored(signal.SIGINT):  # Ray's own processes start with Ctrl-C ignored
        ray.init(num_cpus=cpus, include_dashboard=False, **QUIET)
