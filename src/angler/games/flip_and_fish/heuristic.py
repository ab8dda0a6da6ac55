"""A Flip & Fish player that plays the way a sensible person does, from its view alone.

- **Fish by expected value.** Each water card's bite chance from this jetty (estimated once by
  simulating casts at its centre with the seat's skill) times what catching it is worth: a trophy
  far more than a regular fish, a face-down card the average of what it could be.
- **Bait by its odds.** Against a visible fish, the bait that best trades the chance of a catch
  against the fish spent (bait is lost on a bite); against a face-down card, none.
- **Shop, gear up, spear, stocktake.** Spear a fish in reach; buy gear while it holds little;
  restock a shop row with nothing worth buying by paying its cheapest fish; gear up used cards
  when no good cast is on offer.
- **Boosts only when they turn a bite into a catch;** a second cast when the first misses.
- **Limits:** let go of the weakest fish or gear.

The player keeps no memory between decisions: it aims where the turn's plan meant by planning
again from the aim's view (the bait announced is in it). So any copy of it, started at any
decision (a search's rollout right after a cast was announced), plays as the same player would.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from angler.core.cards import mask_of
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.aiming import bite_chances, catch_chance
from angler.games.flip_and_fish.cards import BOOT, REGULAR, TROPHY, CardSet
from angler.games.flip_and_fish.cast import Landing, measure
from angler.games.flip_and_fish.mini import MINI_DIE
from angler.games.flip_and_fish.rules import COLOUR_BONUS, SNAG, WATER
from angler.games.flip_and_fish.view import FlipAndFishView
from angler.games.flip_and_fish.worth import TROPHY_WORTH, fish_worth, gear_worth

if TYPE_CHECKING:
    from angler.games.flip_and_fish.game import FlipAndFishGame

FISHING = (TROPHY, REGULAR, BOOT)
STOCKTAKE_BELOW = 2.0  # a shop row whose best card is worth less than this is restocked
HIDDEN_CACHE = 4096  # face-down worths remembered (a rollout's few changes of the seen cards)


class FlipAndFishHeuristic:
    def __init__(self, game: FlipAndFishGame) -> None:
        self.game = game
        self.cards: CardSet = game.cards
        self.faces = MINI_DIE if game.mini else 12
        # Per fishing card: what a bare cast that bites it is worth (a constant of the deck,
        # summed over the unseen cards at every cast the player plans).
        rates = self.cards.catch_rate
        self.blind_worth = {
            c: self.fish_value(c) * self.catch_chance(0, rates[c] or 99)
            for c in self.cards.fishing_ids
        }
        self._hidden: dict[object, float] = {}

    # ----- what things are worth -----
    def fish_value(self, card: int) -> float:
        return fish_worth(self.cards, card)

    def gear_value(self, card: int) -> float:
        return gear_worth(self.cards, card)

    def bite_chance(self, seat: int) -> tuple[float, ...]:
        """Per water slot: how often a cast at its centre bites it (all slots filled); a mini
        cast always bites the card aimed at."""
        if self.game.mini:
            return (1.0,) * WATER
        return bite_chances(self.game.table, seat, self.game.skill(seat))

    def catch_chance(self, bonus: int, rate: int) -> float:
        return catch_chance(bonus, rate, self.faces)

    def bait_bonus(self, bait: Sequence[int], fish: int) -> int:
        cards = self.cards
        bonus = sum(cards.bait[c] for c in bait)
        if any(cards.colour[c] == cards.colour[fish] for c in bait):
            bonus += COLOUR_BONUS
        return bonus

    def unseen(self, view: FlipAndFishView) -> list[int]:
        seen = {c for c in view.water if c >= 0} | set(view.fish_discard)
        for pile in view.caught:
            seen |= set(pile)
        return [c for c in self.cards.fishing_ids if c not in seen]

    def hidden_worth(self, view: FlipAndFishView) -> float:
        """What a face-down card is worth on average, fished without bait."""
        pool = self.unseen(view) or list(self.cards.fishing_ids)
        blind = self.blind_worth
        return sum(blind[c] for c in pool) / len(pool)

    def hidden_worth_of(self, view: FlipAndFishView) -> float:
        """``hidden_worth``, remembered by the cards it depends on (the water, the discards and
        the catches): a rollout asks it at nearly every cast with few of them changed."""
        key = (view.water, view.fish_discard, view.caught)
        worth = self._hidden.get(key)
        if worth is None:
            if len(self._hidden) >= HIDDEN_CACHE:
                self._hidden.clear()
            worth = self._hidden[key] = self.hidden_worth(view)
        return worth

    # ----- the turn -----
    def plan_fishing(self, view: FlipAndFishView, legal: Sequence[int]) -> tuple[float, int, int]:
        """(expected gain, FISH code, target slot) of the best cast, or (-inf, -1, -1)."""
        best = (float("-inf"), -1, -1)
        options = [a for a in legal if a & 15 == act.FISH]
        if not options:
            return best
        chance = self.bite_chance(view.player)
        hidden = self.hidden_worth_of(view)
        bare = act.code(act.FISH)
        # Each option's bait and what it spends, read once rather than once per fish.
        baited = []
        for option in options:
            bait = act.ids_of(option >> 4)
            baited.append((option, bait, sum(self.fish_value(c) for c in bait)))
        for slot in range(WATER):
            card = view.water[slot]
            if card == -2:
                continue
            if card == -1:  # face down: no bait
                gain = chance[slot] * hidden
                if gain > best[0] and bare in options:
                    best = (gain, bare, slot)
                continue
            if self.cards.kind[card] == BOOT:
                continue
            worth = self.fish_value(card)
            rate = self.cards.catch_rate[card] or 99
            for option, bait, spent in baited:
                hit = self.catch_chance(self.bait_bonus(bait, card), rate)
                gain = chance[slot] * (hit * worth - spent)
                if gain > best[0]:
                    best = (gain, option, slot)
        return best

    def choose_turn(self, view: FlipAndFishView, legal: Sequence[int]) -> int:
        mine = view.gear[view.player]
        spears = [a for a in legal if a & 15 == act.USE]
        if spears:
            return max(spears, key=lambda a: self.fish_value(view.water[(a >> 4) & 7]))
        gain, fish_code, _ = self.plan_fishing(view, legal)
        choices: list[tuple[float, int]] = []
        if fish_code >= 0:
            choices.append((gain, fish_code))
        buys = [a for a in legal if a & 15 == act.BUY and a >> 4 < 3]
        if buys and len(mine) < 2:
            best_buy = max(buys, key=lambda a: self.gear_value(view.shop_row[a >> 4]))
            choices.append((0.25 * self.gear_value(view.shop_row[best_buy >> 4]), best_buy))
        stocktakes = [a for a in legal if a & 15 == act.STOCKTAKE]
        if stocktakes and len(mine) < 2 and view.shop_row:
            # The row offers nothing worth having: pay the cheapest fish for a fresh one.
            best_shown = max(self.gear_value(c) for c in view.shop_row)
            cheapest = min(stocktakes, key=lambda a: self.fish_value(a >> 4))
            if best_shown < STOCKTAKE_BELOW and self.fish_value(cheapest >> 4) < TROPHY_WORTH:
                choices.append((0.4, cheapest))  # above buying a card worth under 2
        gears = [a for a in legal if a & 15 == act.GEAR]
        if gears:
            best_gear = max(
                gears, key=lambda a: sum(self.gear_value(c) for c in act.ids_of(a >> 4))
            )
            worth = sum(self.gear_value(c) for c in act.ids_of(best_gear >> 4))
            choices.append((0.15 * worth, best_gear))
        if not choices:
            return legal[0]
        _, action = max(choices)
        return action

    def choose_aim(self, view: FlipAndFishView, legal: Sequence[int]) -> int:
        """The slot the turn's plan meant: the best cast with the bait announced, planned again
        from this view (announcing bait changes nothing else it reads); else the likeliest bite."""
        announced = act.code(act.FISH, mask_of(view.bait))
        _, _, slot = self.plan_fishing(view, [announced])
        if not 0 <= slot < WATER or view.water[slot] == -2:
            chance = self.bite_chance(view.player)
            slot = max((s for s in range(WATER) if view.water[s] != -2), key=chance.__getitem__)
        x, y = self.game.table.cards[slot]
        return act.aim_code(x, y)

    def landing_pays(self, view: FlipAndFishView) -> bool:
        """Whether the die (stopped, not yet read) bites a fish worth having."""
        assert view.landing is not None
        x, y, revolved, face = view.landing
        if face == SNAG:
            return False
        reading = measure(
            self.game.table, Landing(x, y, revolved, face), tuple(c != -2 for c in view.water)
        )
        if not reading.bite:
            return False
        card = view.water[reading.slot]
        return card == -1 or self.cards.kind[card] != BOOT

    def choose_boost(self, view: FlipAndFishView, legal: Sequence[int]) -> int:
        fish = view.water[view.bite_slot]
        rate = self.cards.catch_rate[fish] or 99
        done = act.code(act.PASS)
        if view.roll >= rate:
            return done
        for action in legal:
            if action & 15 != act.USE:
                continue
            equipment = self.cards.equipment(action >> 7)
            if equipment.effect == "roll-bonus" and view.roll + (equipment.value or 0) >= rate:
                return action
            if equipment.effect == "colour-lure" and view.bait and view.roll + COLOUR_BONUS >= rate:
                return action
            if equipment.effect == "reroll" and self.fish_value(fish) >= 2:
                return action
        return done

    def weakest(self, legal: Sequence[int]) -> int:
        """The discard that loses least."""

        def loss(action: int) -> float:
            card = action >> 4
            if self.cards.kind[card] in FISHING:
                return self.fish_value(card)
            return self.gear_value(card)

        return min((a for a in legal if a & 15 == act.DISCARD), key=loss, default=legal[0])

    def act(self, view: FlipAndFishView, legal: Sequence[int]) -> int:
        phase = view.phase
        if phase == "turn":
            return self.choose_turn(view, legal)
        if phase == "aim":
            return self.choose_aim(view, legal)
        if phase == "landed":
            second = [a for a in legal if a & 15 == act.USE]
            return second[0] if second and not self.landing_pays(view) else act.code(act.PASS)
        if phase == "boost":
            return self.choose_boost(view, legal)
        if phase == "snagged":
            guard = [a for a in legal if a & 15 == act.USE]
            return guard[0] if guard else self.weakest(legal)
        if phase in ("snap", "limit"):
            return self.weakest(legal)
        if phase == "shop":
            buys = [a for a in legal if a & 15 == act.BUY]
            if buys:
                return max(buys, key=lambda a: self.gear_value(view.shop_row[a >> 4]))
        return legal[0]


def policy(game: FlipAndFishGame) -> FlipAndFishHeuristic:
    return FlipAndFishHeuristic(game)
