"""What one Fishing player may know, and the event log in plain words.

Public: every card played (tricks are played face up, so fishers and stockroom compositions are
public memory), counts of every pile, scores, and what each seat might still hold. Private: your
hand, what you drew, what you passed and received, your own pass choice before it is revealed.
Hidden from everyone: other hands, the order of every stockroom and of the ocean stack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, assert_never

from angler.core.events import Event
from angler.core.view import (
    View,
    counted,
    game_over_line,
    own,
    scores_line,
    seat_line,
    seat_name,
    sentence,
    subject,
    view_of,
)
from angler.games.fishing.actions import CALL, CATCH
from angler.games.fishing.cards import SUITS, TRUMP, CardSet
from angler.games.fishing.events import (
    EVENT_TYPES,
    Call,
    Catch,
    Draws,
    Drew,
    FishingEvent,
    Forfeit,
    GameEnd,
    Gave,
    Got,
    MinusThree,
    Nothing,
    Overfishing,
    Passed,
    PassStarts,
    Play,
    Round,
    RoundEnd,
    Trick,
)
from angler.games.fishing.rules import CHOOSE_PASS, PHASE_NAMES

if TYPE_CHECKING:
    from angler.games.fishing.rules import FishingState


@dataclass(frozen=True)
class FishingView(View):
    round: int
    phase: str
    current: tuple[int, ...]
    legal: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_sizes: tuple[int, ...]
    ocean_size: int
    scores: tuple[int, ...]
    fishers: tuple[tuple[int, ...], ...]
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    leader: int
    turn: int
    led: int
    call_suit: int
    caller: int
    lowest: bool
    next_first: int
    next_call: int
    next_lowest: bool
    winner: int
    winning_card: int
    chooser: int
    pending: tuple[int, ...]
    remaining: tuple[int, ...]
    passed: tuple[bool, ...]  # who has chosen a card to pass
    my_pass: int
    may_hold: tuple[int, ...]
    seen: int
    stock_layers: tuple[tuple[tuple[int, int], ...], ...]
    own_stock: tuple[int, ...]  # sorted: you know what is in your stockroom, not its order
    known_pass: tuple[int, int, int] | None  # your last pass: card, receiver, their mask before
    in_game: int  # mask of every card in this game
    ocean_masks: tuple[int, ...]  # the cards each ocean position may hold (0 = bottom)
    former_leader: int
    overfished: bool


def build_view(state: FishingState, player: int) -> FishingView:
    """The single function through which a Fishing player sees the game; PUBLIC (-1), a
    spectator, gets no hand, stockroom or pass of anyone's."""
    passing = state.phase == CHOOSE_PASS
    return view_of(
        FishingView,
        dict(
            game="fishing",
            player=player,
            players=state.n,
            events=state.seat_events(player),
            round=state.round,
            phase=PHASE_NAMES[state.phase],
            current=state.current_players(),
            legal=tuple(state.legal_actions(player)),
            hand=tuple(own(state.hands, player, [])),
            hand_sizes=tuple(map(len, state.hands)),
            stock_sizes=tuple(map(len, state.stock)),
            ocean_size=len(state.ocean),
            scores=tuple(state.score),
            fishers=tuple(map(tuple, state.fisher)),
            trick=tuple(zip(state.trick_seats, state.trick, strict=True)),
            leader=state.leader,
            turn=state.turn,
            led=state.led,
            call_suit=state.call_suit,
            caller=state.caller,
            lowest=state.lowest,
            next_first=state.next_first,
            next_call=state.next_call,
            next_lowest=state.next_lowest,
            winner=state.winner,
            winning_card=state.winning_card,
            chooser=state.chooser,
            pending=tuple(state.pending),
            remaining=tuple(state.remaining),
            passed=tuple(card >= 0 for card in state.pass_choice) if passing else (),
            my_pass=own(state.pass_choice, player, -1) if passing else -1,
            may_hold=tuple(state.may_hold),
            seen=state.seen_mask,
            stock_layers=tuple(map(tuple, state.stock_layers)),
            own_stock=tuple(sorted(own(state.stock, player, []))),
            known_pass=own(state.known_pass, player, None),
            in_game=state.in_game,
            ocean_masks=state.ocean_masks,
            former_leader=state.former_leader,
            overfished=state.overfished,
        ),
    )


