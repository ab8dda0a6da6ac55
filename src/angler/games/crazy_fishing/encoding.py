"""Crazy Fishing for learning code (``core/encoding.py``).

A cast's code is the bitmask of the cards cast (over 2**100 codes), so casts are numbered by hand
slot instead: the hand in card-id order holds at most 6 cards, and a cast is the set of slots cast
(64 subsets) and, with an out-of-series rod, the fish of the catch pile used as bait (by fish).
A Super-Fast Reel's split names the slots of the caster's baits (in card-id order) that go to the
first fish. Sea spots, fish beside the sea and the other verbs keep their own numbers. The
observation shows the hand slot by slot (by card type) beside the public table; the layout and
the rulings are in ``docs/interop.md`` ("Encodings").
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from angler.core.encoding import LaidOutEncoding
from angler.core.tensors import Subsets, TensorLayout, put_mask, put_ones
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.cards import BAIT, FISH, ROD, CardSet
from angler.games.crazy_fishing.rules import HAND_SIZE, PHASE_NAMES
from angler.games.crazy_fishing.scoring import BOOT_BONUS
from angler.games.crazy_fishing.sea import MAX_POSITION
from angler.games.crazy_fishing.setup import MAX_ROUND
from angler.games.crazy_fishing.view import CrazyFishingView

if TYPE_CHECKING:
    from angler.games.crazy_fishing.game import CrazyFishingGame

MM = 100.0  # sea positions are given in units of 100 mm
BAIT_CAP = 100  # a bait value shown at most this big (the Most Tempting Bait beats any fish)
# A round number shown at most this big: the longest closing time the ``rounds`` option allows,
# so no game's round is ever cut (a set-up past its game's closing time is refused).
ROUND_CAP = MAX_ROUND


class CrazyFishingEncoding(LaidOutEncoding[CrazyFishingView]):
    game: CrazyFishingGame

    def __init__(self, game: CrazyFishingGame) -> None:
        super().__init__(game)
        cards = game.cards
        c = self.card_count = len(cards)
        p = self.players = game.players
        self.kind = cards.kind
        fish = [card.id for card in cards.cards if card.kind == FISH]
        f = self.fish_count = len(fish)
        self.fish_rank = tuple(fish.index(card) if card in fish else -1 for card in range(c))
        self.fish_ids = tuple(fish)
        s = self.spots = f  # each sea spot holds a distinct fish: never more spots than fish
        self.slots = Subsets(HAND_SIZE, HAND_SIZE)  # casts and splits, by hand or bait slot
        types: list[str] = []
        for card in cards.cards:
            if card.kind in (ROD, BAIT) and card.type_name not in types:
                types.append(card.type_name)
        self.type_count = len(types)
        self.type_of = tuple(
            types.index(card.type_name) if card.kind in (ROD, BAIT) else -1 for card in cards.cards
        )
        backs = sorted({card.back for card in cards.cards if card.kind == FISH})
        self.back_of = {back: index for index, back in enumerate(backs)}
        # The action blocks, in order: each verb's first index.
        self.cast_base = 0
        self.peek_base = self.cast_base + len(self.slots) * (1 + f)
        self.skip_index = self.peek_base + s
        self.turbulent_base = self.skip_index + 1
        self.sea_base = self.turbulent_base + 2
        self.beside_base = self.sea_base + s
        self.split_base = self.beside_base + f
        self.draw_base = self.split_base + len(self.slots)
        self.count = self.draw_base + 2
        self._hand_slots: tuple[tuple[int, ...], dict[int, int]] = ((), {})

        self.phase_of = {name: index for index, name in enumerate(PHASE_NAMES)}
        t = self.layout = TensorLayout()
        self.at_seat = t.add("seat", p, "the viewer's seat (all 0 for a spectator)")
        self.at_phase = t.add("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES))
        self.at_current = t.add("to_act", p, "seats that decide now")
        # The rounds option ends a game at closing time; the block keeps one range for every
        # setting: the longest closing time there is (the most a set-up may give).
        self.at_round = t.add("round", 1, f"the round number (at most {ROUND_CAP})", 0, ROUND_CAP)
        self.at_hand = t.add("hand", c, "the viewer's hand, by card id")
        self.at_slots = t.add(
            "hand_slots",
            (HAND_SIZE, len(types)),
            "the hand in card-id order, slot by slot: the card's type (rod and bait types in "
            "card-file order); the slots a cast's index names",
        )
        # Collect refills a hand to 6 cards and no further; nothing else adds a card to it.
        self.at_rods_held = t.add("rods_held", p, "rods in each hand", 0, HAND_SIZE)
        self.at_baits_held = t.add("baits_held", p, "baits in each hand", 0, HAND_SIZE)
        self.at_cast_done = t.add("cast_done", p, "seats that have cast (or sit out) this round")
        self.at_sits_out = t.add("sits_out", p, "seats that cannot cast this round")
        self.at_my_cast = t.add("my_cast", c, "the viewer's own cast, before the reveal")
        self.at_casts = t.add("casts", (p, c), "each seat's revealed cast (after the reveal)")
        self.at_order = t.add("order", (p, p), "catch order: row = place, column = seat")
        self.at_at = t.add("catching", p, "the place in the catch order catching now")
        # A deck holds cards of its kind only: at most the card file's rods, or its baits.
        most_of_a_kind = max(sum(1 for card in cards.cards if card.kind == k) for k in (ROD, BAIT))
        self.at_decks = t.add(
            "decks", 2, "cards in the rod deck, in the bait deck", 0, most_of_a_kind
        )
        self.at_discards = t.add("discards", c, "the rod and bait discard piles")
        self.at_sea_spots = t.add("sea_spots", 1, "spots the sea was scattered into", 0, s)
        self.at_sea_here = t.add("sea_present", s, "by spot (bottom of the pile first): a fish")
        self.at_sea_covered = t.add("sea_covered", s, "by spot: covered by a card above")
        # Every scatter, drawn or a record's, and every set-up's sea is checked to lie within
        # MAX_POSITION mm of the middle (sea.read_scatter, setup.py).
        far = MAX_POSITION / MM
        self.at_sea_xy = t.add(
            "sea_xy", (s, 2), "by spot: its centre (x, y) in units of 100 mm", -far, far
        )
        self.at_sea_back = t.add(
            "sea_back", (s, len(backs)), "by spot: its back, one-hot: " + ", ".join(backs)
        )
        self.at_sea_face = t.add(
            "sea_face", (s, f), "by spot: its face if the viewer knows it (fish in id order)"
        )
        self.at_sea_known = t.add("sea_known", s, "by spot: its face was shown to everyone")
        self.at_peeked = t.add("peeked", (p, s), "the spots each seat's Fish Finder looked at")
        self.at_beside = t.add("beside", f, "the fish beside the sea")
        self.at_piles = t.add("piles", (p, f), "each seat's catch pile")
        self.at_pile_top = t.add("pile_top", (p, f), "the fish on top of each catch pile")
        self.at_removed = t.add("removed", f, "fish spent as bait with an out-of-series rod")
        # One look for each Fish Finder in the cast, which is at most a hand of 6 cards.
        self.at_peeks_left = t.add("peeks_left", 1, "Fish Finder looks left", 0, HAND_SIZE)
        self.at_turbulent = t.add("turbulent_after", 1, "the sea is shuffled after this catch")
        self.at_target_spots = t.add("target_spots", s, "sea spots chosen in this catch")
        self.at_target_beside = t.add("target_beside", f, "fish beside the sea chosen")
        # Each catch goes for 1 fish, or 2 with a Super-Fast Reel.
        self.at_wanted = t.add("targets_wanted", 1, "fish this catch goes for (2: the Reel)", 1, 2)
        self.at_flipped = t.add("flipped", f, "the two fish flipped before a split")
        # The bait that caught the Pair of Fish: at least its size, never below 0; capped.
        self.at_retry = t.add(
            "retry_bait", 1, f"a Pair of Fish's bait (at most {BAIT_CAP})", 0, BAIT_CAP
        )
        self.at_caught = t.add("caught_this_round", (p, f), "fish each seat caught this round")
        self.at_collect = t.add(
            "collect_order", (p, p), "collect order: row = place, column = seat"
        )
        self.at_collecting = t.add("collecting", p, "the place in it collecting now")
        self.at_scores = t.add("scores", p, "points so far", 0, self._most_points(cards))
        self.zeros = array("d", t.zeros())

    @staticmethod
    def _most_points(cards: CardSet) -> int:
        """More points than one pile can score: every fish of the card file in it, each at
        twice its size or 2 (a pearl of the set doubles, a Prawn makes a 1 a 2), and the best
        boot bonus. Sizes are never below 0, so neither is a score."""
        fish = [card.value for card in cards.cards if card.kind == FISH]
        return sum(2 * max(size, 1) for size in fish) + max(BOOT_BONUS.values())

    # ----- actions -----
    def action_count(self) -> int:
        return self.count

    def _slots_of(self, hand: tuple[int, ...]) -> tuple[tuple[int, ...], dict[int, int]]:
        """The hand in card-id order and each card's slot bit (kept for the last hand asked)."""
        cached = self._hand_slots
        if cached[0] == hand:
            return cached
        ordered = tuple(sorted(hand))
        found = (hand, {card: 1 << slot for slot, card in enumerate(ordered)})
        self._hand_slots = found  # one assignment: safe for threads sharing the game
        return found

    def _caster_baits(self, view: CrazyFishingView) -> list[int]:
        """The baits of the viewer's revealed cast, in card-id order (a split's slots)."""
        cast = view.casts[view.player] if not view.spectator else 0
        return [card for card in act.ids_of(cast) if self.kind[card] == BAIT]

    def action_index(self, view: CrazyFishingView, code: int) -> int:
        kind, argument = code & act.KIND_MASK, code >> act.KIND_BITS
        if kind == act.DRAW and argument < 2:
            return self.draw_base + argument
        if kind == act.CAST:
            return self._cast_index(view, argument)
        if kind in (act.PEEK, act.SEA) and argument < self.spots:
            return (self.peek_base if kind == act.PEEK else self.sea_base) + argument
        if kind == act.BESIDE and argument < self.card_count and self.fish_rank[argument] >= 0:
            return self.beside_base + self.fish_rank[argument]
        if kind == act.SKIP and argument == 0:
            return self.skip_index
        if kind == act.TURBULENT and argument < 2:
            return self.turbulent_base + argument
        if kind == act.SPLIT:
            baits = self._caster_baits(view)
            slots = sum(1 << slot for slot, card in enumerate(baits) if argument >> card & 1)
            if slots.bit_count() == argument.bit_count():
                return self.split_base + self.slots.index(slots)
        raise ValueError(f"{code!r} is no Crazy Fishing action of this view")

    def _cast_index(self, view: CrazyFishingView, mask: int) -> int:
        _, bits = self._slots_of(view.hand)
        slots = fish = 0
        rest = mask
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            bit = bits.get(card)
            if bit is not None:
                slots |= bit
            elif fish or self.fish_rank[card] < 0:  # a second fish, or a card not in hand
                raise ValueError(f"cast {mask:#x} names a card not in the viewer's hand")
            else:
                fish = 1 + self.fish_rank[card]
            rest ^= low
        return self.cast_base + self.slots.index(slots) * (1 + self.fish_count) + fish

    def action_code(self, view: CrazyFishingView, index: int) -> int:
        if type(index) is not int or not 0 <= index < self.count:
            raise ValueError(
                f"{index!r} is not a Crazy Fishing action index (0 to {self.count - 1})"
            )
        if index < self.peek_base:
            slots, fish = divmod(index - self.cast_base, 1 + self.fish_count)
            if not slots:
                raise ValueError("a cast of no cards is no action")
            ordered = sorted(view.hand)
            mask = self._from_slots(self.slots.masks[slots], ordered, "hand")
            if fish:
                mask |= 1 << self.fish_ids[fish - 1]
            return act.code(act.CAST, mask)
        if index < self.skip_index:
            return act.code(act.PEEK, index - self.peek_base)
        if index == self.skip_index:
            return act.code(act.SKIP)
        if index < self.sea_base:
            return act.code(act.TURBULENT, index - self.turbulent_base)
        if index < self.beside_base:
            return act.code(act.SEA, index - self.sea_base)
        if index < self.split_base:
            return act.code(act.BESIDE, self.fish_ids[index - self.beside_base])
        if index < self.draw_base:
            baits = self._caster_baits(view)
            slots = self.slots.masks[index - self.split_base]
            if not slots:
                raise ValueError("a split giving the first fish no bait is no action")
            return act.code(act.SPLIT, self._from_slots(slots, baits, "cast's baits"))
        return act.code(act.DRAW, index - self.draw_base)

    @staticmethod
    def _from_slots(slots: int, ordered: list[int], what: str) -> int:
        if slots >> len(ordered):
            raise ValueError(f"slots {slots:#b} lie past the {len(ordered)} cards of the {what}")
        return sum(1 << card for slot, card in enumerate(ordered) if slots >> slot & 1)

    # ----- bounds -----
    def max_game_length(self) -> int:
        """Closing time ends a game after ``rounds`` rounds (ruling 26), so the bound is that
        many times ``max_round_length()``."""
        return self.game.round_limit * self.max_round_length()

    def max_round_length(self) -> int:
        """The most decisions one round takes, counted from the configured game's cards in play
        (its card file, player count and options), each kind of decision bounded apart:

        - casts: one a seat (a seat that sits out has none);
        - draws: the collect refills a hand to 6 one card a decision; nothing else adds a card
          to a hand, so a hand holds at most 6 and a seat draws at most 6 a round (the mini
          has no collect);
        - catch turns: one for each seat that cast. A turn asks for a fish once (a second
          time with a Super-Fast Reel, and then the split once); for the Turbulent Bait's
          "before or after" once if a Turbulent Bait is cast; for a Fish Finder look (or
          "no more") at most once for each Fish Finder cast (a cast holds at least one bait
          card, so at most 5 of its 6 cards are Finders);
        - a card cast leaves the hand at the reveal and is discarded after its catch; a card
          comes back to a hand only at the collect, after the last catch. So a card is in at
          most one cast a round: at most as many Reels, Turbulent Baits and Fish Finders are
          cast as are in play (and at most one Reel and one Turbulent Bait count per seat);
        - Pair of Fish: catching a Pair asks for one more try (a fish, or "skip"), and a try
          asks again only if it catches another Pair. A try takes one fish, and a Sustainable
          Fishing caught in a try ends the tries, so no Pair goes back to sea during them: a
          turn tries at most once more than the Pairs at (or beside) the sea when its tries
          begin. The turn's first catch took a Pair, which stays in the catcher's pile unless a
          Sustainable Fishing caught with it (the Reel's other fish) puts back a Pair, one at
          most. So a turn tries at most ``pairs`` times (the Pairs in play), ``pairs + 1`` when
          a Reel and a Sustainable Fishing are both in play.

        Tie-breaks, Smart Bream, Puffer Fish, reshuffles and a sea with no fish left ask no
        decision. Each bound holds for any legal play, so their sum bounds a round."""
        game = self.game
        p = self.players
        special, effect = game.cards.special, game.cards.effect
        rods = [special[card] for card in game.rods_in_play]
        baits = [special[card] for card in game.baits_in_play]
        fish = [effect[card] for card in game.fish_in_play]
        reels = min(p, rods.count("super-fast-reel"))
        stirs = min(p, baits.count("turbulent"))
        looks = min(rods.count("fish-finder"), p * (HAND_SIZE - 1))
        pairs = fish.count("pair-of-fish")
        tries = 0
        if pairs:
            tries = pairs + int(bool(reels) and "sustainable-fishing" in fish)
        casts, chooses = p, p + reels
        draws = p * HAND_SIZE if game.collects else 0  # the mini has no collect
        return casts + draws + chooses + reels + stirs + looks + p * tries

    # ----- observations -----
    def observation(self, view: CrazyFishingView) -> list[float]:
        return self.observation_array(view).tolist()

    def observation_array(self, view: CrazyFishingView) -> array[float]:
        out = self.zeros[:]  # a copy: arrays have no copy()
        c, p, s, f = self.card_count, self.players, self.spots, self.fish_count
        rank = self.fish_rank
        if not view.spectator:
            out[self.at_seat + view.player] = 1.0
        out[self.at_phase + self.phase_of[view.phase]] = 1.0
        put_ones(out, self.at_current, view.current)
        out[self.at_round] = float(min(view.round, ROUND_CAP))
        put_ones(out, self.at_hand, view.hand)
        types, row = self.type_of, self.type_count
        for slot, card in enumerate(sorted(view.hand)):
            out[self.at_slots + slot * row + types[card]] = 1.0
        out[self.at_rods_held : self.at_rods_held + p] = array("d", view.rods_held)
        out[self.at_baits_held : self.at_baits_held + p] = array("d", view.baits_held)
        put_ones(out, self.at_cast_done, [seat for seat, done in enumerate(view.cast_done) if done])
        put_ones(out, self.at_sits_out, [seat for seat, out_ in enumerate(view.sits_out) if out_])
        put_mask(out, self.at_my_cast, view.my_cast, c)
        for seat, mask in enumerate(view.casts):
            put_mask(out, self.at_casts + seat * c, mask, c)
        for place, seat in enumerate(view.order):
            out[self.at_order + place * p + seat] = 1.0
        if view.at < len(view.order):
            out[self.at_at + view.at] = 1.0
        out[self.at_decks] = float(view.rod_deck)
        out[self.at_decks + 1] = float(view.bait_deck)
        put_ones(out, self.at_discards, view.rod_discard)
        put_ones(out, self.at_discards, view.bait_discard)
        out[self.at_sea_spots] = float(view.sea_spots)
        backs, width = self.back_of, len(self.back_of)
        here, cover, xy = self.at_sea_here, self.at_sea_covered, self.at_sea_xy
        back_at, face_at = self.at_sea_back, self.at_sea_face
        for spot, x, y, covered, back, face in view.sea:  # the busiest loop: locals only
            out[here + spot] = 1.0
            if covered:
                out[cover + spot] = 1.0
            out[xy + 2 * spot] = x / MM
            out[xy + 2 * spot + 1] = y / MM
            out[back_at + spot * width + backs[back]] = 1.0
            if face >= 0:
                out[face_at + spot * f + rank[face]] = 1.0
        put_ones(out, self.at_sea_known, view.sea_known)
        for seat, spots in enumerate(view.peeked):
            put_ones(out, self.at_peeked + seat * s, spots)
        put_ones(out, self.at_beside, [rank[fish] for fish in view.beside])
        for seat, pile in enumerate(view.piles):
            put_ones(out, self.at_piles + seat * f, [rank[fish] for fish in pile])
            if pile:
                out[self.at_pile_top + seat * f + rank[pile[-1]]] = 1.0
        put_ones(out, self.at_removed, [rank[fish] for fish in view.removed])
        out[self.at_peeks_left] = float(view.peeks_left)
        out[self.at_turbulent] = float(view.turbulent_after)
        for kind, ref in view.targets:
            if kind == act.SEA:
                out[self.at_target_spots + ref] = 1.0
            else:
                out[self.at_target_beside + rank[ref]] = 1.0
        out[self.at_wanted] = float(view.targets_wanted)
        put_ones(out, self.at_flipped, [rank[fish] for fish in view.flipped])
        out[self.at_retry] = float(min(view.retry_bait, BAIT_CAP))
        for seat, fish in view.caught_this_round:
            out[self.at_caught + seat * f + rank[fish]] = 1.0
        for place, seat in enumerate(view.collect_order):
            out[self.at_collect + place * p + seat] = 1.0
        if view.collecting < len(view.collect_order):
            out[self.at_collecting + view.collecting] = 1.0
        out[self.at_scores : self.at_scores + p] = array("d", view.scores)
        return out
