"""Flip & Fish's declaration: name, player counts, options, set-up and action texts."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from angler.core.chance import Chance
from angler.core.errors import AnglerError, OptionError
from angler.core.game import CARDS_OPTION, CardGame, Game, Option
from angler.core.registry import register
from angler.core.state import State
from angler.core.view import View
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.cards import CardSet, load_cards
from angler.games.flip_and_fish.cast import SKILLS
from angler.games.flip_and_fish.rules import AIM, TURN, FlipAndFishState
from angler.games.flip_and_fish.table import PRESETS, Point, Table, check_layout


def _layout(text: str) -> str | tuple[Point, ...]:
    """A preset name, or 5 card centres written ``x,y;x,y;…`` in mm."""
    if text in PRESETS:
        return text
    try:
        points = tuple(
            (float(x), float(y)) for x, y in (pair.split(",") for pair in text.split(";"))
        )
    except ValueError:
        names = ", ".join(PRESETS)
        raise ValueError(f"a preset ({names}) or 5 card centres 'x,y;x,y;…' in mm") from None
    problem = check_layout(points)
    if problem:
        raise ValueError(problem)
    return points


def _skills(text: str) -> tuple[float, ...]:
    """Skill per seat: names (expert, good, fair, novice) or factors, separated by commas."""
    out = []
    for part in text.split(","):
        part = part.strip()
        factor = SKILLS.get(part)
        if factor is None:
            factor = float(part)
            if not 0.1 <= factor <= 3:
                raise ValueError(f"a skill factor lies between 0.1 and 3, not {part}")
        out.append(factor)
    return tuple(out)


@register
class FlipAndFishGame(CardGame):
    name = "flip-and-fish"
    title = "Flip & Fish"
    summary = "Flick a D12 at face-down fish; catch trophies, shop for gear."
    min_players = 2
    max_players = 4
    default_players = 3
    options = (
        CARDS_OPTION,
        Option(
            "layout",
            "cross",
            "water layout: " + ", ".join(PRESETS) + ", or 'x,y;…' in mm",
            parse=_layout,
        ),
        Option(
            "rounds",
            100,
            "closing time: after this many rounds without a winner, most trophies wins",
            parse=int,
            check=lambda value: (
                None
                if isinstance(value, int) and 1 <= value <= 1000
                else f"a round limit is 1 to 1000, not {value!r}"
            ),
        ),
        Option(
            "skill",
            "fair",
            "cast skill per seat (expert, good, fair, novice or a factor; "
            "one value for all or comma-separated by seat)",
            parse=_skills,
        ),
    )

    def __init__(self, players: int | None = None, **options: Any) -> None:
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

    records_outcomes = True  # a record keeps where every cast stopped: replays never re-simulate

    # Casts are chance outcomes of numbers (where the die stopped, its face): keep whole numbers.
    chance_to_json = Game.chance_to_json
    chance_from_json = Game.chance_from_json

    def render_view(self, view: View) -> str:
        from angler.games.flip_and_fish.view import FlipAndFishView, render

        assert isinstance(view, FlipAndFishView)
        return render(view, self.cards, self.table)

    def menu(self, view: View, legal: Sequence[int]) -> tuple[list[int], str]:
        from angler.games.flip_and_fish.view import FlipAndFishView, menu

        assert isinstance(view, FlipAndFishView)
        return menu(view, self.table)

    def search_actions(self, state: State, player: int) -> Sequence[int]:
        """While aiming, a search weighs an aim at the middle of each water card and at its near
        edge (towards the jetty), not all 8,281 points of the table."""
        assert isinstance(state, FlipAndFishState)
        legal = state.legal_actions(player)
        if state.phase != AIM or player != state.turn:
            return legal
        # In the aim phase the legal list is an AimList: its ``extra`` holds every non-cast action.
        others = legal.extra if isinstance(legal, act.AimList) else ()
        return [*search_aims(self.table, player, state.water), *others]

    def playout_action(
        self, state: State, player: int, legal: Sequence[int], rnd: Callable[[], float]
    ) -> int:
        """Playouts fish (no bait) and aim at a water card; other choices are random."""
        assert isinstance(state, FlipAndFishState)
        if state.phase == AIM:
            aims = search_aims(self.table, player, state.water)
            return aims[int(rnd() * len(aims))] if aims else legal[0]
        if state.phase == TURN and rnd() < 0.8 and act.code(act.FISH) in legal:
            return act.code(act.FISH)
        return legal[int(rnd() * len(legal))]

    def playout_horizon(self, state: State) -> int | None:
        """About two rounds of turns: far enough for a bite to become a catch."""
        return 8 * self.players

    def evaluate(self, state: State) -> list[float]:
        """For search: trophies held count most, then the fish that can become bait."""
        assert isinstance(state, FlipAndFishState)
        if state.is_terminal():
            return super().evaluate(state)
        need = state.trophies_to_win()
        cards = self.cards
        return [
            min(1.0, (trophies + 0.03 * sum(cards.bait[c] for c in pile)) / need)
            for trophies, pile in zip(state.scores(), state.caught, strict=True)
        ]

    def secrets(self, state: State) -> Any:
        """The face-down water and the decks' orders are hidden from every seat alike."""
        assert isinstance(state, FlipAndFishState)
        return tuple(state.water), tuple(state.deck), tuple(state.shop_deck)

    def tally(self, state: State) -> dict[str, float]:
        assert isinstance(state, FlipAndFishState)
        events = [e for e in state.log if len(e) > 2]
        counts: dict[str, float] = {"turns": float(state.turns + 1)}
        for kind in ("catch", "got-away", "miss", "snag", "strike", "boot", "stocktake", "equip"):
            counts[kind] = float(sum(1 for e in events if e[1] == kind))
        winners = state.winners()
        counts["first player won"] = float(0 in winners) / len(winners)
        counts["ended at closing time"] = float(state.winner < 0)
        return counts


@lru_cache(maxsize=4096)
def _aims(table: Table, seat: int, filled: tuple[bool, ...]) -> tuple[int, ...]:
    jx, jy = table.jetties[seat]
    aims: list[int] = []
    for (x, y), full in zip(table.cards, filled, strict=True):
        if not full:
            continue
        dx, dy = jx - x, jy - y
        length = math.hypot(dx, dy) or 1.0
        near = (x + 30 * dx / length, y + 30 * dy / length)  # 30 mm towards the jetty
        for point in ((x, y), near):
            code = act.aim_code(*point)
            if code not in aims:
                aims.append(code)
    return tuple(aims)


def search_aims(table: Table, seat: int, water: list[int]) -> tuple[int, ...]:
    """The aims a search considers from ``seat``'s jetty: two per water card."""
    return _aims(table, seat, tuple(card >= 0 for card in water))
