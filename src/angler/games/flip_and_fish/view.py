"""What one Flip & Fish player may know, and the event log in plain words.

Public: the water as it lies (which slots hold a card, faces of the cards turned up), every
caught fish and every equipment card (face up or used), the shop row, deck sizes and the discard
piles, each cast's aim and landing. Private: the face a Flashlight showed you. Hidden: face-down
water cards and the order and content of both decks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, assert_never

from angler.core.cards import memo_on_cards
from angler.core.events import Event
from angler.core.view import (
    View,
    counted,
    own,
    seat_line,
    seat_name,
    sentence,
    subject,
    view_of,
)
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.cards import CardSet
from angler.games.flip_and_fish.events import (
    EVENT_TYPES,
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
    FlipAndFishEvent,
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
from angler.games.flip_and_fish.rules import AIM, PHASE_NAMES
from angler.games.flip_and_fish.table import Table

if TYPE_CHECKING:
    from angler.games.flip_and_fish.rules import FlipAndFishState


@dataclass(frozen=True)
class FlipAndFishView(View):
    turn: int
    turns: int
    phase: str
    current: tuple[int, ...]
    legal: tuple[int, ...]  # in the aim phase, every point of the table besides these
    can_cast: bool
    water: tuple[int, ...]  # card id if face up or shown to you, -1 face down, -2 empty
    face_up: tuple[bool, ...]
    bitten: tuple[bool, ...]  # the fish bit and got away: its "while in water" ability acts
    flipped_now: bool
    peeked: tuple[tuple[int, ...], ...]  # slots each seat's Flashlight looked at
    caught: tuple[tuple[int, ...], ...]
    gear: tuple[tuple[tuple[int, bool], ...], ...]  # (equipment, face up) by seat
    shop_open: bool
    shop_pending: bool
    shop_row: tuple[int, ...]
    deck_size: int
    fish_discard: tuple[int, ...]
    shop_deck_size: int
    shop_discard: tuple[int, ...]
    bait: tuple[int, ...]
    landing: tuple[float, float, bool, int] | None
    bite_slot: int
    roll: int
    no_fishing: int
    no_fishing_next: bool
    extra_turn: bool
    scores: tuple[int, ...]
    winner: int


@lru_cache(maxsize=4096)  # the aims' and jetties' points, written at every payload while aiming
def mm(value: float, digits: int = 1) -> str:
    """A distance in mm as people write it: no "-0" for a point on an axis. (Numbers equal as
    cache keys, 0.0 and -0.0, 3 and 3.0, are written alike.)"""
    return f"{round(value, digits) + 0.0:g}"


def build_view(state: FlipAndFishState, player: int) -> FlipAndFishView:
    """The single function through which a Flip & Fish player sees the game; PUBLIC (-1), a
    spectator, sees no face a Flashlight showed."""
    water, face_up = state.water, state.face_up
    # The state's -1 (an empty slot) is the view's -2; a face-down card is -1 unless this seat's
    # Flashlight showed it.
    mine = own(state.peeked, player, [])
    shown = [
        -2 if card < 0 else (card if up or slot in mine else -1)
        for slot, (card, up) in enumerate(zip(water, face_up, strict=True))
    ]
    legal = state.legal_actions(player)
    aiming = state.phase == AIM and player == state.turn
    landing = state.landing
    ready = state.ready.get
    return _new_view(
        game="flip-and-fish",
        player=player,
        players=state.n,
        events=state.seat_events(player),
        turn=state.turn,
        turns=state.turns,
        phase=PHASE_NAMES[state.phase],
        current=state.current_players(),
        legal=not_casts(legal) if aiming else tuple(legal),
        can_cast=aiming,
        water=tuple(shown),
        face_up=tuple(face_up),
        bitten=tuple(state.bitten),
        flipped_now=state.flipped_now,
        peeked=tuple(map(tuple, state.peeked)),
        caught=tuple(map(tuple, state.caught)),
        gear=tuple(tuple([(c, ready(c, True)) for c in pile]) for pile in state.gear),
        shop_open=state.shop_open,
        shop_pending=state.shop_pending,
        shop_row=tuple(state.shop_row),
        deck_size=len(state.deck),
        fish_discard=tuple(state.fish_discard),
        shop_deck_size=len(state.shop_deck),
        shop_discard=tuple(state.shop_discard),
        bait=tuple(state.bait),
        landing=None if landing is None else (landing.x, landing.y, landing.revolved, landing.face),
        bite_slot=state.bite_slot,
        roll=state.roll,
        no_fishing=state.no_fishing,
        no_fishing_next=state.no_fishing_next,
        extra_turn=state.extra_turn,
        scores=tuple(state.scores()),
        winner=state.winner,
    )


if TYPE_CHECKING:
    _new_view = FlipAndFishView  # mypy checks build_view's fields against the dataclass
else:

    def _new_view(**values: Any) -> FlipAndFishView:
        """``FlipAndFishView(**values)``, made as ``core.view.view_of`` makes a view."""
        return view_of(FlipAndFishView, values)


_AIM_CODES = list(act.ALL_AIMS[: act.AIMS])


def not_casts(legal: list[int]) -> tuple[int, ...]:
    """The legal codes that are no cast. An aim's list starts with every aim in grid order
    (``act.ALL_AIMS``): that prefix, compared in C (the same code objects: identity tests), is
    skipped rather than filtered code by code."""
    if type(legal) is act.AimList:  # every aim, then its few others
        return tuple(c for c in legal.extra if c & 15 != act.CAST)
    if len(legal) >= act.AIMS and legal[: act.AIMS] == _AIM_CODES:
        legal = legal[act.AIMS :]
    return tuple(c for c in legal if c & 15 != act.CAST)


def describe(event: Event, cards: CardSet, viewer: int | None = None) -> str:
    """One event in plain English, from ``viewer``'s seat (None: an onlooker)."""
    if not isinstance(event, EVENT_TYPES):
        raise TypeError(f"not a Flip & Fish event: {event!r}")
    seat = getattr(event, "seat", None)
    return _line(cards, type(event).__name__, event, seat is not None and seat == viewer)


