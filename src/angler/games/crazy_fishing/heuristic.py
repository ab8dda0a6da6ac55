"""A Crazy Fishing player that plays the way a sensible person does, from its view alone.

- **Read the backs.** A face-down fish is worth what the fish still unaccounted for with the same
  back would give on average (fish caught, removed, or seen face up are struck off): a back of
  `2-4` holds a 2, 3 or 4 in proportion to those left.
- **Balance speed against bait.** A cast is worth the best fish its bait can expect to land, plus a
  little for speed (a faster rod chooses first), minus the cards it spends beyond one of each.
- **Keep both rods and baits in hand:** it draws whichever it holds fewer of, so it can always cast.
- **Know the boots and pearls:** a boot is worth little until a pair is near, pearls count double
  towards the set of three.
- **Choose the fish** with the best expected catch for the bait it cast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.cards import BAIT, FISH, ROD, CardSet
from angler.games.crazy_fishing.view import CrazyFishingView

if TYPE_CHECKING:
    from angler.games.crazy_fishing.game import CrazyFishingGame

SPEED_WEIGHT = 0.15  # points of expected catch one unit of rod speed is worth
SPEND_COST = 0.6  # points a card spent beyond one rod and one bait costs (fewer choices later)


class CrazyFishingHeuristic:
    def __init__(self, game: CrazyFishingGame) -> None:
        self.cards: CardSet = game.cards
        self.fish_ids = tuple(c for c in range(len(game.cards)) if game.cards.kind[c] == FISH)

    # ----- what fish are worth -----
    def points(self, view: CrazyFishingView, fish: int) -> float:
        """What landing ``fish`` adds to this player's score, roughly."""
        special = self.cards.special[fish]
        mine = view.piles[view.player]
        if special == "boot":
            boots = sum(1 for c in mine if self.cards.special[c] == "boot")
            return (1.0, 2.0, 0.5)[min(boots, 2)]  # the 2nd boot scores 1, the 3rd 2 more
        if special == "pearl":
            pearls = sum(1 for c in mine if self.cards.special[c] == "pearl")
            return self.cards.value[fish] + 2.0 * pearls
        return float(self.cards.value[fish])

    def unaccounted(self, view: CrazyFishingView) -> list[int]:
        known = set(view.removed) | set(view.beside)
        for pile in view.piles:
            known |= set(pile)
        known |= {face for *_, face in view.sea if face >= 0}
        return [c for c in self.fish_ids if c not in known]

    def candidates(
        self, view: CrazyFishingView, back: str, face: int, pool: list[int]
    ) -> list[int]:
        """The fish a sea card may be: its face if known, else the unaccounted fish with its
        back."""
        if face >= 0:
            return [face]
        same = [c for c in pool if self.cards.cards[c].back == back]
        return same or pool

    def expected_catch(self, view: CrazyFishingView, fish: list[int], bait: int) -> float:
        """The mean points landed by ``bait`` against one of ``fish`` (equally likely)."""
        if not fish:
            return 0.0
        value = self.cards.value
        return sum(self.points(view, c) for c in fish if bait >= value[c]) / len(fish)

    def targets(self, view: CrazyFishingView, covered_too: bool = False) -> list[list[int]]:
        pool = self.unaccounted(view)
        out = [
            self.candidates(view, back, face, pool)
            for _spot, _x, _y, covered, back, face in view.sea
            if covered_too or not covered
        ]
        out += [[fish] for fish in view.beside]
        return out

    # ----- choices -----
    def choose_cast(self, view: CrazyFishingView, legal: Sequence[int]) -> int:
        kind, value, special = self.cards.kind, self.cards.value, self.cards.special
        plain = self.targets(view)
        every = self.targets(view, covered_too=True)

        def score(code: int) -> float:
            cast = act.ids_of(code >> act.KIND_BITS)
            baits = [c for c in cast if kind[c] == BAIT]
            rods = [c for c in cast if kind[c] == ROD]
            bait = sum(value[c] for c in baits)
            reach = every if any(special[c] == "bait-bucket" for c in baits) else plain
            best = max((self.expected_catch(view, fish, bait) for fish in reach), default=0.0)
            speed = sum(value[c] for c in rods)
            return best + SPEED_WEIGHT * speed - SPEND_COST * (len(cast) - 2)

        casts = [a for a in legal if a & act.KIND_MASK == act.CAST]
        return max(casts, key=score) if casts else legal[0]

    def my_bait(self, view: CrazyFishingView) -> int:
        if view.retry_bait > 0:
            return view.retry_bait
        cast = view.casts[view.player] or view.my_cast
        return sum(self.cards.value[c] for c in act.ids_of(cast) if self.cards.kind[c] == BAIT)

    def choose_fish(self, view: CrazyFishingView, legal: Sequence[int]) -> int:
        pool = self.unaccounted(view)
        bait = self.my_bait(view)
        by_spot = {spot: (back, face) for spot, _x, _y, _c, back, face in view.sea}

        def score(code: int) -> float:
            kind, argument = code & act.KIND_MASK, code >> act.KIND_BITS
            if kind == act.SEA:
                back, face = by_spot[argument]
                return self.expected_catch(view, self.candidates(view, back, face, pool), bait)
            if kind == act.BESIDE:
                return self.expected_catch(view, [argument], bait)
            return -0.01  # skip only when nothing is worth a try

        return max(legal, key=score)

    def choose_peek(self, view: CrazyFishingView, legal: Sequence[int]) -> int:
        """Look at the unknown uncovered fish with the widest range of sizes."""
        unknown = {spot for spot, _x, _y, covered, back, face in view.sea if face < 0}
        peeks = [
            a for a in legal if a & act.KIND_MASK == act.PEEK and a >> act.KIND_BITS in unknown
        ]
        if not peeks:
            return act.code(act.SKIP)
        backs = {spot: back for spot, _x, _y, _c, back, _f in view.sea}
        return max(peeks, key=lambda a: (backs[a >> act.KIND_BITS] == "?", a))

    def choose_split(self, view: CrazyFishingView, legal: Sequence[int]) -> int:
        """Both fish lie face up: the split of the baits that lands the most points."""
        if len(view.flipped) != 2:
            return legal[0]
        first, second = view.flipped
        value = self.cards.value
        total = self.my_bait(view)

        def landed(code: int) -> float:
            bait = sum(value[c] for c in act.ids_of(code >> act.KIND_BITS))
            return (bait >= value[first]) * self.points(view, first) + (
                total - bait >= value[second]
            ) * self.points(view, second)

        return max(legal, key=landed)

    def choose_draw(self, view: CrazyFishingView, legal: Sequence[int]) -> int:
        me = view.player
        want_rod = view.rods_held[me] <= view.baits_held[me]
        rod, bait = act.code(act.DRAW, 0), act.code(act.DRAW, 1)
        first, second = (rod, bait) if want_rod else (bait, rod)
        return first if first in legal else second if second in legal else legal[0]

    def act(self, view: CrazyFishingView, legal: Sequence[int]) -> int:
        phase = view.phase
        if phase == "cast":
            return self.choose_cast(view, legal)
        if phase in ("choose", "retry"):
            return self.choose_fish(view, legal)
        if phase == "peek":
            return self.choose_peek(view, legal)
        if phase == "split":
            return self.choose_split(view, legal)
        if phase == "collect":
            return self.choose_draw(view, legal)
        if phase == "turbulent":
            return act.code(act.TURBULENT, 1) if act.code(act.TURBULENT, 1) in legal else legal[0]
        return legal[0]


def policy(game: CrazyFishingGame) -> CrazyFishingHeuristic:
    return CrazyFishingHeuristic(game)
