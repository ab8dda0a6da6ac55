"""Flip & Fish for learning code (``core/encoding.py``).

Each verb gets a block of indices: the aim grid keeps its own numbering (91 × 91 points, 10 mm
apart), shop slots, cards paid or discarded and equipment used keep theirs (by card id, by
equipment), a gear-up is a set of at most 2 equipment cards. Bait is a set of the fisher's own
caught fish, so it is numbered by bait slot: the caught fish that have a bait rating, in card-id
order (the observation shows those slots), at most as many as the fish limit and the Carp allow.
The layout and the rulings are in ``docs/interop.md`` ("Encodings").
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING

from angler.core.encoding import LaidOutEncoding
from angler.core.tensors import Subsets, TensorLayout, put_ones
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.cards import BAIT_RATINGS, BASE_BAIT_FISH, COLOURS, CardSet
from angler.games.flip_and_fish.mini import MINI_TURN
from angler.games.flip_and_fish.rules import (
    COLOUR_BONUS,
    FISH_LIMIT,
    GEAR_LIMIT,
    GEAR_UP_MOST,
    PHASE_NAMES,
    SHOP_ROW,
    STRIKE_BONUS,
    WATER,
)
from angler.games.flip_and_fish.table import TABLE_HALF
from angler.games.flip_and_fish.view import FlipAndFishView

if TYPE_CHECKING:
    from angler.games.flip_and_fish.game import FlipAndFishGame

SHOP_CHOICES = SHOP_ROW + 1  # the shop's slots and a lucky dip
USE_SLOTS = WATER + 1  # a water slot, or none
DIE_FACES = 12
OFF_TABLE = 2.0  # a landing's x and y are shown within ±2 table halves (any past ±1 is a miss)
WATER_STATES = ("empty", "face down", "face known")


class FlipAndFishEncoding(LaidOutEncoding[FlipAndFishView]):
    def __init__(self, game: FlipAndFishGame) -> None:
        super().__init__(game)
        cards = game.cards
        c = self.card_count = len(cards)
        p = self.players = game.players
        fishing, equipment = cards.fishing_ids, cards.shopping_ids
        fc, e = self.fishing_count, self.equipment_count = len(fishing), len(equipment)
        self.fish_rank = tuple(fishing.index(i) if i in fishing else -1 for i in range(c))
        self.equipment_rank = tuple(equipment.index(i) if i in equipment else -1 for i in range(c))
        self.equipment_ids = equipment
        self.bait = cards.bait
        self.colour = cards.colour
        self.carp = cards.carp

        def total(effect: str) -> int:
            return sum(cards.value[i] for i in equipment if cards.effect[i] == effect)

        # Caught fish outside a turn stay within the fish limit, unless only Carp (never
        # discarded) hold it over: so a fisher's bait fish never outnumber these slots.
        self.bait_slots = FISH_LIMIT + total("landing-net") + sum(cards.carp)
        self.baits = Subsets(self.bait_slots, BASE_BAIT_FISH + total("extra-bait"))
        self.gear_sets = Subsets(e, GEAR_UP_MOST)
        self.fish_base = 0
        self.buy_base = self.fish_base + len(self.baits)
        self.stocktake_base = self.buy_base + SHOP_CHOICES
        self.gear_base = self.stocktake_base + c
        self.cast_base = self.gear_base + len(self.gear_sets)
        self.use_base = self.cast_base + act.AIMS
        self.discard_base = self.use_base + e * USE_SLOTS
        self.pass_index = self.discard_base + c
        self.count = self.pass_index + 1
        self._bait_cache: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        # An aim's legal list starts with every aim in grid order (``act.ALL_AIMS``): its
        # indices are one run, and its mask a copy of one made once.
        self._aim_codes = list(act.ALL_AIMS[: act.AIMS])
        self._aim_indices = list(range(self.cast_base, self.cast_base + act.AIMS))
        self._aim_mask = bytearray(self.count)
        self._aim_mask[self.cast_base : self.cast_base + act.AIMS] = b"\x01" * act.AIMS

        self.phase_of = {name: index for index, name in enumerate(PHASE_NAMES)}
        t = self.layout = TensorLayout()
        self.at_seat = t.add("seat", p, "the viewer's seat (all 0 for a spectator)")
        self.at_phase = t.add("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES))
        self.at_turn = t.add("turn", p, "whose turn it is")
        # Closing time ends the game once the turns reach the round limit × the players.
        self.at_turns = t.add(
            "turns",
            1,
            "turns played (at most the round limit × the players)",
            0,
            game.round_limit * p,
        )
        self.at_can_cast = t.add("can_cast", 1, "the viewer aims now")
        self.at_water_state = t.add(
            "water_state", (WATER, 3), "by water slot, one-hot: " + ", ".join(WATER_STATES)
        )
        self.at_water = t.add("water_card", (WATER, fc), "by slot: the face, if the viewer knows")
        self.at_face_up = t.add("face_up", WATER, "by slot: face up for all")
        self.at_bitten = t.add("bitten", WATER, "by slot: the fish bit and got away")
        self.at_flipped_now = t.add("flipped_now", 1, "this bite turned the fish up")
        self.at_peeked = t.add("peeked", (p, WATER), "slots each seat's Flashlight looked at")
        self.at_caught = t.add("caught", (p, fc), "each seat's caught fish (fishing cards)")
        bait_row = len(BAIT_RATINGS) + len(COLOURS) + 1
        self.bait_row = bait_row
        self.at_bait_slots = t.add(
            "bait_slots",
            (self.bait_slots, bait_row),
            "the viewer's caught fish with a bait rating, in card-id order (the slots a bait "
            "index names): rating 1, 2, 3; colour " + ", ".join(COLOURS) + "; Carp",
        )
        self.at_gear_ready = t.add("gear_ready", (p, e), "each seat's equipment, face up")
        self.at_gear_used = t.add("gear_used", (p, e), "each seat's equipment, used (face down)")
        self.at_shop = t.add("shop", 2, "the shop is open; it opens next turn")
        self.at_shop_row = t.add("shop_row", (SHOP_ROW, e), "the equipment on display, by slot")
        # A deck holds cards of its own only: at most the fishing cards, or the equipment.
        self.at_decks = t.add(
            "decks", 2, "cards in the fishing deck, in the shopping deck", 0, max(fc, e)
        )
        self.at_fish_discard = t.add("fish_discard", fc, "the fishing discard pile")
        self.at_shop_discard = t.add("shop_discard", e, "the shopping discard pile")
        self.at_bait = t.add("bait", fc, "the bait announced this turn")
        # A cast's error is Gaussian, so a die may stop anywhere: off the table (past ±1) is a
        # miss wherever it lies, so x and y are shown clamped to ±OFF_TABLE.
        self.at_landing = t.add(
            "landing",
            4,
            f"the die has landed; its x and y over 450 mm (clamped to ±{OFF_TABLE:g}); it revolved",
            -OFF_TABLE,
            OFF_TABLE,
        )
        self.at_face = t.add("die_face", DIE_FACES, "the face it shows, one-hot 1 … 12")
        self.at_bite = t.add("bite_slot", WATER, "the slot of the fish biting")
        self.at_roll = t.add("roll", 1, "the roll's total", 0, self._highest_roll(cards))
        self.at_no_fishing = t.add("no_fishing", p, "the seat whose lines are tangled")
        self.at_flags = t.add("flags", 2, "the next player's lines are tangled; an extra turn")
        # A score counts trophies caught: at most every trophy of the card set.
        self.at_scores = t.add("scores", p, "trophies caught", 0, len(cards.trophy_ids))
        self.at_winner = t.add("winner", p, "the seat that won")
        # Water cards lie wholly on the table (table.check_layout), jetties 330 mm out.
        self.at_table = t.add(
            "table",
            (WATER + p, 2),
            "water slot centres, then jetties, over 450 mm (constant)",
            -1,
            1,
        )
        self.zeros = array("d", t.zeros())
        self.round_limit = game.round_limit
        self.turn_length = (
            MINI_TURN if game.mini else self.most_decisions_in_a_turn(cards, game.recast_limit)
        )
        table = game.table
        for row, (x, y) in enumerate((*table.cards, *table.jetties)):
            self.zeros[self.at_table + 2 * row] = x / TABLE_HALF
            self.zeros[self.at_table + 2 * row + 1] = y / TABLE_HALF

    @staticmethod
    def _highest_roll(cards: CardSet) -> int:
        """More than any roll total (``rules.roll_total``, then the boosts): the die's 12, the
        most bait fish (3 and every extra-bait card) each at the best rating, the colour bonus,
        a strike, every roll-bonus card (each is spent or turned down when used, so once a
        bite) and every colour lure's +2 (likewise). Faces and bonuses are never below 0,
        so neither is a roll."""
        equipment = cards.shopping_ids

        def total(effect: str) -> int:
            return sum(cards.value[i] for i in equipment if cards.effect[i] == effect)

        lures = sum(1 for i in equipment if cards.effect[i] == "colour-lure")
        most_bait = BASE_BAIT_FISH + total("extra-bait")
        bonuses = COLOUR_BONUS + STRIKE_BONUS + total("roll-bonus") + COLOUR_BONUS * lures
        return DIE_FACES + most_bait * max(BAIT_RATINGS) + bonuses

    @staticmethod
    def most_decisions_in_a_turn(cards: CardSet, recasts: int) -> int:
        """The most decisions one turn can take (ruling 19 in docs/rules/flip-and-fish.md), from
        the game's own card set and recast limit ``recasts``, for a game dealt by the rules.

        A turn begins with one action. Shop, Gear up, a Spear or a rest is that one decision; a
        stocktake adds one (buy or not). Fish adds the most. Every card limit holds when a turn
        begins (the last turn of the seat ended with them, and no other seat's turn changes its
        cards), so a seat starts with at most ``3 + Σ(v − 1)`` equipment cards it can use, over
        the card set's Tackle Boxes of value ``v`` (each such box held fills a place of its
        own). Only these are used: a card gained in the turn (a purchase, a catch's lucky dip)
        comes as the turn ends, and a card is used at most once a turn (a discard card leaves, a
        flip card lies face down until a Gear up action, itself a turn, or a catch's gear-up,
        after which the turn only checks its limits). Holding ``h`` second-cast cards, Fish is:

        - the bait, 1;
        - the aims: the first and one per second-cast card, each at most ``recasts`` casts (the
          last of that many without a full revolution is a miss), and at most ``h`` decisions
          on a landing (use a card, or keep the cast: that ends the landings, and needs a card
          still unused);
        - each other card held used once: a Flashlight while aiming, and a roll-bonus, reroll
          or colour-lure card on a bite;
        - the die read: resolving the bite, and then a snapped line's discard, 2 (a snag is 1);
        - the card limits: a turn gains at most one fish (a catch or a spear) and one equipment
          card, and each discard removes a card; losing a Landing Net or a Tackle Box lowers
          a limit by its value, so at most 1 + the card set's Landing Net values fish and 1 +
          its Tackle Box values equipment cards are discarded.

        A second-cast card is worth the most (``recasts + 1``), so ``h`` is as many as the
        card set and the places allow, and the places left go to flashlights and boosts.
        """

        def copies(*effects: str) -> int:
            return sum(1 for i in cards.shopping_ids if cards.effect[i] in effects)

        def total(effect: str) -> int:
            return sum(cards.value[i] for i in cards.shopping_ids if cards.effect[i] == effect)

        places = GEAR_LIMIT + total("tackle-box") - copies("tackle-box")
        second_casts = min(copies("second-cast"), places)
        others = min(
            copies("flashlight", "roll-bonus", "reroll", "colour-lure"), places - second_casts
        )
        fishing = 1 + recasts * (1 + second_casts) + second_casts + others + 2
        shopping = 2  # a stocktake, then buy or not
        limits = (1 + total("landing-net")) + (1 + total("tackle-box"))
        return max(fishing, shopping) + limits

    # ----- bounds -----
    def max_game_length(self) -> int:
        """Closing time ends the game once its turns reach the round limit × the players (an
        extra turn counts as a turn), and no turn takes more than
        ``most_decisions_in_a_turn`` decisions: their product bounds every game played by the
        rules (70 decisions a turn with the default cards and recast limit: 14,000, 21,000 and
        28,000 decisions at 2, 3 and 4 players and 100 rounds)."""
        return self.round_limit * self.players * self.turn_length

    # ----- actions -----
    def action_count(self) -> int:
        return self.count

    def _bait_fish(self, view: FlipAndFishView) -> tuple[int, ...]:
        """The viewer's caught fish with a bait rating, in card-id order (kept for the last
        pile asked)."""
        caught = () if view.spectator else view.caught[view.player]
        cached = self._bait_cache
        if cached[0] == caught:
            return cached[1]
        bait = self.bait
        found = tuple(sorted(fish for fish in caught if bait[fish] > 0))
        self._bait_cache = (caught, found)  # one assignment: safe for threads sharing the game
        return found

    def action_index(self, view: FlipAndFishView, code: int) -> int:
        kind, argument = code & 15, code >> 4
        if kind == act.CAST and argument < act.AIMS:  # the commonest by far: thousands a cast
            return self.cast_base + argument
        if kind == act.USE:
            equipment, slot = divmod(argument, 8)
            rank = self.equipment_rank[equipment] if equipment < self.card_count else -1
            if rank >= 0 and (slot < WATER or slot == act.NO_SLOT):
                return self.use_base + rank * USE_SLOTS + min(slot, WATER)
        elif kind == act.FISH:
            fish = self._bait_fish(view)
            slots = sum(1 << slot for slot, card in enumerate(fish) if argument >> card & 1)
            if slots.bit_count() == argument.bit_count():
                return self.fish_base + self.baits.index(slots)
        elif kind == act.BUY and argument < SHOP_CHOICES:
            return self.buy_base + argument
        elif kind in (act.STOCKTAKE, act.DISCARD) and argument < self.card_count:
            return (self.stocktake_base if kind == act.STOCKTAKE else self.discard_base) + argument
        elif kind == act.GEAR:
            cards = act.ids_of(argument)
            ranks = [self.equipment_rank[c] if c < self.card_count else -1 for c in cards]
            if cards and -1 not in ranks:
                return self.gear_base + self.gear_sets.index(sum(1 << r for r in ranks))
        elif kind == act.PASS and argument == 0:
            return self.pass_index
        raise ValueError(f"{code!r} is no Flip & Fish action of this view")

    def _aims_first(self, codes: Sequence[int]) -> bool:
        """Whether ``codes`` begins with every aim in grid order (compared in C: the legal
        list shares the very code objects, so each comparison is an identity test)."""
        return len(codes) >= act.AIMS and codes[: act.AIMS] == self._aim_codes

    def action_indices(self, view: FlipAndFishView, codes: Sequence[int]) -> list[int]:
        if not self._aims_first(codes):
            return super().action_indices(view, codes)
        index = self.action_index
        return self._aim_indices + [index(view, code) for code in codes[act.AIMS :]]

    def action_mask(self, view: FlipAndFishView, codes: Sequence[int]) -> bytearray:
        if not self._aims_first(codes):
            return super().action_mask(view, codes)
        mask = self._aim_mask.copy()
        for code in codes[act.AIMS :]:
            mask[self.action_index(view, code)] = 1
        return mask

    def action_code(self, view: FlipAndFishView, index: int) -> int:
        if type(index) is not int or not 0 <= index < self.count:
            raise ValueError(f"{index!r} is not a Flip & Fish action index (0 to {self.count - 1})")
        if index >= self.pass_index:
            return act.code(act.PASS)
        if index >= self.discard_base:
            return act.code(act.DISCARD, index - self.discard_base)
        if index >= self.use_base:
            rank, slot = divmod(index - self.use_base, USE_SLOTS)
            slot = act.NO_SLOT if slot == WATER else slot
            return act.code(act.USE, self.equipment_ids[rank] * 8 + slot)
        if index >= self.cast_base:
            return act.code(act.CAST, index - self.cast_base)
        if index >= self.gear_base:
            ranks = self.gear_sets.masks[index - self.gear_base]
            if not ranks:
                raise ValueError("a gear-up of no equipment is no action")
            ids = self.equipment_ids
            return act.code(act.GEAR, sum(1 << ids[r] for r in range(len(ids)) if ranks >> r & 1))
        if index >= self.stocktake_base:
            return act.code(act.STOCKTAKE, index - self.stocktake_base)
        if index >= self.buy_base:
            return act.code(act.BUY, index - self.buy_base)
        slots = self.baits.masks[index - self.fish_base]
        fish = self._bait_fish(view)
        if slots >> len(fish):
            raise ValueError(f"bait slots {slots:#b} lie past the viewer's {len(fish)} bait fish")
        return act.code(
            act.FISH, sum(1 << card for slot, card in enumerate(fish) if slots >> slot & 1)
        )

    # ----- observations -----
    def observation(self, view: FlipAndFishView) -> list[float]:
        return self.observation_array(view).tolist()

    def observation_array(self, view: FlipAndFishView) -> array[float]:
        out = self.zeros[:]  # a copy: arrays have no copy()
        p, fc, e = self.players, self.fishing_count, self.equipment_count
        fish_rank, gear_rank = self.fish_rank, self.equipment_rank
        if not view.spectator:
            out[self.at_seat + view.player] = 1.0
        out[self.at_phase + self.phase_of[view.phase]] = 1.0
        if 0 <= view.turn < p:
            out[self.at_turn + view.turn] = 1.0
        out[self.at_turns] = float(view.turns)
        out[self.at_can_cast] = float(view.can_cast)
        for slot, card in enumerate(view.water):
            out[self.at_water_state + 3 * slot + (0 if card == -2 else 1 if card == -1 else 2)] = (
                1.0
            )
            if card >= 0:
                out[self.at_water + slot * fc + fish_rank[card]] = 1.0
            out[self.at_face_up + slot] = float(view.face_up[slot])
            out[self.at_bitten + slot] = float(view.bitten[slot])
        out[self.at_flipped_now] = float(view.flipped_now)
        for seat in range(p):
            put_ones(out, self.at_peeked + seat * WATER, view.peeked[seat])
            put_ones(out, self.at_caught + seat * fc, [fish_rank[c] for c in view.caught[seat]])
            for card, ready in view.gear[seat]:
                at = self.at_gear_ready if ready else self.at_gear_used
                out[at + seat * e + gear_rank[card]] = 1.0
        ratings, colours = len(BAIT_RATINGS), len(COLOURS)
        for slot, fish in enumerate(self._bait_fish(view)):
            row = self.at_bait_slots + slot * self.bait_row
            out[row + self.bait[fish] - 1] = 1.0
            if self.colour[fish] >= 0:
                out[row + ratings + self.colour[fish]] = 1.0
            out[row + ratings + colours] = float(self.carp[fish])
        out[self.at_shop] = float(view.shop_open)
        out[self.at_shop + 1] = float(view.shop_pending)
        for slot, card in enumerate(view.shop_row):
            out[self.at_shop_row + slot * e + gear_rank[card]] = 1.0
        out[self.at_decks] = float(view.deck_size)
        out[self.at_decks + 1] = float(view.shop_deck_size)
        put_ones(out, self.at_fish_discard, [fish_rank[c] for c in view.fish_discard])
        put_ones(out, self.at_shop_discard, [gear_rank[c] for c in view.shop_discard])
        put_ones(out, self.at_bait, [fish_rank[c] for c in view.bait])
        if view.landing is not None:
            x, y, revolved, face = view.landing
            at = self.at_landing
            out[at] = 1.0
            out[at + 1] = max(-OFF_TABLE, min(OFF_TABLE, x / TABLE_HALF))
            out[at + 2] = max(-OFF_TABLE, min(OFF_TABLE, y / TABLE_HALF))
            out[at + 3] = float(revolved)
            if 1 <= face <= DIE_FACES:
                out[self.at_face + face - 1] = 1.0
        if 0 <= view.bite_slot < WATER:
            out[self.at_bite + view.bite_slot] = 1.0
        out[self.at_roll] = float(view.roll)
        if 0 <= view.no_fishing < p:
            out[self.at_no_fishing + view.no_fishing] = 1.0
        out[self.at_flags] = float(view.no_fishing_next)
        out[self.at_flags + 1] = float(view.extra_turn)
        out[self.at_scores : self.at_scores + p] = array("d", view.scores)
        if 0 <= view.winner < p:
            out[self.at_winner + view.winner] = 1.0
        return out
