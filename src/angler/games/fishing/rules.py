"""Fishing's rules as a state machine. Each rulebook rule lives in one method named after it.

Cards are ids into the card set; actions are integer codes (see ``actions.py``). Seats are numbered
clockwise, so "the next player" and "the player to your left" are both ``(seat + 1) % n``.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, ClassVar, Literal

from angler.core.chance import Chance
from angler.core.errors import IllegalActionError
from angler.core.fields import COPY, COPY_EACH, SHARED, Fields
from angler.core.state import State
from angler.games.fishing.actions import CALL, CATCH, PASS
from angler.games.fishing.actions import PLAY as PLAY_CARD
from angler.games.fishing.cards import (
    BUOY,
    CALL_COLOUR,
    CATCH_ALL,
    CATCH_ONE,
    LOWEST_WINS,
    MINUS_THREE,
    PASS_LEFT,
    PLAY_FIRST,
    SUITS,
    TRUMP,
    CardSet,
)
from angler.games.fishing.events import (
    Call,
    Catch,
    Draws,
    Drew,
    Forfeit,
    GameEnd,
    Gave,
    Got,
    MinusThree,
    Nothing,
    Overfishing,
    Passed,
    PassStarts,
    Round,
    RoundEnd,
    Trick,
)

if TYPE_CHECKING:
    from angler.games.fishing.game import FishingGame
    from angler.games.fishing.view import FishingView

ROUNDS = 8
# Hand size by player count and round (round 1 is the deal), from the round card.
HAND_SIZES = {
    3: (10, 10, 11, 11, 12, 12, 13, 13),
    4: (9, 9, 10, 10, 11, 11, 12, 12),
    5: (8, 8, 9, 9, 10, 10, 11, 11),
}
MINI_HAND_SIZES = (2, 2)  # the mini variant (``size=mini``): 3 players, 2 rounds of 2 tricks

# Phases: who decides what.
PLAY = 0  # the turn player plays a card to the trick
CHOOSE_CATCH = 1  # the owner of a "0" chooses the card it catches
CHOOSE_PASS = 2  # everyone secretly chooses a card to pass left (simultaneous)
CHOOSE_CALL = 3  # the caller names the colour of this trick
GAME_OVER = 4
PHASE_NAMES = ("play", "catch", "pass", "call", "over")
DECISION = (PLAY_CARD, CATCH, PASS, CALL)  # the kind of action each phase asks for
CALLABLE = range(5)  # the colours a caller may name (the 5 suits, not trump or buoy)

END_OF_TRICK_EFFECTS = (CATCH_ONE, PASS_LEFT, CATCH_ALL)


class FishingState(State["FishingView"]):
    FIELDS: ClassVar[Fields] = {
        "buoy_ids": SHARED,
        "call_suit": SHARED,
        "caller": SHARED,
        "cards": SHARED,
        "chooser": SHARED,
        "effect": SHARED,
        "fisher": COPY_EACH,
        "former_leader": SHARED,
        "hands": COPY_EACH,
        "in_game": SHARED,
        "known_pass": COPY,
        "leader": SHARED,
        "led": SHARED,
        "lowest": SHARED,
        "may_hold": COPY,
        "n": SHARED,
        "next_call": SHARED,
        "next_first": SHARED,
        "next_lowest": SHARED,
        "ocean": COPY,
        "ocean_masks": SHARED,
        "overfished": SHARED,
        "pass_choice": COPY,
        "pending": COPY,
        "phase": SHARED,
        "remaining": COPY,
        "round": SHARED,
        "score": COPY,
        "seen_mask": SHARED,
        "shown": SHARED,
        "stock": COPY_EACH,
        "stock_layers": COPY_EACH,
        "suit": SHARED,
        "trick": COPY,
        "trick_has_effect": SHARED,
        "trick_seats": COPY,
        "turn": SHARED,
        "winner": SHARED,
        "winning_card": SHARED,
    }
    __slots__ = tuple(FIELDS)

    game: FishingGame

    def __init__(self, game: FishingGame, chance: Chance) -> None:
        self._init_core(game, chance)
        self.cards: CardSet = game.cards
        self.suit = game.cards.suit  # shared lookup tables, by card id
        self.effect = game.cards.effect
        self.buoy_ids = game.cards.buoy_ids
        self.trick_has_effect = False
        n = self.n = game.players
        self.round = 1
        self.phase = PLAY
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[list[int]] = [[] for _ in range(n)]  # top of stack = end of list
        # Public memory of each stockroom: (composition mask, cards left), top layer first.
        self.stock_layers: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.fisher: list[list[int]] = [[] for _ in range(n)]
        self.ocean: list[int] = []  # top of stack = end of list
        # Public: the cards each ocean position (0 = bottom) may hold (its star tier's cards).
        self.ocean_masks: tuple[int, ...] = game.ocean_tier_masks
        self.score = [0] * n
        self.leader = self.turn = 0
        self.former_leader = 0  # leader of the last finished trick, for tie-breaks
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.led = -1  # suit the trick must follow, -1 until set
        self.call_suit = -1
        self.caller = -1
        self.lowest = False
        self.next_first = self.next_call = -1
        self.next_lowest = False
        self.winner = self.winning_card = -1
        self.pending: list[int] = []  # trick positions whose end-of-trick effect is unresolved
        self.remaining: list[int] = []  # trick positions not yet caught
        self.chooser = -1
        self.pass_choice: list[int] = []
        # Public knowledge: which cards each seat might hold, and every card ever shown.
        self.may_hold = [0] * n
        self.seen_mask = 0  # every card ever played face up (public memory)
        self.shown = 0  # cards played in finished rounds (kept up to date for round starts)
        # The card you last passed, to whom, and what they might hold before it (yours alone).
        self.known_pass: list[tuple[int, int, int] | None] = [None] * n
        self.overfished = False
        self.in_game = 0  # mask of every card in this game (public)

    # ----- set-up -----
    def deal_first_round(self) -> None:
        """Preparing the 1st round: starting cards by player count, ocean stack by stars."""
        n = self.n
        starting = list(self.game.starting)
        size = self.game.hand_sizes[0]
        tiers = [list(tier) for tier in self.game.tiers_bottom_up]
        self.chance.shuffle_all([starting, *tiers])
        self.hands = [sorted(starting[seat * size : (seat + 1) * size]) for seat in range(n)]
        in_play = sum(map(self.cards.bit.__getitem__, starting))
        self.may_hold = [in_play] * n
        # 5-star cards at the bottom, 1-star on top (the top is the end of the list).
        self.ocean = [card for layer in tiers for card in layer]
        self.in_game = in_play | sum(map(self.cards.bit.__getitem__, self.ocean))
        self.events.append(Round(1, size))
        self._start_trick(0)

    # ----- whose decision -----
    def current_players(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLAY:
            return (self.turn,)
        if phase == CHOOSE_CATCH:
            return (self.chooser,)
        if phase == CHOOSE_CALL:
            return (self.caller,)
        if phase == CHOOSE_PASS:
            return tuple(seat for seat, card in enumerate(self.pass_choice) if card < 0)
        return ()

    def is_terminal(self) -> bool:
        return self.phase == GAME_OVER

    def scores(self) -> list[int]:
        return list(self.score)

    # ----- legal actions: each rule one method, used by the generator and the explanation -----
    def _legal_actions(self, player: int) -> list[int]:
        phase = self.phase
        if phase == PLAY:
            return self.follow_the_led_colour(self.hands[player]) if player == self.turn else []
        if player not in self.current_players():  # also any int that is not a seat
            return []
        offset = DECISION[phase] * len(self.cards)
        if phase == CHOOSE_CATCH:
            return sorted(offset + card for card in self.catchable())
        if phase == CHOOSE_PASS:
            return [offset + card for card in self.hands[player]]
        if phase == CHOOSE_CALL:
            return [offset + suit for suit in CALLABLE]
        return []

    def follow_the_led_colour(self, hand: list[int]) -> list[int]:
        """The cards of ``hand`` one may play: the led colour (or trump) if you hold it, and a
        buoy at any time; any card when there is no lead yet or you hold none of it."""
        led = self.led
        if led < 0:
            return hand.copy()
        suit = self.suit
        follow = [card for card in hand if suit[card] == led]
        if not follow:
            return hand.copy()
        if self.buoy_ids.isdisjoint(hand):  # the common case: no buoy to add
            return follow
        return sorted(follow + [card for card in hand if suit[card] == BUOY])

    def catchable(self) -> list[int]:
        """The cards the "0" being resolved may catch: 1 other card still in the trick."""
        return [self.trick[i] for i in self.catch_candidates()]

    def _why_illegal(self, player: int, action: int) -> IllegalActionError:
        """Name the Fishing rule that forbids ``action``: the first of the rules above it breaks."""
        if self.is_terminal() or player not in self.current_players():
            return super()._why_illegal(player, action)
        size = len(self.cards)
        kind, card = divmod(action, size) if action >= 0 else (-1, -1)
        wanted = ("play a card", "choose the card their 0 catches", "pass a card", "call a colour")
        seat = f"Player {player + 1}"
        if kind != DECISION[self.phase]:
            return IllegalActionError("turn order", f"{seat} must {wanted[self.phase]} now")
        name = self.cards.cards[card].name if kind != CALL and 0 <= card < size else str(card)
        hand = self.hands[player]
        if self.phase == PLAY:
            if card not in hand:
                return IllegalActionError("play from your hand", f"{name} is not in your hand")
            if card not in self.follow_the_led_colour(hand):
                led = "trump" if self.led == TRUMP else f"the led colour {SUITS[self.led]}"
                return IllegalActionError(
                    "follow the led colour",
                    f"{name} does not follow: you hold {led} and must follow it (or play a buoy)",
                )
        elif self.phase == CHOOSE_CATCH:
            if card not in self.catchable():
                return IllegalActionError(
                    "catch 1 other card", f"{name} is not another card still in the trick"
                )
        elif self.phase == CHOOSE_PASS:
            if card not in hand:
                return IllegalActionError("pass 1 card to the left", f"{name} is not in your hand")
        elif card not in CALLABLE:
            return IllegalActionError("call the colour", f"{card} is not a colour to call")
        return super()._why_illegal(player, action)

    # ----- applying actions -----
    def _apply_action(self, player: int, action: int) -> None:
        if self.phase == PLAY:
            # Lead, follow, trump or shed. A buoy lead lets the next colour or trump set the lead.
            self.events.append(self.game.plays[player][action])
            self.hands[player].remove(action)
            self.seen_mask |= 1 << action
            trick = self.trick
            trick.append(action)
            self.trick_seats.append(player)
            suit = self.suit[action]
            if suit != BUOY:
                led = self.led
                if led < 0:
                    self.led = suit
                elif suit != led:  # failing to follow shows a void
                    self.may_hold[player] &= ~self.cards.suit_mask[led]
            if self.effect[action]:
                self.trick_has_effect = True
            if len(trick) == self.n:
                self.end_of_trick()
            else:
                self.turn = (player + 1) % self.n
            return
        phase = self.phase
        size = len(self.cards)
        if phase == CHOOSE_CATCH:
            self.zero_catches_one(action - CATCH * size)
        elif phase == CHOOSE_PASS:
            self.choose_card_to_pass(player, action - PASS * size)
        elif phase == CHOOSE_CALL:
            self.call_the_colour(action - CALL * size)

    def call_the_colour(self, suit: int) -> None:
        """The caller names the colour all must follow this trick, the caller included."""
        self.call_suit = self.led = suit
        self.phase = PLAY
        self.events.append(Call(self.caller, suit))

    # ----- the end of a trick -----
    def trick_winner(self) -> tuple[int, int]:
        """The seat that catches the trick and its winning card (-1 when a call wins it)."""
        trick, suit, value = self.trick, self.suit, self.cards.value
        target = TRUMP if TRUMP in [suit[card] for card in trick] else self.led
        best = -1
        if target >= 0:
            lowest = self.lowest
            for i, card in enumerate(trick):
                if suit[card] == target and (
                    best < 0
                    or (
                        value[card] < value[trick[best]]
                        if lowest
                        else value[card] > value[trick[best]]
                    )
                ):
                    best = i
        if best < 0:
            if self.call_suit >= 0:  # nobody followed or trumped the call
                return self.caller, -1
            return self.trick_seats[0], trick[0]  # only buoys: the first buoy played
        return self.trick_seats[best], trick[best]

    def end_of_trick(self) -> None:
        self.winner, self.winning_card = self.trick_winner()
        trick = self.trick
        if not self.trick_has_effect:  # plain trick: the winner takes it all
            winner = self.winner
            self.events.append(Trick(winner, self.winning_card, tuple(trick)))
            self.fisher[winner] += trick
            self.former_leader = self.leader
            self.trick = []
            self.trick_seats = []
            if self.hands[0]:
                self._start_trick(self.next_first if self.next_first >= 0 else winner)
            else:
                self.end_of_round()
            return
        effect = self.effect
        self.remaining = list(range(len(trick)))
        last_trick = not self.hands[0]
        for i, card in enumerate(trick):
            kind = effect[card]
            if kind in (PLAY_FIRST, CALL_COLOUR, LOWEST_WINS):
                self.next_trick_effect(self.trick_seats[i], card, kind, last_trick)
        self.pending = [i for i, card in enumerate(trick) if effect[card] in END_OF_TRICK_EFFECTS]
        self.resolve_end_of_trick_effects()

    def next_trick_effect(self, seat: int, card: int, kind: int, last_trick: bool) -> None:
        """Play-first, Call-the-colour, Lowest-wins act on the next trick (not after the last)."""
        if last_trick:
            self.events.append(Forfeit(seat, card))
        elif kind == PLAY_FIRST:
            self.next_first = seat
        elif kind == CALL_COLOUR:
            self.next_call = seat
        else:
            self.next_lowest = True

    def catch_candidates(self) -> list[int]:
        """Trick positions the "0" being resolved may catch: any other card still on the table."""
        zero = self.pending[0]
        return [i for i in self.remaining if i != zero]

    def resolve_end_of_trick_effects(self) -> None:
        """Resolve "0", Catch-all and Pass-left in the order played; stop where someone decides."""
        effect = self.cards.effect
        while self.pending:
            position = self.pending[0]
            card = self.trick[position]
            owner = self.trick_seats[position]
            kind = effect[card]
            if kind == CATCH_ONE:
                candidates = self.catch_candidates()
                if len(candidates) > 1:
                    self.phase = CHOOSE_CATCH
                    self.chooser = owner
                    return
                self.pending.pop(0)
                if candidates:
                    self.catch_from_trick(owner, candidates[0], "zero")
                else:
                    self.events.append(Nothing(owner, card))
            elif kind == CATCH_ALL:
                self.pending.pop(0)
                for other in [i for i in self.remaining if i != position]:
                    self.catch_from_trick(owner, other, "catch-all")
            else:  # PASS_LEFT
                self.pending.pop(0)
                if self.hands[0]:
                    self.phase = CHOOSE_PASS
                    self.pass_choice = [-1] * self.n
                    self.events.append(PassStarts(owner))
                    return
                self.events.append(Forfeit(owner, card))
        self.finish_trick()

    def zero_catches_one(self, card: int) -> None:
        """A "0" catches 1 other card of the trick, chosen by the player who played it."""
        self.pending.pop(0)
        self.phase = PLAY
        self.catch_from_trick(self.chooser, self.trick.index(card), "zero")
        self.chooser = -1  # nobody chooses now (a set-up then need not say who last did)
        self.resolve_end_of_trick_effects()

    def choose_card_to_pass(self, seat: int, card: int) -> None:
        """Pass 1 card to the left: a secret choice; all cards move once everyone has chosen."""
        self.pass_choice[seat] = card
        if min(self.pass_choice) < 0:
            return
        n = self.n
        choice = self.pass_choice
        for giver in range(n):
            self.hands[giver].remove(choice[giver])
        before = self.may_hold.copy()
        for giver in range(n):
            receiver = (giver + 1) % n
            insort(self.hands[receiver], choice[giver])
            self.may_hold[receiver] = before[receiver] | before[giver]
            self.known_pass[giver] = (choice[giver], receiver, before[receiver])
            self.events.append(Gave(giver, choice[giver], receiver))
            self.events.append(Got(receiver, choice[giver], giver))
        self.events.append(Passed(self.round))
        self.pass_choice = []
        self.phase = PLAY
        self.resolve_end_of_trick_effects()

    def catch_from_trick(self, seat: int, position: int, how: Literal["zero", "catch-all"]) -> None:
        self.remaining.remove(position)
        card = self.trick[position]
        self.events.append(Catch(seat, card, how))
        self.place_on_fisher(seat, card)

    def place_on_fisher(self, seat: int, card: int) -> None:
        """Caught cards go on your fisher; the -3 card costs 3 points the moment it lands."""
        self.fisher[seat].append(card)
        if self.cards.effect[card] == MINUS_THREE:
            self.score[seat] -= 3
            self.events.append(MinusThree(seat, card))

    def finish_trick(self) -> None:
        """The winner catches what is left; the winner (or a Play-first player) leads next."""
        winner = self.winner
        trick = self.trick
        left = [trick[i] for i in self.remaining]
        self.events.append(Trick(winner, self.winning_card, tuple(left)))
        for card in left:
            self.place_on_fisher(winner, card)
        self.former_leader = self.leader
        self.trick = []
        self.trick_seats = []
        self.remaining = []
        self.trick_has_effect = False
        if not self.hands[0]:
            self.end_of_round()
            return
        self._start_trick(self.next_first if self.next_first >= 0 else winner)

    def _start_trick(self, leader: int) -> None:
        self.leader = self.turn = leader
        self.lowest = self.next_lowest
        self.next_lowest = False
        self.next_first = -1
        self.call_suit = self.led = -1
        self.winner = self.winning_card = -1
        if self.next_call >= 0:
            self.caller = self.next_call
            self.next_call = -1
            self.phase = CHOOSE_CALL
        else:
            self.caller = -1
            self.phase = PLAY

    # ----- rounds -----
    def end_of_round(self) -> None:
        """1 point per caught card; shuffle them and place them BELOW the old stockroom cards."""
        points = tuple(len(pile) for pile in self.fisher)
        for seat in range(self.n):
            self.score[seat] += points[seat]
        self.events.append(RoundEnd(self.round, points))
        self.known_pass = [None] * self.n  # every passed card has been played by now
        if self.game.shuffle_catches:  # the mini variant keeps them in the order caught
            self.chance.shuffle_all([pile for pile in self.fisher if pile])
        bit = self.cards.bit
        masks = [sum(map(bit.__getitem__, pile)) for pile in self.fisher]  # distinct bits: OR
        # Every card caught this round left whatever older layer it was drawn from.
        caught_now = sum(masks)
        self.shown |= caught_now
        keep = ~caught_now
        self.stock_layers = [
            [(mask & keep, left) for mask, left in layers] for layers in self.stock_layers
        ]
        for seat in range(self.n):
            caught = self.fisher[seat]
            if caught:
                self.stock[seat] = caught + self.stock[seat]
                self.stock_layers[seat].append((masks[seat], len(caught)))
            self.fisher[seat] = []
        if self.round == self.game.rounds:
            self.end_game()
            return
        self.prepare_round(self.round + 1)

    def tie_break(self, seat: int) -> int:
        """Earlier in the former trick's play order comes first."""
        return (seat - self.former_leader) % self.n

    def prepare_round(self, round_no: int) -> None:
        """Draw from stockroom, then ocean stack (most-needed first); the fewest points lead."""
        n = self.n
        size = self.game.hand_sizes[round_no - 1]
        need = [max(0, size - len(self.stock[seat])) for seat in range(n)]
        if sum(need) > len(self.ocean):
            self.overfishing(round_no)
            return
        self.round = round_no
        self.events.append(Round(round_no, size))
        for seat in range(n):
            count = size - need[seat]
            pile = self.stock[seat]
            drawn = pile[len(pile) - count :]
            del pile[len(pile) - count :]
            self.hands[seat] = sorted(drawn)
            self.may_hold[seat] = self._take_from_layers(seat, count)
            self.events.append(Drew(seat, tuple(sorted(drawn)), "stockroom"))
        order = sorted(
            (s for s in range(n) if need[s]), key=lambda s: (-need[s], self.tie_break(s))
        )
        tier_of = self.ocean_masks
        never_shown = ~self.shown  # a card once played never returns to the ocean
        for seat in order:
            ocean = self.ocean
            top = len(ocean) - need[seat]
            drawn = ocean[top:]
            del ocean[top:]
            for position in range(top, top + need[seat]):
                self.may_hold[seat] |= tier_of[position] & never_shown
            self.hands[seat] = sorted(self.hands[seat] + drawn)
            self.events.append(Drew(seat, tuple(sorted(drawn)), "ocean"))
        self.events.append(
            Draws(tuple(size - need[s] for s in range(n)), tuple(order), tuple(need))
        )
        leader = min(range(n), key=lambda s: (self.score[s], self.tie_break(s)))
        self.next_first = self.next_call = -1
        self.next_lowest = False
        self._start_trick(leader)

    def _take_from_layers(self, seat: int, count: int) -> int:
        """Draw ``count`` from the top layers of a stockroom; returns the layers' public mask."""
        layers = self.stock_layers[seat]
        mask = 0
        while count:
            composition, left = layers[0]
            mask |= composition
            take = min(count, left)
            count -= take
            if take == left:
                layers.pop(0)
            else:
                layers[0] = (composition, left - take)
        return mask

    def overfishing(self, round_no: int) -> None:
        """Not enough fresh cards in the ocean for everyone to refill: the game ends at once.

        ``round`` stays at the last round played; ``round_no`` is the one that could not start."""
        self.overfished = True
        self.events.append(Overfishing(round_no))
        self.end_game()

    def end_game(self) -> None:
        self.phase = GAME_OVER
        self.events.append(GameEnd(tuple(self.score)))

    # ----- views -----
    def _view(self, player: int) -> FishingView:
        from angler.games.fishing.view import build_view

        return build_view(self, player)
