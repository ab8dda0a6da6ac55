"""Crazy Fishing's declaration (name, player counts, options) and its rules-and-records hooks;
the hooks for search, presentation and statistics are wired here from this folder's modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from angler.core.chance import Chance
from angler.core.errors import AnglerError, OptionError
from angler.core.game import (
    CARDS_OPTION,
    CardGame,
    Option,
    check_text,
    check_true_or_false,
    size_option,
)
from angler.core.numbers import described, is_whole, whole_from_text
from angler.games.crazy_fishing.actions import action_from_string, action_to_string
from angler.games.crazy_fishing.cards import BAIT, FISH, ROD, CardFile, CardSet, load_cards
from angler.games.crazy_fishing.encoding import CrazyFishingEncoding
from angler.games.crazy_fishing.events import EVENT_TYPES
from angler.games.crazy_fishing.mini import (
    MINI_CARDS,
    MINI_PLAYERS,
    check_mini_cards,
    mini_deals,
    sea_groups,
)
from angler.games.crazy_fishing.presentation import CrazyFishingPresentation
from angler.games.crazy_fishing.rules import END_AT, CrazyFishingState
from angler.games.crazy_fishing.search import CrazyFishingSearch
from angler.games.crazy_fishing.setup import (
    MAX_ROUND,
    CrazyFishingSetup,
    setup_of,
    state_from_setup,
)
from angler.games.crazy_fishing.statistics import CrazyFishingStatistics
from angler.games.crazy_fishing.view import CrazyFishingView


def _read_bool(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise ValueError("expected true or false")


def _check_rounds(value: Any) -> str | None:
    """A round limit from a record: a whole number from 1 to ``MAX_ROUND``."""
    if is_whole(value) and 1 <= value <= MAX_ROUND:
        return None
    return f"a round limit is 1 to {MAX_ROUND}, not {described(value)}"


# The rulebook's deal: 3 rods and 3 baits each; the mini deals 2 and 2.
DEAL = {"full": (3, 3), "mini": (2, 2)}
MINI_ROUNDS = 2


class CrazyFishingGame(CardGame[CrazyFishingState, CrazyFishingView]):
    name = "crazy-fishing"
    title = "Crazy Fishing"
    summary = "Secret simultaneous casts, then fish from a loose pile of round cards."
    min_players = 2
    max_players = 6
    default_players = 4
    mini_players = MINI_PLAYERS
    variants = ({}, {"out_of_series": "all", "oos_rods": True}, {"size": "mini"})
    event_types = EVENT_TYPES
    options = (
        CARDS_OPTION,
        Option(
            "out_of_series",
            "none",
            "out-of-series fish to add, each replacing an ordinary fish of its size: "
            "'none', 'all', or names separated by commas (e.g. Prawn,Crab)",
            check=check_text,
        ),
        Option(
            "oos_rods",
            False,
            "add the 2 out-of-series rods, removing 2 ordinary rods of the same speed",
            parse=_read_bool,
            check=check_true_or_false,
        ),
        Option(
            "rounds",
            100,
            "closing time: after this many rounds the game ends as if the sea had run out "
            "(scored as usual, highest wins)",
            parse=lambda text: whole_from_text(text, "a round limit", 1, MAX_ROUND),
            check=_check_rounds,
        ),
        size_option(
            "2 players, 5 rods, 4 baits and 3 fish in a row, 2 rounds without a collect, "
            "chance only in the deal (a small variant for exact methods, "
            "docs/rules/crazy-fishing.md)"
        ),
    )

    encoding: CrazyFishingEncoding  # always set: callers get its own type, not Encoding | None

    def __init__(self, /, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.mini = self.settings["size"] == "mini"
        self.cards: CardSet = load_cards(
            self.settings["cards"] or (str(MINI_CARDS) if self.mini else None)
        )
        self.round_limit: int = self.settings["rounds"]  # closing time (ruling 26)
        # The mini's rulings (docs/rules/crazy-fishing.md, "The mini variant"): a smaller deal,
        # no collect (the hands dealt last the game), two rounds, and the game goes on until
        # then unless the sea is empty; its fish lie in a row (``sea.row_outcome``).
        self.deal_rods, self.deal_baits = DEAL[self.settings["size"]]
        self.collects = not self.mini
        self.end_at = 0 if self.mini else END_AT
        if self.mini:
            self.round_limit = min(self.round_limit, MINI_ROUNDS)
        self.rods_in_play, self.baits_in_play, self.fish_in_play = self._cards_in_play()
        rods, baits = self.deal_rods * self.players, self.deal_baits * self.players
        if len(self.rods_in_play) < rods or len(self.baits_in_play) < baits:
            raise AnglerError(
                f"card file {self.cards.source}: {self.players} players need at least {rods} rods "
                f"and {baits} baits in play ({self.deal_rods} and {self.deal_baits} each), not "
                f"{len(self.rods_in_play)} and {len(self.baits_in_play)}"
            )
        if not self.fish_in_play:
            raise AnglerError(f"card file {self.cards.source}: no fish in play")
        self.mini_sea_groups = sea_groups(self) if self.mini else {}
        if self.mini:
            check_mini_cards(self)
        self.search = CrazyFishingSearch(self)
        self.presentation = CrazyFishingPresentation(self)
        self.statistics = CrazyFishingStatistics(self)
        self.encoding = CrazyFishingEncoding(self)

    def _cards_in_play(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The rulebook's set-up: no 3+ cards with 2 players; the chosen out-of-series cards."""
        cards = self.cards.cards
        keep = [c for c in cards if not (self.players == 2 and c.three_plus)]
        rods = [c.id for c in keep if c.kind == ROD and not c.out_of_series]
        baits = [c.id for c in keep if c.kind == BAIT]
        fish = [c.id for c in keep if c.kind == FISH and not c.out_of_series]
        if self.settings["oos_rods"]:
            for extra in (c for c in keep if c.kind == ROD and c.out_of_series):
                twin = next(
                    (
                        r
                        for r in rods
                        if cards[r].special is None
                        and not cards[r].plus
                        and cards[r].value == extra.value
                    ),
                    None,
                )
                if twin is None:
                    raise OptionError(
                        f"no ordinary rod of speed {extra.value} to swap for {extra.name}"
                    )
                rods.remove(twin)
                rods.append(extra.id)
        for extra in self._chosen_oos_fish():
            twin = next(
                (f for f in fish if cards[f].special is None and cards[f].value == extra.value),
                None,
            )
            if twin is None:
                raise OptionError(
                    f"no ordinary fish of size {extra.value} to swap for {extra.name}"
                )
            fish.remove(twin)
            fish.append(extra.id)
        return tuple(rods), tuple(baits), tuple(fish)

    def _chosen_oos_fish(self) -> list[Any]:
        wanted = str(self.settings["out_of_series"]).strip()
        pool = [c for c in self.cards.cards if c.kind == FISH and c.out_of_series]
        if wanted in ("", "none"):
            return []
        if wanted == "all":
            return pool
        chosen = []
        for name in (part.strip() for part in wanted.split(",")):
            match = [c for c in pool if name in (c.name, c.type_name) and c not in chosen]
            if not match:
                names = ", ".join(sorted({c.type_name for c in pool}))
                raise OptionError(f"no out-of-series fish {name!r} left (out-of-series: {names})")
            chosen.append(match[0])
        return chosen

    def new_state(self, seed: int) -> CrazyFishingState:
        state = CrazyFishingState(self, Chance(seed))
        state.set_up()
        return state

    def state_from_setup(self, setup: Mapping[str, Any], seed: int) -> CrazyFishingState:
        return state_from_setup(self, setup, seed)

    setup_model = CrazyFishingSetup  # its set-ups' JSON Schema (docs/schemas)
    card_file_model = CardFile  # its card files' JSON Schema (docs/schemas)

    def setup_of(self, state: CrazyFishingState) -> dict[str, Any]:
        return setup_of(state)

    def chance_deals(self) -> list[tuple[float, dict[str, Any]]] | None:
        """The mini variant's deals (its only chance); None for the full game."""
        return mini_deals(self) if self.mini else None

    def action_to_string(self, action: int) -> str:
        # The card set's memo read here first: a payload asks for each legal action's text.
        text = self.cards.action_texts.get(action) if type(action) is int else None
        return text if text is not None else action_to_string(self.cards, action)

    def action_from_string(self, text: str) -> int:
        return action_from_string(self.cards, text)
