"""JSON Schemas of the documents angler reads, generated from their models (core/models.py), so
an editor can check a record or a card file as it is written. They are published in
``docs/schemas/``: ``record.schema.json``, one ``<game>-cards.schema.json`` per registered
game that declares its card files' model (``Game.card_file_model``), one
``<game>-setup.schema.json`` per game that declares its set-up model (``Game.setup_model``), and
the server's socket messages, ``wire-client.schema.json`` and ``wire-server.schema.json``
(msgspec Structs: ``angler.server.wire``).

Regenerate them after changing a model::

    python -m angler.core.schemas            # writes docs/schemas/*.schema.json
    python -m angler.core.schemas --check    # exit status 1 if a published schema is stale
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from angler.core.records import RecordModel
from angler.core.registry import all_games

DIALECT = "https://json-schema.org/draft/2020-12/schema"  # the dialect pydantic writes
FOLDER = Path("docs/schemas")


def schema_of(model: type[BaseModel]) -> dict[str, Any]:
    return {"$schema": DIALECT, **model.model_json_schema()}


def models() -> dict[str, type[BaseModel]]:
    """Each published schema's name and the model it is generated from."""
    out: dict[str, type[BaseModel]] = {"record": RecordModel}
    for cls in all_games():
        if cls.card_file_model is not None:
            out[f"{cls.name}-cards"] = cls.card_file_model
        if cls.setup_model is not None:
            out[f"{cls.name}-setup"] = cls.setup_model
    return out


def documents() -> dict[str, dict[str, Any]]:
    """Each published schema's name and the schema: the models' and the wire protocol's."""
    # Imported here: the server's module is the server's, and the core does not need it loaded.
    from angler.server.wire import schemas as wire_schemas

    out = {name: schema_of(model) for name, model in models().items()}
    return {**out, **wire_schemas()}


def texts() -> dict[str, str]:
    """Each schema file's name and its text, as published."""
    return {
        f"{name}.schema.json": json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
        for name, schema in documents().items()
    }


def main(args: list[str]) -> int:
    check = "--check" in args
    folders = [arg for arg in args if arg != "--check"]
    folder = Path(folders[0]) if folders else FOLDER
    stale = []
    for name, text in texts().items():
        path = folder / name
        if check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if stale:
        print(f"stale schemas in {folder}: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
