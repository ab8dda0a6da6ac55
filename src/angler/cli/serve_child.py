"""``angler serve`` as the load generator's child process (``tools/loadtest_server.py``):
``python -m angler.cli.serve_child serve …``. It exits as soon as its stdin ends, the end its
parent holds, so a killed load generator leaves no server behind."""

from __future__ import annotations

import os
import sys
import threading

from angler.cli.main import main


def _exit_when_orphaned() -> None:
    """Exit as soon as stdin ends: the load generator, which holds its other end, is gone."""

    def watch() -> None:
        # The file descriptor itself, not sys.stdin: a thread blocked in the buffered reader
        # holds its lock, and an interpreter exiting meanwhile (the server refused its options,
        # status 2) would abort on it.
        while os.read(0, 4096):
            pass
        os._exit(0)

    threading.Thread(target=watch, name="loadtest-orphan-watch", daemon=True).start()


if __name__ == "__main__":
    _exit_when_orphaned()
    main(sys.argv[1:])