@memo_on_cards(8192)
def _line(cards: CardSet, kind: str, event: FlipAndFishEvent, to_its_seat: bool) -> str:
    """``describe``'s line, worked out once: every seat's board tells the latest cast's story
    at every move, and each seat's log the same new events. A line names the viewer only as
    the event's own seat ("you") or not ("Player 2"), hence ``to_its_seat`` rather than the
    viewer: one line for all the other seats. ``kind`` is in the key because events are
    tuples: Miss(0, 2) equals Boot(0, 2)."""
    viewer = getattr(event, "seat", None) if to_its_seat else None
    return sentence(_describe(event, cards, viewer))


def _describe(event: FlipAndFishEvent, cards: CardSet, viewer: int | None) -> str:
    def who(seat: int, verb: str = "") -> str:
        return subject(seat, viewer, verb) if verb else seat_name(seat, viewer).capitalize()

    def card(card_id: int) -> str:
        return cards.labels[card_id] if card_id >= 0 else "nothing"

    def reshuffled(deck: str, count: int) -> str:
        return f"The {deck} deck is reshuffled from its discards ({counted(count, 'card')})"

    match event:
        case Turn():
            return f"Turn {event.turn}: {seat_name(event.seat, viewer)} to act"
        case Fish():
            bait = ", ".join(card(c) for c in event.bait) or "no bait"
            return f"{who(event.seat, 'fishes')} with {bait}"
        case Cast():
            aim, stop = event.aim, event.stop
            where = f"stops at ({round(stop[0])}, {round(stop[1])}) showing {event.face}"
            extra = "" if event.revolved else " but did not roll over: cast again"
            aimed = f"({mm(aim[0], 0)}, {mm(aim[1], 0)})"
            return f"{who(event.seat, 'aims')} at {aimed}; the die {where}{extra}"
        case Miss():
            return f"{who(event.seat, 'gets')} no bite"
        case Flip():
            return f"Water slot {event.slot + 1} turns up {card(event.card)}"
        case Boot():
            return f"A boot in slot {event.slot + 1}: no bite"
        case Strike():
            return f"Strike! The die rests on the card in slot {event.slot + 1} (+2)"
        case Catch():
            odds = f"roll {event.roll} against {event.rate}"
            return f"{who(event.seat, 'catches')} {card(event.fish)} ({odds})"
        case GotAway():
            fisher = seat_name(event.seat, viewer)
            odds = f"roll {event.roll} against {event.rate}"
            return f"{card(event.fish)} gets away from {fisher} ({odds})"
        case Snag():
            return f"Snag! {who(event.seat)} rolled a 1"
        case Ability():
            ability = cards.ability[event.fish]
            text = ability.label() if ability is not None else event.effect
            return f"{cards.cards[event.fish].type_name} ({text})"
        case Use():
            return f"{who(event.seat, 'uses')} {card(event.card)}"
        case Peek():
            return f"{who(event.seat, 'sees')} {card(event.card)} in slot {event.slot + 1}"
        case Equip():
            return f"{who(event.seat, 'takes')} {card(event.card)}"
        case Stocktake():
            return f"{who(event.seat, 'pays')} {card(event.fish)} for a stocktake"
        case GearUp():
            return f"{who(event.seat, 'gears')} up " + ", ".join(card(c) for c in event.cards)
        case Discard():
            return f"{who(event.seat, 'discards')} {card(event.card)}"
        case ShopOpens():
            return "The shop opens: " + ", ".join(card(c) for c in event.cards)
        case GameEnd():
            return f"{who(event.seat, 'wins')}!"
        case ClosingTime():
            if cards.size == "mini":
                return "Closing time: the rounds are played; most points win (3 a trophy, 1 a fish)"
            return "Closing time: the round limit is reached; most trophies wins"
        case Speared():
            return f"{who(event.seat, 'spears')} {card(event.fish)}"
        case Reroll():
            return f"{who(event.seat, 'rolls')} again: {event.face}"
        case SnagCancelled():
            return f"{who(event.seat, 'cancels')} the snag"
        case Rest():
            return f"{who(event.seat, 'can')} do nothing this turn"
        case NoBuy():
            return f"{who(event.seat, 'buys')} nothing"
        case DeckReshuffled():
            return reshuffled("fishing", event.cards)
        case ShopReshuffled():
            return reshuffled("shopping", event.cards)
        case Slid():
            times = f" in {event.casts} casts in a row" if event.casts > 1 else ""
            return f"The die never turned over{times}: a miss for {seat_name(event.seat, viewer)}"
        case _:
            assert_never(event)


