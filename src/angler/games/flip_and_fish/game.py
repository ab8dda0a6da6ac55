"""Flip & Fish's declaration (name, player counts, options) and its hooks for search, statistics
and replays; set-up, action texts and views come from this folder's modules (``CardGame``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any

from angler.core.chance import Chance
from angler.core.errors import AnglerError, OptionError
from angler.core.events import kind_of, kinds
from angler.core.game import CARDS_OPTION, CardGame, Option
from angler.core.numbers import decimal, decimal_from_text, described, is_whole, whole_from_text
from angler.core.registry import register
from angler.core.state import State
from angler.core.view import View, counted
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.aiming import bite_chances, catch_chance, face_down_worth
from angler.games.flip_and_fish.cards import BOOT, CardSet, load_cards
from angler.games.flip_and_fish.cast import SKILLS
from angler.games.flip_and_fish.events import (
    EVENT_TYPES,
    Boot,
    Catch,
    Equip,
    GotAway,
    Miss,
    Snag,
    Stocktake,
    Strike,
)
from angler.games.flip_and_fish.rules import (
    AIM,
    COLOUR_BONUS,
    PHASE_NAMES,
    TURN,
    FlipAndFishState,
)
from angler.games.flip_and_fish.table import PRESETS, Point, Table, check_layout
from angler.games.flip_and_fish.worth import TROPHY_WORTH, worth_table

SKILL_FACTORS = (0.1, 3.0)  # the steadiest and the wildest cast a factor may ask for
SEARCH_AIMS = 3  # water cards a search aims at, the best by worth
GEAR_SHARE = 0.5  # equipment held counts half its worth: it helps only future casts


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


@register
class FlipAndFishGame(CardGame):
    name = "flip-and-fish"
    event_types = EVENT_TYPES
    title = "Flip & Fish"
    summary = "Flick a D12 at face-down fish; catch trophies, shop for gear."
    min_players = 2
    max_players = 4
    default_players = 3
    paired_search = True  # a cast's luck swamps the difference between two aims
    # Measured: anchored ISMCTS at 2,500 iterations (about 1 s) won 39.0% of 210 games against
    # two heuristic players (par 33.3%), not clearly more; so normal and hard play the heuristic,
    # made stronger by their steadier casts (docs/agents.md).
    search_levels = False
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
            "skill",
            "fair",
            "cast skill per seat (expert, good, fair, novice or a factor; "
            "one value for all or comma-separated by seat)",
            parse=_skills,
            check=_check_skills,
        ),
    )

    def __init__(self, /, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.cards: CardSet = load_cards(self.settings["cards"])
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
        if len(self.cards.fishing_ids) < 10:
            raise AnglerError(f"card file {self.cards.source}: too few fishing cards to play")

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

    def render_view(self, view: View) -> str:
        from angler.games.flip_and_fish.view import FlipAndFishView, render

        assert isinstance(view, FlipAndFishView)
        return render(view, self.cards, self.table)

    def menu(self, view: View, legal: Sequence[int]) -> tuple[list[int], str]:
        from angler.games.flip_and_fish.view import FlipAndFishView, menu

        assert isinstance(view, FlipAndFishView)
        return menu(view, self.table)

    def menu_label(self, view: View, action: int) -> str:
        from angler.games.flip_and_fish.view import FlipAndFishView, menu_label

        assert isinstance(view, FlipAndFishView)
        return menu_label(view, self.cards, self.table, action)

    def prompt(self, view: View, legal: Sequence[int]) -> str:
        from angler.games.flip_and_fish.view import FlipAndFishView, prompt

        assert isinstance(view, FlipAndFishView)
        return prompt(view, self.cards)

    def search_actions(self, state: State, player: int) -> Sequence[int]:
        """While aiming, a search weighs the centres of the ``SEARCH_AIMS`` water cards whose
        cast is worth most (``aim_gains``), not all 8,281 points of the table: the physics of a
        cast is known, so sampling every aim would only spread the iterations thin."""
        assert isinstance(state, FlipAndFishState)
        legal = state.legal_actions(player)
        if state.phase != AIM or player != state.turn:
            return legal
        # In the aim phase the legal list is an AimList: its ``extra`` holds every non-cast action.
        others = legal.extra if isinstance(legal, act.AimList) else ()
        gains = sorted(self.aim_gains(state, player), reverse=True)[:SEARCH_AIMS]
        centres = self.table.cards
        return [*(act.aim_code(*centres[slot]) for _, slot in gains), *others]

    def aim_gains(self, state: FlipAndFishState, seat: int) -> list[tuple[float, int]]:
        """(worth of a cast at its centre, slot) per water card, from what ``seat`` may know:
        bite chance times the fish's worth and catch chance with the bait announced; a face-down
        card counts as the deck's average."""
        cards = self.cards
        chances = bite_chances(self.table, seat, self.skills[seat])
        bait = state.bait
        bonus = sum(cards.bait[c] for c in bait)
        gains = []
        for slot, card in enumerate(state.water):
            if card < 0:
                continue
            if not state.face_up[slot]:
                gains.append((chances[slot] * face_down_worth(cards), slot))
                continue
            if cards.kind[card] == BOOT:
                gains.append((0.0, slot))
                continue
            extra = COLOUR_BONUS if any(cards.colour[c] == cards.colour[card] for c in bait) else 0
            hit = catch_chance(bonus + extra, cards.catch_rate[card] or 99)
            gains.append((chances[slot] * hit * self.worth[card], slot))
        return gains

    def playout_action(
        self, state: State, player: int, legal: Sequence[int], rnd: Callable[[], float]
    ) -> int:
        """Playouts fish (mostly without bait) and aim, mostly at the cast worth most."""
        assert isinstance(state, FlipAndFishState)
        if state.phase == AIM:
            gains = self.aim_gains(state, player)
            if not gains:
                return legal[0]
            pick = max(gains) if rnd() < 0.75 else gains[int(rnd() * len(gains))]
            return act.aim_code(*self.table.cards[pick[1]])
        if state.phase == TURN and rnd() < 0.8 and act.code(act.FISH) in legal:
            return act.code(act.FISH)
        return legal[int(rnd() * len(legal))]

    def playout_horizon(self, state: State) -> int | None:
        """About two rounds of turns: far enough for a bite to become a catch."""
        return 8 * self.players

    def evaluate(self, state: State) -> list[float]:
        """For search: the worth of what each seat holds (``worth.py``) over the trophies to win.

        Fish kept as bait and gear count for their worth, so a search does not spend them on
        a cast as if they were free."""
        assert isinstance(state, FlipAndFishState)
        if state.is_terminal():
            return super().evaluate(state)
        need = state.trophies_to_win()
        worth = self.worth
        held = [
            sum(worth[c] for c in pile) + GEAR_SHARE * sum(worth[c] for c in gear)
            for pile, gear in zip(state.caught, state.gear, strict=True)
        ]
        return [min(1.0, value / (need * TROPHY_WORTH)) for value in held]

    @cached_property
    def worth(self) -> tuple[float, ...]:
        return worth_table(self.cards)

    def secrets(self, state: State) -> Any:
        """The face-down water and the decks' orders are hidden from every seat alike."""
        assert isinstance(state, FlipAndFishState)
        return tuple(state.water), tuple(state.deck), tuple(state.shop_deck)

    def standings(self, state: State) -> list[str]:
        """Trophies and other fish caught, and gear held, per seat."""
        assert isinstance(state, FlipAndFishState)
        return [
            f"{counted(trophies, 'trophy', 'trophies')}, {len(pile) - trophies} other fish, "
            f"{len(gear)} gear"
            for trophies, pile, gear in zip(state.scores(), state.caught, state.gear, strict=True)
        ]

    def tally(self, state: State) -> dict[str, float]:
        assert isinstance(state, FlipAndFishState)
        counts: dict[str, float] = {"turns": float(state.turns + 1)}
        tracked = (Catch, GotAway, Miss, Snag, Strike, Boot, Stocktake, Equip)
        counts |= {kind: 0.0 for kind in kinds(tracked)}  # each named by its event's kind
        for event in state.events:
            if isinstance(event, tracked):
                counts[kind_of(event)] += 1
        winners = state.winners()
        counts["first player won"] = float(0 in winners) / len(winners)
        counts["ended at closing time"] = float(state.winner < 0)
        return counts

    def progress(self, state: State) -> dict[str, Any]:
        """The round (every seat's turn once; closing time comes after the ``rounds`` option),
        the turn counted over the game, and the phase: turn, aim, landed, boost, snagged, snap,
        limit, shop, or over."""
        assert isinstance(state, FlipAndFishState)
        return {
            "round": min(state.turns // self.players + 1, self.round_limit),
            "turn": state.turns + 1,
            "phase": PHASE_NAMES[state.phase],
        }

    def view_names(self, view: View) -> dict[str, Any]:
        """Card names for the water, catches, gear, shop and discards, and the legal actions'
        texts (while aiming, only those besides the casts: every point of the table may be
        cast at). A water card face down to you, or an empty slot, is null."""
        from angler.games.flip_and_fish.view import FlipAndFishView

        assert isinstance(view, FlipAndFishView)
        names = self.cards.names

        def card(card_id: int) -> str | None:
            return self.cards.cards[card_id].name if card_id >= 0 else None

        return super().view_names(view) | {
            "legal": [self.action_to_string(code) for code in view.legal],
            "water": [card(card_id) for card_id in view.water],
            "caught": [names(pile) for pile in view.caught],
            "gear": [[[card(c), up] for c, up in pile] for pile in view.gear],
            "shop_row": names(view.shop_row),
            "fish_discard": names(view.fish_discard),
            "shop_discard": names(view.shop_discard),
            "bait": names(view.bait),
        }
