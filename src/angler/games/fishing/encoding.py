"""Fishing for learning code (``core/encoding.py``): its action codes are already small and fixed
(``kind × N + card``, ``N`` cards in the set, ``actions.py``), so an action's index is its code;
the observation is the view's hand, trick, catch piles and public memory in fixed blocks
(``docs/interop.md``, "Encodings")."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from angler.core.encoding import LaidOutEncoding
from angler.core.tensors import TensorLayout, put_mask, put_ones
from angler.games.fishing.cards import CALL_COLOUR, CATCH_ONE, MINUS_THREE, PASS_LEFT, SUITS
from angler.games.fishing.rules import PHASE_NAMES
from angler.games.fishing.view import FishingView

if TYPE_CHECKING:
    from angler.games.fishing.game import FishingGame

CALLABLE = 5  # the colours a caller may name


class FishingEncoding(LaidOutEncoding[FishingView]):
    def __init__(self, game: FishingGame) -> None:
        super().__init__(game)
        self.effects = game.cards.effect
        n = self.cards = len(game.cards)
        p = self.players = game.players
        minus = self.effects.count(MINUS_THREE)
        self.count = 3 * n + CALLABLE  # play, catch and pass a card; call a colour
        self.phase_of = {name: index for index, name in enumerate(PHASE_NAMES)}
        t = self.layout = TensorLayout()
        self.at_seat = t.add("seat", p, "the viewer's seat (all 0 for a spectator)")
        self.at_phase = t.add("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES))
        self.rounds = game.rounds
        self.hand_sizes = game.hand_sizes
        self.at_round = t.add("round", self.rounds, f"one-hot: round 1 … {self.rounds}")
        self.at_current = t.add("to_act", p, "seats that decide now")
        self.at_hand = t.add("hand", n, "the viewer's hand, by card id")
        self.at_own_stock = t.add("own_stock", n, "the cards in the viewer's stockroom")
        self.at_passed = t.add("passed", p, "pass phase: seats that have chosen their card")
        self.at_my_pass = t.add("my_pass", n, "pass phase: the card the viewer chose")
        self.at_known_pass = t.add("last_pass", n, "the card the viewer last passed")
        self.at_pass_to = t.add("last_pass_to", p, "the seat it went to")
        self.at_trick_seat = t.add("trick_seat", (p, p), "by play order: who played")
        self.at_trick_card = t.add("trick_card", (p, n), "by play order: the card played")
        self.at_remaining = t.add("trick_remaining", p, "by play order: not yet caught")
        self.at_pending = t.add("trick_pending", p, "by play order: its effect is unresolved")
        self.at_leader = t.add("leader", p, "who leads this trick")
        self.at_turn = t.add("turn", p, "whose turn it is to play")
        self.at_former = t.add("former_leader", p, "who led the last finished trick")
        self.at_led = t.add("led", len(SUITS), "the colour this trick follows (none: all 0)")
        self.at_call = t.add("called", CALLABLE, "the colour called for this trick")
        self.at_caller = t.add("caller", p, "who calls a colour")
        self.at_lowest = t.add("lowest_wins", 1, "this trick: lowest value wins")
        self.at_next_first = t.add("next_first", p, "who plays first in the next trick")
        self.at_next_call = t.add("next_called", CALLABLE, "the colour called for the next trick")
        self.at_next_lowest = t.add("next_lowest_wins", 1, "next trick: lowest value wins")
        self.at_winner = t.add("trick_winner", p, "who takes the trick being resolved")
        self.at_winning = t.add("winning_card", n, "the card taking it")
        self.at_chooser = t.add("chooser", p, "whose 0 chooses a card to catch")
        self.at_fishers = t.add("caught", (p, n), "each seat's caught cards (its next hand)")
        self.at_seen = t.add("seen", n, "every card ever played face up")
        self.at_may_hold = t.add("may_hold", (p, n), "public memory: cards each seat may hold")
        self.at_stock_may = t.add(
            "stock_may_hold", (p, n), "public memory: cards each stockroom may hold"
        )
        # A pile never holds more than the whole card set.
        self.at_hand_sizes = t.add("hand_sizes", p, "cards in each hand", 0, n)
        self.at_stock_sizes = t.add("stock_sizes", p, "cards in each stockroom", 0, n)
        self.at_ocean = t.add("ocean_size", 1, "cards in the ocean stack", 0, n)
        # A score gains 1 a caught card, at most every card a round, and loses 3 for each -3
        # card caught, at most each once a round.
        self.at_scores = t.add(
            "scores", p, "points so far", -3 * self.rounds * minus, self.rounds * n
        )
        self.at_overfished = t.add("overfished", 1, "the ocean could not refill the hands")
        self.zeros = array("d", t.zeros())

    # ----- actions: the code is the index -----
    def action_count(self) -> int:
        return self.count

    def action_index(self, view: FishingView, code: int) -> int:
        if type(code) is not int or not 0 <= code < self.count:
            raise ValueError(f"{code!r} is not a Fishing action code")
        return code

    def action_code(self, view: FishingView, index: int) -> int:
        if type(index) is not int or not 0 <= index < self.count:
            raise ValueError(f"{index!r} is not a Fishing action index (0 to {self.count - 1})")
        return index

    # ----- bounds -----
    def max_game_length(self) -> int:
        """Every card dealt into a round's hands is played once in that round (caught cards
        wait on the fisher for the next round; a pass only moves a card between hands), so a
        round has ``players × hand size`` plays. Besides the plays, a card causes at most one
        more decision a round: a 0 its catch, a call-colour buoy the next trick's call, a
        pass-left buoy a pass by every seat. Counted over the whole card set, every round."""
        p = self.players
        plays = sum(p * size for size in self.hand_sizes)
        extra = 0
        for effect in self.effects:
            extra += p if effect == PASS_LEFT else int(effect in (CATCH_ONE, CALL_COLOUR))
        return plays + self.rounds * extra

    # ----- observations -----
    def observation(self, view: FishingView) -> list[float]:
        return self.observation_array(view).tolist()

    def observation_array(self, view: FishingView) -> array[float]:
        out = self.zeros[:]  # a copy: arrays have no copy()
        n, p = self.cards, self.players
        if not view.spectator:
            out[self.at_seat + view.player] = 1.0
        out[self.at_phase + self.phase_of[view.phase]] = 1.0
        if 1 <= view.round <= self.rounds:
            out[self.at_round + view.round - 1] = 1.0
        put_ones(out, self.at_current, view.current)
        put_ones(out, self.at_hand, view.hand)
        put_ones(out, self.at_own_stock, view.own_stock)
        put_ones(out, self.at_passed, [seat for seat, done in enumerate(view.passed) if done])
        if view.my_pass >= 0:
            out[self.at_my_pass + view.my_pass] = 1.0
        if view.known_pass is not None:
            card, receiver, _ = view.known_pass
            out[self.at_known_pass + card] = 1.0
            out[self.at_pass_to + receiver] = 1.0
        for place, (seat, card) in enumerate(view.trick):
            out[self.at_trick_seat + place * p + seat] = 1.0
            out[self.at_trick_card + place * n + card] = 1.0
        put_ones(out, self.at_remaining, view.remaining)
        put_ones(out, self.at_pending, view.pending)
        for offset, seat in (
            (self.at_leader, view.leader),
            (self.at_turn, view.turn),
            (self.at_former, view.former_leader),
            (self.at_caller, view.caller),
            (self.at_next_first, view.next_first),
            (self.at_winner, view.winner),
            (self.at_chooser, view.chooser),
        ):
            if 0 <= seat < p:
                out[offset + seat] = 1.0
        if view.led >= 0:
            out[self.at_led + view.led] = 1.0
        if view.call_suit >= 0:
            out[self.at_call + view.call_suit] = 1.0
        if view.next_call >= 0:
            out[self.at_next_call + view.next_call] = 1.0
        out[self.at_lowest] = float(view.lowest)
        out[self.at_next_lowest] = float(view.next_lowest)
        if view.winning_card >= 0:
            out[self.at_winning + view.winning_card] = 1.0
        for seat in range(p):
            put_ones(out, self.at_fishers + seat * n, view.fishers[seat])
            put_mask(out, self.at_may_hold + seat * n, view.may_hold[seat], n)
            stock = 0
            for mask, _ in view.stock_layers[seat]:
                stock |= mask
            put_mask(out, self.at_stock_may + seat * n, stock, n)
        put_mask(out, self.at_seen, view.seen, n)
        out[self.at_hand_sizes : self.at_hand_sizes + p] = array("d", view.hand_sizes)
        out[self.at_stock_sizes : self.at_stock_sizes + p] = array("d", view.stock_sizes)
        out[self.at_ocean] = float(view.ocean_size)
        out[self.at_scores : self.at_scores + p] = array("d", view.scores)
        out[self.at_overfished] = float(view.overfished)
        return out
