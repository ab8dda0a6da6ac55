"""Output files are checked before any work: a command or script that will write a file first
proves it can (really opening it in its folder), so a long run never ends in a failed write."""

from __future__ import annotations

import errno
from collections.abc import Sequence
from pathlib import Path

from angler.core.errors import AnglerError


def shown(path: Path) -> str:
    """A path for a one-line message: an over-long one keeps its start and end."""
    text = str(path)
    return text if len(text) <= 80 else f"{text[:40]}…{text[-30:]} ({len(text)} characters)"


def os_reason(exc: OSError) -> str:
    if exc.errno == errno.ENAMETOOLONG:
        return "the name is longer than the file system allows"
    return (exc.strerror or str(exc)).lower()


def check_writable_file(path: Path, suffixes: Sequence[str] = ()) -> None:
    """Refuse ``path`` before any work if it cannot be written as a file.

    The file is really opened in its folder, so the system itself judges permissions, the name's
    length and the file system; a file the check created is removed, and an existing one is
    opened for appending, which changes nothing in it. Every command checks every output path
    here before it starts.
    """
    if suffixes and path.suffix.lower() not in suffixes:
        raise AnglerError(f"{shown(path)}: the file name must end in {' or '.join(suffixes)}")
    try:
        if path.is_dir():
            raise AnglerError(f"{shown(path)} is a folder, not a file")
        folder = path.parent
        if not folder.is_dir():
            problem = (
                f"{shown(folder)} is a file, not a folder"
                if folder.exists()
                else f"folder {shown(folder)} does not exist"
            )
            raise AnglerError(f"cannot write {shown(path)}: {problem}")
        existed = path.exists()
        with path.open("a" if existed else "x", encoding="utf-8"):
            pass
        if not existed:
            path.unlink()
    except OSError as exc:
        raise AnglerError(f"cannot write {shown(path)}: {os_reason(exc)}") from None


def check_writable_folder(path: Path, sample: str) -> None:
    """Refuse folder ``path`` before any work if files named like ``sample`` cannot be written
    in it. A missing folder is fine (it is created, parents too, when the first file is
    written): the check creates it and a file ``sample`` in it, then removes all it created."""
    try:
        if path.exists() and not path.is_dir():
            raise AnglerError(f"{shown(path)} exists and is not a folder")
        created = [folder for folder in (path, *path.parents) if not folder.exists()]
        try:
            path.mkdir(parents=True, exist_ok=True)
            check_writable_file(path / sample)
        finally:
            for folder in created:  # deepest first
                if folder.is_dir():
                    folder.rmdir()
    except OSError as exc:
        raise AnglerError(f"cannot create folder {shown(path)}: {os_reason(exc)}") from None
