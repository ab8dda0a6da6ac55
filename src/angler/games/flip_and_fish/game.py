"""Flip & Fish's declaration (name, player counts, options) and its rules-and-records hooks; the
hooks for search, presentation and statistics are wired here from this folder's modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from angler.core.chance import Chance
from angler.core.errors import AnglerError, OptionError
from angler.core.game import CARDS_OPTION, CardGame, Option, size_option
from angler.core.numbers import decimal, decimal_from_text, described, is_whole, whole_from_text
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.cards import CardFile, CardSet, load_cards
from angler.games.flip_and_fish.cast import SKILLS
from angler.games.flip_and_fish.encoding import FlipAndFishEncoding
from angler.games.flip_and_fish.events import EVENT_TYPES
from angler.games.flip_and_fish.mini import (
    MINI_CARDS,
    MINI_DIE,
    MINI_PLAYERS,
    MINI_ROUNDS,
    MINI_TROPHIES,
    MINI_WATER,
    aim_codes,
    check_mini,
    mini_deals,
)
from angler.games.flip_and_fish.presentation import FlipAndFishPresentation
from angler.games.flip_and_fish.rules import WATER, FlipAndFishState
from angler.games.flip_and_fish.search import FlipAndFishSearch
from angler.games.flip_and_fish.setup import FlipAndFishSetup, setup_of, state_from_setup
from angler.games.flip_and_fish.statistics import FlipAndFishStatistics
from angler.games.flip_and_fish.table import PRESETS, Point, Table, check_layout
from angler.games.flip_and_fish.view import FlipAndFishView

LEVEL_SKILLS = {"easy": "novice", "normal": "fair", "hard": "good"}
"""How each difficulty level (``agents/levels.py``) casts when people play against it."""
SKILL_FACTORS = (0.1, 3.0)  # the steadiest and the wildest cast a factor may ask for
RECASTS = 20
"""Ruling 19, option ``recasts``: the most casts in a row one aim may take without a full
revolution; the last of them counts as a miss. Even the likeliest slide (0.65 a cast, at one's
own jetty) runs to 20 in a row once in 5,500 aims."""
MOST_RECASTS = 100


LAYOUT_FORM = "a preset (" + ", ".join(PRESETS) + ") or 5 card centres 'x,y;x,y;…' in mm"


def _layout(text: str) -> str | tuple[Point, ...]:
    """A preset name, or 5 card centres written ``x,y;x,y;…`` in mm."""
    if text in PRESETS:
        return text
    pairs = [pair.split(",") for pair in text.split(";")]
    if any(len(pair) != 2 for pair in pairs):
        raise ValueError(LAYOUT_FORM)
    points = tuple(
        (decimal_from_text(x, "a card centre"), decimal_from_text(y, "a card centre"))
        for x, y in pairs
    )
    problem = check_layout(points)
    if problem:
        raise ValueError(problem)
    return points


def _check_layout(value: Any) -> str | None:
    """A layout read from text, or from a record: a preset name or 5 ``[x, y]`` centres in mm."""
    if isinstance(value, str):
        return None if value in PRESETS else f"expected {LAYOUT_FORM}, not {described(value)}"
    if not (
        isinstance(value, list | tuple)
        and all(isinstance(point, list | tuple) and len(point) == 2 for point in value)
    ):
        return f"expected {LAYOUT_FORM}, not {described(value)}"
    try:
        points = tuple((decimal(x, "a card centre"), decimal(y, "a card centre")) for x, y in value)
    except AnglerError as exc:
        return str(exc)
    return check_layout(points)


def _skills(text: str) -> tuple[float, ...]:
    """Skill per seat: names (expert, good, fair, novice) or factors, separated by commas."""
    out = []
    for part in text.split(","):
        part = part.strip()
        factor = SKILLS.get(part)
        if factor is None:
            factor = decimal_from_text(part, "a skill factor", *SKILL_FACTORS)
        out.append(factor)
    return tuple(out)


def _check_skills(value: Any) -> str | None:
    """Skills read from text, or from a record: a name, or a list of 1 to 4 factors (0.1–3)."""
    if isinstance(value, str):
        return None if value in SKILLS else f"expected a skill or factors, not {described(value)}"
    if not isinstance(value, list | tuple):
        return f"expected a skill or 1 to 4 factors (one per seat), not {described(value)}"
    if not 1 <= len(value) <= 4:
        return f"expected a skill or 1 to 4 factors (one per seat), not {len(value)} values"
    try:
        for factor in value:
            decimal(factor, "a skill factor", *SKILL_FACTORS)
    except AnglerError as exc:
        return str(exc)
    return None


class FlipAndFishGame(CardGame[FlipAndFishState, FlipAndFishView]):
    name = "flip-and-fish"
    event_types = EVENT_TYPES
    title = "Flip & Fish"
    summary = "Flick a D12 at face-down fish; catch trophies, shop for gear."
    min_players = 2
    max_players = 4
    default_players = 3
    mini_players = MINI_PLAYERS
    variants = ({}, {"size": "mini"})
    options = (
        CARDS_OPTION,
        Option(
            "layout",
            "cross",
            "water layout: " + ", ".join(PRESETS) + ", or 'x,y;…' in mm",
            parse=_layout,
            check=_check_layout,
        ),
        Option(
            "rounds",
            100,
            "closing time: after this many rounds without a winner, most trophies wins",
            parse=lambda text: whole_from_text(text, "a round limit", 1, 1000),
            check=lambda value: (
                None
                if is_whole(value) and 1 <= value <= 1000
                else f"a round limit is 1 to 1000, not {described(value)}"
            ),
        ),
        Option(
            "recasts",
            RECASTS,
            "casts in a row without a full revolution before the last counts as a miss",
            parse=lambda text: whole_from_text(text, "a recast limit", 1, MOST_RECASTS),
            check=lambda value: (
                None
                if is_whole(value) and 1 <= value <= MOST_RECASTS
                else f"a recast limit is 1 to {MOST_RECASTS}, not {described(value)}"
            ),
        ),
        Option(
            "skill",
            "fair",
            "cast skill per seat (expert, good, fair, novice or a factor; "
            "one value for all or comma-separated by seat)",
            parse=_skills,
            check=_check_skills,
        ),
        size_option(
            "2 players, a water of 2 from 4 fishing cards, casts that always reach the card "
            "aimed at with a D4, no shop, one trophy wins, 2 rounds (a small variant for exact "
            "methods, docs/rules/flip-and-fish.md)"
        ),
    )

    encoding: FlipAndFishEncoding  # always set: callers get its own type, not Encoding | None

    def __init__(self, /, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.mini = self.settings["size"] == "mini"
        self.cards: CardSet = load_cards(
            self.settings["cards"] or (str(MINI_CARDS) if self.mini else None)
        )
        layout = self.settings["layout"]
        self.table = Table.for_players(self.players, layout)
        skills = self.settings["skill"]
        if isinstance(skills, str):
            skills = _skills(skills)
        if len(skills) not in (1, self.players):
            raise OptionError(f"give 1 skill or {self.players} (one per seat), not {len(skills)}")
        self.skills: tuple[float, ...] = tuple(float(s) for s in skills) * (
            self.players if len(skills) == 1 else 1
        )
        self.round_limit: int = self.settings["rounds"]
        self.recast_limit: int = self.settings["recasts"]
        # The mini's rulings (docs/rules/flip-and-fish.md, "The mini variant"): 2 water cards,
        # one trophy wins, at most 2 rounds, no deck rebuilt, and every cast counts.
        self.water_slots = MINI_WATER if self.mini else WATER
        self.trophies_needed = MINI_TROPHIES if self.mini else (3 if self.players == 2 else 2)
        self.rebuilds_deck = not self.mini
        self.mini_aims: tuple[int, ...] = ()
        if self.mini:
            self.round_limit = min(self.round_limit, MINI_ROUNDS)
            self.recast_limit = 1
            check_mini(self)
            self.mini_aims = aim_codes(self)
        elif self.cards.size == "mini":
            raise OptionError(
                f"card file {self.cards.source} is for the mini variant: add -o size=mini"
            )
        elif len(self.cards.fishing_ids) < 10:
            raise AnglerError(f"card file {self.cards.source}: too few fishing cards to play")
        self.search = FlipAndFishSearch(self)
        self.presentation = FlipAndFishPresentation(self)
        self.statistics = FlipAndFishStatistics(self)
        self.encoding = FlipAndFishEncoding(self)

    def chance_deals(self) -> list[tuple[float, dict[str, Any]]] | None:
        """The mini variant's deals; None for the full game (its chance is drawn)."""
        return mini_deals(self) if self.mini else None

    def chance_events_listed(self) -> int:
        """The mini's casts list their faces (``mini.cast_outcomes``), its only chance after
        the deal; the full game's casts are continuous."""
        return MINI_DIE if self.mini else 0

    def options_for_seats(self, kinds: Sequence[str]) -> dict[str, str]:
        """A difficulty level casts as well as it plays: easy like a novice, normal fair, hard
        good; people and other agents cast fair. Nothing changes when no seat is a level."""
        if not any(kind in LEVEL_SKILLS for kind in kinds):
            return {}
        return {"skill": ",".join(LEVEL_SKILLS.get(kind, "fair") for kind in kinds)}

    def skill(self, seat: int) -> float:
        return self.skills[seat]

    def new_state(self, seed: int) -> FlipAndFishState:
        state = FlipAndFishState(self, Chance(seed))
        state.set_up()
        return state

    # A record keeps where every cast stopped, so replays never re-simulate: casts and rerolls
    # are whole numbers in "outcomes"; its "chance" (deck reshuffles) names cards top card first,
    # as in the other games (CardGame's hooks).
    records_outcomes = True

    def state_from_setup(self, setup: Mapping[str, Any], seed: int) -> FlipAndFishState:
        return state_from_setup(self, setup, seed)

    setup_model = FlipAndFishSetup  # its set-ups' JSON Schema (docs/schemas)
    card_file_model = CardFile  # its card files' JSON Schema (docs/schemas)

    def setup_of(self, state: FlipAndFishState) -> dict[str, Any]:
        return setup_of(state)

    def action_to_string(self, action: int) -> str:
        return act.action_to_string(self.cards, action)

    def action_from_string(self, text: str) -> int:
        return act.action_from_string(self.cards, text)

    def secrets(self, state: FlipAndFishState) -> Any:
        """The face-down water and the decks' orders are hidden from every seat alike."""
        return tuple(state.water), tuple(state.deck), tuple(state.shop_deck)