def describe(event: Event, cards: CardSet, viewer: int | None = None) -> str:
    """One event in plain English, from ``viewer``'s seat (None: an outside observer)."""
    if type(event) is Play:  # most of a log: worded at once, and already capitalised
        return f"{subject(event.seat, viewer, 'plays')} {cards.labels[event.card]}"
    if not isinstance(event, EVENT_TYPES):
        raise TypeError(f"not a Fishing event: {event!r}")
    return sentence(_describe(event, cards, viewer))


def _describe(event: FishingEvent, cards: CardSet, viewer: int | None) -> str:
    label = cards.labels  # each card's words, by id

    def who(seat: int, verb: str) -> str:
        return subject(seat, viewer, verb)

    def whose(seat: int) -> str:
        return "Your" if seat == viewer else f"Player {seat + 1}'s"

    def many(ids: tuple[int, ...]) -> str:
        return ", ".join([label[i] for i in ids]) or "nothing"

    match event:
        case Play():
            return f"{who(event.seat, 'plays')} {label[event.card]}"
        case Call():
            return f"{who(event.seat, 'calls')} {SUITS[event.suit]}"
        case Trick():
            best = event.winning_card
            with_card = f" with {label[best]}" if best >= 0 else " thanks to the call"
            return f"{who(event.seat, 'catches')} the trick{with_card} ({many(event.cards)})"
        case Catch():
            means = "with a 0" if event.how == "zero" else 'with "catch all other cards"'
            return f"{who(event.seat, 'catches')} {label[event.card]} {means}"
        case Nothing():
            return f"{whose(event.seat)} {label[event.card]} catches nothing"
        case MinusThree():
            return f"{who(event.seat, 'records')} -3 points for {label[event.card]}"
        case Forfeit():
            return (
                f"{whose(event.seat)} {label[event.card]} has no effect in the round's last trick"
            )
        case PassStarts():
            return f"{whose(event.seat)} buoy: everyone passes 1 card to the left"
        case Passed():
            return "Everyone has passed a card to the left"
        case Gave():
            to = seat_name(event.receiver, viewer)
            return f"{who(event.seat, 'passes')} {label[event.card]} to {to}"
        case Got():
            source = seat_name(event.giver, viewer)
            return f"{who(event.seat, 'receives')} {label[event.card]} from {source}"
        case Round():
            return f"Round {event.round} begins: everyone takes {counted(event.hand_size, 'card')}"
        case Drew():
            pile = "ocean stack" if event.pile == "ocean" else "stockroom"
            return f"{who(event.seat, 'draws')} {many(event.cards)} from the {pile}"
        case Draws():
            need = event.from_ocean
            parts = [
                f"{subject(s, viewer, 'draws', start=False)} {counted(need[s], 'card')} "
                "from the ocean"
                for s in event.order
            ]
            return "Draws: " + ("; ".join(parts) if parts else "nobody needs the ocean stack")
        case RoundEnd():
            shares = ", ".join(f"{seat_name(s, viewer)} {p}" for s, p in enumerate(event.points))
            return f"Round {event.round} ends: caught cards score {shares}"
        case Overfishing():
            return (
                f"Overfishing: the ocean cannot refill every hand for round {event.round}; "
                "the game ends"
            )
        case GameEnd():
            return game_over_line(event.scores, viewer)
        case _:
            assert_never(event)


