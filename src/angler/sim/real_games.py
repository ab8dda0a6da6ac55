"""``angler analyse --records``: side A of the designers' report from finished games' records
rather than from simulation.

Each record is replayed (:func:`angler.core.records.replay`) and its final state reduced exactly
as a simulated game's is (:func:`angler.sim.analyse.outcome_of`), so every figure of the report,
each card's effect included, is computed the same way. Only finished games of the game, player
counts, options and card set analysed are used; every other record is counted with the reason it
was skipped.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from angler.core.data import read_json
from angler.core.errors import AnglerError, RecordError
from angler.core.game import Game
from angler.core.records import Record, player_count, replay, start_state
from angler.core.registry import make_game
from angler.core.view import counted
from angler.sim.analyse import Analysis, Outcome, outcome_of, seating_text
from angler.sim.card_diff import Change
from angler.sim.record_source import Found, records_in, shown_source

UNKNOWN_SEAT = "unknown"  # a record that does not say who played (``seats`` missing)
EXAMPLES = 3  # records named for each reason they were skipped
AnyGame = Game[Any, Any]


@dataclass
class RecordsRead:
    """What ``--records`` read: how many games, which were used, which skipped and why."""

    source: str
    read: int = 0
    skipped: dict[str, list[str]] = field(default_factory=dict)  # why → the records' names
    seats: dict[int, list[str]] = field(default_factory=dict)  # by player count: who sat where
    used_seeds: dict[int, list[int]] = field(default_factory=dict)  # by player count
    outcomes: list[Outcome] = field(default_factory=list)  # the games used, as side A's

    @property
    def player_counts(self) -> list[int]:
        return sorted(self.used_seeds)

    @property
    def used(self) -> int:
        return sum(len(seeds) for seeds in self.used_seeds.values())

    def seeds(self, players: int) -> list[int]:
        """The seeds of the games used at a player count: B's bots play the same deals."""
        return sorted(self.used_seeds.get(players, ()))

    def skip(self, found: Found, why: str) -> None:
        self.skipped.setdefault(why, []).append(found.name)

    def counts(self) -> str:
        """``12 read, 10 used, 2 skipped``."""
        skipped = self.read - self.used
        return f"{counted(self.read, 'game')} read, {self.used} used, {skipped} skipped"

    def reasons(self) -> list[str]:
        """Each reason records were skipped, most frequent first, with a few of them named:
        ``unfinished: 2 (room abc, room def)``."""
        lines = []
        for why, names in sorted(self.skipped.items(), key=lambda item: -len(item[1])):
            shown = ", ".join(names[:EXAMPLES]) + (", …" if len(names) > EXAMPLES else "")
            lines.append(f"{why}: {len(names)} ({shown})")
        return lines


def read_real_games(analysis: Analysis, options: Mapping[str, Any], source: str) -> RecordsRead:
    """The finished games at ``source`` that fit ``analysis`` (its game, player counts, options
    and side A's card set), each as an outcome of side A; AnglerError (one line) when none
    does. :func:`use_records` then makes them the analysis's side A."""
    cards = _analysed_cards(analysis, options)
    read = RecordsRead(shown_source(source))
    seats: dict[int, list[Counter[str]]] = {}
    for found in records_in(source):
        read.read += 1
        why = _why_not_used(found, analysis, options, cards, read)
        if isinstance(why, str):
            read.skip(found, why)
            continue
        record, outcome = why
        read.used_seeds.setdefault(outcome.players, []).append(outcome.seed)
        by_seat = seats.setdefault(outcome.players, [Counter() for _ in range(outcome.players)])
        for seat, name in enumerate(_who_played(record, outcome.players)):
            by_seat[seat][name] += 1
        read.outcomes.append(outcome)
    if not read.used:
        problems = "; ".join(read.reasons()) or "no record file in it"
        counts = read.counts()
        raise AnglerError(f"--records {read.source}: no usable record ({counts}: {problems})")
    read.seats = {count: [_seat_name(seat) for seat in seats[count]] for count in sorted(seats)}
    read.outcomes.sort(key=lambda o: (o.players, o.seed))
    return read


def use_records(analysis: Analysis, read: RecordsRead) -> None:
    """The records' games as side A of ``analysis`` (configured at their player counts): the
    other sides, if any, are then played on their seeds (:func:`run_analysis`)."""
    if sorted(analysis.agents) != read.player_counts:
        raise ValueError(
            f"an analysis at {sorted(analysis.agents)} players for records at {read.player_counts}"
        )
    analysis.records = read
    analysis.outcomes = list(read.outcomes)
    analysis.planned = len(read.outcomes)


