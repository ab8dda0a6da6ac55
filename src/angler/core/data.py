"""Reading JSON (records, card files) with one-line errors; what it holds is then read by a
declared model (core/models.py)."""

from __future__ import annotations

import atexit
import hashlib
import json
import math
import re
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from angler.core.errors import AnglerError
from angler.core.numbers import described

MAX_DEPTH = 100  # nesting of arrays and objects: no angler file comes near it
# Card sets a process keeps loaded (and their codecs and texts): a server is sent uploaded sets,
# each a new one, and keeping every one would grow without bound.
CARD_SETS_KEPT = 64


class _Unreadable(ValueError):
    """A JSON number Python could read but angler will not (NaN, infinity, beyond a float)."""


def _no_constant(word: str) -> float:
    raise _Unreadable(f"{word} is not a number angler reads")


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise _Unreadable(f"the number {text[:20]} is too large")
    return number


def read_json_text(text: str, error: Callable[[str], AnglerError]) -> Any:
    """The JSON value in ``text``. What is not usable JSON raises ``error(problem)``: broken
    syntax, nesting deeper than MAX_DEPTH (Python's parser would run out of stack), NaN or
    Infinity, a number too large for a float, or a whole number of over 4,300 digits (beyond
    what Python reads)."""
    if too_deep(text):
        problem = f"nested more than {MAX_DEPTH} levels deep"
    else:
        try:
            return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
        except json.JSONDecodeError as exc:
            problem = f"{exc.msg} at line {exc.lineno}"
        except RecursionError:
            problem = f"nested more than {MAX_DEPTH} levels deep"
        except _Unreadable as exc:
            problem = str(exc)
        except ValueError:  # int() refuses a number of thousands of digits
            problem = "a whole number has too many digits"
    raise error(problem)


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def too_deep(text: str) -> bool:
    """Brackets open more than MAX_DEPTH deep outside strings: checked before parsing, so no
    later step (a message, a comparison) ever walks a value deep enough to exhaust the stack."""
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


def read_json(file: Path, what: str = "card file") -> Any:
    """The JSON in ``file``; AnglerError naming the file and the problem if it cannot be read."""
    if not str(file).isprintable():  # every message names the file: it must fit on one line
        raise AnglerError(f"cannot read {what} {str(file)[:60]!r}: not a usable file name")
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise AnglerError(f"cannot read {what} {file}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise AnglerError(f"{what} {file} is not UTF-8 text") from None
    except ValueError:  # a file name with a NUL character in it
        shown = str(file)[:60]
        raise AnglerError(f"cannot read {what} {shown!r}: not a usable file name") from None
    return read_json_text(
        text, lambda problem: AnglerError(f"{what} {file} is not JSON: {problem}")
    )


def read_card_file(path: str | None, default: Path) -> tuple[Path, Any]:
    """The card file ``path`` (``default``, the bundled edition, when None) and its JSON value,
    for the game's card-file model to read; AnglerError if it cannot be read as JSON."""
    file = Path(path) if path else default
    return file, read_json(file)


def check_card_file(value: Any) -> str | None:
    """The ``cards`` option holds a file name (or nothing, for the bundled edition)."""
    if value is None or (isinstance(value, str) and value):
        return None
    return f"expected the name of a card file, not {described(value)}"


_card_lock = threading.Lock()
_card_folder: Path | None = None
_card_users: dict[Path, int] = {}  # each card set's file: how many are reading it now


@contextmanager
def card_set_file(cards: dict[str, Any]) -> Iterator[Path]:
    """A card set given as JSON (uploaded to a room, or written in a record) as a file while the
    block runs, since games load their cards from a file: in this process's private folder,
    named by the set's hash, removed once the last block using it ends (a game reads its cards
    when it is made; a refused upload leaves nothing on disk)."""
    global _card_folder
    text = json.dumps(cards, ensure_ascii=False, sort_keys=True)
    name = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest() + ".json"
    with _card_lock:
        if _card_folder is None:
            _card_folder = Path(tempfile.mkdtemp(prefix="angler-cards-"))
            atexit.register(shutil.rmtree, _card_folder, ignore_errors=True)
        path = _card_folder / name
        if path not in _card_users:
            partial = path.with_suffix(".part")
            partial.write_text(text, encoding="utf-8", errors="surrogatepass")
            partial.replace(path)
        _card_users[path] = _card_users.get(path, 0) + 1
    try:
        yield path
    finally:
        with _card_lock:
            _card_users[path] -= 1
            if not _card_users[path]:
                del _card_users[path]
                path.unlink(missing_ok=True)
