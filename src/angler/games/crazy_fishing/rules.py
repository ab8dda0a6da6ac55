"""Crazy Fishing's rules as a state machine: Cast (simultaneous and secret), Catch, Collect.

Each rule lives in one method named after it. Cards are ids into the card set; actions are integer
codes (see ``actions.py``). Seats are numbered clockwise from 0.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from angler.core.chance import Chance
from angler.core.errors import IllegalActionError
from angler.core.fields import COPY, COPY_EACH, SHARED, Fields, reset
from angler.core.state import State
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.cards import BAIT, FISH, INFINITE, ROD, CardSet
from angler.games.crazy_fishing.events import (
    Bream,
    Cast,
    Caught,
    Choose,
    ClosingTime,
    DeckRebuilt,
    Drew,
    Flip,
    GameEnd,
    GotAway,
    GotAwayBeside,
    NobodyCasts,
    NoFish,
    NoPeek,
    NoRetry,
    Order,
    Peek,
    PeekFace,
    Puffer,
    Released,
    Reveal,
    Round,
    RoundEnd,
    SeaShuffled,
    SetUp,
    SitsOut,
    Split,
    TieBreak,
    Turbulent,
)
from angler.games.crazy_fishing.scoring import final_scores
from angler.games.crazy_fishing.sea import (
    SeaLayout,
    is_covered,
    read_scatter,
    row_outcome,
    scatter_outcome,
    shuffled_apart,
    uncovered,
)

if TYPE_CHECKING:
    from angler.games.crazy_fishing.game import CrazyFishingGame
    from angler.games.crazy_fishing.view import CrazyFishingView, PublicParts

Parts = tuple[tuple[int, ...], tuple[int, ...], int]  # a cast's rods, baits, fish bait (or -1)
HAND_SIZE = 6
DRAW_ROD = act.code(act.DRAW, 0)
DRAW_BAIT = act.code(act.DRAW, 1)
# Legal draws by (rods left, baits left); shared lists, like every legal list owned by a state.
DRAW_CHOICES: tuple[tuple[list[int], list[int]], ...] = (
    ([], [DRAW_BAIT]),
    ([DRAW_ROD], [DRAW_ROD, DRAW_BAIT]),
)
END_AT = 5  # the game ends after a round with this many fish or fewer left
BARS_PLUS = {ROD: "moray-eel", BAIT: "crab"}  # on top of a catch pile: no "+" card of that kind

CAST, TURBULENT, PEEK, CHOOSE, SPLIT, RETRY, COLLECT, GAME_OVER = range(8)
PHASE_NAMES = ("cast", "turbulent", "peek", "choose", "split", "retry", "collect", "over")


class CrazyFishingState(State["CrazyFishingView"]):
    FIELDS: ClassVar[Fields] = {
        "at": SHARED,
        "bait_deck": COPY,
        "bait_discard": COPY,
        "beside": COPY,
        "cards": SHARED,
        "cast": COPY,
        "cast_done": COPY,
        "cast_options": COPY,
        "catcher_baits": SHARED,
        "caught_this_round": COPY,
        "collect_order": COPY,
        "collecting": SHARED,
        "free_cache": SHARED,
        "hands": COPY_EACH,
        "n": SHARED,
        "order": COPY,
        "parts": SHARED,
        "peeked": COPY_EACH,
        "peeks_left": SHARED,
        "phase": SHARED,
        "piles": COPY_EACH,
        "removed": COPY,
        "retry_bait": SHARED,
        "rod_deck": COPY,
        "rod_discard": COPY,
        "round": SHARED,
        "sea": SHARED,
        "sea_card": COPY,
        "sea_known": COPY,
        "targets": COPY,
        "targets_wanted": SHARED,
        "turbulent_after": SHARED,
        "view_public": reset(None),
    }
    __slots__ = tuple(FIELDS)

    game: CrazyFishingGame

    def __init__(self, game: CrazyFishingGame, chance: Chance) -> None:
        self._init_core(game, chance)
        self.cards: CardSet = game.cards
        n = self.n = game.players
        self.round = 0
        self.phase = CAST
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.rod_deck: list[int] = []  # top = end
        self.bait_deck: list[int] = []
        self.rod_discard: list[int] = []
        self.bait_discard: list[int] = []
        self.sea_card: list[int] = []  # by spot, bottom of the pile first; -1 once taken
        self.sea = SeaLayout([], [], 1)  # positions (mm) and overlaps of the spots
        self.sea_known: list[bool] = []  # face seen by everyone since the last scatter
        self.beside: list[int] = []  # fish beside the sea (faces known: they were flipped)
        self.piles: list[list[int]] = [[] for _ in range(n)]  # catch piles, top = end
        self.removed: list[int] = []  # fish spent as bait with an out-of-series rod
        self.cast: list[int] = [0] * n  # bitmask of the cards cast; 0 = none
        self.cast_done: list[bool] = [False] * n
        self.cast_options: list[list[int] | None] = [None] * n  # this round's casts, by seat
        self.free_cache: list[int] | None = None  # uncovered sea spots, until the sea changes
        self.order: list[int] = []  # catch order of this round
        # Each seat's revealed cast as (rods, baits, fish bait or -1); set at the reveal.
        self.parts: list[Parts] = []
        self.at = 0  # index in ``order`` of the player catching now
        self.catcher_baits: tuple[int, ...] = ()
        self.peeks_left = 0
        self.peeked: list[list[int]] = [[] for _ in range(n)]  # spots each seat has looked at
        self.turbulent_after = False
        self.targets: list[tuple[int, int]] = []  # (SEA spot | BESIDE card, ...) chosen this catch
        self.targets_wanted = 1
        self.retry_bait = 0
        self.caught_this_round: list[tuple[int, int]] = []  # (seat, fish)
        self.collect_order: list[int] = []
        self.collecting = 0
        # What every seat's view shows alike (``view.public_parts``), built by the first view
        # of this position and dropped at the next action: a move's views share it.
        self.view_public: PublicParts | None = None

    # ----- set-up -----
    def set_up(self) -> None:
        """Shuffle the fish into the sea and the rod and bait decks apart; deal 3 rods, 3 baits
        (the mini: 2 and 2)."""
        game = self.game
        fish, rods, baits = (
            list(game.fish_in_play),
            list(game.rods_in_play),
            list(game.baits_in_play),
        )
        dealt = self.chance.outcome(lambda rng: shuffled_apart(rng, [rods, baits]))
        rods, baits = dealt[: len(rods)], dealt[len(rods) :]
        take_rods, take_baits = game.deal_rods, game.deal_baits
        for seat in range(self.n):
            self.hands[seat] = sorted(rods[-take_rods:] + baits[-take_baits:])
            del rods[-take_rods:], baits[-take_baits:]
        self.rod_deck, self.bait_deck = rods, baits
        self.shuffle_the_sea(fish, announce=False)
        self.events.append(SetUp(len(fish), take_rods, take_baits))
        self.start_round()

    # ----- whose decision -----
    def current_players(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == CAST:
            done = self.cast_done  # a list, not a generator: this runs at every decision
            return tuple([s for s in range(self.n) if not done[s]])
        if phase == COLLECT:
            return (self.collect_order[self.collecting],)
        if phase == GAME_OVER:
            return ()
        return (self.order[self.at],)

    def is_terminal(self) -> bool:
        return self.phase == GAME_OVER

    def scores(self) -> list[int]:
        return final_scores(self.piles, self.cards)

    # ----- legal actions: each rule one method, used here and by legality.explain -----
    def _legal_actions(self, player: int) -> list[int]:
        phase = self.phase
        if phase == COLLECT:  # the most frequent decision: one per card drawn
            if player != self.collect_order[self.collecting]:
                return []
            can_rod, can_bait = self.can_draw()
            return DRAW_CHOICES[can_rod][can_bait]
        if phase == CAST:
            if not 0 <= player < self.n or self.cast_done[player]:
                return []
            return self.legal_casts(player)
        if phase == GAME_OVER or player != self.order[self.at]:
            return []
        if phase == TURBULENT:
            return [act.code(act.TURBULENT, 0), act.code(act.TURBULENT, 1)]
        if phase == PEEK:
            return [act.code(act.PEEK, s) for s in self.sea_spots()] + [act.code(act.SKIP)]
        if phase == CHOOSE:
            return self.choosable_fish(player)
        if phase == SPLIT:
            baits = self.catcher_baits
            return [
                act.code(act.SPLIT, act.mask_of(first))
                for size in range(len(baits) + 1)
                for first in combinations(baits, size)
                if self.split_allowed(first)
            ]
        if phase == RETRY:
            return [*self.choosable_fish(player), act.code(act.SKIP)]
        return []

    def can_draw(self) -> tuple[bool, bool]:
        """(rod, bait): a deck can be drawn from while it or its discard pile holds a card."""
        return bool(self.rod_deck or self.rod_discard), bool(self.bait_deck or self.bait_discard)

    def plus_barred(self, seat: int) -> tuple[bool, bool]:
        """(rods, baits): while an out-of-series fish tops your catch pile, a Moray Eel forbids
        "+" rods in your cast and a Crab "+" baits (``BARS_PLUS``)."""
        pile = self.piles[seat]
        if not pile:
            return False, False
        limit = self.cards.effect[pile[-1]]
        return limit == BARS_PLUS[ROD], limit == BARS_PLUS[BAIT]

    def legal_casts(self, seat: int) -> list[int]:
        """1 rod and 1 bait; more of a kind only with a "+" card of that kind among them.

        The Super-Fast Reel needs another rod and at least 2 baits. A Crab on top of your catch
        pile forbids "+" baits, a Moray Eel "+" rods. With an out-of-series rod you may name a fish
        of your catch pile to fish with instead of your single bait card.
        """
        cached = self.cast_options[seat] if self.phase == CAST else None
        if cached is not None:
            return cached
        cards = self.cards
        kind, plus = cards.kind, cards.plus
        hand = self.hands[seat]
        no_plus_rods, no_plus_baits = self.plus_barred(seat)
        rod_sets = _kind_sets(
            [c for c in hand if kind[c] == ROD and not (no_plus_rods and plus[c])], cards
        )
        bait_sets = _kind_sets(
            [c for c in hand if kind[c] == BAIT and not (no_plus_baits and plus[c])], cards
        )
        if not rod_sets or not bait_sets:
            return []
        bits = cards.special_bits
        reel_bits = bits.get("super-fast-reel", 0)
        casts = [  # CAST is kind 0: the code is the cards' mask shifted past the kind bits
            (rod_mask | bait_mask) << 4
            for rod_mask, _ in rod_sets
            if not rod_mask & reel_bits
            for bait_mask, _ in bait_sets
        ]
        if not cards.special_ids["super-fast-reel"].isdisjoint(hand):
            # Its own text asks for the two baits, so they need no "+" among them (Crab still
            # forbids "+" baits): any set of the baits, as many as the Reel asks for.
            baits = [c for c in hand if kind[c] == BAIT and not (no_plus_baits and plus[c])]
            masks = [0]
            for card in baits:
                bit = 1 << card
                masks += [mask | bit for mask in masks]
            counted = [(mask, mask.bit_count()) for mask in masks]
            casts += [
                (rod_mask | bait_mask) << 4
                for rod_mask, rod_count in rod_sets
                if rod_mask & reel_bits and (least := reel_baits_needed(rod_count))
                for bait_mask, count in counted
                if count >= least
            ]
        oos_bits = bits.get("out-of-series", 0)
        fish_baits = (
            []
            if cards.special_ids["out-of-series"].isdisjoint(hand)
            else [c for c in self.piles[seat] if kind[c] == FISH]
        )
        if fish_baits:
            most = len(hand) + 1
            fish_fits = {  # by "the Reel is among the rods", then by the number of bait cards
                reel: [fish_as_bait(True, reel, n) for n in range(most)] for reel in (False, True)
            }
            casts += [
                (rod_mask | bait_mask | 1 << fish) << 4
                for rod_mask, _ in rod_sets
                if rod_mask & oos_bits
                for bait_mask, bait_count in bait_sets
                if fish_fits[bool(rod_mask & reel_bits)][bait_count]
                for fish in fish_baits
            ]
        return casts

    def sea_spots(self) -> list[int]:
        """The sea spots that hold a card, covered or not."""
        return [s for s, card in enumerate(self.sea_card) if card >= 0]

    def bait_bucket_reaches(self, seat: int) -> bool:
        """A Bait Bucket in ``seat``'s cast lets it take any sea fish, covered or not (not one
        put back because a fish was the bait)."""
        return bool(
            self.cast[seat] & self.cards.special_bits.get("bait-bucket", 0)
            and self.cast_parts(seat)[2] < 0
        )

    def choosable_fish(self, seat: int) -> list[int]:
        """Uncovered sea fish (any with a Bait Bucket) and the fish beside the sea; the Super-Fast
        Reel's second fish must be another one."""
        pool = self.sea_spots() if self.bait_bucket_reaches(seat) else self.free_spots()
        spots = [s << act.KIND_BITS | act.SEA for s in pool]
        if self.beside:
            spots += [c << act.KIND_BITS | act.BESIDE for c in self.beside]
        if self.targets:
            chosen = {ref << act.KIND_BITS | kind for kind, ref in self.targets}
            spots = [code for code in spots if code not in chosen]
        return spots

    def split_allowed(self, first: Sequence[int]) -> bool:
        """Super-Fast Reel: the baits cast are split between the two fish, at least one each."""
        baits = self.catcher_baits
        return 0 < len(first) < len(baits) and set(first) <= set(baits)

    # ----- applying actions -----
    def _apply_action(self, player: int, action: int) -> None:
        self.view_public = None  # the position changes: the next view builds it anew
        kind, argument = action & act.KIND_MASK, action >> act.KIND_BITS
        if kind == act.DRAW:
            self.collect_a_card(player, argument)
        elif kind == act.CAST:
            self.cast_secretly(player, argument)
        elif kind == act.TURBULENT:
            self.turbulent_bait(argument == 1)
        elif kind == act.PEEK:
            self.fish_finder_look(player, argument)
        elif kind == act.SKIP:
            if self.phase == PEEK:
                self.peeks_left = 0
                self.events.append(NoPeek(player))
                self.ready_to_choose()
            else:
                self.events.append(NoRetry(player))
                self.end_of_catch()
        elif kind in (act.SEA, act.BESIDE):
            self.choose_a_fish(kind, argument)
        elif kind == act.SPLIT:
            self.split_the_baits(act.ids_of(argument))

    # ----- 1. Cast -----
    def start_round(self) -> None:
        self.round += 1
        self.phase = CAST
        self.caught_this_round = []
        self.cast_options = [None] * self.n
        for seat in range(self.n):
            self.cast[seat] = 0
            self.cast_options[seat] = options = self.legal_casts(seat)
            self.cast_done[seat] = not options
            if self.cast_done[seat]:
                self.events.append(SitsOut(seat))
        self.events.append(Round(self.round))
        if all(self.cast_done):  # nobody can ever fish again without casting: the game ends
            self.events.append(NobodyCasts(self.round))
            self.end_game()

    def cast_secretly(self, seat: int, mask: int) -> None:
        """Everyone chooses rods and baits face down at the same time."""
        self.cast[seat] = mask
        self.cast_done[seat] = True
        self.events.append(Cast(seat, mask))
        if all(self.cast_done):
            self.reveal()

    def cast_parts(self, seat: int) -> Parts:
        """The rods, the baits and the fish used as bait (-1 if none) of a revealed cast."""
        return self.parts[seat]

    def speed(self, seat: int) -> int:
        value = self.cards.value  # a list, not a generator: once per caster per round
        return sum([value[c] for c in self.cast_parts(seat)[0]])

    def bait_value(self, seat: int, baits: tuple[int, ...] | list[int]) -> int:
        """The total value of your baits, plus or minus 2 for a Golden or Useless Fish on top."""
        value, kind = self.cards.value, self.cards.kind
        total = 0
        for card in baits:
            worth = value[card]
            if worth >= INFINITE:
                return INFINITE
            total += 2 * worth if kind[card] == FISH else worth
        pile = self.piles[seat]
        effect = self.cards.effect[pile[-1]] if pile else None
        if effect == "golden-fish":
            total += 2
        elif effect == "useless-fish":
            total -= 2
        return total

    def reveal(self) -> None:
        """Turn the casts over; fastest first, then the best bait, then turned-up rods."""
        casters = [s for s in range(self.n) if self.cast[s]]
        kinds = self.cards.kind
        self.parts = [cast_parts_of(mask, kinds) for mask in self.cast]
        for seat in casters:
            rods, _, fish = self.cast_parts(seat)
            played = self.cast[seat]
            if fish >= 0:  # out-of-series rod: the bait card goes back, the fish is the bait
                played = act.mask_of(rods)
                self.piles[seat].remove(fish)
                self.removed.append(fish)
            self.hands[seat] = [c for c in self.hands[seat] if not played >> c & 1]
            self.events.append(Reveal(seat, self.cast[seat]))
        keys = {s: (self.speed(s), self.bait_value(s, self.catch_baits(s))) for s in casters}
        self.order = self.catch_order(casters, keys)
        self.events.append(Order(tuple(self.order)))
        self.at = 0
        self.begin_catch()

    def catch_baits(self, seat: int) -> tuple[int, ...]:
        _, baits, fish = self.cast_parts(seat)
        return (fish,) if fish >= 0 else baits

    def catch_order(self, casters: list[int], keys: dict[int, tuple[int, int]]) -> list[int]:
        """Speed, then bait value; still tied, the tied players turn up rods until one is faster."""
        order: list[int] = []
        for key in sorted(set(keys.values()), reverse=True):
            tied = [s for s in casters if keys[s] == key]
            order += self.break_tie(tied)
        return order

    def break_tie(self, tied: list[int], depth: int = 0) -> list[int]:
        if len(tied) == 1:
            return tied
        if depth == 50:  # the rods left cannot separate them (a custom card set): seat order
            return sorted(tied)
        turned: dict[int, int] = {}
        for seat in tied:
            rod = self.draw_from(ROD)
            turned[seat] = self.cards.value[rod] if rod >= 0 else -1
            if rod >= 0:
                self.rod_discard.append(rod)
            self.events.append(TieBreak(seat, rod))
        if len(set(turned.values())) == 1 and all(v < 0 for v in turned.values()):
            return sorted(tied)  # no rods left anywhere: seat order
        result: list[int] = []
        for value in sorted(set(turned.values()), reverse=True):
            result += self.break_tie([s for s in tied if turned[s] == value], depth + 1)
        return result

    # ----- 2. Catch -----
    def begin_catch(self) -> None:
        if self.at >= len(self.order):
            if self.game.collects:
                self.start_collect()
            else:  # the mini: the hands dealt last the game
                self.end_of_round()
            return
        seat = self.order[self.at]
        self.catcher_baits = self.catch_baits(seat)
        bits = self.cards.special_bits
        cast = self.cast[seat]
        self.peeks_left = (cast & bits.get("fish-finder", 0)).bit_count()
        self.targets = []
        self.targets_wanted = 2 if cast & bits.get("super-fast-reel", 0) else 1
        self.turbulent_after = False
        turbulent = cast & bits.get("turbulent", 0) and self.parts[seat][2] < 0
        if turbulent:
            self.phase = TURBULENT
        else:
            self.ready_to_peek()

    def turbulent_bait(self, after: bool) -> None:
        """Reshuffle the sea before your catch, or after it: your choice."""
        seat = self.order[self.at]
        self.events.append(Turbulent(seat, after))
        if after:
            self.turbulent_after = True
        else:
            self.shuffle_the_sea(self.sea_fish())
        self.ready_to_peek()

    def ready_to_peek(self) -> None:
        if self.peeks_left and any(card >= 0 for card in self.sea_card):
            self.phase = PEEK
        else:
            self.ready_to_choose()

    def fish_finder_look(self, seat: int, spot: int) -> None:
        """Look at the front of one sea card (covered or not); only you see it."""
        self.peeks_left -= 1
        self.peeked[seat].append(spot)
        self.events.append(Peek(seat, spot))
        self.events.append(PeekFace(seat, spot, self.sea_card[spot]))
        self.ready_to_peek()

    def ready_to_choose(self) -> None:
        if not self.beside and not self.free_spots():
            # The top card of a pile is never covered, so no free fish means an empty sea. (The
            # rulebook's "no fish can be chosen: shuffle the sea" cannot arise with round cards.)
            self.events.append(NoFish(self.order[self.at]))
            self.end_of_catch()
            return
        self.phase = CHOOSE

    def choose_a_fish(self, kind: int, ref: int) -> None:
        seat = self.order[self.at]
        self.targets.append((kind, ref))
        self.events.append(Choose(seat, kind == act.BESIDE, ref))
        if self.phase == RETRY:
            self.flip(seat, self.targets[-1:])
            self.resolve_catch(self.targets[-1:], [self.retry_bait])
            return
        if len(self.targets) < self.targets_wanted and self.choosable_fish(seat):
            return  # the Super-Fast Reel's second fish
        self.flip(seat, self.targets)
        if len(self.targets) == 2:
            self.phase = SPLIT
            return
        self.resolve_catch(self.targets, [self.bait_value(seat, self.catcher_baits)])

    def flip(self, seat: int, targets: list[tuple[int, int]]) -> None:
        """Turn the tried fish face up for all to see (the event counts those that lay face
        down: they show everyone something, ``events.Flip``)."""
        faces = [self.fish_at(target) for target in targets]
        face_down = 0
        for kind, ref in targets:
            if kind == act.SEA:
                face_down += not self.sea_known[ref]
                self.sea_known[ref] = True
        self.events.append(Flip(seat, tuple(faces), face_down))

    def split_the_baits(self, first: list[int]) -> None:
        """Super-Fast Reel: both fish are flipped, then the baits are split, at least one each."""
        seat = self.order[self.at]
        second = [c for c in self.catcher_baits if c not in first]
        self.events.append(Split(seat, tuple(first), tuple(second)))
        values = [self.bait_value(seat, first), self.bait_value(seat, second)]
        self.resolve_catch(self.targets, values)

    def fish_at(self, target: tuple[int, int]) -> int:
        kind, ref = target
        return self.sea_card[ref] if kind == act.SEA else ref

    def resolve_catch(self, targets: list[tuple[int, int]], baits: list[int]) -> None:
        """Caught if your bait is at least the fish's size; a fish that got away goes back face
        down where it was (beside the sea if a Bait Bucket took it from under another card).
        Every fish is placed before any caught fish's instant effect applies."""
        seat = self.order[self.at]
        size = self.cards.value
        fishes = [self.fish_at(target) for target in targets]
        # Coverage as the fish lay when chosen, before either of a Reel's two fish is taken.
        free = self.free_spots()
        covered = [kind == act.SEA and ref not in free for kind, ref in targets]
        caught: list[tuple[int, int]] = []
        for (kind, ref), fish, bait, was_covered in zip(
            targets, fishes, baits, covered, strict=True
        ):
            if bait >= size[fish]:
                caught.append((fish, bait))
                if kind == act.SEA:
                    self.take_from_sea(ref)
                else:
                    self.beside.remove(fish)
                self.piles[seat].append(fish)
                self.caught_this_round.append((seat, fish))
                self.events.append(Caught(seat, fish, bait))
            elif was_covered:
                self.take_from_sea(ref)
                self.beside.append(fish)
                self.events.append(GotAwayBeside(seat, fish, bait))
            else:
                if kind == act.SEA:
                    self.sea_known[ref] = True
                self.events.append(GotAway(seat, fish, bait))
        retry = -1
        for fish, bait in caught:
            effect = self.cards.effect[fish]
            if effect == "pair-of-fish":
                retry = bait
            elif effect:
                self.instant_effect(seat, fish, effect)
        self.targets = []
        if retry >= 0 and (self.sea_fish() or self.beside):
            self.retry_bait = retry
            if not self.choosable_fish(seat):
                self.shuffle_the_sea(self.sea_fish())
            self.phase = RETRY
            return
        self.end_of_catch()

    def instant_effect(self, seat: int, fish: int, effect: str) -> None:
        """Out-of-series fish with an instant effect act the moment they are caught."""
        if effect == "sustainable-fishing":
            self.sustainable_fishing(seat)
        elif effect == "smart-bream":
            self.smart_bream()
        elif effect == "puffer-fish":
            self.puffer_fish()

    def sustainable_fishing(self, seat: int) -> None:
        """Release the biggest fish caught this round (ties: the first caught), then shuffle."""
        size = self.cards.value
        owner, biggest = max(self.caught_this_round, key=lambda entry: size[entry[1]])
        self.piles[owner].remove(biggest)
        self.caught_this_round.remove((owner, biggest))
        self.events.append(Released(owner, biggest))
        self.shuffle_the_sea([*self.sea_fish(), biggest])

    def smart_bream(self) -> None:
        """Turn over every uncovered sea fish for all to see, and put it back in place."""
        shown = []
        for spot in self.free_spots():
            self.sea_known[spot] = True
            shown.append((spot, self.sea_card[spot]))
        self.events.append(Bream(tuple(shown)))

    def puffer_fish(self) -> None:
        """Each player discards the fastest rod in hand; a player with no rod discards nothing."""
        kind, speed = self.cards.kind, self.cards.value
        for seat in range(self.n):
            rods = [c for c in self.hands[seat] if kind[c] == ROD]
            if rods:
                fastest = max(rods, key=lambda c: (speed[c], -c))
                self.hands[seat].remove(fastest)
                self.rod_discard.append(fastest)
                self.events.append(Puffer(seat, fastest))

    def end_of_catch(self) -> None:
        """Discard the cards you played; a Turbulent Bait kept for "after" shuffles the sea now."""
        seat = self.order[self.at]
        rods, baits, fish = self.cast_parts(seat)
        self.rod_discard += rods
        if fish < 0:
            self.bait_discard += baits
        if self.turbulent_after:
            self.turbulent_after = False
            self.shuffle_the_sea(self.sea_fish())
        self.at += 1
        self.begin_catch()

    # ----- 3. Collect -----
    def start_collect(self) -> None:
        """Refill to 6 cards, one card at a time from the rod or bait deck; fastest first."""
        self.order_for_collect()
        self.collecting = 0
        self.phase = COLLECT
        self.next_collector()

    def order_for_collect(self) -> None:
        self.collect_order = self.order + [s for s in range(self.n) if s not in self.order]

    def next_collector(self) -> None:
        while self.collecting < len(self.collect_order):
            seat = self.collect_order[self.collecting]
            can_draw = bool(
                self.rod_deck or self.rod_discard or self.bait_deck or self.bait_discard
            )
            if not self.holds_a_full_hand(seat) and can_draw:
                return
            self.collecting += 1
        self.end_of_round()

    def holds_a_full_hand(self, seat: int) -> bool:
        """Collect refills a hand to 6 cards, and no further."""
        return len(self.hands[seat]) >= HAND_SIZE

    def collect_a_card(self, seat: int, deck: int) -> None:
        pile = self.rod_deck if deck == 0 else self.bait_deck
        card = pile.pop() if pile else self.draw_from(ROD if deck == 0 else BAIT)
        hand = self.hands[seat]
        insort(hand, card)
        self.events.append(Drew(seat, card, deck))  # the others see a Draw
        if not self.holds_a_full_hand(seat) and (self.rod_deck or self.bait_deck):
            return  # the same player draws again (the common case)
        self.next_collector()

    def draw_from(self, kind: int) -> int:
        """The top card of a deck, rebuilt from its shuffled discard pile when empty; -1 if none."""
        deck, used = (
            (self.rod_deck, self.rod_discard)
            if kind == ROD
            else (self.bait_deck, self.bait_discard)
        )
        if not deck:
            if not used:
                return -1
            deck += used
            used.clear()
            self.chance.shuffle(deck)
            self.events.append(DeckRebuilt(kind))
        return deck.pop()

    # ----- the end -----
    def end_of_round(self) -> None:
        """The game ends after a round with 5 or fewer fish left (fish beside the sea count), or
        at closing time. (The mini goes on until the sea is empty.)"""
        left = len(self.sea_fish()) + len(self.beside)
        self.events.append(RoundEnd(self.round, left))
        if left <= self.game.end_at:
            self.end_game()
        elif self.round >= self.game.round_limit:
            self.closing_time()
        else:
            self.start_round()

    def closing_time(self) -> None:
        """Ruling: after the round limit (the ``rounds`` option) the game ends as if the sea had
        run out: scored as usual, highest wins, ties share. Real games end long before; it keeps
        every game finite, random play included (nothing in the rules forces a catch)."""
        self.events.append(ClosingTime(self.round))
        self.end_game()

    def end_game(self) -> None:
        self.phase = GAME_OVER
        self.events.append(GameEnd(tuple(self.scores())))

    # ----- the sea -----
    def free_spots(self) -> list[int]:
        """Sea spots holding a fish that no card above overlaps."""
        if self.free_cache is None:
            self.free_cache = uncovered(self.sea_card, self.sea.above)
        return self.free_cache

    def take_from_sea(self, spot: int) -> None:
        """A fish leaves the sea; fish it covered may come free (updated, not rebuilt)."""
        cards = self.sea_card
        cards[spot] = -1
        free = self.free_cache
        if free is not None:
            above = self.sea.above
            freed = [
                s for s in self.sea.below[spot] if cards[s] >= 0 and not is_covered(s, cards, above)
            ]
            free = [s for s in free if s != spot]  # a new list: clones may share the old one
            if freed:
                free = sorted(set(free).union(freed))
            self.free_cache = free

    def sea_fish(self) -> list[int]:
        return [card for card in self.sea_card if card >= 0]

    def shuffle_the_sea(self, fish: list[int], announce: bool = True) -> None:
        """Scatter the fish anew with your eyes closed: new places, new order, faces unknown."""
        sea = self.cards.sea
        if self.game.mini:
            groups, diameter = self.game.mini_sea_groups, sea["diameter"]
            outcome = self.chance.outcome(lambda rng: row_outcome(fish, groups, rng, diameter))
        else:
            outcome = self.chance.outcome(
                lambda rng: scatter_outcome(fish, rng, sea["diameter"], sea["spread"])
            )
        fish, xs, ys = read_scatter(outcome, fish)
        self.sea = SeaLayout(xs, ys, sea["diameter"])
        self.sea_card = fish
        self.free_cache = None
        self.sea_known = [False] * len(fish)
        self.peeked = [[] for _ in range(self.n)]
        if announce:
            self.events.append(SeaShuffled(len(fish)))

    # ----- errors -----
    def _why_illegal(self, player: int, action: int) -> IllegalActionError:
        if action & act.KIND_MASK == act.DRAW and self.holds_a_full_hand(player):
            return IllegalActionError(
                "collect", f"Player {player + 1} already holds {HAND_SIZE} cards and may not draw"
            )
        if self.is_terminal() or player not in self.current_players():
            return super()._why_illegal(player, action)
        from angler.games.crazy_fishing.legality import explain

        return explain(self, player, action)

    # ----- views -----
    def _view(self, player: int) -> CrazyFishingView:
        from angler.games.crazy_fishing.view import build_view

        return build_view(self, player)


