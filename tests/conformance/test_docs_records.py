"""docs/records.md tells the truth: its example records replay, and its example outputs and error
messages are the ones ``angler replay`` prints."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from angler.core import make_game
from angler.core.records import parse_record, replay

if TYPE_CHECKING:
    from tests.conftest import Angler

DOCS = Path(__file__).resolve().parents[2] / "docs" / "records.md"
TEXT = DOCS.read_text(encoding="utf-8")
RECORDS: list[str] = [
    block
    for block in re.findall(r"```json\n(.*?)```", TEXT, flags=re.DOTALL)
    if '"format": "angler-record/1"' in block
]


def block_after(marker: str) -> str:
    """The first fenced block after ``marker`` in docs/records.md."""
    assert marker in TEXT, f"docs/records.md no longer says {marker!r}"
    rest = TEXT[TEXT.index(marker) :]
    blocks: list[str] = re.findall(r"```\w*\n(.*?)```", rest, flags=re.DOTALL)
    return blocks[0]


def example(game: str, number: int = 0) -> str:
    """The ``number``-th example record of ``game`` on the page."""
    return [block for block in RECORDS if json.loads(block)["game"] == game][number]


def test_docs_records_md_has_an_example_record_of_every_game() -> None:
    assert {json.loads(block)["game"] for block in RECORDS} == {
        "fishing",
        "crazy-fishing",
        "flip-and-fish",
    }


@pytest.mark.parametrize("number", range(len(RECORDS)))
def test_every_example_record_in_docs_records_md_replays(
    angler: Angler, tmp_path: Path, number: int
) -> None:
    text = RECORDS[number]
    data = json.loads(text)
    path = tmp_path / "example.json"
    path.write_text(text, encoding="utf-8")
    run = angler(["replay", path, "--json"])
    assert run.status == 0, run.stderr
    assert run.json()["terminal"] is ("result" in data)
    if "result" in data:
        assert run.json()["scores"] == data["result"]["scores"]
        assert run.json()["winners"] == data["result"]["winners"]
    # Written as a saved record writes them: every action text is the canonical one.
    options = dict(data["options"])
    game = make_game(data["game"], options.pop("players"), **options)
    for entry in data["actions"]:
        assert game.action_to_string(game.action_from_string(entry["action"])) == entry["action"]


def test_the_replay_json_shown_in_docs_records_md_is_what_replay_prints(
    angler: Angler, tmp_path: Path
) -> None:
    path = tmp_path / "example.json"
    path.write_text(example("fishing"), encoding="utf-8")
    shown = json.loads(block_after("`angler replay example.json --json` prints"))
    assert angler(["replay", path, "--json"]).json() == shown


def test_the_seat_view_json_shown_in_docs_records_md_is_what_replay_prints(
    angler: Angler, tmp_path: Path
) -> None:
    path = tmp_path / "catch-and-call.json"
    path.write_text(example("fishing", 1), encoding="utf-8")
    shown = json.loads(block_after("`angler replay catch-and-call.json --to 3 --as 2 --json`"))
    printed = angler(["replay", path, "--to", 3, "--as", 2, "--json"]).json()
    names = shown.pop("names")
    assert {key: printed[key] for key in shown} == shown
    assert {key: printed["names"][key] for key in names} == names


def _set(path: list[Any], value: Any) -> Callable[[str], str]:
    """A change to the example: the value at ``path`` in its JSON replaced by ``value``."""

    def change(text: str) -> str:
        data = json.loads(text)
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return json.dumps(data)

    return change


def _first_actions(count: int) -> Callable[[str], str]:
    def change(text: str) -> str:
        data = json.loads(text)
        data["actions"] = data["actions"][:count]
        return json.dumps(data)

    return change


# The rows of the table of messages in docs/records.md, in order: each change and replay's flags.
CHANGES: list[tuple[Callable[[str], str], list[str]]] = [
    (lambda text: text.replace('"game": "fishing",', '"game": "fishing"', 1), []),
    (_set(["format"], "pgn"), []),
    (_set(["game"], "chess"), []),
    (_set(["options", "players"], 6), []),
    (_set(["setup", "hands", 2], ["Y2", "G3"]), []),
    (_set(["actions", 0, "player"], 5), []),
    (_set(["actions", 0, "action"], "play Y77"), []),
    (_set(["actions", 4, "action"], "play G3"), []),
    (_set(["actions", 5, "chance", 0], ["G3", "B5", "Y2"]), []),
    (_set(["actions", 0, "outcomes"], [[1, 2, 1, 3]]), []),
    (_first_actions(5), []),
    (_set(["result"], {"scores": [1, 2, 3]}), []),
    (lambda text: text, ["--to", "9"]),
]


def documented_messages() -> list[str]:
    table = TEXT[TEXT.index("| change to `example.json` | message |") :].split("\n\n")[0]
    rows = table.splitlines()[2:]
    cells = [re.fullmatch(r"\| .* \| `(.*)` \|", row) for row in rows]
    assert all(cells), "a row of the table of messages is not | change | `message` |"
    return [cell.group(1) for cell in cells if cell]


def test_every_error_message_in_docs_records_md_is_the_one_replay_prints(
    angler: Angler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    messages = documented_messages()
    assert len(messages) == len(CHANGES), "a row of the table has no change in this test"
    monkeypatch.chdir(tmp_path)  # messages name the file as given: example.json
    path = Path("example.json")
    for message, (change, flags) in zip(messages, CHANGES, strict=True):
        path.write_text(change(example("fishing")), encoding="utf-8")
        run = angler(["replay", path, *flags])
        run.assert_user_error()
        assert run.stderr.strip() == message


def test_the_flip_and_fish_example_reshuffle_names_the_top_card_first() -> None:
    """Its last action's ``chance`` is the reshuffled fishing deck, top card first: Zander fills
    the empty water slot and Skipjack stays in the deck."""
    state: Any = replay(parse_record(example("flip-and-fish")))
    names = state.game.cards.names
    assert names([state.water[0]]) == ["Zander"]
    assert names(state.deck) == ["Skipjack"]
