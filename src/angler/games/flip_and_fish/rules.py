"""Flip & Fish's rules as a state machine: one action per turn (Fish, Shop or Gear up).

Each rule lives in one method named after it. Cards are ids into the card set; actions are integer
codes (see ``actions.py``). Seats are numbered clockwise from 0; seat 0 starts.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from angler.core.chance import Chance
from angler.core.errors import IllegalActionError
from angler.core.fields import COPY, COPY_EACH, SHARED, Fields
from angler.core.state import State
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.cards import (
    BASE_BAIT_FISH,
    BOOT,
    DISCARD,
    FLIP,
    ONGOING,
    TROPHY,
    CardSet,
    EquipmentCard,
)
from angler.games.flip_and_fish.cast import Landing, measure, throw
from angler.games.flip_and_fish.events import (
    Ability,
    Boot,
    Cast,
    Catch,
    ClosingTime,
    DeckReshuffled,
    Discard,
    Equip,
    Fish,
    Flip,
    GameEnd,
    GearUp,
    GotAway,
    Miss,
    NoBuy,
    Peek,
    Reroll,
    Rest,
    ShopOpens,
    ShopReshuffled,
    Slid,
    Snag,
    SnagCancelled,
    Speared,
    Stocktake,
    Strike,
    Turn,
    Use,
)
from angler.games.flip_and_fish.mini import MINI_TROPHY_POINTS, cast_outcomes, legal_aims
from angler.games.flip_and_fish.table import RULER, Table

if TYPE_CHECKING:
    from angler.games.flip_and_fish.game import FlipAndFishGame
    from angler.games.flip_and_fish.view import FlipAndFishView

WATER = 5
FISH_LIMIT = 5
GEAR_LIMIT = 3
SHOP_ROW = 3
STRIKE_BONUS = 2
COLOUR_BONUS = 2
SNAG = 1

TURN, AIM, LANDED, BOOST, SNAGGED, SNAP, LIMIT, SHOP_BUY, GAME_OVER = range(9)
PHASE_NAMES = ("turn", "aim", "landed", "boost", "snagged", "snap", "limit", "shop", "over")
GEAR_UP_MOST = 2  # equipment cards flipped face up by one gear-up

# When each kind of equipment is used: its effect -> the phase. Ongoing effects are never used.
USED_IN = {
    "spear": TURN,
    "flashlight": AIM,
    "second-cast": LANDED,
    "roll-bonus": BOOST,
    "reroll": BOOST,
    "colour-lure": BOOST,
    "snag-guard": SNAGGED,
}
EFFECTS_USED_IN = tuple(
    tuple(effect for effect, used in USED_IN.items() if used == phase) for phase in range(9)
)


class FlipAndFishState(State["FlipAndFishView"]):
    FIELDS: ClassVar[Fields] = {
        "bait": COPY,
        "bite_slot": SHARED,
        "bitten": COPY,
        "cards": SHARED,
        "caught": COPY_EACH,
        "deck": COPY,
        "extra_turn": SHARED,
        "face_up": COPY,
        "fish_discard": COPY,
        "flipped_now": SHARED,
        "gear": COPY_EACH,
        "landing": SHARED,
        "n": SHARED,
        "no_fishing": SHARED,
        "no_fishing_next": SHARED,
        "peeked": COPY_EACH,
        "phase": SHARED,
        "ready": COPY,
        "roll": SHARED,
        "shop_deck": COPY,
        "shop_discard": COPY,
        "shop_open": SHARED,
        "shop_pending": SHARED,
        "shop_row": COPY,
        "slid": SHARED,
        "table": SHARED,
        "turn": SHARED,
        "turns": SHARED,
        "water": COPY,
        "winner": SHARED,
    }
    __slots__ = tuple(FIELDS)

    game: FlipAndFishGame

    def __init__(self, game: FlipAndFishGame, chance: Chance) -> None:
        self._init_core(game, chance)
        self.cards: CardSet = game.cards
        n = self.n = game.players
        self.table: Table = game.table
        self.deck: list[int] = []  # fishing deck, top = end
        self.fish_discard: list[int] = []
        self.shop_deck: list[int] = []
        self.shop_discard: list[int] = []
        self.shop_row: list[int] = []
        self.shop_open = False  # laid out (the first trophy was caught before this turn)
        self.shop_pending = False  # a trophy was caught: lay the shop out next turn
        self.water: list[int] = [-1] * WATER
        self.face_up: list[bool] = [False] * WATER
        # A fish that bit and got away lies face up; its "while in water" ability then acts.
        self.bitten: list[bool] = [False] * WATER
        self.flipped_now = False  # this bite turned the fish up (an on-flip raise applies)
        self.caught: list[list[int]] = [[] for _ in range(n)]
        self.gear: list[list[int]] = [[] for _ in range(n)]
        self.ready: dict[int, bool] = {}  # equipment id -> face up (ready to use)
        self.turn = 0
        self.turns = 0
        self.phase = TURN
        self.no_fishing = -1  # the seat whose lines are tangled by a snag this turn
        self.no_fishing_next = False
        self.extra_turn = False
        self.bait: list[int] = []
        self.landing: Landing | None = None
        self.slid = 0  # casts in a row this aim that did not roll over (ruling 19)
        self.bite_slot = -1
        self.roll = 0
        self.peeked: list[list[int]] = [[] for _ in range(n)]  # water slots a Flashlight showed
        self.winner = -1

    # ----- set-up -----
    def set_up(self) -> None:
        """Shuffle both decks; lay 5 fish face down in the water. Seat 0 starts."""
        self.deck = list(self.cards.fishing_ids)
        self.shop_deck = list(self.cards.shopping_ids)
        self.chance.shuffle_all([self.deck, self.shop_deck])
        self.replenish_the_water()
        self.events.append(Turn(0, 1))

    # ----- whose decision -----
    def current_players(self) -> tuple[int, ...]:
        return () if self.phase == GAME_OVER else (self.turn,)

    def is_terminal(self) -> bool:
        return self.phase == GAME_OVER

    def scores(self) -> list[int]:
        """Trophy fish caught (the winner reaches the target); in the mini, points: 3 a trophy
        and 1 any other fish, so closing time's tie on trophies goes to the most fish."""
        trophy = self.cards.is_trophy.__getitem__
        trophies = [sum(map(trophy, pile)) for pile in self.caught]
        if self.game.mini:
            extra = MINI_TROPHY_POINTS - 1
            return [len(pile) + extra * t for pile, t in zip(self.caught, trophies, strict=True)]
        return trophies

    def trophies(self, seat: int) -> int:
        return sum(map(self.cards.is_trophy.__getitem__, self.caught[seat]))

    def trophies_to_win(self) -> int:
        """3 with 2 players, 2 with 3 or 4; 1 in the mini."""
        return self.game.trophies_needed

    # ----- equipment helpers -----
    def owned(self, seat: int, effect: str) -> list[int]:
        gear = self.gear[seat]
        if not gear:  # most seats hold none, most of the time: skip the scan
            return []
        effects = self.cards.effect
        return [c for c in gear if effects[c] == effect]

    def usable(self, seat: int, effect: str) -> list[int]:
        """Equipment with ``effect`` that ``seat`` may use now (face up, or ongoing)."""
        if not self.gear[seat]:
            return []
        return [c for c in self.owned(seat, effect) if self.ready.get(c, True)]

    def ongoing_total(self, seat: int, effect: str) -> int:
        """The sum of the values of ``seat``'s ongoing cards with ``effect`` (0 if none)."""
        gear = self.gear[seat]
        if not gear:
            return 0
        cards = self.cards
        return sum(
            cards.value[c] for c in gear if cards.effect[c] == effect and cards.kind[c] == ONGOING
        )

    def _equipment(self, card: int) -> EquipmentCard:
        return self.cards.equipment(card)

    def spend(self, seat: int, card: int) -> None:
        """Use an equipment card: a discard card goes to the shop discard, a flip card turns face
        down (it must be geared up again), an ongoing card stays."""
        kind = self._equipment(card).kind
        self.events.append(Use(seat, card))
        if kind == DISCARD:
            self.gear[seat].remove(card)
            self.ready.pop(card, None)
            self.shop_discard.append(card)
        elif kind == FLIP:
            self.ready[card] = False

    # ----- legal actions: each rule one method, used here and by legality.why_illegal -----
    def _legal_actions(self, player: int) -> list[int]:
        if player != self.turn or self.phase == GAME_OVER:
            return []
        phase = self.phase
        if phase == TURN:
            return self.turn_options(player)
        if phase == AIM:
            if self.game.mini:
                return legal_aims(self)
            lights = tuple(
                act.code(act.USE, light * 8 + slot)
                for light in self.usable(player, "flashlight")
                for slot in range(WATER)
                if self.flashlight_target(slot)
            )
            return act.aims_and(lights) if lights else act.ALL_AIMS
        if phase in (LANDED, BOOST):
            return [*self.untargeted_uses(player), act.code(act.PASS)]
        if phase == SNAGGED:
            guard = self.untargeted_uses(player)
            return guard + [act.code(act.DISCARD, c) for c in self.gear[player]]
        if phase == SNAP:
            return [act.code(act.DISCARD, c) for c in self.gear[player]]
        if phase == LIMIT:
            return self.limit_options(player)
        if phase == SHOP_BUY:  # after a stocktake: "you may" buy one of the new displayed cards
            return [
                *(act.code(act.BUY, slot) for slot in range(len(self.shop_row))),
                act.code(act.PASS),
            ]
        return []

    def untargeted_uses(self, seat: int) -> list[int]:
        """The equipment ``seat`` may use now that takes no water slot (see ``USED_IN``)."""
        return [
            act.code(act.USE, c * 8 + act.NO_SLOT)
            for effect in EFFECTS_USED_IN[self.phase]
            for c in self.usable(seat, effect)
        ]

    def lines_tangled(self, seat: int) -> bool:
        """A snag in a 3- or 4-player game tangles the next player's lines: no fishing."""
        return seat == self.no_fishing

    def baitable(self, seat: int) -> list[int]:
        """Bait is announced from your caught fish that have a bait rating."""
        bait = self.cards.bait
        return [c for c in self.caught[seat] if bait[c] > 0]

    def bait_limit(self, seat: int) -> int:
        """Up to 3 bait fish, more with extra-bait equipment."""
        return BASE_BAIT_FISH + self.ongoing_total(seat, "extra-bait")

    def payable(self, seat: int) -> list[int]:
        """The caught fish you may pay at a stocktake or discard: any but a Carp."""
        carp = self.cards.carp
        return [c for c in self.caught[seat] if not carp[c]]

    def used_equipment(self, seat: int) -> list[int]:
        """Used equipment lies face down until geared up (ongoing cards are never used)."""
        return [c for c in self.gear[seat] if not self.ready.get(c, True)]

    def can_lucky_dip(self) -> bool:
        """A lucky dip draws from the shopping deck, or its reshuffled discard pile."""
        return bool(self.shop_deck or self.shop_discard)

    def flashlight_target(self, slot: int) -> bool:
        """A Flashlight looks at a face-down card in the water."""
        return self.water[slot] >= 0 and not self.face_up[slot]

    def spear_target(self, slot: int, reach: int) -> bool:
        """A Spear takes a face-up fish (not a boot) whose catch rate is within its reach."""
        fish = self.water[slot]
        return (
            fish >= 0
            and self.face_up[slot]
            and self.cards.kind[fish] != BOOT
            and self.catch_rate(slot) <= reach
        )

    def discards_fish_first(self, seat: int) -> bool:
        """Over the fish limit with a fish that may go (Carp stay): discard fish first."""
        return self.fish_over(seat) > 0 and bool(self.payable(seat))

    def bait_options(self, seat: int) -> list[int]:
        """Up to 3 caught fish with a bait rating (more with extra-bait equipment)."""
        baitable = self.baitable(seat)
        most = self.bait_limit(seat)
        return [
            act.code(act.FISH, sum(1 << c for c in group))
            for size in range(min(most, len(baitable)) + 1)
            for group in combinations(baitable, size)
        ]

    def buy_options(self) -> list[int]:
        options = [act.code(act.BUY, slot) for slot in range(len(self.shop_row))]
        if self.can_lucky_dip():
            options.append(act.code(act.BUY, 3))
        return options

    def turn_options(self, seat: int) -> list[int]:
        options: list[int] = []
        if not self.lines_tangled(seat):
            options += self.bait_options(seat)
        if self.shop_open:
            options += self.buy_options()
            options += [act.code(act.STOCKTAKE, c) for c in self.payable(seat)]
        if not self.gear[seat]:  # no equipment: nothing to gear up or spear with
            return options or [act.code(act.PASS)]
        used = self.used_equipment(seat)
        options += [
            act.code(act.GEAR, sum(1 << c for c in group))
            for size in range(1, GEAR_UP_MOST + 1)
            for group in combinations(used, size)
        ]
        for spear in self.usable(seat, "spear"):
            reach = self._equipment(spear).value or 0
            options += [
                act.code(act.USE, spear * 8 + slot)
                for slot in range(WATER)
                if self.spear_target(slot, reach)
            ]
        return options or [act.code(act.PASS)]  # nothing possible: the turn passes

    def limit_options(self, seat: int) -> list[int]:
        if self.discards_fish_first(seat):
            return [act.code(act.DISCARD, c) for c in self.payable(seat)]
        # Only Carp over the fish limit (they stay): the equipment limit is what remains.
        return [act.code(act.DISCARD, c) for c in self.gear[seat]]

    # ----- why an action is illegal (legality.py names the rule) -----
    def _why_illegal(self, player: int, action: int) -> IllegalActionError:
        from angler.games.flip_and_fish.legality import why_illegal

        return why_illegal(self, player, action)

    # ----- applying actions -----
    def _apply_action(self, player: int, action: int) -> None:
        kind, argument = action & 15, action >> 4
        if kind == act.CAST:
            self.cast_your_line(player, act.aim_point(argument))
        elif kind == act.FISH:
            self.announce_bait(player, act.ids_of(argument))
        elif kind == act.BUY:
            self.buy(player, argument)
        elif kind == act.STOCKTAKE:
            self.stocktake(player, argument)
        elif kind == act.GEAR:
            self.gear_up(player, act.ids_of(argument))
        elif kind == act.USE:
            self.use_equipment(player, argument >> 3, argument & 7)
        elif kind == act.DISCARD:
            self.discard_card(player, argument)
        else:
            self.done(player)

    # ----- Fish -----
    def announce_bait(self, seat: int, bait: list[int]) -> None:
        self.bait = bait
        self.events.append(Fish(seat, tuple(bait)))
        self.slid = 0
        self.phase = AIM

    def cast_your_line(self, seat: int, aim: tuple[float, float]) -> None:
        """Flick the die from your jetty; a cast that does not revolve is made again, up to the
        recast limit (ruling 19): the last of that many is a miss."""
        base = skill = self.game.skill(seat)
        for card in self.owned(seat, "steady-hand"):  # each card narrows the spread in turn
            skill *= 1 - min(90, self._equipment(card).value or 0) / 100
        skill = max(skill, 0.1 * base)  # never below a tenth of the caster's own spread
        origin = self.table.jetties[seat]
        if self.game.mini:
            outcome = self.mini_cast(seat, aim)
        else:
            outcome = self.chance.outcome(lambda rng: throw(origin, aim, skill, rng).as_outcome())
        landing = Landing.from_outcome(outcome)
        self.events.append(Cast(seat, aim, (landing.x, landing.y), landing.revolved, landing.face))
        if not landing.revolved:
            self.slid += 1
            if self.slid >= self.game.recast_limit:
                self.die_never_turned_over(seat)
            return  # it does not count: cast again (still AIM)
        self.slid = 0
        self.landing = landing
        if self.usable(seat, "second-cast"):
            self.phase = LANDED
        else:
            self.read_the_ruler(seat)

    def mini_cast(self, seat: int, aim: tuple[float, float]) -> list[int]:
        """The mini's cast (``mini.py``): aimed at a water card's centre, it rests beside that
        card and only its D4 face is chance, listed for exact methods."""
        slot = self.game.mini_aims.index(act.aim_code(*aim))
        outcomes = cast_outcomes(self.game, seat, slot)
        outcome = self.chance.outcome(
            lambda rng: outcomes[rng.randrange(len(outcomes))][1], lambda: outcomes
        )
        if not any(outcome == listed for _, listed in outcomes):
            raise ValueError(f"a mini cast at water card {slot + 1} is one of {outcomes}")
        return outcome

    def die_never_turned_over(self, seat: int) -> None:
        """Ruling 19: the recast limit's cast in a row without a full revolution is a miss, as
        one the ruler finds no card for: no card flips, the bait is kept and the turn ends."""
        self.events.append(Slid(seat, self.slid))
        self.slid = 0
        self.end_of_turn(seat)

    def read_the_ruler(self, seat: int) -> None:
        landing = self.landing
        assert landing is not None
        if landing.face == SNAG:
            self.snag(seat)
            return
        ruler = RULER + self.ongoing_total(seat, "longer-ruler")
        reading = measure(self.table, landing, tuple(c >= 0 for c in self.water), ruler)
        if not reading.bite:
            self.events.append(Miss(seat, reading.slot))
            self.end_of_turn(seat)
            return
        slot = reading.slot
        fish = self.water[slot]
        self.bite_slot = slot
        self.flipped_now = not self.face_up[slot]
        if not self.face_up[slot]:
            self.face_up[slot] = True
            self.events.append(Flip(seat, slot, fish))
            if self.cards.kind[fish] != BOOT:
                self.on_flip(seat, slot, fish)
        if self.cards.kind[fish] == BOOT:
            self.events.append(Boot(seat, slot))
            self.end_of_turn(seat)  # a boot is a miss: the bait is kept
            return
        self.roll = self.roll_total(seat, slot, landing.face, reading.strike)
        self.phase = BOOST

    def in_water_effect(self, slot: int) -> str | None:
        """The "while in water" effect acting at ``slot`` (only after its first failed bite)."""
        ability = self.cards.ability[self.water[slot]]
        if ability is None or ability.timing != "while-in-water" or not self.bitten[slot]:
            return None
        return ability.effect

    def usable_bait(self, slot: int) -> list[int]:
        """The announced bait, unless the fish refuses bait (it is then kept, not spent)."""
        return [] if self.in_water_effect(slot) == "no-bait" else self.bait

    def roll_total(self, seat: int, slot: int, face: int, strike: bool) -> int:
        """Face + bait ratings + 2 if any bait matches the fish's colour (once) + 2 for a strike."""
        fish = self.water[slot]
        effect = self.in_water_effect(slot)
        bait = self.usable_bait(slot)
        total = face + sum(self.cards.bait[c] for c in bait)
        colour = self.cards.colour[fish]
        if any(self.cards.colour[c] == colour for c in bait):
            total += COLOUR_BONUS
        if effect == "no-bait" and self.bait:
            self.events.append(Ability(seat, fish, effect))  # the bait is refused
        if strike and effect == "shy":
            self.events.append(Ability(seat, fish, effect))  # the strike adds nothing
        elif strike:
            total += STRIKE_BONUS
            self.events.append(Strike(seat, slot))
        return total

    def guards(self, slot: int) -> list[int]:
        """The other water slots holding a guarding fish whose ability acts now."""
        return [
            other
            for other in range(WATER)
            if other != slot and self.water[other] >= 0 and self.in_water_effect(other) == "guarded"
        ]

    def catch_rate(self, slot: int) -> int:
        """The fish's catch rate, raised by any guarding fish face up in the water."""
        rate = self.cards.catch_rate[self.water[slot]] or 0
        for other in self.guards(slot):
            guard = self.cards.ability[self.water[other]]
            rate += guard.value or 0 if guard is not None else 0
        return rate

    def on_flip(self, seat: int, slot: int, fish: int) -> None:
        ability = self.cards.ability[fish]
        if ability is None or ability.timing != "on-flip":
            return
        self.events.append(Ability(seat, fish, ability.effect))
        if ability.effect == "clear-water":  # the Pufferfish
            for other in range(WATER):
                if other != slot and self.water[other] >= 0:
                    self.fish_discard.append(self.water[other])
                    self.empty_slot(other)
            self.refill_slots(skip=slot)
        elif ability.effect == "reveal-nearest":
            x, y = self.table.cards[slot]
            hidden = [s for s in range(WATER) if self.water[s] >= 0 and not self.face_up[s]]
            if hidden:
                nearest = min(
                    hidden,
                    key=lambda s: (
                        (self.table.cards[s][0] - x) ** 2 + (self.table.cards[s][1] - y) ** 2
                    ),
                )
                self.face_up[nearest] = True
                self.events.append(Flip(seat, nearest, self.water[nearest]))

    def resolve_bite(self, seat: int) -> None:
        """Catch if the roll reaches the catch rate; a fish that got away stays face up."""
        slot = self.bite_slot
        fish = self.water[slot]
        ability = self.cards.ability[fish]
        rate = self.catch_rate(slot)
        for guard in self.guards(slot):
            self.events.append(Ability(seat, self.water[guard], "guarded"))
        if ability is not None and ability.effect == "catch-rate-up" and self.flipped_now:
            rate += ability.value or 0  # only for the bite that turned it up
        bait_back = bool(self.bait) and not self.usable_bait(slot)  # refused bait is kept
        if self.roll >= rate:
            self.empty_slot(slot)
            self.caught[seat].append(fish)
            self.events.append(Catch(seat, fish, self.roll, rate))
            if self.cards.kind[fish] == TROPHY:
                if not self.shop_open:
                    self.shop_pending = True
                if self.trophies(seat) >= self.trophies_to_win():
                    self.winner = seat
            if ability is not None and ability.timing == "once-caught":
                bait_back = self.once_caught(seat, ability.effect, ability.value or 0) or bait_back
        else:
            self.bitten[slot] = True
            self.events.append(GotAway(seat, fish, self.roll, rate))
            if ability is not None and ability.timing == "on-miss":
                if ability.effect == "swim-off":
                    self.empty_slot(slot)
                    self.fish_discard.append(fish)
                    self.events.append(Ability(seat, fish, "swim-off"))
                elif ability.effect == "snap-line" and self.gear[seat]:
                    self.events.append(Ability(seat, fish, "snap-line"))
                    self.discard_bait(seat)
                    self.phase = SNAP
                    return
        if not bait_back:
            self.discard_bait(seat)
        self.end_of_turn(seat)

    def once_caught(self, seat: int, effect: str, value: int) -> bool:
        """Apply a caught fish's ability; True if the bait is kept."""
        self.events.append(Ability(seat, self.caught[seat][-1], effect))
        if effect == "lucky-dip":
            self.take_lucky_dip(seat)
        elif effect == "extra-turn":
            self.extra_turn = True
        elif effect == "gear-up":
            used = [c for c in self.gear[seat] if not self.ready.get(c, True)][:value]
            for card in used:
                self.ready[card] = True
        return effect == "bait-back"

    def discard_bait(self, seat: int) -> None:
        for card in self.bait:
            if card in self.caught[seat]:
                self.caught[seat].remove(card)
                self.fish_discard.append(card)
        self.bait = []

    def snag(self, seat: int) -> None:
        """A 1: an instant miss, no card flips, the bait is lost, one equipment is discarded, and
        in a 3- or 4-player game the next player may not fish."""
        self.events.append(Snag(seat))
        if self.gear[seat]:
            self.phase = SNAGGED
            return
        self.snag_consequences(seat)

    def snag_consequences(self, seat: int) -> None:
        self.discard_bait(seat)
        if self.n >= 3:
            self.no_fishing_next = True
        self.end_of_turn(seat)

    # ----- Shop -----
    def buy(self, seat: int, slot: int) -> None:
        if slot == 3:
            self.take_lucky_dip(seat)
        else:
            card = self.shop_row.pop(slot)
            self.take_equipment(seat, card, shown=self.shop_top_hidden())  # it refills the row
            self.refill_shop()
        self.end_of_turn(seat)

    def take_lucky_dip(self, seat: int) -> None:
        shown = self.shop_top_hidden()
        card = self.draw_shop()
        if card >= 0:
            self.take_equipment(seat, card, shown)

    def take_equipment(self, seat: int, card: int, shown: bool) -> None:
        self.gear[seat].append(card)
        self.ready[card] = True
        self.events.append(Equip(seat, card, shown))

    def stocktake(self, seat: int, fish: int) -> None:
        """Pay a caught fish (not a Carp): the 3 shop cards are replaced, then you may buy."""
        self.caught[seat].remove(fish)
        self.fish_discard.append(fish)
        self.shop_discard += self.shop_row
        self.shop_row = []
        self.refill_shop()
        self.events.append(Stocktake(seat, fish))
        self.phase = SHOP_BUY

    def shop_top_hidden(self) -> bool:
        """Whether the next card drawn from the shop could be any of several: every shop card
        not in the row, the discards or someone's gear lies in the deck, so a deck of one is
        known to all."""
        return len(self.shop_deck) > 1 or (not self.shop_deck and len(self.shop_discard) > 1)

    def draw_shop(self) -> int:
        if not self.shop_deck:
            if not self.shop_discard:
                return -1
            self.shop_deck, self.shop_discard = self.shop_discard, []
            self.chance.shuffle(self.shop_deck)
            self.events.append(ShopReshuffled(len(self.shop_deck)))
        return self.shop_deck.pop()

    def refill_shop(self) -> None:
        while len(self.shop_row) < SHOP_ROW:
            card = self.draw_shop()
            if card < 0:
                return
            self.shop_row.append(card)

    # ----- Gear up -----
    def gear_up(self, seat: int, cards: list[int]) -> None:
        """Flip up to 2 used equipment cards face up."""
        for card in cards:
            self.ready[card] = True
        self.events.append(GearUp(seat, tuple(cards)))
        self.end_of_turn(seat)

    def use_equipment(self, seat: int, card: int, slot: int) -> None:
        effect = self._equipment(card).effect
        face = 0
        if effect == "reroll":  # drawn (or checked, from a record) before anything changes
            face = self.chance.outcome(lambda rng: [rng.randint(1, 12)])[0]
            if not 1 <= face <= 12:
                raise ValueError(f"a D12 shows 1 to 12, not {face}")
        self.spend(seat, card)
        if effect == "flashlight":
            self.peeked[seat].append(slot)
            self.events.append(Peek(seat, slot, self.water[slot]))
        elif effect == "spear":  # as your only action: take the fish, no roll
            fish = self.water[slot]
            self.empty_slot(slot)
            self.caught[seat].append(fish)
            self.events.append(Speared(seat, fish))
            if self.cards.kind[fish] == TROPHY:
                if not self.shop_open:
                    self.shop_pending = True
                if self.trophies(seat) >= self.trophies_to_win():
                    self.winner = seat
            ability = self.cards.ability[fish]
            if ability is not None and ability.timing == "once-caught":  # a spear catches too
                self.once_caught(seat, ability.effect, ability.value or 0)
            self.end_of_turn(seat)
        elif effect == "second-cast":
            self.landing = None
            self.slid = 0  # a new aim: its own count of casts that did not roll over
            self.phase = AIM
        elif effect == "roll-bonus":
            self.roll += self._equipment(card).value or 0
        elif effect == "reroll":
            assert self.landing is not None
            self.roll += face - self.landing.face
            self.landing = Landing(self.landing.x, self.landing.y, True, face)
            self.events.append(Reroll(seat, face))
        elif effect == "colour-lure":
            fish = self.water[self.bite_slot]
            bait = self.usable_bait(self.bite_slot)  # a fish that refuses bait gets no lure
            if bait and not any(self.cards.colour[c] == self.cards.colour[fish] for c in bait):
                self.roll += COLOUR_BONUS
        elif effect == "snag-guard":
            self.events.append(SnagCancelled(seat))
            self.end_of_turn(seat)

    def discard_card(self, seat: int, card: int) -> None:
        if card in self.gear[seat]:
            self.gear[seat].remove(card)
            self.ready.pop(card, None)
            self.shop_discard.append(card)
        else:
            self.caught[seat].remove(card)
            self.fish_discard.append(card)
        self.events.append(Discard(seat, card))
        if self.phase == SNAGGED:
            self.snag_consequences(seat)
        elif self.phase == SNAP:
            self.end_of_turn(seat)
        else:
            self.check_limits(seat)

    def done(self, seat: int) -> None:
        if self.phase == LANDED:
            self.read_the_ruler(seat)
        elif self.phase == BOOST:
            self.resolve_bite(seat)
        else:  # no purchase after a stocktake, or nothing could be done this turn
            self.events.append(NoBuy(seat) if self.phase == SHOP_BUY else Rest(seat))
            self.end_of_turn(seat)

    # ----- the end of a turn -----
    def end_of_turn(self, seat: int) -> None:
        """Replenish the water, then the card limits; then the next player clockwise."""
        self.replenish_the_water()
        if self.winner >= 0:  # the required trophies end the game at once
            self.next_player(seat)
            return
        self.check_limits(seat)

    def fish_over(self, seat: int) -> int:
        limit = FISH_LIMIT + self.ongoing_total(seat, "landing-net")
        return len(self.caught[seat]) - limit

    def gear_over(self, seat: int) -> int:
        return len(self.gear[seat]) - GEAR_LIMIT - self.ongoing_total(seat, "tackle-box")

    def check_limits(self, seat: int) -> None:
        """5 fish and 3 equipment; a Carp can't be discarded, so Carp over the limit stay."""
        # Equipment only ever raises the limits (its values are at least 1), so a seat within
        # the printed limits needs no count of its ongoing cards: the common case, on every turn.
        caught, gear = self.caught[seat], self.gear[seat]
        fish_over = (
            len(caught) > FISH_LIMIT
            and self.fish_over(seat) > 0
            and any(not self.cards.carp[c] for c in caught)
        )
        if fish_over or (len(gear) > GEAR_LIMIT and self.gear_over(seat) > 0):
            self.phase = LIMIT
            return
        self.next_player(seat)

    def next_player(self, seat: int) -> None:
        if self.winner >= 0:
            self.phase = GAME_OVER
            self.events.append(GameEnd(self.winner))
            return
        self.bait = []
        self.landing = None
        self.bite_slot = -1
        self.turns += 1
        if self.turns >= self.game.round_limit * self.n:
            self.closing_time()
            return
        if self.extra_turn:
            self.extra_turn = False
            following = seat
        else:
            following = (seat + 1) % self.n
        self.no_fishing = following if self.no_fishing_next and following != seat else -1
        self.no_fishing_next = False
        self.turn = following
        if self.shop_pending and not self.shop_open:
            self.shop_open = True
            self.refill_shop()
            self.events.append(ShopOpens(tuple(self.shop_row)))
        self.phase = TURN
        self.events.append(Turn(following, self.turns + 1))

    def closing_time(self) -> None:
        """Ruling: a game nobody has won after the round limit ends; most trophies wins (shared
        on a tie; in the mini, most points). Real games end long before; it keeps every game
        finite, random play included."""
        self.phase = GAME_OVER
        self.events.append(ClosingTime(self.turns))

    def replenish_the_water(self) -> None:
        """All face up: discard all 5 and lay 5 new; otherwise refill the empty slots."""
        if all(c < 0 or up for c, up in zip(self.water, self.face_up, strict=True)) and any(
            c >= 0 for c in self.water
        ):
            for slot in range(WATER):
                if self.water[slot] >= 0:
                    self.fish_discard.append(self.water[slot])
                    self.empty_slot(slot)
        self.refill_slots()

    def empty_slot(self, slot: int) -> None:
        """A card leaves the water: its slot is empty, and nothing of its card stays marked."""
        self.water[slot] = -1
        self.face_up[slot] = False
        self.bitten[slot] = False

    def refill_slots(self, skip: int = -1) -> None:
        for slot in range(self.game.water_slots):
            if slot != skip and self.water[slot] < 0:
                card = self.draw_fish()
                if card < 0:
                    return
                self.water[slot] = card
                self.face_up[slot] = False
                self.bitten[slot] = False
        self.peeked = [[s for s in spots if self.water[s] >= 0] for spots in self.peeked]

    def draw_fish(self) -> int:
        if not self.deck:
            if not self.fish_discard or not self.game.rebuilds_deck:
                return -1
            self.deck, self.fish_discard = self.fish_discard, []
            self.chance.shuffle(self.deck)
            self.events.append(DeckReshuffled(len(self.deck)))
        return self.deck.pop()

    # ----- views -----
    def _view(self, player: int) -> FlipAndFishView:
        from angler.games.flip_and_fish.view import build_view

        return build_view(self, player)
