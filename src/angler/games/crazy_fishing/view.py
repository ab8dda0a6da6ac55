"""What one Crazy Fishing player may know, and the event log in plain words.

Public: every card revealed (casts after the reveal, discards, catch piles, fish that got away,
fish beside the sea), how many rods and baits each player holds (the backs differ), the sea as it
lies (positions, which fish are covered, the backs) and which spots a Fish Finder looked at.
Private: your hand, your cast before the reveal, the faces your Fish Finder showed you.
Hidden: other hands, deck orders, the faces of sea fish nobody has seen since the last shuffle.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple, assert_never

from angler.core.cards import memo_on_cards
from angler.core.events import PUBLIC, Event, audience_of
from angler.core.view import (
    View,
    game_over_line,
    own,
    scores_line,
    seat_line,
    seat_name,
    sentence,
    subject,
    view_of,
)
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.cards import BAIT, INFINITE, ROD, Card, CardSet
from angler.games.crazy_fishing.events import (
    EVENT_TYPES,
    Bream,
    Cast,
    Caught,
    Choose,
    ClosingTime,
    CrazyFishingEvent,
    DeckRebuilt,
    Draw,
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
from angler.games.crazy_fishing.rules import CAST, PHASE_NAMES, SPLIT

if TYPE_CHECKING:
    from angler.games.crazy_fishing.rules import CrazyFishingState

SeaCard = tuple[int, int, int, bool, str, int]  # spot, x, y, covered, back, face (-1 unknown)


@dataclass(frozen=True)
class CrazyFishingView(View):
    round: int
    phase: str
    current: tuple[int, ...]
    legal: tuple[int, ...]
    hand: tuple[int, ...]
    rods_held: tuple[int, ...]
    baits_held: tuple[int, ...]
    cast_done: tuple[bool, ...]
    sits_out: tuple[bool, ...]
    my_cast: int
    casts: tuple[int, ...]  # revealed casts (bitmasks), 0 before the reveal
    order: tuple[int, ...]
    at: int
    rod_deck: int
    bait_deck: int
    rod_discard: tuple[int, ...]
    bait_discard: tuple[int, ...]
    sea_spots: int
    sea: tuple[SeaCard, ...]
    sea_known: tuple[int, ...]  # spots whose face everyone has seen since the sea was shuffled
    beside: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    peeked: tuple[tuple[int, ...], ...]
    peeks_left: int
    turbulent_after: bool
    targets: tuple[tuple[int, int], ...]
    targets_wanted: int
    flipped: tuple[int, ...]
    retry_bait: int
    caught_this_round: tuple[tuple[int, int], ...]
    collect_order: tuple[int, ...]
    collecting: int
    scores: tuple[int, ...]


class PublicParts(NamedTuple):
    """What every seat's view of one position shows alike: every field of the view by name, in
    the fields' order (the seat's own still unset), and the sea with only the faces everyone
    knows (a seat's view adds its own Fish Finder looks)."""

    fields: dict[str, Any]
    sea: tuple[SeaCard, ...]


# Every field of a view, in order: a position's public parts fill it, then each seat its own.
FIELD_ORDER: dict[str, Any] = dict.fromkeys(field.name for field in fields(CrazyFishingView))


def build_view(state: CrazyFishingState, player: int) -> CrazyFishingView:
    """The single function through which a Crazy Fishing player sees the game; PUBLIC (-1), a
    spectator, gets no hand, secret cast or Fish Finder face of anyone's."""
    public = state.view_public
    if public is None:  # the first view of this position: every other seat's shares it
        public = state.view_public = public_parts(state)
    values = public.fields.copy()
    values["player"] = player
    values["events"] = visible_events(state, player)
    values["legal"] = tuple(state.legal_actions(player))
    values["hand"] = tuple(own(state.hands, player, []))
    values["my_cast"] = own(state.cast, player, 0)
    values["sea"] = _seat_sea(state, public.sea, own(state.peeked, player, []))
    return view_of(CrazyFishingView, values)


def public_parts(state: CrazyFishingState) -> PublicParts:
    """The view's fields that do not depend on the seat: the same for every seat and spectator
    of one position (tuples, so the views may share them)."""
    kinds = state.cards.kind
    casting = state.phase == CAST
    rods_held = []
    baits_held = []
    for hand in state.hands:
        held = [kinds[c] for c in hand]
        rods_held.append(held.count(ROD))
        baits_held.append(held.count(BAIT))
    values = FIELD_ORDER.copy()
    values.update(
        game="crazy-fishing",
        players=state.n,
        round=state.round,
        phase=PHASE_NAMES[state.phase],
        current=state.current_players(),
        rods_held=tuple(rods_held),
        baits_held=tuple(baits_held),
        cast_done=tuple(state.cast_done),
        sits_out=tuple(
            done and not mask for done, mask in zip(state.cast_done, state.cast, strict=True)
        )
        if casting
        else tuple(not mask for mask in state.cast),
        casts=(0,) * state.n if casting else tuple(state.cast),
        order=tuple(state.order),
        at=state.at,
        rod_deck=len(state.rod_deck),
        bait_deck=len(state.bait_deck),
        rod_discard=tuple(state.rod_discard),
        bait_discard=tuple(state.bait_discard),
        sea_spots=len(state.sea_card),
        sea_known=tuple([spot for spot, known in enumerate(state.sea_known) if known]),
        beside=tuple(state.beside),
        piles=tuple([tuple(pile) for pile in state.piles]),
        removed=tuple(state.removed),
        peeked=tuple([tuple(spots) for spots in state.peeked]),
        peeks_left=state.peeks_left,
        turbulent_after=state.turbulent_after,
        targets=tuple(state.targets),
        targets_wanted=state.targets_wanted,
        flipped=tuple(state.fish_at(t) for t in state.targets) if state.phase == SPLIT else (),
        retry_bait=state.retry_bait,
        caught_this_round=tuple(state.caught_this_round),
        collect_order=tuple(state.collect_order),
        collecting=state.collecting,
        scores=tuple(state.scores()),
    )
    return PublicParts(values, _sea(state))


def _sea(state: CrazyFishingState) -> tuple[SeaCard, ...]:
    """The sea as everyone sees it: each card's place, whether it is covered, its back, and
    its face if everyone has seen it. One loop, the covered test inline (as
    ``sea.is_covered``): this runs at every position."""
    cards = state.sea_card
    layout = state.sea
    above, xs, ys = layout.above, layout.xs, layout.ys
    backs = state.cards.back
    known = state.sea_known
    sea = []
    for spot, card in enumerate(cards):
        if card < 0:
            continue
        covered = False
        for higher in above[spot]:
            if cards[higher] >= 0:
                covered = True
                break
        sea.append((spot, xs[spot], ys[spot], covered, backs[card], card if known[spot] else -1))
    return tuple(sea)


def _seat_sea(
    state: CrazyFishingState, sea: tuple[SeaCard, ...], looked: list[int]
) -> tuple[SeaCard, ...]:
    """The public ``sea`` with the faces of the spots in ``looked`` (a seat's Fish Finder
    looks) shown too; most seats have looked at none and share the public tuple."""
    if not looked:
        return sea
    mine = set(looked)
    cards = state.sea_card
    return tuple(
        [
            (spot, x, y, covered, back, cards[spot])
            if face < 0 and spot in mine
            else (spot, x, y, covered, back, face)
            for spot, x, y, covered, back, face in sea
        ]
    )


def visible_events(state: CrazyFishingState, player: int) -> tuple[Event, ...]:
    """Public events and this player's own. A card drawn is the drawer's secret; the others
    learn only which deck it came from (so one event serves both). Read through the state's
    ``seat_events``: only the events since the last view of this seat are new."""
    return state.seat_events(player, _seat_events)


def _seat_events(log: Sequence[Event], player: int) -> tuple[Event, ...]:
    """What ``player`` sees of ``log``, event by event."""
    events: list[Event] = []
    for event in log:
        if type(event) is Drew and event.seat != player:
            events.append(Draw(event.seat, event.deck))
        elif audience_of(event) in (PUBLIC, player):
            events.append(event)
    return tuple(events)


def describe(event: Event, cards: CardSet, viewer: int | None = None) -> str:
    """One event in plain English, from ``viewer``'s seat (None: an onlooker)."""
    if not isinstance(event, EVENT_TYPES):
        raise TypeError(f"not a Crazy Fishing event: {event!r}")
    return sentence(_describe(event, cards, viewer))


def _describe(event: CrazyFishingEvent, cards: CardSet, viewer: int | None) -> str:
    def who(seat: int, verb: str) -> str:
        return subject(seat, viewer, verb)

    def card(card_id: int) -> str:
        return cards.cards[card_id].label() if card_id >= 0 else "nothing"

    def many(ids: Iterable[int]) -> str:
        return ", ".join(card(c) for c in ids) or "nothing"

    def bait(value: int) -> str:
        return "infinite bait" if value >= INFINITE else f"bait {value}"

    def deck(kind: int) -> str:
        return "rod" if kind == ROD else "bait"

    match event:  # the cases are tried in order: the draws, a third of a log, come first
        case Draw():
            return f"{who(event.seat, 'draws')} a {deck(event.deck)}"
        case Drew():
            return f"{who(event.seat, 'draws')} {card(event.card)}"
        case SetUp():
            return (
                f"The sea holds {event.fish} fish; everyone takes {event.rods} rods and "
                f"{event.baits} baits"
            )
        case Round():
            return f"Round {event.round}: cast!"
        case SitsOut():
            return f"{who(event.seat, 'sits')} out this round (no rod or no bait to cast)"
        case Cast():
            return f"{who(event.seat, 'casts')} {many(act.ids_of(event.mask))}"
        case Reveal():
            return f"{who(event.seat, 'reveals')} {many(act.ids_of(event.mask))}"
        case Order():
            return "Catch order: " + ", ".join(seat_name(s, viewer) for s in event.seats)
        case TieBreak():
            return f"{who(event.seat, 'turns')} up {card(event.rod)} to break a tie"
        case Turbulent():
            when = "after" if event.after else "before"
            return f"{who(event.seat, 'stirs')} the sea {when} the catch"
        case Peek():
            return f"{who(event.seat, 'looks')} at sea spot {event.spot} with a Fish Finder"
        case PeekFace():
            return f"{who(event.seat, 'sees')} {card(event.card)} at spot {event.spot}"
        case NoPeek():
            return f"{who(event.seat, 'looks')} at nothing more"
        case Choose():
            where = (
                f"{card(event.target)} beside the sea"
                if event.beside
                else f"sea spot {event.target}"
            )
            return f"{who(event.seat, 'tries')} {where}"
        case Flip():
            return f"{who(event.seat, 'flips')} {many(event.fish)}"
        case Split():
            baits = f"{many(event.first)} | {many(event.second)}"
            return f"{who(event.seat, 'splits')} baits: {baits}"
        case Caught():
            return f"{who(event.seat, 'catches')} {card(event.fish)} with {bait(event.bait)}"
        case GotAway():
            fisher = seat_name(event.seat, viewer)
            return f"{card(event.fish)} gets away from {fisher} ({bait(event.bait)})"
        case GotAwayBeside():
            return f"{card(event.fish)} gets away and lies beside the sea ({bait(event.bait)})"
        case NoRetry():
            return f"{who(event.seat, 'lets')} the pair's second fish be"
        case Released():
            released = card(event.fish)
            return (
                f"{who(event.seat, 'releases')} {released} back into the sea (Sustainable Fishing)"
            )
        case Bream():
            shown = ", ".join(f"{card(c)} at spot {s}" for s, c in event.shown)
            return "Smart Bream shows " + (shown or "no fish")
        case Puffer():
            return f"{who(event.seat, 'discards')} {card(event.rod)} (Puffer Fish)"
        case NoFish():
            return f"No fish left for {seat_name(event.seat, viewer)} to try"
        case DeckRebuilt():
            return f"The {deck(event.deck)} deck is rebuilt from its discards"
        case SeaShuffled():
            return f"The sea ({event.fish} fish) is shuffled with eyes closed"
        case RoundEnd():
            return f"Round {event.round} ends with {event.fish_left} fish left"
        case NobodyCasts():
            return "Nobody can cast any more: the game ends"
        case GameEnd():
            return game_over_line(event.scores, viewer)
        case ClosingTime():
            return (
                f"Closing time after round {event.round}: the round limit is reached; "
                "the game ends as if the sea had run out"
            )
        case _:
            assert_never(event)


def render(view: CrazyFishingView, cards: CardSet) -> str:
    """A plain-text table for terminals and ``angler replay --as``: what lies on a real table.
    The casts (or who has cast) and who must act come first, so a short screen shows them."""
    label = cards.cards
    lines = [
        f"Crazy Fishing, round {view.round}: {seat_line(view.player, view.players)}",
        scores_line(view.scores, view.player),
        *casting_lines(view, cards),
    ]
    if view.current:
        lines.append("To act: " + ", ".join(seat_name(s, view.player) for s in view.current))
    if not view.spectator:
        lines.append("Your hand: " + ", ".join(hand_card(label[c]) for c in view.hand))
    lines.extend(table_lines(view, cards))
    free = [
        f"{spot}:{back}" + (f"={label[face].label()}" if face >= 0 else "")
        for spot, _, _, covered, back, face in view.sea
        if not covered
    ]
    lines.append(f"Sea: {len(view.sea)} fish; uncovered (spot:back): " + (" ".join(free) or "none"))
    if view.beside:
        lines.append("Beside the sea: " + ", ".join(label[c].label() for c in view.beside))
    return "\n".join(lines)


def hand_card(card: Card) -> str:
    """A card in your hand: what it is, then the name to type in a cast (``rod 3 [R3#2]``)."""
    return f"{card.label()} [{card.name}]"


def table_lines(view: CrazyFishingView, cards: CardSet) -> list[str]:
    """What every player shows (rods and baits in hand by their backs, the catch pile with its
    top fish) and the two decks with their discard piles."""
    label = cards.cards

    def pile(cards_in_pile: tuple[int, ...], empty: str) -> str:
        if not cards_in_pile:
            return empty
        return f"{len(cards_in_pile)} ({label[cards_in_pile[-1]].label()} on top)"

    lines = []
    for seat in range(view.players):
        who = "You" if seat == view.player else seat_name(seat, view.player)
        rods, baits = view.rods_held[seat], view.baits_held[seat]
        lines.append(
            f"{who}: {rods} rod{'s' * (rods != 1)} and {baits} bait{'s' * (baits != 1)} in hand; "
            f"catch pile {pile(view.piles[seat], 'empty')}"
        )
    lines.append(
        f"Rod deck {view.rod_deck}, discards {pile(view.rod_discard, 'none')}; "
        f"bait deck {view.bait_deck}, discards {pile(view.bait_discard, 'none')}"
    )
    return lines


def cards_in(mask: int) -> list[int]:
    """The card ids a cast's bitmask holds."""
    return [card for card in range(mask.bit_length()) if mask >> card & 1]


def casting_lines(view: CrazyFishingView, cards: CardSet) -> list[str]:
    """Casts are chosen in secret: while they are, only who has chosen shows (and your own
    choice, to you); once revealed, every seat's rod and bait in fishing order."""
    label = cards.cards
    me = view.player

    def cast_text(mask: int) -> str:
        return " + ".join(label[c].label() for c in cards_in(mask))

    if view.phase == "cast":
        states = []
        for seat in range(view.players):
            if seat == me and view.my_cast:
                states.append(f"you cast {cast_text(view.my_cast)}")
            elif view.sits_out[seat]:
                states.append("you sit out" if seat == me else f"{seat_name(seat, me)} sits out")
            elif view.cast_done[seat]:
                states.append(f"{seat_name(seat, me)} has chosen")
            else:
                states.append(
                    "you are choosing" if seat == me else f"{seat_name(seat, me)} is choosing"
                )
        return ["Casting in secret: " + "; ".join(states)]
    if not any(view.casts):
        return []
    shown = [seat for seat in view.order if view.casts[seat]]
    return [
        "Casts, in fishing order: "
        + "; ".join(f"{seat_name(seat, me)} {cast_text(view.casts[seat])}" for seat in shown)
    ]


# ----- what a person is asked -----


MENU_MEMO_SIZE = 1 << 10  # menus kept per card set: a few tables' casting seats


def menu(view: CrazyFishingView, legal: Sequence[int], cards: CardSet) -> list[int]:
    """The legal actions with casts in the order of the hand: the fewest cards first, then by
    the places in your hand of the cards they use; everything else as the rules list it. A cast
    or split that differs from one listed before it only in which copy of an equal card it uses
    (``R5#1`` or ``R5#2``) is left out: the copies play alike, and a person is offered one.
    Kept on the card set by hand and legal codes."""
    return list(_menu(cards, view.hand, tuple(legal)))


@memo_on_cards(MENU_MEMO_SIZE)
def _menu(cards: CardSet, hand: tuple[int, ...], legal: tuple[int, ...]) -> tuple[int, ...]:
    """``menu``'s work."""
    place = {card: index for index, card in enumerate(hand)}
    beyond = len(hand)
    other: tuple[int, int, tuple[int, ...]] = (1, 0, ())
    # Each action's sort key and what it does in play (a cast or split by the kinds of card it
    # uses, its copies counted as one; any other action by itself), its cards read once.
    keyed: list[tuple[tuple[int, int, tuple[int, ...]], object, int]] = []
    for action in legal:
        kind = action & act.KIND_MASK
        if kind != act.CAST and kind != act.SPLIT:
            keyed.append((other, action, action))
            continue
        used, signature = act.cards_used(cards, action)
        same = kind, signature
        if kind == act.CAST:
            key = 0, len(used), tuple(sorted([place.get(card, beyond) for card in used]))
        else:
            key = other
        keyed.append((key, same, action))
    keyed.sort(key=itemgetter(0))  # stable: actions of one key stay as the rules list them
    listed: dict[object, int] = {}
    for _, plays, action in keyed:
        listed.setdefault(plays, action)
    return tuple(listed.values())


def prompt(view: CrazyFishingView, cards: CardSet) -> str:
    """What the person to act decides now, in one line."""
    phase = view.phase
    if phase == "cast":
        return "Cast in secret: a rod and a bait (a + card lets you add more of its kind)."
    if phase == "turbulent":
        return "Turbulent Bait: stir the sea before your catch, or after it?"
    if phase == "peek":
        return "Fish Finder: look at the face of one fish in the sea, or skip."
    if phase == "choose":
        return "Choose a fish to try: an uncovered one, or one beside the sea."
    if phase == "split":
        return "Super-Fast Reel: choose the baits for the first fish; the rest go to the second."
    if phase == "retry":
        return "Pair of Fish: try one more fish with the same bait, or skip."
    if phase == "collect":
        return (
            f"Draw back to 6 cards ({len(view.hand)} in hand): a rod or a bait? "
            "Keep at least one of each."
        )
    return "Nothing to decide: the game is over."
