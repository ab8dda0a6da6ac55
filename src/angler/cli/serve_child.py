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
        sys.stdin.buffer.read()
        os._exit(0)

    threading.Thread(target=watch, name="loadtest-orphan-watch", daemon=True).start()


if __name__ == "__main__":
    _exit_when_orphaned()
    main(sys.argv[1:])
