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
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal, TypeVar, cast

from angler.core.errors import AnglerError
from angler.sim.stopping import signals_ignored, start_worker

BACKENDS = ("local", "ray")
Backend = Literal["local", "ray"]

Result = TypeVar("Result")

LOCAL_BATCH = 8  # games per batch on the local pool: small, so that every core stays busy
RAY_BATCH = 50  # games per Ray task: a task costs milliseconds, a game about one
TASKS_PER_CPU = 4  # batches per worker at least, so that the last ones finish together


def check_backend(
    backend: str, jobs: int | None, address: str | None, token_file: Path | None = None
) -> Backend:
    """The backend's name, once its settings are known to make sense; the cluster's token, if
    given (``token_file``, or Ray's own variables), is what Ray will present to it."""
    if backend not in BACKENDS:
        raise AnglerError(f"--backend must be local or ray, not {backend!r}")
    if jobs is not None and jobs < 1:
        raise AnglerError(f"--jobs must be at least 1, not {jobs}")
    if address is not None and backend != "ray":
        raise AnglerError("--address joins a Ray cluster: give it with --backend ray")
    if token_file is not None and address is None:
        raise AnglerError("--ray-token-file is a Ray cluster's token: give it with --address")
    if backend == "ray":
        require_ray()
        if address is not None:
            present_token(token_file)
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
        refuse_unreachable_or_unauthorised(ray, address)
        try:
            ray.init(address=address, **QUIET)
        except (ConnectionError, RuntimeError, ValueError) as error:
            if _TOKEN_REFUSED in str(error):  # the cause, as text, when Ray gave up retrying
                raise AnglerError(token_refused(address)) from None
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


# Ray's token authentication (Ray 2.52 and later; in 2.60 on by itself for ``ray start --head``
# once a token exists, e.g. the ~/.ray/auth_token a local ray.init() creates). Ray reads the
# token from RAY_AUTH_TOKEN, else the file RAY_AUTH_TOKEN_PATH names, else ~/.ray/auth_token; a
# driver joining by explicit HOST:PORT presents it only when RAY_AUTH_MODE=token (only ``auto``
# turns that on by itself).
AUTH_MODE = "RAY_AUTH_MODE"
AUTH_TOKEN = "RAY_AUTH_TOKEN"
AUTH_TOKEN_PATH = "RAY_AUTH_TOKEN_PATH"
_TOKEN_REFUSED = "InvalidAuthToken"  # Ray's word for a missing or wrong token


def token_refused(address: str) -> str:
    return (
        f"the Ray cluster at {address} refused the token (missing or wrong): give the "
        f"cluster's token with --ray-token-file FILE (on the head: ray get-auth-token), or "
        f"set {AUTH_TOKEN} or {AUTH_TOKEN_PATH}"
    )


def present_token(token_file: Path | None) -> None:
    """Have Ray present the cluster's token when joining by address: the file ``token_file``
    (read by Ray itself: its contents are never copied), else a token given by Ray's own
    variables. Either one turns token mode on, as Ray only does by itself for ``auto``."""
    if token_file is not None:
        _check_token_file(token_file)
        os.environ.pop(AUTH_TOKEN, None)  # it would win over the file
        os.environ[AUTH_TOKEN_PATH] = str(token_file)
        os.environ[AUTH_MODE] = "token"
    elif AUTH_MODE not in os.environ and (
        AUTH_TOKEN in os.environ or AUTH_TOKEN_PATH in os.environ
    ):
        os.environ[AUTH_MODE] = "token"
    else:
        return
    _reload_ray_settings()


def _check_token_file(token_file: Path) -> None:
    try:
        empty = not token_file.read_text().strip()
    except OSError as error:
        raise AnglerError(f"--ray-token-file {token_file}: {error.strerror}") from None
    if empty:
        raise AnglerError(f"--ray-token-file {token_file} is empty")


def _reload_ray_settings() -> None:
    # Ray reads RAY_AUTH_MODE and the token once, on import; it reloads them the same way
    # when it turns token mode on itself (ray._private.authentication).
    raylet = sys.modules.get("ray._raylet")
    if require_ray().is_initialized():
        return  # a Ray running in this process is used as it is (ray_session): left alone
    try:
        raylet.Config.initialize("")  # type: ignore[union-attr]
        raylet.AuthenticationTokenLoader.instance().reset_cache()  # type: ignore[union-attr]
    except AttributeError:
        pass  # another Ray: it reads them when it connects


def refuse_unreachable_or_unauthorised(ray: Any, address: str) -> None:
    """Fail at once, in one line, when nothing answers at ``HOST:PORT`` or the cluster there
    refuses the token: Ray itself retries for about 20 s, logging each refusal."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        return  # auto, ray://…: left to Ray
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except OSError as error:
        raise AnglerError(f"cannot join the Ray cluster at {address}: {error}") from None
    try:
        with stderr_silenced():  # Ray's own log line for the refusal
            ray._raylet.GcsClient(address=address, cluster_id=None)
    except ray.exceptions.AuthenticationError:
        raise AnglerError(token_refused(address)) from None
    except Exception:  # any other answer is ray.init's to report
        return


@contextmanager
def stderr_silenced() -> Iterator[None]:
    """File descriptor 2 sent to /dev/null: Ray's C++ logs write there directly."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