def last_generation(count: int, with_plus: bool) -> bool:
    """A cast holds 1 card of a kind, or several with a "+" card of that kind among them."""
    return count == 1 or with_plus


def reel_baits_needed(rods: int) -> int:
    """The Super-Fast Reel is cast with another rod and at least 2 baits: the fewest baits it
    takes beside ``rods`` rods (the Reel among them), or 0 if it cannot be cast."""
    return 2 if rods >= 2 else 0


def fish_as_bait(out_of_series: bool, reel: bool, baits: int) -> bool:
    """A fish of your catch pile may be the bait only with an out-of-series rod (not with the
    Reel), beside exactly 1 bait card."""
    return out_of_series and not reel and baits == 1


def cast_parts_of(mask: int, kinds: tuple[int, ...]) -> Parts:
    """A cast's rods, baits and fish bait."""
    rods: list[int] = []
    baits: list[int] = []
    fish = -1
    for card in act.ids_of(mask):  # one pass: this runs at every reveal of every search playout
        kind = kinds[card]
        if kind == ROD:
            rods.append(card)
        elif kind == BAIT:
            baits.append(card)
        elif kind == FISH and fish < 0:
            fish = card
    return tuple(rods), tuple(baits), fish


# For each pattern of "+" flags in a group (in hand order): the subsets one may cast, as
# (bitmask over the group's positions, size). Patterns are few, so this table stays tiny.
_PATTERNS: dict[tuple[bool, ...], tuple[tuple[int, int], ...]] = {}