def _why_not_used(
    found: Found, analysis: Analysis, options: Mapping[str, Any], cards: Any, read: RecordsRead
) -> str | tuple[Record, Outcome]:
    """Why a game cannot be used, or its record and its outcome."""
    record = found.record
    if record is None:
        return found.problem
    if record.game != analysis.game:
        return f"another game ({record.game})"
    if record.setup is not None:
        return "starts from a set-up, not a deal"
    try:
        players = player_count(record)
    except RecordError:
        return "not a readable record"
    if players not in analysis.agents:
        return f"another player count ({players})"
    if record.result is None:
        return "unfinished"
    try:
        game = start_state(record).game  # its rules and cards, before replaying every move
    except RecordError:
        return "does not replay"
    changed = _options_changed(_analysed_rules(analysis, options, players), game)
    if changed:
        return f"other game options ({changed})"
    if _record_cards(record, game) != cards:
        return "another card set"
    if record.seed in read.used_seeds.get(players, ()):
        return "the same deal (seed and player count) as a record already used"
    try:
        state = replay(record)
    except RecordError:
        return "does not replay"
    if not state.is_terminal():
        return "unfinished"
    outcome = outcome_of(state, Outcome(0, players, record.seed))
    return outcome.anomaly or (record, outcome)


def _analysed_cards(analysis: Analysis, options: Mapping[str, Any]) -> Any:
    """The card file analysed (side A's), as JSON: a record must have been played with it."""
    game = make_game(analysis.game, **analysis.settings(options, 0))
    return _card_data(game)


def _record_cards(record: Record, game: Any) -> Any:
    """The card set a record was played with: the one written in it (a room's uploaded set), or
    the file its game read (the bundled one, or its ``cards`` option's)."""
    return record.cards if record.cards is not None else _card_data(game)


def _card_data(game: Any) -> Any:
    source = getattr(getattr(game, "cards", None), "source", "")
    return _read_cards(source) if source else None


_card_files: dict[str, Any] = {}  # a card file read once per run, not once per record


def _read_cards(source: str) -> Any:
    if source not in _card_files:
        _card_files[source] = read_json(Path(source))
    return _card_files[source]


def _analysed_rules(analysis: Analysis, options: Mapping[str, Any], players: int) -> AnyGame:
    """The analysed game at a player count as a record of it would replay: its options written
    as a record writes them and read back as a replay reads them, so that both are compared in
    the same form (a Flip & Fish skill read from a record is a factor per seat, not a word)."""
    key = (analysis.game, json.dumps(dict(options), sort_keys=True), players)
    if key not in _rules:
        made = make_game(analysis.game, players, **analysis.settings(options, 0))
        written = json.loads(json.dumps(made.describe_options()))
        written["cards"] = None  # the card set is compared on its own
        _rules[key] = start_state(Record(analysis.game, written, 0)).game
    return _rules[key]


_rules: dict[tuple[str, str, int], AnyGame] = {}


def _options_changed(analysed: AnyGame, played: AnyGame) -> str:
    """The options a record's game sets otherwise than the analysis (``rounds 20``), or ""."""
    wanted, record = (_rule_options(game) for game in (analysed, played))
    return ", ".join(
        f"{key} {json.dumps(record.get(key))}"
        for key in dict.fromkeys([*wanted, *record])
        if wanted.get(key) != record.get(key)
    )


def _rule_options(game: AnyGame) -> dict[str, Any]:
    """A game's options but the player count and the card set (checked on their own), as JSON."""
    described = game.describe_options()
    rules: dict[str, Any] = json.loads(
        json.dumps({k: v for k, v in described.items() if k not in _NOT_RULES})
    )
    return rules


_NOT_RULES = ("players", "cards")


def _who_played(record: Record, players: int) -> list[str]:
    """Each seat's player as the record says (``unknown`` where it does not, or not for each)."""
    if record.seats is not None and len(record.seats) == players:
        return list(record.seats)
    return [UNKNOWN_SEAT] * players


def _seat_name(names: Counter[str]) -> str:
    """Who played a seat: ``human``, or ``human ×3 or heuristic ×1`` when it differed."""
    if len(names) == 1:
        return next(iter(names))
    return " or ".join(f"{name} ×{times}" for name, times in names.most_common())


def seats_change(analysis: Analysis) -> Change:
    """What B changes besides its card file and options: who plays (the records' players, then
    the bots of ``--agents`` on the same deals)."""
    counts = analysis.player_counts
    assert analysis.records is not None
    real = "; ".join(
        f"{count} players: {seating_text(analysis.records.seats[count])}" for count in counts
    )
    bots = "; ".join(f"{count} players: {seating_text(analysis.agents[count])}" for count in counts)
    return Change("seats", f"who plays: the records' players ({real}) → bots ({bots})")