def render(view: FlipAndFishView, cards: CardSet, table: Table | None = None) -> str:
    """The table as text: the water with where each card lies, every player's catch and gear,
    the shop, and what is being decided."""
    names = cards.cards
    me = view.player
    mini = cards.size == "mini"

    def fish_text(card: int) -> str:
        label = names[card].label()
        ability = cards.ability[card]
        return f"{label}; {ability.label()}" if ability is not None else label

    lines = [
        f"Flip & Fish, turn {view.turns + 1} ({PHASE_TEXT.get(view.phase, view.phase)}), "
        + seat_line(me, view.players),
        "Trophies: "
        + ", ".join(
            f"{seat_name(s, me)} {sum(cards.is_trophy[c] for c in pile)}"
            for s, pile in enumerate(view.caught)
        )
        + ("; points (3 a trophy, 1 a fish): " + ", ".join(map(str, view.scores)) if mini else ""),
        "Water:",
    ]
    for slot, card in enumerate(view.water):
        where = f" at ({mm(table.cards[slot][0])}, {mm(table.cards[slot][1])})" if table else ""
        if card == -2:
            text = "empty"
        elif card == -1:
            text = "face down"
        else:
            text = fish_text(card) + ("" if view.face_up[slot] else " (face down; you peeked)")
        mark = " <- bite" if slot == view.bite_slot else ""
        lines.append(f"  {slot + 1}{where}: {text}{mark}")
    if table is not None and not view.spectator:
        x, y = table.jetties[me]
        lines.append(f"Your jetty: ({mm(x)}, {mm(y)}); the table runs from -450 to 450 mm each way")
    for seat in range(view.players):
        who = "You" if seat == me else f"Player {seat + 1}"
        catch = ", ".join(names[c].type_name for c in view.caught[seat]) or "no fish"
        gear = ", ".join(
            names[c].type_name + ("" if up else " (used)") for c, up in view.gear[seat]
        )
        lines.append(f"{who}: {catch}" + (f"; gear: {gear}" if gear else ""))
    if view.shop_open:
        lines.append("Shop: " + "; ".join(names[c].label() for c in view.shop_row))
    if view.bait:
        lines.append("Bait: " + ", ".join(names[c].type_name for c in view.bait))
    if view.phase == "boost" and view.bite_slot >= 0:
        fish = view.water[view.bite_slot]
        lines.append(f"Roll so far: {view.roll} against catch rate {cards.catch_rate[fish]}")
    if view.no_fishing == me and not view.spectator:
        lines.append("Your lines are tangled: you may not fish this turn")
    return "\n".join(lines)