def _pattern_subsets(flags: tuple[bool, ...]) -> tuple[tuple[int, int], ...]:
    found = _PATTERNS.get(flags)
    if found is None:
        subsets = []
        for index in range(1, 1 << len(flags)):
            size = index.bit_count()
            with_plus = any(flags[i] for i in range(len(flags)) if index >> i & 1)
            if last_generation(size, with_plus):
                subsets.append((index, size))
        found = _PATTERNS[flags] = tuple(subsets)
    return found


def _kind_sets(group: list[int], cards: CardSet) -> Sequence[tuple[int, int]]:
    """The rod (or bait) sets one may cast, as (bitmask of cards, size): one card, or several
    with a "+" among them. Remembered on the card set (tuples of ints only: the garbage
    collector stops tracking them)."""
    flags = tuple([cards.plus[c] for c in group])
    if True not in flags:  # no "+": one card at a time
        return [(1 << c, 1) for c in group]
    key, kept = tuple(group), cards.cast_sets
    found = kept.get(key)
    if found is None:
        subsets = _pattern_subsets(flags)
        masks = [0]
        for card in group:  # masks[i] = the cards at the positions set in i
            bit = 1 << card
            masks += [mask | bit for mask in masks]
        if len(kept) > 50_000:  # a bound on a long-lived card set's memo
            kept.clear()
        found = kept[key] = tuple([(masks[index], size) for index, size in subsets])
    return found