def render(view: FishingView, cards: CardSet) -> str:
    """A plain-text table for terminals and ``angler replay --as``."""
    names = cards.names
    me = view.player

    def who(seat: int) -> str:
        return seat_name(seat, me)

    lines = [
        f"Fishing, round {view.round}: {seat_line(me, view.players)}",
        scores_line(view.scores, me),
        f"Ocean stack: {counted(view.ocean_size, 'card')}; stockrooms: "
        + ", ".join(f"{who(seat)} {size}" for seat, size in enumerate(view.stock_sizes)),
        "At the table: "
        + "; ".join(
            f"{who(seat)} {held} in hand, {len(view.fishers[seat])} caught"
            for seat, held in enumerate(view.hand_sizes)
        ),
    ]
    if not view.spectator:
        hand = sorted(view.hand, key=lambda c: (cards.suit[c], cards.value[c]))
        lines.append("Your hand: " + " ".join(names(hand)))
    if view.own_stock:
        lines.append("Your stockroom (in some order): " + " ".join(names(view.own_stock)))
    if view.trick:
        lines.append("Trick: " + ", ".join(f"{who(s)} {names([c])[0]}" for s, c in view.trick))
    elif 0 <= view.leader < view.players and view.current:
        lines.append(f"Trick: {who(view.leader)} to lead")
    this_trick = trick_effects(view.call_suit, view.lowest)
    if this_trick:
        lines.append("This trick: " + ", ".join(this_trick))
    next_trick = next_trick_effects(view)
    if next_trick:
        lines.append("Next trick: " + ", ".join(next_trick))
    if view.current:
        lines.append("To act: " + ", ".join(who(s) for s in view.current))
    return "\n".join(lines)


def trick_effects(call_suit: int, lowest: bool) -> list[str]:
    """A trick's buoy effects in words: the called colour, lowest value wins."""
    called = [f"called colour {SUITS[call_suit]}"] if call_suit >= 0 else []
    return called + (["lowest value wins"] if lowest else [])


def next_trick_effects(view: FishingView) -> list[str]:
    """What binds the next trick, in words: who plays first, then its buoy effects."""
    first = (
        [f"{subject(view.next_first, view.player, 'plays', start=False)} first"]
        if view.next_first >= 0
        else []
    )
    return first + trick_effects(view.next_call, view.next_lowest)


# ----- what a person is asked -----


def menu(view: FishingView, cards: CardSet, legal: Sequence[int]) -> list[int]:
    """The legal actions in the order the hand is shown (by colour, then value); a 0's catch
    in the trick's play order; colours to call in their usual order."""
    size = len(cards)
    played = [card for _, card in view.trick]

    def place(action: int) -> tuple[int, int, int]:
        kind, card = divmod(action, size)
        if kind == CATCH:
            return kind, played.index(card) if card in played else size, 0
        if kind == CALL:
            return kind, card, 0
        return kind, cards.suit[card], cards.value[card]

    return sorted(legal, key=place)


def prompt(view: FishingView, cards: CardSet) -> str:
    """What the person to act decides now, in one line."""
    if view.phase == "catch":
        return "Your 0 catches 1 other card of the trick: choose which."
    if view.phase == "pass":
        return "Pass 1 card to the left (everyone chooses at once, in secret)."
    if view.phase == "call":
        return "Call the colour everyone must follow in this trick (green is trumps)."
    if view.phase != "play":
        return "Nothing to decide: the game is over."
    effects = trick_effects(view.call_suit, view.lowest)
    extra = f" ({', '.join(effects)})" if effects else ""
    if not view.trick and view.call_suit < 0:
        return f"Lead the trick: play any card{extra}."
    led = view.call_suit if view.call_suit >= 0 else view.led
    if led < 0:
        return f"Only buoys so far: play any card; the first colour sets the lead{extra}."
    colour = "trump" if led == TRUMP else SUITS[led]
    if any(cards.suit[card] == led for card in view.hand):
        return f"Follow {colour}: play a {SUITS[led]} card (a buoy is always allowed){extra}."
    trump = "" if led == TRUMP else ", or trump with green"
    return f"You cannot follow {colour}: shed any card{trump}{extra}."
