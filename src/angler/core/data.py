"""Reading a game's data files (card sets) with one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from angler.core.errors import AnglerError


def read_json(file: Path, what: str = "card file") -> Any:
    """The JSON in ``file``; AnglerError naming the file and the problem if it cannot be read."""
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise AnglerError(f"cannot read {what} {file}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise AnglerError(f"{what} {file} is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise AnglerError(f"{what} {file} is not JSON: {exc.msg} at line {exc.lineno}") from None


def read_card_file(path: str | None, default: Path) -> tuple[Path, dict[str, Any]]:
    """The card file ``path`` (``default``, the bundled edition, when None) and its JSON object;
    AnglerError if it cannot be read or is not an object."""
    file = Path(path) if path else default
    data = read_json(file)
    if not isinstance(data, dict):
        raise AnglerError(f"card file {file}: expected an object")
    return file, data


def check_card_file(value: Any) -> str | None:
    """The ``cards`` option holds a file name (or nothing, for the bundled edition)."""
    if value is None or (isinstance(value, str) and value):
        return None
    return f"expected the name of a card file, not {value!r}"