PHASE_TEXT = {
    "turn": "choose an action",
    "aim": "aim your cast",
    "landed": "the die has stopped",
    "boost": "a bite: boost the roll or resolve it",
    "snagged": "snag: discard one equipment card",
    "snap": "the line snapped: discard one equipment card",
    "limit": "over a card limit: discard",
    "shop": "buy one of the new cards, or done",
    "over": "game over",
}


def menu(view: FlipAndFishView, table: Table, anywhere: bool = True) -> tuple[list[int], str]:
    """What to list for a person: while aiming, one aim at each water card (any other point is
    typed as ``cast X Y``, unless the game allows aims at the cards alone: the mini) and the
    other choices."""
    if not view.can_cast:
        return list(view.legal), ""
    water = view.water
    aims = [aim for slot, aim in enumerate(card_aims(table.cards)) if water[slot] != -2]
    x, y = table.jetties[view.player]
    hint = (
        "Or aim anywhere: cast X Y, in mm (x to the right, y up; your jetty is at "
        f"({mm(x)}, {mm(y)})). The spread grows with the length of the throw."
    )
    return aims + list(view.legal), hint if anywhere else ""


def menu_label(view: FlipAndFishView, cards: CardSet, table: Table, action: int) -> str:
    """An aim at a water card's centre names the card (``cast at Sardine (0, 0)``); any other
    action is shown as its text, which is also what a person types."""
    text = act.action_to_string(cards, action)
    if action & 15 != act.CAST or not view.can_cast:
        return text
    point = act.aim_point(action >> 4)
    for slot, aim in enumerate(card_aims(table.cards)):
        card = view.water[slot]
        if card == -2 or aim != action:
            continue
        what = cards.cards[card].type_name if card >= 0 else f"face-down card {slot + 1}"
        return f"cast at {what} ({mm(point[0])}, {mm(point[1])})"
    return text


@lru_cache(maxsize=64)
def card_aims(centres: tuple[tuple[float, float], ...]) -> tuple[int, ...]:
    """The cast aimed at each water card's centre, once per layout (the menu lists them and
    labels each, the board places one on each card, at every payload while aiming)."""
    return tuple(act.aim_code(x, y) for x, y in centres)


def prompt(view: FlipAndFishView, cards: CardSet) -> str:
    """What the person to act decides now, in one line."""
    phase = view.phase
    if phase == "turn":
        kinds = {code & 15 for code in view.legal}
        choices = [
            word
            for kind, word in (
                (act.FISH, "fish"),
                (act.BUY, "shop"),
                (act.GEAR, "gear up"),
                (act.USE, "use equipment"),
            )
            if kind in kinds or (kind == act.BUY and act.STOCKTAKE in kinds)
        ]
        if not choices:
            return "There is nothing you can do this turn: done."
        tangled = " (your lines are tangled: no fishing)" if view.no_fishing == view.player else ""
        return f"Your turn, one action: {_either(choices)}{tangled}."
    if phase == "aim" and cards.size == "mini":
        return "Aim your cast at a water card: it comes to rest beside it, and the D4 decides."
    if phase == "aim":
        return "Aim your cast: at a water card, or at any point of the table."
    if phase == "landed":
        return "The die has stopped: cast again with your equipment, or done."
    if phase == "boost" and view.bite_slot >= 0:
        fish = view.water[view.bite_slot]
        rate = cards.catch_rate[fish] if fish >= 0 else None
        printed = f" against the printed catch rate {rate}" if rate is not None else ""
        boost = any(code & 15 == act.USE for code in view.legal)
        then = (
            "raise it with equipment, or choose done"
            if boost
            else "choose done to see whether it is caught"
        )
        return f"A bite! Roll {view.roll}{printed}: {then}."
    if phase == "snagged":
        return "Snag! Discard one equipment card of your choice (a Snag Guard cancels it)."
    if phase == "snap":
        return "The line snapped: discard one equipment card."
    if phase == "limit":
        return "Over a card limit (5 fish, 3 equipment): choose a card to discard."
    if phase == "shop":
        return "Buy one of the new shop cards, or done."
    return "Nothing to decide: the game is over."


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
