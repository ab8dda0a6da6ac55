"""Crazy Fishing's declaration (name, player counts, options) and its hooks for search, statistics
and replays; set-up, action texts and views come from this folder's modules (``CardGame``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from angler.core.chance import Chance
from angler.core.errors import AnglerError, OptionError
from angler.core.game import CARDS_OPTION, CardGame, Option, check_text, check_true_or_false
from angler.core.registry import register
from angler.core.state import State
from angler.core.view import View, counted
from angler.games.crazy_fishing.actions import ids_of
from angler.games.crazy_fishing.cards import BAIT, FISH, ROD, CardSet, load_cards
from angler.games.crazy_fishing.events import EVENT_TYPES, NobodyCasts, SitsOut
from angler.games.crazy_fishing.rules import PHASE_NAMES, CrazyFishingState
from angler.games.crazy_fishing.view import CrazyFishingView


def _read_bool(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise ValueError("expected true or false")


@register
class CrazyFishingGame(CardGame):
    name = "crazy-fishing"
    title = "Crazy Fishing"
    summary = "Secret simultaneous casts, then fish from a loose pile of round cards."
    min_players = 2
    max_players = 6
    default_players = 4
    variants = ({}, {"out_of_series": "all", "oos_rods": True})
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
    )

    def __init__(self, /, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.cards: CardSet = load_cards(self.settings["cards"])
        self.rods_in_play, self.baits_in_play, self.fish_in_play = self._cards_in_play()
        need = 3 * self.players
        if len(self.rods_in_play) < need or len(self.baits_in_play) < need:
            raise AnglerError(
                f"card file {self.cards.source}: {self.players} players need at least {need} rods "
                f"and {need} baits in play (3 each), not {len(self.rods_in_play)} and "
                f"{len(self.baits_in_play)}"
            )
        if not self.fish_in_play:
            raise AnglerError(f"card file {self.cards.source}: no fish in play")

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

    def menu(self, view: View, legal: Sequence[int]) -> tuple[list[int], str]:
        from angler.games.crazy_fishing.view import CrazyFishingView, menu

        assert isinstance(view, CrazyFishingView)
        return menu(view, legal), ""

    def prompt(self, view: View, legal: Sequence[int]) -> str:
        from angler.games.crazy_fishing.view import CrazyFishingView, prompt

        assert isinstance(view, CrazyFishingView)
        return prompt(view, self.cards)

    def standings(self, state: State) -> list[str]:
        """Fish caught per seat, with boots and pearls."""
        assert isinstance(state, CrazyFishingState)
        special = self.cards.special
        lines = []
        for pile in state.piles:
            boots = sum(1 for c in pile if special[c] == "boot")
            pearls = sum(1 for c in pile if special[c] == "pearl")
            extras = [counted(boots, "boot")] * bool(boots) + [counted(pearls, "pearl")] * bool(
                pearls
            )
            lines.append(f"{len(pile)} fish caught" + "".join(f", {e}" for e in extras))
        return lines

    def tally(self, state: State) -> dict[str, float]:
        """Rounds, fish left, whether it ended as nobody could cast, rounds sat out, and how many
        of each kind of fish were caught."""
        assert isinstance(state, CrazyFishingState)
        counts: dict[str, float] = {
            "rounds played": float(state.round),
            "fish left in the sea": float(len(state.sea_fish()) + len(state.beside)),
            "ended as nobody could cast": float(any(type(e) is NobodyCasts for e in state.events)),
            "rounds sat out": float(sum(1 for e in state.events if type(e) is SitsOut)),
        }
        for pile in state.piles:
            for fish in pile:
                key = f"caught {self.cards.cards[fish].type_name}"
                counts[key] = counts.get(key, 0.0) + 1
        return counts

    def progress(self, state: State) -> dict[str, Any]:
        """The round (a cast by everyone, then the catches) and its phase: cast, turbulent,
        peek, choose, split, retry, collect, or over."""
        assert isinstance(state, CrazyFishingState)
        return {"round": state.round, "phase": PHASE_NAMES[state.phase]}

    def view_names(self, view: View) -> dict[str, Any]:
        """Card names for the hand, casts, discards, sea faces, catch piles and fish seen, and
        the legal actions' texts. A sea fish whose face you do not know is null."""
        assert isinstance(view, CrazyFishingView)
        names = self.cards.names

        def card(card_id: int) -> str | None:
            return self.cards.cards[card_id].name if card_id >= 0 else None

        return super().view_names(view) | {
            "legal": [self.action_to_string(code) for code in view.legal],
            "hand": names(view.hand),
            "my_cast": names(ids_of(view.my_cast)),
            "casts": [names(ids_of(mask)) for mask in view.casts],
            "rod_discard": names(view.rod_discard),
            "bait_discard": names(view.bait_discard),
            "sea": [
                [spot, x, y, covered, back, card(face)]
                for spot, x, y, covered, back, face in view.sea
            ],
            "beside": names(view.beside),
            "piles": [names(pile) for pile in view.piles],
            "removed": names(view.removed),
            "flipped": [card(fish) for fish in view.flipped],
            "caught_this_round": [[seat, card(fish)] for seat, fish in view.caught_this_round],
        }
